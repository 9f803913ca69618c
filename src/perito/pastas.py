"""As pastas de uma análise: o caso (só lido) e a saída (que nunca engole o caso nem outra análise)."""

from __future__ import annotations

from pathlib import Path

from perito.erros import ErroPerito, Saida
from perito.registro import NOME as NOME_DO_REGISTRO
from perito.saida.auditoria import NOME as NOME_TRILHA
from perito.saida.auditoria import ler as ler_trilha
from perito.texto_ptbr import plural

__all__ = ["conferir_caso", "conferir_saida", "dona_da_pasta", "pasta_saida_padrao"]


def pasta_saida_padrao(caso: Path) -> Path:
    return caso.parent / f"{caso.name}-analise"


def conferir_caso(caso: Path) -> Path:
    if not caso.exists():
        raise ErroPerito(f"A pasta do caso não existe: {caso}", Saida.CASO_INVALIDO)
    if not caso.is_dir():
        raise ErroPerito(f"O caminho informado é um arquivo, não uma pasta de caso: {caso}", Saida.CASO_INVALIDO)
    real = caso.resolve()
    try:
        vazia = not any(real.iterdir())
    except OSError as erro:
        raise ErroPerito(f"A pasta do caso não pôde ser lida ({erro.strerror or erro}): {caso}", Saida.CASO_INVALIDO) from erro
    if vazia:
        raise ErroPerito(f"A pasta do caso está vazia: {caso}", Saida.CASO_INVALIDO)
    return real


def conferir_saida(caso: Path, saida: Path, sobrescrever: bool = False) -> Path:
    real = saida.resolve()
    if real == caso or real.is_relative_to(caso):
        raise ErroPerito(
            f"A pasta de saída {saida} fica dentro da pasta do caso; o perito nunca escreve no caso. "
            "Escolha outra com --saida.",
            Saida.SAIDA_INVALIDA,
        )
    if caso.is_relative_to(real):
        # a saída que contém o caso: uma pasta do caso chamada "oficios" ou "lotes" seria limpa e reescrita
        raise ErroPerito(
            f"A pasta do caso fica dentro da pasta de saída {saida}; o perito limpa e reescreve pastas da saída "
            "(lotes/, oficios/) e apagaria provas do caso. Escolha uma saída fora dela com --saida.",
            Saida.SAIDA_INVALIDA,
        )
    if real.exists() and not real.is_dir():
        raise ErroPerito(f"A saída {saida} existe e não é uma pasta.", Saida.SAIDA_INVALIDA)
    if real.is_dir() and not sobrescrever and (dono := dona_da_pasta(real, caso)) is not None:
        raise ErroPerito(
            f"A pasta de saída {saida} já tem conteúdo que não é de uma análise anterior deste caso ({dono}); "
            "o perito não mistura análises nem apaga o que não gravou. Escolha uma pasta vazia com --saida, "
            "ou use --sobrescrever para gravar nela mesmo assim (nada que o perito não gravou é apagado).",
            Saida.SAIDA_INVALIDA,
        )
    try:
        real.mkdir(parents=True, exist_ok=True)
    except OSError as erro:
        raise ErroPerito(
            f"Não foi possível criar a pasta de saída {saida}: {erro.strerror or erro}", Saida.SAIDA_INVALIDA
        ) from erro
    return real


def dona_da_pasta(pasta: Path, caso: Path) -> str | None:
    """Por que uma pasta de saída existente não é de uma análise anterior de `caso` (None se é, ou se está vazia).

    De uma análise anterior é a pasta cuja trilha íntegra começou a última execução sobre este mesmo caso."""
    try:
        conteudo = sorted(p.name for p in pasta.iterdir())
    except OSError as erro:
        raise ErroPerito(f"A pasta de saída {pasta} não pôde ser lida ({erro.strerror or erro}).", Saida.SAIDA_INVALIDA) from erro
    if not conteudo or conteudo == [NOME_DO_REGISTRO]:
        return None  # vazia, ou só o registro de uma execução que caiu antes de abrir a trilha
    if NOME_TRILHA not in conteudo:
        amostra = ", ".join(conteudo[:3]) + (", ..." if len(conteudo) > 3 else "")
        return f"{plural(len(conteudo), 'item', 'itens')} sem trilha de auditoria do perito: {amostra}"
    entradas, _ = ler_trilha(pasta / NOME_TRILHA)  # adulterada: quem abre a trilha recusa com código 7
    casos = [((e.get("detalhes") or {}).get("parametros") or {}).get("caso") for e in entradas if e.get("acao") == "iniciar"]
    if not casos:
        return None if not entradas else "trilha de auditoria sem início de análise"
    if casos[-1] != str(caso):
        return f"análise de outro caso: {casos[-1]}"
    return None
