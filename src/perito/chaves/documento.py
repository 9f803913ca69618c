"""CPF e CNPJ com dígitos verificadores (python-stdnum)."""

from __future__ import annotations

import re
from typing import Any

from stdnum.br import cnpj as _cnpj
from stdnum.br import cpf as _cpf

from perito.chaves import marcadores
from perito.chaves.digitos import somente_digitos
from perito.chaves.tipos import TipoValor, registrar

PADRAO_CPF = re.compile(r"(?<![\d.])\d{3}\.\d{3}\.\d{3}-\d{2}(?![\d-])")
# "CPF: 12345678909" e "CPF/CNPJ: 12345678909" (o rótulo de uma coluna que tem pessoas e empresas)
# (também com o pontilhado de um relatório de sistema: "CPF...........: 12345678909")
# (e, depois do rótulo, só com o hífen dos dígitos verificadores, "CPF nº 123456789-09", ou em grupos separados por
# espaço, "CPF: 123 456 789 09")
PADRAO_CPF_ROTULADO = re.compile(
    r"\bCPF(?:\s*/\s*CNPJ)?\b\)?(?:\s*\.){0,60}\s*(?:n[º°o.]*\s*)?:?\s*"
    r"(?P<cpf>\d{11}|\d{9}-\d{2}|\d{3} \d{3} \d{3}[ -]\d{2})(?![\d-])", re.IGNORECASE)
#: "123456789-09" sem rótulo: só com os dígitos verificadores certos (nove dígitos, hífen e dois também é uma conta)
PADRAO_CPF_HIFEN = re.compile(r"(?<![\d.,/-])\d{9}-\d{2}(?![\d-])")
#: 11 dígitos rotulados como documento da pessoa ("Documento do titular: ...", "Tax ID: ..."): pode ser CPF, mas
#: também CNH ou outro registro de 11 dígitos; só vale como CPF com os dígitos verificadores certos
PADRAO_CPF_DOCUMENTO = re.compile(
    r"\b(?:documento(?:\s+d[oa]\s+(?:titular|cliente|assinante|usu[áa]rio))?|tax\s+id|taxpayer\s+id"
    r"|n[úu]mero\s+(?:de|do)\s+documento)\s*(?:\([^)]*\))?\s*(?:n[º°o.]*\s*)?[:\-–]?\s*(?P<cpf>\d{11})(?!\d)",
    re.IGNORECASE,
)
PADRAO_CNPJ = re.compile(r"(?<![\d.])\d{2}\.\d{3}\.\d{3}/\d{4}-\d{2}(?![\d-])")
#: os 14 dígitos sem pontuação só depois do rótulo ("CNPJ: 12345678000195", "CPF/CNPJ 12345678000195"): soltos, são
#: qualquer número (um protocolo, um código de barras)
PADRAO_CNPJ_ROTULADO = re.compile(
    r"\b(?:CPF\s*/\s*)?CNPJ\b\)?(?:\s*\.){0,60}\s*(?:n[º°o.]*\s*)?:?\s*(?P<cnpj>\d{14})(?!\d)", re.IGNORECASE)


def cpf_valido(texto: str) -> bool:
    return _cpf.is_valid(texto)


def cnpj_valido(texto: str) -> bool:
    return _cnpj.is_valid(texto)


class _DocumentoFiscal(TipoValor):
    """CPF ou CNPJ: os dígitos, comparados sem pontuação; os dígitos verificadores dizem se o número é possível."""

    tipo_dado = "documento"
    #: quantos dígitos o documento tem, o nome dele nos alertas e o conferidor dos dígitos verificadores
    tamanho: int
    sigla: str
    #: metadados próprios do tipo (o CNPJ diz que é CNPJ: o campo do contrato é "outro")
    extras: dict[str, str] = {}

    @staticmethod
    def valido(texto: str) -> bool:
        raise NotImplementedError

    def normalizar(self, literal: str) -> str | None:
        digitos = somente_digitos(literal)
        return digitos if len(digitos) == self.tamanho else None

    def metadados(self, literal: str) -> dict[str, Any] | None:
        digitos = self.normalizar(literal)
        if digitos is None:
            return None
        return {**self.extras, "digitos": digitos, "digito_verificador_valido": self.valido(literal)}

    def alerta(self, literal: str) -> str | None:
        return None if self.valido(literal) else f"{self.sigla} {literal} com dígito verificador inválido"

    def marcador(self, literal: str) -> bool:
        # `000.000.000-00`, `111.111.111-11` (cujo DV confere), `99999999999`: marcadores.py decide
        return marcadores.nao_informado(literal)


class Cpf(_DocumentoFiscal):
    nome, campo, tamanho, sigla = "cpf", "cpf", 11, "CPF"
    valido = staticmethod(cpf_valido)


class Cnpj(_DocumentoFiscal):
    nome, campo, tamanho, sigla = "cnpj", "outro", 14, "CNPJ"
    extras = {"documento": "cnpj"}
    valido = staticmethod(cnpj_valido)


CPF = registrar(Cpf())
CNPJ = registrar(Cnpj())
