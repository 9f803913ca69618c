"""As contas de um arquivo que traz os extratos de mais de uma, cada uma sob a sua declaração de titular.

O extrator dá a cada lançamento o titular declarado acima dele (`contexto_titular`: nome, CPF, conta). Um arquivo com
duas contas ("Titular: JOANA ... Conta 1112223-4" e, adiante, "Titular: RAFAEL ... Conta 4471239-8") tem lançamentos
de duas contas; um extrato de uma conta só pode repetir a declaração a cada página, às vezes sem a conta ou sem o CPF.
Só se parte o arquivo pelo que todas as declarações dizem e que difere entre elas: a conta, se todas a dizem; senão o
CPF, se todos o dizem; senão o nome. Assim a página que repete só o nome do titular não vira outra conta.
"""

from __future__ import annotations

from typing import Any, Iterable

from perito.chaves.nome import dobrar


def chave_da_secao(contextos: Iterable[dict[str, Any] | None]) -> str | None:
    """O campo da declaração que separa as contas do arquivo ("conta_chave", "cpf" ou "nome"), ou None quando o
    arquivo é de uma conta só (ou quando nenhum campo é dito por todas as declarações)."""
    declarados = [c for c in contextos if c]
    if not declarados:
        return None
    for campo in ("conta_chave", "cpf", "nome"):
        valores = [_normal(campo, c.get(campo)) for c in declarados]
        if all(valores):
            return campo if len(set(valores)) > 1 else None
    return None


def secao(contexto: dict[str, Any] | None, campo: str | None) -> str | None:
    """A conta do lançamento pelo campo que separa as contas do arquivo; None fora de um arquivo de várias contas."""
    if campo is None or not contexto:
        return None
    return _normal(campo, contexto.get(campo))


def _normal(campo: str, valor: Any) -> str | None:
    if not valor:
        return None
    if campo == "cpf":
        return "".join(c for c in str(valor) if c.isdigit()) or None
    if campo == "nome":
        return " ".join(dobrar(str(valor)).split())
    return str(valor)
