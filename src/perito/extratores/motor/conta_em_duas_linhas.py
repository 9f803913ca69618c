"""A agência numa linha e a conta na de baixo; e o nome do titular sozinho numa linha, com o CPF na de baixo.

A agência numa linha e a conta na de baixo ("Agência 0001" / "Conta 12345678-9"): o bloco de quem recebeu de um
comprovante, a ficha de um cadastro. Cada rótulo com o seu número e nada mais na linha; a conta leva a agência de
cima (citada como apoio, no local dela), como "Agência: 0001 Conta: 12345678-9" numa linha só levaria."""

from __future__ import annotations

import re

from perito.chaves import mascara
from perito.chaves.conta import digitos_da_agencia
from perito.chaves.digitos import somente_digitos
from perito.extratores.achado import Achado
from perito.leitura.documento import Trecho

_AGENCIA = re.compile(r"^\s*(?:Ag[êe]ncia|Ag\.)\s*(?:n[º°o.]*\s*)?:?\s*(?P<agencia>\d{1,5}(?:-[\dXx])?)\s*$", re.IGNORECASE)
_CONTA = re.compile(
    r"^\s*(?:(?:N[úu]mero\s+da\s+|N[º°o.]\s*(?:da\s+)?)?Conta(?:\s+Corrente|\s+Poupan[çc]a|\s+de\s+Pagamento)?|C/C)"
    r"\s*(?:n[º°o.]*\s*)?:?\s*"
    r"(?P<conta>\d{1,13}(?:\.\d{1,13}){0,3}(?:-\d{2,13})?(?:-[\dXx])?)\s*$", re.IGNORECASE)


def conta_da_linha_de_baixo(anterior: Trecho | None, trecho: Trecho, achados: list[Achado]) -> list[Achado]:
    if anterior is None or any(a.campo == "conta_bancaria" for a in achados):
        return achados
    if (conta := _CONTA.match(trecho.texto)) is None or (agencia := _AGENCIA.match(anterior.texto)) is None:
        return achados
    if anterior.pagina != trecho.pagina:
        return achados
    return _com_a_conta(agencia, anterior, conta, achados)


def _com_a_conta(agencia: re.Match, anterior: Trecho, conta: re.Match, achados: list[Achado]) -> list[Achado]:
    """A conta do casamento `conta`, com a agência do casamento `agencia` escrita em `anterior` (o apoio)."""
    meta = {"agencia": digitos_da_agencia(agencia.group("agencia")),
            "conta": somente_digitos(conta.group("conta")).lstrip("0") or "0"}
    meta["conta_normalizada"] = f"|{meta['agencia']}|{meta['conta']}"
    apoio = {"papel": "agencia", "pagina": anterior.pagina, "linha_ou_celula": anterior.localizacao,
             "dado": agencia.group("agencia")}
    if anterior.aba:
        apoio["aba_planilha"] = anterior.aba
    meta["apoio"] = [apoio]  # type: ignore[assignment]
    novo = Achado(conta.start("conta"), conta.end("conta"), conta.group("conta"), "conta_bancaria", "financeiro",
                  metadados=meta)
    return sorted([*[a for a in achados if not (a.inicio < novo.fim and novo.inicio < a.fim)], novo],
                  key=lambda a: (a.inicio, a.fim))


#: cada rótulo sozinho numa linha e o número sozinho na de baixo ("Agência" / "0001" / "Conta" / "4471239-8"), como o
#: comprovante do aplicativo escreve os dados de quem recebeu e de quem pagou
_SO_O_ROTULO_AGENCIA = re.compile(r"^\s*(?:Ag[êe]ncia|Ag\.)\s*:?\s*$", re.IGNORECASE)
_SO_O_ROTULO_CONTA = re.compile(
    r"^\s*(?:(?:N[úu]mero\s+da\s+|N[º°o.]\s*(?:da\s+)?)?Conta(?:\s+Corrente|\s+Poupan[çc]a|\s+de\s+Pagamento)?|C/C)"
    r"\s*:?\s*$", re.IGNORECASE)
_SO_A_AGENCIA = re.compile(r"^\s*(?P<agencia>\d{1,5}(?:-[\dXx])?)\s*$")
_SO_A_CONTA = re.compile(r"^\s*(?P<conta>\d{1,13}(?:\.\d{1,13}){0,3}(?:-\d{2,13})?(?:-[\dXx])?)\s*$")


def conta_sob_os_rotulos(anteriores: list[Trecho], trecho: Trecho, achados: list[Achado]) -> list[Achado]:
    """A conta em quatro linhas, cada rótulo em cima do seu número (`anteriores`: as três linhas não vazias de cima,
    da mais antiga para a mais recente), todas na mesma página; a conta leva a agência (citada como apoio)."""
    if len(anteriores) < 3 or any(a.campo == "conta_bancaria" for a in achados):
        return achados
    rotulo_agencia, agencia_escrita, rotulo_conta = anteriores[-3:]
    if (conta := _SO_A_CONTA.match(trecho.texto)) is None or not _SO_O_ROTULO_CONTA.match(rotulo_conta.texto):
        return achados
    if (agencia := _SO_A_AGENCIA.match(agencia_escrita.texto)) is None or not _SO_O_ROTULO_AGENCIA.match(
            rotulo_agencia.texto):
        return achados
    if len({t.pagina for t in (*anteriores[-3:], trecho)}) != 1:
        return achados
    return _com_a_conta(agencia, agencia_escrita, conta, achados)


#: a linha que abre com o CPF rotulado ("CPF: 168.274.039-04 Agência: 0001 Conta: ..."), logo abaixo do nome
#: o CPF inteiro ou mascarado, como o aplicativo do banco o mostra no extrato do próprio cliente ("CPF •••.016.613-••")
_CPF_NO_COMECO = re.compile(r"^\s*CPF(?:/CNPJ)?\s*[:\-]?\s*(?:\d{3}\.?\d{3}\.?\d{3}-?\d{2}(?!\d)|"
                            + mascara.PADRAO_CPF_MASCARADO.pattern + ")", re.IGNORECASE)


#: a linha que abre com a agência ou a conta rotuladas ("agência: 1500  conta: 23456-7", como o Itaú imprime)
_CONTA_NO_COMECO = re.compile(r"^\s*(?:Ag[êe]ncia|Ag\.|Conta(?:\s+Corrente)?)\s*(?:n[º°o.]*\s*)?:?\s*\d", re.IGNORECASE)


#: o nome do próprio banco no timbre, logo acima da agência ("ITAÚ UNIBANCO S.A." / "Agência: 1500 Conta: ..."): quem
#: emite o extrato, nunca o titular (a empresa titular, "NUNES & ROCHA COMERCIO LTDA", continua titular)
_NOME_DE_BANCO = re.compile(r"(?i:\b(?:banco|bank|unibanco|institui[çc][ãa]o|pagamentos?|financeira|cooperativa)\b"
                            r"|\bS\.?\s?A\b\.?|\bS/A\b)")


def _nome_sozinho(texto: str) -> re.Match | None:
    from perito.extratores.rotulos import NOME

    m = re.fullmatch(rf"\s*(?P<valor>{NOME})\s*", texto)
    return m if m is not None and m.group("valor").isupper() and not _NOME_DE_BANCO.search(m.group("valor")) else None


def titular_acima_do_cpf(anterior: Trecho | None, achados_de_cima: list[Achado], texto: str,
                         achados: list[Achado]) -> Achado | None:
    """O cabeçalho do extrato com o nome do titular sozinho numa linha e o CPF na de baixo ("PRISCILA ALVES CORREIA" /
    "CPF: 168.274.039-04 Agência: 0001 Conta: ..."), como o Mercado Pago escreve, ou a agência e a conta na de baixo:
    o nome é o titular."""
    from perito.extratores.rotulos import achado_de_nome

    if anterior is None or achados_de_cima:
        return None
    if not (_CPF_NO_COMECO.match(texto) or (_CONTA_NO_COMECO.match(texto) and _so_a_conta(achados))):
        return None
    return achado_de_nome(m, "titular") if (m := _nome_sozinho(anterior.texto)) is not None else None


def titular_abaixo_da_conta(achados_de_cima: list[Achado], texto_de_cima: str, texto: str,
                            achados: list[Achado]) -> Achado | None:
    """O nome do titular sozinho na linha de baixo da agência e da conta ("agência: 1500  conta: 23456-7" /
    "JULIANA COSTA RAMOS", o cabeçalho do extrato do Itaú): o nome é o titular."""
    from perito.extratores.rotulos import achado_de_nome

    if achados or not _CONTA_NO_COMECO.match(texto_de_cima) or not _so_a_conta(achados_de_cima):
        return None
    return achado_de_nome(m, "titular") if (m := _nome_sozinho(texto)) is not None else None


def _so_a_conta(achados: list[Achado]) -> bool:
    """A linha diz a conta e nenhuma quantia (num lançamento, o nome ao lado é da contraparte)."""
    return (any(a.campo == "conta_bancaria" for a in achados)
            and not any(a.campo == "valor_transacao" for a in achados))
