"""Leitura de CSV: um trecho por registro, localizado na linha física onde ele começa.

O cabeçalho é a linha 1. Um registro com quebra de linha dentro de aspas ocupa
várias linhas físicas e é citado pela primeira; seu texto é o das linhas
físicas que ocupa, sem o último terminador.
"""

from __future__ import annotations

import csv
import io
from typing import Iterable, Iterator

from perito.leitura import localizacao
from perito.leitura.codificacao import decodificar, sem_terminador
from perito.leitura.documento import Documento, Trecho
from perito.leitura.entrada import Entrada, ler_bytes

METODO = "csv"
DELIMITADORES = ";,\t|"
#: amostra para decidir o delimitador: o bloco de título acima do cabeçalho cabe com folga
_AMOSTRA_BYTES = 40_000
_AMOSTRA_LINHAS = 60
#: campo maior que isto é tratado como arquivo malformado (aspas sem fechamento)
MAXIMO_CAMPO = 1_000_000


def ler_csv(entrada: Entrada, nome: str) -> Documento:
    texto, codificacao = decodificar(ler_bytes(entrada))
    delimitador = detectar_delimitador(texto)
    doc = Documento(
        arquivo=nome, tipo="csv", metodo_extracao=METODO, codificacao=codificacao, delimitador=delimitador
    )
    leitor = Registros(io.StringIO(texto, newline=""), delimitador)
    doc.trechos.extend(trecho for _, trecho in leitor)
    if leitor.parcial:
        doc.parcial = leitor.parcial
        doc.alertas.append(f"{nome}: {doc.parcial}")
    if "\x00" in texto:
        doc.alertas.append(f"{nome}: contém bytes NUL; mantidos no texto dos registros")
    return doc


class Registros:
    """(linha física onde começa, trecho) de cada registro não vazio, lendo linhas físicas com terminador de
    `fisicas` (um texto inteiro ou um arquivo em fluxo); `parcial` diz onde um CSV malformado parou."""

    def __init__(self, fisicas: Iterable[str], delimitador: str) -> None:
        self.fisicas, self.delimitador = fisicas, delimitador
        self.parcial: str | None = None

    def __iter__(self) -> Iterator[tuple[int, Trecho]]:
        for inicio, bruto, campos in self.brutos():
            yield inicio, Trecho(None, localizacao.linha(inicio), bruto, METODO, celulas=tuple(campos))

    def brutos(self) -> Iterator[tuple[int, str, list[str]]]:
        """(linha física onde começa, texto, campos) de cada registro não vazio, sem montar o trecho: quem guarda só
        alguns registros de um CSV volumoso (`em_partes.ler_linhas`) monta só os deles."""
        csv.field_size_limit(MAXIMO_CAMPO)
        # o leitor consome linhas físicas através deste iterador, para sabermos quais foram
        consumidas: list[str] = []

        def linhas() -> Iterator[str]:
            for linha in self.fisicas:
                consumidas.append(linha)
                yield linha

        # strict: aspas sem fechamento viram erro com alerta, não um campo que engole o resto do arquivo
        leitor = csv.reader(linhas(), delimiter=self.delimitador, strict=True)
        inicio = 1
        try:
            for campos in leitor:
                bruto = sem_terminador("".join(consumidas))
                consumidas.clear()
                # (a primeira célula cheia basta, sem o gerador: o caso de quase toda linha de um CSV volumoso)
                if campos and (campos[0].strip() or any(c.strip() for c in campos)):
                    yield inicio, bruto, campos
                inicio = leitor.line_num + 1
        except csv.Error as erro:
            self.parcial = f"CSV malformado a partir da linha {inicio} ({_motivo(erro)}); o restante não foi lido"


def _motivo(erro: csv.Error) -> str:
    texto = str(erro)
    if "field larger than field limit" in texto:
        return f"campo maior que o teto de {MAXIMO_CAMPO // 1_000_000} MB"
    if "unexpected end of data" in texto or "EOF" in texto:
        return "aspas sem fechamento até o fim do arquivo"
    return texto


def detectar_delimitador(texto: str) -> str:
    """O delimitador pela estrutura: o de `;`, `,`, tab, `|` com o maior bloco de registros seguidos com o
    mesmo número (> 1) de campos, medido em linhas — o cabeçalho e as linhas de dados; o bloco de título e filtros acima
    ("Extrato - Titular: ...", "Período: ...") não tem esse número e não pesa.

    No empate, a ordem de DELIMITADORES: `;` antes de `,` porque arquivos brasileiros usam vírgula
    decimal (num extrato sem cabeçalho, `;` e `,` podem aparecer igualmente em todas as linhas).
    O `csv.Sniffer` foi medido e erra com título em cima (toma a linha do título como modelo).
    """
    amostra = [linha for linha in texto[:_AMOSTRA_BYTES].splitlines()[:_AMOSTRA_LINHAS] if linha.strip()]
    if len(amostra) > 1:
        amostra = amostra[:-1]  # a última pode estar cortada pelo limite da amostra
    melhor: tuple[int, int] | None = None  # (tamanho do bloco, -posição na ordem)
    escolhido = None
    for posicao, delimitador in enumerate(DELIMITADORES):
        bloco = _maior_bloco(amostra, delimitador)
        if bloco and (melhor is None or (bloco, -posicao) > melhor):
            melhor, escolhido = (bloco, -posicao), delimitador
    if escolhido is not None:
        return escolhido
    primeira = amostra[0] if amostra else ""
    contagens_primeira = {d: primeira.count(d) for d in DELIMITADORES}
    escolhido = max(contagens_primeira, key=lambda d: contagens_primeira[d])
    return escolhido if contagens_primeira[escolhido] else ","


def _maior_bloco(amostra: list[str], delimitador: str) -> int:
    """Quantas linhas ocupam os registros seguidos com o mesmo número (> 1) de campos (o maior bloco).

    Em linhas, não em registros: um campo entre aspas que atravessa linhas é um registro só, e as linhas
    que ele ocupa contam para o delimitador que o lê assim (com outro, cada uma viraria um registro)."""
    leitor = csv.reader(amostra, delimiter=delimitador)
    maior = atual = 0
    anterior, lidas = None, 0
    try:
        for campos in leitor:
            ocupadas, lidas = leitor.line_num - lidas, leitor.line_num
            atual = atual + ocupadas if len(campos) == anterior else ocupadas
            anterior = len(campos)
            if anterior > 1:
                maior = max(maior, atual)
    except csv.Error:
        return 0
    return maior
