"""O que duas execuções sobre os mesmos bytes têm de gravar igual, e o que muda de uma para outra por natureza.

Voláteis: a trilha (momentos e cadeia), o manifesto (início, fim, tempos, memória), o log, o armazém do caso (o
banco e os dados guardados dos volumosos) e, dentro do relatorio.docx, a cabeça da trilha quando ele foi gerado.
Tudo o mais — conclusões, validações, lotes, relatórios, ofícios, exportações — sai byte a byte igual; uma execução
que reaproveita o armazém (issue 28) tem de gravar o mesmo que uma completa, e `diferencas_de_conteudo` é como isso
é conferido (testes e benchmark).
"""

from __future__ import annotations

import io
import re
import zipfile
from pathlib import Path

VOLATEIS = ("auditoria.jsonl", "manifesto.json", "perito.log")
_CABECA_NO_DOCX = re.compile(rb"cabe\xc3\xa7a era [0-9a-f]{64}")


def _volatil(nome: str) -> bool:
    return nome in VOLATEIS or nome.startswith(("armazem.sqlite3", "armazem.derrames/"))


def _conteudo(caminho: Path) -> dict[str, bytes]:
    """Os bytes a comparar: um .docx por membro (o zip guarda datas), com a cabeça da trilha apagada."""
    dados = caminho.read_bytes()
    if caminho.suffix != ".docx":
        return {"": dados}
    with zipfile.ZipFile(io.BytesIO(dados)) as pacote:
        return {m: _CABECA_NO_DOCX.sub(b"cabe\xc3\xa7a era -", pacote.read(m)) for m in sorted(pacote.namelist())}


def diferencas_de_conteudo(pasta_a: Path, pasta_b: Path) -> list[str]:
    """Os arquivos (e membros de .docx) que diferem entre duas pastas de saída, fora os voláteis; vazia se iguais."""
    def arquivos(pasta: Path) -> set[str]:
        return {p.relative_to(pasta).as_posix() for p in pasta.rglob("*") if p.is_file()
                and not _volatil(p.relative_to(pasta).as_posix())}

    nomes_a, nomes_b = arquivos(pasta_a), arquivos(pasta_b)
    diferentes = [f"só em {pasta_a.name}: {n}" for n in sorted(nomes_a - nomes_b)]
    diferentes += [f"só em {pasta_b.name}: {n}" for n in sorted(nomes_b - nomes_a)]
    for nome in sorted(nomes_a & nomes_b):
        a, b = _conteudo(pasta_a / nome), _conteudo(pasta_b / nome)
        diferentes += [f"{nome}{'#' + m if m else ''}" for m in sorted(a.keys() | b.keys()) if a.get(m) != b.get(m)]
    return diferentes
