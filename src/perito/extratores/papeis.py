"""Dado tirado de uma célula pelo papel da sua coluna, quando nenhum reconhecedor o viu.

Serve para o que só o cabeçalho revela: um nome sem rótulo na coluna "Titular", um
endereço, um modelo de aparelho, um IMEI com dígito verificador errado, um telefone
gravado só com dígitos.
"""

from __future__ import annotations

from perito.chaves import documento, imei, telefone
from perito.chaves.digitos import somente_digitos
from perito.chaves.nome import dobrar
from perito.extratores.achado import Achado
from perito.extratores.rotulos import modelo, tipo_de_chave


def achado_da_coluna(papel: str, celula: str, inicio: int) -> Achado | None:
    valor = celula.strip()
    if not valor:
        return None
    inicio += celula.index(valor)
    fim = inicio + len(valor)
    if papel == "nome" and any(c.isalpha() for c in valor):
        meta = {"nome_normalizado": dobrar(valor), "papel": "titular"}
        return Achado(inicio, fim, valor, "nome_titular", "pessoa", metadados=meta)
    if papel == "endereco" and any(c.isalpha() for c in valor):
        return Achado(inicio, fim, valor, "endereco", "localizacao")
    if papel == "modelo" and any(c.isalpha() for c in valor):
        return modelo(valor, inicio)
    if papel == "erb":
        return Achado(inicio, fim, valor, "outro", "localizacao", metadados={"rotulo": "erb"})
    if papel == "imei" and (corpo := imei.corpo(valor)):
        valido = imei.luhn_valido(valor)
        return Achado(
            inicio, fim, valor, "imei", "imei",
            metadados={"imei_corpo": corpo, "digitos": somente_digitos(valor), "luhn_valido": valido},
            alerta=None if valido or len(somente_digitos(valor)) != 15 else f"IMEI {valor} com dígito de Luhn inválido",
        )
    if papel == "documento":
        # coluna ambígua: só o CPF ou CNPJ com os dígitos verificadores certos (um número de lançamento não passa)
        digitos = somente_digitos(valor)
        valido = documento.cpf_valido(digitos) if len(digitos) == 11 else documento.cnpj_valido(digitos)
        if not valido or len(digitos) != len(valor.replace(".", "").replace("-", "").replace("/", "")):
            return None
        papel = "cpf"
    if papel == "cpf" and len(somente_digitos(valor)) in (11, 14):
        digitos = somente_digitos(valor)
        valido = documento.cpf_valido(digitos) if len(digitos) == 11 else documento.cnpj_valido(digitos)
        campo = "cpf" if len(digitos) == 11 else "outro"
        meta = {"digitos": digitos, "digito_verificador_valido": valido}
        if campo == "outro":
            meta["documento"] = "cnpj"
        return Achado(inicio, fim, valor, campo, "documento", metadados=meta,
                      alerta=None if valido else f"{'CPF' if campo == 'cpf' else 'CNPJ'} {valor} com dígito verificador inválido")
    if papel == "telefone" and (numero := telefone.e164(valor)):
        return Achado(inicio, fim, valor, "telefone", "telefone", metadados={"e164": numero})
    if papel == "chave_pix" and (tipo := tipo_de_chave(valor)) != "desconhecido":
        return Achado(inicio, fim, valor, "chave_pix", "financeiro", metadados={"tipo_chave": tipo})
    return None


def documento_da_coluna(achado: Achado) -> None:
    """Um "telefone" de 11 dígitos na coluna do CPF (ou "Documento") é o CPF quando os dígitos verificadores
    batem: `88994723005` é um celular com DDD 88 para o reconhecedor, mas a coluna diz o que ele é."""
    digitos = somente_digitos(achado.dado)
    if len(digitos) == 11 and len(achado.dado.strip()) == 11 and documento.cpf_valido(digitos):
        achado.campo, achado.tipo_dado = "cpf", "documento"
        achado.metadados = {"digitos": digitos, "digito_verificador_valido": True}
