"""Valor com ponto decimal numa célula de CSV sem aspas (`,,990.00,"242,19"`): o validador o lê como valor.

Variantes (semente 40): a vírgula do CSV antes de `990.00` fazia o número virar dígitos soltos; o único valor da
linha era o saldo `242,19`, e o repasse citado na conta de passagem saía CONTRADITO ("valor 990.00 citado, mas no
local está 242,19"): a conclusão inteira caía.
"""

from __future__ import annotations

from pathlib import Path

from perito.chaves import valores
from perito.leitura.tabela_csv import ler_csv
from perito.validador.agente import validar

LINHA = '2023-01-16,TRANSF PIX ENVIADA - 16:57:49,Flávio Benedito Medeiros,•••.788.384-••,,990.00,"242,19"'


def test_celula_de_csv_com_ponto_decimal_e_valor(tmp_path: Path) -> None:
    (tmp_path / "extrato.csv").write_text("Dt. Evento,Histórico,Favorecido,Doc.,Crédito,Débito,Saldo\n" + LINHA + "\n"
                                          + "15/01/2019,PIX,MANOEL,971.526.154-03,930.00,2264.90,C\n", encoding="utf-8")
    trechos = ler_csv(tmp_path / "extrato.csv", "extrato.csv").trechos
    for trecho, esperados in ((trechos[1], {"990.00", "242.19"}), (trechos[2], {"930.00", "2264.90"})):
        achados = {v.normal for v in valores.decompor(valores.texto_das_celulas(trecho.celulas, trecho.texto))
                   if v.tipo == "valor"}
        assert achados == esperados, trecho.texto
    assert ("valor", "1234.56") in {(v.tipo, v.normal) for v in valores.decompor("saldo 1,234.56 ok")}


def _veredicto(caso: Path, dado: str) -> str:
    referencia = {"arquivo": "extrato.csv", "pagina": None, "linha_ou_celula": "linha 2", "dado_citado": dado,
                  "extrator_id": "teste"}
    conclusao = {"id": 1, "tipo": "outro", "afirmacao": "repasse", "grau_confianca": "fraco",
                 "referencias": [referencia], "validacao": None}
    resultado = validar({"conclusoes": [conclusao], "caso_id": "t", "data_analise": "2025-03-20"}, caso, "2025-03-20")
    return resultado["validacoes"][0]["detalhes"][0]["status"]


def test_validador_confirma_o_valor_da_celula_e_contradiz_outro(tmp_path: Path) -> None:
    (tmp_path / "extrato.csv").write_text("Dt. Evento,Histórico,Favorecido,Doc.,Crédito,Débito,Saldo\n" + LINHA + "\n",
                                          encoding="utf-8")
    assert _veredicto(tmp_path, "990.00 | 2023-01-16 | 16:57:49") == "VERIFICADO"
    assert _veredicto(tmp_path, "991.00 | 2023-01-16") == "CONTRADITO"
