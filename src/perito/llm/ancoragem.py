"""Ancoragem: um dado do Claude só fica se o documento o diz no local citado.

Regras (nesta ordem; a primeira que falha descarta o dado, com o motivo):
1. `arquivo_fonte` é o arquivo enviado e o local (`pagina`, `linha_ou_celula`,
   `aba_planilha`) é um dos trechos enviados nesta chamada;
2. `texto_original` é exatamente o texto desse trecho, depois da normalização;
3. `dado` está dentro de `texto_original`, depois da normalização, e cada valor dele
   (IP, data, valor, número, palavra...) é um token inteiro do texto, pela mesma
   decomposição em valores do validador: "189.45.12.10" não está em "189.45.12.100";
4. o fuso, se dado, também está no texto.

Normalização (a mesma dos dois lados): Unicode NFC, toda sequência de espaços
(inclusive tabulação e espaço não separável) vira um espaço, pontas aparadas. Nada
mais: caixa, acentos e pontuação precisam bater.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Any

from perito.chaves.comparacao import tokens_inteiros
from perito.leitura.documento import Documento, Trecho

_ESPACOS = re.compile(r"\s+")


def normalizar(texto: str) -> str:
    return _ESPACOS.sub(" ", unicodedata.normalize("NFC", texto)).strip()


def chave_local(trecho: Trecho) -> tuple[int | None, str | None, str]:
    return (trecho.pagina, trecho.aba, trecho.localizacao)


def ancorar(dado: dict[str, Any], documento: Documento, enviados: set[tuple]) -> tuple[Trecho | None, str]:
    """(trecho do documento, "") se o dado se sustenta; (None, motivo em pt-BR) se não."""
    if dado.get("arquivo_fonte") != documento.arquivo:
        return None, f"cita o arquivo {dado.get('arquivo_fonte')!r}, não o enviado"
    pagina, aba, onde = dado.get("pagina"), dado.get("aba_planilha"), dado.get("linha_ou_celula", "")
    trecho = documento.trecho(pagina, onde, aba) if (pagina, aba, onde) in enviados else None
    if trecho is None:
        return None, "o local citado não é um dos trechos enviados"
    texto = normalizar(trecho.texto)
    if normalizar(dado.get("texto_original", "")) != texto:
        return None, "o texto_original não é o texto do local citado"
    valor = normalizar(dado.get("dado", ""))
    if not valor or valor not in texto or not tokens_inteiros(valor, texto):
        return None, "o dado não está no texto do local citado"
    fuso = dado.get("fuso_horario_original")
    if fuso and normalizar(fuso) not in texto:
        return None, "o fuso informado não está no texto do local citado"
    return trecho, ""
