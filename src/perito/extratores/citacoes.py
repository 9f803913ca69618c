"""Texto citado dentro de um relato: a mensagem transcrita entre aspas nunca é achado nem instrução.

FORMATOS.md §6: num boletim ou termo, o que vem entre aspas depois de "transcrevemos" (ou "com o
seguinte teor", "dizia") são as palavras do suspeito. Um IP, CPF ou conta ali dentro é o que a mensagem
diz, não o que a polícia apurou: o dado continua no lote, marcado `citacao`, e o principal não o usa
como chave. As aspas podem abrir numa linha e fechar noutra; uma linha em branco encerra a citação.
"""

from __future__ import annotations

import re
from typing import Any

from perito.chaves.nome import dobrar
from perito.leitura.documento import Documento

#: o que anuncia uma transcrição, logo antes das aspas (sem acento, minúsculas)
_DEIXA = re.compile(
    r"\b(transcrev\w*|transcrit[oa]s?|reproduz\w*|(com o|de) seguinte teor|nos seguintes termos|dizia|dizendo"
    r"|escreveu|escrito|mensagem|recebeu o texto)\b[^\"“”«»]{0,60}[:,]?\s*$"
)
#: um pedaço de cada alternativa de _DEIXA (sem acento, minúsculas): sem nenhum, a deixa não está no texto
_PALAVRAS_DA_DEIXA = ("transcrev", "transcrit", "reproduz", "seguinte teor", "seguintes termos", "dizia", "dizendo",
                      "escreveu", "escrito", "mensagem", "recebeu o texto")
_ABRE = "\"“«"
_FECHA = {"\"": "\"", "“": "”", "«": "»"}
#: até onde se procura a deixa antes das aspas (caracteres, atravessando a quebra de linha)
_ANTES = 120
#: uma citação sem aspas de fechamento termina aqui (linhas)
_MAXIMO_DE_LINHAS = 40

Chave = tuple[Any, Any, str]


def intervalos(documento: Documento) -> dict[Chave, list[tuple[int, int]]]:
    """(página, aba, localização) → trechos [início, fim) de cada linha que estão dentro de uma citação."""
    resultado: dict[Chave, list[tuple[int, int]]] = {}
    anterior = ""  # o texto que veio antes, para achar a deixa
    fecha: str | None = None
    linhas_dentro = 0
    for trecho in documento.trechos:
        texto = trecho.texto
        chave = (trecho.pagina, trecho.aba, trecho.localizacao)
        if not texto.strip():
            fecha, anterior = None, ""  # parágrafo novo: a citação acabou
            continue
        inicio = 0
        # a deixa só pode estar numa janela desta linha se estiver no texto dela com o de antes (a janela dobrada é
        # um pedaço do todo dobrado): num JSON, cada linha tem aspas e nenhuma deixa, e a busca por aspas custava
        # metade da extração
        pode_ter_deixa: bool | None = None
        for posicao, caractere in enumerate(texto):
            if fecha is not None:
                if caractere == fecha:
                    resultado.setdefault(chave, []).append((inicio, posicao + 1))
                    fecha = None
            elif caractere in _ABRE:
                if pode_ter_deixa is None:
                    dobrado = dobrar(anterior + " " + texto)
                    pode_ter_deixa = any(palavra in dobrado for palavra in _PALAVRAS_DA_DEIXA)
                if pode_ter_deixa and _DEIXA.search(dobrar((anterior + " " + texto[:posicao])[-_ANTES:])):
                    fecha, inicio, linhas_dentro = _FECHA[caractere], posicao, 0
        if fecha is not None:
            resultado.setdefault(chave, []).append((inicio, len(texto)))
            linhas_dentro += 1
            if linhas_dentro > _MAXIMO_DE_LINHAS:
                fecha = None
        anterior = (anterior + " " + texto)[-_ANTES:]
    return resultado


def marcar(dado: dict[str, Any], chave: Chave, inicio: int, citados: dict[Chave, list[tuple[int, int]]]) -> None:
    """Marca o dado como texto citado quando ele começa dentro de uma citação da sua linha."""
    if any(a <= inicio < b for a, b in citados.get(chave, ())):
        dado["metadados"]["citacao"] = True
