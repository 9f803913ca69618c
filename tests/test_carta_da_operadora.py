"""A resposta da operadora em carta ("informamos que o terminal ... encontra-se habilitado ... em nome de ..."), achada
por uma sonda: sem tabela nem as palavras de um cadastro, ficava de família desconhecida e o titular da linha não era
identificado (o mesmo número no relato e no provedor só dava vínculo de telefone). Armadilha: a conta da operadora
paga num extrato ("PAGTO CLARO S.A.") não faz do extrato uma resposta de operadora.
"""

from __future__ import annotations

import json
from pathlib import Path

from perito.analise import Parametros, analisar
from perito.extratores.familias import classificar
from perito.leitura.leitor import ler_documento

_CARTA = """CLARO S.A.
Departamento Jurídico - Atendimento a Ofícios Judiciais
São Paulo, 22 de setembro de 2025

Em atenção ao ofício em referência, informamos que o terminal (21) 97777-8888
encontra-se habilitado, na modalidade pré-pago, em nome de RODRIGO MENDES FARIAS,
CPF 987.654.321-00, desde 30/07/2025.
"""


def _familia(tmp_path: Path, nome: str, texto: str) -> str:
    caminho = tmp_path / nome
    caminho.write_text(texto, encoding="utf-8")
    return classificar(ler_documento(caminho, caminho.name, "txt")).familia


def test_carta_da_operadora_e_operadora(tmp_path: Path) -> None:
    assert _familia(tmp_path, "resposta.txt", _CARTA) == "operadora"


def test_conta_da_operadora_paga_no_extrato_continua_banco(tmp_path: Path) -> None:
    extrato = ("EXTRATO DE CONTA CORRENTE\nCliente: JOANA SILVA  Agência 0001 Conta 12345-6\n"
               "Data Histórico Valor Saldo\n05/09/2025 PAGTO CLARO S.A. -89,90 1.010,10\n"
               "06/09/2025 PIX RECEBIDO MARIA 100,00 1.110,10\n")
    assert _familia(tmp_path, "extrato.txt", extrato) == "banco"


def test_titular_da_linha_pela_carta(tmp_path: Path) -> None:
    caso = tmp_path / "caso"
    caso.mkdir()
    (caso / "oficio_resposta.txt").write_text(_CARTA, encoding="utf-8")
    (caso / "boletim.txt").write_text(
        "BOLETIM DE OCORRÊNCIA Nº 7788/2025\nA vítima recebeu mensagens do número (21) 97777-8888 no dia 14/09/2025.\n",
        encoding="utf-8")
    analisar(Parametros(caso, tmp_path / "saida", data_analise="2025-10-01"))
    conclusoes = json.loads((tmp_path / "saida" / "conclusoes.json").read_text(encoding="utf-8"))["conclusoes"]
    (titular,) = [c for c in conclusoes if c["tipo"] == "identificacao_titular"]
    assert "em nome de RODRIGO MENDES FARIAS" in titular["afirmacao"] and "linha na operadora" in titular["afirmacao"]
    assert titular["validacao"]["veredicto_geral"] == "VERIFICADO"
