"""Respostas de provedores (Meta/WhatsApp, Google) a ordens judiciais, em inglês."""

from perito.extratores.base import Extrator


class ExtratorProvedores(Extrator):
    extrator_id = "extrator_provedores_01"
    familia = "provedor"
    marcadores_decisivos = ("law enforcement response", "internal ticket number", "subscriber information")
    marcadores = (
        "law enforcement",
        "internal ticket number",
        "account identifier",
        "meta platforms",
        "ip addresses",
        "google llc",
        "account type",
        "date range",
        "subscriber information",
    )
