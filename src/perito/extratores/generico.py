"""Qualquer outro documento (boletins, ofícios, cartas): só os reconhecedores."""

from perito.extratores.base import Extrator
from perito.leitura.documento import Documento


class ExtratorGenerico(Extrator):
    prosa = True  # boletins, termos e ofícios contam cada evento numa frase
    extrator_id = "extrator_generico_01"
    familia = "relato"
    marcadores_decisivos = (
        "boletim de ocorrência", "termo de declarações", "relatório de investigação", "delegado de polícia", "requisito",
    )
    marcadores = ("boletim de ocorrência", "delegacia", "inquérito", "ofício", "vítima", "depoimento")

    def pode_ler(self, documento: Documento, minusculo: str | None = None) -> bool:
        return True  # último recurso: todo documento tem ao menos os reconhecedores
