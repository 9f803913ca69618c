"""Documentos bancários: extratos, logs de internet banking, respostas do DICT."""

import re
from typing import Iterator

from perito.extratores import colunas
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
        "participante",
        "tipo de chave",
        "chave aleatória",
    )

    def familia_do(self, documento: Documento) -> str:
        # o DICT é um cadastro do Banco Central, fonte independente do banco que mantém a conta,
        # qualquer que seja o formato (PDF, CSV, XLSX) ou o nome do arquivo
        texto = documento.texto_completo.lower()
        if "diretório de identificadores" in texto or "(dict)" in texto or parece_resposta_dict(documento):
            return "registro"
        return self.familia


def parece_resposta_dict(documento: Documento) -> bool:
    """Tabela de chaves Pix com titular e participante: a forma de uma resposta do DICT.

    Pelo cabeçalho (papéis das colunas), em CSV, planilha ou linha de texto: uma coluna de chave,
    uma de participante (ISPB/COMPE) ou de tipo de chave, e uma de titular ou CPF/CNPJ (ou titular e CPF)."""
    for celulas in _cabecalhos_candidatos(documento):
        papeis = set(colunas.papeis(celulas).values())
        if "chave_pix" in papeis and papeis & {"nome", "cpf"} and (papeis & {"banco", "tipo_chave"} or {"nome", "cpf"} <= papeis):
            return True
    return False


def _cabecalhos_candidatos(documento: Documento) -> Iterator[list[str]]:
    linhas_planilha: dict[tuple, list[str]] = {}
    for trecho in documento.trechos[:400]:
        if trecho.celulas is not None:
            yield list(trecho.celulas)
        elif trecho.coluna is not None:
            linhas_planilha.setdefault((trecho.aba, trecho.linha_tabela), []).append(trecho.texto)
        else:
            yield [p for p in re.split(r"\s{2,}|\t|\s*\|\s*", trecho.texto) if p] or []
            yield trecho.texto.split()
    yield from linhas_planilha.values()
