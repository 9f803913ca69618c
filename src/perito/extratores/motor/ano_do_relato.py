"""O dia contado sem o ano num relato ("no dia 2 de agosto deste ano", "em 02/08 fez um Pix"), com o ano da data em
que o próprio documento foi lavrado ("São Paulo, 05 de agosto de 2025").

O ano é o que põe o dia no ano anterior à data do documento, ou nele (um termo de 05/01/2026 que conta "20 de
dezembro" fala de 2025): ninguém narra um fato de depois do dia em que falou. Sem a data do documento, o dia fica
sem ano, e nada dele se afirma. A data do documento é citada como apoio do ano, escrita como está.
"""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

from perito.chaves import tempo
from perito.chaves import tempo_formas as formas
from perito.extratores.achado import Achado
from perito.extratores.reconhecedores import reconhecer
from perito.leitura.documento import Documento, Trecho

_ANO = re.compile(r"(?:19|20)\d{2}")
#: uma palavra que toda alternativa do papel `emissao_documento` (`rotulos._PAPEIS_DE_DATA`) exige, com as mesmas
#: letras e a mesma caixa: sem nenhuma na linha, nenhuma data dela é a da emissão, e a linha nem é reconhecida (a
#: resposta de provedor lida como relato tem 20 mil linhas de acesso com o ano escrito). O teste
#: (`tests/test_issue_27_atalhos_do_log.py`) confere as alternativas e compara com a procura em toda linha
_PODE_SER_EMISSAO = re.compile(r"generated|consulta|lavrado|registrado|paulo|emitid|impress|emiss|gerad", re.IGNORECASE)


class DataDoDocumento:
    def __init__(self, trecho: Trecho, escrita: str, data: dt.date) -> None:
        self.trecho, self.escrita, self.data = trecho, escrita, data

    def apoio(self) -> dict[str, Any]:
        local: dict[str, Any] = {"papel": "ano", "pagina": self.trecho.pagina,
                                 "linha_ou_celula": self.trecho.localizacao, "dado": self.escrita}
        if self.trecho.aba:
            local["aba_planilha"] = self.trecho.aba
        return local


def data_do_documento(documento: Documento) -> DataDoDocumento | None:
    """A data em que o documento foi lavrado (a data de emissão: "São Paulo, 05 de agosto de 2025"), a última dita."""
    achada = None
    for trecho in documento.trechos:
        if trecho.celulas is not None or not _ANO.search(trecho.texto) or not _PODE_SER_EMISSAO.search(trecho.texto):
            continue  # só linhas com um ano escrito podem ter a data completa; a linha de tabela é registro, não fecho
        for achado in reconhecer(trecho.texto):
            if achado.campo == "data_evento" and achado.metadados.get("papel") == "emissao_documento" and (
                    data := tempo.data(achado.metadados.get("data") or achado.dado)) is not None:
                achada = DataDoDocumento(trecho, achado.dado, data)
    return achada


def datas_sem_ano(texto: str, achados: list[Achado], documento: DataDoDocumento) -> list[Achado]:
    """Os dias sem ano da linha, com o ano que os põe até a data do documento (nunca depois dela)."""
    novos = []
    for inicio, fim, dia, mes in formas.dias_sem_ano(texto):
        if any(a.inicio < fim and inicio < a.fim for a in achados):
            continue  # parte de uma data completa ou de outro dado
        if (data := formas.no_ano_ate(dia, mes, documento.data)) is None:
            continue
        escrita = texto[inicio:fim]
        novos.append(Achado(inicio, fim, escrita, "data_evento", "outro", metadados={
            "data": data.strftime("%d/%m/%Y"), "data_escrita": escrita, "ano_do_periodo": documento.apoio(),
        }))
    return novos

