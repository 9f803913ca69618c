"""`perito validar` sobre examples/conclusoes_manuais.json, escrito à mão contra os quatro documentos originais do exemplo.

O que cada conclusão do arquivo precisa dar:

| id | o que é | veredicto |
|---|---|---|
| 1 | convergência de IP correta (Meta, log, extrato) com o intervalo 1min45s | VERIFICADO |
| 2 | materialidade do PIX correta (boletim, extrato, log) | VERIFICADO |
| 3 | titular e telefone da vítima corretos (boletim, extrato) | VERIFICADO |
| 4 | telefone das mensagens, citado pela linha 9 do boletim e quebrado na 10 | VERIFICADO, "dado dividido nas linhas 9-10" |
| 5 | CPF com o último dígito errado (…-36 em vez de …-35) | CONTRADITO |
| 6 | nome e CPF citados na linha 12 do boletim, mas estão na 13 | AMBIGUO, "encontrado em linha 13" |
| 7 | referências certas, mas a afirmação diz 3min38s entre instantes que distam 2min38s | AMBIGUO |
"""

from __future__ import annotations

import json

from typer.testing import CliRunner

from perito.cli.app import app
from perito.contratos.esquemas import erros
from tests.conftest import CASO_DEMO, DATA, RAIZ

MANUAIS = RAIZ / "examples" / "conclusoes_manuais.json"
ESPERADO = {1: "VERIFICADO", 2: "VERIFICADO", 3: "VERIFICADO", 4: "VERIFICADO", 5: "CONTRADITO", 6: "AMBIGUO", 7: "AMBIGUO"}


def _rodar(tmp_path):
    antes = MANUAIS.read_bytes()
    destino = tmp_path / "validacao.json"
    resultado = CliRunner().invoke(
        app, ["validar", str(MANUAIS), "--caso", str(CASO_DEMO), "--saida", str(destino), "--data-validacao", DATA]
    )
    assert MANUAIS.read_bytes() == antes  # o validador nunca altera as conclusões
    return resultado, json.loads(destino.read_text(encoding="utf-8"))


def test_arquivo_manual_segue_o_contrato_e_cita_so_os_quatro_originais():
    conclusoes = json.loads(MANUAIS.read_text(encoding="utf-8"))
    assert erros("conclusoes", conclusoes) == []
    citados = {r["arquivo"] for c in conclusoes["conclusoes"] for r in c["referencias"]}
    assert citados <= {"resposta_meta_whatsapp.pdf", "extrato_conta_corrente.pdf", "log_internet_banking.csv", "boletim_ocorrencia.txt"}


def test_cada_conclusao_manual_da_o_veredicto_documentado(tmp_path):
    resultado, validacoes = _rodar(tmp_path)
    # há uma conclusão manual contradita de propósito: `validar` sai com 11 (issue 13, item 5)
    assert resultado.exit_code == 11, resultado.output
    assert erros("validacoes", validacoes) == []
    assert {v["conclusao_id"]: v["veredicto_geral"] for v in validacoes["validacoes"]} == ESPERADO
    assert validacoes["resumo"] == {"total_conclusoes": 7, "verificadas": 4, "contraditas": 1, "ambiguas": 2}
    detalhes = {v["conclusao_id"]: v["detalhes"] for v in validacoes["validacoes"]}
    assert detalhes[4][0]["observacao"] == "dado dividido nas linhas 9-10"
    assert "111.444.777-35" in detalhes[5][0]["observacao"]
    assert "encontrado em linha 13" in detalhes[6][1]["observacao"]
    assert "3min38s" in detalhes[7][0]["observacao"] and "2min38s" in detalhes[7][0]["observacao"]


def test_relatorio_lista_toda_referencia_nao_verificada_com_o_texto_encontrado(tmp_path):
    resultado, _ = _rodar(tmp_path)
    saida = resultado.output
    assert "Referências não verificadas" in saida
    assert "CONTRADITO" in saida and "111.444.777-36" in saida  # a contradita também aparece, com o texto do local
    assert "para MARIA OLIVEIRA LIMA, CPF" in saida
    assert "Induzida pelas mensagens" in saida  # texto encontrado na linha errada
    assert "7 conclusões: 4 verificadas, 2 ambíguas, 1 contradita." in saida
