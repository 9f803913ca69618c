"""Documentos bancários: extratos, logs de internet banking, respostas do DICT."""

from perito.extratores.base import Extrator
from perito.leitura.documento import Documento


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
    )

    def familia_do(self, documento: Documento) -> str:
        # o DICT é um cadastro do Banco Central, fonte independente do banco que mantém a conta
        texto = documento.texto_completo.lower()
        if "diretório de identificadores" in texto or "(dict)" in texto:
            return "registro"
        return self.familia
