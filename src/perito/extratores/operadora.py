"""Respostas de operadoras de telefonia: cadastro do assinante, IMEI por linha, registros de chamadas."""

from perito.extratores.base import Extrator


class ExtratorOperadora(Extrator):
    extrator_id = "extrator_operadora_01"
    familia = "operadora"
    marcadores_decisivos = ("dados cadastrais", "imei x linha", "número a", "numero a", "erb")
    marcadores = (
        "operadora",
        "linha",
        "imei",
        "titular",
        "data de ativação",
        "assinante",
        "duração",
        "chamadas",
        "vivo",
        "claro",
        "tim ",
    )
