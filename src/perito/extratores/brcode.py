"""O reconhecedor do BR Code (Pix Copia e Cola) num texto: a chave de quem recebe, citada onde está escrita dentro do
código, e o resto do código ocupado (nada de telefone, CPF ou nome tirado dos pedaços dele).

A chave leva, nos metadados, o que o código diz junto dela (valor pedido, nome e cidade do recebedor, identificador);
o nome do código (cortado em 25 caracteres) não vira pessoa: quem é o titular o DICT diz. O QR dinâmico não tem chave,
só a URL do PSP: vira um alerta com o que pedir. O CRC errado também: a chave é a escrita, e o código pode ter sido
digitado com erro.
"""

from __future__ import annotations

from typing import Iterator

from perito.chaves import brcode
from perito.extratores.achado import Achado
from perito.extratores.chaves_pix import chave_pix, tipo_de_chave

#: o campo dos achados que só ocupam o código (tirados antes de o reconhecimento devolver a linha)
OCUPADO = "_brcode"


def tem_brcode(texto: str, minusculo: str) -> bool:
    return "br.gov.bcb.pix" in minusculo


def no_texto(texto: str) -> Iterator[Achado]:
    for codigo in brcode.achar(texto):
        if codigo.chave is not None and codigo.inicio_da_chave is not None:
            achado = chave_pix(codigo.inicio_da_chave, codigo.chave, tipo_de_chave(codigo.chave))
            if not codigo.crc_valido:
                achado.alerta = (f"BR Code com a chave {codigo.chave!r} e o CRC que não confere: o código foi digitado "
                                 "ou lido com erro; confira a chave no original")
        elif codigo.url is not None and codigo.inicio_da_url is not None:
            achado = Achado(codigo.inicio_da_url, codigo.inicio_da_url + len(codigo.url), codigo.url, "outro", "outro",
                            metadados={"rotulo": "brcode_url"},
                            alerta=(f"BR Code (Pix Copia e Cola) dinâmico, sem chave: a cobrança está em {codigo.url!r}; "
                                    "o recebedor é cliente do PSP desse endereço, a quem pedir os dados"))
        else:
            yield Achado(codigo.inicio, codigo.fim, texto[codigo.inicio:codigo.fim], OCUPADO, "outro")
            continue
        achado.metadados["brcode"] = {k: v for k, v in (
            ("valor", codigo.valor), ("nome", codigo.nome), ("cidade", codigo.cidade),
            ("identificador", codigo.identificador), ("crc_valido", codigo.crc_valido)) if v is not None}
        yield achado
        if codigo.inicio < achado.inicio:
            yield Achado(codigo.inicio, achado.inicio, texto[codigo.inicio:achado.inicio], OCUPADO, "outro")
        if achado.fim < codigo.fim:
            yield Achado(achado.fim, codigo.fim, texto[achado.fim:codigo.fim], OCUPADO, "outro")
