"""O relatório de transferências com os dois lados em cada linha: de quem para quem, não o extrato de uma conta.

A resposta do banco sobre os Pix de uma conta (a "relação de Pix", o relatório do SPI) escreve em cada linha o
pagador e o recebedor, cada um com nome, CPF e conta, sem dizer qual deles é a conta investigada nem o sentido do
lançamento. A conta do relatório é a da pessoa que está em todas as linhas, de um lado ou do outro: quando ela é a
recebedora, o lançamento é um crédito e a outra parte é quem pagou; quando é a pagadora, um débito para quem recebeu.
Sem uma pessoa só em todas as linhas (duas ou mais), nada se afirma: o lançamento fica sem sentido, como estava.
"""

from __future__ import annotations

from perito.principal.identidades import Pessoa
from perito.principal.indice import Indice
from perito.principal.ocorrencias import Ocorrencia


def lados(indice: Indice, valor: Ocorrencia) -> tuple[Pessoa, Pessoa] | None:
    """(pagador, recebedor) da linha do valor: um nome de cada lado, cada um com o CPF que vem logo depois dele."""
    vizinhos = sorted(indice.no_registro(valor, "nome_titular", "cpf"), key=lambda o: o.seq)
    pessoas: dict[str, Pessoa] = {}
    atual: Pessoa | None = None
    for o in vizinhos:
        if o.campo == "nome_titular":
            lado = o.meta.get("papel")
            if lado not in ("remetente", "destinatario") or lado in pessoas:
                return None
            atual = pessoas[lado] = Pessoa(o.meta.get("nome_normalizado"), None, provas=[o], literal=o.literal)
        elif atual is not None and atual.cpf is None and o.meta.get("digitos"):
            atual.cpf = o.meta["digitos"]
            atual.provas.append(o)
    if set(pessoas) != {"remetente", "destinatario"}:
        return None
    return pessoas["remetente"], pessoas["destinatario"]


def pessoa_do_relatorio(linhas: list[tuple[Pessoa, Pessoa]]) -> Pessoa | None:
    """A única pessoa presente em todas as linhas, de um lado ou do outro (pelo CPF, ou pelo nome sem CPF); com uma
    linha só, as duas estão em todas, e nenhuma é a conta. `linhas` nunca vazia."""
    candidatas = list(linhas[0])
    comuns = [c for c in candidatas if all(c.mesma(a) or c.mesma(b) for a, b in linhas)]
    return comuns[0] if len(comuns) == 1 else None
