"""Sinaliza texto de documento com forma de instrução ao modelo ou de chamada de ferramenta.

Nada aqui protege sozinho: a proteção é que nenhuma saída do Claude vale sem passar pela
ancoragem, pela checagem da afirmação e pelo validador. O alerta existe para o
investigador saber que um documento do caso tenta dirigir a análise (o que já é um
fato a registrar) e que o texto foi tratado só como dado.
"""

from __future__ import annotations

import re

from perito.chaves.nome import dobrar
from perito.leitura.documento import Documento, Trecho
from perito.texto_ptbr import plural

# sobre o texto dobrado (sem acento, minúsculo)
_PADROES: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("pede para ignorar instruções", re.compile(
        r"\b(ignore|ignora|ignorar|desconsidere|esqueca|disregard|forget)\b.{0,40}\b(instruc|orientac|regras|instruction|prompt)"
    )),
    ("manda marcar resultados", re.compile(r"\b(marque|marcar|mark|classifique)\b.{0,40}\b(verificad|verified|contradit)")),
    ("fala com o modelo", re.compile(
        r"\b(system prompt|prompt de sistema|voce e agora|you are now|novas instrucoes|new instructions)\b"
    )),
    ("imita uma mensagem de papel", re.compile(r"^\s*(system|assistant|human|user|sistema|assistente)\s*:")),
    ("imita uma chamada de ferramenta ou um delimitador", re.compile(
        r"tool_use|tool_result|function_call|</?\s*(documento|dados|tool|instruc)|registrar_dados|propor_conclusoes"
    )),
)
#: alertas por arquivo (um documento hostil não afoga o relatório)
MAXIMO_POR_ARQUIVO = 10


def suspeita(texto: str) -> str | None:
    dobrado = dobrar(texto)
    return next((motivo for motivo, padrao in _PADROES if padrao.search(dobrado)), None)


def alertas(documento: Documento) -> list[str]:
    achados: list[tuple[Trecho, str]] = [(t, m) for t in documento.trechos if (m := suspeita(t.texto))]
    mensagens = [
        f"{documento.arquivo} ({t.onde()}): o texto {motivo}; tratado só como dado, nunca como instrução"
        for t, motivo in achados[:MAXIMO_POR_ARQUIVO]
    ]
    if len(achados) > MAXIMO_POR_ARQUIVO:
        mais = plural(len(achados) - MAXIMO_POR_ARQUIVO, "trecho", "trechos")
        mensagens.append(f"{documento.arquivo}: mais {mais} com forma de instrução")
    return mensagens
