"""Gera `examples/variantes/` (layouts que o caso de demonstração não tem) e sua verdade.

Uso: python examples/gerar_variantes.py [PASTA_DO_CASO [PASTA_DO_GABARITO]]
     (padrão: variantes/ e verdade/variantes/ ao lado deste script)

Cada módulo `geradores/variantes_*.py` escreve os seus arquivos com `gerar(pasta)` e
devolve {arquivo: itens da verdade} (regras em verdade/LEIAME.md). As variantes são
escritas a partir de ../shared/FORMATOS.md — o que os documentos reais daquela família
fazem —, antes das regras que as leem: servem para medir, não para ajustar regras a elas.
"""

import importlib
import pkgutil
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import geradores  # noqa: E402
from geradores import verdade  # noqa: E402

TETO_BYTES = 2_000_000


def modulos():
    for info in sorted(pkgutil.iter_modules(geradores.__path__), key=lambda i: i.name):
        if info.name.startswith("variantes_"):
            yield importlib.import_module(f"geradores.{info.name}")


def main(argv):
    aqui = Path(__file__).resolve().parent
    pasta = Path(argv[1]) if len(argv) > 1 else aqui / "variantes"
    pasta_verdade = Path(argv[2]) if len(argv) > 2 else aqui / "verdade" / "variantes"
    pasta.mkdir(parents=True, exist_ok=True)
    gabaritos: dict[str, list[dict]] = {}
    for modulo in modulos():
        novos = modulo.gerar(pasta)
        repetidos = set(novos) & set(gabaritos)
        assert not repetidos, f"{modulo.__name__}: arquivos já gerados por outro módulo: {repetidos}"
        gabaritos.update(novos)
    gerados = {p.name for p in pasta.iterdir() if p.is_file()}
    assert set(gabaritos) <= gerados, set(gabaritos) - gerados
    for nome, itens in sorted(gabaritos.items()):
        verdade.gravar(pasta_verdade, nome, itens)
    total = sum((pasta / nome).stat().st_size for nome in gabaritos)
    assert total < TETO_BYTES, f"as variantes passaram de 2 MB ({total} bytes)"
    print(f"Variantes geradas em {pasta} ({len(gabaritos)} arquivos, {total} bytes); gabarito em {pasta_verdade}")


if __name__ == "__main__":
    main(sys.argv)
