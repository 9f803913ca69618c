"""Leitura em partes de um TXT ou CSV volumoso: o arquivo nunca está inteiro na memória.

Um log de acesso de 200 MB tem milhões de linhas; lido de uma vez, cada linha vira um trecho e o auxiliar passa
do teto de memória antes de extrair. Aqui o arquivo é lido em fluxo, e cada parte vira um `Documento` com as
linhas que lhe cabem, pelo mesmo feitio de trecho da leitura inteira (`texto.ler_texto`, `tabela_csv.ler_csv`):

- o preâmbulo (as primeiras linhas não vazias: título, fuso declarado, cabeçalho da tabela) vai em toda parte,
  com os números de linha verdadeiros, porque o contexto de um documento é dito uma vez, em cima;
- cada parte leva também `SOBREPOSICAO` linhas antes e depois das suas, para um registro de várias linhas
  cortado na divisa ser visto inteiro por quem o começa (`Parte.guarda` diz a quem ele pertence);
- num TXT, o epílogo (as últimas `EPILOGO` linhas) também vai em toda parte: o contexto dito uma vez no fim;
- `faixas` reparte as linhas entre os auxiliares, e cada um lê as partes da sua faixa (`partes(..., faixa=)`).

Quem usa (a extração no auxiliar e a releitura do validador) decide o que guardar de cada parte. Um arquivo que
parece JSON, ou um membro de pacote ZIP (já em memória), é lido inteiro como sempre.
"""

from __future__ import annotations

import codecs
import unicodedata
from collections import deque
from dataclasses import dataclass, replace
from functools import lru_cache
from itertools import islice, pairwise
from pathlib import Path
from typing import Iterable, Iterator

from charset_normalizer import from_bytes

from perito.leitura import localizacao, tabela_csv, texto
from perito.leitura.codificacao import BOMS, CANDIDATAS, sem_terminador
from perito.leitura.documento import Documento, Trecho
from perito.leitura.registro import RegistroLido

#: a partir deste tamanho um TXT ou CSV é lido em partes, com os dados em disco. Era 8 MiB: um CSV de 7,6 MB (160 mil
#: acessos) lido inteiro levava o principal a 937 MiB (os dados no lote e no índice do cruzamento, e a releitura
#: inteira na validação); em partes, 585 MiB, com as mesmas conclusões, vereditos e ofícios
BYTES_EM_PARTES = 2 << 20
#: a partir deste tamanho os dados de uma planilha XLSX (comprimida: ~100 mil linhas de três colunas), de um JSON ou
#: de um HTML (~15 mil registros) vão ao disco como os de um CSV volumoso; o arquivo é lido inteiro no auxiliar (o
#: openpyxl não lê uma faixa de linhas; o JSON e o HTML só fazem sentido inteiros). Medido com um JSON de 100 mil
#: logins (13 MB) e um HTML de 100 mil acessos (7,8 MB) num caso: o principal chegava a 1.400 MiB (os dados nos
#: lotes, os documentos relidos inteiros na validação)
BYTES_INTEIRO_EM_DISCO = 2 << 20
#: os tipos lidos inteiros e com os dados em disco a partir de `BYTES_INTEIRO_EM_DISCO` (o JSON chega como "txt")
TIPOS_INTEIROS_EM_DISCO = frozenset({"xlsx", "html", "txt"})
#: linhas (não vazias) próprias de cada parte
LINHAS_POR_PARTE = 50_000
#: linhas não vazias do começo do arquivo repetidas em toda parte (o contexto dito uma vez); cobre as linhas que a
#: classificação da família lê (`extratores.familias.TRECHOS_LIDOS`), e toda parte é da mesma família
PREAMBULO = 300
#: linhas além das bordas de cada parte (registros de várias linhas cortados na divisa)
SOBREPOSICAO = 200
#: linhas não vazias do fim de um TXT repetidas em toda parte: o contexto dito uma vez no fim ("Observação: todos os
#: horários acima estão em UTC") vale para o documento inteiro, como na leitura inteira
EPILOGO = 100
#: bytes do começo usados para decidir codificação, delimitador e se a tabela é separada por TAB
_AMOSTRA = 1 << 20
_BLOCO = 1 << 20
#: fim de uma faixa aberta (até o fim do arquivo)
SEM_FIM = 1 << 62


@dataclass
class Parte:
    documento: Documento
    #: primeira e última linha física (inclusive) que pertencem a esta parte; a 1ª parte é dona do preâmbulo
    #: (repetido em toda parte)
    primeira: int
    ultima: int
    #: a última linha lida antes do epílogo: um dado de linha além dela (do epílogo) é de outra parte, mesmo que o
    #: registro a que o extrator o ligou comece aqui
    ultima_lida: int = SEM_FIM

    def guarda(self, linha_do_registro: int, linha_do_dado: int) -> bool:
        """O dado fica com esta parte? O registro começa nela, e o dado não veio do epílogo que ela só empresta."""
        return self.dona(linha_do_registro) and linha_do_dado <= self.ultima_lida

    def dona(self, linha: int) -> bool:
        """Esta parte responde pelo registro que começa em `linha`?"""
        return self.primeira <= linha <= self.ultima


def pede_partes(caminho: Path, tipo: str, membro: tuple[str, ...] | None, limiar: int = BYTES_EM_PARTES) -> bool:
    if membro or tipo not in ("txt", "csv"):
        return False
    try:
        if caminho.stat().st_size < limiar:
            return False
        with caminho.open("rb") as f:
            amostra = f.read(_AMOSTRA)
    except OSError:
        return False  # a leitura inteira dá o motivo, como para qualquer arquivo
    decodificada, _ = _decodificar_amostra(amostra)
    return not (tipo == "txt" and decodificada.lstrip()[:1] in ("{", "["))  # JSON: o leitor de registros, inteiro


def inteiro_em_disco(caminho: Path, tipo: str, membro: tuple[str, ...] | None,
                     limiar: int = BYTES_INTEIRO_EM_DISCO) -> bool:
    """Uma planilha XLSX, um JSON ou um HTML grande o bastante para os dados dele irem ao disco, lido inteiro no
    auxiliar (`extratores.em_partes.extrair_inteiro_em_disco`). Um TXT que não é JSON vai em partes (`pede_partes`)."""
    if membro or tipo not in TIPOS_INTEIROS_EM_DISCO:
        return False
    try:
        if caminho.stat().st_size < limiar:
            return False
    except OSError:
        return False  # a leitura inteira dá o motivo
    return tipo != "txt" or not pede_partes(caminho, tipo, membro, limiar=0)


def so_as_linhas(documento: Documento, pedidas: Iterable[int], pontuais: Iterable[int] = (),
                 janela: int = SOBREPOSICAO, preambulo: int = PREAMBULO, epilogo: int = EPILOGO) -> Documento:
    """O documento lido inteiro (um JSON, um HTML: o parser precisa do arquivo todo) reduzido ao que `ler_linhas` traz
    de um texto volumoso: o preâmbulo, as linhas a até `janela` de alguma pedida e a até `JANELA_PONTUAL` de alguma
    pontual, e o epílogo; o primeiro trecho depois de um salto leva `apos_omissao`. Dos registros que o leitor formou
    (os objetos de um JSON), ficam os que têm todas as linhas guardadas, apontando os trechos guardados. Feito no
    auxiliar: o principal recebe só isso (a releitura inteira de um JSON de 100 mil objetos eram ~300 MB nele).
    Um JSON em TXT não passa por aqui: `texto.ler_texto` o lê já reduzido (`Guardadas`), sem os trechos das outras linhas."""
    escolha = Guardadas(pedidas, pontuais, janela, preambulo, epilogo)(
        [_numero_da_linha(trecho) for trecho in documento.trechos])
    guardados: list[Trecho] = []
    novos: dict[int, Trecho] = {}  # id do trecho lido → o guardado (outro objeto quando ganha `apos_omissao`)
    for posicao, apos_omissao in escolha:
        trecho = documento.trechos[posicao]
        guardado = replace(trecho, apos_omissao=True) if apos_omissao else trecho
        novos[id(trecho)] = guardado
        guardados.append(guardado)
    registros = []
    for registro in documento.registros:
        if all(id(t) in novos for t in registro.trechos()):
            registros.append(RegistroLido(
                registro.identidade,
                [replace(campo, trecho=novos[id(campo.trecho)]) for campo in registro.campos],
                [novos[id(t)] for t in registro.linhas]))
    documento.trechos, documento.registros = guardados, registros
    return documento


class Guardadas:
    """Quais linhas a releitura de um volumoso lido inteiro guarda: o preâmbulo e o epílogo (contados em linhas não
    vazias) e as faixas em volta das pedidas e das pontuais (em números de linha)."""

    def __init__(self, pedidas: Iterable[int], pontuais: Iterable[int] = (), janela: int = SOBREPOSICAO,
                 preambulo: int = PREAMBULO, epilogo: int = EPILOGO) -> None:
        self.faixas = intervalos(pedidas, janela, pontuais, JANELA_PONTUAL)
        self.preambulo, self.epilogo = preambulo, epilogo

    def __call__(self, numeros: list[int]) -> list[tuple[int, bool]]:
        """(posição, depois de uma omissão) de cada linha guardada, dos números das linhas na ordem do documento."""
        faixas, total = self.faixas, len(numeros)
        escolha: list[tuple[int, bool]] = []
        proxima, omitiu = 0, False
        for posicao, numero in enumerate(numeros):
            while proxima < len(faixas) and faixas[proxima][1] < numero:
                proxima += 1
            if (posicao < self.preambulo or posicao >= total - self.epilogo
                    or (proxima < len(faixas) and faixas[proxima][0] <= numero)):
                escolha.append((posicao, omitiu))
                omitiu = False
            else:
                omitiu = True
        return escolha


def _numero_da_linha(trecho: Trecho) -> int:
    """O número da linha física de um trecho "linha N" (0 se o local não é uma linha)."""
    local = localizacao.interpretar(trecho.localizacao)
    return local.numero if local is not None and local.tipo == "linha" else 0


def _decodificar_amostra(amostra: bytes) -> tuple[str, str]:
    """(texto da amostra, codificação): o BOM, senão UTF-8, senão a que o charset-normalizer escolhe (como
    `codificacao.decodificar`, mas sobre a amostra; o arquivo inteiro é conferido depois, em fluxo)."""
    for bom, nome in BOMS:
        if amostra.startswith(bom):
            return amostra.decode(nome, errors="ignore"), nome
    try:
        return codecs.getincrementaldecoder("utf-8")().decode(amostra, final=False), "utf-8"
    except UnicodeDecodeError:
        pass
    melhor = from_bytes(amostra, cp_isolation=CANDIDATAS).best()
    nome = "cp1252" if melhor is None or melhor.encoding in ("latin_1", "cp1252") else melhor.encoding
    return amostra.decode(nome, errors="replace"), nome


def codificacao_do_arquivo(caminho: Path) -> str:
    """A codificação do arquivo inteiro: a da amostra, se o arquivo todo decodifica com ela; senão cp1252 (que lê
    quase todo byte) e, no fim, latin-1 (que lê todos). Conferida uma vez por versão do arquivo: o começo, as
    decisões, o epílogo e as partes de uma faixa a pedem ao mesmo auxiliar."""
    estado = caminho.stat()
    return _codificacao(caminho, estado.st_size, estado.st_mtime_ns)


@lru_cache(maxsize=8)
def _codificacao(caminho: Path, tamanho: int, modificado: int) -> str:
    with caminho.open("rb") as f:
        amostra = f.read(_AMOSTRA)
    _, nome = _decodificar_amostra(amostra)
    for candidata in dict.fromkeys((nome, "cp1252", "latin_1")):
        decodificador = codecs.getincrementaldecoder(candidata)()
        try:
            with caminho.open("rb") as f:
                while bloco := f.read(_BLOCO):
                    decodificador.decode(bloco)
                decodificador.decode(b"", final=True)
            return candidata
        except UnicodeDecodeError:
            continue
    return "latin_1"


def _linhas(caminho: Path, codificacao: str) -> Iterator[str]:
    """Linhas físicas com terminador (\\n, \\r\\n, \\r), em NFC, como `codificacao.linhas_fisicas`."""
    with caminho.open("r", encoding=codificacao, newline="") as f:
        for linha in f:
            yield unicodedata.normalize("NFC", linha) if not linha.isascii() else linha


def _amostra_de_linhas(caminho: Path, codificacao: str) -> list[str]:
    amostra, lidos = [], 0
    for linha in _linhas(caminho, codificacao):
        amostra.append(linha)
        lidos += len(linha)
        if lidos >= _AMOSTRA:
            break
    return amostra


def separador_do_texto(caminho: Path, codificacao: str) -> str | None:
    """O separador das colunas de um TXT (None: texto corrido), decidido pela amostra como em `texto.ler_texto`."""
    amostra = [sem_terminador(linha) for linha in _amostra_de_linhas(caminho, codificacao)]
    separador = texto.separador_da_tabela([linha for linha in amostra if linha.strip()])
    if separador not in (None, "\t") and texto.estruturado("\n".join(amostra)):
        separador = None  # como `texto.ler_texto`: o JSON Lines com `|` nos valores não é tabela
    return separador


def _trechos_de_texto(caminho: Path, codificacao: str) -> Iterator[tuple[int, Trecho]]:
    """(linha física, trecho) de cada linha não vazia, como `texto.ler_texto` (TAB: as células da tabela)."""
    separador = separador_do_texto(caminho, codificacao)
    for numero, bruta in enumerate(_linhas(caminho, codificacao), start=1):
        if (conteudo := sem_terminador(bruta)).strip():
            yield numero, texto.trecho_da_linha(numero, conteudo, separador)


def _registros_csv(caminho: Path, codificacao: str) -> tabela_csv.Registros:
    """Os registros de um CSV em fluxo, como `tabela_csv.ler_csv`, com o delimitador decidido pela amostra."""
    delimitador = tabela_csv.detectar_delimitador("".join(_amostra_de_linhas(caminho, codificacao)))
    return tabela_csv.Registros(_linhas(caminho, codificacao), delimitador)


def _documento(caminho: Path, nome: str, tipo: str, codificacao: str, delimitador: str | None,
               trechos: Iterable[Trecho]) -> Documento:
    metodo = tabela_csv.METODO if tipo == "csv" else texto.METODO
    doc = Documento(arquivo=nome, tipo=tipo, metodo_extracao=metodo, codificacao=codificacao, delimitador=delimitador)
    doc.trechos.extend(trechos)
    return doc


def _fonte(caminho: Path, tipo: str, codificacao: str) -> tuple[Iterator[tuple[int, Trecho]], tabela_csv.Registros | None]:
    leitor_csv = _registros_csv(caminho, codificacao) if tipo == "csv" else None
    return (iter(leitor_csv) if leitor_csv else _trechos_de_texto(caminho, codificacao)), leitor_csv


def _epilogo(caminho: Path, tipo: str, codificacao: str, tamanho: int = EPILOGO) -> list[tuple[int, Trecho]]:
    """As últimas linhas não vazias de um TXT (num CSV o fim é registro da tabela, não contexto)."""
    if tipo != "txt" or tamanho <= 0:
        return []
    return list(deque(_trechos_de_texto(caminho, codificacao), maxlen=tamanho))


def _com_epilogo(trechos: list[Trecho], epilogo: list[tuple[int, Trecho]], ultima_lida: int) -> list[Trecho]:
    """Os trechos da parte mais as linhas do epílogo que ela ainda não tem (depois de um salto: linhas omitidas)."""
    inicio = next((i for i, (numero, _) in enumerate(epilogo) if numero > ultima_lida), len(epilogo))
    faltam = [t for _, t in epilogo[inicio:]]
    if faltam and not (inicio > 0 and epilogo[inicio - 1][0] == ultima_lida):  # seguidas da parte: nada omitido
        faltam[0] = replace(faltam[0], apos_omissao=True)
    return trechos + faltam


def trechos(caminho: Path, tipo: str) -> Iterator[Trecho]:
    """Os trechos do arquivo inteiro em fluxo (para as decisões do documento inteiro, uma passada cada)."""
    fonte, _ = _fonte(caminho, tipo, codificacao_do_arquivo(caminho))
    return (trecho for _, trecho in fonte)


def prefixo(caminho: Path, nome: str, tipo: str, linhas_por_parte: int = LINHAS_POR_PARTE,
            preambulo: int = PREAMBULO, sobreposicao: int = SOBREPOSICAO) -> Documento:
    """O começo do arquivo como a primeira parte o vê (preâmbulo, linhas de uma parte e a sobreposição): de onde
    toda faixa do mesmo arquivo escolhe o extrator, e todas escolhem o mesmo."""
    codificacao = codificacao_do_arquivo(caminho)
    fonte, leitor_csv = _fonte(caminho, tipo, codificacao)
    trechos = [t for _, t in islice(fonte, preambulo + linhas_por_parte + sobreposicao)]
    return _documento(caminho, nome, tipo, codificacao, leitor_csv.delimitador if leitor_csv else None, trechos)


def faixas(caminho: Path, quantas: int, minimo: int = LINHAS_POR_PARTE) -> list[tuple[int, int] | None]:
    """Faixas contíguas de linhas físicas que cobrem o arquivo (a última até o fim), para `quantas` auxiliares
    extraírem o mesmo arquivo ao mesmo tempo; [None] (o arquivo inteiro) quando cada uma teria menos de `minimo`
    linhas. A contagem só reparte o trabalho: qualquer partição contígua dá os mesmos dados."""
    quebras = retornos = 0
    with caminho.open("rb") as f:
        while bloco := f.read(_BLOCO):
            quebras += bloco.count(b"\n")
            retornos += bloco.count(b"\r")
    linhas = (quebras or retornos) + 1
    if quantas < 2 or linhas < quantas * minimo:
        return [None]
    cortes = [1 + linhas * k // quantas for k in range(quantas)] + [SEM_FIM + 1]
    resultado: list[tuple[int, int] | None] = [(inicio, fim - 1) for inicio, fim in pairwise(cortes)]
    return resultado


def partes(caminho: Path, nome: str, tipo: str, linhas_por_parte: int = LINHAS_POR_PARTE,
           preambulo: int = PREAMBULO, sobreposicao: int = SOBREPOSICAO,
           faixa: tuple[int, int] | None = None, epilogo_linhas: int = EPILOGO) -> Iterator[Parte]:
    """As partes do arquivo (ou das linhas da `faixa`), na ordem; cada uma um `Documento` com o preâmbulo, a
    sobreposição, as suas linhas e o epílogo (TXT). O preâmbulo é da faixa que começa na linha 1; o epílogo, de
    quem tem as linhas dele.

    Os alertas do arquivo inteiro (CSV malformado, bytes NUL) vão na última parte.
    """
    primeira_linha, ultima_linha = faixa or (1, SEM_FIM)
    dono_do_preambulo = primeira_linha <= 1
    codificacao = codificacao_do_arquivo(caminho)
    fonte, leitor_csv = _fonte(caminho, tipo, codificacao)
    delimitador = leitor_csv.delimitador if leitor_csv else None
    inicio = list(islice(fonte, preambulo))
    cabeca = [t for _, t in inicio]
    fim_do_preambulo = inicio[-1][0] if inicio else 0
    epilogo = _epilogo(caminho, tipo, codificacao, epilogo_linhas)
    #: a sobreposição de antes: as últimas linhas antes da parte (da parte anterior, ou de antes da faixa)
    anteriores: deque[tuple[int, Trecho]] = deque(maxlen=sobreposicao)
    proprias: list[tuple[int, Trecho]] = []
    pendentes: list[tuple[int, Trecho]] = []  # as linhas lidas além da parte atual (a sobreposição de depois)
    cauda: list[tuple[int, Trecho]] = []  # as linhas além da faixa (a sobreposição da última parte)
    primeira_parte = True
    nul = dono_do_preambulo and any("\x00" in t.texto for t in cabeca)

    def montar(seguintes: list[tuple[int, Trecho]], ultima: int) -> Parte:
        da_linha_1 = primeira_parte and dono_do_preambulo
        primeira = 1 if da_linha_1 else (proprias[0][0] if proprias else primeira_linha)
        lidas = [*anteriores, *proprias, *seguintes]
        corpo = [t for _, t in lidas]
        if corpo and not da_linha_1:
            corpo[0] = replace(corpo[0], apos_omissao=True)  # entre o preâmbulo e esta parte há linhas omitidas
        ultima_lida = max(fim_do_preambulo, lidas[-1][0] if lidas else 0)
        trechos = _com_epilogo(cabeca + corpo, epilogo, ultima_lida)
        return Parte(_documento(caminho, nome, tipo, codificacao, delimitador, trechos), primeira, ultima, ultima_lida)

    for item in fonte:
        if item[0] < primeira_linha:
            anteriores.append(item)
            continue
        if item[0] > ultima_linha:
            if len(cauda) >= sobreposicao:
                break
            cauda.append(item)
            continue
        nul = nul or "\x00" in item[1].texto
        if len(proprias) < linhas_por_parte:
            proprias.append(item)
            continue
        pendentes.append(item)
        if len(pendentes) < sobreposicao:
            continue
        yield montar(pendentes, pendentes[0][0] - 1)
        primeira_parte = False
        anteriores = deque(proprias[-sobreposicao:] if sobreposicao else [], maxlen=sobreposicao)
        proprias, pendentes = pendentes, []
    proprias.extend(pendentes)
    ultima = montar(cauda, ultima_linha)
    if leitor_csv and leitor_csv.parcial:
        ultima.documento.parcial = leitor_csv.parcial
        ultima.documento.alertas.append(f"{nome}: {leitor_csv.parcial}")
    if nul:
        ultima.documento.alertas.append(f"{nome}: contém bytes NUL; " + (
            "mantidos no texto dos registros" if tipo == "csv" else "o texto pode estar incompleto"))
    yield ultima


#: as linhas em volta de uma linha pedida só para conferir um dado (a de um ofício, que nenhuma conclusão cita): num
#: texto, as que o validador pode olhar para achar um dado que não está inteiro na linha
#: (`validador.multilinha.JANELA_DE_LOG`; um teste confere); num CSV nenhuma, pois o registro é a própria linha e o
#: validador não junta linhas vizinhas de um CSV. O texto em volta de uma citada (±200) não é preciso, e num log com
#: milhares de dados de ofício traria o arquivo quase inteiro à memória (o gm passava de 1 GB)
JANELA_PONTUAL = 60
JANELA_PONTUAL_CSV = 0


def intervalos(pedidas: Iterable[int], janela: int, pontuais: Iterable[int] = (),
               janela_pontual: int = JANELA_PONTUAL) -> list[tuple[int, int]]:
    """As faixas [início, fim] de linhas a guardar, em ordem e sem sobreposição: cada pedida com `janela` linhas de
    cada lado, cada pontual com `janela_pontual`."""
    faixas = sorted([(n - janela, n + janela) for n in pedidas] + [(n - janela_pontual, n + janela_pontual)
                                                                  for n in pontuais])
    juntas: list[tuple[int, int]] = []
    for inicio, fim in faixas:
        if juntas and inicio <= juntas[-1][1] + 1:
            juntas[-1] = (juntas[-1][0], max(juntas[-1][1], fim))
        else:
            juntas.append((inicio, fim))
    return juntas


def ler_linhas(caminho: Path, nome: str, tipo: str, pedidas: set[int], janela: int = SOBREPOSICAO,
               preambulo: int = PREAMBULO, pontuais: Iterable[int] = ()) -> Documento:
    """Um documento só com o preâmbulo e as linhas a até `janela` linhas de alguma das `pedidas` (a releitura do
    validador, que confere poucas linhas de um log enorme e o contexto dito em cima), e a até `JANELA_PONTUAL` de
    alguma das `pontuais` (`JANELA_PONTUAL_CSV` num CSV)."""
    codificacao = codificacao_do_arquivo(caminho)
    fonte, leitor_csv = _fonte(caminho, tipo, codificacao)
    faixas = intervalos(pedidas, janela, pontuais, JANELA_PONTUAL_CSV if tipo == "csv" else JANELA_PONTUAL)
    if leitor_csv is not None:
        doc = _documento(caminho, nome, tipo, codificacao, leitor_csv.delimitador,
                         _guardados_do_csv(leitor_csv, faixas, preambulo))
        if leitor_csv.parcial:
            doc.parcial = leitor_csv.parcial
            doc.alertas.append(f"{nome}: {leitor_csv.parcial}")
        return doc
    guardados: list[Trecho] = []
    proxima = 0  # índice da próxima faixa ainda à frente
    omitiu = False
    fim: deque[tuple[int, Trecho]] = deque(maxlen=EPILOGO)  # o epílogo, como nas partes
    for posicao, (numero, trecho) in enumerate(fonte):
        fim.append((numero, trecho))
        while proxima < len(faixas) and faixas[proxima][1] < numero:
            proxima += 1
        if posicao < preambulo or (proxima < len(faixas) and faixas[proxima][0] <= numero):
            guardados.append(replace(trecho, apos_omissao=True) if omitiu else trecho)
            omitiu = False
        else:
            omitiu = True
    ultima_guardada = int(guardados[-1].localizacao.split()[-1]) if guardados else 0
    guardados = _com_epilogo(guardados, list(fim), ultima_guardada) if tipo == "txt" else guardados
    doc = _documento(caminho, nome, tipo, codificacao, leitor_csv.delimitador if leitor_csv else None, guardados)
    if leitor_csv and leitor_csv.parcial:
        doc.parcial = leitor_csv.parcial
        doc.alertas.append(f"{nome}: {leitor_csv.parcial}")
    return doc


def _guardados_do_csv(leitor: tabela_csv.Registros, faixas: list[tuple[int, int]], preambulo: int) -> list[Trecho]:
    """Os trechos que `ler_linhas` guarda de um CSV (sem epílogo), montados só para os registros guardados: o log
    inteiro é percorrido, mas quase todo registro fica de fora (~0,2 s a menos por releitura num log de 200 mil)."""
    guardados: list[Trecho] = []
    proxima = 0  # índice da próxima faixa ainda à frente
    omitiu = False
    for posicao, (numero, bruto, campos) in enumerate(leitor.brutos()):
        while proxima < len(faixas) and faixas[proxima][1] < numero:
            proxima += 1
        if posicao < preambulo or (proxima < len(faixas) and faixas[proxima][0] <= numero):
            guardados.append(Trecho(None, localizacao.linha(numero), bruto, tabela_csv.METODO, celulas=tuple(campos),
                                    apos_omissao=omitiu))
            omitiu = False
        else:
            omitiu = True
    return guardados
