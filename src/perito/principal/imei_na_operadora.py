"""convergencia_imei dentro da resposta da operadora: o mesmo aparelho com duas linhas ao longo do tempo.

Na bilhetagem (ou no histórico IMEI × linha) cada registro traz o IMEI e os números do evento. A linha
do aparelho num registro é, entre os números dele, o que mais aparece nos registros desse IMEI (a
própria linha está em todos os seus eventos; um contato, só nos que o envolvem). Duas linhas ou mais
para o mesmo corpo de 14 dígitos: o chip foi trocado no mesmo aparelho.

Armadilha: um número que aparece junto de outra linha do aparelho num mesmo registro é o outro lado da
ligação, não um segundo chip. Uma resposta é uma fonte só (família operadora): no máximo moderado, e a
afirmação diz isso; um dígito de Luhn inválido rebaixa um grau.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from perito.principal import graus
from perito.principal.indice import Indice
from perito.principal.ocorrencias import Ocorrencia, ordem
from perito.principal.referencias import referencias
from perito.texto_ptbr import plural

#: registros citados por linha (o primeiro e o último: o período em que o chip esteve no aparelho)
CITADOS_POR_LINHA = 2


def concluir(indice: Indice) -> list[dict[str, Any]]:
    grupos = indice.agrupar(
        (o for o in indice.do_campo("imei") if o.familia == "operadora"), lambda o: o.meta.get("imei_corpo")
    )
    conclusoes = []
    for corpo, grupo in grupos.items():
        linhas = linhas_do_aparelho(indice, grupo)
        if len(linhas) >= 2:
            conclusoes.append(_conclusao(indice, corpo, grupo, linhas))
    return conclusoes


def linhas_do_aparelho(indice: Indice, grupo: list[Ocorrencia]) -> dict[str, list[tuple[Ocorrencia, Ocorrencia]]]:
    """Linha (E.164) → [(IMEI, número da linha)] de cada registro em que a linha usou o aparelho, na ordem.

    Cobertura gulosa: a linha é o número presente no maior número de registros ainda sem linha; os registros
    dela saem, e repete-se. Empate no topo entre números que aparecem juntos é dúvida (qual dos dois é o chip?):
    para ali, sem inventar linha.
    """
    registros: list[tuple[Ocorrencia, dict[str, Ocorrencia]]] = []
    vistos: set[tuple] = set()
    for o in grupo:
        numeros = {t.meta["e164"]: t for t in indice.no_registro(o, "telefone") if t.meta.get("e164")}
        if numeros and o.registro not in vistos:
            vistos.add(o.registro)
            registros.append((o, numeros))
    linhas: dict[str, list[tuple[Ocorrencia, Ocorrencia]]] = {}
    restantes = registros
    while restantes:
        contagem = Counter(numero for _, numeros in restantes for numero in numeros)
        maximo = max(contagem.values())
        empatados = sorted(n for n, quantos in contagem.items() if quantos == maximo)
        if len(empatados) > 1 and any(sum(n in numeros for n in empatados) > 1 for _, numeros in restantes):
            break  # dois números igualmente presentes nos mesmos registros: não se sabe qual é a linha do aparelho
        linha = empatados[0]
        # um número que já esteve num registro de linha anterior é o outro lado da ligação, não um chip
        if not any(linha in numeros for _, numeros in registros if any(n in linhas for n in numeros)):
            linhas[linha] = [(imei, numeros[linha]) for imei, numeros in restantes if linha in numeros]
        restantes = [(imei, numeros) for imei, numeros in restantes if linha not in numeros]
    return {linha: sorted(pares, key=lambda par: ordem(par[0])) for linha, pares in sorted(linhas.items())}


def _periodo(indice: Indice, pares: list[tuple[Ocorrencia, Ocorrencia]]) -> tuple[str, list[Ocorrencia]]:
    """"de D1 a D2" pelas datas dos registros (como escritas) e as datas a citar."""
    datas = []
    for imei, _ in pares:
        data = next((d for d in indice.no_registro(imei, "data_evento") if d.dia is not None), None)
        if data is not None:
            datas.append(data)
    if not datas:
        return "", []
    primeira, ultima = min(datas, key=lambda d: d.dia), max(datas, key=lambda d: d.dia)
    if primeira is ultima or primeira.dia == ultima.dia:
        return f" em {primeira.literal}", [primeira]
    return f" de {primeira.literal} a {ultima.literal}", [primeira, ultima]


def _conclusao(
    indice: Indice, corpo: str, grupo: list[Ocorrencia], linhas: dict[str, list[tuple[Ocorrencia, Ocorrencia]]]
) -> dict[str, Any]:
    partes, citados = [], []
    for linha, pares in linhas.items():
        periodo, datas = _periodo(indice, pares)
        amostra = [pares[0], pares[-1]][:CITADOS_POR_LINHA] if len(pares) > 1 else pares
        partes.append(
            f"a linha {linha} ({pares[0][1].literal}){periodo}, em {plural(len(pares), 'registro', 'registros')} "
            f"({'; '.join(imei.onde for imei, _ in amostra)})"
        )
        citados += [o for par in amostra for o in par] + datas
    arquivos = sorted({o.arquivo for o in grupo})
    grau = "moderado"
    motivo = (
        "no máximo moderado porque tudo vem de uma fonte só, a resposta da operadora "
        f"({', '.join(arquivos)}): a troca de chip é o que a própria operadora registrou, sem outra família que a "
        "confirme"
    )
    invalidos = sorted({o.literal for o in grupo if o.meta.get("luhn_valido") is False
                        and len(o.meta.get("digitos", "")) == 15})
    if invalidos:
        grau = graus.rebaixar(grau)
        motivo += f"; rebaixado porque o dígito de Luhn de {', '.join(invalidos)} é inválido (possível réplica)"
    afirmacao = (
        f"O mesmo aparelho (corpo de IMEI {corpo}, escrito {grupo[0].literal}) foi usado com {len(linhas)} linhas "
        f"na resposta da operadora: {'; '.join(partes)}. Grau {grau}: {motivo}."
    )
    return {
        "tipo": "convergencia_imei",
        "afirmacao": afirmacao,
        "grau_confianca": grau,
        "referencias": referencias(citados),
        "chave_ordenacao": f"{corpo}|linhas",
    }
