"""Issue 13 (item 6 e "done when") e issue 11 (item 1): a caminhada pelos comandos do README a 80 e a 160 colunas.

Nenhum texto em inglês do typer/click/pydantic, nenhuma linha mais larga que o terminal, e as
afirmações quebram como parágrafo (não uma palavra por linha numa coluna estreita). Antes:
"Usage:", "Try 'analisar --help' for help.", "Missing option", "Invalid value for '--janela': Input
should be greater than or equal to 1", "Show this message and exit.", "<bool>", e cada afirmação
numa coluna de 20 caracteres a 80 colunas.
"""

from __future__ import annotations

import re

import pytest

from perito import __version__
from tests.conftest import CASO_DEMO, DATA, rodar_cli

INGLES = re.compile(
    r"Usage|Try '|for help|Missing|Invalid value|Show this message|<bool>|<path>|<str>|<int>|<int range|Options\b|Arguments\b"
    r"|Commands\b|\[default|\[required\]|\bError\b|Input should|No such|Got unexpected|\[OPTIONS\]|COMMAND|Aborted"
    r"|Did you mean|requires an argument|is not|does not"
)

AJUDAS = [
    [], ["-h"], ["--help"], ["analisar", "-h"], ["validar", "-h"], ["esquemas", "-h"], ["auditoria", "-h"],
    ["auditoria", "verificar", "-h"], ["versao", "-h"], ["auditoria"],
]
ERROS = [
    ["analisar"], ["validar", "x.json"], ["analisar", "caso", "--janela", "0"], ["analisar", "caso", "--janela", "abc"],
    ["analisar", "caso", "--motor", "gpt"], ["xyz"], ["analisa"], ["analisar", "--foo"], ["analisar", "a", "b"],
    ["analisar", "caso", "--saida"], ["auditoria", "conferir"],
]


@pytest.fixture(params=[80, 160])
def largura(request, monkeypatch):
    monkeypatch.setenv("COLUMNS", str(request.param))
    monkeypatch.setenv("PERITO_LARGURA", str(request.param))
    return request.param


def _sem_ingles(texto: str) -> None:
    achados = INGLES.findall(texto)
    assert not achados, f"texto em inglês: {achados}\n{texto}"
    assert "seção" not in texto and "seções" not in texto  # o usuário não tem o documento de esquemas


@pytest.mark.parametrize("args", AJUDAS, ids=" ".join)
def test_ajuda_em_portugues(largura, args):
    codigo, texto = rodar_cli(*args)
    assert codigo in (0, 2)
    assert "Uso: " in texto and "Mostra esta ajuda e sai." in texto
    _sem_ingles(texto)
    assert max(map(len, texto.splitlines())) <= largura


@pytest.mark.parametrize("args", ERROS, ids=" ".join)
def test_erros_de_uso_em_portugues(largura, args):
    codigo, texto = rodar_cli(*args)
    assert codigo == 2
    _sem_ingles(texto)
    assert "Erro" in texto


@pytest.mark.parametrize(("args", "mensagem"), [
    (["analisar"], "Falta o argumento CASO."),
    (["validar", "x.json"], "Falta a opção '--caso'."),
    (["analisar", "caso", "--janela", "abc"], "Valor inválido para '--janela': 'abc' não é um número inteiro."),
    (["analisar", "caso", "--motor", "gpt"], "Valor inválido para '--motor': 'gpt' não é uma opção; use 'regras', 'claude'."),
    (["analisar", "caso", "--janela", "0"], "Janela inválida: 0 s; use de 1 a 86400 segundos."),
    (["analisa"], "Comando desconhecido: 'analisa'. Você quis dizer 'analisar'?"),
    (["analisar", "--foo"], "Opção desconhecida: --foo."),
    (["analisar", "a", "b"], "Argumento a mais: b."),
    (["analisar", "caso", "--saida"], "A opção '--saida' precisa de um valor."),
])
def test_mensagens_de_uso_exatas(args, mensagem):
    codigo, texto = rodar_cli(*args)
    assert codigo == 2
    assert mensagem in " ".join(texto.split())


@pytest.mark.parametrize("args", [["--version"], ["--versao"], ["versao"]])
def test_versao(args):
    codigo, texto = rodar_cli(*args)
    assert (codigo, texto.strip()) == (0, f"perito {__version__}")


def test_caminhada_pelos_comandos_do_readme(largura, tmp_path):
    """analisar, validar, esquemas, auditoria verificar, versao: como o README os mostra."""
    saida = tmp_path / "caso_demo-analise"
    codigo, relatorio = rodar_cli("analisar", CASO_DEMO, "--saida", saida, "--data-analise", DATA)
    assert codigo == 0, relatorio
    _sem_ingles(relatorio)
    linhas = relatorio.splitlines()
    assert max(map(len, linhas)) <= largura
    # uma linha por conclusão (id, tipo, grau, veredicto, valor-chave, famílias)...
    ip = re.compile(r"^#\d+ +convergencia_ip +forte +VERIFICADO +187\.34\.56\.78 +2 famílias$")
    assert any(ip.match(linha) for linha in linhas)
    # ... e a afirmação como parágrafo, na largura do terminal (não uma coluna de 20 caracteres)
    paragrafo = linhas[next(i for i, linha in enumerate(linhas) if ip.match(linha)) + 1:][:3]
    assert all(len(linha) > largura * 0.75 for linha in paragrafo[:2]), paragrafo
    assert "Conclusões por tipo, grau e veredicto" in relatorio
    assert re.search(r"^Total: \d+ conclusões — \d+ forte / \d+ moderado / \d+ fraco", relatorio, re.M)
    for args in (
        ["validar", saida / "conclusoes.json", "--caso", CASO_DEMO, "--saida", tmp_path / "revalidado.json",
         "--data-validacao", DATA],
        ["esquemas", "--saida", tmp_path / "esquemas"],
        ["auditoria", "verificar", saida],
        ["versao"],
    ):
        codigo, texto = rodar_cli(*args)
        assert codigo == 0, (args, texto)
        _sem_ingles(texto)
        assert max(map(len, texto.splitlines()), default=0) <= largura
