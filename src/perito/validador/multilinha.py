"""Reconstrução de um dado dividido entre linhas vizinhas (mesma página de PDF, ou o mesmo TXT).

Um nome ou número que quebra no fim da linha continua na seguinte; a referência
aponta para uma das linhas. Só se reconstrói quando:

- a linha citada tem ao menos um valor forte do dado (não basta "da" ou um fuso);
- nada na linha citada diverge do dado (outro IP, CPF, valor, data, hora): um
  valor de identidade exata que está noutra linha enquanto a citada tem outro do
  mesmo tipo continua CONTRADITO;
- nenhuma outra linha sozinha tem o dado inteiro (aí é linha errada, não dado dividido): na página, ou, num texto
  longo de uma página só (um log), nas JANELA_DE_LOG linhas de cada lado;
- os valores que faltam estão em linhas seguidas à citada (sem linha vazia nem
  linha sem parte do dado no meio), a até DISTANCIA_MAXIMA dela;
- em cada quebra, o dado continua: o último valor da linha de cima e o primeiro
  da de baixo são valores citados.

CSV e XLSX ficam de fora: um registro ou uma célula é uma unidade, e o dado de
outro registro é outro dado.
"""

from __future__ import annotations

from dataclasses import dataclass

from perito.chaves.valores import Valor, decompor
from perito.leitura import localizacao
from perito.leitura.documento import Documento, Trecho
from perito.validador.comparacao import AUSENTE, CONTRADITO, DIVERGENTE, PRESENTE, Comparacao, comparar

DISTANCIA_MAXIMA = 5
#: palavras mais curtas que isto ("da", "de", "PIX") não ancoram um dado na linha
MINIMO_LETRAS_ANCORA = 4
TIPOS_COM_LINHAS = ("pdf", "txt", "imagem")
#: linhas numa página (ou num texto sem páginas) a partir das quais ela é um log: o dado inteiro é procurado só nas
#: JANELA_DE_LOG linhas de cada lado da citada, não no arquivo todo (uma página de PDF tem umas 60 linhas)
PAGINA_LONGA = 2_000
JANELA_DE_LOG = 60


@dataclass(frozen=True)
class Reconstrucao:
    comparacoes: list[Comparacao]
    trechos: list[Trecho]  # linhas usadas, em ordem
    observacao: str


def reconstruir(comparacoes: list[Comparacao], doc: Documento, trecho: Trecho) -> Reconstrucao | None:
    if doc.tipo not in TIPOS_COM_LINHAS:
        return None
    resultados = {c.resultado for c in comparacoes}
    if resultados & {CONTRADITO, DIVERGENTE} or AUSENTE not in resultados:
        return None
    if not any(c.resultado == PRESENTE and _ancora(c.valor) for c in comparacoes):
        return None
    outras = [t for t in _linhas_em_volta(doc, trecho) if t is not trecho]
    if any(all(_presente(c.valor, t) for c in comparacoes) for t in outras):
        return None
    numero = numero_da_linha(trecho)
    por_numero = {numero_da_linha(t): t for t in outras if 0 < abs(numero_da_linha(t) - numero) <= DISTANCIA_MAXIMA}
    por_numero[numero] = trecho
    vizinhas = sorted(por_numero, key=lambda n: (abs(n - numero), n))
    novas, usadas = [], {numero}
    for c in comparacoes:
        if c.resultado != AUSENTE:
            novas.append(c)
            continue
        achada = next((n for n in vizinhas if n != numero and _presente(c.valor, por_numero[n])), None)
        if achada is None:
            return None
        usadas.add(achada)
        novas.append(comparar(c.valor, decompor(por_numero[achada].texto), por_numero[achada].texto))
    citados = [c.valor for c in comparacoes]
    faixa = list(range(min(usadas), max(usadas) + 1))
    # linhas seguidas, cada uma com parte do dado, e o dado atravessando cada quebra
    if not all(n in por_numero and any(_presente(v, por_numero[n]) for v in citados) for n in faixa):
        return None
    if not all(_continua(por_numero[a], por_numero[a + 1], citados) for a in faixa[:-1]):
        return None
    return Reconstrucao(novas, [por_numero[n] for n in faixa], f"dado dividido nas linhas {faixa[0]}-{faixa[-1]}")


def _linhas_em_volta(doc: Documento, trecho: Trecho) -> list[Trecho]:
    """As linhas onde procurar o dado inteiro: a página toda; num texto de uma página só muito longo (um log de 200 mil
    linhas), as JANELA_DE_LOG linhas de cada lado. Uma linha a milhares de distância é outro registro, não a linha
    certa deste; e procurar o dado no arquivo inteiro a cada citação custava horas (o dado de cada linha decomposto de
    novo a cada referência)."""
    linhas = doc.trechos_da_pagina(trecho.pagina, trecho.aba)
    if len(linhas) <= PAGINA_LONGA or (posicao := doc.posicao_na_pagina(trecho)) is None:
        return linhas
    return linhas[max(0, posicao - JANELA_DE_LOG): posicao + JANELA_DE_LOG + 1]


def _continua(cima: Trecho, baixo: Trecho, citados: list[Valor]) -> bool:
    """O dado atravessa a quebra: a linha de cima termina e a de baixo começa com valores citados."""
    fim, inicio = decompor(cima.texto)[-1:], decompor(baixo.texto)[:1]
    return bool(fim and inicio) and _algum(citados, fim[0], cima.texto) and _algum(citados, inicio[0], baixo.texto)


def _algum(citados: list[Valor], valor: Valor, texto: str) -> bool:
    return any(comparar(c, [valor], texto).resultado == PRESENTE for c in citados)


def numero_da_linha(trecho: Trecho) -> int:
    local = localizacao.interpretar(trecho.localizacao)
    return local.numero if local else 0


def _presente(valor: Valor, trecho: Trecho) -> bool:
    return comparar(valor, decompor(trecho.texto), trecho.texto).resultado == PRESENTE


def _ancora(valor: Valor) -> bool:
    if valor.tipo in ("ip", "data", "hora", "valor"):
        return True
    if valor.tipo == "digitos":
        return len(valor.normal) >= 4
    return valor.tipo == "palavra" and len(valor.normal) >= MINIMO_LETRAS_ANCORA
