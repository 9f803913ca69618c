"""Trilha de auditoria: registro só de acréscimo, cada entrada encadeada pelo hash da anterior.

Cada linha de `auditoria.jsonl` é um objeto JSON com `seq`, `momento`, `agente`,
`acao`, `entradas` e `saidas` (nome → SHA-256), `detalhes`, `anterior` (hash da
entrada anterior; zeros na primeira) e `hash` (SHA-256 da própria entrada sem o
campo `hash`, em JSON canônico). Editar, remover ou reordenar uma entrada
quebra a cadeia; cada execução termina com uma entrada do manifesto, cujo hash
também fica no manifesto, e assim um corte no fim da trilha também aparece.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import os
from pathlib import Path
from typing import Any, Protocol

from perito.saida.escrita import MODO

NOME = "auditoria.jsonl"
INICIO_DA_CADEIA = "0" * 64


def canonico(objeto: Any) -> bytes:
    return json.dumps(objeto, ensure_ascii=False, sort_keys=True, separators=(",", ":")).encode("utf-8")


def sha256_do_arquivo(caminho: Path) -> str:
    with caminho.open("rb") as f:  # em blocos: um lote de caso grande tem centenas de MB
        return hashlib.file_digest(f, "sha256").hexdigest()


def sha256_texto(texto: str) -> str:
    return hashlib.sha256(texto.encode("utf-8")).hexdigest()


def _hash_entrada(entrada: dict[str, Any]) -> str:
    return hashlib.sha256(canonico({k: v for k, v in entrada.items() if k != "hash"})).hexdigest()


class TrilhaAdulterada(Exception):
    pass


#: `revisao.json`: a única entrada humana de uma pasta de análise; só `perito revisar` a escreve
NOME_REVISAO = "revisao.json"
#: o que uma decisão humana afirma e não muda depois (a reconciliação só atualiza situação, id e posição)
CAMPOS_DA_DECISAO = ("referencia", "status_maquina", "observacao_maquina", "decisao", "motivo", "analista",
                     "momento", "sha256_arquivo")


def hash_decisao(decisao: dict[str, Any]) -> str:
    return hashlib.sha256(canonico({c: decisao.get(c) for c in CAMPOS_DA_DECISAO})).hexdigest()


def _problemas_da_revisao(pasta: Path, entradas: list[dict[str, Any]]) -> list[str]:
    """`revisao.json` tem de ser o último que a trilha registrou, e cada decisão dele, uma entrada
    `revisar_referencia` com o hash dela: uma decisão escrita à mão (ou um arquivo trocado) não vale."""
    caminho = pasta / NOME_REVISAO
    if not caminho.is_file():
        return []
    registrado = next((e["saidas"][NOME_REVISAO] for e in reversed(entradas)
                       if isinstance(e.get("saidas"), dict) and NOME_REVISAO in e["saidas"]), None)
    if registrado is None:
        return [f"{NOME_REVISAO} não foi gravado pelo perito (nenhum registro na trilha): decisões só valem "
                "por `perito revisar`"]
    if sha256_do_arquivo(caminho) != registrado:
        return [f"{NOME_REVISAO} foi alterado depois do último registro na trilha: decisões só valem por `perito revisar`"]
    decididas = {(e.get("detalhes") or {}).get("hash_decisao") for e in entradas if e.get("acao") == "revisar_referencia"}
    try:
        decisoes = json.loads(caminho.read_text(encoding="utf-8"))["decisoes"]
        fora = [d for d in decisoes if hash_decisao(d) not in decididas]
    except (json.JSONDecodeError, UnicodeDecodeError, KeyError, TypeError, AttributeError):
        return [f"{NOME_REVISAO} ilegível ou fora do formato"]
    return [f"a decisão {d.get('decisao')!r} sobre a referência {d.get('conclusao_id')}.{d.get('indice_referencia')} "
            f"(por {d.get('analista')!r}) não está registrada na trilha: decisões só valem por `perito revisar`"
            for d in fora]


class Registro(Protocol):
    """O que quem grava saídas pede a uma trilha: registrar um passo, saber se um arquivo é seu, a cabeça da cadeia.

    A `Trilha` o cumpre; na análise, o barramento de eventos (`perito.analise.eventos`) também, e cada passo
    registrado chega à trilha e aos outros observadores das etapas.
    """

    @property
    def ultimo_hash(self) -> str: ...

    def registrar(
        self, agente: str, acao: str, *, entradas: dict[str, str] | None = None,
        saidas: dict[str, str] | None = None, detalhes: dict[str, Any] | None = None,
    ) -> str: ...

    def gravou(self, caminho: Path) -> bool: ...


class Trilha:
    """Acrescenta entradas a `auditoria.jsonl`, continuando a cadeia que já estiver lá."""

    def __init__(self, pasta: Path) -> None:
        self.caminho = pasta / NOME
        entradas, problemas = ler(self.caminho)
        problemas += _problemas_da_revisao(pasta, entradas)
        if problemas:
            raise TrilhaAdulterada("; ".join(problemas[:3]))
        self.seq = entradas[-1]["seq"] if entradas else 0
        self.ultimo_hash = entradas[-1]["hash"] if entradas else INICIO_DA_CADEIA
        #: nome → SHA-256 de tudo o que alguma execução registrou ter gravado nesta pasta, e do último registro
        self.gravados: dict[str, set[str]] = {}
        self.ultimos: dict[str, str] = {}
        for entrada in entradas:
            self._anotar(entrada.get("saidas"))

    def _anotar(self, saidas: Any) -> None:
        if isinstance(saidas, dict):
            for nome, sha in saidas.items():
                self.gravados.setdefault(str(nome), set()).add(str(sha))
                self.ultimos[str(nome)] = str(sha)

    def conferir_saidas(self, nomes: tuple[str, ...]) -> None:
        """Os arquivos `nomes` da pasta (os que existem) têm de ser os últimos registrados; senão, TrilhaAdulterada."""
        pasta = self.caminho.parent
        alterados = [n for n in nomes if (pasta / n).is_file() and sha256_do_arquivo(pasta / n) != self.ultimos.get(n)]
        if alterados:
            um = len(alterados) == 1
            raise TrilhaAdulterada(f"{', '.join(alterados)} {'diferente' if um else 'diferentes'} do registrado na trilha "
                                   f"({'editado' if um else 'editados'} à mão?)")

    def registrou(self, nome: str, sha256: str) -> bool:
        """Se alguma execução registrou ter gravado `nome` com esse SHA-256 (também o que não é arquivo da pasta: as
        entradas do armazém do caso, que só são reaproveitadas com o hash que a trilha guardou)."""
        return sha256 in self.gravados.get(nome, ())

    def gravou(self, caminho: Path) -> bool:
        """Se `caminho` (dentro da pasta da trilha) tem exatamente os bytes que uma execução registrou ter gravado:
        só assim o perito o apaga; um arquivo alheio ou editado à mão fica onde está."""
        nome = caminho.relative_to(self.caminho.parent).as_posix()
        return nome in self.gravados and caminho.is_file() and sha256_do_arquivo(caminho) in self.gravados[nome]

    def registrar(
        self, agente: str, acao: str, *, entradas: dict[str, str] | None = None,
        saidas: dict[str, str] | None = None, detalhes: dict[str, Any] | None = None,
    ) -> str:
        self.seq += 1
        entrada = {
            "seq": self.seq,
            "momento": dt.datetime.now(dt.timezone.utc).strftime("%Y-%m-%dT%H:%M:%S.%fZ"),
            "agente": agente,
            "acao": acao,
            "entradas": dict(sorted((entradas or {}).items())),
            "saidas": dict(sorted((saidas or {}).items())),
            "detalhes": detalhes or {},
            "anterior": self.ultimo_hash,
        }
        entrada["hash"] = _hash_entrada(entrada)
        self.caminho.parent.mkdir(parents=True, exist_ok=True)
        with self.caminho.open("a", encoding="utf-8", newline="\n") as f:
            f.write(json.dumps(entrada, ensure_ascii=False, sort_keys=True) + "\n")
            f.flush()
            os.fchmod(f.fileno(), MODO)
            os.fsync(f.fileno())
        self.ultimo_hash = str(entrada["hash"])
        self._anotar(entrada["saidas"])
        return self.ultimo_hash


def ler(caminho: Path) -> tuple[list[dict[str, Any]], list[str]]:
    """(entradas, problemas da cadeia); uma trilha inexistente é uma cadeia vazia válida."""
    if not caminho.exists():
        return [], []
    entradas: list[dict[str, Any]] = []
    problemas: list[str] = []
    anterior, seq = INICIO_DA_CADEIA, 0
    for numero, linha in enumerate(caminho.read_text(encoding="utf-8").splitlines(), start=1):
        try:
            entrada = json.loads(linha)
            declarado = entrada["hash"]
        except (json.JSONDecodeError, KeyError, TypeError):
            problemas.append(f"linha {numero}: entrada ilegível")
            continue
        if _hash_entrada(entrada) != declarado:
            problemas.append(f"linha {numero}: conteúdo alterado (hash não confere)")
        if entrada.get("anterior") != anterior:
            problemas.append(f"linha {numero}: encadeamento quebrado (entrada removida, inserida ou fora de ordem)")
        if entrada.get("seq") != seq + 1:
            problemas.append(f"linha {numero}: sequência {entrada.get('seq')} depois de {seq}")
        anterior, seq = declarado, entrada.get("seq", seq)
        entradas.append(entrada)
    return entradas, problemas


#: ações que gravam saídas numa pasta de análise: a análise, a revisão humana e os relatórios refeitos depois
ACOES_QUE_GRAVAM = ("gravar_saidas", "revisar_referencia", "reconciliar_revisao", "gravar_relatorios")


def saidas_vigentes(entradas: list[dict[str, Any]]) -> dict[str, str]:
    """Nome → SHA-256 do que a última análise (desde o último `iniciar`) e as ações depois dela gravaram."""
    inicio = max((n for n, e in enumerate(entradas) if e.get("acao") == "iniciar"), default=0)
    vigentes: dict[str, str] = {}
    for entrada in entradas[inicio:]:
        if entrada.get("acao") in ACOES_QUE_GRAVAM:
            vigentes.update(entrada.get("saidas") or {})
    return vigentes


def _ancora(conteudo: bytes) -> str | None:
    """O hash da trilha guardado no manifesto ("" se não houver); None se o manifesto não é um objeto legível."""
    try:
        manifesto = json.loads(conteudo)
    except (json.JSONDecodeError, UnicodeDecodeError):
        return None
    auditoria = manifesto.get("auditoria", {}) if isinstance(manifesto, dict) else None
    if not isinstance(auditoria, dict):
        return None
    ancora = auditoria.get("hash_antes_do_manifesto")
    return ancora if isinstance(ancora, str) else ""


def interrupcao(pasta: Path) -> str | None:
    """Como terminou a última execução, se não chegou ao manifesto (interrompida); None se terminou.

    Interrompida é uma execução cujas entradas, desde o último `iniciar`, não têm `gravar_manifesto`
    e que (a) registrou `interromper` (erro ou Ctrl-C), ou (b) começou depois da análise completa que
    o manifesto ancora, ou (c) não deixou manifesto (processo encerrado à força na primeira execução).
    Entradas finais removidas de uma análise completa não passam por aqui: o manifesto dela ancora
    um hash que some da trilha.
    """
    entradas, _ = ler(pasta / NOME)
    inicios = [i for i, e in enumerate(entradas) if e.get("acao") == "iniciar"]
    if not inicios:
        return None
    ultima_execucao = entradas[inicios[-1]:]
    if any(e.get("acao") == "gravar_manifesto" for e in ultima_execucao):
        return None
    momento = ultima_execucao[0].get("momento", "?")
    if ultima_execucao[-1].get("acao") == "interromper":
        motivo = (ultima_execucao[-1].get("detalhes") or {}).get("motivo", "sem motivo registrado")
        return f"a execução iniciada em {momento} foi interrompida: {motivo}"
    manifesto = pasta / "manifesto.json"
    ancora = _ancora(manifesto.read_bytes()) if manifesto.is_file() else ""
    anteriores = {e.get("hash") for e in entradas[: inicios[-1]]}
    if not manifesto.is_file() or (ancora and ancora in anteriores):
        return f"a execução iniciada em {momento} não terminou (processo encerrado antes de gravar o manifesto)"
    return None


def verificar(pasta: Path) -> list[str]:
    """Problemas da trilha de uma pasta de saída (lista vazia: íntegra); quem chama confere antes que ela existe."""
    caminho = pasta / NOME
    if not caminho.is_file():
        return [f"{NOME} não encontrado em {pasta}"]
    entradas, problemas = ler(caminho)
    if not entradas:
        return problemas or [f"{NOME} está vazio"]
    problemas += _problemas_da_revisao(pasta, entradas)
    ultima = entradas[-1]
    interrompida = interrupcao(pasta)
    if ultima.get("acao") != "gravar_manifesto" and interrompida is None:
        problemas.append("a trilha não termina no registro do manifesto: entradas finais removidas?")
    manifesto = pasta / "manifesto.json"
    if interrompida is not None and not manifesto.is_file():
        return problemas
    if manifesto.is_file():
        conteudo = manifesto.read_bytes()
        registro = next((e for e in reversed(entradas) if e.get("acao") == "gravar_manifesto"), ultima)
        if registro.get("saidas", {}).get("manifesto.json") not in (None, hashlib.sha256(conteudo).hexdigest()):
            problemas.append("manifesto.json foi alterado depois de registrado na trilha")
        ancora = _ancora(conteudo)
        if ancora is None:
            problemas.append("manifesto.json ilegível ou sem a seção auditoria (corrompido ou substituído)")
        elif ancora and ancora not in {e.get("hash") for e in entradas}:
            problemas.append("o hash da trilha guardado no manifesto não está na trilha: entradas removidas")
    else:
        problemas.append("manifesto.json não encontrado ao lado da trilha")
    atuais = saidas_vigentes(entradas)
    for nome, sha in atuais.items():
        arquivo = pasta / nome
        if not arquivo.is_file():
            problemas.append(f"{nome} registrado na trilha não existe mais")
        elif sha256_do_arquivo(arquivo) != sha:
            problemas.append(f"{nome} foi alterado depois de registrado na trilha")
    return problemas
