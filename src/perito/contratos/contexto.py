"""O texto em volta de uma linha citada, como o validador o releu: o dado que os relatórios e a revisão mostram.

Só dados (o validador o produz em `validador/contexto.py`; `contextos.json` o guarda entre execuções): quem o
mostra não abre documento nenhum.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable


@dataclass
class Contexto:
    #: (localização, texto, é a linha citada)
    linhas: list[tuple[str, str, bool]] = field(default_factory=list)
    #: células da linha citada (CSV, TXT com TAB, tabela HTML/DOCX, linha da planilha)
    celulas: list[str] = field(default_factory=list)
    #: por que não há contexto (arquivo mudou, local inexistente...)
    motivo: str = ""
    sha256: str = ""

    def como_dict(self) -> dict[str, Any]:
        return {"linhas": [{"local": local, "texto": texto, "citada": citada} for local, texto, citada in self.linhas],
                "celulas": self.celulas, "motivo": self.motivo}


@dataclass
class Trechos:
    """O que a releitura do validador entrega aos relatórios: o contexto e o recorte de cada referência (por rótulo
    "3.2"), o que guardar em contextos.json e a conferência dos dados dos ofícios (`conferir(referencia)` → o
    detalhe da validação daquela referência)."""

    contextos: dict[str, dict[str, Any]]
    recortes: dict[str, str]
    guardar: list[dict[str, Any]]
    conferir: Callable[[dict[str, Any]], dict[str, Any]]
    conferencias: Callable[[], list[dict[str, Any]]]
    #: chamada com todas as referências a conferir antes da primeira (`conferir`): a releitura traz as linhas delas
    preparar: Callable[[list[dict[str, Any]]], None] = lambda _refs: None
    #: os recortes das páginas desenhadas são tirados num processo à parte a partir desta chamada (sem ela, por
    #: quem espera), e chegam a `recortes` em `esperar_recortes`, antes de desenhá-los
    comecar_recortes: Callable[[], None] = lambda: None
    esperar_recortes: Callable[[], None] = lambda: None
