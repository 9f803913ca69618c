"""Quantas vezes cada PDF é aberto numa execução de `analisar` (issue 25: no máximo duas — leitura e validação).

Roda `perito analisar` num processo filho com um `sitecustomize` que conta cada `pdfplumber.open` e cada
`pypdfium2.PdfDocument` (também nos processos auxiliares, que o importam ao nascer) e imprime, por arquivo, as
aberturas por biblioteca e a etapa que as pediu (a função do perito mais próxima na pilha).

    python scripts/contar_leituras_pdf.py examples/caso_demo --data-analise 2025-03-20
"""

from __future__ import annotations

import argparse
import collections
import os
import subprocess
import sys
import tempfile
from pathlib import Path

CONTADOR = '''
import os, traceback
def _anotar(biblioteca, alvo):
    nome = getattr(alvo, "name", alvo) if not isinstance(alvo, (str, os.PathLike)) else alvo
    nome = os.path.basename(str(nome)) if isinstance(nome, (str, os.PathLike)) else "(bytes)"
    quadros = [f"{os.path.basename(q.filename)}:{q.name}" for q in traceback.extract_stack()[:-2] if "/perito/" in q.filename]
    etapa = " > ".join(dict.fromkeys([quadros[0], quadros[-1]])) if quadros else "?"
    with open(os.environ["PERITO_CONTAGEM_PDF"], "a", encoding="utf-8") as saida:
        saida.write(f"{biblioteca}\\t{nome}\\t{etapa}\\n")
try:
    import pdfplumber, pypdfium2
    _abrir = pdfplumber.open
    def _open(caminho, *a, **k):
        _anotar("pdfplumber", caminho)
        return _abrir(caminho, *a, **k)
    pdfplumber.open = _open
    _iniciar = pypdfium2.PdfDocument.__init__
    def _init(self, entrada, *a, **k):
        _anotar("pypdfium2", entrada)
        return _iniciar(self, entrada, *a, **k)
    pypdfium2.PdfDocument.__init__ = _init
except ImportError:
    pass
'''


def main() -> int:
    argumentos = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    argumentos.add_argument("caso", type=Path)
    argumentos.add_argument("--data-analise", default="2025-03-20")
    opcoes = argumentos.parse_args()
    with tempfile.TemporaryDirectory() as pasta:
        Path(pasta, "sitecustomize.py").write_text(CONTADOR, encoding="utf-8")
        contagem = Path(pasta, "contagem.tsv")
        ambiente = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [pasta, os.environ.get("PYTHONPATH")])),
                    "PERITO_CONTAGEM_PDF": str(contagem)}
        perito = Path(sys.executable).with_name("perito")
        subprocess.run([str(perito), "analisar", str(opcoes.caso), "--data-analise", opcoes.data_analise,
                        "--saida", str(Path(pasta, "saida"))], env=ambiente, stdout=subprocess.DEVNULL, check=False)
        linhas = [linha.split("\t") for linha in contagem.read_text(encoding="utf-8").splitlines()] if contagem.exists() else []
    por_arquivo: dict[str, collections.Counter[str]] = collections.defaultdict(collections.Counter)
    for biblioteca, nome, etapa in linhas:
        por_arquivo[nome][f"{biblioteca} ({etapa})"] += 1
    print(f"{'arquivo':40} {'aberturas':>9}  por biblioteca e etapa")
    for nome, etapas in sorted(por_arquivo.items()):
        detalhe = "; ".join(f"{n}× {e}" for e, n in sorted(etapas.items()))
        print(f"{nome[:40]:40} {sum(etapas.values()):>9}  {detalhe}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
