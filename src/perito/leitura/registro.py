"""A forma única de um registro lido: campos, cada um com o seu rótulo e a própria localização.

Um leitor que reconhece a estrutura do documento (objetos de um JSON, blocos chave-valor) entrega,
além das linhas (`Documento.trechos`), os registros que elas formam. O campo aponta o trecho (a
linha física, a célula) em que o valor está escrito e a posição do valor dentro do texto dele, de
modo que o que se cita é sempre o texto literal daquela linha — o validador relê por linha.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from perito.leitura.documento import Trecho


@dataclass(frozen=True, slots=True)
class Campo:
    rotulo: str | None
    valor: str  # o valor como escrito no trecho
    trecho: Trecho
    inicio: int  # posição do valor em `trecho.texto`

    def __post_init__(self) -> None:
        assert self.trecho.texto[self.inicio : self.inicio + len(self.valor)] == self.valor, "campo fora do seu trecho"


@dataclass(slots=True)
class RegistroLido:
    identidade: str  # "linha 12" (onde o registro começa), com a página quando houver
    campos: list[Campo] = field(default_factory=list)
    #: todas as linhas do registro na ordem do documento, rótulos soltos inclusive (`<dt>` de um HTML); vazio:
    #: as linhas dos campos
    linhas: list[Trecho] = field(default_factory=list)

    def trechos(self) -> list[Trecho]:
        if self.linhas:
            return list(self.linhas)
        vistos: dict[int, Trecho] = {}
        for campo in self.campos:
            vistos.setdefault(id(campo.trecho), campo.trecho)
        return list(vistos.values())
