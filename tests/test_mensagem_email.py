"""Respostas que chegam por e-mail (`.eml`): o cabeçalho, o corpo e cada anexo são membros citáveis
(`mensagem.eml!/corpo.txt`), lidos depois da decodificação (quoted-printable, base64, RFC 2047), e o validador os
relê pelo mesmo nome. Até 6/12 a mensagem era lida como texto cru: "hor=C3=A1rio de B" numa linha e "rasília" na
outra, e o anexo em base64 não dava nada.
"""

from __future__ import annotations

import json
import zipfile
from email.message import EmailMessage
from email.policy import SMTP
from pathlib import Path

import pytest

from perito.leitura import mensagem_email
from perito.leitura.inventario import listar
from tests.conftest import conclusoes_do_caso, dados_da_pasta, pdf_de_linhas

IP = "177.45.10.2"
CORPO = (f"Prezado Delegado,\n\nEm atenção ao Ofício nº 7548/2025, informamos os registros de acesso da conta "
         f"joao.silva77@exemplo.com.br (horário de Brasília):\n\nIP {IP} porta 51234 em 02/08/2025 10:12:40\n\n"
         "Atenciosamente,\nEquipe Jurídica\n")


def _mensagem(tmp_path: Path, html: bool = True) -> bytes:
    m = EmailMessage()
    m["From"] = "Jurídico Provedor <lawenforcement@provedor-exemplo.com.br>"
    m["To"] = "dp.cibercrimes@policiacivil.sp.gov.br"
    m["Subject"] = "Resposta ao Ofício nº 7548/2025 - Registros de acesso"
    m["Date"] = "Mon, 04 Aug 2025 10:20:30 -0300"
    m["Received"] = "from mx.provedor-exemplo.com.br (mx.provedor-exemplo.com.br [200.150.3.9])"
    m["X-Originating-IP"] = "[191.22.8.40]"
    m.set_content(CORPO, cte="quoted-printable")  # como um cliente de e-mail manda texto acentuado
    if html:
        m.add_alternative(f"<html><body><p>{CORPO}</p></body></html>", subtype="html")
    m.add_attachment("Nome;CPF;Telefone\nJOAO DA SILVA;529.982.247-25;(11) 98765-4321\n".encode("cp1252"),
                     maintype="text", subtype="csv", filename="cadastro.csv")
    pdf_de_linhas(tmp_path / "oficio.pdf", ["Ofício nº 7548/2025", "Titular: JOAO DA SILVA"])
    m.add_attachment((tmp_path / "oficio.pdf").read_bytes(), maintype="application", subtype="pdf",
                     filename="C:\\Users\\juridico\\Desktop\\cadastro.csv")  # outro "cadastro.csv", com a pasta
    encaminhada = EmailMessage()
    encaminhada["From"] = "noc@provedor-exemplo.com.br"
    encaminhada["To"] = "lawenforcement@provedor-exemplo.com.br"
    encaminhada["Subject"] = "logs"
    encaminhada["MIME-Version"] = "1.0"
    encaminhada.set_content("Sessão: IP 189.40.77.12 porta 40211 em 01/08/2025 09:00:00 (horário de Brasília)\n")
    m.add_attachment(encaminhada)
    return m.as_bytes(policy=SMTP)


def test_partes_decodificadas_com_nomes_unicos_e_deterministicos(tmp_path):
    bruto = _mensagem(tmp_path)
    assert b"hor=C3=A1rio" in bruto  # a mensagem crua é quoted-printable
    partes = mensagem_email.partes(bruto)
    nomes = [nome for nome, _ in partes]
    assert nomes == ["cabecalho.txt", "corpo.txt", "cadastro.csv", "cadastro (2).csv", "mensagem-anexada-3.eml"]
    conteudo = dict(partes)
    # decodificado (o SMTP manda CRLF); só o texto: a alternativa em HTML da mesma mensagem não é outro membro
    assert conteudo["corpo.txt"].decode("utf-8").replace("\r\n", "\n") == CORPO
    assert conteudo["cadastro.csv"] == "Nome;CPF;Telefone\nJOAO DA SILVA;529.982.247-25;(11) 98765-4321\n".encode("cp1252")
    assert conteudo["cadastro (2).csv"].startswith(b"%PDF-")  # os bytes como anexados, o nome sem a pasta
    cabecalho = conteudo["cabecalho.txt"].decode("utf-8")
    assert "Subject: Resposta ao Ofício nº 7548/2025" in cabecalho and "X-Originating-IP: [191.22.8.40]" in cabecalho
    assert "200.150.3.9" not in cabecalho  # os Received são da infraestrutura de correio
    assert mensagem_email.partes(bruto) == partes


def test_so_html_vira_corpo_html(tmp_path):
    m = EmailMessage()
    m["From"], m["To"], m["MIME-Version"] = "a@x.com", "b@y.com", "1.0"
    m.set_content(f"<p>IP {IP}</p>", subtype="html")
    assert [nome for nome, _ in mensagem_email.partes(bytes(m))] == ["cabecalho.txt", "corpo.html"]


@pytest.mark.parametrize(("texto", "email"), [
    (b"Return-Path: <a@x.com>\nReceived: from mx (mx [1.2.3.4])\nFrom: a@x.com\nSubject: oi\n\ncorpo", True),
    (b"From: a@x.com\nTo: b@y.com\nMIME-Version: 1.0\nContent-Type: text/plain\n\ncorpo", True),
    (b"From: a@x.com\nTo: b@y.com\nSubject: oi\n\ncorpo", False),  # sem MIME-Version nem Received: uma transcrição
    (b"De: Delegacia\nPara: Provedor\nAssunto: Oficio\n\nSolicito...", False),
    (b"Oficio n 1/2025\nFrom: a@x.com\nMIME-Version: 1.0\n", False),  # o cabeçalho não abre o texto
])
def test_parece_email(texto, email):
    assert mensagem_email.parece_email(texto) is email


def test_inventario_lista_as_partes_e_a_mensagem_encaminhada(tmp_path):
    caso = tmp_path / "caso"
    caso.mkdir()
    (caso / "resposta.eml").write_bytes(_mensagem(tmp_path))
    arquivos = {a.nome: a for a in listar(caso)}
    assert arquivos["resposta.eml"].tipo is None and arquivos["resposta.eml"].membros == 5
    assert "mensagem de e-mail com 5 partes" in arquivos["resposta.eml"].motivo_ignorado
    assert arquivos["resposta.eml!/corpo.txt"].tipo == "txt"
    assert arquivos["resposta.eml!/cadastro.csv"].tipo == "csv"
    assert arquivos["resposta.eml!/cadastro (2).csv"].tipo == "pdf"  # pelo conteúdo, não pelo nome
    assert arquivos["resposta.eml!/mensagem-anexada-3.eml!/corpo.txt"].tipo == "txt"


def test_mensagem_dentro_de_zip(tmp_path):
    caso = tmp_path / "caso"
    caso.mkdir()
    with zipfile.ZipFile(caso / "respostas.zip", "w") as pacote:
        pacote.writestr("provedor/resposta.eml", _mensagem(tmp_path))
    ips = {d["dado"]: d for d in dados_da_pasta(caso) if d["tipo_dado"] == "ip"}
    assert ips[IP]["arquivo_fonte"] == "respostas.zip!/provedor/resposta.eml!/corpo.txt"
    assert ips[IP]["metadados"]["instante_utc"] == "2025-08-02T13:12:40Z"  # o fuso da frase, que o QP cortava


@pytest.fixture(scope="module")
def caso_email(tmp_path_factory):
    pasta = tmp_path_factory.mktemp("email")
    caso = pasta / "caso"
    caso.mkdir()
    (caso / "resposta_provedor.eml").write_bytes(_mensagem(pasta))
    (caso / "operadora_vivo.csv").write_text(
        "IP;PORTA;DATA;HORA;FUSO;LINHA;TITULAR\n"
        f"{IP};51234;02/08/2025;10:12:30;BRT;(11) 98765-4321;JOAO DA SILVA\n"
        "189.40.77.12;40211;01/08/2025;09:00:05;BRT;(11) 98765-4321;JOAO DA SILVA\n", encoding="utf-8")
    return caso, conclusoes_do_caso(caso, "2025-09-01")


@pytest.mark.parametrize(("ip", "arquivo"), [
    (IP, "resposta_provedor.eml!/corpo.txt"),
    ("189.40.77.12", "resposta_provedor.eml!/mensagem-anexada-3.eml!/corpo.txt"),
])
def test_convergencia_com_o_corpo_do_email_e_verificada(caso_email, ip, arquivo):
    _, conclusoes = caso_email
    [conclusao] = [c for c in conclusoes if c["tipo"] == "convergencia_ip" and ip in c["afirmacao"]]
    assert any(r["arquivo"] == arquivo for r in conclusao["referencias"])
    assert conclusao["validacao"]["veredicto_geral"] == "VERIFICADO"


def test_parte_que_nao_existe_nao_e_verificada(caso_email):
    from perito.validador.agente import validar

    caso, conclusoes = caso_email
    [conclusao] = [json.loads(json.dumps(c)) for c in conclusoes if c["tipo"] == "convergencia_ip" and IP in c["afirmacao"]]
    for ref in conclusao["referencias"]:
        ref["arquivo"] = ref["arquivo"].replace("corpo.txt", "corpo.html")
    conclusao["validacao"] = None
    refeita = validar({"caso_id": "x", "data_analise": "2025-09-01", "conclusoes": [conclusao]}, caso,
                      "2025-09-01")["validacoes"][0]
    assert refeita["veredicto_geral"] != "VERIFICADO"
    assert any("corpo.html" in d["observacao"] for d in refeita["detalhes"])


def test_mensagem_hostil_de_partes_aninhadas_sem_fim_nao_derruba_o_inventario(tmp_path):
    """3.000 multipart um dentro do outro estouram a recursão do parser: a mensagem fica de fora com o motivo e o
    resto do caso é lido."""
    n = 3000
    partes = "".join(f'--b{i}\nContent-Type: multipart/mixed; boundary="b{i + 1}"\n\n' for i in range(n))
    (tmp_path / "hostil.eml").write_text('From: a@x.com\nMIME-Version: 1.0\nContent-Type: multipart/mixed; boundary="b0"\n\n'
                                         + partes + f"--b{n}\nContent-Type: text/plain\n\noi\n", encoding="utf-8")
    (tmp_path / "relato.txt").write_text(f"IP {IP}\n", encoding="utf-8")
    arquivos = {a.nome: a for a in listar(tmp_path)}
    assert arquivos["hostil.eml"].tipo is None and "mensagem de e-mail ilegível" in arquivos["hostil.eml"].motivo_ignorado
    assert arquivos["relato.txt"].tipo == "txt"
