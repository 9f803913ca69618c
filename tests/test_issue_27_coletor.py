"""Issue 27: o coletor de ciclos não varre de novo o que as etapas anteriores deixaram vivo.

Num caso de 950 conclusões, a escolha dos registros de um log volumoso disparava sete coletas completas de 0,19 s
(nenhuma achando nada) e a validação outras quatro: o que cada etapa produz vive até o fim e não forma ciclo. Cada
etapa que termina congela o que deixou (`gc.freeze`), e a análise descongela no fim, só quando é dona do
congelamento (quem a chamou pode ter congelado os seus objetos: um teste, um programa que usa o perito).
"""

from __future__ import annotations

import gc
from pathlib import Path

from perito.analise import Observador, Parametros, analisar
from perito.analise.coletor import CongelarEntreEtapas
from perito.erros import Saida
from tests.test_issue_28_etapas import _caso_pequeno


class _Congelados(Observador):
    """Quantos objetos estão congelados no começo de cada etapa, e se os documentos lidos e os lotes estão entre eles
    (um objeto congelado não aparece em `gc.get_objects()`)."""

    def __init__(self) -> None:
        self.no_comeco: dict[str, int] = {}
        self.documentos_congelados: dict[str, bool] = {}
        self.lotes_congelados: dict[str, bool] = {}

    def etapa_comecou(self, etapa, analise) -> None:
        self.no_comeco[etapa.nome] = gc.get_freeze_count()
        if etapa.nome in ("lotes", "validacao"):
            vistos = {id(o) for o in gc.get_objects()}
            self.documentos_congelados[etapa.nome] = bool(analise.documentos) and all(
                id(d) not in vistos for d in analise.documentos)
            self.lotes_congelados[etapa.nome] = bool(analise.lotes) and all(id(lote) not in vistos for lote in analise.lotes)


def test_cada_etapa_comeca_com_o_que_as_anteriores_deixaram_congelado_e_o_fim_descongela(tmp_path):
    assert gc.get_freeze_count() == 0
    escuta = _Congelados()
    resultado = analisar(Parametros(_caso_pequeno(tmp_path), tmp_path / "saida", data_analise="2025-04-01"),
                         observadores=[escuta])
    assert resultado.codigo_saida == Saida.OK
    assert escuta.no_comeco["inventario"] == 0
    # os documentos lidos já estão congelados na montagem dos lotes, e os lotes na validação. Pelos próprios objetos,
    # não pela contagem: um congelado que a etapa seguinte solta sai da conta (as partes empacotadas que viram dados),
    # e numa suíte inteira a contagem da validação chegou a ficar 26 abaixo da dos lotes
    assert escuta.no_comeco["lotes"] > 0
    assert escuta.documentos_congelados == {"lotes": True, "validacao": True}
    assert escuta.lotes_congelados == {"lotes": False, "validacao": True}
    assert gc.get_freeze_count() == 0  # nada fica congelado depois da análise


def test_quem_chamou_ja_congelou_nada_e_congelado_nem_descongelado(tmp_path):
    gc.freeze()
    try:
        antes = gc.get_freeze_count()
        escuta = _Congelados()
        analisar(Parametros(_caso_pequeno(tmp_path), tmp_path / "saida", data_analise="2025-04-01"),
                 observadores=[escuta])
        # só diminui (um objeto congelado que deixa de existir sai da contagem): nada foi congelado pela análise
        assert max(escuta.no_comeco.values()) <= antes
        assert 0 < gc.get_freeze_count() <= antes  # o congelamento de quem chamou continua o dele
    finally:
        gc.unfreeze()


def test_o_observador_sozinho(tmp_path: Path):
    assert gc.get_freeze_count() == 0
    coletor = CongelarEntreEtapas()
    vivos = [{"dado": n} for n in range(100)]
    coletor.etapa_terminou(None, None)  # type: ignore[arg-type]
    assert gc.get_freeze_count() >= len(vivos)
    coletor.descongelar()
    assert gc.get_freeze_count() == 0
