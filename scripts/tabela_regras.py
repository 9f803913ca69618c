"""Imprime a tabela de regras do principal (tirada de `DESCRICAO` de cada módulo de regra).

Uso: python scripts/tabela_regras.py [--escrever]

Com `--escrever`, regrava no README.md a tabela entre os marcadores
(`perito.principal.tabela_regras.INICIO` e `FIM`); `tests/test_tabela_regras.py`
falha enquanto o README e o código divergirem.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from perito.principal.tabela_regras import readme_com_tabela, tabela

README = Path(__file__).resolve().parents[1] / "README.md"


def main() -> int:
    argumentos = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    argumentos.add_argument("--escrever", action="store_true", help="regrava a tabela no README.md")
    if not argumentos.parse_args().escrever:
        sys.stdout.write(tabela())
        return 0
    README.write_text(readme_com_tabela(README.read_text(encoding="utf-8")), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
