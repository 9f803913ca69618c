"""Dado dividido entre linhas vizinhas: VERIFICADO com as linhas na observação, e só quando é mesmo um dado dividido."""

from __future__ import annotations

import pytest

from perito.validador.agente import validar
from tests.conftest import CASO_DEMO, DATA

#: boletim, linhas 9-10: "... recebeu mensagens pelo WhatsApp" / "do número +55 11 98765-4321, cujo ..."
WHATSAPP = {"arquivo": "boletim_ocorrencia.txt", "pagina": None, "linha_ou_celula": "linha 9",
            "dado_citado": "mensagens pelo WhatsApp do número +55 11 98765-4321", "extrator_id": "t"}


def _detalhe(caso, arquivo, linha, dado, pagina=None):
    ref = {"arquivo": arquivo, "pagina": pagina, "linha_ou_celula": f"linha {linha}", "dado_citado": dado, "extrator_id": "t"}
    conclusoes = {"conclusoes": [{"id": 1, "tipo": "outro", "afirmacao": "teste", "grau_confianca": "fraco", "referencias": [ref],
                                  "validacao": None}], "caso_id": "t", "data_analise": DATA}
    return validar(conclusoes, caso, DATA)["validacoes"][0]["detalhes"][0]


@pytest.fixture
def caso_txt(tmp_path):
    caso = tmp_path / "caso"
    caso.mkdir()
    (caso / "relato.txt").write_text(
        "Relato da vítima JOSÉ CARLOS\n"            # 1
        "DA SILVA, CPF 529.982.247-25, que\n"       # 2
        "informou o acesso pelo IP 187.34.56.79 e\n"  # 3
        "187.34.56.78 em 15/03/2025 às 11:34:02\n"  # 4
        "\n"                                        # 5
        "Telefone citado no relato:\n"              # 6
        "(11) 93456-7890\n"                         # 7
        "linha de enchimento um\n"                  # 8
        "linha de enchimento dois\n"                # 9
        "linha de enchimento três\n"                # 10
        "linha de enchimento quatro\n"              # 11
        "linha de enchimento cinco\n"               # 12
        "linha de enchimento seis\n"                # 13
        "Pagamento de R$ 3.500,00\n",               # 14
        encoding="utf-8",
    )
    return caso


@pytest.fixture
def caso_pdf(tmp_path):
    """PDF com um nome quebrado no fim da linha, como numa célula de tabela estreita."""
    from reportlab.pdfgen import canvas

    caso = tmp_path / "caso"
    caso.mkdir()
    tela = canvas.Canvas(str(caso / "cadastro.pdf"), invariant=1)
    tela.setFont("Helvetica", 10)
    for i, linha in enumerate(("Cadastro de titular", "Titular: MARIA OLIVEIRA", "LIMA CPF 111.444.777-35", "Fim")):
        tela.drawString(50, 800 - 18 * i, linha)
    tela.save()
    return caso


def test_dado_dividido_em_duas_linhas_do_txt_e_verificado_com_as_linhas():
    detalhe = _detalhe(CASO_DEMO, WHATSAPP["arquivo"], 9, WHATSAPP["dado_citado"])
    assert detalhe["status"] == "VERIFICADO", detalhe["observacao"]
    assert detalhe["observacao"] == "dado dividido nas linhas 9-10"
    assert detalhe["match_exato"] is False  # o dado não está inteiro na linha citada
    assert "pelo WhatsApp\ndo número +55 11 98765-4321" in detalhe["texto_encontrado"]


def test_dado_dividido_citado_pela_segunda_linha_tambem_e_verificado(caso_txt):
    detalhe = _detalhe(caso_txt, "relato.txt", 2, "JOSÉ CARLOS DA SILVA 529.982.247-25")
    assert detalhe["status"] == "VERIFICADO", detalhe["observacao"]
    assert detalhe["observacao"] == "dado dividido nas linhas 1-2"


def test_dado_dividido_no_pdf_e_verificado(caso_pdf):
    detalhe = _detalhe(caso_pdf, "cadastro.pdf", 2, "MARIA OLIVEIRA LIMA 111.444.777-35", pagina=1)
    assert detalhe["status"] == "VERIFICADO", detalhe["observacao"]
    assert "dado dividido nas linhas 2-3" in detalhe["observacao"]


def test_ip_de_identidade_exata_nao_e_reconstruido_quando_a_linha_tem_outro_ip(caso_txt):
    """O IP certo está na linha 4, mas a linha citada (3) tem outro IP: CONTRADITO, não dado dividido."""
    detalhe = _detalhe(caso_txt, "relato.txt", 3, "acesso pelo IP 187.34.56.78 15/03/2025")
    assert detalhe["status"] == "CONTRADITO"
    assert "187.34.56.79" in detalhe["observacao"]


def test_cpf_de_identidade_exata_nao_e_reconstruido_quando_a_linha_tem_outro_numero(caso_txt):
    detalhe = _detalhe(caso_txt, "relato.txt", 7, "Telefone (11) 93456-7891")
    assert detalhe["status"] == "CONTRADITO"


def test_hora_diferente_na_linha_citada_nao_e_reconstruida(caso_txt):
    detalhe = _detalhe(caso_txt, "relato.txt", 3, "IP 187.34.56.79 às 11:34:03")
    assert detalhe["status"] == "AMBIGUO"


def test_valor_a_mais_de_cinco_linhas_nao_e_reconstruido(caso_txt):
    detalhe = _detalhe(caso_txt, "relato.txt", 7, "(11) 93456-7890 R$ 3.500,00")  # o valor está na linha 14
    assert detalhe["status"] == "AMBIGUO"
    assert "dado dividido" not in detalhe["observacao"]


def test_linha_vazia_no_meio_nao_e_dado_dividido(caso_txt):
    detalhe = _detalhe(caso_txt, "relato.txt", 6, "Telefone citado 15/03/2025")  # a data está na linha 4, depois da vazia 5
    assert detalhe["status"] == "AMBIGUO"


def test_dado_inteiro_em_outra_linha_e_linha_errada_nao_dado_dividido():
    """Linha 12 do boletim tem "15/03/2025"; o dado inteiro está na 13: é citação da linha errada."""
    detalhe = _detalhe(CASO_DEMO, "boletim_ocorrencia.txt", 12, "15/03/2025 MARIA OLIVEIRA LIMA 111.444.777-35")
    assert detalhe["status"] == "AMBIGUO"
    assert "encontrado em linha 13" in detalhe["observacao"]


def test_pedacos_do_dado_no_meio_das_linhas_nao_sao_dado_dividido():
    """Telefone da linha 10 junto do nome e CPF da linha 13: pedaços de frases diferentes, não um dado quebrado."""
    detalhe = _detalhe(CASO_DEMO, "boletim_ocorrencia.txt", 13, "+55 11 98765-4321 MARIA OLIVEIRA LIMA 111.444.777-35")
    assert detalhe["status"] == "AMBIGUO"


def test_linha_citada_so_com_palavra_curta_nao_ancora_o_dado():
    """Linha 7 do boletim tem "da" e o e-mail jose.silva...; o nome e o CPF estão na linha 5."""
    detalhe = _detalhe(CASO_DEMO, "boletim_ocorrencia.txt", 6, "da vítima JOSE CARLOS DA SILVA 529.982.247-25")
    assert detalhe["status"] != "VERIFICADO"


def test_csv_nao_reconstroi_entre_registros():
    detalhe = _detalhe(CASO_DEMO, "log_internet_banking.csv", 4, "Login 15/03/2025 R$ 3.500,00")  # o valor é do registro 5
    assert detalhe["status"] == "AMBIGUO"
    assert "dado dividido" not in detalhe["observacao"]
