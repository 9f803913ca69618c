"""Dois leiautes de extrato das sondas de data e valor:

- o titular numa linha-título única ("Extrato de conta corrente - MARIA OLIVEIRA LIMA - CPF 111.444.777-35 -
  Agência 0001 - Conta 12345-6"): é o titular da conta, não um nome qualquer ao lado de um CPF (antes o vínculo
  entre os dois extratos não saía: nenhum arquivo tinha titular);
- o histórico sem separador nem sentido ("TRANSF PIX MARIA OLIVEIRA LIMA"): o meio composto já diz que o nome é a
  contraparte do lançamento, e o sinal do valor diz o lado.

Armadilha: "Extrato de Conta Corrente - Pessoa Física" não tem titular; "TRANSF" sozinho seguido de nome, não.
"""

from __future__ import annotations

import openpyxl

from perito.extratores.reconhecedores import reconhecer
from tests.conftest import conclusoes_do_caso, dados_da_pasta


def _nomes(texto: str) -> list[tuple[str, str]]:
    return [(a.dado, a.metadados["papel"]) for a in reconhecer(texto) if a.campo == "nome_titular"]


def test_linha_titulo_e_historico_composto():
    assert _nomes("Extrato de conta corrente - MARIA OLIVEIRA LIMA - CPF 111.444.777-35 - Agência 0001") == [
        ("MARIA OLIVEIRA LIMA", "titular")]
    assert _nomes("Extrato de Conta Corrente - Pessoa Física") == []
    assert _nomes("15/03/2025 TRANSF PIX MARIA OLIVEIRA LIMA 815366 -3.500,00") == [("MARIA OLIVEIRA LIMA", "contraparte")]
    assert _nomes("TRANSF MARIA OLIVEIRA LIMA") == []


def _extrato(caminho, titular: str, cpf: str, conta: str, linhas: list[list[str]]) -> None:
    livro = openpyxl.Workbook()
    aba = livro.active
    aba.title = "Extrato"
    aba.append([f"Extrato de conta corrente - {titular} - CPF {cpf} - Agência 0001 - Conta {conta}"])
    aba.append(["Horários de Brasília"])
    aba.append(["Data/Hora", "Histórico", "Documento", "Valor", "Saldo"])
    for linha in linhas:
        aba.append(linha)
    livro.save(caminho)


def test_vinculo_entre_extratos_com_titular_na_linha_titulo(tmp_path):
    caso = tmp_path / "caso"
    caso.mkdir()
    _extrato(caso / "jose.xlsx", "JOSE CARLOS DA SILVA", "529.982.247-25", "30418-6",
             [["15/03/2025 11:36:40", "TRANSF PIX MARIA OLIVEIRA LIMA", "815366", "-3.500,00", "2.950,90"]])
    _extrato(caso / "maria.xlsx", "MARIA OLIVEIRA LIMA", "111.444.777-35", "12345-6",
             [["15/03/2025 11:36:40", "TRANSF PIX JOSE CARLOS DA SILVA", "815366", "3.500,00", "3.630,00"]])
    vinculo = next(c for c in conclusoes_do_caso(caso) if c["tipo"] == "vinculo_financeiro")
    assert "JOSE CARLOS DA SILVA" in vinculo["afirmacao"] and "MARIA OLIVEIRA LIMA" in vinculo["afirmacao"]
    assert vinculo["validacao"]["veredicto_geral"] == "VERIFICADO"


def test_titular_sob_o_rotulo_nome_liga_os_dois_extratos(tmp_path):
    """Itaú, Bradesco e Santander escrevem "Nome:" no cabeçalho do extrato: o titular declarado (o extrator já o põe no
    contexto de cada lançamento) é o dono da conta na ligação entre extratos (antes "entra na conta recebedora" e "só
    uma das contrapartes se reconhece")."""
    from tests.conftest import pdf_de_linhas

    caso = tmp_path / "caso"
    caso.mkdir()
    pdf_de_linhas(caso / "jose.pdf", ["BANCO ITAÚ S.A. - Extrato de conta corrente", "Nome: JOSE CARLOS DA SILVA",
                                      "CPF: 529.982.247-25 Agência: 1207 Conta: 30418-6", "Data Histórico Valor Saldo",
                                      "15/03/2025 PIX ENVIADO FERNANDA RIBEIRO COSTA -3.500,00 2.950,90"])
    pdf_de_linhas(caso / "fernanda.pdf", ["BANCO SANTANDER S.A. - Extrato de conta corrente",
                                          "Nome: FERNANDA RIBEIRO COSTA", "CPF: 318.457.261-70 Agência: 2271 Conta: 12345-6",
                                          "Data Histórico Valor Saldo",
                                          "15/03/2025 PIX RECEBIDO JOSE CARLOS DA SILVA 3.500,00 3.620,00"])
    vinculo = next(c for c in conclusoes_do_caso(caso) if c["tipo"] == "vinculo_financeiro")
    assert "entra na conta de FERNANDA RIBEIRO COSTA" in vinculo["afirmacao"]
    assert "as duas contrapartes se reconhecem" in vinculo["afirmacao"]
    assert vinculo["validacao"]["veredicto_geral"] == "VERIFICADO"


def test_mes_de_referencia_no_titulo_da_o_ano_aos_lancamentos(tmp_path):
    """"Extrato Consolidado Inteligente Março/2025" (Santander): o mês do título dá o ano ao "15/03" dos lançamentos
    (antes nenhuma data saía e nenhuma conclusão bancária). Armadilha: "02/04" fora do mês de referência fica sem ano."""
    from tests.conftest import pdf_de_linhas

    pdf_de_linhas(tmp_path / "extrato.pdf", [
        "Extrato Consolidado Inteligente Março/2025", "Cliente: FERNANDA RIBEIRO COSTA CPF: 318.457.261-70",
        "Agência: 2271 Conta Corrente: 01-012345-6", "Data Histórico Documento Valor Saldo",
        "15/03 PIX RECEBIDO JOSE CARLOS DA SILVA 151136 3.500,00 3.620,00",
        "02/04 PIX ENVIADO RICARDO ALMEIDA PINTO 020401 -100,00 3.520,00"])
    datas = {d["dado"]: d["metadados"].get("data") for d in dados_da_pasta(tmp_path)
             if d["campo"] == "valor_transacao"}
    assert datas["3.500,00"] == "15/03/2025"
    assert datas["-100,00"] is None


def test_nome_sozinho_acima_do_cpf_e_o_titular(tmp_path):
    """O extrato do Mercado Pago: "PRISCILA ALVES CORREIA" sozinho numa linha, "CPF: ... Agência: ... Conta: ..." na de
    baixo; o nome é o titular (antes "conta pagadora", sem dono). Armadilha: o nome sozinho sem o CPF embaixo, não."""
    from tests.conftest import pdf_de_linhas

    def titulares(pasta, segunda):
        pasta.mkdir()
        pdf_de_linhas(pasta / "extrato.pdf", ["mercado pago", "Extrato de conta", "PRISCILA ALVES CORREIA", segunda,
                                              "Data Descrição ID da operação Valor Saldo",
                                              "11-03-2025 Transferência Pix recebida BRUNO HENRIQUE SOUZA 1041 "
                                              "R$ 1.800,00 R$ 1.858,75"])
        return [d["dado"] for d in dados_da_pasta(pasta)
                if d["campo"] == "nome_titular" and d["metadados"]["papel"] in ("titular", "cliente")]

    assert titulares(tmp_path / "com", "CPF: 168.274.039-04 Agência: 0001 Conta: 2104876593-2") == ["PRISCILA ALVES CORREIA"]
    assert titulares(tmp_path / "sem", "Período: 01-03-2025 a 31-03-2025") == []
