"""Antecipação: a releitura canônica do validador começa antes dos lotes (`validador.antecipada`).

Os auxiliares estariam parados enquanto o principal monta os lotes e cruza; a validação toma o que ela leu.
"""

from __future__ import annotations

from perito.analise.estado import Analise
from perito.analise.etapas.base import Etapa
from perito.validador.fonte import FonteIndependente


def antecipar(analise: Analise) -> None:
    """Começa a releitura canônica dos arquivos lidos nesta execução, que o validador tomará
    (`validador.antecipada`): os auxiliares estariam parados enquanto o principal monta os lotes e cruza. Só com
    dois núcleos ou mais (com um, ela disputaria o núcleo do principal). Numa execução incremental, só os arquivos
    novos ou mudados: as validações das conclusões que não mudaram vêm do armazém."""
    limites = analise.parametros.limites
    if limites.processos < 2 or not limites.antecipar_releitura or not analise.lidos_agora:
        return
    hashes = {a.nome: a.sha256 for a in analise.inventario if a.tipo}
    fonte = FonteIndependente(analise.caso, hashes, limites, guarda_ocr=analise.preparadas.guarda_de_ocr_existente())
    analise.antecipada = fonte.antecipar(analise.lidos_agora)


#: fora do cronômetro: só confere os arquivos e põe a leitura para correr (o tempo dela cai nos lotes e no cruzamento)
ETAPA = Etapa("releitura_antecipada", antecipar, medida=False)
