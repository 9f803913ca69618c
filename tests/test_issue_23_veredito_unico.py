"""Issue 23, item 3: `perito validar` sobre as conclusões de uma análise dá os mesmos veredictos que o
validador embutido no `analisar`, conclusão a conclusão e referência a referência.

O validador avulso roda em outro processo (o comando de verdade) e só tem as conclusões e os documentos:
nada dos lotes. Entram também as conclusões que o embutido contradisse (que saem do conclusoes.json).
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from tests.conftest import CASO_DEMO, DATA


def _veredictos(validacoes):
    return {v["conclusao_id"]: (v["veredicto_geral"], [d["status"] for d in v["detalhes"]], [d["observacao"] for d in v["detalhes"]])
            for v in validacoes["validacoes"]}


def test_issue_23_validar_avulso_da_os_veredictos_do_analisar(analise_demo, tmp_path):
    resultado, _ = analise_demo
    # ao lado de uma cópia do manifesto: os hashes da análise (a saída da sessão fica intacta para os outros testes)
    (tmp_path / "manifesto.json").write_bytes((resultado.saida / "manifesto.json").read_bytes())
    conclusoes = tmp_path / "conclusoes_do_principal.json"
    conclusoes.write_text(json.dumps(resultado.conclusoes, ensure_ascii=False), encoding="utf-8")
    gravado = tmp_path / "validacao_avulsa.json"
    perito = Path(sys.executable).with_name("perito")
    processo = subprocess.run([str(perito), "validar", str(conclusoes), "--caso", str(CASO_DEMO), "--saida", str(gravado),
                               "--data-validacao", DATA], capture_output=True, text=True, check=False)
    assert gravado.is_file(), processo.stderr
    avulso = _veredictos(json.loads(gravado.read_text(encoding="utf-8")))
    embutido = _veredictos(resultado.validacoes)
    assert len(embutido) == len(resultado.conclusoes["conclusoes"]) >= 20
    assert avulso == embutido
