"""A contraparte do Pix na linha de baixo do lançamento, como o Banco do Brasil imprime (e a linha de continuação de um
extrato em colunas de largura fixa, com o documento depois do histórico: "PIX RECEBIDO    E341202507  2.350,00 C"):

    11/03/2025 11/03/2025 0000 14397 Pix - Recebido 110917 150,00 C 162,40 C
    11/03 09:17 ANTONIO CARLOS BRAGA

A linha de cima diz o meio e o sentido sem nome; a de baixo tem só o dia, a hora e o nome. O nome é quem pagou
(recebido) ou quem recebeu (enviado) esse lançamento. Só vale com a linha de baixo inteira nessa forma: um nome no
meio de outra linha, ou depois de um lançamento sem sentido escrito, não é contraparte.
"""

from __future__ import annotations

import re

from perito.extratores.achado import Achado
from perito.extratores.rotulos import NOME, PADRAO_HISTORICO, achado_de_nome

#: o meio e o sentido do lançamento de cima, sem o nome depois ("Pix - Recebido 110917 150,00 C")
_SENTIDO_SEM_NOME = re.compile(
    r"\b(?P<meio>(?i:PIX|TED|DOC|TEF|TRANSF(?:ER[ÊE]NCIA)?))\s*[-–]?\s*"
    # a preposição que pede o nome na linha de baixo ("Pix recebido de", "Pix enviado para") e o sinal antes da quantia
    # ("+ R$ 2.350,00"); não o traço antes da hora ("Pix enviado - 14:06:38 Fonseca ...": o nome está na própria linha)
    r"(?P<sentido>(?i:RECEBID[OA]|ENVIAD[OA]|EMITID[OA]))(?:\s+(?P<preposicao>(?i:de|para|por)))?(?=\s+[\d(]|\s+[+\-−]?\s*R\$|\s{2,}\S|\s*$)"
    # o sentido abreviado antes do meio, como a Caixa imprime ("CRED PIX    2.350,00 C" / "ENVIO PIX ..."), com o nome
    # recuado na linha de baixo
    r"|\b(?P<sentido2>(?i:CRED|CR[ÉE]DITO|RECEB(?:IMENTO)?|DEB|D[ÉE]BITO|ENVIO|ENV))\.?\s+(?P<meio2>(?i:PIX|TED|DOC|TEF))"
    r"(?=\s+[\d(]|\s+[+\-−]?\s*R\$|\s{2,}\S|\s*$)")
#: a linha de baixo: o dia (DD/MM), a hora e o nome, e mais nada
_DETALHE = re.compile(rf"^\s*(?:\d{{2}}/\d{{2}}(?:/\d{{2,4}})?\s+)?(?:\d{{1,2}}:\d{{2}}(?::\d{{2}})?\s+)?(?P<valor>{NOME})\s*$")


def pede_o_nome(anterior: str) -> bool:
    """A linha de cima termina o histórico com a preposição ("Pix recebido de + R$ 2.350,00", como o PicPay imprime):
    o nome vem na linha de baixo em qualquer extrato, com coluna de saldo ou sem ela."""
    # (pedida para cada linha de todo texto: o sentido por extenso tem de estar escrito antes de o padrão rodar)
    if not any(p in anterior for p in _SENTIDOS_ESCRITOS):
        return False
    return (sentido := _SENTIDO_SEM_NOME.search(anterior)) is not None and sentido.group("preposicao") is not None


_SENTIDOS_ESCRITOS = ("ecebid", "ECEBID", "nviad", "NVIAD", "mitid", "MITID")


def contraparte_na_linha_de_baixo(anterior: str, texto: str, achados: list[Achado]) -> list[Achado]:
    if any(a.tipo_dado == "pessoa" for a in achados) or PADRAO_HISTORICO.search(anterior):
        return achados  # a linha já tem a sua pessoa, ou o nome do lançamento de cima está nele
    if (sentido := _SENTIDO_SEM_NOME.search(anterior)) is None or (m := _DETALHE.match(texto)) is None:
        return achados
    escrito = (sentido.group("sentido") or sentido.group("sentido2")).upper()
    papel = "remetente" if escrito.startswith(("RECEB", "CR")) else "destinatario"
    nome = achado_de_nome(m, papel, meio=(sentido.group("meio") or sentido.group("meio2")).upper())
    return sorted([*achados, nome], key=lambda a: (a.inicio, a.fim))
