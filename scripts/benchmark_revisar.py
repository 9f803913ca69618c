"""Tempo até a primeira pergunta do `perito revisar` e tempo do `perito relatorio` (issue 25, item 5).

Uso (na raiz do repositório): .venv/bin/python scripts/benchmark_revisar.py [--caso examples/caso_demo]
[--pasta DIR] [--cada N] [--repeticoes N]

Roda o `analisar` de verdade sobre o caso numa pasta temporária, com o validador trocado para deixar uma em
cada N referências AMBIGUO (o caso de exemplo sai todo VERIFICADO: sem isso não haveria o que revisar). Tudo
o que vai à pasta é gravado pelo pipeline e registrado na trilha, como numa análise comum. Depois mede, cada
um num processo à parte (o CLI instalado, `.venv/bin/perito`):
- `revisar`: do início do processo até o texto "Decisão:" aparecer na saída (a primeira pergunta); responde
  `q` e espera o processo acabar;
- `relatorio`: o comando inteiro.
Imprime o menor tempo e a faixa de N repetições. Nada aqui é teste: a máquina é compartilhada e ruidosa.
"""

from __future__ import annotations

import argparse
import os
import select
import subprocess
import sys
import tempfile
import time
from pathlib import Path

RAIZ = Path(__file__).resolve().parents[1]
PERITO = RAIZ / ".venv" / "bin" / "perito"


def montar(caso: Path, saida: Path, cada: int) -> int:
    """Analisa `caso` em `saida` deixando AMBIGUO uma em cada `cada` referências; devolve quantas ficaram."""
    from perito import analise
    from perito.validador import agente

    original = analise.validar
    marcadas = 0

    def validar_com_pendencias(conclusoes, *args, **kwargs):
        nonlocal marcadas
        validacoes = original(conclusoes, *args, **kwargs)
        n = 0
        for validacao in validacoes["validacoes"]:
            for detalhe in validacao["detalhes"]:
                n += 1
                if n % cada == 0 and detalhe["status"] == "VERIFICADO":
                    detalhe["status"], detalhe["observacao"] = "AMBIGUO", "marcada para o benchmark"
                    marcadas += 1
            validacao["veredicto_geral"] = agente.veredicto_geral([d["status"] for d in validacao["detalhes"]])
        gerais = [v["veredicto_geral"] for v in validacoes["validacoes"]]
        validacoes["resumo"].update(verificadas=gerais.count("VERIFICADO"), ambiguas=gerais.count("AMBIGUO"),
                                    contraditas=gerais.count("CONTRADITO"))
        return validacoes

    analise.validar = validar_com_pendencias
    try:
        analise.analisar(analise.Parametros(caso.resolve(), saida, data_analise="2025-03-20", analista="Benchmark"))
    finally:
        analise.validar = original
    return marcadas


def primeira_pergunta(saida: Path) -> float:
    inicio = time.perf_counter()
    processo = subprocess.Popen([str(PERITO), "revisar", str(saida)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                stderr=subprocess.STDOUT, env={**os.environ, "COLUMNS": "100"})
    assert processo.stdout is not None and processo.stdin is not None
    lido = b""
    decorrido = None
    while decorrido is None:
        pronto, _, _ = select.select([processo.stdout], [], [], 120)
        if not pronto:
            processo.kill()
            raise SystemExit("revisar não fez pergunta em 120 s")
        parte = os.read(processo.stdout.fileno(), 65536)
        if not parte:
            raise SystemExit(f"revisar terminou sem perguntar:\n{lido.decode('utf-8', 'replace')}")
        lido += parte
        if "Decisão".encode() in lido:
            decorrido = time.perf_counter() - inicio
    processo.stdin.write(b"q\n")
    processo.stdin.close()
    processo.stdout.read()
    processo.wait()
    return decorrido


def relatorio(saida: Path) -> float:
    inicio = time.perf_counter()
    subprocess.run([str(PERITO), "relatorio", str(saida)], check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - inicio


def main() -> None:
    argumentos = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    argumentos.add_argument("--caso", type=Path, default=RAIZ / "examples" / "caso_demo")
    argumentos.add_argument("--pasta", type=Path, default=None, help="pasta de saída (padrão: temporária)")
    argumentos.add_argument("--cada", type=int, default=4)
    argumentos.add_argument("--repeticoes", type=int, default=3)
    opcoes = argumentos.parse_args()
    saida = opcoes.pasta or Path(tempfile.mkdtemp(prefix="perito-bench-revisar-")) / "saida"
    if not (saida / "manifesto.json").exists():
        inicio = time.perf_counter()
        marcadas = montar(opcoes.caso, saida, opcoes.cada)
        print(f"análise em {saida}: {marcadas} referências AMBIGUO, {time.perf_counter() - inicio:.1f} s", flush=True)
    perguntas = [primeira_pergunta(saida) for _ in range(opcoes.repeticoes)]
    relatorios = [relatorio(saida) for _ in range(opcoes.repeticoes)]
    print(f"revisar, primeira pergunta: {min(perguntas):.2f} s (faixa {min(perguntas):.2f}–{max(perguntas):.2f})")
    print(f"relatorio: {min(relatorios):.2f} s (faixa {min(relatorios):.2f}–{max(relatorios):.2f})")


if __name__ == "__main__":
    sys.path.insert(0, str(RAIZ / "src"))
    main()
