"""As seções de um comprovante de transferência: "Quem pagou" / "Quem recebeu", "Origem" / "Destino".

O título da seção numa linha só dele diz o papel do nome que vem embaixo ("Nome ANA PAULA RODRIGUES"): quem pagou é o
remetente, quem recebeu é o destinatário. Sem isso os dois nomes do comprovante saíam com o papel genérico "nome", e o
débito do comprovante não tinha contraparte. A seção vale até outro título ou por poucas linhas (um bloco).
"""

from __future__ import annotations

import re

from perito.extratores.achado import Achado

_PAGOU = re.compile(
    r"^\s*(?:quem\s+(?:pagou|enviou|transferiu)|dados\s+d[oa]\s+(?:pagador|remetente|origem|conta\s+de\s+origem)"
    r"|pagador|remetente|origem|conta\s+de\s+origem|de)\s*:?\s*$", re.IGNORECASE)
_RECEBEU = re.compile(
    r"^\s*(?:quem\s+recebeu|dados\s+d[oa]\s+(?:recebedor|favorecido|destinat[aá]rio|destino|conta\s+de\s+destino)"
    r"|recebedor|favorecido|destinat[aá]rio|destino|conta\s+de\s+destino|para)\s*:?\s*$", re.IGNORECASE)
#: linhas que uma seção governa (o bloco do comprovante: nome, documento, instituição, agência, conta, chave)
_LINHAS_DA_SECAO = 8
#: os papéis genéricos que a seção especifica; um rótulo próprio ("Favorecido: ...") fica como está
_GENERICOS = frozenset({"nome", "titular", "cliente", "identificado_por_cpf"})


class Secao:
    """O papel da seção em vigor e quantas linhas ela ainda governa."""

    def __init__(self) -> None:
        self.papel: str | None = None
        self.restam = 0

    def aplicar(self, texto: str, achados: list[Achado]) -> None:
        if _PAGOU.match(texto):
            self.papel, self.restam = "remetente", _LINHAS_DA_SECAO
            return
        if _RECEBEU.match(texto):
            self.papel, self.restam = "destinatario", _LINHAS_DA_SECAO
            return
        if self.papel is None or not texto.strip():
            return
        for achado in achados:
            if achado.campo == "nome_titular" and achado.metadados.get("papel") in _GENERICOS:
                achado.metadados["papel"] = self.papel
        self.restam -= 1
        if self.restam <= 0:
            self.papel = None
