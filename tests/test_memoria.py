"""`perito.memoria`: as páginas que o principal soltou voltam ao sistema entre as etapas (no glibc)."""

from __future__ import annotations

import gc
import os
from pathlib import Path

import pytest

from perito import memoria


def _rss_mib() -> float:
    return int(Path("/proc/self/statm").read_text().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20


@pytest.mark.skipif(not Path("/proc/self/statm").exists() or memoria._libc() is None, reason="só no Linux com glibc")
def test_paginas_soltas_no_meio_do_heap_voltam_ao_sistema():
    # blocos de 8 KiB vão ao malloc; um a cada 32 fica vivo, e o heap não encolhe pelo topo sozinho
    blocos = [bytearray(8192) for _ in range(12_000)]
    vivos = blocos[::32]
    del blocos
    gc.collect()
    antes = _rss_mib()
    memoria.devolver_ao_sistema()
    depois = _rss_mib()
    assert antes - depois > 40, (antes, depois)
    assert len(vivos) == 375 and all(len(b) == 8192 for b in vivos)  # o que estava vivo continua intacto
