"""Fixtures comuns: o caso de exemplo, sua análise (uma vez por sessão) e o CLI."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import tempfile
from pathlib import Path
from typing import Callable

import pytest

# A base de IP atualizada de quem desenvolve (~/.local/share/perito) mudaria graus e destinatários: os testes usam a
# do pacote, salvo os que apontam PERITO_DADOS para a sua própria pasta temporária.
os.environ["PERITO_DADOS"] = tempfile.mkdtemp(prefix="perito-dados-teste-")

from perito.analise import Parametros, analisar  # noqa: E402
from perito.leitura.isolamento import Limites  # noqa: E402

RAIZ = Path(__file__).resolve().parents[1]
CASO_DEMO = RAIZ / "examples" / "caso_demo"
CORPUS = RAIZ.parent / "shared" / "corpus"
DATA = "2025-03-20"


def hashes_da_arvore(pasta: Path) -> dict[str, str]:
    """SHA-256 de cada arquivo e a lista de pastas: qualquer escrita no caso muda isto."""
    resultado = {}
    for raiz, pastas, arquivos in os.walk(pasta):
        for nome in pastas:
            resultado[str(Path(raiz, nome).relative_to(pasta)) + "/"] = "pasta"
        for nome in arquivos:
            caminho = Path(raiz, nome)
            resultado[str(caminho.relative_to(pasta))] = hashlib.sha256(caminho.read_bytes()).hexdigest()
    return resultado


@pytest.fixture(autouse=True)
def _largura_fixa(monkeypatch):
    # relatórios com largura fixa, para os testes não dependerem do terminal
    monkeypatch.setenv("PERITO_LARGURA", "200")
    monkeypatch.setenv("COLUMNS", "200")


@pytest.fixture
def caso_demo(tmp_path) -> Path:
    """Cópia do caso de exemplo numa pasta temporária (o teste pode alterá-la)."""
    destino = tmp_path / "caso"
    shutil.copytree(CASO_DEMO, destino)
    return destino


@pytest.fixture(scope="session")
def analise_demo(tmp_path_factory):
    """A análise do caso de exemplo original, feita uma vez para os testes que só leem o resultado."""
    saida = tmp_path_factory.mktemp("demo") / "saida"
    antes = hashes_da_arvore(CASO_DEMO)
    resultado = analisar(Parametros(CASO_DEMO, saida, data_analise=DATA))
    return resultado, antes


@pytest.fixture
def servidor(monkeypatch):
    """Sobe servidores falsos da API Anthropic (loopback) e aponta o ambiente para o último."""
    from tests.fake_anthropic import ServidorFalso, ambiente

    abertos = []

    def iniciar(responder, chave=None):
        falso = ServidorFalso(responder).__enter__()
        abertos.append(falso)
        ambiente(monkeypatch, falso, **({"chave": chave} if chave else {}))
        return falso

    yield iniciar
    for falso in abertos:
        falso.__exit__()


def rodar_cli(*args):
    """Roda o CLI no processo; nenhuma saída pode trazer traceback."""
    from typer.testing import CliRunner

    from perito.cli.app import app

    resultado = CliRunner().invoke(app, [str(a) for a in args])
    saida = resultado.stdout + (resultado.stderr or "")
    assert "Traceback" not in saida
    return resultado.exit_code, saida


def conclusoes_do_caso(caso: Path, data_analise: str = "2025-12-01") -> list[dict]:
    """Analisa a pasta `caso` (saída ao lado dela, em `saida/`) e devolve as conclusões gravadas."""
    import json

    saida = caso.parent / "saida"
    analisar(Parametros(caso, saida, data_analise=data_analise))
    return json.loads((saida / "conclusoes.json").read_text(encoding="utf-8"))["conclusoes"]


def conclusoes_dos_textos(tmp_path: Path, arquivos: dict[str, str], data_analise: str = "2025-12-01") -> list[dict]:
    """Grava cada texto como um arquivo de um caso novo (UTF-8) e devolve as conclusões da análise dele."""
    caso = tmp_path / "caso"
    caso.mkdir()
    for nome, texto in arquivos.items():
        (caso / nome).write_text(texto, encoding="utf-8")
    return conclusoes_do_caso(caso, data_analise)


#: a resposta de um provedor com o acesso do IP 177.45.10.2 em UTC (a outra ponta das convergências de IP dos testes
#: de leitores: um log do banco em BRT às 11:34:02 dista dele 12 s)
PROVEDOR_UTC = ("Resposta do provedor.\nRegistros de acesso da conta alvo (horário UTC):\n"
                "IP 177.45.10.2 {porta}em 2025-03-15 14:33:50\n")


def analise_com_provedor(pasta: Path, escrever: Callable[[Path], None], porta: bool = False,
                         data_analise: str = DATA) -> tuple[Path, dict]:
    """Um caso com os arquivos que `escrever` grava e a resposta do provedor (`PROVEDOR_UTC`, com a porta 51234 se
    `porta`), analisado; devolve a pasta do caso e o conclusoes.json inteiro (para refazer a validação)."""
    caso = pasta / "caso"
    caso.mkdir(parents=True)
    escrever(caso)
    (caso / "provedor.txt").write_text(PROVEDOR_UTC.format(porta="porta 51234 " if porta else ""), encoding="utf-8")
    analisar(Parametros(caso, pasta / "saida", data_analise=data_analise))
    return caso, json.loads((pasta / "saida" / "conclusoes.json").read_text(encoding="utf-8"))


def veredicto_com_a_afirmacao_trocada(caso: Path, conclusoes: dict, tipo: str, trocar: str, por: str,
                                      data_analise: str = DATA) -> str:
    """O veredicto que o validador dá à conclusão `tipo` (a única desse tipo) com `trocar` trocado por `por` na
    afirmação: a armadilha de cada leitor novo (outra hora, outro dia, outra distância não podem ficar VERIFICADO)."""
    import copy

    from perito.validador.agente import validar

    [conclusao] = [copy.deepcopy(c) for c in conclusoes["conclusoes"] if c["tipo"] == tipo]
    assert trocar in conclusao["afirmacao"], (trocar, conclusao["afirmacao"])
    conclusao["afirmacao"] = conclusao["afirmacao"].replace(trocar, por)
    conclusao["validacao"] = None
    return validar({**conclusoes, "conclusoes": [conclusao]}, caso, data_analise)["validacoes"][0]["veredicto_geral"]


def status_com_a_citacao_trocada(caso: Path, conclusoes: dict, conclusao: dict, arquivo: str, trocar: str, por: str,
                                 data_analise: str = DATA) -> list[str]:
    """Os status que o validador dá às referências de `arquivo` da `conclusao` com `trocar` trocado por `por` no
    `dado_citado` que o tem: a armadilha de uma citação que junta valores de dois eventos (a hora de outra frase, a
    porta de outra coluna)."""
    import copy

    from perito.validador.agente import validar

    trocada = copy.deepcopy(conclusao)
    [ref] = [r for r in trocada["referencias"] if r["arquivo"] == arquivo and trocar in r["dado_citado"]]
    ref["dado_citado"] = ref["dado_citado"].replace(trocar, por)
    trocada["validacao"] = None
    detalhes = validar({**conclusoes, "conclusoes": [trocada]}, caso, data_analise)["validacoes"][0]["detalhes"]
    return [d["status"] for d in detalhes if d["arquivo"] == arquivo and por in d["dado_citado"]]


def analise_com_o_oficio_escaneado(pasta: Path, gravar_o_pdf: Callable[[Path], None]) -> dict:
    """O ofício escaneado de `examples/geradores/escaneado.py` (gravado por `gravar_o_pdf` em `oficio_escaneado.pdf`,
    como cada teste o desenha) ao lado da resposta do DICT sobre a titular dele; devolve o conclusoes.json."""
    caso = pasta / "caso"
    caso.mkdir(parents=True)
    gravar_o_pdf(caso / "oficio_escaneado.pdf")
    (caso / "resposta_dict.txt").write_text(
        "BANCO CENTRAL DO BRASIL - DICT\nConsulta de chaves Pix vinculadas ao CPF 111.444.777-35\n"
        "Chave: (11) 91234-0000 Tipo: telefone Titular: MARIA OLIVEIRA LIMA CPF: 111.444.777-35 "
        "Banco: 0001 Agência: 0001 Conta: 12345-6\n", encoding="utf-8")
    analisar(Parametros(caso, pasta / "saida", data_analise=DATA))
    return json.loads((pasta / "saida" / "conclusoes.json").read_text(encoding="utf-8"))


def pdf_de_linhas(caminho: Path, linhas: list[str], fonte: int = 10) -> None:
    """Um PDF com camada de texto, uma linha de texto por linha dada (reportlab), como um extrato ou uma carta."""
    from reportlab.lib.pagesizes import A4
    from reportlab.pdfgen import canvas

    tela = canvas.Canvas(str(caminho), pagesize=A4)
    y = 800
    for linha in linhas:
        tela.setFont("Helvetica", fonte)
        tela.drawString(40, y, linha)
        y -= fonte + 5
    tela.save()


def dados_da_pasta(pasta: Path) -> list[dict]:
    """Os dados que o extrator escolhido pelo conteúdo tira de cada arquivo da pasta (sem cruzamento nem validação):
    o bastante para testar um leitor ou um reconhecedor num arquivo de verdade."""
    from perito.extratores.registro import escolher
    from perito.leitura.inventario import listar
    from perito.leitura.leitor import ler_documento

    dados: list[dict] = []
    for arquivo in listar(pasta):
        if not arquivo.tipo:  # ignorado, ou um pacote (os membros dele vêm a seguir)
            continue
        documento = ler_documento(arquivo.caminho, arquivo.nome, arquivo.tipo, membro=arquivo.membro)
        dados += escolher(documento).extrair(documento).dados
    return dados


#: as saídas de uma análise que um caminho novo (volumoso, antecipado) tem de deixar iguais, byte a byte
SAIDAS_COMPARADAS = ("conclusoes.json", "validacao.json", "contextos.json", "linha_do_tempo.jsonl")


def mesmas_saidas(a: Path, b: Path) -> list[str]:
    """Confere que duas análises do mesmo caso deram as mesmas saídas (`SAIDAS_COMPARADAS` e os ofícios, byte a byte;
    os dados de cada lote, na mesma ordem) e devolve os alertas dos lotes de `b` (o que o caminho novo diz de si)."""
    for nome in SAIDAS_COMPARADAS:
        assert (b / nome).read_bytes() == (a / nome).read_bytes(), nome
    oficios = sorted(p.relative_to(a) for p in (a / "oficios").rglob("*") if p.is_file())
    assert oficios == sorted(p.relative_to(b) for p in (b / "oficios").rglob("*") if p.is_file())
    for oficio in oficios:
        assert (b / oficio).read_bytes() == (a / oficio).read_bytes(), oficio
    alertas: list[str] = []
    for lote in sorted((a / "lotes").glob("*.json")):
        antes = json.loads(lote.read_text(encoding="utf-8"))
        depois = json.loads((b / "lotes" / lote.name).read_text(encoding="utf-8"))
        assert depois["dados_extraidos"] == antes["dados_extraidos"] and depois["total_dados"] == antes["total_dados"]
        alertas += depois["alertas"]
    return alertas


def exemplo_pelos_dois_caminhos(tmp_path: Path, acrescentar: Callable[[Path], None],
                                limites: Limites) -> tuple[Path, Path, Path]:
    """O caso de exemplo com os arquivos que `acrescentar` grava na pasta dele, analisado pelo caminho de sempre e com
    `limites` (o caminho novo: volumoso, em disco); devolve (caso, saída comum, saída do caminho novo)."""
    caso = tmp_path / "caso"
    shutil.copytree(CASO_DEMO, caso)
    acrescentar(caso)
    comum, novo = tmp_path / "comum", tmp_path / "novo"
    analisar(Parametros(caso, comum, data_analise=DATA))
    analisar(Parametros(caso, novo, data_analise=DATA, limites=limites))
    return caso, comum, novo



#: o boletim da vítima ANA que conta o Pix de R$ 2.350,00 a RAFAEL (os casos inteiros das cartas de banco da vigésima
#: primeira sessão)
BO_DA_ANA = ("BOLETIM DE OCORRÊNCIA 9912/2025 - 1º DP\nVítima: ANA BEATRIZ MOREIRA, CPF 526.018.159-06.\n"
             "No dia 14/07/2025, por volta das 15h20, a vítima transferiu R$ 2.350,00 via Pix para RAFAEL SOUZA PINTO.\n")


def valores_reconhecidos(texto: str) -> list[str]:
    """Os valores (`metadados.valor`, com o sinal) que os reconhecedores acham no texto de uma linha."""
    from perito.extratores.reconhecedores import reconhecer

    return [a.metadados["valor"] for a in reconhecer(texto) if a.campo == "valor_transacao"]


#: o boletim da HELENA, que conta o Pix de R$ 2.350,00 em 14/07/2025 para a chave aleatória de "RAFAEL D LIMA" (o nome
#: como o Pix o mostra); as sondas da vigésima oitava sessão o cruzam com extratos e respostas do DICT de vários leiautes
BO_DA_HELENA = (
    "BOLETIM DE OCORRÊNCIA Nº 4521/2025 - 12º DP\n"
    "VÍTIMA: HELENA MARQUES COSTA, CPF 123.456.789-09\n"
    "HISTÓRICO:\n"
    "A vítima relata que no dia 14/07/2025 transferiu via Pix o valor de R$ 2.350,00 para a chave aleatória\n"
    "7c1e5b2a-3f4d-4e8a-9b6c-2d1f0a9e8b7c, que aparecia em nome de RAFAEL D LIMA.\n")
