"""O registro de chamada da bilhetagem: os dois números de uma ligação, não duas linhas da operadora.

Na bilhetagem (CDR) cada registro tem o número de origem, o de destino e a data-hora da chamada; o número de destino é
o de quem recebeu a ligação (a vítima, um terceiro), não uma linha cadastrada na operadora que respondeu. Os telefones
desse registro ficam marcados `em_chamada`, e as conclusões os dizem "número em chamada registrada na bilhetagem da
operadora" em vez de "linha na operadora". Só num documento de bilhetagem (o vocabulário dele no topo) e num registro
com dois números diferentes e uma data-hora: a ficha de cadastro com a linha e um telefone de contato não é chamada.
"""

from __future__ import annotations

import re
from typing import Any

from perito.chaves.nome import dobrar
from perito.extratores.montagem import Registro
from perito.extratores.reconhecedores import reconhecer
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


def marcar(registro: Registro, linha: dict[str, Any] | None = None) -> None:
    """Os telefones de um registro com dois números diferentes e uma data-hora ficam `em_chamada`. Na bilhetagem de
    uma linha só (`linha_da_bilhetagem`), o registro com um número, outro que não ela, é a chamada entre os dois: o
    número fica `em_chamada` e leva a linha (`linha_da_bilhetagem`, com o lugar onde ela foi dita)."""
    telefones = [i.achado for i in registro.itens if i.achado.campo == "telefone"]
    # o número comparável que o reconhecedor já deu (E.164); os algarismos, quando ele não deu
    numeros = {t.metadados.get("e164") or re.sub(r"\D", "", t.dado) for t in telefones}
    if not numeros or (len(numeros) < 2 and (linha is None or numeros == {linha["e164"]})):
        return
    if not any(i.achado.campo == "data_evento" and "hora" in i.achado.metadados for i in registro.itens):
        return
    for telefone in telefones:
        telefone.metadados["em_chamada"] = True
        if len(numeros) == 1 and linha is not None:
            telefone.metadados["linha_da_bilhetagem"] = dict(linha)


#: o rótulo da linha da bilhetagem no topo ("Extrato de chamadas da linha 11987654321", "Linha: (11) ...", "Terminal",
#: "MSISDN", "Número consultado"), sem acento e em minúsculas
_ROTULO_DA_LINHA = re.compile(r"\b(?:linha|terminal|msisdn|numero consultado|numero investigado|acesso|target)\b")


def linha_da_bilhetagem(documento: Documento) -> dict[str, Any] | None:
    """A linha de que a bilhetagem é o extrato, dita uma vez no topo (antes da primeira linha com data e hora): um
    número só, rotulado. None quando o topo não diz uma linha só (a bilhetagem com as duas colunas de número)."""
    achadas: dict[str, dict[str, Any]] = {}
    for trecho in documento.trechos[:_LINHAS]:
        achados = reconhecer(trecho.texto)
        if any(a.campo == "data_evento" and "hora" in a.metadados for a in achados):
            break  # a primeira chamada: o topo acabou
        for achado in achados:
            numero = achado.metadados.get("e164")
            if achado.campo != "telefone" or not numero:
                continue
            if not _ROTULO_DA_LINHA.search(dobrar(trecho.texto[: achado.inicio])):
                continue
            achadas.setdefault(numero, {"e164": numero, "pagina": trecho.pagina, "aba_planilha": trecho.aba,
                                        "linha_ou_celula": trecho.localizacao, "dado": achado.dado})
    return next(iter(achadas.values())) if len(achadas) == 1 else None
