"""Mede a robustez do perito contra arquivos hostis (issue 7).

Monta, numa pasta temporária, um caso com todos os arquivos do corpus compartilhado
(pdf_malformados, ocr, csv/csvs, xlsx; em `corpus/...`), todos os arquivos hostis de
`tests/fabrica_hostis.py` e o CSV de controle; roda o console script `analisar` que
está ao lado deste Python com `--data-analise 2025-03-20`; amostra a cada ~50 ms, em
/proc, o RSS somado do processo e de todos os seus descendentes (forkserver,
leitores auxiliares, tesseract); e imprime uma linha por arquivo de entrada (nome
escapado, situação e motivo do manifesto, segundos quando o manifesto os traz) e,
por último, uma linha (aqui quebrada em duas)

    arquivos: N | tracebacks: N | não relatados: N | bytes do caso alterados: N |
    controle lido: sim/não | tempo: X.X s | pico de memória: Y MiB

- tracebacks: ocorrências de "Traceback" em stdout, stderr e em todo arquivo de saída;
- não relatados: arquivos de entrada que não estão no manifesto.json;
- bytes do caso alterados: bytes diferentes entre o caso antes e depois (arquivos e
  links, incluídos e removidos contam inteiros).

Uso (na raiz do repositório):

    .venv/bin/python scripts/medir_robustez.py [--corpus ../shared/corpus] [--manter]

`--manter` não apaga a pasta temporária (caso e saída), para inspeção;
`--incluir-nome-nao-utf8` acrescenta um arquivo de nome latin-1 (defeito conhecido:
hoje derruba a análise inteira). Sai com código
0 só quando não há traceback, todo arquivo está no manifesto, nenhum byte do caso
mudou e o dado do controle foi extraído; senão, 1.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections import defaultdict
from pathlib import Path

RAIZ = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(RAIZ))

from tests import fabrica_hostis as fab  # noqa: E402

CORPUS_PADRAO = RAIZ.parent / "shared" / "corpus"
PASTAS_CORPUS = ("pdf_malformados", "ocr", "csv/csvs", "xlsx")
DATA = "2025-03-20"
MIB = 1 << 20
PAGINA = os.sysconf("SC_PAGE_SIZE")
INTERVALO = 0.05
TEMPO_MAXIMO = 900
#: metas da issue 7 (informativas: não mudam o código de saída)
META_SEGUNDOS = 120
META_MIB = 2048


# ---------------------------------------------------------------------------
# caso
# ---------------------------------------------------------------------------


def montar_caso(caso: Path, corpus: Path | None, nome_nao_utf8: bool = False) -> None:
    caso.mkdir(parents=True)
    if corpus is not None:
        for pasta in PASTAS_CORPUS:
            origem = corpus / pasta
            if not origem.is_dir():
                continue
            destino = caso / "corpus" / pasta
            destino.mkdir(parents=True)
            for arquivo in sorted(origem.iterdir()):
                if arquivo.is_file() and not arquivo.is_symlink():
                    shutil.copy2(arquivo, destino / arquivo.name)
    fab.construir_todos(caso)
    if nome_nao_utf8:
        fab.nome_nao_utf8(caso)


def fotografar(caso: Path) -> dict[str, bytes]:
    """Nome relativo → bytes do arquivo, ou b"link:" + destino para links (nunca seguidos)."""
    foto: dict[str, bytes] = {}
    for raiz, pastas, arquivos in os.walk(caso, followlinks=False):
        for nome in pastas + arquivos:
            caminho = Path(raiz, nome)
            relativo = caminho.relative_to(caso).as_posix()
            if caminho.is_symlink():
                foto[relativo] = b"link:" + os.fsencode(os.readlink(caminho))
            elif caminho.is_file():
                foto[relativo] = caminho.read_bytes()
    return foto


def bytes_alterados(antes: dict[str, bytes], depois: dict[str, bytes]) -> int:
    total = 0
    for nome in antes.keys() | depois.keys():
        a, d = antes.get(nome), depois.get(nome)
        if a is None or d is None:
            total += len(a if d is None else d) or 1
        elif a != d:
            total += abs(len(a) - len(d)) + sum(1 for x, y in zip(a, d, strict=False) if x != y)
    return total


# ---------------------------------------------------------------------------
# memória da árvore de processos
# ---------------------------------------------------------------------------


def _filhos() -> dict[int, list[int]]:
    mapa: dict[int, list[int]] = defaultdict(list)
    for nome in os.listdir("/proc"):
        if not nome.isdigit():
            continue
        try:
            with open(f"/proc/{nome}/stat", "rb") as f:
                dados = f.read()
        except OSError:
            continue
        campos = dados[dados.rfind(b")") + 2 :].split()  # estado, ppid, ...
        if len(campos) > 1:
            mapa[int(campos[1])].append(int(nome))
    return mapa


def rss_da_arvore(raiz: int) -> int:
    """RSS (bytes) do processo `raiz` mais o de todos os descendentes."""
    mapa = _filhos()
    total, pilha, vistos = 0, [raiz], set()
    while pilha:
        pid = pilha.pop()
        if pid in vistos:
            continue
        vistos.add(pid)
        try:
            with open(f"/proc/{pid}/statm") as f:
                total += int(f.read().split()[1]) * PAGINA
        except (OSError, ValueError, IndexError):
            pass
        pilha.extend(mapa.get(pid, ()))
    return total


class Amostrador(threading.Thread):
    def __init__(self, pid: int) -> None:
        super().__init__(daemon=True)
        self.pid = pid
        self.pico = 0
        self.parar = threading.Event()

    def run(self) -> None:
        while not self.parar.is_set():
            self.pico = max(self.pico, rss_da_arvore(self.pid))
            self.parar.wait(INTERVALO)


# ---------------------------------------------------------------------------
# execução e relatório
# ---------------------------------------------------------------------------


def escapar(texto: str) -> str:
    saida = []
    for c in texto:
        if c.isprintable():
            saida.append(c)
        elif ord(c) <= 0xFF:
            saida.append(f"\\x{ord(c):02x}")
        else:
            saida.append(f"\\u{ord(c):04x}")
    return "".join(saida)


def cortar(texto: str, largura: int) -> str:
    return texto if len(texto) <= largura else texto[: largura - 1] + "…"


def segundos(linha: dict) -> str:
    for chave in ("segundos", "duracao_s", "tempo_s", "duracao", "segundos_leitura"):
        if isinstance(linha.get(chave), (int, float)):
            return f"{linha[chave]:.1f}"
    return "-"


def rodar(caso: Path, saida: Path) -> tuple[int, str, str, float, int]:
    analisar = Path(sys.executable).parent / "analisar"
    if not analisar.is_file():
        sys.exit(f"console script não encontrado: {analisar} (instale o perito neste ambiente)")
    ambiente = {**os.environ, "PERITO_LARGURA": "200"}
    inicio = time.monotonic()
    processo = subprocess.Popen(
        [str(analisar), str(caso), "--saida", str(saida), "--data-analise", DATA],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=ambiente, start_new_session=True,
    )
    amostrador = Amostrador(processo.pid)
    amostrador.start()
    try:
        stdout, stderr = processo.communicate(timeout=TEMPO_MAXIMO)
    except subprocess.TimeoutExpired:
        os.killpg(processo.pid, signal.SIGKILL)  # só o grupo que este script criou
        stdout, stderr = processo.communicate()
    decorrido = time.monotonic() - inicio
    amostrador.parar.set()
    amostrador.join()
    return (
        processo.returncode, stdout.decode("utf-8", "replace"), stderr.decode("utf-8", "replace"),
        decorrido, amostrador.pico,
    )


def medir(corpus: Path | None, pasta: Path, nome_nao_utf8: bool = False) -> int:
    caso, saida = pasta / "caso", pasta / "saida"
    montar_caso(caso, corpus, nome_nao_utf8)
    antes = fotografar(caso)
    entradas = sorted(antes)  # arquivos e links; pastas não são entradas

    codigo, stdout, stderr, decorrido, pico = rodar(caso, saida)

    depois = fotografar(caso)
    manifesto_json = saida / "manifesto.json"
    manifesto = json.loads(manifesto_json.read_text(encoding="utf-8")) if manifesto_json.is_file() else {}
    linhas = {a["arquivo"]: a for a in manifesto.get("arquivos", [])}
    lotes = [json.loads(p.read_text(encoding="utf-8")) for p in sorted((saida / "lotes").glob("*.json"))]

    tracebacks = stdout.count("Traceback") + stderr.count("Traceback")
    if saida.is_dir():
        tracebacks += sum(p.read_bytes().count(b"Traceback") for p in saida.rglob("*") if p.is_file())
    nao_relatados = [nome for nome in entradas if nome not in linhas]
    alterados = bytes_alterados(antes, depois)
    controle = any(
        d["dado"] == fab.IP_CONTROLE and d["arquivo_fonte"] == fab.NOME_CONTROLE
        for lote in lotes for d in lote["dados_extraidos"]
    )

    largura_nome = min(60, max(len(escapar(n)) for n in entradas))
    print(f"{'arquivo':<{largura_nome}}  {'situação':<9} {'s':>5}  motivo")
    for nome in entradas:
        linha = linhas.get(nome)
        if linha is None:
            print(f"{cortar(escapar(nome), largura_nome):<{largura_nome}}  {'AUSENTE':<9} {'-':>5}  não está no manifesto")
            continue
        motivo = cortar(escapar(linha.get("motivo") or ""), 90)
        print(
            f"{cortar(escapar(nome), largura_nome):<{largura_nome}}  {linha['situacao']:<9} {segundos(linha):>5}  {motivo}"
        )
    print()
    print(f"código de saída do analisar: {codigo}")
    if stderr.strip() and (tracebacks or codigo not in (0, 1)):
        print("stderr do analisar (fim):")
        print("\n".join(stderr.strip().splitlines()[-15:]))
    mib = pico / MIB
    metas = "cumpridas" if decorrido < META_SEGUNDOS and mib < META_MIB else "NÃO cumpridas"
    print(f"metas da issue 7 (< {META_SEGUNDOS} s, < {META_MIB} MiB): {metas}")
    print(
        f"arquivos: {len(entradas)} | tracebacks: {tracebacks} | não relatados: {len(nao_relatados)} | "
        f"bytes do caso alterados: {alterados} | controle lido: {'sim' if controle else 'não'} | "
        f"tempo: {decorrido:.1f} s | pico de memória: {mib:.0f} MiB"
    )
    falhou = tracebacks or nao_relatados or alterados or not controle
    return 1 if falhou else 0


def main() -> int:
    argumentos = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    argumentos.add_argument("--corpus", type=Path, default=CORPUS_PADRAO, help="pasta do corpus compartilhado")
    argumentos.add_argument("--manter", action="store_true", help="não apaga a pasta temporária")
    argumentos.add_argument(
        "--incluir-nome-nao-utf8", action="store_true",
        help="acrescenta um arquivo de nome latin-1 (hoje derruba a análise inteira: veja tests/test_hostis.py)",
    )
    opcoes = argumentos.parse_args()
    corpus = opcoes.corpus if opcoes.corpus.is_dir() else None
    if corpus is None:
        print(f"aviso: corpus ausente em {opcoes.corpus}; só os arquivos hostis gerados", file=sys.stderr)
    pasta = Path(tempfile.mkdtemp(prefix="perito-robustez-"))
    try:
        return medir(corpus, pasta, opcoes.incluir_nome_nao_utf8)
    finally:
        if opcoes.manter:
            print(f"(pasta mantida: {pasta})", file=sys.stderr)
        else:
            shutil.rmtree(pasta, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
