"""A outra parte sozinha numa célula de descrição de um lançamento de transferência.

O extrato que escreve a operação numa coluna e a outra parte sozinha noutra ("Data Lançamento;Histórico;Descrição;
Valor;Saldo" com "Pix recebido;JOSE PEREIRA SANTOS;2.500,00", a exportação do Banco Inter): a célula de descrição que
é só um nome, num lançamento de transferência, é a contraparte, e o lado vem do valor (crédito: ela pagou). Numa
compra ou tarifa ("Compra no débito;Padaria Central") não há transferência: o nome fica como estava (nenhum).
"""

from __future__ import annotations

import re

from perito.chaves.nome import dobrar
from perito.extratores.achado import Achado
from perito.extratores.rotulos import NOME

#: a transferência dita numa célula do lançamento ("Pix recebido", "TED enviada", "Transferência")
_TRANSFERENCIA = re.compile(r"(?i)\b(?:pix|ted|doc|tef|transf)")
#: a célula que é só o nome, ou o dia e a hora do Pix antes dele ("14/07 15:21 Ana Beatriz Moreira", a coluna "Detalhes"
#: do CSV do Banco do Brasil)
_NOME_INTEIRO = re.compile(
    rf"\s*(?:\d{{2}}/\d{{2}}(?:/\d{{2,4}})?\s+)?(?:\d{{1,2}}:\d{{2}}(?::\d{{2}})?\s+)?(?P<valor>{NOME})\s*")


def lancamento_de_transferencia(texto: str, achados: list[Achado]) -> bool:
    """O registro é uma transferência com valor e ainda sem pessoa nenhuma."""
    # os achados antes do texto: num log de acessos (nenhum valor) a linha nem é procurada
    return (any(a.campo == "valor_transacao" for a in achados) and not any(a.campo == "nome_titular" for a in achados)
            and _TRANSFERENCIA.search(texto) is not None)


def nome(celula: str, inicio: int) -> Achado | None:
    """A célula inteira como contraparte, se ela é só um nome de duas palavras ou mais; `inicio`: onde ela começa."""
    if (m := _NOME_INTEIRO.fullmatch(celula)) is None or len((valor := m.group("valor")).split()) < 2:
        return None
    inicio += m.start("valor")
    return Achado(inicio, inicio + len(valor), valor, "nome_titular", "pessoa",
                  metadados={"nome_normalizado": dobrar(valor), "papel": "contraparte"})
