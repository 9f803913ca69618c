"""Tipos de valor: cada tipo é dono do seu reconhecimento, normalização, comparação e marcadores.

Como o `PropertyType` do followthemoney: quem precisa saber o que é um IMEI, quando dois CPFs
são o mesmo ou se um número é só um marcador de "não informado" pergunta ao tipo, nunca
refaz a regra. Extratores (reconhecedores e colunas), validador, lacunas e a checagem dos dados
do Claude passam por aqui, para nunca discordarem.

Cada classe vive no módulo de `chaves/` do seu tipo (`imei.Imei`, `documento.Cpf`...); este
módulo só define o contrato e o registro.
"""

from __future__ import annotations

from typing import Any, ClassVar


class TipoValor:
    """Contrato de um tipo de valor. `literal` é sempre o texto como o documento o escreveu."""

    #: nome do tipo no registro
    nome: ClassVar[str] = ""
    #: `campo` e `tipo_dado` do contrato (seção 2) para um dado deste tipo
    campo: ClassVar[str] = "outro"
    tipo_dado: ClassVar[str] = "outro"

    def normalizar(self, literal: str) -> str | None:
        """A forma de comparação, ou None quando o literal não tem a forma do tipo."""
        raise NotImplementedError

    def metadados(self, literal: str) -> dict[str, Any] | None:
        """Os metadados normalizados de um dado deste tipo (None quando o literal não tem a forma)."""
        normal = self.normalizar(literal)
        return None if normal is None else {"normalizado": normal}

    def alerta(self, literal: str) -> str | None:
        """O aviso que o literal merece (dígito verificador inválido...), ou None."""
        return None

    def mesmo(self, a: str, b: str) -> bool:
        """Dois literais que denotam o mesmo valor."""
        na = self.normalizar(a)
        return na is not None and na == self.normalizar(b)

    def marcador(self, literal: str) -> bool:
        """Valor que só diz "não informado" (dígitos repetidos, corrida de 9s): nunca é chave de nada."""
        return False


_REGISTRO: dict[str, TipoValor] = {}


def registrar(tipo: TipoValor) -> TipoValor:
    if tipo.nome in _REGISTRO and type(_REGISTRO[tipo.nome]) is not type(tipo):
        raise ValueError(f"tipo de valor {tipo.nome!r} registrado duas vezes")
    _REGISTRO[tipo.nome] = tipo
    return tipo


def tipo(nome: str) -> TipoValor:
    """O tipo registrado com esse nome (os módulos de `chaves/` registram os seus ao serem importados)."""
    _carregar()
    return _REGISTRO[nome]


def todos() -> dict[str, TipoValor]:
    _carregar()
    return dict(_REGISTRO)


def _carregar() -> None:
    # importar os módulos registra os tipos; importados aqui para que `tipos` não dependa da ordem
    from perito.chaves import documento, imei, ip, telefone  # noqa: F401
