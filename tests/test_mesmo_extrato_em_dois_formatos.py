"""O mesmo extrato entregue duas vezes (o banco manda o PDF e a planilha da mesma conta e do mesmo período): é uma
fonte só. Antes o mesmo Pix dava duas materialidades e a mesma conta duas laranjas (sonda de casos compostos).

Armadilha: o extrato de quem paga e o de quem recebe os mesmos valores no mesmo dia não são cópia um do outro (o
sentido dos lançamentos é o contrário), e a ligação entre eles continua.
"""

from __future__ import annotations

import openpyxl

from tests.conftest import conclusoes_do_caso, pdf_de_linhas

_LANCAMENTOS = [("15/03/2025 11:36:40", "PIX RECEBIDO - JOSE CARLOS DA SILVA", "3.500,00", "3.630,00"),
                ("15/03/2025 12:04:55", "PIX ENVIADO - RICARDO PEREIRA SANTOS", "-3.300,00", "330,00"),
                ("16/03/2025 09:00:00", "PIX RECEBIDO - ANA PAULA MENDES", "1.000,00", "1.330,00"),
                ("16/03/2025 09:30:00", "PIX ENVIADO - RICARDO PEREIRA SANTOS", "-950,00", "380,00")]
_BOLETIM = ("POLÍCIA CIVIL DO ESTADO DE SÃO PAULO\nBoletim de Ocorrência nº 1234/2025\n"
            "Vítima: JOSÉ CARLOS DA SILVA, CPF 529.982.247-25\n"
            "Histórico: a vítima enviou um PIX de R$ 3.500,00 às 11:36 de 15/03/2025 para MARIA OLIVEIRA LIMA.\n")


def test_pdf_e_planilha_do_mesmo_extrato_dao_uma_conclusao(tmp_path):
    caso = tmp_path / "caso"
    caso.mkdir()
    topo = ["BANCO DESTINO S.A. - Extrato de conta corrente", "Cliente: MARIA OLIVEIRA LIMA CPF: 111.444.777-35",
            "Agência: 0001 Conta: 12345-6", "Horários de Brasília"]
    pdf_de_linhas(caso / "extrato.pdf", topo + ["Data Hora Histórico Valor Saldo"] + [" ".join(t) for t in _LANCAMENTOS])
    livro = openpyxl.Workbook()
    aba = livro.active
    for linha in [[t] for t in topo] + [["Data/Hora", "Histórico", "Valor", "Saldo"]] + [list(t) for t in _LANCAMENTOS]:
        aba.append(linha)
    livro.save(caso / "extrato.xlsx")
    (caso / "boletim.txt").write_text(_BOLETIM, encoding="utf-8")
    conclusoes = conclusoes_do_caso(caso)
    assert len([c for c in conclusoes if c["tipo"] == "materialidade"]) == 1
    assert len([c for c in conclusoes if c["tipo"] == "identificacao_laranja"]) == 1


def test_armadilha_extratos_de_quem_paga_e_de_quem_recebe(tmp_path):
    caso = tmp_path / "caso"
    caso.mkdir()
    pdf_de_linhas(caso / "maria.pdf", ["BANCO DESTINO S.A. - Extrato de conta corrente",
                                       "Cliente: MARIA OLIVEIRA LIMA CPF: 111.444.777-35", "Agência: 0001 Conta: 12345-6",
                                       "Data Histórico Valor Saldo",
                                       "15/03/2025 PIX RECEBIDO - JOSE CARLOS DA SILVA 3.500,00 3.630,00",
                                       "16/03/2025 PIX RECEBIDO - JOSE CARLOS DA SILVA 1.000,00 4.630,00",
                                       "17/03/2025 PIX RECEBIDO - JOSE CARLOS DA SILVA 500,00 5.130,00"])
    pdf_de_linhas(caso / "jose.pdf", ["BANCO ORIGEM S.A. - Extrato de conta corrente",
                                      "Cliente: JOSE CARLOS DA SILVA CPF: 529.982.247-25", "Agência: 1207 Conta: 30418-6",
                                      "Data Histórico Valor Saldo",
                                      "15/03/2025 PIX ENVIADO - MARIA OLIVEIRA LIMA -3.500,00 2.000,00",
                                      "16/03/2025 PIX ENVIADO - MARIA OLIVEIRA LIMA -1.000,00 1.000,00",
                                      "17/03/2025 PIX ENVIADO - MARIA OLIVEIRA LIMA -500,00 500,00"])
    vinculos = [c for c in conclusoes_do_caso(caso) if c["tipo"] == "vinculo_financeiro"]
    assert len(vinculos) == 3
