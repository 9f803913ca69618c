"""Dado tirado de uma célula pelo papel da sua coluna, quando nenhum reconhecedor o viu.

Serve para o que só o cabeçalho revela: um nome sem rótulo na coluna "Titular", um
endereço, um modelo de aparelho, um IMEI com dígito verificador errado, um telefone
gravado só com dígitos.
"""

from __future__ import annotations

from perito.chaves import documento, imei, telefone
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
    if papel == "imei" and (meta := imei.IMEI.metadados(valor)) is not None:
        return Achado(inicio, fim, valor, "imei", "imei", metadados=meta, alerta=imei.IMEI.alerta(valor))
    if papel == "cpf":  # a coluna "CPF/CNPJ" traz os dois: o tipo é o que o número de dígitos diz
        for tipo in (documento.CPF, documento.CNPJ):
            if (meta := tipo.metadados(valor)) is not None:
                return Achado(inicio, fim, valor, tipo.campo, tipo.tipo_dado, metadados=meta, alerta=tipo.alerta(valor))
    if papel == "documento":
        # só um CPF ou CNPJ com dígitos verificadores certos: a coluna também guarda RG e números de outra espécie
        if any((meta := tipo.metadados(valor)) and meta["digito_verificador_valido"] for tipo in (documento.CPF, documento.CNPJ)):
            return achado_da_coluna("cpf", celula, inicio - celula.index(valor))
        return None
    if papel == "telefone" and (numero := telefone.TELEFONE.normalizar(valor)):
        return Achado(inicio, fim, valor, "telefone", "telefone", metadados={"e164": numero})
    if papel == "chave_pix" and (tipo := tipo_de_chave(valor)) != "desconhecido":
        return Achado(inicio, fim, valor, "chave_pix", "financeiro", metadados={"tipo_chave": tipo})
    return None
