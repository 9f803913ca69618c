"""Leitura de CSV: um trecho por registro, localizado na linha física onde ele começa.

O cabeçalho é a linha 1. Um registro com quebra de linha dentro de aspas ocupa
várias linhas físicas e é citado pela primeira; seu texto é o das linhas
físicas que ocupa, sem o último terminador.
"""

from __future__ import annotations

import csv
import io
from collections import Counter

from perito.leitura import localizacao
from perito.leitura.codificacao import decodificar, sem_terminador
from perito.leitura.documento import Documento, Trecho
from perito.leitura.entrada import Entrada, ler_bytes

METODO = "csv"
DELIMITADORES = ";,\t"
#: campo maior que isto é tratado como arquivo malformado (aspas sem fechamento)
MAXIMO_CAMPO = 1_000_000


def ler_csv(entrada: Entrada, nome: str) -> Documento:
    texto, codificacao = decodificar(ler_bytes(entrada))
    delimitador = detectar_delimitador(texto)
    doc = Documento(
        arquivo=nome, tipo="csv", metodo_extracao=METODO, codificacao=codificacao, delimitador=delimitador
    )
    csv.field_size_limit(MAXIMO_CAMPO)
    fisicas = io.StringIO(texto, newline="")
    # o leitor consome linhas físicas através deste iterador, para sabermos quais foram
    consumidas: list[str] = []

    def linhas():
        for linha in fisicas:
            consumidas.append(linha)
            yield linha

    # strict: aspas sem fechamento viram erro com alerta, não um campo que engole o resto do arquivo
    leitor = csv.reader(linhas(), delimiter=delimitador, strict=True)
    inicio = 1
    try:
        for campos in leitor:
            bruto = sem_terminador("".join(consumidas))
            consumidas.clear()
            if campos and any(c.strip() for c in campos):
                doc.trechos.append(
                    Trecho(None, localizacao.linha(inicio), bruto, METODO, celulas=tuple(campos))
                )
            inicio = leitor.line_num + 1
    except csv.Error as erro:
        doc.parcial = f"CSV malformado a partir da linha {inicio} ({_motivo(erro)}); o restante não foi lido"
        doc.alertas.append(f"{nome}: {doc.parcial}")
    if "\x00" in texto:
        doc.alertas.append(f"{nome}: contém bytes NUL; mantidos no texto dos registros")
    return doc


def _motivo(erro: csv.Error) -> str:
    texto = str(erro)
    if "field larger than field limit" in texto:
        return f"campo maior que o teto de {MAXIMO_CAMPO // 1_000_000} MB"
    if "unexpected end of data" in texto or "EOF" in texto:
        return "aspas sem fechamento até o fim do arquivo"
    return texto


def detectar_delimitador(texto: str) -> str:
    """O primeiro de `;`, `,`, tab que dá o mesmo número (> 1) de campos nas primeiras linhas.

    `;` vem antes de `,` porque arquivos brasileiros usam vírgula decimal: num extrato
    sem cabeçalho, `;` e `,` podem aparecer igualmente em todas as linhas.
    """
    amostra = [linha for linha in texto[:20_000].splitlines()[:20] if linha.strip()]
    if len(amostra) > 1:
        amostra = amostra[:-1]  # a última pode estar cortada pelo limite da amostra
    for delimitador in DELIMITADORES:
        try:
            contagens = {len(campos) for campos in csv.reader(amostra, delimiter=delimitador)}
        except csv.Error:
            continue
        if len(contagens) == 1 and contagens.pop() > 1:
            return delimitador
    # linhas de título acima do cabeçalho ("Extrato - Titular: ..."): vale o delimitador com o qual mais
    # linhas têm o mesmo número (> 1) de campos; no empate, a ordem de DELIMITADORES (`;` antes de `,`)
    melhor: tuple[int, str] | None = None
    for delimitador in DELIMITADORES:
        try:
            contagens = Counter(n for campos in csv.reader(amostra, delimiter=delimitador) if (n := len(campos)) > 1)
        except csv.Error:
            continue
        if contagens and (melhor is None or contagens.most_common(1)[0][1] > melhor[0]):
            melhor = (contagens.most_common(1)[0][1], delimitador)
    if melhor is not None:
        return melhor[1]
    primeira = amostra[0] if amostra else ""
    contagens_primeira = {d: primeira.count(d) for d in DELIMITADORES}
    escolhido = max(contagens_primeira, key=lambda d: contagens_primeira[d])
    return escolhido if contagens_primeira[escolhido] else ","
