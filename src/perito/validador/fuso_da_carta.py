"""O fuso citado da carta que encaminha um arquivo vale para os horários citados desse arquivo.

O principal cita a linha da carta ("Todos os horários do arquivo acessos.csv estão em UTC") como o fuso das
datas-horas do arquivo que ela nomeia (`extratores.fuso_pela_carta`). O validador não toma isso do principal: a
referência do fuso só vale para outro arquivo citado quando o texto que ele mesmo releu naquele local escreve o nome
desse arquivo; senão o fuso fica com o arquivo da carta, como qualquer outro.
"""

from __future__ import annotations

import re
from pathlib import PurePosixPath
from typing import Any

from perito.chaves.valores import Valor


def nome(arquivo: str) -> str:
    """O nome com que uma carta chamaria o arquivo (o membro de um e-mail ou ZIP, sem o caminho), em minúsculas."""
    return PurePosixPath(arquivo.rsplit("!/", 1)[-1]).name.lower()


def para_outros_arquivos(referencias: list[dict[str, Any]], detalhes: list[dict[str, Any]],
                         citados: list[list[Valor]]) -> dict[str, list[Valor]]:
    """Arquivo citado → os fusos que a carta (outro arquivo citado) declara para ele: referências só de fuso cujo
    texto relido nomeia o arquivo."""
    arquivos = {r["arquivo"] for r in referencias}
    # a referência pode citar, junto do fuso, o nome do arquivo que a carta encaminha (o dado `arquivo_citado` da mesma
    # linha: "account_statement_mp.csv | horário de Brasília"): as palavras dos nomes dos arquivos citados
    palavras_dos_nomes = {p for arquivo in arquivos for p in re.findall(r"[^\W_]+", nome(arquivo))}
    saida: dict[str, list[Valor]] = {}
    for ref, detalhe, valores in zip(referencias, detalhes, citados, strict=True):
        fusos = [v for v in valores if v.tipo == "fuso"]
        if not fusos or any(v.tipo != "fuso" and not (v.tipo == "palavra" and v.normal.lower() in palavras_dos_nomes)
                            for v in valores):
            continue
        relido = (detalhe.get("texto_encontrado") or "").lower()
        for arquivo in arquivos:
            if arquivo != ref["arquivo"] and nome(arquivo) in relido:
                saida.setdefault(arquivo, []).extend(fusos)
    return saida
