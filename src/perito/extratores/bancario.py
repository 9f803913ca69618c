"""Documentos bancários: extratos, logs de internet banking, respostas do DICT.

A família (`banco` ou `registro`, o DICT, cadastro do Banco Central independente do banco que mantém
a conta) vem do conteúdo, como para todo extrator (`familias.classificar`).
"""

from perito.extratores.base import Extrator


class ExtratorBancario(Extrator):
    extrator_id = "extrator_bancario_01"
    familia = "banco"
    marcadores_decisivos = ("extrato de conta", "internet banking", "ispb")
    marcadores = (
        "extrato",
        "agência",
        "conta corrente",
        "saldo",
        "pix",
        "internet banking",
        "histórico",
        "ispb",
        "chave pix",
        "transferência",
        "participante",
        "tipo de chave",
        "chave aleatória",
    )
