"""O destino citado com um valor é o da oração dele, na linha que conta dois valores para dois destinos.

"... fez dois Pix: R$ 1.000,00 para a chave (21) 99876-5432 e R$ 2.000,00 para a chave joao.ramos@exemplo.com." A
referência que junta R$ 1.000,00 e a chave de e-mail estava certa valor por valor (os dois estão na linha), e a
conclusão errada: o e-mail é o destino do outro Pix. O validador relê a linha por conta própria: o destino de cada
valor é o que vem depois dele e antes do valor seguinte (ou, sem nenhum depois, o que vem entre o valor de antes e
ele). Com um destino só na linha ("R$ 1.000,00 e R$ 2.000,00 para a chave ..."), os dois valores são para ele e nada
se contradiz.
"""

from __future__ import annotations

from perito.chaves.valores import Valor, decompor
from perito.validador.comparacao import CONTRADITO, Comparacao


def _destino(v: Valor) -> bool:
    """Uma chave Pix (e-mail, aleatória) ou um número que pode ser a chave de telefone ou de CPF."""
    return v.tipo == "chave" or (v.tipo == "digitos" and 10 <= len(v.normal) <= 14)


def destino_de_outro_valor(citados: list[Valor], texto: str) -> Comparacao | None:
    valores_citados = [v for v in citados if v.tipo == "valor"]
    destinos_citados = [v for v in citados if _destino(v)]
    if len(valores_citados) != 1 or not destinos_citados:
        return None
    na_linha = decompor(texto)
    posicoes_dos_valores = [i for i, v in enumerate(na_linha) if v.tipo == "valor"]
    destinos = [i for i, v in enumerate(na_linha) if _destino(v)]
    if len(posicoes_dos_valores) < 2 or len({na_linha[i].normal for i in destinos}) < 2:
        return None
    valor = valores_citados[0]
    onde = [i for i in posicoes_dos_valores if na_linha[i].normal == valor.normal]
    if len(onde) != 1:
        return None  # o mesmo valor duas vezes na linha: não se sabe de qual oração
    aqui = onde[0]
    antes = max((i for i in posicoes_dos_valores if i < aqui), default=-1)
    depois = min((i for i in posicoes_dos_valores if i > aqui), default=len(na_linha))
    seus = [i for i in destinos if aqui < i < depois] or [i for i in destinos if antes < i < aqui]
    if not seus:
        return None
    proprios = {na_linha[i].normal for i in seus}
    for citado in destinos_citados:
        de_outro = any(na_linha[i].normal == citado.normal for i in destinos if i not in seus)
        if citado.normal not in proprios and de_outro:
            return Comparacao(citado, CONTRADITO, motivo=(
                f"{citado.texto} é o destino de outro valor da linha; o do valor {valor.texto} é "
                f"{', '.join(sorted(na_linha[i].texto for i in seus))}"))
    return None
