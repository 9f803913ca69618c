"""As etapas da análise, na ordem: cada uma lê o que as anteriores deixaram na `Analise` e preenche o seu.

inventário → leitura e extração → (a releitura do validador começa) → lotes → cruzamento → validação → saídas →
relatórios → manifesto.
Nenhuma etapa fala com a trilha de auditoria: publicam no barramento (`perito.analise.eventos`), que a trilha
e os demais observadores escutam.
"""

from __future__ import annotations

from perito.analise.estado import Analise
from perito.analise.etapas import antecipacao, cruzamento, inventario, leitura, lotes, manifesto, relatorios, saidas, validacao
from perito.analise.etapas.base import Etapa
from perito.memoria import devolver_ao_sistema

ETAPAS: tuple[Etapa, ...] = (
    inventario.ETAPA, leitura.ETAPA, antecipacao.ETAPA, lotes.ETAPA, cruzamento.ETAPA, validacao.ETAPA, saidas.ETAPA,
    relatorios.ETAPA, manifesto.ETAPA,
)


def executar(etapas: tuple[Etapa, ...], analise: Analise) -> None:
    for etapa in etapas:
        analise.eventos.comecou(etapa, analise)
        etapa.executar(analise)
        # o que a etapa soltou (os dados desempacotados dos lotes, o índice do cruzamento) não fica somado ao pico
        # das seguintes, quando os auxiliares da validação já estão lendo
        devolver_ao_sistema()
        analise.eventos.terminou(etapa, analise)
