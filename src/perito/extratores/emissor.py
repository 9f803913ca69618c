"""Quem emitiu o documento: a empresa que se nomeia no topo da resposta ("Apple Inc.", "CASAMAR TEMPORADAS LTDA").

Duas respostas de provedores diferentes (Apple e um site de anúncios) são fontes independentes, ainda que da
mesma família; duas respostas da mesma empresa (duas da Meta) são uma fonte só. Só conta o nome com a forma
jurídica escrita (Inc., Ltda., S.A., LLC...) nas primeiras linhas: sem ela, o emissor é desconhecido e a
independência fica com a família, como antes (a dúvida nunca fortalece uma conclusão).
"""

from __future__ import annotations

import re

from perito.chaves.nome import dobrar
from perito.leitura.documento import Documento

_FORMA_JURIDICA = re.compile(
    r"(?P<nome>[A-Za-zÀ-ÿ0-9][A-Za-zÀ-ÿ0-9&'.,\- ]{1,60}?)[\s,]+"
    r"(?:Inc|Ltda|LTDA|S\.\s?A|SA|LLC|Ltd|Corp|Corporation|GmbH|Eireli|EIRELI|ME|EPP)\.?(?![\w])"
)
#: quantas linhas do topo do documento olhar
_LINHAS_DO_TOPO = 3


def emissor(documento: Documento) -> str | None:
    """O nome dobrado da empresa que emite o documento, ou None quando o topo não a nomeia com a forma jurídica."""
    vistas = 0
    for trecho in documento.trechos:
        texto = trecho.texto.strip()
        if not any(c.isalpha() for c in texto):
            continue
        if m := _FORMA_JURIDICA.search(texto):
            nome = re.sub(r"[^\w ]", " ", dobrar(m.group("nome")))
            return " ".join(nome.split()) or None
        vistas += 1
        if vistas >= _LINHAS_DO_TOPO:
            return None
    return None
