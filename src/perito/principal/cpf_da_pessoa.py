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
    # com uma pessoa só no registro, o CPF dele é dela; com duas (a empresa titular da linha e o usuário, cada um com o
    # seu documento, o CNPJ fora dos CPFs), o único CPF do registro pode ser do outro nome
    uma_pessoa = len({n.meta.get("nome_normalizado") for n in indice.no_registro(pessoa, "nome_titular")}) <= 1
    if len({_documento(c) for c in do_registro}) <= 1 and uma_pessoa:
        return do_registro
    mesmo_local = indice.no_local(pessoa, "cpf")
    # o mesmo local só diz de quem é o CPF quando tem uma pessoa só (a linha de um CSV é um local com as duas)
    so_ela = len({n.meta.get("nome_normalizado") for n in indice.no_local(pessoa, "nome_titular")}) <= 1
    if so_ela and len({_documento(c) for c in mesmo_local}) == 1:
        return mesmo_local
    seguinte = min((n.seq for n in indice.no_registro(pessoa, "nome_titular") if n.seq > pessoa.seq), default=None)
    return [c for c in do_registro if c.seq > pessoa.seq and (seguinte is None or c.seq < seguinte)]


def _documento(cpf: Ocorrencia) -> str:
    return cpf.meta.get("digitos") or cpf.literal
