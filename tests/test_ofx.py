"""Extrato OFX (o arquivo que o internet banking exporta, SGML no 1.x e XML no 2.x).

Antes: lido como texto com "extensão .ofx desconhecida"; só os nomes e CPFs do histórico saíam. O valor
(`<TRNAMT>3500.00`), a data-hora (`<DTPOSTED>20250315113640[-3:BRT]`) e a conta (`<BANKACCTFROM>`) ficavam de fora,
e com eles a materialidade e o repasse rápido da conta de passagem.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from perito.analise import Parametros, analisar
from perito.chaves import tempo, tempo_ofx
from perito.extratores.reconhecedores import reconhecer
from perito.leitura.leitor import ler_documento
from tests.conftest import veredicto_com_a_afirmacao_trocada

DATA = "2025-03-20"

OFX_SGML = """OFXHEADER:100
DATA:OFXSGML
VERSION:102
ENCODING:USASCII
CHARSET:1252

<OFX>
<SIGNONMSGSRSV1>
<SONRS>
<DTSERVER>20250320100000[-3:BRT]
<LANGUAGE>POR
</SONRS>
</SIGNONMSGSRSV1>
<BANKMSGSRSV1>
<STMTTRNRS>
<STMTRS>
<CURDEF>BRL
<BANKACCTFROM>
<BANKID>0341
<BRANCHID>1234
<ACCTID>56789-0
<ACCTTYPE>CHECKING
</BANKACCTFROM>
<BANKTRANLIST>
<STMTTRN>
<TRNTYPE>CREDIT
<DTPOSTED>20250315113640[-3:BRT]
<TRNAMT>3500.00
<FITID>11987654321
<MEMO>PIX RECEBIDO - JOSE CARLOS DA SILVA CPF 529.982.247-25
</STMTTRN>
<STMTTRN>
<TRNTYPE>DEBIT
<DTPOSTED>20250315115210[-3:BRT]
<TRNAMT>-3400.00
<FITID>20250315002
<MEMO>PIX ENVIADO - CARLOS PEREIRA SOUZA CPF 390.533.447-05
</STMTTRN>
</BANKTRANLIST>
</STMTRS>
</STMTTRNRS>
</BANKMSGSRSV1>
</OFX>
"""

# o OFX 2 numa linha só, como o de bancos digitais: o fuso com o nome errado (EST) e o deslocamento certo (-03)
OFX_XML = (
    '<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n'
    '<?OFX OFXHEADER="200" VERSION="220" SECURITY="NONE" OLDFILEUID="NONE" NEWFILEUID="NONE"?>\n'
    "<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>BRL</CURDEF><BANKACCTFROM><BANKID>0260</BANKID>"
    "<BRANCHID>0001</BRANCHID><ACCTID>98765-4</ACCTID><ACCTTYPE>CHECKING</ACCTTYPE></BANKACCTFROM><BANKTRANLIST>"
    "<STMTTRN><TRNTYPE>CREDIT</TRNTYPE><DTPOSTED>20250315113640.000[-03:EST]</DTPOSTED><TRNAMT>3500.00</TRNAMT>"
    "<FITID>67d5a1c4</FITID><MEMO>Transferência recebida pelo Pix - JOSE CARLOS DA SILVA</MEMO></STMTTRN>"
    "<STMTTRN><TRNTYPE>DEBIT</TRNTYPE><DTPOSTED>20250316</DTPOSTED><TRNAMT>-15.00</TRNAMT><FITID>77d5a1c4</FITID>"
    "<MEMO>Tarifa</MEMO><BANKACCTTO><BANKID>0341</BANKID><BRANCHID>1234</BRANCHID><ACCTID>11111-1</ACCTID>"
    "</BANKACCTTO></STMTTRN></BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>\n"
)


@pytest.mark.parametrize(("escrito", "minutos"), [
    ("[-3:BRT]", -180), ("[-03:EST]", -180), ("[0:GMT]", 0), ("[+5.5:IST]", 330), ("[-3]", -180),
    ("[1]", None), ("[15:XYZ]", None), ("[-3:]", None),
])
def test_fuso_entre_colchetes_vale_pelo_deslocamento(escrito, minutos):
    zona = tempo.zona(escrito)
    assert (None if zona is None else zona.utcoffset(None).total_seconds() / 60) == minutos


@pytest.mark.parametrize(("linha", "numero", "fuso", "instante"), [
    ("<DTPOSTED>20250315113640[-3:BRT]", "20250315113640", "[-3:BRT]", "2025-03-15T14:36:40Z"),
    ("<DTUSER>20250315113640.000[-03:EST]</DTUSER>", "20250315113640.000", "[-03:EST]", "2025-03-15T14:36:40Z"),
    # sem colchetes, a especificação diria GMT; os bancos brasileiros escrevem a hora local: sem fuso, nada se afirma
    ("<DTPOSTED>20250315113640", "20250315113640", None, None),
])
def test_data_hora_do_ofx(linha, numero, fuso, instante):
    [achado] = reconhecer(linha)
    assert (achado.campo, achado.dado, achado.fuso, achado.metadados.get("instante_utc")) == (
        "data_evento", numero, fuso, instante)


@pytest.mark.parametrize("linha", ["<TRNAMT>20250315", "<DTPOSTED>20250231", "Protocolo 20250315113640[-3:BRT] x"])
def test_numero_que_nao_e_data_do_ofx(linha):
    assert not any(a.campo == "data_evento" and a.metadados.get("data_hora_compacta") for a in reconhecer(linha))
    assert tempo_ofx.PADRAO.search(linha) is None or tempo_ofx.ler(tempo_ofx.PADRAO.search(linha)) is None


@pytest.mark.parametrize("conteudo", [OFX_SGML, OFX_XML], ids=["sgml", "xml"])
def test_lancamentos_e_conta_sao_registros(tmp_path, conteudo):
    (tmp_path / "extrato.ofx").write_text(conteudo, encoding="utf-8")
    doc = ler_documento(tmp_path / "extrato.ofx", "extrato.ofx", "txt")
    rotulados = [{c.rotulo: c.valor for c in r.campos} for r in doc.registros]
    assert rotulados[0]["Conta"] in ("56789-0", "98765-4") and "Agência" in rotulados[0]
    assert [r["Valor"] for r in rotulados[1:]] == (["3500.00", "-3400.00"] if conteudo is OFX_SGML
                                                  else ["3500.00", "-15.00"])
    if conteudo is OFX_XML:
        assert rotulados[2]["Conta de destino"] == "11111-1"  # a conta da outra parte, dentro do lançamento
    for registro in doc.registros:  # cada valor está na linha que o campo aponta (o que se cita é relido ali)
        for campo in registro.campos:
            assert campo.trecho.texto[campo.inicio:campo.inicio + len(campo.valor)] == campo.valor


def test_dados_do_extrato_ofx(tmp_path):
    from tests.conftest import dados_da_pasta

    (tmp_path / "extrato.ofx").write_text(OFX_SGML, encoding="utf-8")
    dados = dados_da_pasta(tmp_path)
    valores = {d["dado"]: d["metadados"] for d in dados if d["campo"] == "valor_transacao"}
    assert valores["3500.00"]["direcao"] == "credito" and valores["3500.00"]["instante_utc"] == "2025-03-15T14:36:40Z"
    assert valores["3400.00"]["direcao"] == "debito" and valores["3400.00"]["contraparte_cpf"] == "39053344705"
    assert valores["3500.00"]["contexto_titular"]["conta_chave"] == "1234|567890"
    # o FITID de 11 dígitos parece celular, mas é o código da transação
    assert not any(d["campo"] == "telefone" for d in dados)


@pytest.fixture(scope="module")
def caso(tmp_path_factory) -> tuple[Path, dict]:
    pasta = tmp_path_factory.mktemp("ofx")
    caso = pasta / "caso"
    caso.mkdir()
    (caso / "extrato_maria.ofx").write_text(OFX_SGML, encoding="cp1252")
    (caso / "boletim.txt").write_text(
        "Boletim de Ocorrência nº 1234/2025\nVítima: JOSÉ CARLOS DA SILVA, CPF 529.982.247-25\n"
        "A vítima enviou um PIX de R$ 3.500,00 às 11:36 de 15/03/2025 para a conta informada pelo golpista.\n",
        encoding="utf-8")
    analisar(Parametros(caso, pasta / "saida", data_analise=DATA))
    return caso, json.loads((pasta / "saida" / "conclusoes.json").read_text(encoding="utf-8"))


def test_materialidade_e_repasse_rapido_do_extrato_ofx_verificados(caso):
    _, conclusoes = caso
    por_tipo = {c["tipo"]: c for c in conclusoes["conclusoes"]}
    materialidade, laranja = por_tipo["materialidade"], por_tipo["identificacao_laranja"]
    assert materialidade["grau_confianca"] == "forte"
    assert "20250315113640" in {r["dado_citado"].split("[")[0] for r in materialidade["referencias"]}
    assert "repasse rápido" in laranja["afirmacao"] and "15min30s depois" in laranja["afirmacao"]
    assert {c["validacao"]["veredicto_geral"] for c in (materialidade, laranja)} == {"VERIFICADO"}


@pytest.mark.parametrize(("trocar", "por"), [("11:36:40 [-3:BRT]", "11:46:40 [-3:BRT]"),
                                             ("15min30s depois", "5min30s depois")])
def test_afirmacao_que_o_ofx_nao_sustenta_nao_e_verificada(caso, trocar, por):
    assert veredicto_com_a_afirmacao_trocada(*caso, "identificacao_laranja", trocar, por, DATA) != "VERIFICADO"
