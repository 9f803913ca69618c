"""A agência e a conta escritas nas células de uma linha de planilha, cada rótulo com o seu número.

O preâmbulo de um extrato em planilha põe a conta em células vizinhas: "Agência: 0001 | Conta: 7788990-1", ou o
rótulo e o número cada um na sua ("Agência | 0001 | Conta | 7788990-1"). Cada célula sozinha não é uma conta; a
linha lida junta (as células separadas por tabulação, como uma linha de CSV) é. O dado fica na célula do número da
conta, e a agência (e o banco) nas células deles, citados como apoio, como `planilha._conta_das_colunas` faz com as
colunas Agência e Conta de uma tabela."""

from __future__ import annotations

import re
from itertools import accumulate
from typing import Callable

from perito.chaves.digitos import somente_digitos
from perito.extratores.achado import Achado
from perito.extratores.montagem import Item
from perito.extratores.rotulos import contas
from perito.leitura.documento import Trecho

#: um número como a conta e a agência se escrevem ("7788990-1", "0001", "01.012345.6")
_NUMERO = re.compile(r"\d[\d.]*(?:-[\dXx]{1,2})?")


def conta_nas_celulas(celulas: list[Trecho], itens: list[Item]) -> Item | None:
    if len(celulas) < 2 or any(i.achado.campo == "conta_bancaria" for i in itens):
        return None
    linha = "\t".join(c.texto for c in celulas)
    if (achado := next((a for a in contas(linha) if a.campo == "conta_bancaria"), None)) is None:
        return None
    fins = list(accumulate(len(c.texto) + 1 for c in celulas))  # a posição depois da tabulação de cada célula
    primeira = next(i for i, fim in enumerate(fins) if achado.inicio < fim)
    ultima = next(i for i, fim in enumerate(fins) if achado.fim <= fim)
    if primeira == ultima:
        return None  # a conta inteira numa célula: o reconhecedor da célula já a leu
    meta, alcance = achado.metadados, celulas[primeira:ultima + 1]
    if (da_conta := _numero_em(alcance, lambda d: (d.lstrip("0") or "0") == meta["conta"])) is None:
        return None
    celula, numero = da_conta
    apoios = []
    for papel in ("banco", "agencia"):
        valor = meta.get(papel)
        if valor and (onde := _numero_em(alcance, lambda d, v=valor: d == v)) is not None and onde[0] is not celula:
            apoios.append({"papel": papel, "pagina": None, "linha_ou_celula": onde[0].localizacao,
                           "dado": onde[1].group(), "aba_planilha": onde[0].aba})
    return Item(Achado(numero.start(), numero.end(), numero.group(), "conta_bancaria", "financeiro",
                       metadados={**meta, "apoio": apoios}), celula)


def _numero_em(celulas: list[Trecho], confere: Callable[[str], bool]) -> tuple[Trecho, re.Match] | None:
    """A célula e o número escrito nela cujos dígitos `confere` aceita."""
    for celula in celulas:
        for m in _NUMERO.finditer(celula.texto):
            if confere(somente_digitos(m.group())):
                return celula, m
    return None
