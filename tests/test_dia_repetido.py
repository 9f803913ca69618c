"""A data escrita só no primeiro registro do dia: as linhas de baixo com a célula de data vazia (CSV) ou mesclada
(planilha exportada de um relatório).

Antes o IP dessas linhas ficava sem data-hora (a convergência, fraca). Agora a linha leva a data de cima, citada na
linha ou célula dela, e a hora da própria linha compõe o instante. O validador aceita a data de cima só quando ela é a
da linha de data mais próxima e todas as linhas entre as duas têm a célula de data vazia.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path

from openpyxl import Workbook

from perito.analise import Parametros, analisar
from perito.validador.agente import validar
from tests.conftest import DATA, PROVEDOR_UTC, dados_da_pasta

LOG = ("Data;Hora (BRT);IP;Porta\n15/03/2025;09:00:00;200.1.2.3;40000\n;11:34:02;177.45.10.2;51234\n"
       ";12:00:00;201.2.3.4;30000\n16/03/2025;08:00:00;189.1.2.3;20000\n")


def _planilha(caminho: Path) -> None:
    livro = Workbook()
    aba = livro.active
    aba.title = "Acessos"
    for linha in LOG.strip().splitlines():
        aba.append([c or None for c in linha.split(";")])
    aba.merge_cells("A2:A4")  # a data mesclada sobre as três linhas do dia
    livro.save(caminho)


def _instantes(pasta: Path) -> dict[str, str | None]:
    return {d["dado"]: d["metadados"].get("instante_utc") for d in dados_da_pasta(pasta) if d["tipo_dado"] == "ip"}


ESPERADOS = {"200.1.2.3": "2025-03-15T12:00:00Z", "177.45.10.2": "2025-03-15T14:34:02Z",
             "201.2.3.4": "2025-03-15T15:00:00Z", "189.1.2.3": "2025-03-16T11:00:00Z"}


def test_csv_com_a_data_so_no_primeiro_registro_do_dia(tmp_path: Path) -> None:
    (tmp_path / "log.csv").write_text(LOG, encoding="utf-8")
    assert _instantes(tmp_path) == ESPERADOS


def test_planilha_com_a_data_mesclada(tmp_path: Path) -> None:
    _planilha(tmp_path / "log.xlsx")
    assert _instantes(tmp_path) == ESPERADOS


def test_armadilha_data_e_hora_na_mesma_celula_nao_se_repete(tmp_path: Path) -> None:
    # "15/03/2025 09:00:00" é o instante daquela linha, não o dia das de baixo
    (tmp_path / "log.csv").write_text("Data/Hora (BRT);IP\n15/03/2025 09:00:00;200.1.2.3\n;177.45.10.2\n",
                                      encoding="utf-8")
    assert _instantes(tmp_path)["177.45.10.2"] is None


def _analise(pasta: Path, escrever) -> tuple[Path, dict]:
    caso = pasta / "caso"
    caso.mkdir(parents=True)
    escrever(caso)
    (caso / "provedor.txt").write_text(PROVEDOR_UTC.format(porta="porta 51234 "), encoding="utf-8")
    analisar(Parametros(caso, pasta / "saida", data_analise=DATA))
    return caso, json.loads((pasta / "saida" / "conclusoes.json").read_text(encoding="utf-8"))


def test_convergencia_verificada_no_csv_e_na_planilha(tmp_path: Path) -> None:
    for nome, escrever in (("csv", lambda caso: (caso / "log_banco.csv").write_text(LOG, encoding="utf-8")),
                           ("xlsx", lambda caso: _planilha(caso / "log_banco.xlsx"))):
        _, conclusoes = _analise(tmp_path / nome, escrever)
        [ip] = [c for c in conclusoes["conclusoes"] if c["tipo"] == "convergencia_ip"]
        assert "15/03/2025 11:34:02 BRT" in ip["afirmacao"] and ip["grau_confianca"] == "moderado"
        assert ip["validacao"]["veredicto_geral"] == "VERIFICADO", nome


def test_armadilha_a_data_de_cima_para_quem_tem_a_sua_e_contradita(tmp_path: Path) -> None:
    # a linha do IP tem a sua data: a data da linha de cima citada para ele é de outro registro (que tem outra hora),
    # ainda que o dia seja o mesmo
    log = "Data;Hora (BRT);IP;Porta\n15/03/2025;09:00:00;200.1.2.3;40000\n15/03/2025;11:34:02;177.45.10.2;51234\n"
    caso, conclusoes = _analise(tmp_path, lambda caso: (caso / "log_banco.csv").write_text(log, encoding="utf-8"))
    [ip] = [c for c in conclusoes["conclusoes"] if c["tipo"] == "convergencia_ip"]
    assert ip["validacao"]["veredicto_geral"] == "VERIFICADO"
    trocada = copy.deepcopy(ip)
    [linha] = [r for r in trocada["referencias"] if r["arquivo"] == "log_banco.csv" and r["linha_ou_celula"] == "linha 3"]
    linha["dado_citado"] = "177.45.10.2 | 51234 | 11:34:02"
    trocada["referencias"].append({**linha, "linha_ou_celula": "linha 2", "dado_citado": "15/03/2025"})
    trocada["validacao"] = None
    validacao = validar({**conclusoes, "conclusoes": [trocada]}, caso, DATA)["validacoes"][0]
    assert validacao["veredicto_geral"] == "CONTRADITO"
