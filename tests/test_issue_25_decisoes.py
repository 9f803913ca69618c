"""Issue 25, item 5: decisões de revisão que contam.

Antes: uma conclusão cuja única referência AMBIGUO foi confirmada seguia AMBIGUO em toda saída; uma rejeitada
ficava em "Pendências" para sempre; não havia como decidir a conclusão inteira; `pendente` nunca voltava a ser
perguntado; a mesma linha citada por três conclusões era perguntada três vezes; CSV, XLSX e relatorio.txt
ignoravam as decisões e `perito relatorio` não os refazia.

A pasta usada aqui é montada com o validador e os gravadores de verdade (como tests/saida_pequena.py), num caso
de um arquivo: a linha 3 é citada por 1.2 e 2.1 (AMBIGUO as duas), 2.2 cita uma linha que não existe
(EXTRACAO_FALHOU), 4.1 cita a linha 4 (AMBIGUO); 3 sai VERIFICADO.
"""

from __future__ import annotations

import csv
import hashlib
import io
import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from perito.cli.app import app
from perito.saida import manifesto, revisao
from perito.saida.auditoria import NOME, Trilha, ler, verificar
from perito.saida.escrita import bytes_json
from perito.saida.gravacao import gravar, gravar_manifesto, textos_das_saidas
from perito.validador.agente import aplicar, validar

RELATO = "Relato da vítima\nTelefone do autor: (11) 91234-0000\nValor: R$ 3.500,00 em 15/03/2025\nOutra linha\n"


def _ref(linha: int, dado: str) -> dict[str, Any]:
    return {"arquivo": "relato.txt", "pagina": None, "linha_ou_celula": f"linha {linha}", "dado_citado": dado,
            "extrator_id": "extrator_generico_01"}


def _conclusao(id_: int, afirmacao: str, *referencias: dict[str, Any]) -> dict[str, Any]:
    return {"id": id_, "tipo": "outro", "afirmacao": afirmacao, "grau_confianca": "fraco",
            "referencias": list(referencias), "validacao": None}


CONCLUSOES = {
    "conclusoes": [
        _conclusao(1, "O telefone (11) 91234-0000 aparece no relato", _ref(2, "(11) 91234-0000"), _ref(3, "(11) 91234-0000")),
        _conclusao(2, "O relato cita (11) 91234-0000 e R$ 3.500,00", _ref(3, "(11) 91234-0000"), _ref(9, "R$ 3.500,00")),
        _conclusao(3, "O relato cita R$ 3.500,00", _ref(3, "R$ 3.500,00")),
        _conclusao(4, "O relato cita R$ 3.500,00 de novo", _ref(4, "R$ 3.500,00"), _ref(3, "R$ 3.500,00")),
    ],
    "caso_id": "decisoes",
    "data_analise": "2025-03-20",
}


def montar(raiz: Path) -> tuple[Path, Path]:
    caso, saida = raiz / "caso", raiz / "saida"
    caso.mkdir(parents=True)
    (caso / "relato.txt").write_text(RELATO, encoding="utf-8")
    sha = hashlib.sha256((caso / "relato.txt").read_bytes()).hexdigest()
    trilha = Trilha(saida)
    parametros = {"caso": str(caso), "saida": str(saida), "data_analise": "2025-03-20", "analista": "Ana"}
    trilha.registrar("perito", "iniciar", detalhes={"parametros": parametros})
    validacoes = validar(json.loads(json.dumps(CONCLUSOES)), caso, "2025-03-20", {"relato.txt": sha})
    finais, contraditas = aplicar(json.loads(json.dumps(CONCLUSOES)), validacoes)
    envelope = {"conclusoes_contraditas": contraditas, "caso_id": "decisoes", "data_analise": "2025-03-20"}
    escritos = gravar(saida, textos_das_saidas({"validacao.json": bytes_json(validacoes)}, finais, envelope), trilha)
    arquivos = [{"arquivo": "relato.txt", "tamanho": len(RELATO.encode()), "sha256": sha, "tipo": "txt", "situacao": "lido"}]
    dados = manifesto.montar(caso_id="decisoes", parametros=parametros, inicio="x", fim="y", arquivos=arquivos,
                             saidas=escritos, auditoria={"arquivo": NOME, "hash_antes_do_manifesto": trilha.ultimo_hash})
    gravar_manifesto(saida, dados, trilha)
    return caso, saida


@pytest.fixture(scope="module")
def _modelo(tmp_path_factory) -> Path:
    raiz = tmp_path_factory.mktemp("decisoes")
    montar(raiz)
    return raiz


@pytest.fixture
def pasta(_modelo, tmp_path) -> tuple[Path, Path]:
    """(caso, saída): cópia da pasta montada uma vez (o manifesto aponta o caso pelo caminho; o caso não muda)."""
    shutil.copytree(_modelo / "saida", tmp_path / "saida")
    return _modelo / "caso", tmp_path / "saida"


def _cli(*args: Any, entrada: str | None = None) -> tuple[int, str]:
    resultado = CliRunner().invoke(app, [str(a) for a in args], input=entrada)
    texto = resultado.stdout + (resultado.stderr or "")
    assert "Traceback" not in texto
    return resultado.exit_code, texto


def _decisoes(saida: Path) -> dict[str, str]:
    return {f"{d['conclusao_id']}.{d['indice_referencia']}": d["decisao"] for d in revisao.ler(saida)["decisoes"]}


def _registros(saida: Path) -> int:
    return [e["acao"] for e in ler(saida / NOME)[0]].count("revisar_referencia")


def _linhas_csv(caminho: Path) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(caminho.read_text(encoding="utf-8-sig")), delimiter=";"))


# --- a regra, função pura ------------------------------------------------------------------------------------


def _com_validacao(status: list[str]) -> dict[str, Any]:
    conclusao = _conclusao(7, "afirmação", *(_ref(n + 2, "x") for n in range(len(status))))
    geral = "CONTRADITO" if "CONTRADITO" in status else "VERIFICADO" if set(status) == {"VERIFICADO"} else "AMBIGUO"
    conclusao["validacao"] = {"veredicto_geral": geral, "detalhes": [{"status": s, "observacao": ""} for s in status]}
    return conclusao


def _rev(conclusao: dict[str, Any], *escolhas: tuple[int, str, str]) -> dict[str, Any]:
    itens = revisao.itens([conclusao])
    return {"decisoes": [{"referencia": revisao.identidade(conclusao, itens[i - 1].referencia), "decisao": d,
                          "situacao": situacao} for i, d, situacao in escolhas]}


def test_situacao_exibida_segue_as_decisoes_com_o_veredicto_da_maquina_ao_lado():
    c = _com_validacao(["VERIFICADO", "AMBIGUO", "EXTRACAO_FALHOU"])
    sem = revisao.situacao_exibida(c, {"decisoes": []})
    assert (sem.status, sem.maquina, sem.pendentes, sem.rotulo) == ("AMBIGUO", "AMBIGUO", 2, "AMBIGUO")

    uma = revisao.situacao_exibida(c, _rev(c, (2, "confirmado", "vigente")))
    assert (uma.status, uma.confirmadas, uma.pendentes) == ("AMBIGUO", 1, 1)  # ainda falta a 3

    toda = revisao.situacao_exibida(c, _rev(c, (2, "confirmado", "vigente"), (3, "confirmado", "vigente")))
    assert (toda.status, toda.maquina, toda.rotulo) == ("VERIFICADO", "AMBIGUO", "VERIFICADO (confirmado na revisão)")
    assert toda.achado and toda.resumo == "2 confirmadas"

    rejeitada = revisao.situacao_exibida(c, _rev(c, (2, "confirmado", "vigente"), (3, "rejeitado", "vigente")))
    assert rejeitada.rotulo == "CONTRADITO (rejeitado na revisão)" and rejeitada.maquina == "AMBIGUO"
    assert rejeitada.resumo == "1 confirmada, 1 rejeitada"

    pendente = revisao.situacao_exibida(c, _rev(c, (2, "pendente", "vigente"), (3, "confirmado", "vigente")))
    assert pendente.status == "AMBIGUO" and pendente.pendentes == 1

    # a decisão sobre outros bytes (documento alterado) não conta
    alterada = revisao.situacao_exibida(c, _rev(c, (2, "confirmado", "documento_alterado"), (3, "confirmado", "vigente")))
    assert alterada.status == "AMBIGUO" and alterada.confirmadas == 1

    contradita = _com_validacao(["CONTRADITO", "VERIFICADO"])
    assert revisao.situacao_exibida(contradita, {"decisoes": []}).rotulo == "CONTRADITO"  # sem revisão, a máquina


# --- revisar sem perguntas -----------------------------------------------------------------------------------


def test_decisao_sobre_a_conclusao_inteira_vira_uma_decisao_por_referencia_na_trilha(pasta):
    _, saida = pasta
    codigo, texto = _cli("revisar", saida, "--analista", "Bruno", "--decisao", "2=confirmado:conferi as duas linhas")
    assert codigo == 0, texto
    assert _decisoes(saida) == {"2.1": "confirmado", "2.2": "confirmado"}
    assert _registros(saida) == 2 and "2 decisões registradas" in " ".join(texto.split())
    assert verificar(saida) == []
    # a conclusão 3 saiu VERIFICADO: nada a decidir nela
    codigo, texto = _cli("revisar", saida, "--analista", "Bruno", "--decisao", "3=rejeitado:não")
    assert codigo == 2 and "Conclusão 3 não existe ou saiu VERIFICADO" in " ".join(texto.split())


def test_mesma_linha_alcanca_toda_referencia_que_a_cita(pasta):
    _, saida = pasta
    codigo, texto = _cli("revisar", saida, "--analista", "Bruno", "--decisao", "1.2=rejeitado:a linha 3 é do valor",
                         "--mesma-linha")
    assert codigo == 0, texto
    assert _decisoes(saida) == {"1.2": "rejeitado", "2.1": "rejeitado"}  # 4.2 cita a linha 3, mas saiu VERIFICADO
    assert _registros(saida) == 2 and verificar(saida) == []


def test_arquivo_de_decisoes_com_conclusao_inteira_e_mesma_linha(pasta, tmp_path):
    _, saida = pasta
    arquivo = tmp_path / "decisoes.json"
    arquivo.write_text(json.dumps([
        {"conclusao_id": 4, "decisao": "pendente", "motivo": "pedir cópia"},
        {"conclusao_id": 1, "referencia": 2, "decisao": "confirmado", "motivo": "conferi", "mesma_linha": True},
    ]), encoding="utf-8")
    codigo, texto = _cli("revisar", saida, "--analista", "Bruno", "--decisoes", arquivo)
    assert codigo == 0, texto
    assert _decisoes(saida) == {"1.2": "confirmado", "2.1": "confirmado", "4.1": "pendente"}
    assert verificar(saida) == []


# --- revisar interativo ---------------------------------------------------------------------------------------


def test_interativo_pergunta_a_mesma_linha_uma_vez_e_pendente_volta(pasta):
    _, saida = pasta
    # 1.2 e 2.1 (linha 3): uma resposta; 2.2: pendente; 4.1: salta
    codigo, texto = _cli("revisar", saida, entrada="c\nconferi no original\np\npedir cópia\ns\n")
    assert codigo == 0, texto
    assert texto.count("Decisão:") == 3
    assert "vale para as 2 referências desta linha" in texto and "A mesma linha é citada também por 1 outra" in texto
    assert _decisoes(saida) == {"1.2": "confirmado", "2.1": "confirmado", "2.2": "pendente"}
    assert _registros(saida) == 3 and verificar(saida) == []
    # na revisão seguinte: a pendente e a saltada voltam; as confirmadas, não
    codigo, texto = _cli("revisar", saida, entrada="s\ns\n")
    assert codigo == 0, texto
    assert texto.count("Decisão:") == 2 and "Referência 2.2" in texto and "Referência 4.1" in texto
    assert "Referência 1.2" not in texto and "0 decisões registradas" in texto


def test_interativo_so_esta_referencia_e_conclusao_inteira(pasta):
    _, saida = pasta
    # 1.2: só ela (u), rejeitada; 2.1 (a mesma linha, agora sozinha): a conclusão 2 inteira confirmada; 4.1: sair
    codigo, texto = _cli("revisar", saida, entrada="u\nr\nnão é o telefone\nct\nconferi\nq\n")
    assert codigo == 0, texto
    assert "[ct] confirmar ou [rt] rejeitar a conclusão 2 inteira (2 referências)" in " ".join(texto.split())
    assert _decisoes(saida) == {"1.2": "rejeitado", "2.1": "confirmado", "2.2": "confirmado"}
    assert verificar(saida) == []


# --- todas as saídas seguem as decisões, e `perito relatorio` as refaz -------------------------------------------


def _situacoes_csv(saida: Path) -> dict[str, tuple[str, str]]:
    return {linha["conclusao_id"]: (linha["veredicto_geral"], linha["situacao_exibida"])
            for linha in _linhas_csv(saida / "afirmacoes.csv")}


def test_revisao_roteirizada_muda_a_situacao_em_cada_saida_e_relatorio_a_reproduz(pasta):
    from docx import Document
    from openpyxl import load_workbook

    caso, saida = pasta
    assert _cli("relatorio", saida, "--caso", caso)[0] == 0
    assert _situacoes_csv(saida)["1"] == ("AMBIGUO", "AMBIGUO")
    codigo, texto = _cli("revisar", saida, "--analista", "Bruno", "--decisao", "1=confirmado:conferi no original",
                         "--decisao", "2.2=rejeitado:a linha 9 não existe")
    assert codigo == 0, texto
    codigo, texto = _cli("relatorio", saida, "--caso", caso)
    assert codigo == 0, texto
    assert verificar(saida) == []

    situacoes = _situacoes_csv(saida)
    assert situacoes["1"] == ("AMBIGUO", "VERIFICADO (confirmado na revisão)")
    assert situacoes["2"] == ("AMBIGUO", "CONTRADITO (rejeitado na revisão)")
    assert situacoes["4"] == ("AMBIGUO", "AMBIGUO") and situacoes["3"] == ("VERIFICADO", "VERIFICADO")
    por_referencia = {(r["conclusao_id"], r["linha_ou_celula"]): r["decisao"] for r in _linhas_csv(saida / "conclusoes.csv")}
    assert por_referencia[("1", "linha 3")] == "confirmado" and por_referencia[("2", "linha 9")] == "rejeitado"
    assert por_referencia[("2", "linha 3")] == ""

    livro = load_workbook(saida / "conclusoes.xlsx")
    aba = livro["Conclusões"]
    cabecalho = [c.value for c in aba[1]]
    linhas = {linha[0]: dict(zip(cabecalho, linha, strict=True)) for linha in aba.iter_rows(min_row=2, values_only=True)}
    assert linhas[1]["situacao_exibida"] == "VERIFICADO (confirmado na revisão)" and linhas[1]["veredicto_geral"] == "AMBIGUO"
    assert linhas[2]["situacao_exibida"] == "CONTRADITO (rejeitado na revisão)"

    txt = " ".join((saida / "relatorio.txt").read_text(encoding="utf-8").split())  # o rich quebra linhas longas
    assert "VERIFICADO (confirmado na revisão), máquina AMBIGUO" in txt
    assert "CONTRADITO (rejeitado na revisão), máquina AMBIGUO" in txt
    assert "2 conclusões mudaram na revisão humana" in txt
    assert "2 referências para revisar" in txt  # 2.1 (a decisão foi 2.2) e 4.1; 1.2 foi confirmada

    corpo = [p.text for p in Document(str(saida / "relatorio.docx")).paragraphs]
    achados = corpo[corpo.index("4. Achados") + 1: corpo.index("5. Pendências")]
    pendencias = corpo[corpo.index("5. Pendências") + 1: corpo.index("6. Estado do caso e plano de diligências")]
    assert any(p.startswith("Conclusão 1 ") and "situação: VERIFICADO (confirmado na revisão)" in p for p in achados)
    assert not any(p.startswith("Conclusão 2 ") for p in achados + pendencias)  # rejeitada: saiu das pendências
    assert any(p.startswith("Conclusão 4 ") for p in pendencias)
    assert any("rejeitou referência na revisão" in p and p.endswith(": 2.") for p in pendencias)

    # `perito relatorio` de novo: as mesmas planilhas e o mesmo relatorio.txt
    antes = {n: (saida / n).read_bytes() for n in ("conclusoes.csv", "afirmacoes.csv", "conclusoes.xlsx", "relatorio.txt")}
    assert _cli("relatorio", saida, "--caso", caso)[0] == 0
    assert {n: (saida / n).read_bytes() for n in antes} == antes


# --- analisar e relatorio gravam os mesmos bytes sem decisão; o terminal cabe em 200 linhas -----------------------


def test_relatorio_sem_decisao_regrava_os_mesmos_bytes_do_analisar(tmp_path):
    """Uma análise própria (na pasta em que foi feita: relatorio.txt diz o caminho da saída)."""
    from perito.analise import Parametros, analisar
    from tests.conftest import CASO_DEMO, DATA

    saida = tmp_path / "saida"
    analisar(Parametros(CASO_DEMO, saida, data_analise=DATA))
    nomes = ("conclusoes.csv", "afirmacoes.csv", "conclusoes.xlsx", "relatorio.txt", "relatorio.html", "entidades.csv",
             "vinculos.csv", "grafo.graphml", *(f"oficios/{p.name}" for p in (saida / "oficios").glob("*.md")))
    antes = {n: (saida / n).read_bytes() for n in nomes}
    codigo, texto = _cli("relatorio", saida)
    assert codigo == 0, texto
    assert {n: (saida / n).read_bytes() for n in nomes} == antes
    assert verificar(saida) == []


def test_relatorio_do_terminal_cabe_em_200_linhas_de_80_colunas_sem_plural_entre_parenteses(analise_demo):
    from rich.console import Console

    from perito.saida.relatorio import relatorio_analise

    resultado, _ = analise_demo
    console = Console(file=io.StringIO(), width=80, color_system=None, force_terminal=False)
    console.print(relatorio_analise(resultado, {"decisoes": []}))
    texto = console.file.getvalue()  # type: ignore[attr-defined]
    assert len(texto.splitlines()) <= 200, len(texto.splitlines())
    for errado in ("(ões)", "conclusão(", "referência(s)", "arquivo(s)", "família(s)", "passo(s)", "dado(s)"):
        assert errado not in texto
    assert "24 conclusões validadas" in texto


# --- o texto em volta da linha vem de contextos.json só para os mesmos bytes -----------------------------------


def test_contexto_guardado_vale_so_para_os_mesmos_bytes_e_nao_pode_ser_editado(pasta, tmp_path):
    caso, saida = pasta
    assert _cli("relatorio", saida, "--caso", caso)[0] == 0
    guardados = json.loads((saida / revisao.NOME_CONTEXTOS).read_text(encoding="utf-8"))
    assert {c["arquivo"] for c in guardados["contextos"]} == {"relato.txt"}

    # o documento mudou: nada do texto guardado aparece; o motivo, sim
    copia = tmp_path / "caso_alterado"
    shutil.copytree(caso, copia)
    (copia / "relato.txt").write_text(RELATO.replace("Outra linha", "Linha trocada"), encoding="utf-8")
    codigo, texto = _cli("revisar", saida, "--caso", copia, entrada="q\n")
    assert codigo == 0, texto
    assert "Telefone do autor" not in texto and "mudou desde a análise" in " ".join(texto.split())

    # o mesmo documento: o texto guardado aparece
    codigo, texto = _cli("revisar", saida, "--caso", caso, entrada="q\n")
    assert codigo == 0 and "Telefone do autor: (11) 91234-0000" in texto

    # contextos.json editado à mão: revisar e relatorio recusam a pasta (código 7)
    (saida / revisao.NOME_CONTEXTOS).write_text(
        (saida / revisao.NOME_CONTEXTOS).read_text(encoding="utf-8").replace("Telefone do autor", "Telefone do réu"),
        encoding="utf-8")
    for comando in (("revisar", saida, "--caso", caso), ("relatorio", saida, "--caso", caso)):
        codigo, texto = _cli(*comando, entrada="q\n")
        assert codigo == 7, texto
        assert "Telefone do réu" not in texto
