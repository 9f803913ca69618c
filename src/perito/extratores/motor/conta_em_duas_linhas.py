"""A agência numa linha e a conta na de baixo ("Agência 0001" / "Conta 12345678-9"): o bloco de quem recebeu de um
comprovante, a ficha de um cadastro. Cada rótulo com o seu número e nada mais na linha; a conta leva a agência de
cima (citada como apoio, no local dela), como "Agência: 0001 Conta: 12345678-9" numa linha só levaria."""

from __future__ import annotations

import re

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
    meta = {"agencia": somente_digitos(agencia.group("agencia")),
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
