"""Chave Pix num texto: rotulada ("Chave Pix: x", "chave aleatória 9d95..."), aleatória solta quando o texto fala de
chave, e-mail que o OCR deixou sem @; cada uma com a forma de comparação do seu tipo (`chaves/`)."""

from __future__ import annotations

import re
from typing import Iterator

from perito.chaves import email, evp, telefone
from perito.chaves.digitos import somente_digitos
from perito.extratores.achado import Achado

# "Chave Pix: x", "chave CPF 111.444.777-35", "chave e-mail x@y", "chave aleatória 9d95..." (o tipo entre o rótulo e a chave),
# "chave nº x" (o "n" do número só com o sinal: "chave e-mail nelson@..." começa com n)
PADRAO_CHAVE_ROTULADA = re.compile(
    # "chave consultada:", "chave Pix informada:": a chave de que a resposta fala (o valor ainda tem de ser uma chave)
    r"\bchave(?:\s+pix)?(?:\s+(?:consultada|pesquisada|informada|indicada|investigada|solicitada|requisitada|alvo"
    r"|de\s+destino|destinat[áa]ria|recebedora))?"
    r"(?:\s+(?:do\s+tipo\s+)?(?:cpf|cnpj|e-?mail|aleat[óo]ria|evp|celular|telefone))?\s*"
    r"(?:(?:n\s*[º°]|no?\.)\s*)?[:\-–]?\s*(?P<valor>\(?[^\s,;|()]+)",
    re.IGNORECASE,
)


def tipo_de_chave(chave: str) -> str:
    from perito.chaves import documento, telefone

    if evp.normalizar(chave):
        return "aleatoria"
    if "@" in chave:
        return "email"
    digitos = somente_digitos(chave)
    if len(digitos) == 14 and documento.cnpj_valido(digitos):
        return "cnpj"
    if len(digitos) == 11 and documento.cpf_valido(digitos) and not chave.startswith("+"):
        return "cpf"
    if telefone.e164(chave):
        return "telefone"
    return "desconhecido"


_ANUNCIA_EMAIL = re.compile(r"e-?mail", re.IGNORECASE)
#: o e-mail partido pelo OCR num ponto ("eduardo. junqueira38caixaweb.com.br"): o pedaço seguinte da linha
_CONTINUACAO = re.compile(r"\s(?P<resto>[^\s,;|()]+)")


def chaves_do_texto(texto: str) -> Iterator[Achado]:
    for m in PADRAO_CHAVE_ROTULADA.finditer(texto):
        valor = m.group("valor").rstrip(".")
        if (fone := telefone.PADRAO_TELEFONE.match(texto, m.start("valor"))) and len(fone.group(0)) > len(valor):
            # "chave Pix do tipo celular +55 11 98765-4321", "chave (11) 98765-4321": o número com os seus espaços
            valor = fone.group(0)
        tipo = tipo_de_chave(valor)
        if tipo != "desconhecido":
            yield chave_pix(m.start("valor"), valor, tipo)
        elif _ANUNCIA_EMAIL.search(texto, m.start(), m.start("valor")) and (
                lido := email_escrito(texto, m.start("valor"), m.end("valor"))):
            yield lido
    for m in evp.PADRAO_OCR.finditer(texto):  # a chave como escrita, ou com trocas de OCR que se desfazem
        if evp.normalizar(m.group(0)) and uuid_e_chave(texto, m.start()):
            yield chave_pix(m.start(), m.group(0), "aleatoria")
    if texto.count("-") >= 4:  # os quatro hífens da chave: a maioria das linhas nem entra
        for m in evp.PADRAO_DEFORMADA.finditer(texto):  # um caractere a mais ou a menos num grupo
            if (forma := evp.deformada(m.group(0))) and uuid_e_chave(texto, m.start()):
                meta = {"tipo_chave": "aleatoria", "chave_normalizada": forma, "evp_deformada": True}
                alerta = (f"chave aleatória {m.group(0)!r} lida com um caractere a mais ou a menos (OCR): comparada às "
                          "chaves do DICT por uma inserção ou perda; confira na imagem")
                yield Achado(m.start(), m.end(), m.group(0), "chave_pix", "financeiro", metadados=meta, alerta=alerta)


def email_escrito(texto: str, inicio: int, fim: int) -> Achado | None:
    """"chave e-mail claudio.castrollcaixaweb.com.br": o e-mail que o OCR deixou sem `@` (ou com um `E` no lugar
    dele), partido num ponto ("eduardo. junqueira38...") ou com espaço antes do `@` ("julio.toledo77 @mailvale.com").
    Junto e com `@`, é um e-mail comum; sem `@`, leva a forma de comparação que sobrevive ao OCR."""
    while (seguinte := _CONTINUACAO.match(texto, fim)) and (
            texto[inicio:fim].endswith((".", "@")) or seguinte.group("resto").startswith("@")):
        fim = seguinte.end("resto")
    literal = texto[inicio:fim].rstrip(".").rstrip(",")
    if not _termina_em_dominio(literal):
        literal = _ate_o_dominio(texto, inicio, fim) or literal
    junto = "".join(literal.split())
    if email.normalizar(junto) is not None:  # o espaço que o OCR pôs dentro do e-mail
        return Achado(inicio, inicio + len(literal), literal, "chave_pix", "financeiro",
                      metadados={"tipo_chave": "email", "chave_normalizada": junto.lower()})
    if not email.lido_sem_arroba(junto):
        return None
    meta = {"tipo_chave": "email", "chave_normalizada": email.forma_ocr(literal), "email_sem_arroba": True}
    alerta = (f"e-mail {literal!r} lido sem o @ (OCR): comparado às chaves do DICT sem o @ e sem as trocas de "
              "OCR; confira na imagem")
    return Achado(inicio, inicio + len(literal), literal, "chave_pix", "financeiro", metadados=meta, alerta=alerta)


def _termina_em_dominio(literal: str) -> bool:
    junto = "".join(literal.split())
    return email.normalizar(junto) is not None or email.lido_sem_arroba(junto)


#: pedaços que o OCR pode ter separado de um e-mail (o `@` lido como espaço: "aline.nascimento 76 lumenmail.com")
_PEDACOS_DO_EMAIL = 3


def _ate_o_dominio(texto: str, inicio: int, fim: int) -> str | None:
    """O e-mail anunciado que o OCR partiu em espaços (o `@` lido como um): os pedaços seguintes da linha, até
    três, quando juntos terminam num domínio; senão nada (o texto seguinte é prosa, não o e-mail)."""
    for _ in range(_PEDACOS_DO_EMAIL):
        seguinte = _CONTINUACAO.match(texto, fim)
        if seguinte is None:
            return None
        fim = seguinte.end("resto")
        literal = texto[inicio:fim].rstrip(".")
        if _termina_em_dominio(literal):
            return literal
    return None


# rótulos de identificador de transação: o UUID depois deles é o id da operação, não a chave de quem recebe
ROTULO_ID_TRANSACAO = re.compile(
    r"(?:\bid\b|identificador|e2e|end[\s-]?to[\s-]?end|autentica[çc][ãa]o|protocolo|transa[çc][ãa]o|transaction|"
    r"n[º°o.]*\s*(?:do\s+)?documento|c[óo]digo)\W{0,12}$",
    re.IGNORECASE,
)
_FALA_DE_CHAVE = re.compile(r"\bchave|\bkey\b|\bevp\b|aleat[óo]ria|\brandom\b", re.IGNORECASE)


def uuid_e_chave(texto: str, inicio: int) -> bool:
    """Um UUID solto é chave Pix aleatória (EVP) só quando o texto (a linha, ou o rótulo de cima relido com ela)
    fala de chave, e nunca logo depois de um rótulo de identificador de transação."""
    antes = texto[max(0, inicio - 40):inicio]
    if ROTULO_ID_TRANSACAO.search(antes):
        return False
    return _FALA_DE_CHAVE.search(texto) is not None


def chave_pix(inicio: int, valor: str, tipo: str) -> Achado:
    from perito.chaves import telefone

    if tipo == "aleatoria" and (meta := evp.CHAVE_ALEATORIA.metadados(valor)):
        return Achado(inicio, inicio + len(valor), valor, "chave_pix", "financeiro", metadados=meta,
                      alerta=evp.CHAVE_ALEATORIA.alerta(valor))
    normal = valor.lower() if tipo in ("aleatoria", "email") else somente_digitos(valor)
    if tipo == "telefone":
        normal = telefone.e164(valor) or normal
    return Achado(
        inicio, inicio + len(valor), valor, "chave_pix", "financeiro",
        metadados={"tipo_chave": tipo, "chave_normalizada": normal},
    )
