"""Os dados de um arquivo volumoso guardados para a próxima execução: os blocos (`perito.derrame`) de cada leitura
que o armazém guarda, na pasta `armazem.derrames/` da saída, cada arquivo nomeado pelo SHA-256 dos seus dados.

Fora do banco: os dados de um log de 200 mil linhas passam de 80 MB (blocos, índice de junção e JSON comprimido), e
o banco de uma operação de meses não deve crescer com eles a cada execução. Cada arquivo entra por vínculo (hard link)
ao que o auxiliar gravou, sem cópia (por cópia onde não há vínculo). O JSON vai junto: refeito dos blocos, custava 9 s
numa execução incremental do gb (desempacotar cada dado).

Nada aqui é confiado às cegas: o cabeçalho da leitura (que a trilha registrou) diz o SHA-256 de cada arquivo, e um
arquivo que falta ou não confere faz a leitura inteira ser refeita do caso.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from typing import Any

from perito.derrame import Derrame, caminho_do_indice, caminho_do_json
from perito.saida.auditoria import sha256_do_arquivo

PASTA = "armazem.derrames"


def _guardado(pasta: Path, sha256_dos_dados: str) -> Path:
    """Os blocos guardados; o índice e o JSON comprimido ficam ao lado, com os nomes que `perito.derrame` dá."""
    return pasta / f"{sha256_dos_dados}.dados"


def _papeis(dados: Path) -> tuple[tuple[str, Path], ...]:
    """Os arquivos de um derrame: os blocos, o índice de junção e o JSON comprimido de cada bloco."""
    return ("dados", dados), ("indice", caminho_do_indice(dados)), ("json", caminho_do_json(dados))


def _entrar(origem: Path, destino: Path, sha: str) -> None:
    """Põe `origem` (de SHA-256 `sha`) em `destino` por inteiro ou nada: um temporário ao lado, renomeado. Um
    `destino` que já existe só fica se tem os mesmos bytes: guardado antes e depois adulterado, é substituído."""
    if destino.is_file() and sha256_do_arquivo(destino) == sha:
        return
    temporario = destino.with_name(f".{destino.name}.{os.getpid()}")
    temporario.unlink(missing_ok=True)
    try:
        os.link(origem, temporario)
    except OSError:
        shutil.copyfile(origem, temporario)  # sistema de arquivos sem vínculo
    os.replace(temporario, destino)


def guardar(pasta: Path, derrames: list[Derrame]) -> list[dict[str, Any]]:
    """Põe os derrames na pasta do armazém; devolve o que o cabeçalho da leitura registra de cada um. OSError se o
    disco não deixa (quem chama não guarda a leitura)."""
    pasta.mkdir(exist_ok=True)
    descritores = []
    for derrame in derrames:
        shas = {papel: sha256_do_arquivo(caminho) for papel, caminho in _papeis(derrame.caminho)}
        destino = _guardado(pasta, shas["dados"])
        for (papel, origem), (_, guardado) in zip(_papeis(derrame.caminho), _papeis(destino), strict=True):
            _entrar(origem, guardado, shas[papel])
        descritores.append({"arquivo": derrame.arquivo, "total": derrame.total, "familia": derrame.familia,
                            "inteiro": derrame.inteiro, **shas})
    return descritores


def restaurar(pasta: Path, descritores: list[dict[str, Any]]) -> list[Derrame]:
    """Os derrames que o cabeçalho registrou, conferidos byte a byte; ValueError se algum falta ou não confere."""
    derrames = []
    for d in descritores:
        dados = _guardado(pasta, d["dados"])
        for papel, caminho in _papeis(dados):
            esperado = d[papel]
            try:
                conferido = sha256_do_arquivo(caminho) == esperado
            except OSError as erro:
                raise ValueError(f"dados guardados de {d['arquivo']} ausentes ({erro.strerror})") from erro
            if not conferido:
                raise ValueError(f"dados guardados de {d['arquivo']} não conferem com o SHA-256 registrado")
        derrames.append(Derrame(dados, int(d["total"]), str(d["arquivo"]), d["familia"], bool(d["inteiro"])))
    return derrames


def citados(descritores: list[dict[str, Any]]) -> set[str]:
    return {str(d["dados"]) for d in descritores}


def limpar(pasta: Path, vivos: set[str]) -> None:
    """Apaga os arquivos que nenhuma leitura guardada cita (o arquivo do caso mudou ou saiu) e os temporários que
    uma execução interrompida deixou."""
    if not pasta.is_dir():
        return
    for caminho in pasta.iterdir():
        if caminho.name.split(".", 1)[0] not in vivos:
            caminho.unlink(missing_ok=True)
