"""Avalia a extração contra a verdade de cada documento de exemplo.

Uso: python scripts/avaliar_extracao.py [--caso examples/caso_demo] [--verdade examples/verdade]

Para cada arquivo com verdade em `examples/verdade/<arquivo>.json`, compara os dados
extraídos (campo + dado + página + linha/célula + aba, quando a verdade os dá) com a
lista esperada e imprime revocação e precisão por campo e por família, os dados que
faltaram e os que sobraram, e páginas por segundo da leitura. Sai com código 1 se a
revocação não for total ou se houver campo falso.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

RAIZ = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(RAIZ / "src"))

from perito.analise import Parametros, analisar  # noqa: E402
from perito.principal.ocorrencias import FAMILIAS  # noqa: E402
from perito.texto_ptbr import plural  # noqa: E402


def _casa(esperado: dict, extraido: dict) -> bool:
    """Mesmo arquivo, campo e dado literal; e a mesma localização quando a verdade a fixa."""
    if (esperado["arquivo"], esperado["campo"], esperado["dado"]) != (extraido["arquivo"], extraido["campo"], extraido["dado"]):
        return False
    if esperado.get("linha_ou_celula") is None:  # OCR: a linha não é fixa
        return esperado.get("pagina") in (None, extraido.get("pagina"))
    return all(esperado.get(k) == extraido.get(k) for k in ("pagina", "linha_ou_celula", "aba_planilha"))


def _verdade(pasta: Path, arquivo: str) -> list[dict]:
    """Itens de um pacote ZIP levam `membro`: o arquivo citado é `pacote.zip!/membro`."""
    itens = json.loads((pasta / f"{arquivo}.json").read_text(encoding="utf-8"))
    return [
        {**{k: v for k, v in item.items() if k != "membro"},
         "arquivo": f"{arquivo}!/{item['membro']}" if item.get("membro") else arquivo}
        for item in itens
    ]


def main() -> int:
    argumentos = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    argumentos.add_argument("--caso", type=Path, default=RAIZ / "examples" / "caso_demo")
    argumentos.add_argument("--verdade", type=Path, default=RAIZ / "examples" / "verdade")
    opcoes = argumentos.parse_args()

    with tempfile.TemporaryDirectory() as temporaria:
        inicio = time.perf_counter()
        resultado = analisar(Parametros(opcoes.caso, Path(temporaria) / "saida", data_analise="2025-03-20"))
        total_s = time.perf_counter() - inicio
    familia_do_arquivo = {a["arquivo"]: FAMILIAS.get(a.get("extrator_id") or "", "-") for a in resultado.arquivos}
    extraidos = [
        {**d, "arquivo": d["arquivo_fonte"]} for lote in resultado.lotes for d in lote["dados_extraidos"]
    ]
    arquivos = sorted(p.name.removesuffix(".json") for p in opcoes.verdade.glob("*.json"))
    esperados = [item for arquivo in arquivos for item in _verdade(opcoes.verdade, arquivo)]
    extraidos = [d for d in extraidos if d["arquivo"].split("!/")[0] in arquivos]

    usados = [False] * len(extraidos)
    acertos_verdade = []
    for item in esperados:
        indice = next((i for i, d in enumerate(extraidos) if not usados[i] and _casa(item, d)), None)
        if indice is not None:
            usados[indice] = True
        acertos_verdade.append((item, indice is not None))
    sobras = [d for d, usado in zip(extraidos, usados, strict=True) if not usado]
    acertos_extraidos = len(extraidos) - len(sobras)

    def linha(rotulo: str, esperado: int, achado: int, extraido: int, certo: int) -> str:
        revocacao = achado / esperado if esperado else 1.0
        precisao = certo / extraido if extraido else 1.0
        return f"{rotulo:<24} {esperado:>9} {achado:>8} {revocacao:>10.1%} {extraido:>9} {precisao:>9.1%}"

    cabecalho = f"{'':<24} {'esperados':>9} {'achados':>8} {'revocação':>10} {'extraídos':>9} {'precisão':>9}"
    print("Por campo")
    print(cabecalho)
    for campo in sorted({i["campo"] for i in esperados} | {d["campo"] for d in extraidos}):
        esp = [a for i, a in acertos_verdade if i["campo"] == campo]
        ext = [d for d in extraidos if d["campo"] == campo]
        sob = [d for d in sobras if d["campo"] == campo]
        print(linha(campo, len(esp), sum(esp), len(ext), len(ext) - len(sob)))
    print("\nPor família")
    print(cabecalho)
    for familia in sorted({familia_do_arquivo.get(a, "-") for a in arquivos}):
        esp = [a for i, a in acertos_verdade if familia_do_arquivo.get(i["arquivo"]) == familia]
        ext = [d for d in extraidos if familia_do_arquivo.get(d["arquivo"]) == familia]
        sob = [d for d in sobras if familia_do_arquivo.get(d["arquivo"]) == familia]
        print(linha(familia, len(esp), sum(esp), len(ext), len(ext) - len(sob)))
    total = linha("total", len(esperados), sum(a for _, a in acertos_verdade), len(extraidos), acertos_extraidos)
    print(f"\n{total}")

    faltas = [i for i, a in acertos_verdade if not a]
    if faltas:
        print("\nFaltaram:")
        for item in faltas:
            print(f"  {item['arquivo']} p.{item.get('pagina')} {item.get('linha_ou_celula')}: {item['campo']} {item['dado']!r}")
    if sobras:
        print("\nSobraram (campo falso ou fora da verdade):")
        for d in sobras:
            print(f"  {d['arquivo']} p.{d['pagina']} {d['linha_ou_celula']}: {d['campo']} {d['dado']!r}")

    paginas = sum(d.total_paginas or 0 for d in resultado.documentos if d.tipo == "pdf")
    leitura_pdf = sum(d.segundos or 0 for d in resultado.documentos if d.tipo == "pdf")
    print(f"\nPDF: {plural(paginas, 'página', 'páginas')} em {leitura_pdf:.2f} s de leitura "
          f"({paginas / leitura_pdf if leitura_pdf else 0:.1f} páginas/s); análise inteira {total_s:.2f} s")
    return 0 if not faltas and not sobras else 1


if __name__ == "__main__":
    sys.exit(main())
