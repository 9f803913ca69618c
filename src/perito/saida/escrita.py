"""Escrita atômica: nome temporário na mesma pasta, fsync e rename (nunca um arquivo final pela metade).

Toda saída tem o mesmo modo, MODO (0644: o dono grava, a equipe lê), e não o 0600 do mkstemp.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import Any, Iterable, Iterator

import orjson

#: modo de todo arquivo de saída (README, Saídas)
MODO = 0o644


#: indentação de 2 espaços, UTF-8 sem escapes de não-ASCII, chaves na ordem em que foram montadas
_OPCOES_JSON = orjson.OPT_INDENT_2 | orjson.OPT_NON_STR_KEYS


def bytes_json(objeto: Any) -> bytes:
    """O JSON de toda saída, já em UTF-8 e com quebra de linha no fim.

    orjson (código nativo) em vez do codificador em Python puro da biblioteca padrão: num caso
    grande, os lotes somam centenas de MB e codificá-los era a etapa mais cara da análise.
    Quem precisa do texto e do hash serializa uma vez e reaproveita os bytes.
    """
    return orjson.dumps(objeto, option=_OPCOES_JSON) + b"\n"


#: o que `orjson` escreve antes e depois dos itens de uma lista de primeiro nível (`itens_em_json`)
_ABERTURA_ITENS = len(b'{\n  "i": [\n')
_FECHAMENTO_ITENS = len(b"\n  ]\n}")


def itens_em_json(itens: list[Any]) -> bytes:
    """Os itens como ficam dentro da lista de primeiro nível de uma saída JSON, já indentados e separados por
    ",\n", sem os colchetes: a chave da lista não muda nada dentro dela, e itens de blocos diferentes unidos por
    ",\n" dão os mesmos bytes da lista inteira."""
    return orjson.dumps({"i": itens}, option=_OPCOES_JSON)[_ABERTURA_ITENS:-_FECHAMENTO_ITENS]


def json_em_partes(objeto: dict[str, Any], chave: str, por_parte: int = 2000) -> Iterator[bytes]:
    """Os mesmos bytes de `bytes_json(objeto)`, em partes: a lista `objeto[chave]` (de primeiro nível) sai em
    blocos de `por_parte` itens.

    Um lote de um caso grande tem centenas de MB de JSON; em partes, ele vai ao disco sem nunca existir
    inteiro na memória. Cada bloco é serializado já na profundidade que tem dentro do todo (`itens_em_json`):
    sem reindentar nada, e uma escrita e uma atualização do hash por bloco, não por dado. Uma lista que já
    tem os próprios itens serializados (`perito.derrame.DadosDoLote`: os dados de arquivos volumosos, que o
    auxiliar gravou em disco também em JSON) é gravada por eles, sem desempacotar nem serializar de novo.
    """
    itens = objeto[chave]
    if hasattr(itens, "itens_em_json"):
        fragmentos = itens.itens_em_json(por_parte)
    else:
        fragmentos = (itens_em_json(itens[inicio : inicio + por_parte]) for inicio in range(0, len(itens), por_parte))
    rotulo = b'"' + chave.encode("utf-8") + b'": '
    antes, depois = bytes_json({**objeto, chave: []}).split(b"\n  " + rotulo + b"[]")
    primeiro = True
    for fragmento in fragmentos:
        if not fragmento:
            continue
        yield antes + b"\n  " + rotulo + b"[\n" if primeiro else b",\n"
        # em fatias: o JSON de um bloco de derrame tem ~12 MB, e quem grava guarda algumas partes na fila
        for inicio in range(0, len(fragmento), _FATIA):
            yield fragmento[inicio : inicio + _FATIA]
        primeiro = False
    yield (bytes_json({**objeto, chave: []}) if primeiro else b"\n  ]" + depois)


#: o tamanho máximo de cada parte que `json_em_partes` entrega (a fila de quem grava tem algumas)
_FATIA = 1 << 20


def texto_json(objeto: Any) -> str:
    return bytes_json(objeto).decode("utf-8")


def escrever_json(destino: Path, objeto: Any) -> Path:
    return escrever_bytes(destino, bytes_json(objeto))


def escrever_texto(destino: Path, texto: str) -> Path:
    return escrever_bytes(destino, texto.encode("utf-8"))


def escrever_bytes(destino: Path, conteudo: bytes) -> Path:
    publicar(preparar_bytes(destino, conteudo), destino)
    return destino


def preparar_bytes(destino: Path, conteudo: bytes | Iterable[bytes]) -> Path:
    """Grava num temporário ao lado do destino (com fsync) e devolve o temporário; `publicar` o põe no lugar.

    `conteudo`: os bytes, ou as partes deles (gravadas uma a uma, sem juntar tudo na memória).
    """
    destino.parent.mkdir(parents=True, exist_ok=True)
    descritor, temporario = tempfile.mkstemp(prefix=f".{destino.name}.", suffix=".tmp", dir=destino.parent)
    try:
        os.fchmod(descritor, MODO)
        with os.fdopen(descritor, "wb") as f:
            for parte in [conteudo] if isinstance(conteudo, bytes) else conteudo:
                f.write(parte)
            f.flush()
            os.fsync(f.fileno())
    except BaseException:
        Path(temporario).unlink(missing_ok=True)
        raise
    return Path(temporario)


def publicar(temporario: Path, destino: Path) -> None:
    """O rename atômico: quem lê o destino vê o arquivo antigo ou o novo inteiro, nunca um pela metade."""
    try:
        os.replace(temporario, destino)
    except BaseException:
        temporario.unlink(missing_ok=True)
        raise
