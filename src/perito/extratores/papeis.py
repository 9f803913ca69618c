"""Dado tirado de uma célula pelo papel da sua coluna, quando nenhum reconhecedor o viu.

Serve para o que só o cabeçalho revela: um nome sem rótulo na coluna "Titular", um
endereço, um modelo de aparelho, um IMEI com dígito verificador errado, um telefone
gravado só com dígitos.
"""

from __future__ import annotations

import re
from typing import Any

from perito.chaves import carteira_cripto, documento, imei, telefone, tempo_formas
from perito.chaves.nome import dobrar
from perito.extratores.achado import Achado
from perito.extratores.chaves_pix import tipo_de_chave
from perito.extratores.rotulos import modelo


def achado_da_coluna(papel: str, celula: str, inicio: int) -> Achado | None:
    valor = celula.strip()
    if not valor:
        return None
    inicio += celula.index(valor)
    fim = inicio + len(valor)
    if papel == "nome" and _parece_nome(valor):
        meta = {"nome_normalizado": dobrar(valor), "papel": "titular"}
        return Achado(inicio, fim, valor, "nome_titular", "pessoa", metadados=meta)
    if papel == "endereco" and (rede := carteira_cripto.formato(valor)):
        # a coluna "Address" dos saques de uma corretora: a carteira de destino, não um endereço físico
        return Achado(inicio, fim, valor, "outro", "outro", metadados={"carteira_cripto": rede})
    if papel == "endereco" and any(c.isalpha() for c in valor):
        return Achado(inicio, fim, valor, "endereco", "localizacao")
    if papel == "modelo" and any(c.isalpha() for c in valor):
        return modelo(valor, inicio)
    if papel == "erb":
        return Achado(inicio, fim, valor, "outro", "localizacao", metadados={"rotulo": "erb"})
    if papel == "imei" and (meta := imei.IMEI.metadados(valor)) is not None:
        return Achado(inicio, fim, valor, "imei", "imei", metadados=meta, alerta=imei.IMEI.alerta(valor))
    if papel in ("cpf", "documento") and (meta := cpf_sem_zeros(valor)) is not None:
        return Achado(inicio, fim, valor, documento.CPF.campo, documento.CPF.tipo_dado, metadados=meta)
    if papel == "cpf":  # a coluna "CPF/CNPJ" traz os dois: o tipo é o que o número de dígitos diz
        for tipo in (documento.CPF, documento.CNPJ):
            if (meta := tipo.metadados(valor)) is not None:
                return Achado(inicio, fim, valor, tipo.campo, tipo.tipo_dado, metadados=meta, alerta=tipo.alerta(valor))
    if papel == "documento":
        # só um CPF ou CNPJ com dígitos verificadores certos: a coluna também guarda RG e números de outra espécie
        # coluna ambígua: só o CPF ou CNPJ escrito só com dígitos e pontuação, com os dígitos verificadores certos
        # (um número de lançamento ou um RG não passam)
        so_numero = re.fullmatch(r"[\d./-]+", valor) is not None
        if so_numero and any((meta := tipo.metadados(valor)) and meta["digito_verificador_valido"]
                             for tipo in (documento.CPF, documento.CNPJ)):
            return achado_da_coluna("cpf", celula, inicio - celula.index(valor))
        return None
    if papel == "telefone" and (numero := telefone.TELEFONE.normalizar(valor)):
        return Achado(inicio, fim, valor, "telefone", "telefone", metadados={"e164": numero})
    if papel == "telefone" and _nome_proprio(valor):
        # "Origem/Destino" de um extrato guarda quem pagou ou recebeu, não o número chamado de uma bilhetagem: o
        # nome na coluna de "origem" ou "destino" é a outra parte do lançamento
        return Achado(inicio, fim, valor, "nome_titular", "pessoa",
                      metadados={"nome_normalizado": dobrar(valor), "papel": "contraparte"})
    if papel == "chave_pix" and (tipo := tipo_de_chave(valor)) != "desconhecido":
        return Achado(inicio, fim, valor, "chave_pix", "financeiro", metadados={"tipo_chave": tipo})
    return None


def data_compacta(celula: str, inicio: int) -> Achado | None:
    """A data de 8 dígitos de uma célula da coluna de data ("20250315", "15032025"): a data em ISO, como a da
    data-hora compacta, e o número como escrito (`data_literal`), que o principal cita e o validador relê."""
    if (data := tempo_formas.ler_data_compacta(celula)) is None:
        return None
    valor = celula.strip()
    inicio += celula.index(valor)
    meta = {"data": data.isoformat(), "data_literal": valor}
    return Achado(inicio, inicio + len(valor), valor, "data_evento", "outro", metadados=meta)


def hora_compacta(celula: str) -> str | None:
    """A hora sem separadores de uma célula da coluna de hora ("143502"), na forma que `tempo.hora` lê."""
    hora = tempo_formas.ler_hora_compacta(celula)
    return hora.strftime("%H:%M:%S") if hora is not None else None


def cpf_sem_zeros(valor: str) -> dict[str, Any] | None:
    """O CPF que a planilha gravou como número e perdeu os zeros da esquerda (`3149582660` é 031.495.826-60): só
    numa coluna de CPF, só 9 ou 10 dígitos, e só com os dígitos verificadores certos depois de completado."""
    if not (valor.isdigit() and 9 <= len(valor) < 11):
        return None
    meta = documento.CPF.metadados(valor.zfill(11))
    if meta is None or not meta["digito_verificador_valido"]:
        return None
    return {**meta, "zeros_restaurados": 11 - len(valor)}


def documento_da_coluna(achado: Achado) -> None:
    """Um "telefone" de 11 dígitos na coluna do CPF (ou "Documento") é o CPF quando os dígitos verificadores
    batem: `88994723005` é um celular com DDD 88 para o reconhecedor, mas a coluna diz o que ele é; o de 10 dígitos,
    quando a planilha tirou o zero da esquerda (`cpf_sem_zeros`)."""
    if (sem_zeros := cpf_sem_zeros(achado.dado.strip())) is not None:
        achado.campo, achado.tipo_dado, achado.metadados = documento.CPF.campo, documento.CPF.tipo_dado, sem_zeros
        return
    meta = documento.CPF.metadados(achado.dado)
    if meta is not None and achado.dado.strip().isdigit() and meta["digito_verificador_valido"]:
        achado.campo, achado.tipo_dado = documento.CPF.campo, documento.CPF.tipo_dado
        achado.metadados = meta


_CONECTIVOS = frozenset({"da", "de", "do", "das", "dos", "e", "del", "la", "van", "von"})


def _nome_proprio(valor: str) -> bool:
    """Nome de pessoa ou empresa escrito como nome: cada palavra com maiúscula, salvo os conectivos ("Maria da
    Silva"); um título numa coluna de números ("Call detail records") não é."""
    palavras = valor.split()
    return _parece_nome(valor) and all(p[0].isupper() or p.lower() in _CONECTIVOS for p in palavras)


def _parece_nome(valor: str) -> bool:
    """Nome de pessoa ou empresa: ao menos duas palavras de letras. Uma palavra só ("SMS-T", "VOZ-O", "ATIVO") é o
    valor de outra coluna que caiu sob o cabeçalho de nome (tabela seguinte, coluna deslocada), não um titular."""
    return sum(1 for p in valor.split() if sum(c.isalpha() for c in p) >= 2) >= 2
