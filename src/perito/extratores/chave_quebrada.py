"""A chave Pix que a quebra de linha da prosa levou para a linha de baixo do anúncio ("...para a chave CPF" /
"106.576.558-48, que o aplicativo..."): o valor que abre a linha é a chave que a linha de cima anunciou."""

from __future__ import annotations

import re

from perito.chaves import evp
from perito.extratores.achado import Achado
from perito.extratores.chaves_pix import ROTULO_ID_TRANSACAO, chave_pix, email_escrito

#: o fim de uma linha que anuncia a chave cujo valor a quebra de linha levou para a linha de baixo
_ANUNCIA_CHAVE = re.compile(
    r"(?:\bchave|\bkey|\bevp)(?:\s+pix)?(?:\s+(?:aleat[óo]ria|random|evp|cpf|cnpj|celular|telefone|e-?mail))?\W{0,3}$",
    re.IGNORECASE,
)
_ANUNCIA_EMAIL = re.compile(r"e-?mail\W{0,3}$", re.IGNORECASE)
#: o primeiro pedaço da linha (até um espaço, vírgula ou ponto e vírgula)
_PRIMEIRO = re.compile(r"[^\s,;|()]+")
#: o tipo da chave que a quebra de linha levou para a linha de baixo junto com ela ("CPF 372.997.712-17")
_TIPO_NO_COMECO = re.compile(r"(?:aleat[óo]ria|random|evp|cpf|cnpj|celular|telefone|e-?mail)\s*:?\s+", re.IGNORECASE)
#: o que o reconhecedor já viu no começo da linha e que, anunciado como chave na linha de cima, vira a chave: o CPF e o
#: CNPJ (um telefone ou e-mail narrado já conta como chave, e segue telefone ou e-mail para as outras regras)
_TIPOS_DE_CHAVE_RECONHECIDOS = {"cpf": "cpf", "cnpj": "cnpj"}


def chave_quebrada(anterior: str, texto: str, achados: list[Achado]) -> list[Achado]:
    """Na prosa quebrada em linhas ("...para a chave aleatória" / "bd8ff643-..., que o aplicativo..."; "...para a
    chave CPF" / "106.576.558-48, que..."), o valor que abre a linha é a chave que a linha de cima anunciou: o UUID
    vira chave aleatória, e o CPF ou CNPJ já reconhecido vira chave desse tipo. Fora disso, um
    UUID sem fala de chave fica de fora."""
    if not _ANUNCIA_CHAVE.search(anterior) or ROTULO_ID_TRANSACAO.search(anterior[-40:]):
        return achados
    inicio = len(texto) - len(texto.lstrip())
    if tipo_no_comeco := _TIPO_NO_COMECO.match(texto, inicio):  # "...para a chave" / "CPF 372.997.712-17, que..."
        inicio = tipo_no_comeco.end()
    primeiro = next((a for a in achados if a.inicio == inicio), None)
    if primeiro is not None and (tipo := _TIPOS_DE_CHAVE_RECONHECIDOS.get(primeiro.campo)) is not None:
        chave = chave_pix(primeiro.inicio, primeiro.dado, tipo)
        chave.metadados.update({k: v for k, v in primeiro.metadados.items() if k not in chave.metadados})
        return [chave if a is primeiro else a for a in achados]
    if _ANUNCIA_EMAIL.search(anterior) and (valor := _PRIMEIRO.match(texto, inicio)) and not any(
            a.inicio < valor.end() and inicio < a.fim for a in achados):  # o e-mail inteiro já é e-mail
        # "...para a chave e-mail" / "gisele.ourique43 @correioagil.com.br, que...": o e-mail (gasto ou não)
        if (lido := email_escrito(texto, inicio, valor.end())) is not None:
            return sorted([*achados, lido], key=lambda a: (a.inicio, a.fim))
    m = evp.PADRAO_OCR.match(texto, inicio)  # a chave como escrita, ou com trocas de OCR que se desfazem
    if m is None or evp.normalizar(m.group(0)) is None or any(a.inicio < m.end() and inicio < a.fim for a in achados):
        return achados
    return sorted([*achados, chave_pix(inicio, m.group(0), "aleatoria")], key=lambda a: (a.inicio, a.fim))
