"""Issue 27: um extrato de 100 mil lançamentos que só dá o dia (sem hora) levava seis minutos no cruzamento.

`Modelo.em_seguida` (as saídas escritas logo abaixo de um crédito, no mesmo dia, até o próximo crédito) varria o
extrato inteiro a cada crédito: a regra da conta de passagem e a do vínculo financeiro cresciam com o quadrado do
extrato. Agora os lançamentos de cada dia ficam em ordem de escrita e a busca binária dá o primeiro depois do
crédito. O oráculo aqui é a varredura antiga, escrita no teste: as mesmas saídas, na mesma ordem, para todo crédito.
"""

from __future__ import annotations

import random

from perito.principal.dinheiro import Lancamento, Modelo, modelo
from perito.principal.indice import Indice
from tests.fabrica_lotes import Fabrica


def _varredura(dinheiro: Modelo, credito: Lancamento) -> list[Lancamento]:
    """A regra como era: todos os débitos e créditos do extrato, filtrados pelo dia e pela ordem de escrita."""
    if credito.dia is None:
        return []
    mesmo_dia = [t for direcao in ("debito", "credito") for t in dinheiro.lancamentos
                 if t.extrato == credito.extrato and t.direcao == direcao
                 and t.dia == credito.dia and t.valor.seq > credito.valor.seq]
    seguintes = []
    for t in sorted(mesmo_dia, key=lambda t: t.valor.seq):
        if t.direcao == "credito":
            break
        if t.repasse_possivel:
            seguintes.append(t)
    return seguintes


def test_issue_27_saidas_em_seguida_por_dia_iguais_a_varrer_o_extrato() -> None:
    aleatorio = random.Random(27)
    fab = Fabrica()
    for nome in ("extrato_a.pdf", "extrato_b.csv"):
        extrato = fab.documento(nome, "banco")
        for linha in range(2, 400):
            dia = 1 + linha // 40  # dez dias, cada um com dezenas de lançamentos
            # créditos, débitos, e lançamentos sem direção (saldo, tarifa sem sinal) que a regra nunca conta
            direcao = aleatorio.choice(["credito", "debito", "debito", None])
            sinal = "-" if direcao == "debito" else ""
            extrato.valor(f"{sinal}{aleatorio.randrange(1, 900)},{aleatorio.randrange(100):02d}", linha,
                          data=f"{dia:02d}/02/2025", direcao=direcao,
                          contraparte=aleatorio.choice(["ANA PAULA LIMA", "CARLOS EDUARDO MOTA", None]))
    dinheiro = modelo(Indice(fab.lotes()))
    creditos = [t for t in dinheiro.lancamentos if t.direcao == "credito"]
    assert len(creditos) > 150 and {t.extrato for t in creditos} == {"extrato_a.pdf", "extrato_b.csv"}
    com_saidas = 0
    for credito in creditos:
        esperado = _varredura(dinheiro, credito)
        assert dinheiro.em_seguida(credito) == esperado
        com_saidas += bool(esperado)
    assert com_saidas > 40
    # o primeiro crédito de cada dia e o último: a busca começa e termina nas bordas do dia
    assert any(not _varredura(dinheiro, c) for c in creditos)
