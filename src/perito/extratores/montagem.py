"""Monta os dados de um registro (linha, registro CSV, linha de planilha) e liga os que se referem uns aos outros.

Dentro de um registro:
- o IP leva a data-hora (com fuso) e a porta do mesmo registro;
- o valor de uma transação leva data, hora, fuso, direção, meio e contraparte;
- todos levam `registro`, a identidade do registro, para o principal agrupar
  titular, CPF e linha de um cadastro sem reler texto.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from perito.extratores.achado import Achado
from perito.leitura.documento import Documento, Trecho

_DEBITO = re.compile(r"\b(ENVIAD[OA]|EMITID[OA]|D[ÉE]BITO|PAGAMENTO|SAQUE|TRANSFER[ÊE]NCIA\s+ENVIADA)\b|\sD\s*$", re.I)
_CREDITO = re.compile(r"\b(RECEBID[OA]|CR[ÉE]DITO|DEP[ÓO]SITO)\b|\sC\s*$", re.I)
_MEIO = re.compile(r"\b(PIX|TED|DOC|TEF|BOLETO|SAQUE|DEP[ÓO]SITO)\b", re.I)


@dataclass
class Item:
    """Um achado já posto num trecho (o registro pode ter vários trechos: as células de uma linha)."""

    achado: Achado
    trecho: Trecho


@dataclass
class Registro:
    identidade: str
    texto: str  # texto do registro inteiro (para direção e meio de uma transação)
    itens: list[Item] = field(default_factory=list)
    #: linha de extrato bancário: valor positivo sem marcação é crédito na conta do extrato
    extrato: bool = False


def ligar(registro: Registro) -> None:
    """Preenche os metadados de ligação entre os achados do registro."""
    achados = [i.achado for i in registro.itens]
    momentos = [i for i in registro.itens if i.achado.campo == "data_evento" and "hora" in i.achado.metadados]
    datas = [i for i in registro.itens if i.achado.campo == "data_evento"]
    nomes = [a for a in achados if a.campo == "nome_titular"]
    for item in registro.itens:
        achado = item.achado
        achado.metadados["registro"] = registro.identidade
        if achado.tipo_dado == "ip" and momentos:
            _ligar_instante(item, _mais_proximo(momentos, item))
        if achado.campo == "valor_transacao":
            _ligar_transacao(item, registro, momentos or datas, nomes)


def _mais_proximo(candidatos: list[Item], alvo: Item) -> Item:
    # no mesmo trecho, o mais próximo no texto; senão o primeiro do registro
    mesmos = [c for c in candidatos if c.trecho is alvo.trecho]
    if mesmos:
        return min(mesmos, key=lambda c: abs(c.achado.inicio - alvo.achado.inicio))
    return candidatos[0]


def _ligar_instante(item: Item, momento: Item) -> None:
    meta, origem = item.achado.metadados, momento.achado
    meta["data_hora"] = origem.dado
    meta["data"] = origem.metadados["data"]
    if "hora" in origem.metadados:
        meta["hora"] = origem.metadados["hora"]
    if origem.fuso:
        meta["fuso"] = origem.fuso
    if "instante_utc" in origem.metadados:
        meta["instante_utc"] = origem.metadados["instante_utc"]
    if momento.trecho is not item.trecho:
        meta["apoio"] = [_local(momento)]  # a data-hora está em outra célula: o principal cita as duas


def _ligar_transacao(item: Item, registro: Registro, quando: list[Item], nomes: list[Achado]) -> None:
    meta = item.achado.metadados
    valor = Decimal(meta["valor"])
    # direção só quando o documento a diz (sinal, marcação D/C, histórico) ou num extrato
    if valor < 0 or _DEBITO.search(registro.texto):
        meta["direcao"] = "debito"
    elif _CREDITO.search(registro.texto) or (registro.extrato and valor > 0):
        meta["direcao"] = "credito"
    if meio := _MEIO.search(registro.texto):
        meta["meio"] = meio.group(1).upper()
    if quando:
        origem = quando[0].achado
        for chave in ("data", "hora", "instante_utc"):
            if chave in origem.metadados:
                meta[chave] = origem.metadados[chave]
        if origem.fuso:
            meta["fuso"] = origem.fuso
        if quando[0].trecho is not item.trecho:
            meta["apoio"] = [_local(quando[0])]
    contrapartes = [n for n in nomes if n.metadados.get("papel") in ("remetente", "destinatario", "contraparte")]
    if contrapartes:
        meta["contraparte"] = contrapartes[0].dado
        meta["contraparte_normalizada"] = contrapartes[0].metadados["nome_normalizado"]


def _local(item: Item) -> dict[str, Any]:
    local: dict[str, Any] = {"linha_ou_celula": item.trecho.localizacao, "dado": item.achado.dado}
    if item.trecho.aba:
        local["aba_planilha"] = item.trecho.aba
    return local


def dado(documento: Documento, item: Item, familia: str) -> dict[str, Any]:
    """O DadoExtraido (seção 1) de um achado."""
    achado, trecho = item.achado, item.trecho
    resultado: dict[str, Any] = {
        "dado": achado.dado,
        "campo": achado.campo,
        "arquivo_fonte": documento.arquivo,
        "pagina": trecho.pagina,
        "linha_ou_celula": trecho.localizacao,
        "texto_original": trecho.texto,
        "tipo_dado": achado.tipo_dado,
        "metadados": {**achado.metadados, "metodo_extracao": trecho.metodo, "familia_fonte": familia},
    }
    if achado.fuso:
        resultado["fuso_horario_original"] = achado.fuso
    if trecho.aba:
        resultado["aba_planilha"] = trecho.aba
    if trecho.valor_bruto is not None:
        resultado["metadados"]["valor_bruto_celula"] = trecho.valor_bruto
    if trecho.metodo.startswith("ocr") and trecho.pagina in documento.confianca_ocr:
        resultado["metadados"]["confianca_ocr_pagina"] = documento.confianca_ocr[trecho.pagina]
    return resultado
