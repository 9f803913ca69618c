"""Confronto das duas leituras no local citado: PDFium × pdfplumber (PDF), html.parser × lxml (HTML).

A leitura principal é a que localizou o trecho (a canônica); a segunda, a de outra
biblioteca. Nada aqui depende de qual é qual: os nomes vão em `leitores`.
Diverge quando um valor citado está numa leitura do local e não na outra. As
linhas das duas se correspondem pelo conteúdo (`alinhamento`), e um valor que a
outra leitura guarda logo ao lado (até PERTO linhas) não conta: é só outra
maneira de juntar ou quebrar as mesmas linhas, não outro texto.
"""

from __future__ import annotations

import re
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
            if _presente(valor, [linhas2[j] for j in perto]) or so_sem_os_espacos(
                    _corrida(valor, citados, texto1), texto1, texto2, valor.tipo):
                continue
        else:
            perto = range(max(0, min(indices) - PERTO), min(len(linhas1), max(indices) + PERTO + 1))
            if _presente(valor, [linhas1[i] for i in perto if i not in indices]):
                continue
        (so1 if no1 else so2).append(valor)
    if not so1 and not so2:
        return None
    return Divergencia(tuple(so1), tuple(so2), texto1, texto2, contradito, leitores, formato)


_BRANCO = re.compile(r"\s+")
#: a quantia que o próprio formato fecha: duas casas depois da vírgula (ou do ponto), o que vier depois é outro valor
_QUANTIA_FECHADA = re.compile(r"[-−+]?\s*(?:R\$\s*)?\d[\d.,]*[.,]\d{2}")


def so_sem_os_espacos(escrito: str, texto1: str, texto2: str, tipo: str = "palavra") -> bool:
    """A segunda leitura tem os mesmos caracteres, na mesma ordem, e só não separa as palavras (o PDF de espaçamento
    apertado, em que o pdfplumber cola "PixrecebidoANABEATRIZMOREIRA2.350,002.410,55"): o `escrito` que a leitura
    principal lê é o mesmo texto nas duas. Vale só quando a fronteira dele não depende do espaço: o vizinho colado não
    o continuaria (minúscula antes de maiúscula, letra antes de algarismo, a quantia fechada pelas duas casas
    decimais); "1 2.350,00" lido pelo PDFium contra "12.350,00" do pdfplumber continua divergência, e "JO ANA" contra
    "JOANA" também."""
    corrido1, corrido2 = _BRANCO.sub("", texto1), _BRANCO.sub("", texto2)
    if corrido1 != corrido2 or not (escrito := _BRANCO.sub("", escrito)):
        return False
    inicio = corrido1.find(escrito)
    while inicio >= 0:
        fim = inicio + len(escrito)
        antes, depois = corrido1[inicio - 1 : inicio], corrido1[fim : fim + 1]
        fechada = tipo == "valor" and _QUANTIA_FECHADA.fullmatch(escrito) is not None
        rotulo = _ROTULO_COLADO.match(corrido1, fim) is not None  # "PINTOCPF:": o rótulo seguinte fecha o nome
        # "14/07/20252.350,00": a data (ou a hora com segundos, ou a quantia) de antes se fecha pelo próprio formato
        aberto = _continua(antes, escrito[0], tipo) and not _FECHA_A_ESQUERDA.search(corrido1, 0, inicio)
        if not aberto and (fechada or rotulo or not _continua(escrito[-1], depois, tipo)):
            return True
        inicio = corrido1.find(escrito, inicio + 1)
    return False


def _corrida(valor: Valor, citados: list[Valor], texto: str) -> str:
    """O texto do valor; para uma palavra citada, a sequência das palavras citadas em volta dela no texto, só com
    espaços entre elas ("ANA BEATRIZ MOREIRA"): a fronteira de um nome se confere no nome inteiro."""
    if valor.tipo != "palavra":
        return valor.texto
    palavras = {v.texto for v in citados if v.tipo == "palavra"}
    trechos = texto.split()
    if valor.texto not in trechos:
        return valor.texto
    comeco = fim = trechos.index(valor.texto)
    while comeco > 0 and trechos[comeco - 1] in palavras:
        comeco -= 1
    while fim + 1 < len(trechos) and trechos[fim + 1] in palavras:
        fim += 1
    return " ".join(trechos[comeco : fim + 1])


#: o que termina fechado pelo próprio formato logo antes do valor: a data com o ano de quatro algarismos, a hora com os
#: segundos, a quantia com as duas casas
_FECHA_A_ESQUERDA = re.compile(r"(?:\d{2}/\d{2}/\d{4}|\d:\d{2}:\d{2}|,\d{2})$")
#: o rótulo de um campo seguinte, com os dois-pontos, colado ao fim do valor ("RAFAELSOUZAPINTOCPF:083..."): fronteira
_ROTULO_COLADO = re.compile(r"(?i:CPF|CNPJ|RG|Ag[êe]ncia|Conta|Banco|Telefone|Tel|E-?mail|Chave|Data|Valor)[:.]")
#: os caracteres que, colados a um algarismo, ainda podem ser do mesmo valor, pelo tipo dele
_SEPARADORES = {"valor": ".,", "data": "/-.", "hora": ":", "ip": ".:", "fuso": ":"}


def _continua(a: str, b: str, tipo: str) -> bool:
    """Os dois caracteres colados podem ser do mesmo valor: algarismo (ou o separador do tipo: a vírgula da quantia,
    a barra da data, os dois-pontos da hora) com algarismo, letra com letra da mesma caixa ou maiúscula seguida de
    minúscula ("Ana"); minúscula seguida de maiúscula ("recebidoANA") é fronteira de palavra."""
    if not a or not b:
        return False
    numerico = "0123456789" + _SEPARADORES.get(tipo, "")
    if a in numerico and b in numerico:
        return True
    return a.isalpha() and b.isalpha() and not (a.islower() and b.isupper())


def _presente(valor: Valor, linhas: list[str]) -> bool:
    texto = "\n".join(linhas)
    return bool(linhas) and comparar(valor, decompor(texto), texto).resultado == PRESENTE


def _curto(texto: str) -> str:
    texto = texto.replace("\n", " ⏎ ")
    return texto if len(texto) <= MAXIMO_TEXTO else texto[: MAXIMO_TEXTO - 1] + "…"
