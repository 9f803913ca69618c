"""O nome de um arquivo como chave de comparação: o que uma carta escreve ao nomear o anexo que encaminha."""

from __future__ import annotations

from pathlib import PurePosixPath


def nome_do_anexo(arquivo: str) -> str:
    """O nome com que uma carta chamaria o arquivo: o último pedaço do caminho (o membro de um e-mail ou ZIP:
    "resposta.eml!/acessos.csv" → "acessos.csv"), em minúsculas."""
    return PurePosixPath(arquivo.rsplit("!/", 1)[-1]).name.lower()
