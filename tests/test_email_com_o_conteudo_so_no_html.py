"""A resposta por e-mail com a tabela só na forma HTML (sonda da 24ª sessão): a mensagem tem a forma de texto
("Segue a resposta em HTML.") e a HTML com os lançamentos. Só a de texto era lida: nada do extrato entrava no caso, e
a análise dizia "nenhuma conclusão". Agora a forma de texto que é só um resumo da HTML cede o lugar a ela."""

from __future__ import annotations

from email.message import EmailMessage
from pathlib import Path

from perito.leitura.mensagem_email import partes
from tests.conftest import conclusoes_do_caso

_HTML = """<html><body>
<p>Prezados, em atenção ao Ofício nº 5521/2025, seguem os lançamentos da conta corrente nº 7712345-0, agência 0001,
de titularidade de <b>RAFAEL SOUZA PINTO</b>, CPF 083.271.946-31 (horários de Brasília):</p>
<table border="1">
<tr><th>Data</th><th>Hora</th><th>Descrição</th><th>Valor</th></tr>
<tr><td>14/07/2025</td><td>15:21:07</td><td>PIX RECEBIDO - ANA BEATRIZ MOREIRA</td><td>2.350,00</td></tr>
<tr><td>14/07/2025</td><td>15:38:40</td><td>PIX ENVIADO - LUCIANA FERREIRA DIAS</td><td>-2.300,00</td></tr>
</table></body></html>"""
_TEXTO_INTEIRO = ("Prezados, em atenção ao Ofício nº 5521/2025, seguem os lançamentos da conta corrente nº 7712345-0, "
                  "agência 0001, de titularidade de RAFAEL SOUZA PINTO, CPF 083.271.946-31 (horários de Brasília):\n"
                  "Data Hora Descrição Valor\n14/07/2025 15:21:07 PIX RECEBIDO - ANA BEATRIZ MOREIRA 2.350,00\n"
                  "14/07/2025 15:38:40 PIX ENVIADO - LUCIANA FERREIRA DIAS -2.300,00\n")


def _mensagem(texto: str) -> bytes:
    mensagem = EmailMessage()
    mensagem["From"] = "juridico@original.com.br"
    mensagem["Subject"] = "Resposta Ofício 5521/2025"
    mensagem.set_content(texto)
    mensagem.add_alternative(_HTML, subtype="html")
    return bytes(mensagem)


def test_o_resumo_em_texto_cede_a_forma_html(tmp_path: Path) -> None:
    assert [nome for nome, _ in partes(_mensagem("Segue a resposta em HTML."))] == ["cabecalho.txt", "corpo.html"]
    caso = tmp_path / "caso"
    caso.mkdir()
    (caso / "resposta.eml").write_bytes(_mensagem("Segue a resposta em HTML."))
    (caso / "bo.txt").write_text("BOLETIM DE OCORRÊNCIA\nVítima: ANA BEATRIZ MOREIRA, CPF 318.274.519-04.\nHistórico: "
                                 "em 14/07/2025 a vítima transferiu R$ 2.350,00 via Pix.\n", encoding="utf-8")
    (materialidade,) = [c for c in conclusoes_do_caso(caso) if c["tipo"] == "materialidade"]
    assert "(resposta.eml!/corpo.html, linha 3: 2.350,00" in materialidade["afirmacao"]
    assert materialidade["validacao"]["veredicto_geral"] == "VERIFICADO"


def test_armadilha_a_forma_de_texto_inteira_continua(tmp_path: Path) -> None:
    """As duas formas com o mesmo conteúdo: a de texto, uma só (o mesmo dado não converge consigo mesmo)."""
    assert [nome for nome, _ in partes(_mensagem(_TEXTO_INTEIRO))] == ["cabecalho.txt", "corpo.txt"]
