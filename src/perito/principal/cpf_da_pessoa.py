"""O CPF de uma pessoa num registro: o que está com ela, não o primeiro do registro.

Um registro pode ter mais de uma pessoa com o seu CPF: a linha de uma relação de transferências (pagador e recebedor,
cada um com o seu), as linhas de um cadastro de assinantes que o texto junta num registro só. O primeiro CPF do
registro era o de todos: "JOAO PAULO RAMOS, CPF 157.368.193-84" com o CPF da assinante da linha de cima.
"""

from __future__ import annotations

from perito.principal.indice import Indice
from perito.principal.ocorrencias import Ocorrencia


def cpfs_da_pessoa(indice: Indice, pessoa: Ocorrencia) -> list[Ocorrencia]:
    """Os CPFs de `pessoa` (um nome) no registro dela: todos, se o registro só tem um; senão o escrito no mesmo local
    (a mesma linha ou célula), ou o que vem depois do nome e antes do próximo nome do registro (a coluna do CPF ao
    lado da do nome)."""
    do_registro = indice.no_registro(pessoa, "cpf")
    if len({_documento(c) for c in do_registro}) <= 1:
        return do_registro
    mesmo_local = indice.no_local(pessoa, "cpf")
    if len({_documento(c) for c in mesmo_local}) == 1:
        return mesmo_local
    seguinte = min((n.seq for n in indice.no_registro(pessoa, "nome_titular") if n.seq > pessoa.seq), default=None)
    return [c for c in do_registro if c.seq > pessoa.seq and (seguinte is None or c.seq < seguinte)]


def _documento(cpf: Ocorrencia) -> str:
    return cpf.meta.get("digitos") or cpf.literal
