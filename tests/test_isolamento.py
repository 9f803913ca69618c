"""Os processos auxiliares de leitura funcionam também quando o programa vem da entrada padrão."""

from __future__ import annotations

import subprocess
import sys

from tests.conftest import CASO_DEMO, DATA

PROGRAMA = f"""
from pathlib import Path
import tempfile
from perito.analise import Parametros, analisar
saida = Path(tempfile.mkdtemp()) / "saida"
resultado = analisar(Parametros(Path({str(CASO_DEMO)!r}), saida, data_analise={DATA!r}))
print("conclusoes", len(resultado.finais["conclusoes"]), "erros", len(resultado.com_erro))
"""


def test_analise_chamada_de_um_script_lido_da_entrada_padrao(tmp_path):
    processo = subprocess.run(
        [sys.executable, "-"], input=PROGRAMA, capture_output=True, text=True, timeout=300, cwd=tmp_path
    )
    assert processo.returncode == 0, processo.stderr[-2000:]
    assert "Traceback" not in processo.stderr
    assert "erros 0" in processo.stdout and "conclusoes 0 " not in processo.stdout
