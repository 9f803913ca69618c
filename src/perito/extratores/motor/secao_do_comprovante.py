"""As seções de um comprovante de transferência ("Quem pagou" / "Quem recebeu", "Origem" / "Destino") e as do
formulário do boletim ("COMUNICANTE / VÍTIMA", "DADOS DO SUSPEITO") sobre os campos "Nome: ...".

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
#: o quadro de um envolvido no formulário do boletim, num título só dele ("VÍTIMA", "COMUNICANTE / VÍTIMA",
#: "DADOS DA VÍTIMA", "QUALIFICAÇÃO DO AUTOR"): o "Nome: ..." de baixo é dessa pessoa
_ENVOLVIDO = r"(?:(?:dados|qualifica[çc][ãa]o)\s+d[oa]s?\s+)?"
_VITIMA = re.compile(
    rf"^\s*(?:comunicante\s*[/e(-]\s*)?{_ENVOLVIDO}(?:v[íi]tima|comunicante|declarante)s?\)?"
    rf"(?:\s*[/e(-]\s*comunicante\)?)?\s*:?\s*$", re.IGNORECASE)
_AUTOR = re.compile(
    rf"^\s*{_ENVOLVIDO}(?:autor(?:ia)?|suspeit[oa]|investigad[oa]|indiciad[oa])s?(?:\s*\(?a?\)?)?\s*:?\s*$", re.IGNORECASE)
#: outro título de seção (uma linha curta só de maiúsculas, sem números: "RELATO", "HISTÓRICO DA OCORRÊNCIA")
_OUTRO_TITULO = re.compile(r"^\s*[A-ZÀ-Ý][A-ZÀ-Ý /]{2,40}:?\s*$")
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
        if _VITIMA.match(texto):
            self.papel, self.restam = "vitima", _LINHAS_DA_SECAO
            return
        if _AUTOR.match(texto):
            self.papel, self.restam = "investigado", _LINHAS_DA_SECAO
            return
        if self.papel is None or not texto.strip():
            return
        if _OUTRO_TITULO.match(texto) and not achados:
            self.papel = None  # "RELATO": os nomes da narrativa não são do quadro de cima
            return
        for achado in achados:
            if achado.campo == "nome_titular" and achado.metadados.get("papel") in _GENERICOS:
                achado.metadados["papel"] = self.papel
        self.restam -= 1
        if self.restam <= 0:
            self.papel = None
