"""Memória e tempo do `analisar` em arquivos muito grandes: um log de acesso de texto de ~200 MB e um CSV de
2 milhões de linhas, cada um num caso só dele, contra o piso das bibliotecas cruas na mesma execução.

Uso: python scripts/benchmark_grandes.py [--pasta DIR] [--casos log,csv] [--megabytes 200] [--linhas 2000000]

Para cada caso imprime: tamanho, piso (ler cada linha com `open`/`csv` e nada mais), tempo do `analisar`,
razão, pico de memória da árvore de processos (RSS somado, amostrado a cada 50 ms, como em
`benchmark_caso.py`), a situação do arquivo no manifesto e quantos dados foram extraídos. A meta da issue 24:
pico abaixo de 1 GiB com os limites padrão. As linhas por segundo
dizem se a leitura é linear: com `--megabytes 2` e `--megabytes 20` a taxa deve ser a mesma (uma regra que relê a
tabela inteira a cada linha a faz cair dez vezes). Nada aqui é teste: só as razões medidas na mesma execução valem.
"""

from __future__ import annotations

import argparse
import csv
import json
import re
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from benchmark_caso import medir_analisar  # noqa: E402


def gerar_log(destino: Path, megabytes: int) -> None:
    """Log de acesso de provedor em texto: cabeçalho com o fuso declarado uma vez, uma linha por acesso."""
    alvo = megabytes << 20
    with destino.open("w", encoding="utf-8") as f:
        f.write("Registros de conexão - resposta a requisição judicial\nHorários em UTC.\n")
        f.write("Data/Hora                 Endereço IP        Porta\n")
        i = 0
        while f.tell() < alvo:
            linhas = []
            for _ in range(10_000):
                linhas.append(f"2025-03-{1 + i % 28:02d} {i % 24:02d}:{i % 60:02d}:{(i * 7) % 60:02d}  "
                              f"200.{i % 250}.{(i // 250) % 250}.{i % 199}  {20000 + i % 40000}\n")
                i += 1
            f.write("".join(linhas))


def gerar_csv(destino: Path, linhas: int) -> None:
    with destino.open("w", encoding="utf-8", newline="") as f:
        escritor = csv.writer(f, delimiter=";")
        escritor.writerow(["Data", "Hora (BRT)", "Endereço IP", "Porta (origem)", "Operação"])
        for i in range(linhas):
            escritor.writerow([f"{1 + i % 28:02d}/03/2025", f"{i % 24:02d}:{i % 60:02d}:{(i * 7) % 60:02d}",
                               f"177.{i % 250}.{(i // 250) % 250}.{i % 199}", 30000 + i % 30000, "LOGIN"])


def piso(arquivo: Path) -> tuple[float, int]:
    """Segundos para ler cada linha com as bibliotecas cruas, e quantas linhas há."""
    inicio = time.perf_counter()
    linhas = 0
    with arquivo.open(encoding="utf-8", newline="") as f:
        for _ in (csv.reader(f, delimiter=";") if arquivo.suffix == ".csv" else f):
            linhas += 1
    return time.perf_counter() - inicio, linhas


def total_dados(lote: Path) -> int:
    """`total_dados` de um lote sem carregá-lo (um lote de um log de 200 MB tem GB): a chave vem depois dos dados."""
    with lote.open("rb") as f:
        f.seek(max(0, lote.stat().st_size - (4 << 20)))
        cauda = f.read().decode("utf-8", errors="replace")
    achado = re.search(r'"total_dados": (\d+)', cauda)
    return int(achado.group(1)) if achado else 0


def main() -> int:
    argumentos = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    argumentos.add_argument("--pasta", type=Path)
    argumentos.add_argument("--casos", default="log,csv")
    argumentos.add_argument("--megabytes", type=int, default=200)
    argumentos.add_argument("--linhas", type=int, default=2_000_000)
    opcoes = argumentos.parse_args()
    base = opcoes.pasta or Path(tempfile.mkdtemp(prefix="perito-grandes-"))
    for nome in opcoes.casos.split(","):
        caso = base / f"caso_{nome}"
        arquivo = caso / ("registros_conexao.txt" if nome == "log" else "log_acessos.csv")
        if not arquivo.exists():
            caso.mkdir(parents=True, exist_ok=True)
            gerar_log(arquivo, opcoes.megabytes) if nome == "log" else gerar_csv(arquivo, opcoes.linhas)
        t_piso, n_linhas = piso(arquivo)
        saida = base / f"saida_{nome}_{int(time.time())}"
        medida = medir_analisar(caso, saida)
        manifesto = json.loads((saida / "manifesto.json").read_text(encoding="utf-8"))
        linha = next(a for a in manifesto["arquivos"] if a["arquivo"] == arquivo.name)
        dados = sum(total_dados(lote) for lote in (saida / "lotes").glob("*.json"))
        etapas = ", ".join(f"{etapa} {s:.1f} s" for etapa, s in (medida["etapas_manifesto"] or {}).items())
        print(f"{nome}: {arquivo.stat().st_size / 2**20:.0f} MiB | piso {t_piso:.1f} s | analisar {medida['parede']:.1f} s "
              f"| analisar/piso = {medida['parede'] / t_piso:.1f}× | {n_linhas / medida['parede']:,.0f} linhas/s "
              f"| pico da árvore {medida['pico_rss'] / 2**20:.0f} MiB "
              f"(principal {medida['pico_principal'] / 2**20:.0f} MiB) | {linha['situacao']}"
              f"{' (' + linha['motivo'] + ')' if linha.get('motivo') else ''} | {dados} dados | {etapas}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
