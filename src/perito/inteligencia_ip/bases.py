"""Onde moram as bases (a do pacote e a atualizada pelo usuário) e qual delas vale.

A do pacote vem no wheel, só leitura. A atualizada fica na pasta de dados do usuário (nunca dentro do
pacote instalado, que pode ser de outro usuário ou somente leitura) e vale quando o retrato dela é da mesma
data ou mais novo que o do pacote; no empate vale a atualizada (quem a importou quis trocar aquele
retrato, p.ex. pelos dados corrigidos do mesmo dia). Uma mais antiga nunca vale: atualizar o perito traz
um retrato mais novo, e ele passa a valer sem ninguém apagar nada.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import threading
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any

from perito.erros import ErroPerito, Saida
from perito.inteligencia_ip.formato import BaseCorrompida, Tabelas, desserializar
from perito.inteligencia_ip.montagem import (
    FONTE_IP_LOCATION_DB,
    FORMATO,
    LICENCA_DESCONHECIDA,
    LICENCA_IP_LOCATION_DB,
    NOME_METADADOS,
    conferir_data,
    data_do_pacote_npm,
    gravar,
    montar,
)

PACOTE = "perito.inteligencia_ip"
#: nome do binário que um JSON pode citar: sem barra nem "..", para o JSON não apontar para fora da pasta
_NOME_BINARIO = re.compile(r"^base_ip[-0-9a-z]*\.xz$")
_CAMPOS = ("formato", "data", "fonte", "licenca", "arquivo", "sha256")


@dataclass(frozen=True)
class Base:
    origem: str  # "pacote" | "atualizada"
    metadados: dict[str, Any]
    pasta: Traversable

    @property
    def data(self) -> str:
        return str(self.metadados["data"])

    @property
    def binario(self) -> Traversable:
        return self.pasta / str(self.metadados["arquivo"])

    def descricao(self) -> dict[str, Any]:
        return {"data": self.data, "fonte": self.metadados["fonte"], "licenca": self.metadados["licenca"],
                "sha256": self.metadados["sha256"], "origem": self.origem, "caminho": str(self.binario)}

    def carregar(self) -> Tabelas:
        """Lê e confere (SHA-256 do JSON) o binário; ErroPerito com o que fazer se ele não serve."""
        conserto = ("reinstale o perito" if self.origem == "pacote"
                    else f"rode `perito ipdb atualizar` de novo ou apague a pasta {self.pasta}")
        try:
            comprimido = self.binario.read_bytes()
            if hashlib.sha256(comprimido).hexdigest() != self.metadados["sha256"]:
                raise BaseCorrompida("o SHA-256 não confere com o dos metadados")
            return desserializar(comprimido)
        except (OSError, BaseCorrompida) as erro:
            raise ErroPerito(f"A base de IP {self.origem} ({self.binario}) não pôde ser lida: {erro}.\nDica: {conserto}.",
                             Saida.AMBIENTE_INVALIDO) from None


def pasta_do_usuario() -> Path:
    """$PERITO_DADOS/base_ip, ou $XDG_DATA_HOME/perito/base_ip, ou ~/.local/share/perito/base_ip."""
    return _pasta_para(os.environ.get("PERITO_DADOS", ""), os.environ.get("XDG_DATA_HOME", ""), os.environ.get("HOME", ""))


@lru_cache(maxsize=16)  # pelas variáveis de ambiente: montar o Path custava mais que a consulta inteira
def _pasta_para(proprio: str, xdg: str, _home: str) -> Path:
    if proprio:
        return Path(proprio) / "base_ip"
    raiz = Path(xdg) if xdg and Path(xdg).is_absolute() else Path.home() / ".local" / "share"  # relativo: a norma manda ignorar
    return raiz / "perito" / "base_ip"


def _problema_nos_metadados(metadados: Any) -> str | None:
    if not isinstance(metadados, dict) or any(not isinstance(metadados.get(c), str) for c in _CAMPOS):
        return f"metadados incompletos (faltam {', '.join(_CAMPOS)})"
    if metadados["formato"] != FORMATO:
        return f"formato {metadados['formato']!r}; este perito lê {FORMATO!r}"
    if not re.fullmatch(r"\d{4}-\d{2}-\d{2}", metadados["data"]):
        return f"data {metadados['data']!r} fora do formato AAAA-MM-DD"
    if not _NOME_BINARIO.fullmatch(metadados["arquivo"]):
        return f"nome de arquivo inesperado {metadados['arquivo']!r}"
    return None


_trava_pacote = threading.Lock()
_do_pacote: Base | None = None


def base_do_pacote() -> Base:
    global _do_pacote
    with _trava_pacote:
        if _do_pacote is None:
            pasta = resources.files(PACOTE) / "dados"
            try:
                metadados = json.loads((pasta / NOME_METADADOS).read_text(encoding="utf-8"))
            except (OSError, ValueError) as erro:
                raise ErroPerito(f"A base de IP que acompanha o perito não pôde ser lida ({erro}).\nDica: a instalação "
                                 "está incompleta; reinstale o perito.", Saida.AMBIENTE_INVALIDO) from None
            if (problema := _problema_nos_metadados(metadados)) is not None:
                raise ErroPerito(f"A base de IP que acompanha o perito está com {problema}.\nDica: reinstale o perito.",
                                 Saida.AMBIENTE_INVALIDO)
            _do_pacote = Base("pacote", metadados, pasta)
        return _do_pacote


def assinatura_do_usuario() -> tuple[str, tuple[int, int, int] | None]:
    """Muda quando a base do usuário muda (ou PERITO_DADOS aponta outra pasta): barata, a cada consulta."""
    caminho = _metadados_do_usuario(pasta_do_usuario())
    try:
        estado = os.stat(caminho)
    except OSError:
        return caminho, None
    return caminho, (estado.st_mtime_ns, estado.st_size, estado.st_ino)


@lru_cache(maxsize=16)
def _metadados_do_usuario(pasta: Path) -> str:
    return str(pasta / NOME_METADADOS)


def _base_do_usuario(pacote: Base) -> tuple[Base | None, str | None]:
    """(base atualizada válida e vigente, ou None; por que ela foi deixada de lado)."""
    pasta = pasta_do_usuario()
    try:
        metadados = json.loads((pasta / NOME_METADADOS).read_text(encoding="utf-8"))
    except FileNotFoundError:
        return None, None
    except (OSError, ValueError) as erro:
        return None, f"a base atualizada em {pasta} foi ignorada: metadados ilegíveis ({erro})"
    if (problema := _problema_nos_metadados(metadados)) is not None:
        return None, f"a base atualizada em {pasta} foi ignorada: {problema}"
    try:
        sha = hashlib.sha256((pasta / metadados["arquivo"]).read_bytes()).hexdigest()
    except OSError as erro:
        return None, f"a base atualizada em {pasta} foi ignorada: binário ilegível ({erro.strerror or erro})"
    if sha != metadados["sha256"]:
        return None, f"a base atualizada em {pasta} foi ignorada: o SHA-256 do binário não confere com os metadados"
    if metadados["data"] < pacote.data:
        return None, (f"a base atualizada em {pasta} (retrato de {metadados['data']}) é mais antiga que a do pacote "
                      f"({pacote.data}); vale a do pacote")
    return Base("atualizada", metadados, pasta), None


_trava_escolha = threading.Lock()
_escolha: tuple[Any, Base, list[str]] | None = None


def escolher() -> tuple[Base, list[str]]:
    """A base que vale agora e os avisos sobre a atualizada deixada de lado (recalculada só quando ela muda)."""
    global _escolha
    assinatura = assinatura_do_usuario()
    atual = _escolha
    if atual is not None and atual[0] == assinatura:
        return atual[1], atual[2]
    with _trava_escolha:
        pacote = base_do_pacote()
        usuario, motivo = _base_do_usuario(pacote)
        _escolha = (assinatura, usuario or pacote, [motivo] if motivo else [])
        return _escolha[1], _escolha[2]


def base_em_uso() -> dict[str, Any]:
    """{"data", "fonte", "licenca", "sha256", "origem": "pacote" | "atualizada", "caminho"} da base que vale agora.

    sha256 é o do arquivo binário da base (o que se cita num laudo para reproduzir a consulta).
    """
    return escolher()[0].descricao()


def atualizar(arquivos: list[Path], data: str | None = None, fonte: str | None = None) -> dict[str, Any]:
    """Monta a base dos CSV na pasta do usuário e devolve os metadados gravados (código 2/6/4 nos erros)."""
    if not arquivos:
        raise ErroPerito("Informe ao menos um CSV de IP → AS.", Saida.USO)
    destino = pasta_do_usuario()
    pacote_instalado = Path(str(resources.files(PACOTE))).resolve()
    if destino.resolve().is_relative_to(pacote_instalado):
        raise ErroPerito(f"A pasta de dados {destino} fica dentro do pacote instalado do perito, que não é regravado.\n"
                         "Dica: aponte PERITO_DADOS para uma pasta sua.", Saida.USO)
    for arquivo in arquivos:
        if not arquivo.is_file():
            raise ErroPerito(f"O arquivo {arquivo} não existe ou não é um arquivo.\nDica: informe os CSV de IP → AS "
                             "(p.ex. asn-ipv4-num.csv e asn-ipv6-num.csv).", Saida.USO)
    npm = data_do_pacote_npm(arquivos)
    if data is None:
        if npm is None:
            raise ErroPerito("Informe a data do retrato com --data AAAA-MM-DD.\nDica: é a data em que a fonte gerou "
                             "os CSV (os metadados dos arquivos não a dizem).", Saida.USO)
        data = npm[0]
    data = conferir_data(data)
    pacote = base_do_pacote()
    if data < pacote.data:
        raise ErroPerito(f"O retrato de {data} é mais antigo que a base que acompanha o perito ({pacote.data}); ele "
                         "nunca seria usado, e nada foi gravado.\nDica: importe um retrato de "
                         f"{pacote.data} ou mais novo.", Saida.USO)
    nomes = ", ".join(arquivo.name for arquivo in arquivos)
    tabelas, metadados = montar(
        arquivos, data,
        fonte=fonte or (FONTE_IP_LOCATION_DB if npm else f"CSV importados ({nomes})"),
        licenca=LICENCA_IP_LOCATION_DB if npm else LICENCA_DESCONHECIDA,
        origem=npm[1] if npm else f"arquivos informados: {nomes}",
    )
    caminho = gravar(destino, tabelas, metadados)
    return json.loads(caminho.read_text(encoding="utf-8"))
