"""Segunda leitura dos PDFs (pdfplumber): onde as duas leituras divergem no local citado, AMBIGUO com os dois textos.

A leitura canônica é a camada de texto do PDFium (`pdf_pdfium`); a segunda, a
reconstrução do pdfplumber. O PDF de teste tem divergências reais entre as duas,
desenhadas com reportlab:
- um "9" minúsculo colado ao fim de um IMEI de 14 dígitos, com o texto seguindo
  em corpo normal: o PDFium o cola ao número (o primeiro e o último caractere do
  pedaço têm o mesmo topo, então a regra de corte por altura não o examina); o
  pdfplumber o põe numa linha à parte (fonte de outro tamanho);
- negrito falso (o texto desenhado duas vezes, 0,3 pt ao lado): o PDFium descarta
  as cópias, o pdfplumber duplica cada caractere;
- um telefone coberto por outro em branco: o PDFium mostra os dois números, um
  depois do outro; o pdfplumber intercala os dois.
"""

from __future__ import annotations

import pytest

from perito.chaves.valores import decompor
from perito.leitura.pdf import ler_pdf
from perito.leitura.pdf_plumber import linhas_por_pagina
from perito.validador.agente import validar
from perito.validador.duas_leituras import confrontar
from tests.conftest import CASO_DEMO, DATA


@pytest.fixture(scope="module")
def caso(tmp_path_factory):
    from reportlab.pdfbase.pdfmetrics import stringWidth
    from reportlab.pdfgen import canvas

    caso = tmp_path_factory.mktemp("duas_leituras") / "caso"
    caso.mkdir()
    tela = canvas.Canvas(str(caso / "operadora.pdf"), invariant=1)
    tela.setFont("Helvetica", 10)
    tela.drawString(50, 800, "Resposta da operadora")
    largura = stringWidth("IMEI 35693803564380", "Helvetica", 10)
    tela.drawString(50, 782, "IMEI 35693803564380")
    tela.saveState()
    tela.setFont("Helvetica", 2.5)
    tela.drawString(50 + largura + 0.3, 782, "9")
    tela.restoreState()
    tela.drawString(50 + largura + 2, 782, " (aparelho 1)")
    tela.drawString(50, 764, "CPF 529.982.247-25")
    tela.drawString(50.3, 764, "CPF 529.982.247-25")
    tela.drawString(50, 746, "Telefone +55 11 98765-4321")
    tela.saveState()
    tela.setFillColorRGB(1, 1, 1)
    tela.drawString(50, 746, "Telefone +55 11 98765-4329")
    tela.restoreState()
    tela.drawString(50, 728, "Fim da resposta")
    tela.save()
    return caso


def _detalhe(caso, linha, dado, arquivo="operadora.pdf", pagina=1):
    ref = {"arquivo": arquivo, "pagina": pagina, "linha_ou_celula": f"linha {linha}", "dado_citado": dado, "extrator_id": "t"}
    conclusoes = {"conclusoes": [{"id": 1, "tipo": "outro", "afirmacao": "teste", "grau_confianca": "fraco", "referencias": [ref],
                                  "validacao": None}], "caso_id": "t", "data_analise": DATA}
    return validar(conclusoes, caso, DATA)["validacoes"][0]["detalhes"][0]


def test_as_duas_bibliotecas_leem_de_fato_diferente(caso):
    """Pré-condição: a divergência é real, não simulada."""
    canonica = [t.texto for t in ler_pdf(caso / "operadora.pdf", "operadora.pdf", usar_ocr=False).trechos]
    plumber = linhas_por_pagina(caso / "operadora.pdf")[1]
    assert canonica == ["Resposta da operadora", "IMEI 356938035643809 (aparelho 1)", "CPF 529.982.247-25",
                        "Telefone +55 11 98765-4321 Telefone +55 11 98765-4329", "Fim da resposta"]
    assert plumber[1:3] == ["IMEI 35693803564380 (aparelho 1)", "9"]
    assert "CPF 529.982.247-25" not in plumber and "CCPPFF 552299..998822..224477--2255" in plumber


def test_imei_que_so_o_pdfium_le_com_o_digito_colado_fica_ambiguo_com_os_dois_textos(caso):
    """Só com o PDFium seria VERIFICADO; o pdfplumber lê o "9" minúsculo fora do número."""
    detalhe = _detalhe(caso, 2, "IMEI 356938035643809")
    assert detalhe["status"] == "AMBIGUO"
    assert "só o pypdfium2 lê 356938035643809" in detalhe["observacao"]
    assert "pypdfium2 «IMEI 356938035643809 (aparelho 1)»" in detalhe["observacao"]
    assert "pdfplumber «IMEI 35693803564380 (aparelho 1)" in detalhe["observacao"]
    assert detalhe["metodo_extracao"] == "pypdfium2+pdfplumber"


def test_imei_de_14_digitos_nao_esta_na_leitura_canonica(caso):
    """O número que o pdfplumber mostra não está na linha canônica: AMBIGUO, nunca VERIFICADO."""
    detalhe = _detalhe(caso, 2, "IMEI 35693803564380")
    assert detalhe["status"] != "VERIFICADO", detalhe


def test_cpf_em_negrito_falso_que_so_o_pdfium_le_fica_ambiguo_com_os_dois_textos(caso):
    detalhe = _detalhe(caso, 3, "CPF 529.982.247-25")
    assert detalhe["status"] == "AMBIGUO"
    assert "pypdfium2 «CPF 529.982.247-25»" in detalhe["observacao"]
    assert "pdfplumber «CCPPFF 552299..998822..224477--2255»" in detalhe["observacao"]


def test_telefone_coberto_por_outro_mostra_o_texto_escondido(caso):
    detalhe = _detalhe(caso, 4, "+55 11 98765-4321")
    assert detalhe["status"] == "AMBIGUO"
    assert "pypdfium2 «Telefone +55 11 98765-4321 Telefone +55 11 98765-4329»" in detalhe["observacao"]
    assert "pdfplumber «TTeelleeffoonnee ++5555 1111 9988776655--44332219»" in detalhe["observacao"]


def test_linha_em_que_as_leituras_concordam_segue_verificada(caso):
    detalhe = _detalhe(caso, 5, "Fim da resposta")
    assert detalhe["status"] == "VERIFICADO", detalhe["observacao"]
    assert detalhe["metodo_extracao"] == "pypdfium2+pdfplumber"


@pytest.mark.parametrize("arquivo", ["resposta_meta_whatsapp.pdf", "extrato_conta_corrente.pdf"])
def test_pdfplumber_da_as_mesmas_linhas_canonicas_nos_pdfs_do_exemplo(arquivo):
    canonica = ler_pdf(CASO_DEMO / arquivo, arquivo, usar_ocr=False)
    plumber = linhas_por_pagina(CASO_DEMO / arquivo)
    assert set(plumber) == {t.pagina for t in canonica.trechos}
    for pagina, linhas in plumber.items():
        assert linhas == [t.texto for t in canonica.trechos_da_pagina(pagina)]


def test_pdfplumber_le_so_as_paginas_pedidas():
    assert sorted(linhas_por_pagina(CASO_DEMO / "resposta_meta_whatsapp.pdf", [2, 7])) == [2]


# --- lógica do confronto, com uma segunda leitura controlada -------------------------------------------------

PAGINA = ["Cabeçalho do provedor", "Acesso 187.34.56.78 porta 51234", "em 15/03/2025 11:34:02 BRT", "Outro acesso 177.20.30.40",
          "Rodapé"]
CITADOS = decompor("187.34.56.78:51234 15/03/2025 11:34:02 BRT")


@pytest.mark.parametrize("segunda", [
    PAGINA,
    ["Cabeçalho do provedor", "Acesso 187.34.56.78 porta 51234 em 15/03/2025 11:34:02 BRT", "Outro acesso 177.20.30.40", "Rodapé"],
    ["Cabeçalho", "do provedor", "Acesso 187.34.56.78", "porta 51234", "em 15/03/2025 11:34:02 BRT", "Outro acesso 177.20.30.40"],
    ["Página 1", "Resposta", "Cabeçalho do provedor", "Acesso  187.34.56.78  porta  51234", "em 15/03/2025 11:34:02 BRT", "Rodapé"],
], ids=["iguais", "segunda-junta", "segunda-quebra", "segunda-numera-diferente"])
def test_juntar_quebrar_ou_numerar_linhas_de_outro_jeito_nao_e_divergencia(segunda):
    assert confrontar(CITADOS, [1, 2], PAGINA, segunda) is None  # dado dividido nas linhas 2-3 da leitura principal


def test_valor_que_a_segunda_le_diferente_na_linha_e_divergencia():
    segunda = ["Cabeçalho do provedor", "Acesso 187.34.56.79 porta 51234", "em 15/03/2025 11:34:02 BRT", "Outro acesso 177.20.30.40"]
    divergencia = confrontar(CITADOS, [1, 2], PAGINA, segunda)
    assert divergencia is not None
    assert [v.texto for v in divergencia.valores] == ["187.34.56.78"]
    assert "pdfplumber «Acesso 187.34.56.79 porta 51234 ⏎ em 15/03/2025 11:34:02 BRT»" in divergencia.observacao
    assert "só o pypdfium2 lê 187.34.56.78" in divergencia.observacao
    assert divergencia.contradito_nas_duas is False


def test_valor_que_a_segunda_poe_longe_do_lugar_e_divergencia():
    segunda = ["Cabeçalho do provedor", "Acesso porta 51234", "em 15/03/2025 11:34:02 BRT", "Outro acesso 177.20.30.40", "Rodapé",
              "x", "y", "z", "187.34.56.78"]
    assert confrontar(CITADOS, [1, 2], PAGINA, segunda) is not None


def test_valor_que_so_a_segunda_ve_na_linha_e_divergencia():
    principal = ["Cabeçalho do provedor", "Acesso 1 8 7 . 3 4 . 5 6 . 7 8 porta 51234", "Rodapé"]
    segunda = ["Cabeçalho do provedor", "Acesso 187.34.56.78 porta 51234", "Rodapé"]
    divergencia = confrontar(decompor("187.34.56.78"), [1], principal, segunda)
    assert divergencia is not None and divergencia.so_segunda and not divergencia.so_principal
    assert "só o pdfplumber lê 187.34.56.78" in divergencia.observacao
    assert "pypdfium2 «Acesso 1 8 7 . 3 4" in divergencia.observacao


def test_nomes_dos_leitores_seguem_a_ordem_dada():
    """A mesma lógica com os papéis trocados (pdfplumber principal): os nomes vêm de `leitores`, não do código."""
    principal = ["Acesso 187.34.56.78 porta 51234"]
    segunda = ["Acesso 187.34.56.79 porta 51234"]
    divergencia = confrontar(decompor("187.34.56.78"), [0], principal, segunda, ("pdfplumber", "pypdfium2"))
    assert divergencia is not None
    assert divergencia.observacao.startswith("as duas leituras do PDF divergem no local (só o pdfplumber lê 187.34.56.78)")
    assert "pypdfium2 «Acesso 187.34.56.79 porta 51234»" in divergencia.observacao


def test_contradicao_lida_pelas_duas_bibliotecas_continua_contradicao():
    principal = ["Acesso 187.34.56.79 em 15/03/2025 11:34:02 BRT"]
    segunda = ["Acesso 187.34.56.79 em 15/03/2025"]  # a segunda não vê a hora: diverge, mas o IP errado está nas duas
    divergencia = confrontar(decompor("187.34.56.78 15/03/2025 11:34:02"), [0], principal, segunda)
    assert divergencia is not None and divergencia.contradito_nas_duas
