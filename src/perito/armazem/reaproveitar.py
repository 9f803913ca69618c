"""Chaves e nomes das entradas do armazém, e a conferência de cada uma contra a trilha antes de reaproveitá-la."""

from __future__ import annotations

import hashlib
import json
from typing import Any, Callable

from perito.armazem.banco import NOME
from perito.armazem.impressao import impressao_do_codigo


def _sha(objeto: Any) -> str:
    return hashlib.sha256(json.dumps(objeto, ensure_ascii=False, sort_keys=True).encode("utf-8")).hexdigest()


def chave_da_leitura(nome: str, sha256: str, tipo: str, membro: tuple[str, ...] | None) -> str:
    """A mesma chave só para o mesmo nome (o documento cita o nome), os mesmos bytes, o mesmo tipo e o mesmo código."""
    return _sha(["leitura", nome, sha256, tipo, list(membro or ()), impressao_do_codigo()])


def chave_da_validacao(conclusao: dict[str, Any], hashes_citados: dict[str, str], extra: Any) -> str:
    """A conclusão sem o id (o número muda quando outra conclusão entra antes), os bytes de cada arquivo citado e
    o código: a validação de uma conclusão só depende deles (o validador relê só os arquivos citados)."""
    return _sha(["validacao", {k: v for k, v in conclusao.items() if k != "id"}, hashes_citados, extra,
                 impressao_do_codigo()])


def nome_na_trilha(parte: str, chave: str) -> str:
    """Como a entrada aparece nas `saidas` do passo `armazenar` da trilha."""
    return f"{NOME}#{parte}/{chave}"


def sha256_do_conteudo(conteudo: bytes | str) -> str:
    return hashlib.sha256(conteudo.encode("utf-8") if isinstance(conteudo, str) else conteudo).hexdigest()


def conferida(parte: str, chave: str, sha_registrado: str, sha_calculado: str,
              registrou: Callable[[str, str], bool]) -> bool:
    """Se a entrada tem os bytes (`sha_calculado`, do conteúdo lido agora) que ela mesma diz ter e que a trilha
    registrou quando foi guardada."""
    return sha_calculado == sha_registrado and registrou(nome_na_trilha(parte, chave), sha_registrado)
