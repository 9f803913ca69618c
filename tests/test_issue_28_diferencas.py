"""Issue 28: `perito diferencas` — o que mudou entre duas execuções, com os arquivos que causaram cada mudança.

O pareamento das conclusões é testado em resumos montados à mão (os números mudam entre execuções; a mesma
conclusão com uma referência a mais é a mesma que mudou); o comando, sobre duas análises reais de um caso que
perdeu um arquivo, e sobre um histórico adulterado.
"""

from __future__ import annotations

import json
import sqlite3

from perito.analise import Parametros, analisar
from perito.armazem.banco import NOME as NOME_ARMAZEM
from perito.armazem.diferencas import comparar
from perito.erros import Saida
from tests.conftest import rodar_cli


def _c(id_, tipo, refs, grau="forte", veredicto="VERIFICADO", afirmacao=None):
    return {"id": id_, "tipo": tipo, "grau_confianca": grau, "veredicto": veredicto,
            "afirmacao": afirmacao or f"{tipo} {sorted(r[0] for r in refs)}", "referencias": [list(r) for r in refs]}


A = ("a.pdf", 1, "linha 3", "1.2.3.4")
B = ("b.csv", None, "linha 9", "1.2.3.4")
C = ("c.xlsx", None, "célula B4", "1.2.3.4")
D = ("d.txt", None, "linha 1", "R$ 10,00")


def _execucao(arquivos, conclusoes, id_):
    return {"id": id_, "inicio": f"2026-01-0{id_}T00:00:00Z", "fim": "", "arquivos": arquivos, "conclusoes": conclusoes}


def test_a_mesma_conclusao_renumerada_e_igual_e_a_que_ganhou_uma_referencia_mudou():
    antes = _execucao({"a.pdf": "1", "b.csv": "2", "d.txt": "4"},
                      [_c(1, "convergencia_ip", [A, B]), _c(2, "materialidade", [D])], 1)
    depois = _execucao({"a.pdf": "1", "b.csv": "2", "c.xlsx": "3", "d.txt": "4"},
                       [_c(1, "vinculo_financeiro", [D], grau="moderado"),
                        _c(2, "convergencia_ip", [A, B, C], grau="moderado", afirmacao="outra"),
                        _c(3, "materialidade", [D])], 2)
    d = comparar(antes, depois)
    assert d["arquivos"] == {"incluidos": ["c.xlsx"], "removidos": [], "alterados": []}
    assert d["conclusoes"]["iguais"] == 1  # a materialidade, que passou de nº 2 a nº 3
    [mudou] = d["conclusoes"]["mudaram"]
    assert (mudou["antes"], mudou["depois"], mudou["tipo"]) == (1, 2, "convergencia_ip")
    assert mudou["mudou"]["grau_confianca"] == {"antes": "forte", "depois": "moderado"}
    assert mudou["referencias_incluidas"] == [list(C)] and mudou["referencias_removidas"] == []
    assert mudou["arquivos_que_mudaram"] == ["c.xlsx"]
    [nova] = d["conclusoes"]["novas"]
    assert nova["id"] == 1 and nova["tipo"] == "vinculo_financeiro" and nova["arquivos_que_mudaram"] == []
    assert d["conclusoes"]["removidas"] == []


def test_pouco_em_comum_nao_e_a_mesma_conclusao_e_o_arquivo_alterado_e_a_causa():
    antes = _execucao({"a.pdf": "1", "b.csv": "2", "c.xlsx": "3"}, [_c(7, "convergencia_ip", [A, B, C])], 1)
    depois = _execucao({"a.pdf": "1", "b.csv": "X", "c.xlsx": "3"},
                       [_c(7, "convergencia_ip", [A, D], veredicto="AMBIGUO")], 2)
    d = comparar(antes, depois)
    assert d["arquivos"]["alterados"] == ["b.csv"]
    # 1 referência em comum de 4 (Jaccard 0,25): uma saiu e outra entrou
    assert [c["id"] for c in d["conclusoes"]["removidas"]] == [7]
    assert d["conclusoes"]["removidas"][0]["arquivos_que_mudaram"] == ["b.csv"]
    assert [c["veredicto"] for c in d["conclusoes"]["novas"]] == ["AMBIGUO"]
    assert d["conclusoes"]["mudaram"] == []


def test_so_o_veredicto_mudou_porque_o_arquivo_citado_mudou():
    antes = _execucao({"a.pdf": "1", "b.csv": "2"}, [_c(1, "convergencia_ip", [A, B])], 1)
    depois = _execucao({"a.pdf": "1", "b.csv": "3"}, [_c(1, "convergencia_ip", [A, B], veredicto="CONTRADITO")], 2)
    [mudou] = comparar(antes, depois)["conclusoes"]["mudaram"]
    assert mudou["mudou"] == {"veredicto": {"antes": "VERIFICADO", "depois": "CONTRADITO"}}
    assert mudou["arquivos_que_mudaram"] == ["b.csv"]


def test_comando_sobre_duas_analises_reais_e_historico_adulterado(caso_demo, tmp_path):
    saida = tmp_path / "saida"
    assert rodar_cli("diferencas", tmp_path)[0] == Saida.CASO_INVALIDO  # não é pasta de análise
    analisar(Parametros(caso_demo, saida, data_analise="2025-04-01"))
    codigo, texto = rodar_cli("diferencas", saida)
    assert codigo == Saida.USO and "1 execução" in texto
    (caso_demo / "log_internet_banking.csv").unlink()
    analisar(Parametros(caso_demo, saida, data_analise="2025-04-01"))

    codigo, texto = rodar_cli("diferencas", saida, "--json")
    assert codigo == 0
    d = json.loads(texto)
    assert d["arquivos"]["removidos"] == ["log_internet_banking.csv"]
    perdidas = d["conclusoes"]["removidas"] + d["conclusoes"]["mudaram"]
    assert perdidas and all(c["arquivos_que_mudaram"] == ["log_internet_banking.csv"] for c in perdidas)
    codigo, texto = rodar_cli("diferencas", saida)
    assert codigo == 0 and "removidos: log_internet_banking.csv" in " ".join(texto.split())
    assert rodar_cli("diferencas", saida, "--de", "9")[0] == Saida.USO
    # os relatórios mostram a mesma seção, e `perito relatorio` a refaz igual
    antes = {n: (saida / n).read_bytes() for n in ("relatorio.html", "relatorio.txt")}
    assert b"Desde a execu\xc3\xa7\xc3\xa3o anterior" in antes["relatorio.txt"]
    assert rodar_cli("relatorio", saida, "--caso", caso_demo)[0] == 0
    assert {n: (saida / n).read_bytes() for n in antes} == antes
    # diferencas.json editado à mão não vai a relatório nenhum
    original = (saida / "diferencas.json").read_bytes()
    (saida / "diferencas.json").write_bytes(original.replace(b'"incluidos": []', b'"incluidos": ["forjado.pdf"]'))
    assert rodar_cli("relatorio", saida, "--caso", caso_demo)[0] == Saida.AUDITORIA_INVALIDA
    (saida / "diferencas.json").write_bytes(original)

    # um resumo editado no banco (mesmo com o hash recalculado ali) não confere com a trilha
    with sqlite3.connect(saida / NOME_ARMAZEM) as banco:
        texto_resumo = banco.execute("SELECT resumo FROM execucoes WHERE id = 1").fetchone()[0]
        editado = texto_resumo.replace('"VERIFICADO"', '"CONTRADITO"')
        import hashlib

        banco.execute("UPDATE execucoes SET resumo = ?, sha256_conteudo = ? WHERE id = 1",
                      (editado, hashlib.sha256(editado.encode()).hexdigest()))
    codigo, texto = rodar_cli("diferencas", saida)
    assert codigo == Saida.AUDITORIA_INVALIDA and "não confere com a trilha" in texto
