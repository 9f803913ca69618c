"""Mensagens de e-mail (`.eml`, RFC 5322) no caso: a resposta de um provedor ou de um banco que chegou por e-mail.

Lida como um pacote (`pacote.py`), sem nada extraído para o disco: o texto cru da mensagem tem o corpo em
quoted-printable ou base64 (palavras e linhas cortadas, "hor=C3=A1rio de B" numa linha e "rasília" na outra) e os
anexos ilegíveis. O parser da biblioteca padrão (`email`, política `default`) separa as partes, e cada uma é um membro
citável como `mensagem.eml!/nome`:

- `cabecalho.txt`: os campos que dizem quem mandou, para quem, quando e de onde (`From`, `To`, `Cc`, `Reply-To`,
  `Date`, `Subject`, `Message-ID`, `X-Originating-IP`), um por linha, como escritos (os `Received` dos servidores
  de correio ficam de fora: são endereços da infraestrutura, não de quem escreveu);
- `corpo.txt` ou `corpo.html`: o corpo, decodificado pelo charset que a mensagem declara; quando a mensagem tem
  as duas formas (texto e HTML da mesma mensagem), só uma, para que o mesmo dado não apareça em dois "arquivos" e
  convirja consigo mesmo: a de texto, salvo quando ela é só um resumo da HTML (menos da metade do texto visível
  dela: "Segue a resposta em HTML.", com a tabela de lançamentos só no HTML);
- cada anexo pelo nome do arquivo (só o nome, sem pasta; um nome inseguro ou ausente vira `anexo-N.ext`), com os
  bytes como foram anexados; uma mensagem anexada (encaminhada) é outra mensagem, `mensagem-anexada-N.eml`, lida
  do mesmo jeito. Dois anexos com o mesmo nome ganham ` (2)`, ` (3)`... na ordem da mensagem.

A lista é determinística (a ordem das partes na mensagem): o validador relê o mesmo membro pelo mesmo nome.
"""

from __future__ import annotations

import mimetypes
import re
from email import policy
from email.message import EmailMessage
from email.parser import BytesParser
from pathlib import PurePosixPath

#: os campos do cabeçalho que entram em `cabecalho.txt`, na ordem em que aparecem na mensagem
CAMPOS = ("from", "to", "cc", "reply-to", "date", "subject", "message-id", "x-originating-ip")
CABECALHO = "cabecalho.txt"

#: o começo de uma mensagem: campos "Nome: valor" (com continuação indentada), sem linha em branco antes
_CAMPO = re.compile(rb"^[A-Za-z][A-Za-z0-9-]{1,40}:[ \t]")
_CAMPOS_DE_EMAIL = re.compile(rb"^(?:from|date|subject|received|message-id|mime-version|return-path|delivered-to|to):",
                              re.IGNORECASE)


def parece_email(inicio: bytes) -> bool:
    """As primeiras linhas são campos de cabeçalho de e-mail, com `MIME-Version` ou `Received` e `From` entre eles: uma
    carta que só transcreve "De:"/"Para:" não é mensagem."""
    nomes: set[bytes] = set()
    for linha in inicio.lstrip(b"\xef\xbb\xbf").splitlines()[:60]:
        if not linha.strip():
            break  # fim do cabeçalho
        if linha[:1] in (b" ", b"\t"):
            continue  # continuação do campo anterior
        if not _CAMPO.match(linha) and not linha.startswith(b"From "):  # "From " do formato mbox
            return False
        if _CAMPOS_DE_EMAIL.match(linha):
            nomes.add(linha.split(b":", 1)[0].lower())
    return b"from" in nomes and (b"mime-version" in nomes or b"received" in nomes)


def partes(bruto: bytes) -> list[tuple[str, bytes]]:
    """(nome do membro, bytes) de cada parte, na ordem da mensagem."""
    mensagem = BytesParser(policy=policy.default).parsebytes(bruto)
    assert isinstance(mensagem, EmailMessage)
    nomes: set[str] = set()
    saida: list[tuple[str, bytes]] = []

    def acrescentar(nome: str, conteudo: bytes) -> None:
        unico, n = nome, 1
        while unico.lower() in nomes:
            n += 1
            caminho = PurePosixPath(nome)
            unico = f"{caminho.stem} ({n}){caminho.suffix}"
        nomes.add(unico.lower())
        saida.append((unico, conteudo))

    acrescentar(CABECALHO, _cabecalho(mensagem).encode("utf-8"))
    corpo = _corpo(mensagem)
    if corpo is not None:
        html = corpo.get_content_subtype() == "html"
        acrescentar("corpo.html" if html else "corpo.txt", _texto(corpo).encode("utf-8"))
    for numero, anexo in enumerate(mensagem.iter_attachments(), start=1):
        if anexo.get_content_type() == "message/rfc822":
            interna = anexo.get_content()
            acrescentar(_nome_seguro(anexo.get_filename(), f"mensagem-anexada-{numero}.eml", ".eml"),
                        interna.as_bytes(policy=policy.default) if isinstance(interna, EmailMessage) else b"")
            continue
        conteudo = anexo.get_payload(decode=True)
        extensao = mimetypes.guess_extension(anexo.get_content_type()) or ".bin"
        acrescentar(_nome_seguro(anexo.get_filename(), f"anexo-{numero}{extensao}", extensao),
                    conteudo if isinstance(conteudo, bytes) else b"")
    return saida


#: o texto da forma "texto" menor que esta fração do texto visível da forma HTML é um resumo ("Segue a resposta em
#: HTML.", "Seu leitor de e-mail não mostra HTML"), não a mesma mensagem
_FRACAO_DE_RESUMO = 0.5


def _corpo(mensagem: EmailMessage) -> EmailMessage | None:
    """O corpo: a forma de texto quando a mensagem tem as duas; a HTML quando a de texto é só um resumo dela (a resposta
    do banco com a tabela de lançamentos só no HTML e "Segue a resposta em HTML." no texto: lida a de texto, nada)."""
    texto = mensagem.get_body(preferencelist=("plain",))
    html = mensagem.get_body(preferencelist=("html",))
    if texto is None or html is None:
        return texto or html
    visivel = len(" ".join(_SEM_ETIQUETAS.sub(" ", _texto(html)).split()))
    return html if len(" ".join(_texto(texto).split())) < visivel * _FRACAO_DE_RESUMO else texto


_SEM_ETIQUETAS = re.compile(r"<(?:script|style)\b.*?</(?:script|style)>|<[^>]*>", re.IGNORECASE | re.DOTALL)


def ler(bruto: bytes, nome: str) -> bytes | None:
    """Os bytes do membro `nome`; None se a mensagem não tem essa parte."""
    return next((conteudo for parte, conteudo in partes(bruto) if parte == nome), None)


def _cabecalho(mensagem: EmailMessage) -> str:
    linhas = []
    for nome, valor in mensagem.items():
        if nome.lower() in CAMPOS:
            linhas.append(f"{nome}: {' '.join(str(valor).split())}")
    return "\n".join(linhas) + "\n"


def _texto(parte: EmailMessage) -> str:
    try:
        conteudo = parte.get_content()
    except (LookupError, ValueError):  # charset desconhecido: o texto em latin-1 não perde nenhum byte
        bruto = parte.get_payload(decode=True)
        return bruto.decode("latin-1") if isinstance(bruto, bytes) else ""
    return conteudo if isinstance(conteudo, str) else ""


#: um nome de anexo que não pode ser citado como membro (pasta, "..", o separador de níveis do pacote)
_INSEGURO = re.compile(r"[\x00-\x1f]|!/")


def _nome_seguro(nome: str | None, padrao: str, extensao: str) -> str:
    """Só o nome do arquivo anexado, sem pasta (o Outlook manda `C:\\...\\x.pdf`); sem nome, o padrão."""
    if not nome:
        return padrao
    base = PurePosixPath(nome.replace("\\", "/")).name.strip()
    if not base or base in (".", "..") or _INSEGURO.search(base):
        return padrao
    return base if PurePosixPath(base).suffix else base + extensao
