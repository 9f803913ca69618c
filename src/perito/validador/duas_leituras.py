"""Confronto das duas leituras no local citado: PDFium × pdfplumber (PDF), html.parser × lxml (HTML).

A leitura principal é a que localizou o trecho (a canônica); a segunda, a de outra
biblioteca. Nada aqui depende de qual é qual: os nomes vão em `leitores`.
Diverge quando um valor citado está numa leitura do local e não na outra. As
linhas das duas se correspondem pelo conteúdo (`alinhamento`), e um valor que a
outra leitura guarda logo ao lado (até PERTO linhas) não conta: é só outra
maneira de juntar ou quebrar as mesmas linhas, não outro texto.
"""

from __future__ import annotations

from dataclasses import dataclass

from perito.chaves.valores import Valor, decompor
from perito.validador.alinhamento import correspondentes
from perito.validador.comparacao import CONTRADITO, PRESENTE, comparar

PERTO = 2
#: texto de cada leitura mostrado na observação, no máximo
MAXIMO_TEXTO = 300


@dataclass(frozen=True)
class Divergencia:
    so_principal: tuple[Valor, ...]  # valores citados que só a leitura principal tem no local
    so_segunda: tuple[Valor, ...]  # valores citados que só a segunda leitura tem no local
    texto_principal: str
    texto_segunda: str
    #: algum valor é contradito pelas duas leituras: a contradição não depende de qual se usa
    contradito_nas_duas: bool
    #: nomes das duas leituras, na ordem (principal, segunda)
    leitores: tuple[str, str] = ("pypdfium2", "pdfplumber")
    formato: str = "PDF"

    @property
    def valores(self) -> tuple[Valor, ...]:
        return self.so_principal + self.so_segunda

    @property
    def observacao(self) -> str:
        primeiro, segundo = self.leitores
        lados = [f"só o {quem} lê {', '.join(v.texto for v in valores)}"
                 for quem, valores in ((primeiro, self.so_principal), (segundo, self.so_segunda)) if valores]
        return (
            f"as duas leituras do {self.formato} divergem no local ({'; '.join(lados)}): "
            f"{primeiro} «{_curto(self.texto_principal)}»; {segundo} «{_curto(self.texto_segunda) or '(nada)'}»"
        )


def confrontar(
    citados: list[Valor], indices: list[int], linhas1: list[str], linhas2: list[str],
    leitores: tuple[str, str] = ("pypdfium2", "pdfplumber"), formato: str = "PDF",
) -> Divergencia | None:
    """`indices`: linhas (0-based) da leitura principal usadas na decisão; `linhas2`: a página pela segunda leitura."""
    par, bloco = correspondentes(tuple(linhas1), tuple(linhas2), tuple(indices))
    texto1 = "\n".join(linhas1[i] for i in indices)
    texto2 = "\n".join(linhas2[j] for j in par)
    valores1, valores2 = decompor(texto1), decompor(texto2)
    so1: list[Valor] = []
    so2: list[Valor] = []
    contradito = False
    for valor in citados:
        c1, c2 = comparar(valor, valores1, texto1), comparar(valor, valores2, texto2)
        contradito = contradito or (c1.resultado == CONTRADITO and c2.resultado == CONTRADITO)
        no1, no2 = c1.resultado == PRESENTE, c2.resultado == PRESENTE
        if no1 == no2:
            continue
        if no1:
            perto = range(max(0, bloco.start - PERTO), min(len(linhas2), bloco.stop + PERTO))
            if _presente(valor, [linhas2[j] for j in perto]):
                continue
        else:
            perto = range(max(0, min(indices) - PERTO), min(len(linhas1), max(indices) + PERTO + 1))
            if _presente(valor, [linhas1[i] for i in perto if i not in indices]):
                continue
        (so1 if no1 else so2).append(valor)
    if not so1 and not so2:
        return None
    return Divergencia(tuple(so1), tuple(so2), texto1, texto2, contradito, leitores, formato)


def _presente(valor: Valor, linhas: list[str]) -> bool:
    texto = "\n".join(linhas)
    return bool(linhas) and comparar(valor, decompor(texto), texto).resultado == PRESENTE


def _curto(texto: str) -> str:
    texto = texto.replace("\n", " ⏎ ")
    return texto if len(texto) <= MAXIMO_TEXTO else texto[: MAXIMO_TEXTO - 1] + "…"
