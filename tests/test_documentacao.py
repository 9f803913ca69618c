"""O README diz o que o código faz: tabela de códigos de saída e comandos conferidos contra o código."""

from __future__ import annotations

import re

import typer.main

from perito.cli.app import app
from perito.erros import Saida
from tests.conftest import RAIZ

README = (RAIZ / "README.md").read_text(encoding="utf-8")


def _secao(titulo: str) -> str:
    return README.split(titulo, 1)[1].split("\n#", 1)[0]


def test_tabela_de_codigos_de_saida_e_a_do_codigo():
    documentados = {int(m.group(1)) for m in re.finditer(r"^\| (\d+) \| ", _secao("### Códigos de saída"), re.M)}
    assert documentados == {s.value for s in Saida}


def _comandos(grupo, prefixo=()):
    for nome, comando in sorted(grupo.commands.items()):
        if hasattr(comando, "commands"):
            yield from _comandos(comando, (*prefixo, nome))
        else:
            yield " ".join((*prefixo, nome)), comando


def test_comandos_e_opcoes_do_uso_sao_os_do_cli():
    uso = _secao("## Uso").split("```", 2)[1]
    cli = dict(_comandos(typer.main.get_command(app)))
    documentados = {m.group(1) for m in re.finditer(r"^perito ((?:auditoria |chave |ipdb )?[a-z]+)", uso, re.M)}
    assert documentados == set(cli)
    for nome, comando in cli.items():
        # a linha do comando e as de continuação (recuadas) logo abaixo dela
        linha = re.search(rf"^perito {nome}\b.*(?:\n[ \t]+.*)*", uso, re.M).group(0)
        if nome == "analisar":  # as opções de analisar estão na linha de `analisar CASO`
            linha = uso.split("perito analisar", 1)[0]
        opcoes = {o for p in comando.params for o in p.opts if o.startswith("--")}
        assert opcoes == set(re.findall(r"--[a-z-]+", linha)), nome
