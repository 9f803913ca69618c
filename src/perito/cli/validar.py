"""Comando `perito validar CONCLUSOES.json --caso CASO`: revalida conclusões contra os documentos.

Aceita qualquer arquivo no formato do conclusoes.json, também escrito à mão. O
relatório lista toda referência que não saiu VERIFICADO (inclusive CONTRADITO),
com o texto encontrado no local; o código de saída diz se a prova mudou ou se
alguma referência foi contradita.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
from pathlib import Path
from typing import Annotated, Any, Optional

import typer

from perito.analise import conferir_caso
from perito.argumentos import conferir_data
from perito.cli.mensagens_json import DICA_ESQUEMA, erro_de_sintaxe, erros_de_formato
from perito.cli.terminal import console_erro, console_saida, encerrar, tratar_erros
from perito.erros import ErroPerito, Saida
from perito.saida import auditoria, revisao
from perito.saida.escrita import escrever_json
from perito.saida.relatorio import faixa_validar, seguro, tabela_conclusoes, tabela_revisao
from perito.texto_ptbr import plural
from perito.validador.agente import aplicar, validar

AJUDA = """Verifica cada referência de CONCLUSOES.json contra os documentos de CASO.

Sem --saida nada é gravado: o resultado só aparece no terminal. Códigos de saída:
0 tudo conferido (pode haver referências ambíguas para revisar); 10 um arquivo
citado mudou desde a análise (SHA-256 diferente do manifesto.json ao lado das
conclusões); 11 alguma referência foi contradita pelo documento."""


def _carregar(caminho: Path) -> dict:
    try:
        texto = caminho.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ErroPerito(f"Arquivo de conclusões não encontrado: {caminho}", Saida.ENTRADA_INVALIDA) from None
    except IsADirectoryError:
        raise ErroPerito(f"{caminho} é uma pasta; informe o arquivo conclusoes.json.", Saida.ENTRADA_INVALIDA) from None
    except UnicodeDecodeError as erro:
        raise ErroPerito(
            f"{caminho} não é texto UTF-8 (byte inválido na posição {erro.start}); um JSON é texto UTF-8.",
            Saida.ENTRADA_INVALIDA,
        ) from None
    try:
        objeto = json.loads(texto)
    except json.JSONDecodeError as erro:
        raise ErroPerito(f"{caminho} não é um JSON válido: {erro_de_sintaxe(erro)}.", Saida.ENTRADA_INVALIDA) from None
    problemas = erros_de_formato("conclusoes", objeto, texto)
    if problemas:
        lista = "\n".join(f"  - {p}" for p in problemas)
        raise ErroPerito(f"{caminho} não está no formato de conclusões:\n{lista}\n{DICA_ESQUEMA}", Saida.ENTRADA_INVALIDA)
    return objeto


def _hashes_do_manifesto(conclusoes: Path) -> dict[str, str]:
    manifesto = conclusoes.parent / "manifesto.json"
    if not manifesto.is_file():
        return {}
    try:
        dados = json.loads(manifesto.read_text(encoding="utf-8"))
        return {a["arquivo"]: a["sha256"] for a in dados.get("arquivos", []) if a.get("sha256")}
    except (ValueError, KeyError, TypeError, AttributeError):
        raise ErroPerito(f"O manifesto ao lado das conclusões está corrompido: {manifesto}", Saida.ENTRADA_INVALIDA) from None


def _conferir_destino(saida: Path, conclusoes: Path, caso: Path) -> None:
    """Recusa (código 4) gravar por cima de uma entrada, do caso ou de um arquivo de uma análise registrada."""
    real = saida.resolve()
    if real.is_relative_to(caso):
        raise ErroPerito("O arquivo de saída fica dentro da pasta do caso; o perito nunca escreve no caso.", Saida.SAIDA_INVALIDA)
    if real.is_dir():
        raise ErroPerito(f"--saida {saida} é uma pasta; informe um arquivo, como validacao_revisada.json.", Saida.SAIDA_INVALIDA)
    entradas = {conclusoes.resolve(), (conclusoes.parent / "manifesto.json").resolve()}
    if real in entradas:
        raise ErroPerito(
            f"--saida {saida} é um arquivo que este comando lê; gravar nele destruiria a entrada. "
            "Escolha outro nome, como validacao_revisada.json.",
            Saida.SAIDA_INVALIDA,
        )
    trilha = real.parent / auditoria.NOME
    if trilha.is_file():
        entradas_trilha, _ = auditoria.ler(trilha)
        registrados = {auditoria.NOME, "manifesto.json", "perito.log"}
        registrados.update(nome for e in entradas_trilha for nome in (e.get("saidas") or {}))
        if real.relative_to(real.parent).as_posix() in registrados:
            raise ErroPerito(
                f"--saida {saida} é um arquivo de uma análise registrada na trilha de auditoria de {real.parent}; "
                "sobrescrevê-lo quebraria a trilha. Grave em outro lugar, como validacao_revisada.json.",
                Saida.SAIDA_INVALIDA,
            )


def _provas_alteradas(caso: Path, esperados: dict[str, str], objeto: dict[str, Any]) -> list[str]:
    """Arquivos citados cujo SHA-256 no caso difere do manifesto (membro de pacote: confere o pacote)."""
    citados = {r["arquivo"].split("!/", 1)[0] for c in objeto["conclusoes"] for r in c["referencias"]}
    alterados = []
    for nome in sorted(citados):
        esperado, arquivo = esperados.get(nome), caso / nome
        if esperado and arquivo.is_file() and hashlib.sha256(arquivo.read_bytes()).hexdigest() != esperado:
            alterados.append(nome)
    return alterados


def _decisoes_humanas(pasta: Path, objeto: dict[str, Any], caso: Path) -> str | None:
    """As decisões de `perito revisar` ao lado das conclusões: quais seguem valendo para os mesmos bytes."""
    citados = {r["arquivo"] for c in objeto["conclusoes"] for r in c["referencias"]}
    atuais = {}
    for nome in citados:
        arquivo = caso / nome.split("!/", 1)[0]
        if "!/" not in nome and arquivo.is_file():
            atuais[nome] = hashlib.sha256(arquivo.read_bytes()).hexdigest()
    contagem = revisao.situacoes(pasta, objeto["conclusoes"], atuais)
    if not contagem:
        return None
    return (f"Decisões humanas (revisao.json): {plural(contagem[revisao.VIGENTE], 'vigente', 'vigentes')} "
            "para os mesmos bytes, "
            f"{contagem[revisao.ALTERADO]} com o documento alterado (revise de novo), "
            f"{contagem[revisao.AUSENTE]} sem a referência nestas conclusões.")


@tratar_erros
def comando_validar(
    conclusoes: Annotated[
        Path,
        typer.Argument(
            metavar="CONCLUSOES.json", show_default=False,
            help="Conclusões no formato do conclusoes.json (esquema: perito esquemas --nome conclusoes).",
        ),
    ],
    caso: Annotated[Path, typer.Option("--caso", "-c", help="Pasta do caso com os documentos brutos.", show_default=False)],
    saida: Annotated[
        Optional[Path], typer.Option("--saida", "-s", help="Arquivo onde gravar as validações (sem ela, nada é gravado).")
    ] = None,
    data_validacao: Annotated[Optional[str], typer.Option("--data-validacao", help="Data AAAA-MM-DD (padrão: hoje).")] = None,
) -> None:
    if data_validacao is not None:
        conferir_data(data_validacao, "Data da validação")
    objeto = _carregar(conclusoes)
    real = conferir_caso(caso)
    if saida is not None:
        _conferir_destino(saida, conclusoes, real)
    esperados = _hashes_do_manifesto(conclusoes)
    validacoes = validar(objeto, real, data_validacao or dt.date.today().isoformat(), esperados)
    alteradas = _provas_alteradas(real, esperados, objeto)
    if saida is not None:
        escrever_json(saida, validacoes)  # escrita atômica, como as saídas de analisar
        console_erro().print(f"validações gravadas em {seguro(saida)}")
    final, contraditas = aplicar(objeto, validacoes)
    resumo = validacoes["resumo"]
    contraditas_refs = sum(d["status"] == "CONTRADITO" for v in validacoes["validacoes"] for d in v["detalhes"])
    console = console_saida()
    console.print(faixa_validar(alteradas, contraditas_refs, resumo))
    console.print(tabela_conclusoes(final["conclusoes"] + contraditas, "Conclusões revalidadas"))
    if (revisao := tabela_revisao(validacoes)) is not None:
        console.print(revisao)
    console.print(
        f"{plural(resumo['total_conclusoes'], 'conclusão', 'conclusões')}: "
        f"{plural(resumo['verificadas'], 'verificada', 'verificadas')}, "
        f"{plural(resumo['ambiguas'], 'ambígua', 'ambíguas')}, {plural(resumo['contraditas'], 'contradita', 'contraditas')}."
    )
    if decisoes := _decisoes_humanas(conclusoes.parent, objeto, real):
        console.print(decisoes)
    if alteradas:
        encerrar(Saida.PROVA_ALTERADA)
    if contraditas_refs:
        encerrar(Saida.REFERENCIAS_CONTRADITAS)
    encerrar(Saida.OK)


comando_validar.__doc__ = AJUDA
