"""repasse: quais saídas levam o dinheiro de quais créditos de uma conta, cada saída contada uma vez.

Depois de um crédito, as saídas (na janela de repasse; num extrato só com o dia, as escritas logo abaixo dele)
que somam ao menos a fração `fracao_repasse` dele são o repasse daquele crédito. Duas regras de contabilidade
(a ordem de chegada, como no rastreio de dinheiro em lavagem):

- uma saída repassa um crédito só: dois Pix recebidos e uma transferência depois não são "dois repasses" da
  mesma transferência (a conta dizia 148% e 291% do que entrou, com a mesma saída contada duas vezes);
- a saída maior que o crédito leva também os créditos que chegaram antes dela (a conta que junta o dinheiro de
  duas vítimas e o manda numa transferência só): o grupo entra junto, e a fração é a do que entrou no grupo.
  Com a hora, os créditos seguintes que chegaram antes da última saída; sem a hora, os que vieram logo antes do
  crédito na ordem do extrato (sem débito no meio), a mesma ordem que decide as saídas (no extrato do mais recente
  para o mais antigo, o que veio antes está escrito abaixo).
Um crédito só entra no grupo enquanto as saídas ainda alcançam a fração do total, e nunca se nenhuma saída
volta para quem o pagou (a devolução não é repasse).
"""

from __future__ import annotations

import datetime as dt
import itertools
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from decimal import Decimal

from perito.chaves import tempo
from perito.principal.dinheiro import Lancamento, Modelo, decorrido
from perito.principal.parametros import Parametros


@dataclass(slots=True)
class Repasse:
    creditos: list[Lancamento]  # o que entrou, na ordem em que entrou
    saidas: list[Lancamento]
    soma: Decimal  # das saídas
    #: o extrato sem hora vem do mais recente para o mais antigo: as saídas estão escritas acima dos créditos
    decrescente: bool = False

    @property
    def entrou(self) -> Decimal:
        return sum((c.quantia for c in self.creditos), Decimal(0))

    @property
    def so_dia(self) -> bool:
        return all(_sem_hora(c) for c in self.creditos)


def repasses(dinheiro: Modelo, creditos: list[Lancamento], parametros: Parametros) -> list[Repasse]:
    """Os repasses dos créditos de uma conta, na ordem da conta (a do primeiro crédito de cada um)."""
    fracao = Decimal(str(parametros.fracao_repasse))
    posicao = {id(c): n for n, c in enumerate(creditos)}
    validos = [c for c in creditos if c.quantia > 0 and not (_sem_hora(c) and c.dia is None)]
    usadas: set[int] = set()
    tomados: set[int] = set()
    achados: list[Repasse] = []
    # com a hora, pela ordem do tempo: o primeiro crédito leva as primeiras saídas
    com_hora = sorted((c for c in validos if not _sem_hora(c)), key=lambda c: (_momento(c), posicao[id(c)]))
    for n, credito in enumerate(com_hora):
        if id(credito) in tomados:
            continue
        saidas = dinheiro.debitos_em_ordem(credito, parametros.janela_repasse)
        if (achado := _repasse_de(credito, saidas, usadas, fracao)) is None:
            continue
        if achado.soma > credito.quantia:
            # pelos índices, sem copiar o resto da lista: num extrato denso, a cópia a cada crédito era quadrática
            seguintes = (com_hora[i] for i in range(n + 1, len(com_hora)))
            _juntar(achado, _chegados_antes(seguintes, achado.saidas[-1], tomados), fracao, no_fim=True)
        _tomar(achado, usadas, tomados)
        achados.append(achado)
    # sem a hora, pela ordem do extrato: as saídas escritas logo depois no tempo, até o próximo crédito
    for credito in (c for c in validos if _sem_hora(c)):
        if id(credito) in tomados:
            continue
        if (achado := _repasse_de(credito, iter(dinheiro.em_seguida(credito)), usadas, fracao)) is None:
            continue
        if achado.soma > credito.quantia:
            antes = itertools.takewhile(lambda c: _sem_hora(c) and id(c) not in tomados, dinheiro.creditos_logo_antes(credito))
            _juntar(achado, antes, fracao, no_fim=False)
        achado.decrescente = dinheiro.decrescente(credito.extrato)
        _tomar(achado, usadas, tomados)
        achados.append(achado)
    return sorted(achados, key=lambda r: min(posicao[id(c)] for c in r.creditos))


def percentual(parte: Decimal, todo: Decimal) -> str:
    """A fração truncada ("97%"), a convenção que o validador confere."""
    return f"{int(parte * 100 / todo)}%" if todo else "?"


def _sem_hora(credito: Lancamento) -> bool:
    return credito.instante is None and credito.local is None


def _momento(credito: Lancamento) -> tuple[int, dt.datetime]:
    # instantes UTC e relógios do documento não se comparam: cada um na sua fila (um extrato usa um só)
    return (0, credito.instante) if credito.instante is not None else (1, credito.local)  # type: ignore[return-value]


def _repasse_de(credito: Lancamento, saidas: Iterator[Lancamento], usadas: set[int], fracao: Decimal) -> Repasse | None:
    """As saídas, ainda não usadas, que somadas alcançam a fração do crédito (só as necessárias: num extrato denso a
    janela tem centenas de débitos). O que volta para quem pagou não é repasse."""
    pagador = credito.contraparte
    alvo = credito.quantia * fracao
    soma, usadas_aqui = Decimal(0), []
    for t in saidas:
        if soma >= alvo:
            break
        if id(t) in usadas or (pagador is not None and t.contraparte is not None and t.contraparte.mesma(pagador)):
            continue
        soma += t.quantia
        usadas_aqui.append(t)
    if not usadas_aqui or soma < alvo:
        return None
    return Repasse([credito], usadas_aqui, soma)


def _chegados_antes(seguintes: Iterable[Lancamento], ultima: Lancamento, tomados: set[int]) -> Iterator[Lancamento]:
    """Os créditos seguintes (na ordem do tempo) que chegaram antes da última saída do repasse."""
    for credito in seguintes:
        passou = decorrido(credito, ultima)
        if passou is None or passou < dt.timedelta(0):
            return
        if id(credito) not in tomados:
            yield credito


def _juntar(achado: Repasse, candidatos: Iterable[Lancamento], fracao: Decimal, no_fim: bool) -> None:
    """Junta ao grupo, um a um, os créditos que as saídas ainda cobrem na fração; pára no primeiro que não."""
    for credito in candidatos:
        devolvida = credito.contraparte is not None and any(
            t.contraparte is not None and t.contraparte.mesma(credito.contraparte) for t in achado.saidas)
        if devolvida or credito.quantia <= 0 or achado.soma < (achado.entrou + credito.quantia) * fracao:
            return
        if no_fim:
            achado.creditos.append(credito)
        else:
            achado.creditos.insert(0, credito)


def _tomar(achado: Repasse, usadas: set[int], tomados: set[int]) -> None:
    usadas.update(id(t) for t in achado.saidas)
    tomados.update(id(c) for c in achado.creditos)


def repasse_do_credito(dinheiro: Modelo, credito: Lancamento, parametros: Parametros) -> Repasse | None:
    """O repasse de que o crédito faz parte (calculado uma vez por extrato, no modelo do dinheiro)."""
    por_extrato: dict[str, dict[int, Repasse]] = dinheiro.memoria.setdefault("repasses", {})
    if credito.extrato not in por_extrato:
        creditos = [t for t in dinheiro.do_extrato(credito.extrato, "credito") if t.dia]
        por_extrato[credito.extrato] = {id(c): r for r in repasses(dinheiro, creditos, parametros) for c in r.creditos}
    return por_extrato[credito.extrato].get(id(credito))


def salto(achado: Repasse) -> str:
    """"entra X em A e saem Y, Z, P% do que entrou, ..."; o grupo: "entram X em A e W em B e saem Y, P% do que
    entrou" (o validador soma o que vem antes de "saem" para a base da porcentagem)."""
    primeiro, ultima = achado.creditos[0], achado.saidas[-1]
    if len(achado.creditos) == 1:
        entrada = f"entra {primeiro.escrito()} em {primeiro.quando()}"
    else:
        entrada = "entram " + " e ".join(f"{c.escrito()} em {c.quando()}" for c in achado.creditos)
    fluxo = (f"{entrada} e saem {', '.join(t.escrito() for t in achado.saidas)}, "
             f"{percentual(achado.soma, achado.entrou)} do que entrou")
    if achado.so_dia:
        dos = "do crédito" if len(achado.creditos) == 1 else "dos créditos"
        onde = (f"escritas logo acima {dos} (o extrato vem do mais recente para o mais antigo e não dá a hora: nenhum "
                "intervalo é afirmado)" if achado.decrescente else
                f"escritas logo abaixo {dos} (o extrato não dá a hora: nenhum intervalo é afirmado)")
        return f"{fluxo}, no mesmo dia, {onde}"
    passou = decorrido(primeiro, ultima)
    depois = tempo.duracao(passou) if passou is not None else "?"
    do_primeiro = "" if len(achado.creditos) == 1 else " do primeiro crédito"
    return f"{fluxo}, até {ultima.quando()}, {depois} depois{do_primeiro}"
