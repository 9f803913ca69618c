"""Comandos `perito ipdb consultar|info|atualizar`: a base offline de IP → AS (organização e classe)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any, Optional

import typer
from rich import box
from rich.table import Table

from perito.cli.terminal import console_erro, console_saida, encerrar, tratar_erros
from perito.erros import ErroPerito, Saida
from perito.inteligencia_ip import bases, consultar
from perito.inteligencia_ip.classificacao import observacoes
from perito.saida.relatorio import seguro
from perito.texto_ptbr import plural

app_ipdb = typer.Typer(help="Base offline de IP → AS: organização e classe do endereço, sem rede.", no_args_is_help=True,
                       add_completion=False)


def _linha_da_base(descricao: dict[str, Any]) -> str:
    origem = "embarcada no perito" if descricao["origem"] == "pacote" else "atualizada pelo usuário"
    return f"retrato de {descricao['data']} ({origem}) — {seguro(descricao['fonte'])}"


@app_ipdb.command("consultar")
@tratar_erros
def comando_consultar(
    ips: Annotated[list[str], typer.Argument(metavar="IP", help="Endereços IPv4 ou IPv6 (um ou mais).", show_default=False)],
) -> None:
    """Mostra AS, organização e classes (privado, cgnat, reservado, hospedagem, vpn, operadora_movel) de cada IP."""
    respostas = {ip: consultar(ip) for ip in ips}
    if invalidos := [ip for ip, info in respostas.items() if info is None]:
        raise ErroPerito(f"Não é endereço IP: {', '.join(repr(ip) for ip in invalidos)}.\nDica: informe só o endereço, "
                         "sem porta (177.10.20.30 ou 2804:14c::1).", Saida.USO)
    tabela = Table(title=f"Base de IP: {_linha_da_base(bases.base_em_uso())}", box=box.SIMPLE_HEAD, pad_edge=False)
    for coluna in ("IP", "AS", "Organização", "Classes", "Base"):
        tabela.add_column(coluna, overflow="fold")
    notas: dict[int, list[str]] = {}
    for info in filter(None, respostas.values()):
        tabela.add_row(info.ip, f"AS{info.asn}" if info.asn is not None else "—", seguro(info.organizacao or "—"),
                       ", ".join(info.classes) or "—", info.data_base)
        if info.asn is not None and (texto := observacoes(info.asn)):
            notas[info.asn] = texto
    console = console_saida()
    console.print(tabela)
    for asn, texto in notas.items():
        for nota in texto:
            console.print(f"  AS{asn} {seguro(nota)}")
    encerrar(Saida.OK)


@app_ipdb.command("info")
@tratar_erros
def comando_info() -> None:
    """Diz qual base está em uso (data, fonte, licença, SHA-256, caminho) e onde fica a base atualizada."""
    base, avisos = bases.escolher()
    descricao = base.descricao()
    contagens = base.metadados.get("contagens", {})
    console = console_saida()
    console.print(f"Base em uso: {_linha_da_base(descricao)}")
    console.print(f"  licença: {seguro(descricao['licenca'])}")
    console.print(f"  arquivo: {seguro(descricao['caminho'])}")
    console.print(f"  SHA-256: {descricao['sha256']}")
    if origem := base.metadados.get("origem_dos_dados"):
        console.print(f"  origem dos dados: {seguro(origem)}")
    if contagens:
        console.print(f"  {contagens['ipv4']['intervalos']} intervalos IPv4, {contagens['ipv6']['intervalos']} IPv6, "
                      f"{contagens['asns']} AS")
    console.print(f"Pasta da base atualizada: {seguro(bases.pasta_do_usuario())} (perito ipdb atualizar; "
                  "PERITO_DADOS muda a pasta)")
    console.print("Atribuição: RouteViews, DB-IP.com e NRO (CC BY 4.0), via ip-location-db; "
                  "veja perito/inteligencia_ip/dados/ATRIBUICAO.md." if descricao["origem"] == "pacote" else
                  "Atribuição: a da fonte informada na atualização (acima).")
    for aviso in avisos:
        console_erro().print(f"[yellow]Aviso:[/] {seguro(aviso)}")
    encerrar(Saida.OK)


@app_ipdb.command("atualizar")
@tratar_erros
def comando_atualizar(
    arquivos: Annotated[list[Path], typer.Argument(metavar="ARQUIVO", help="CSV de intervalos IP → AS (IPv4 e/ou IPv6, "
                                                   "forma numérica ou com pontos), p.ex. do ip-location-db.",
                                                   show_default=False)],
    data: Annotated[Optional[str], typer.Option("--data", help="Data do retrato, AAAA-MM-DD (obrigatória se o "
                                                "package.json do ip-location-db não estiver ao lado dos CSV).")] = None,
    fonte: Annotated[Optional[str], typer.Option("--fonte", help="Texto da fonte citado em cada consulta.")] = None,
) -> None:
    """Monta uma base nova a partir de CSV baixados à parte (sem rede) na pasta de dados do usuário."""
    console_erro().print(f"Lendo {plural(len(arquivos), 'arquivo', 'arquivos')}…")
    metadados = bases.atualizar(arquivos, data, fonte)
    contagens = metadados["contagens"]
    console = console_saida()
    console.print(f"[green]Base de IP atualizada:[/] retrato de {metadados['data']}, {contagens['ipv4']['intervalos']} "
                  f"intervalos IPv4, {contagens['ipv6']['intervalos']} IPv6, {contagens['asns']} AS.")
    console.print(f"  gravada em {seguro(bases.pasta_do_usuario())} (SHA-256 {metadados['sha256']})")
    console.print(f"  fonte: {seguro(metadados['fonte'])}; licença: {seguro(metadados['licenca'])}")
    for familia, nome in (("ipv4", "IPv4"), ("ipv6", "IPv6")):
        if not contagens[familia]["intervalos"]:
            console_erro().print(f"[yellow]Aviso:[/] os arquivos não têm intervalos {nome}; enquanto esta base valer, "
                                 f"todo endereço {nome} público sai sem AS. Inclua o CSV {nome} para cobrir os dois.")
    base, avisos = bases.escolher()
    for aviso in avisos:
        console_erro().print(f"[yellow]Aviso:[/] {seguro(aviso)}")
    if base.origem != "atualizada":
        raise ErroPerito("A base foi gravada, mas não está em uso (veja o aviso acima).", Saida.ERRO_INTERNO)
    encerrar(Saida.OK)
