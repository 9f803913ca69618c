"""Metadados normalizados de um dado do Claude, calculados por código (nunca copiados do modelo).

As regras do principal comparam chaves normalizadas (`ip_canonico`, `e164`, `digitos`,
`imei_corpo`, `valor`, `nome_normalizado`); elas vêm das mesmas funções de `chaves/`
que os extratores usam. Um dado cujo tipo não tem a forma que diz ter (um "IP" que não
é IP) é descartado como os não ancorados. O que Claude mandou em `metadados` fica só em
`metadados.claude`, onde nenhuma regra olha.
"""

from __future__ import annotations

from typing import Any

from perito.chaves import dinheiro, documento, imei, ip, telefone
from perito.chaves.nome import dobrar
from perito.chaves.tipos import TipoValor


def normalizados(campo: str, tipo_dado: str, valor: str) -> tuple[dict[str, Any], str]:
    """(metadados, "") ou ({}, motivo) quando o valor não tem a forma do seu tipo."""
    if tipo_dado == "ip" or campo in ("ip_acesso", "ip_transacao"):
        return _do_tipo(ip.IP, valor, "não é um endereço IP válido")
    if campo == "imei" or tipo_dado == "imei":
        return _do_tipo(imei.IMEI, valor, "não tem os 14 a 16 dígitos de um IMEI")
    if campo == "cpf":
        return _do_tipo(documento.CPF, valor, "não tem os 11 dígitos de um CPF")
    if campo == "telefone" or tipo_dado == "telefone":
        numero = telefone.TELEFONE.normalizar(valor)
        return ({"e164": numero}, "") if numero else ({}, "não é um número de telefone reconhecível")
    if campo == "valor_transacao":
        quantia = dinheiro.centavos(valor)
        if quantia is None:
            return {}, "não é um valor monetário em notação brasileira"
        return {"valor": str(quantia)}, ""
    if campo == "nome_titular":
        return {"nome_normalizado": dobrar(valor)}, ""
    return {}, ""


def _do_tipo(tipo: TipoValor, valor: str, motivo: str) -> tuple[dict[str, Any], str]:
    meta = tipo.metadados(valor)
    return (meta, "") if meta is not None else ({}, motivo)
