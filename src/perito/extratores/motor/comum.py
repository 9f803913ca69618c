"""Peças comuns aos caminhos de registro: o fuso do contexto, o papel das datas pela coluna, onde está um trecho."""

from __future__ import annotations

import re
from functools import lru_cache

from perito.extratores import colunas, rotulos
from perito.extratores.achado import Achado
from perito.extratores.contexto import Contexto, Declaracao, aplicar_fuso
from perito.extratores.papeis import achado_da_coluna, documento_da_coluna
from perito.leitura.documento import Trecho


def _numero_da_linha(trecho: Trecho) -> int | None:
    m = re.fullmatch(r"linha (\d+)", trecho.localizacao)
    return int(m.group(1)) if m else None


def linha_em_branco_entre(a: Trecho, b: Trecho) -> bool:
    na, nb = _numero_da_linha(a), _numero_da_linha(b)
    # b.apos_omissao: o salto é de linhas que a leitura em partes omitiu (`leitura.em_partes`), não de linhas vazias
    return a.pagina is None and na is not None and nb is not None and nb - na > 1 and not b.apos_omissao


def fuso_do_contexto(achados: list[Achado], trecho: Trecho, ctx: Contexto, arquivo: str,
                      declaracao_coluna: Declaracao | None = None) -> None:
    """Data-hora sem fuso próprio recebe o fuso declarado acima dela (o mais próximo)."""
    for achado in achados:
        if achado.campo == "data_evento" and "hora" in achado.metadados and not achado.fuso:
            if (declaracao := ctx.fuso_para(trecho, declaracao_coluna)) is not None:
                aplicar_fuso(achado, declaracao, arquivo)


def papel_pela_coluna(achados: list[Achado], nome_coluna: str) -> None:
    """A data de uma coluna "Data de Ativação" é uma ativação de linha; o nome de uma coluna "Pagador" é quem pagou."""
    if papel := rotulos.papel_da_data(nome_coluna):
        papel_das_datas(achados, papel)
    if lado := lado_da_coluna(nome_coluna):
        lado_das_pessoas(achados, lado)


#: a coluna diz de que lado da transferência está a pessoa: "Payer Name", "Nome do pagador", "Remetente", "Depositante"
#: pagou; "Favorecido", "Beneficiário", "Recebedor", "Payee" recebeu
_QUEM_PAGOU = frozenset({"pagador", "payer", "remetente", "sender", "depositante", "ordenante", "originador"})
_QUEM_RECEBEU = frozenset({"recebedor", "favorecido", "beneficiario", "destinatario", "payee", "recipient",
                           "beneficiary"})
#: a coluna da outra parte sem dizer o lado ("Nome contraparte", "Counterparty"): o sentido vem do valor
_CONTRAPARTE = frozenset({"contraparte", "counterparty", "contrapartida"})
#: a coluna de quem sofreu o golpe na tabela de um relatório policial ("Vítima | CPF | Data | Valor")
_QUEM_RELATA = frozenset({"vitima", "vitimas", "lesado", "lesada"})
_INVESTIGADO = frozenset({"investigado", "investigada", "suspeito", "suspeita", "indiciado", "indiciada"})
#: os papéis genéricos que o lado da coluna especifica (o de um rótulo próprio fica)
_PAPEIS_GENERICOS = frozenset({"titular", "nome", "cliente", "identificado_por_cpf"})


@lru_cache(maxsize=4096)  # pura; pedida para cada achado de cada linha de uma planilha, pelo nome da coluna
def lado_da_coluna(nome_coluna: str) -> str | None:
    palavras = set(colunas.palavras(nome_coluna))
    if palavras & _QUEM_PAGOU and palavras & _QUEM_RECEBEU:
        # "Favorecido/Pagador", "Pagador ou recebedor": a coluna da outra parte, que o sentido do valor diz de que lado
        return "contraparte"
    if palavras & _QUEM_PAGOU:
        return "remetente"
    if palavras & _QUEM_RECEBEU:
        return "destinatario"
    if palavras & _CONTRAPARTE:
        return "contraparte"
    if palavras & _QUEM_RELATA:
        return "vitima"
    if palavras & _INVESTIGADO:
        return "investigado"
    return None


def lado_das_pessoas(achados: list[Achado], lado: str) -> None:
    for achado in achados:
        if achado.campo == "nome_titular" and achado.metadados.get("papel", "titular") in _PAPEIS_GENERICOS:
            achado.metadados["papel"] = lado


def papel_das_datas(achados: list[Achado], papel: str) -> None:
    for achado in achados:
        if achado.campo == "data_evento":
            achado.metadados.setdefault("papel", papel)


def refinar(achado: Achado, papel: str) -> None:
    """O papel da coluna afina o campo: um telefone numa coluna de chave Pix é uma chave Pix; onze dígitos
    numa coluna de CPF são um CPF (com DV certo), não um telefone."""
    if papel in ("cpf", "documento") and achado.campo == "telefone":
        if (documento := achado_da_coluna(papel, achado.dado, achado.inicio)) is not None:
            achado.campo, achado.tipo_dado, achado.metadados = documento.campo, documento.tipo_dado, documento.metadados
            achado.alerta = documento.alerta
        return
    if papel == "chave_pix" and achado.campo in ("telefone", "email", "cpf"):
        achado.metadados.setdefault("tipo_chave", {"telefone": "telefone", "email": "email", "cpf": "cpf"}[achado.campo])
        achado.campo, achado.tipo_dado = "chave_pix", "financeiro"
    elif papel in ("cpf", "documento") and achado.campo == "telefone":
        documento_da_coluna(achado)  # 11 dígitos na coluna do CPF: o CPF, não um celular com DDD
