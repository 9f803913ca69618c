"""Extrato do Banco do Brasil com as colunas de lote ("Dt. balancete Dt. movimento Ag. origem Lote Histórico ...") e o
boletim em formulário com o quadro "COMUNICANTE / VÍTIMA" (sonda de site falso, quarta rodada).

- "Pix - Recebido" / "Pix - Enviado" (o hífen entre o meio e o sentido) com o nome na mesma linha ou na de baixo
  ("11/03 09:17 ANTONIO CARLOS BRAGA"): o nome é quem pagou ou quem recebeu, e a hora vai ao lançamento, também com
  o período declarado no topo (que completa o ano do "11/03" e partia o lançamento em dois);
- "31/03/2025 S A L D O 99,40 C" é o saldo, não um crédito;
- "COMUNICANTE / VÍTIMA" sobre "Nome: ..." diz quem é a vítima; os nomes da narrativa, depois de outro título, não.
"""

from __future__ import annotations

from pathlib import Path

from tests.conftest import conclusoes_do_caso, dados_da_pasta, pdf_de_linhas

_TOPO = ["BANCO DO BRASIL S.A. SisBB - Extrato de Conta Corrente",
         "Cliente: JULIANA PEREIRA SANTOS CPF: 427.391.806-40",
         "Agência: 3421-X Conta corrente: 45112-9",
         "Período do extrato: 01/03/2025 a 31/03/2025",
         "Dt. balancete Dt. movimento Ag. origem Lote Histórico Documento Valor R$ Saldo R$",
         "01/03/2025 Saldo Anterior 12,40 C"]
_LANCAMENTOS = [
    "11/03/2025 11/03/2025 0000 14397 Pix - Recebido 110917 150,00 C 162,40 C", "11/03 09:17 ANTONIO CARLOS BRAGA",
    "12/03/2025 12/03/2025 0000 14397 Pix - Recebido 121422 389,90 C 552,30 C", "12/03 14:22 CLAUDIA REGINA FONSECA",
    "12/03/2025 12/03/2025 0000 14397 Pix - Enviado 121441 380,00 D 172,30 C", "12/03 14:41 RAFAEL AUGUSTO MENDES",
    "14/03/2025 14/03/2025 3421 13105 Pagamento de Boleto 140001 89,90 D 82,40 C", "CLARO S.A.",
    "31/03/2025 S A L D O 82,40 C",
]


def _dados(pasta: Path, linhas: list[str]) -> list[dict]:
    pasta.mkdir()
    pdf_de_linhas(pasta / "extrato.pdf", linhas)
    return dados_da_pasta(pasta)


def test_contraparte_e_hora_na_linha_de_detalhe_com_periodo_declarado(tmp_path):
    dados = _dados(tmp_path / "bb", _TOPO + _LANCAMENTOS)
    papeis = {d["dado"]: d["metadados"]["papel"] for d in dados if d["campo"] == "nome_titular"}
    assert papeis["ANTONIO CARLOS BRAGA"] == "remetente" and papeis["RAFAEL AUGUSTO MENDES"] == "destinatario"
    assert "CLARO S.A." not in papeis  # o beneficiário do boleto não é nome de pessoa nem contraparte de Pix
    valores = {d["dado"]: d["metadados"] for d in dados if d["campo"] == "valor_transacao"}
    assert valores["389,90"].get("hora") == "14:22" and valores["380,00"].get("hora") == "14:41"
    assert "82,40" not in valores  # a linha "S A L D O" é saldo


def test_hifen_entre_o_meio_e_o_sentido_com_o_nome_na_mesma_linha(tmp_path):
    linhas = _TOPO[:5] + ["12/03/2025 Pix - Recebido - CLAUDIA REGINA FONSECA 389,90 C 552,30 C"]
    nomes = [d for d in _dados(tmp_path / "bb", linhas) if d["campo"] == "nome_titular"]
    assert any(d["dado"] == "CLAUDIA REGINA FONSECA" and d["metadados"]["papel"] == "remetente" for d in nomes)


def test_armadilha_nome_abaixo_de_lancamento_sem_sentido_nao_e_contraparte(tmp_path):
    linhas = _TOPO[:5] + ["12/03/2025 Tarifa pacote de serviços 121441 38,00 D 172,30 C", "12/03 GERENTE JOSE ALVES"]
    assert not [d for d in _dados(tmp_path / "bb", linhas)
                if d["campo"] == "nome_titular" and d["metadados"]["papel"] in ("remetente", "destinatario")]


_BOLETIM = """POLÍCIA CIVIL DO ESTADO DO PARANÁ
DELEGACIA ELETRÔNICA - BOLETIM DE OCORRÊNCIA Nº 2025/318772
Natureza: ESTELIONATO - FRAUDE ELETRÔNICA

COMUNICANTE / VÍTIMA
Nome: CLÁUDIA REGINA FONSECA
CPF: 536.820.147-80

RELATO
A comunicante relata que no dia 12/03/2025 acessou o site e pagou a JULIANA PEREIRA SANTOS,
CPF 427.391.806-40, pela chave aleatória informada.
Às 14h22 daquele dia a comunicante pagou R$ 389,90 a partir de sua conta no Banco Itaú.
"""


def test_quadro_da_vitima_no_formulario_faz_a_materialidade_forte(tmp_path):
    caso = tmp_path / "caso"
    caso.mkdir()
    pdf_de_linhas(caso / "extrato_bb.pdf", _TOPO + _LANCAMENTOS)
    (caso / "boletim.txt").write_text(_BOLETIM, encoding="utf-8")
    conclusoes = conclusoes_do_caso(caso)
    materialidade = next(c for c in conclusoes if c["tipo"] == "materialidade")
    assert materialidade["grau_confianca"] == "forte", materialidade["afirmacao"]
    assert "vítima CLÁUDIA REGINA FONSECA" in materialidade["afirmacao"]
    assert materialidade["validacao"]["veredicto_geral"] == "VERIFICADO"
    laranja = next(c for c in conclusoes if c["tipo"] == "identificacao_laranja")
    assert "19min00s" in laranja["afirmacao"]  # o repasse pela hora da linha de detalhe
    assert "vítima JULIANA" not in materialidade["afirmacao"]  # o nome da narrativa, depois de "RELATO", não é vítima
