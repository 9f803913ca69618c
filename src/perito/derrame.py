"""Os dados de um arquivo volumoso, gravados em disco pelo auxiliar que os extraiu, em blocos, e a lista de dados de
um lote que os inclui (`DadosDoLote`). Fora de `extratores/` e de `principal/`: os dois a usam (um grava, o outro
escolhe o que cruzar), e nenhum dos dois abre documento aqui.

Um log de 200 MB dá milhões de dados; em memória (como dicionários no principal, ou mesmo empacotados) eles não
cabem em 1 GB. O auxiliar os grava aqui à medida que extrai cada parte do arquivo; o principal os lê de volta em
fluxo para escolher os que o cruzamento precisa (`selecao`); o lote inteiro é gravado bloco a bloco
(`saida.escrita.json_em_partes`) a partir do JSON que o auxiliar já gravou de cada bloco. O arquivo fica na área
temporária da pasta de saída, nunca no caso, e é apagado no fim da análise (o armazém do caso guarda um vínculo a
ele para a execução seguinte: `armazem.derrames`).

Formato: blocos seguidos, cada um com o tamanho (8 bytes, little-endian) e uma lista de dados em pickle de dados
puros (`pickle_seguro`: um bloco forjado não executa nada). Ao lado, no mesmo formato e bloco a bloco, o índice de
junção (`.chaves`, `IndiceDoBloco`): os registros do bloco e, em colunas, a chave de 64 bits de cada forma de um valor
de junção (`perito.juncao`) e o registro dela, calculados no auxiliar; a escolha do que cruzar lê só o índice, não os
dados, e compara as chaves em conjunto (sem um objeto por dado). E, também bloco a bloco (`.json.z`), os mesmos dados
já serializados como ficam no lote (`saida.escrita.itens_em_json`), comprimidos: o principal grava o lote
descomprimindo esses bytes, sem desempacotar nem serializar de novo centenas de milhares de dados (no auxiliar, que
os tinha em mãos, isso custa pouco e corre nos dois núcleos).
"""

from __future__ import annotations

import re
import struct
import zlib
from array import array
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any, BinaryIO, Iterator

from perito import juncao, pickle_seguro
from perito.saida.escrita import itens_em_json

_TAMANHO = struct.Struct("<Q")
#: dados por bloco gravado
POR_BLOCO = 20_000
#: o JSON dos dados, repetitivo, comprimido no nível mais rápido do zlib fica em um catorze avos (log do g: 347 →
#: 25 MB, 0,9 s para comprimir nos auxiliares e 0,3 s para voltar ao gravar o lote): menos disco durante a análise e
#: no armazém, que o guarda para a execução seguinte (`armazem.derrames`)
_NIVEL_ZLIB = 1


@dataclass(frozen=True)
class Derrame:
    """Onde estão os dados de um arquivo e quantos são (o que o lote conta em `total_dados`)."""

    caminho: Path
    total: int
    #: o arquivo do caso de onde os dados vieram
    arquivo: str = ""
    #: a família da fonte do primeiro dado que a diz (`metadados.familia_fonte`), vista ao gravar; None: não vista
    familia: str | None = None
    #: o arquivo foi lido inteiro (uma planilha), não em partes
    inteiro: bool = False

    def blocos(self, quais: set[int] | None = None) -> Iterator[list[dict[str, Any]]]:
        """Os blocos na ordem; com `quais`, só os dessas posições (os outros nem são desempacotados)."""
        for posicao, conteudo in enumerate(self._brutos()):
            if quais is None or posicao in quais:
                yield pickle_seguro.carregar(conteudo)

    def itens_em_json(self) -> Iterator[bytes]:
        """Os dados de cada bloco como ficam no lote (`saida.escrita.itens_em_json`), na ordem, do JSON comprimido que
        o auxiliar gravou; sem ele, serializados dos próprios blocos (os mesmos bytes, muito mais devagar)."""
        if not caminho_do_json(self.caminho).is_file():
            for bloco in self.blocos():
                yield itens_em_json(bloco)
            return
        for comprimido in self._brutos(caminho_do_json(self.caminho)):
            yield zlib.decompress(comprimido)

    def indices(self) -> Iterator[IndiceDoBloco]:
        """O índice de junção de cada bloco, na ordem dos blocos. Sem o arquivo do índice, calculado dos próprios
        blocos (o mesmo resultado, mais devagar)."""
        indice = caminho_do_indice(self.caminho)
        if not indice.is_file():
            for bloco in self.blocos():
                yield IndiceDoBloco.de(bloco)
            return
        for conteudo in self._brutos(indice):
            yield IndiceDoBloco.carregar(conteudo)

    def _brutos(self, caminho: Path | None = None) -> Iterator[bytes]:
        caminho = caminho or self.caminho
        with caminho.open("rb") as f:
            while cabecalho := f.read(_TAMANHO.size):
                (tamanho,) = _TAMANHO.unpack(cabecalho)
                conteudo = f.read(tamanho)
                if len(conteudo) != tamanho:
                    raise ValueError(f"dados gravados de {caminho.name} cortados no meio de um bloco")
                yield conteudo

    def apagar(self) -> None:
        for caminho in _arquivos(self.caminho):
            caminho.unlink(missing_ok=True)


def caminho_do_indice(caminho: Path) -> Path:
    return caminho.with_name(caminho.name + ".chaves")


def caminho_do_json(caminho: Path) -> Path:
    return caminho.with_name(caminho.name + ".json.z")


def _arquivos(caminho: Path) -> tuple[Path, Path, Path]:
    """Os dados, o índice de junção e o JSON de um derrame."""
    return caminho, caminho_do_indice(caminho), caminho_do_json(caminho)


@dataclass(frozen=True)
class IndiceDoBloco:
    """As chaves de junção de um bloco em colunas: `chaves[i]` (`juncao.chave` de uma forma) é de um dado do registro
    `registros[donos[i]]`."""

    registros: list[tuple[str, str]]
    chaves: array  # "Q"
    donos: array  # "I"

    @classmethod
    def de(cls, bloco: list[dict[str, Any]]) -> IndiceDoBloco:
        registros: dict[tuple[str, str], int] = {}
        chaves, donos = array("Q"), array("I")
        for dado in bloco:
            if formas := juncao.formas(dado):
                dono = registros.setdefault(juncao.registro(dado), len(registros))
                for forma in formas:
                    chaves.append(juncao.chave(forma))
                    donos.append(dono)
        return cls(list(registros), chaves, donos)

    def gravar(self) -> bytes:
        return pickle_seguro.gravar({"registros": self.registros, "chaves": self.chaves.tobytes(),
                                     "donos": self.donos.tobytes()})

    @classmethod
    def carregar(cls, conteudo: bytes) -> IndiceDoBloco:
        gravado = pickle_seguro.carregar(conteudo)
        chaves, donos = array("Q"), array("I")
        chaves.frombytes(gravado["chaves"])
        donos.frombytes(gravado["donos"])
        if len(chaves) != len(donos) or any(d >= len(gravado["registros"]) for d in donos):
            raise ValueError("índice de junção gravado inconsistente")
        return cls([tuple(r) for r in gravado["registros"]], chaves, donos)

    def registros_com(self, procuradas: set[int]) -> set[tuple[str, str]]:
        """Os registros com alguma chave em `procuradas` (o conjunto é cruzado primeiro: quase todo bloco de um log
        não tem nenhuma e não é percorrido)."""
        if procuradas.isdisjoint(self.chaves):
            return set()
        return {self.registros[dono] for chave, dono in zip(self.chaves, self.donos, strict=True)
                if chave in procuradas}


class Gravador:
    """Acumula dados e grava um bloco a cada `POR_BLOCO`; `fechar` devolve o `Derrame`."""

    def __init__(self, caminho: Path, arquivo: str, por_bloco: int = POR_BLOCO, inteiro: bool = False) -> None:
        self.caminho, self.arquivo, self.inteiro = caminho, arquivo, inteiro
        self.por_bloco = por_bloco
        self._arquivo: BinaryIO = caminho.open("wb")
        self._indice: BinaryIO = caminho_do_indice(caminho).open("wb")
        self._json: BinaryIO = caminho_do_json(caminho).open("wb")
        self._pendentes: list[dict[str, Any]] = []
        self.total = 0
        self.familia = ""

    def acrescentar(self, dado: dict[str, Any]) -> None:
        if not self.familia:
            self.familia = str((dado.get("metadados") or {}).get("familia_fonte") or "")
        self._pendentes.append(dado)
        self.total += 1
        if len(self._pendentes) >= self.por_bloco:
            self._gravar()

    def _gravar(self) -> None:
        if self._pendentes:
            conteudo = pickle_seguro.gravar(self._pendentes)
            self._arquivo.write(_TAMANHO.pack(len(conteudo)) + conteudo)
            indice = IndiceDoBloco.de(self._pendentes).gravar()
            self._indice.write(_TAMANHO.pack(len(indice)) + indice)
            serializado = zlib.compress(itens_em_json(self._pendentes), _NIVEL_ZLIB)
            self._json.write(_TAMANHO.pack(len(serializado)) + serializado)
            self._pendentes = []

    def fechar(self) -> Derrame:
        self._gravar()
        for aberto in (self._arquivo, self._indice, self._json):
            aberto.close()
        return Derrame(self.caminho, self.total, self.arquivo, self.familia, self.inteiro)

    def descartar(self) -> None:
        self._pendentes = []
        for aberto in (self._arquivo, self._indice, self._json):
            try:
                aberto.close()  # o que ficou no buffer pode não caber no disco cheio: o arquivo sai de qualquer jeito
            except OSError:
                pass
        for caminho in _arquivos(self.caminho):
            caminho.unlink(missing_ok=True)


class DadosDoLote(list[dict[str, Any]]):
    """Os `dados_extraidos` de um lote: a lista que o cruzamento vê e, quando algum arquivo é volumoso, os
    segmentos de onde o lote inteiro é gravado (listas em memória e derrames em disco, na ordem dos arquivos).

    Sem derrame, a lista é o lote inteiro. Com derrame, a lista tem os dados dos arquivos comuns e, de cada
    volumoso, só os que `principal.selecao` escolheu; `total` e `segmentos` dizem o lote inteiro.
    """

    def __init__(self) -> None:
        super().__init__()
        self.segmentos: list[list[dict[str, Any]] | Derrame] = []

    @property
    def derrames(self) -> list[Derrame]:
        return [s for s in self.segmentos if isinstance(s, Derrame)]

    @property
    def total(self) -> int:
        return sum(s.total if isinstance(s, Derrame) else len(s) for s in self.segmentos)

    def por_arquivo(self) -> Counter[str]:
        """Quantos dados cada arquivo tem no lote inteiro (o volumoso pelo total do derrame, não pelos que o
        cruzamento escolheu)."""
        contagem: Counter[str] = Counter()
        for segmento in self.segmentos:
            if isinstance(segmento, Derrame):
                contagem[segmento.arquivo] += segmento.total
            else:
                contagem.update(dado["arquivo_fonte"] for dado in segmento)
        return contagem

    def itens_em_json(self, por_bloco: int) -> Iterator[bytes]:
        """O lote inteiro em JSON (`saida.escrita.itens_em_json`), aos pedaços de itens inteiros e na ordem (o que
        se grava): de uma lista em memória, `por_bloco` dados por vez; de um derrame, o JSON que o auxiliar gravou."""
        for segmento in self.segmentos:
            if isinstance(segmento, Derrame):
                yield from segmento.itens_em_json()
                continue
            for inicio in range(0, len(segmento), por_bloco):
                yield itens_em_json(segmento[inicio : inicio + por_bloco])


#: a linha de um local: "linha 12" (texto, CSV), "celula B12" e o registro "Acessos!12" de uma planilha (a linha 12
#: da aba)
_LINHA = re.compile(r"linha (\d+)|^celula [A-Z]{1,3}(\d+)$|!(\d+)$")


def _numero(achada: re.Match) -> int:
    return int(next(g for g in achada.groups() if g is not None))


def _numero_do_local(texto: str) -> int | None:
    """O número de linha do local (`_LINHA`), ou None. O local "linha N" de toda linha de um CSV ou TXT volumoso sai
    sem o padrão: começa pelo rótulo e o resto são só algarismos (`isdecimal`: os mesmos que o padrão aceita), e ele casaria
    ali mesmo, na posição 0, com todos eles."""
    if texto.startswith("linha ") and (resto := texto[6:]).isdecimal():
        return int(resto)
    achada = _LINHA.search(texto)
    return _numero(achada) if achada else None


def linha_do_registro(dado: dict[str, Any]) -> int:
    """A linha física onde começa o registro do dado (a identidade do registro, senão o local do próprio dado)."""
    for texto in (str(dado.get("metadados", {}).get("registro") or ""), str(dado.get("linha_ou_celula") or "")):
        if (numero := _numero_do_local(texto)) is not None:
            return numero
    return 0


def linha_do_dado(dado: dict[str, Any]) -> int:
    """A linha física onde o próprio dado está escrito (0 se o local não é uma linha)."""
    numero = _numero_do_local(str(dado.get("linha_ou_celula") or ""))
    return 0 if numero is None else numero


def linhas_do_registro_e_do_dado(dado: dict[str, Any], lidas: dict[str, int]) -> tuple[int, int]:
    """(`linha_do_registro(dado)`, `linha_do_dado(dado)`), com cada local lido uma vez: `lidas` guarda o número de cada
    texto de local já visto (-1: não é uma linha). Os dados de uma linha de log repetem o mesmo local no registro e no
    dado; a parte de um arquivo volumoso pede os dois números de cada um dos seus dados (`extratores.em_partes`)."""
    if len(lidas) > _LIDAS_MAXIMO:
        lidas.clear()  # os dados vêm na ordem das linhas: só os locais recentes se repetem
    do_dado = _linha_lida(str(dado.get("linha_ou_celula") or ""), lidas)
    do_registro = _linha_lida(str(dado.get("metadados", {}).get("registro") or ""), lidas)
    if do_registro < 0:
        do_registro = do_dado
    return max(do_registro, 0), max(do_dado, 0)


#: locais guardados de cada vez em `linhas_do_registro_e_do_dado`
_LIDAS_MAXIMO = 4_096


def _linha_lida(texto: str, lidas: dict[str, int]) -> int:
    numero = lidas.get(texto)
    if numero is None:
        lido = _numero_do_local(texto)
        numero = lidas[texto] = -1 if lido is None else lido
    return numero
