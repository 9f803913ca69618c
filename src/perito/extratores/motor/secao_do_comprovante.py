"""As seções de um comprovante de transferência ("Quem pagou" / "Quem recebeu", "Origem" / "Destino") e as do
formulário do boletim ("COMUNICANTE / VÍTIMA", "DADOS DO SUSPEITO") sobre os campos "Nome: ...".

O título da seção numa linha só dele diz o papel do nome que vem embaixo ("Nome ANA PAULA RODRIGUES"): quem pagou é o
remetente, quem recebeu é o destinatário. Sem isso os dois nomes do comprovante saíam com o papel genérico "nome", e o
débito do comprovante não tinha contraparte. A seção vale até outro título ou por poucas linhas (um bloco).
"""

from __future__ import annotations

import re

from perito.extratores.achado import Achado

# "Dados de quem recebeu" / "Dados de quem pagou": o comprovante do aplicativo, com cada rótulo numa linha e o valor
# na de baixo ("Nome" / "RODRIGO SILVA PRATES")
_TITULO_PAGOU = (r"(?:(?:dados\s+de\s+)?quem\s+(?:pagou|enviou|transferiu)"
                 r"|dados\s+d[oa]\s+(?:pagador|remetente|origem|conta\s+de\s+origem)"
                 r"|pagador|remetente|origem|conta\s+de\s+origem|de"
                 # o comprovante em inglês ("From" / "To", "Sender" / "Recipient") e em espanhol ("Origen")
                 r"|from|sender|payer|sent\s+by|origin|source\s+account|origen|ordenante)")
_TITULO_RECEBEU = (r"(?:(?:dados\s+de\s+)?quem\s+(?:recebeu|vai\s+receber)"
                   r"|dados\s+d[oa]\s+(?:recebedor|favorecido|destinat[aá]rio|destino|conta\s+de\s+destino)"
                   r"|recebedor|favorecido|destinat[aá]rio|destino|conta\s+de\s+destino|para"
                   r"|to|recipient|payee|receiver|beneficiary|destination|destination\s+account|beneficiario)")
_PAGOU = re.compile(rf"^\s*{_TITULO_PAGOU}\s*:?\s*$", re.IGNORECASE)
_RECEBEU = re.compile(rf"^\s*{_TITULO_RECEBEU}\s*:?\s*$", re.IGNORECASE)
#: as duas seções lado a lado ("ORIGEM        DESTINO" numa linha, o comprovante em duas colunas lido pelo OCR): em cada
#: linha de baixo com dois nomes, o primeiro é da seção da esquerda e o segundo, da direita
_LADO_A_LADO = re.compile(
    rf"^\s*(?:(?P<pagou>{_TITULO_PAGOU})\s*:?\s+{_TITULO_RECEBEU}|(?P<recebeu>{_TITULO_RECEBEU})\s*:?\s+{_TITULO_PAGOU})"
    r"\s*:?\s*$", re.IGNORECASE)
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


def titulo_de_envolvido(texto: str) -> bool:
    """A linha é o título do quadro de um envolvido no boletim ("Vítima", "DADOS DO AUTOR"): o quadro de outra pessoa
    começa ali."""
    return bool(_VITIMA.match(texto) or _AUTOR.match(texto))


class Secao:
    """O papel da seção em vigor e quantas linhas ela ainda governa."""

    def __init__(self) -> None:
        self.papel: str | None = None
        self.restam = 0
        self.lado_a_lado: tuple[str, str] | None = None

    def aplicar(self, texto: str, achados: list[Achado]) -> None:
        if m := _LADO_A_LADO.match(texto):
            self.papel, self.restam = None, _LINHAS_DA_SECAO
            self.lado_a_lado = ("remetente", "destinatario") if m.group("pagou") else ("destinatario", "remetente")
            return
        if self.lado_a_lado is not None:
            self._aplicar_lado_a_lado(texto, achados)
            return
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
        if _OUTRO_TITULO.match(texto) and not achados and self.restam < _LINHAS_DA_SECAO:
            self.papel = None  # "RELATO": os nomes da narrativa não são do quadro de cima
            return
        # a primeira linha da seção é dela, também em maiúsculas sem achado: o nome sozinho ("Destino" / "RAFAEL DUARTE
        # LIMA" / "CPF ***.982.247-**"), que só a linha do CPF revela como nome
        self.especificar(achados)
        self.restam -= 1
        if self.restam <= 0:
            self.papel = None

    def especificar(self, achados: list[Achado]) -> None:
        """O papel da seção em vigor para os nomes de papel genérico (também o nome da linha de cima que só a linha do
        CPF revela: "Destino" / "RAFAEL DUARTE LIMA" / "CPF ***.982.247-**")."""
        if self.papel is None:
            return
        for achado in achados:
            if achado.campo == "nome_titular" and achado.metadados.get("papel") in _GENERICOS:
                achado.metadados["papel"] = self.papel

    def _aplicar_lado_a_lado(self, texto: str, achados: list[Achado]) -> None:
        assert self.lado_a_lado is not None
        if _OUTRO_TITULO.match(texto) and not achados:
            self.lado_a_lado = None
            return
        nomes = sorted((a for a in achados if a.campo == "nome_titular" and a.metadados.get("papel") in _GENERICOS),
                       key=lambda a: a.inicio)
        if len(nomes) == 2:  # um nome só na linha: o OCR não diz de que coluna ele é
            for achado, papel in zip(nomes, self.lado_a_lado, strict=True):
                achado.metadados["papel"] = papel
        self.restam -= 1
        if self.restam <= 0:
            self.lado_a_lado = None

