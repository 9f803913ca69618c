"""Um veredicto só, onde quer que o validador rode (issue 23, item 3).

Para cada caso: `analisar` numa pasta temporária; as conclusões do principal (todas, inclusive as que o
validador contradisse e que saem de conclusoes.json) vão para um arquivo ao lado do manifesto; `perito
validar` roda sobre ele em outro processo; os veredictos (geral e de cada referência) são comparados
conclusão a conclusão com os que o validador embutido deu.

Uso (na raiz do repositório): .venv/bin/python scripts/comparar_validar.py CASO [CASO...] [--data-analise AAAA-MM-DD]

Última linha: `comparar_validar: divergencias=D conclusoes=N casos=K`; sai 1 se D > 0.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

RAIZ = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(RAIZ / "src"))

from perito.analise import Parametros, analisar  # noqa: E402
from perito.texto_ptbr import plural  # noqa: E402


def veredictos(validacoes: dict[str, Any]) -> dict[int, tuple[str, tuple[str, ...]]]:
    return {v["conclusao_id"]: (v["veredicto_geral"], tuple(d["status"] for d in v["detalhes"]))
            for v in validacoes["validacoes"]}


def comparar(caso: Path, data: str, pasta: Path) -> tuple[int, int, list[str]]:
    saida = pasta / "saida"
    resultado = analisar(Parametros(caso, saida, data_analise=data))
    embutido = veredictos(resultado.validacoes)
    conclusoes = saida / "conclusoes_do_principal.json"  # ao lado do manifesto.json (hashes da análise)
    conclusoes.write_text(json.dumps(resultado.conclusoes, ensure_ascii=False), encoding="utf-8")
    gravado = pasta / "validacao_avulsa.json"
    perito = Path(sys.executable).with_name("perito")
    comando = [str(perito), "validar", str(conclusoes), "--caso", str(caso), "--saida", str(gravado),
               "--data-validacao", data]
    processo = subprocess.run(comando, capture_output=True, text=True, check=False)
    if not gravado.is_file():
        return 1, len(embutido), [f"{caso}: perito validar não gravou ({processo.returncode}): {processo.stderr[-300:]}"]
    avulso = veredictos(json.loads(gravado.read_text(encoding="utf-8")))
    diferencas = [f"{caso.name}: conclusão {i}: analisar {embutido.get(i)} ≠ validar {avulso.get(i)}"
                  for i in sorted(embutido.keys() | avulso.keys()) if embutido.get(i) != avulso.get(i)]
    return len(diferencas), len(embutido), diferencas


def main(argv: list[str] | None = None) -> int:
    argumentos = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    argumentos.add_argument("casos", nargs="+", type=Path)
    argumentos.add_argument("--data-analise", default="2025-03-20")
    args = argumentos.parse_args(argv)
    total_diferencas = total_conclusoes = 0
    for caso in args.casos:
        with tempfile.TemporaryDirectory(prefix="perito-comparar-") as pasta:
            diferencas, conclusoes, linhas = comparar(caso.resolve(), args.data_analise, Path(pasta))
        print(f"{caso}: {conclusoes} conclusões, {plural(diferencas, 'divergência', 'divergências')}")
        for linha in linhas[:20]:
            print(f"  ! {linha}")
        total_diferencas += diferencas
        total_conclusoes += conclusoes
    print(f"comparar_validar: divergencias={total_diferencas} conclusoes={total_conclusoes} casos={len(args.casos)}")
    return 1 if total_diferencas else 0


if __name__ == "__main__":
    sys.exit(main())
