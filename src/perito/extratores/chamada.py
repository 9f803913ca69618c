"""O registro de chamada da bilhetagem: os dois números de uma ligação, não duas linhas da operadora.

Na bilhetagem (CDR) cada registro tem o número de origem, o de destino e a data-hora da chamada; o número de destino é
o de quem recebeu a ligação (a vítima, um terceiro), não uma linha cadastrada na operadora que respondeu. Os telefones
desse registro ficam marcados `em_chamada`, e as conclusões os dizem "número em chamada registrada na bilhetagem da
operadora" em vez de "linha na operadora". Só num documento de bilhetagem (o vocabulário dele no topo) e num registro
com dois números diferentes e uma data-hora: a ficha de cadastro com a linha e um telefone de contato não é chamada.
"""

from __future__ import annotations

import re

from perito.chaves.nome import dobrar
from perito.extratores.montagem import Registro
from perito.leitura.documento import Documento

#: palavras que só a bilhetagem escreve (título ou cabeçalho), sem acento e em minúsculas
#: ("chamadas" sozinho, não: "não há registros de chamadas" numa ficha de cadastro)
_BILHETAGEM = re.compile(r"\b(?:bilhetagem|extrato de chamadas|registros? de chamadas|call detail|cdr|numero chamado"
                         r"|numero chamador|called number|calling number|duracao|duration|numero a|numero b|num a|num b)\b")
#: linhas do topo lidas para decidir
_LINHAS = 40


def de_bilhetagem(documento: Documento) -> bool:
    texto = " ".join(t.texto for t in documento.trechos[:_LINHAS])
    return _BILHETAGEM.search(dobrar(texto).replace("_", " ")) is not None


def marcar(registro: Registro) -> None:
    """Os telefones de um registro com dois números diferentes e uma data-hora ficam `em_chamada`."""
    telefones = [i.achado for i in registro.itens if i.achado.campo == "telefone"]
    # o número comparável que o reconhecedor já deu (E.164); os algarismos, quando ele não deu
    if len({t.metadados.get("e164") or re.sub(r"\D", "", t.dado) for t in telefones}) < 2:
        return
    if not any(i.achado.campo == "data_evento" and "hora" in i.achado.metadados for i in registro.itens):
        return
    for telefone in telefones:
        telefone.metadados["em_chamada"] = True
