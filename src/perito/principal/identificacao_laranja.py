"""identificacao_laranja: indícios de conta de passagem ("laranja") numa conta que recebeu da vítima.

Cada indício é dito com sua prova: (1) repassa a maior parte do crédito da vítima em
pouco tempo; (2) conta aberta pouco antes; (3) muitos pagadores distintos; (4) os
repasses vão para o titular da linha usada no golpe (pessoa diferente do titular da
conta). Grau: três indícios ou mais, forte; dois, moderado; um, fraco.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from perito.principal.indice import Indice
from perito.principal.ocorrencias import Ocorrencia
from perito.principal.parametros import Parametros
from perito.principal.referencias import referencias
from perito.principal.telefones import e164
from perito.principal.transacoes import Transacao, intervalo, transacoes
from perito.principal.vinculo_financeiro import repasses, saltos


def concluir(indice: Indice, parametros: Parametros) -> list[dict[str, Any]]:
    conclusoes = []
    vistos: set[str] = set()
    for _, credito, _ in saltos(indice):
        arquivo = credito.valor.arquivo
        if arquivo in vistos:
            continue
        vistos.add(arquivo)
        indicios: list[tuple[str, list[Ocorrencia]]] = []
        saidas = repasses(indice, credito, parametros)
        indicios += _repasse(credito, saidas, parametros)
        indicios += _conta_recente(indice, credito, parametros)
        indicios += _muitos_pagadores(indice, credito, parametros)
        indicios += _destino_e_titular_da_linha(indice, credito, saidas)
        if not indicios:
            continue
        grau = "forte" if len(indicios) >= 3 else "moderado" if len(indicios) == 2 else "fraco"
        titular = credito.titular.literal if credito.titular else arquivo
        lista = "; ".join(f"({i}) {texto}" for i, (texto, _) in enumerate(indicios, start=1))
        citados = [*credito.ocorrencias, *(o for _, provas in indicios for o in provas)]
        if credito.titular:
            citados.append(credito.titular)
        conclusoes.append({
            "tipo": "identificacao_laranja",
            "afirmacao": (
                f"A conta de {titular} ({arquivo}), que recebeu {credito.descrever()}, tem {len(indicios)} "
                f"indício(s) de conta de passagem: {lista}. Grau {grau}: {len(indicios)} indício(s) independente(s)."
            ),
            "grau_confianca": grau,
            "referencias": referencias(citados),
            "chave_ordenacao": arquivo,
        })
    return conclusoes


def _repasse(credito: Transacao, saidas: list[Transacao], parametros: Parametros) -> list[tuple[str, list[Ocorrencia]]]:
    total = sum((t.quantia for t in saidas), Decimal(0))
    if not saidas or total < credito.quantia * Decimal(str(parametros.fracao_repasse)):
        return []
    ultima = saidas[-1]
    fracao = int(total * 100 / credito.quantia)
    texto = (
        f"saídas que somam {fracao}% do valor recebido em até {intervalo(credito, ultima)} depois do crédito "
        f"({'; '.join(t.descrever() for t in saidas)})"
    )
    return [(texto, [o for t in saidas for o in t.ocorrencias])]


def _conta_recente(indice: Indice, credito: Transacao, parametros: Parametros) -> list[tuple[str, list[Ocorrencia]]]:
    arquivo = credito.valor.arquivo
    aberturas = [o for o in indice.do_arquivo(arquivo, "data_evento") if o.meta.get("papel") == "abertura_conta"]
    for abertura in aberturas:
        if not (abertura.dia and credito.dia and abertura.dia <= credito.dia):
            continue
        if credito.dia - abertura.dia <= parametros.conta_recente:
            # sem "N dias": o validador só confere intervalos entre instantes citados
            texto = f"conta aberta em {abertura.literal} ({abertura.onde}), menos de um mês antes do crédito da vítima"
            return [(texto, [abertura])]
    return []


def _muitos_pagadores(indice: Indice, credito: Transacao, parametros: Parametros) -> list[tuple[str, list[Ocorrencia]]]:
    entradas = [
        t for t in transacoes(indice, "banco")
        if t.direcao == "credito" and t.valor.arquivo == credito.valor.arquivo
    ]
    pagadores = {t.nome_contraparte: t for t in entradas if t.nome_contraparte}
    if len(pagadores) < parametros.muitos_pagadores:
        return []
    nomes = ", ".join(t.contraparte.literal for t in pagadores.values() if t.contraparte)
    provas = [o for t in pagadores.values() for o in t.ocorrencias]
    return [(f"{len(pagadores)} pagadores distintos no extrato ({nomes})", provas)]


def _destino_e_titular_da_linha(
    indice: Indice, credito: Transacao, saidas: list[Transacao]
) -> list[tuple[str, list[Ocorrencia]]]:
    """Os repasses vão para quem a operadora diz ser titular de uma linha que aparece no provedor."""
    titulares = _titulares_de_linhas_no_provedor(indice)
    for saida in saidas:
        if not saida.nome_contraparte or saida.nome_contraparte == credito.nome_titular:
            continue
        if saida.nome_contraparte in titulares:
            linha, titular = titulares[saida.nome_contraparte]
            texto = (
                f"os repasses vão para {titular.literal}, titular na operadora da linha {linha.literal} "
                f"({linha.onde}) que aparece na resposta do provedor, e não para o titular da conta"
            )
            return [(texto, [*saida.ocorrencias, linha, titular])]
    return []


def _titulares_de_linhas_no_provedor(indice: Indice) -> dict[str, tuple[Ocorrencia, Ocorrencia]]:
    """Nome normalizado → (linha, titular) das linhas da operadora que o provedor também registra."""
    if "titulares_no_provedor" not in indice.memoria:
        no_provedor = {e164(o) for o in indice.do_campo("telefone") if o.familia == "provedor" and e164(o)}
        titulares: dict[str, tuple[Ocorrencia, Ocorrencia]] = {}
        for linha in indice.do_campo("telefone"):
            if linha.familia == "operadora" and e164(linha) in no_provedor:
                for nome in indice.no_registro(linha, "nome_titular"):
                    titulares.setdefault(nome.meta["nome_normalizado"], (linha, nome))
        indice.memoria["titulares_no_provedor"] = titulares
    return indice.memoria["titulares_no_provedor"]  # type: ignore[return-value]
