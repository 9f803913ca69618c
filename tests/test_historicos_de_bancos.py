"""Extratos de bancos brasileiros em leiautes que nenhum exemplo tinha, achados por uma sonda (a mesma transferência
do boletim em quatro extratos): antes, só um deles dava a materialidade como forte.

- Bradesco: a contraparte na linha de baixo, abreviada ("REM: JOSE PEREIRA LIMA 02/08", "DES: CARLOS ...");
- Sicoob: a contraparte depois do ISPB ("CRÉD.TRANSF.PIX Cp :60746948-JOSE PEREIRA LIMA"), datas "02/08" numa tabela de
  colunas fixas com o ano no "PERÍODO:" de cima, linhas "SALDO ANTERIOR"/"SALDO DO DIA" na mesma coluna de valor (eram
  créditos), e o titular sem rótulo depois da conta ("COOPERATIVA: 3069   CONTA: 123.456-7   MARIA ...");
- Nubank: "Transferência recebida pelo Pix JOSE PEREIRA LIMA - •••.321.654-••": o nome era "Pix JOSE PEREIRA LIMA".
"""

from __future__ import annotations

from pathlib import Path

from perito.extratores.bancario import ExtratorBancario
from perito.extratores.reconhecedores import reconhecer
from perito.leitura.leitor import ler_documento
from tests.conftest import conclusoes_do_caso

_BRADESCO = """BANCO BRADESCO S.A.                                      Extrato Mensal / Por Período
Nome: MARIA DA SILVA SOUZA   CPF: 123.456.789-09
Agência: 1234 | Conta: 56789-0                         Período: 01/08/2025 a 31/08/2025
Data       Lançamento                      Dcto.      Crédito (R$)   Débito (R$)   Saldo (R$)
01/08/2025 SALDO ANTERIOR                                                                50,00
02/08/2025 TRANSFERENCIA PIX               1234567    1.250,90                         1.300,90
           REM: JOSE PEREIRA LIMA 02/08
02/08/2025 TRANSFERENCIA PIX               1234568                   1.200,00          100,90
           DES: CARLOS ALBERTO NUNES 02/08
"""

_SICOOB = """SICOOB - SISTEMA DE COOPERATIVAS DE CRÉDITO DO BRASIL
EXTRATO CONTA CORRENTE
COOPERATIVA: 3069   CONTA: 123.456-7   MARIA DA SILVA SOUZA
PERÍODO: 01/08/2025 - 31/08/2025
DATA       HISTÓRICO                                              VALOR
01/08      SALDO ANTERIOR                                         50,00C
02/08      CRÉD.TRANSF.PIX Cp :60746948-JOSE PEREIRA LIMA         1.250,90C
02/08      DÉB.TRANSF.PIX Cp :00360305-CARLOS ALBERTO NUNES       1.200,00D
02/08      SALDO DO DIA                                           100,90C
"""

_BOLETIM = """BOLETIM DE OCORRÊNCIA Nº 4411/2025
Vítima: JOSÉ PEREIRA LIMA, CPF 987.321.654-00
Histórico: Em 02/08/2025 a vítima transferiu R$ 1.250,90 por Pix para MARIA DA SILVA SOUZA.
"""


def _lancamentos(tmp_path: Path, texto: str) -> list[tuple[str, str | None, str | None, str | None]]:
    caminho = tmp_path / "extrato.txt"
    caminho.write_text(texto, encoding="utf-8")
    dados = ExtratorBancario().extrair(ler_documento(caminho, caminho.name, "txt")).dados
    return [(d["dado"], d["metadados"].get("direcao"), d["metadados"].get("data"), d["metadados"].get("contraparte"))
            for d in dados if d["campo"] == "valor_transacao"]


def _nomes(texto: str) -> list[tuple[str, str]]:
    return [(a.dado, a.metadados["papel"]) for a in reconhecer(texto) if a.campo == "nome_titular"]


def test_contraparte_abreviada_na_linha_de_baixo(tmp_path: Path) -> None:
    assert _lancamentos(tmp_path, _BRADESCO) == [
        ("1.250,90", "credito", "02/08/2025", "JOSE PEREIRA LIMA"),
        ("1.200,00", "debito", "02/08/2025", "CARLOS ALBERTO NUNES"),
    ]


def test_extrato_de_cooperativa(tmp_path: Path) -> None:
    # os saldos não são lançamentos; as datas "02/08" levam o ano do período; a contraparte vem depois do ISPB
    assert _lancamentos(tmp_path, _SICOOB) == [
        ("1.250,90", "credito", "02/08/2025", "JOSE PEREIRA LIMA"),
        ("1.200,00", "debito", "02/08/2025", "CARLOS ALBERTO NUNES"),
    ]
    assert _nomes("COOPERATIVA: 3069   CONTA: 123.456-7   MARIA DA SILVA SOUZA") == [("MARIA DA SILVA SOUZA", "titular")]


def test_armadilhas_dos_rotulos_abreviados() -> None:
    assert _nomes("destaque MARIA SOUZA LIMA") == []  # "des" dentro de uma palavra, sem os dois-pontos
    assert _nomes("Dest. MARIA SOUZA LIMA") == [("MARIA SOUZA LIMA", "favorecido")]
    # num lançamento, o nome depois da conta é da contraparte, não o titular do extrato
    assert ("JOSE PEREIRA", "titular") not in _nomes("Ag 1234 Conta 98765-4 JOSE PEREIRA 1.250,90")
    # o nome em maiúsculas logo depois do "recebida pelo Pix" é quem pagou, como depois do traço (vigésima sessão)
    assert _nomes("Transferência recebida pelo Pix JOSE PEREIRA LIMA - •••.321.654-•• - BCO BRADESCO") == [
        ("JOSE PEREIRA LIMA", "remetente")]


def test_materialidade_pelo_extrato_da_cooperativa(tmp_path: Path) -> None:
    caso = tmp_path / "caso"
    caso.mkdir()
    (caso / "extrato.txt").write_text(_SICOOB, encoding="utf-8")
    (caso / "boletim.txt").write_text(_BOLETIM, encoding="utf-8")
    conclusoes = conclusoes_do_caso(caso)
    (materialidade,) = [c for c in conclusoes if c["tipo"] == "materialidade"]
    assert materialidade["grau_confianca"] == "forte"  # o pagador do extrato é a vítima do boletim
    # o ano vem do período, citado pela data escrita nele (o validador a acha na linha)
    assert any(r["linha_ou_celula"] == "linha 4" and r["dado_citado"] == "01/08/2025" for r in materialidade["referencias"])
    assert materialidade["validacao"]["veredicto_geral"] == "VERIFICADO"


def test_titular_no_titulo_do_extrato() -> None:
    assert _nomes("Conta de MARIA DA SILVA SOUZA - CPF 123.456.789-09") == [("MARIA DA SILVA SOUZA", "titular")]
    assert _nomes("Extrato da conta de MARIA DA SILVA SOUZA") == [("MARIA DA SILVA SOUZA", "titular")]
    assert _nomes("MARIA DA SILVA SOUZA - CPF: 123.456.789-09 - AG 0001 CC 12345-6") == [
        ("MARIA DA SILVA SOUZA", "identificado_por_cpf")]
    # armadilha: a conta de consumo paga num lançamento não é o titular do extrato
    assert _nomes("PAGTO CONTA DE ENERGIA ELETRICA 120,00") == []


def test_palavras_do_cabecalho_depois_da_conta_nao_sao_titular() -> None:
    assert _nomes("Agência 0001 Conta 12345-6 Período Extrato Mensal") == []
    assert _nomes("Agência 0001 Conta 12345-6 - ANA PAULA DIAS - CPF 123.456.789-09") == [("ANA PAULA DIAS", "titular")]


_ABREVIADO = """BANCO EXEMPLO S.A. - EXTRATO DE CONTA CORRENTE
Titular: MARIA DA SILVA SOUZA  CPF: 123.456.789-09  Agência: 1234  Conta: 56789-0
Período: 01/08/2025 a 31/08/2025
Data       Histórico                               Docto.     Crédito (R$)   Débito (R$)   Saldo (R$)
01/08/2025 SALDO ANTERIOR                                                                     50,00
02/08/2025 PIX RECEB JOSE PEREIRA LIMA              1234567     1.250,90                   1.300,90
02/08/2025 PIX ENV CARLOS ALBERTO NUNES             1234568                   1.200,00       100,90
"""


def test_sentido_abreviado_no_historico(tmp_path: Path) -> None:
    """Achado por sonda: "PIX RECEB JOSE ..." (o sentido cortado pela largura da coluna) não dava a contraparte; o
    pagador do crédito ficava sem nome e a materialidade, moderada."""
    assert _lancamentos(tmp_path, _ABREVIADO) == [
        ("1.250,90", "credito", "02/08/2025", "JOSE PEREIRA LIMA"),
        ("1.200,00", "debito", "02/08/2025", "CARLOS ALBERTO NUNES"),
    ]
    assert _nomes("PIX REC. JOSE PEREIRA LIMA 1.250,90 C") == [("JOSE PEREIRA LIMA", "remetente")]
    assert _nomes("TED CRED JOSE PEREIRA LIMA 1.250,90") == [("JOSE PEREIRA LIMA", "remetente")]
    assert _nomes("PIX DEB CARLOS ALBERTO NUNES 1.200,00") == [("CARLOS ALBERTO NUNES", "destinatario")]
    # armadilhas: a abreviatura só como palavra inteira; "PIX RECIFE ..." é o nome de uma loja, sem sentido nem nome
    assert _nomes("PIX RECIFE SHOPPING CENTER 50,00 D") == []
    assert _nomes("PIX ENVIO PROGRAMADO MENSAL 50,00 D") == []


def test_materialidade_pelo_extrato_abreviado(tmp_path: Path) -> None:
    caso = tmp_path / "caso"
    caso.mkdir()
    (caso / "extrato.txt").write_text(_ABREVIADO, encoding="utf-8")
    (caso / "boletim.txt").write_text(_BOLETIM, encoding="utf-8")
    (materialidade,) = [c for c in conclusoes_do_caso(caso) if c["tipo"] == "materialidade"]
    assert materialidade["grau_confianca"] == "forte"  # o pagador do extrato é a vítima do boletim
    assert materialidade["validacao"]["veredicto_geral"] == "VERIFICADO"
