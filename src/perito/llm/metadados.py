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
from perito.chaves.digitos import somente_digitos
from perito.chaves.nome import dobrar


def normalizados(campo: str, tipo_dado: str, valor: str) -> tuple[dict[str, Any], str]:
    """(metadados, "") ou ({}, motivo) quando o valor não tem a forma do seu tipo."""
    if tipo_dado == "ip" or campo in ("ip_acesso", "ip_transacao"):
        canonico = ip.canonico(valor)
        if canonico is None:
            return {}, "não é um endereço IP válido"
        return {"ip_canonico": canonico, "versao_ip": ip.versao(canonico), "roteavel": ip.roteavel(canonico)}, ""
    if campo == "imei" or tipo_dado == "imei":
        digitos = somente_digitos(valor)
        if not 14 <= len(digitos) <= 16:
            return {}, "não tem os 14 a 16 dígitos de um IMEI"
        meta = {"imei_corpo": imei.corpo(valor) or digitos[:14], "digitos": digitos}
        return ({**meta, "luhn_valido": imei.luhn_valido(valor)} if len(digitos) == 15 else meta), ""
    if campo == "cpf":
        digitos = somente_digitos(valor)
        if len(digitos) != 11:
            return {}, "não tem os 11 dígitos de um CPF"
        return {"digitos": digitos, "digito_verificador_valido": documento.cpf_valido(valor)}, ""
    if campo == "telefone" or tipo_dado == "telefone":
        numero = telefone.e164(valor)
        if numero is None:
            return {}, "não é um número de telefone reconhecível"
        return {"e164": numero}, ""
    if campo == "valor_transacao":
        quantia = dinheiro.centavos(valor)
        if quantia is None:
            return {}, "não é um valor monetário em notação brasileira"
        return {"valor": str(quantia)}, ""
    if campo == "nome_titular":
        return {"nome_normalizado": dobrar(valor)}, ""
    return {}, ""
