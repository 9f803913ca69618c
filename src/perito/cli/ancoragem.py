"""Opções `--ancora`/`--chave` dos comandos que gravam, e `perito chave gerar`.

Todo comando que grava numa pasta de análise termina dizendo a cabeça da trilha; com `--ancora ARQ` ela vai
para um arquivo que o analista guarda fora da pasta, e com `--chave` vai assinada.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Optional

import typer
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from rich.console import Console

from perito.cli.terminal import console_saida, encerrar, tratar_erros
from perito.erros import ErroPerito, Saida
from perito.saida import ancora
from perito.saida.relatorio import seguro

OpcaoAncora = Annotated[
    Optional[Path],
    typer.Option("--ancora", help="Acrescenta a cabeça da trilha a este arquivo (guarde-o fora da pasta de saída)."),
]
OpcaoChave = Annotated[
    Optional[Path], typer.Option("--chave", help="Assina a cabeça da trilha com esta chave Ed25519 (perito chave gerar).")
]


@dataclass
class Ancoragem:
    arquivo: Path | None
    chave: Ed25519PrivateKey | None


def preparar(arquivo: Path | None, chave: Path | None, saida: Path, caso: Path | None = None) -> Ancoragem:
    """Confere as opções antes de qualquer gravação (código 2): a âncora não pode morar na pasta que ela protege."""
    if arquivo is not None:
        real = arquivo.resolve()
        for pasta, nome in ((saida, "de saída"), (caso, "do caso")):
            if pasta is not None and real.is_relative_to(pasta.resolve()):
                raise ErroPerito(f"O arquivo de âncoras {arquivo} fica dentro da pasta {nome}; quem adultera a pasta "
                                 "alcançaria a âncora. Guarde-o em outro lugar.", Saida.USO)
        if real.is_dir():
            raise ErroPerito(f"--ancora {arquivo} é uma pasta; informe um arquivo.", Saida.USO)
    try:
        privada = ancora.carregar_privada(chave) if chave is not None else None
    except ancora.AncoraInvalida as erro:
        raise ErroPerito(str(erro), Saida.USO) from None
    return Ancoragem(arquivo, privada)


def ancorar_e_mostrar(console: Console, saida: Path, ancoragem: Ancoragem) -> None:
    try:
        linha = ancora.ancorar(saida, ancoragem.arquivo, ancoragem.chave)
    except ancora.AncoraInvalida as erro:
        raise ErroPerito(f"{erro}; as saídas estão gravadas, mas a cabeça não foi ancorada.", Saida.SAIDA_INVALIDA) from None
    console.print(f"Cabeça da trilha de auditoria: seq {linha['seq']}, {linha['cabeca']}")
    if ancoragem.arquivo is not None:
        console.print(f"  ancorada em {seguro(ancoragem.arquivo)}")
    if ancoragem.chave is not None:
        console.print(f"  assinada com a chave {linha['chave']} (também em {ancora.NOME_ASSINATURAS})")


# --- perito chave gerar ---------------------------------------------------------------------------------------

app_chave = typer.Typer(help="Chaves Ed25519 para assinar a trilha de auditoria.", no_args_is_help=True, add_completion=False)


@app_chave.command("gerar")
@tratar_erros
def comando_gerar(
    destino: Annotated[Path, typer.Argument(metavar="ARQUIVO", help="Onde gravar a chave privada (a pública vai em ARQUIVO.pub).",
                                            show_default=False)],
) -> None:
    """Gera um par de chaves Ed25519: a privada (só o dono lê) assina, a pública confere."""
    try:
        privada, publica = ancora.gerar_chave(destino)
        digital = ancora.impressao_digital(ancora.carregar_publica(publica))
    except ancora.AncoraInvalida as erro:
        raise ErroPerito(str(erro), Saida.USO) from None
    console = console_saida()
    console.print(f"Chave privada: {seguro(privada)} (guarde-a com você; quem a tem assina em seu nome)")
    console.print(f"Chave pública: {seguro(publica)} (impressão digital {digital}; entregue-a a quem confere)")
    encerrar(Saida.OK)
