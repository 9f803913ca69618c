"""O OCR de uma página guardado para a releitura da mesma execução, pela identidade dos pixels.

O Tesseract é uma função determinística da imagem, do idioma, dos dados de idioma e da versão dele (uma thread,
`OMP_THREAD_LIMIT=1`): rodar de novo sobre os mesmos pixels só pode dar o mesmo texto, e custa segundos por página.
A leitura da análise guarda o resultado de cada página numa pasta oculta da saída (apagada no fim); a releitura
do validador abre o arquivo de novo, confere o SHA-256, desenha a página de novo, e só se os pixels desenhados
agora forem os mesmos bytes (mais o mesmo motor) toma o texto guardado. Nada do que os extratores fizeram entra:
o validador continua lendo as linhas por conta própria, localizando e comparando. O segundo método de leitura do
validador (pdfplumber) nunca vê páginas escaneadas: não havia o que repetir.

A chave é o SHA-256 de: o modo e o tamanho da imagem, os bytes dos pixels, os idiomas, a versão do Tesseract e o
SHA-256 dos dados de idioma. Cada entrada leva um HMAC com um segredo da execução, que só existe na memória de quem
analisa e nas tarefas que ele manda aos auxiliares: uma entrada ilegível, adulterada ou de outra execução é
ignorada (o OCR roda de novo).
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import tempfile
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterator


@dataclass(frozen=True)
class Guarda:
    """Onde o OCR desta execução é guardado e o segredo que assina cada entrada (vai na tarefa, nunca ao disco)."""

    pasta: Path
    segredo: bytes = field(default_factory=lambda: os.urandom(32), repr=False)


#: a guarda desta execução; None (o padrão, e o `perito validar` avulso): nada é guardado nem tomado
_GUARDA: Guarda | None = None


@contextmanager
def guardando_em(guarda: Guarda | None) -> Iterator[None]:
    """Durante o bloco, o OCR de cada página é guardado e tomado da `guarda` (um auxiliar lê um arquivo por vez)."""
    global _GUARDA
    anterior, _GUARDA = _GUARDA, guarda
    try:
        yield
    finally:
        _GUARDA = anterior


def chave(imagem: Any, motor: tuple[str, ...]) -> str:
    """SHA-256 dos pixels (com o modo e o tamanho) e do motor (idiomas, versão, dados de idioma)."""
    soma = hashlib.sha256()
    soma.update(json.dumps([imagem.mode, list(imagem.size), *motor]).encode("utf-8"))
    soma.update(imagem.tobytes())
    return soma.hexdigest()


def reconhecer_guardando(imagem: Any, motor: Callable[[], tuple[str, ...]],
                         reconhecer: Callable[[Any], tuple[list[str], float]]) -> tuple[list[str], float, bool]:
    """(linhas, confiança média, tomado do guardado) da página: do guardado, se os pixels e o motor forem os
    mesmos; senão, do `reconhecer`, guardando o resultado quando há pasta."""
    guarda = _GUARDA
    if guarda is None:
        return (*reconhecer(imagem), False)
    nome = chave(imagem, motor())
    guardado = _ler(guarda, nome)
    if guardado is not None:
        return (*guardado, True)
    resultado = reconhecer(imagem)
    _gravar(guarda, nome, resultado)
    return (*resultado, False)


def _assinatura(guarda: Guarda, nome: str, linhas: list[str], confianca: float) -> str:
    conteudo = json.dumps([nome, linhas, confianca], ensure_ascii=False).encode("utf-8")
    return hmac.new(guarda.segredo, conteudo, hashlib.sha256).hexdigest()


def _ler(guarda: Guarda, nome: str) -> tuple[list[str], float] | None:
    try:
        dados = json.loads((guarda.pasta / f"{nome}.json").read_text(encoding="utf-8"))
        linhas, confianca, assinatura = dados["linhas"], dados["confianca_media"], dados["hmac"]
    except (OSError, ValueError, KeyError, TypeError):
        return None
    if not isinstance(linhas, list) or not all(isinstance(x, str) for x in linhas):
        return None
    if not isinstance(confianca, (int, float)) or isinstance(confianca, bool) or not isinstance(assinatura, str):
        return None
    if not hmac.compare_digest(assinatura, _assinatura(guarda, nome, linhas, float(confianca))):
        return None
    return linhas, float(confianca)


def _gravar(guarda: Guarda, nome: str, resultado: tuple[list[str], float]) -> None:
    """Grava de uma vez (temporário e troca): quem lê ao mesmo tempo nunca vê meia entrada. Sem espaço ou sem
    pasta, nada é guardado: a releitura faz o OCR de novo."""
    linhas, confianca = resultado
    temporario: str | None = None
    try:
        descritor, temporario = tempfile.mkstemp(dir=guarda.pasta, suffix=".tmp")
        with os.fdopen(descritor, "w", encoding="utf-8") as saida:
            json.dump({"linhas": linhas, "confianca_media": float(confianca),
                       "hmac": _assinatura(guarda, nome, linhas, float(confianca))}, saida, ensure_ascii=False)
        os.replace(temporario, guarda.pasta / f"{nome}.json")
    except OSError:
        if temporario is not None:
            Path(temporario).unlink(missing_ok=True)
