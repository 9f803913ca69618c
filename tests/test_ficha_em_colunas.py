"""Ficha em colunas (tabela transposta) numa planilha: os rótulos à esquerda, um registro por coluna.

Antes cada linha era um registro: o IP da célula B4 ficava sem a data (B2) e a hora (B3) da sua coluna, e a
convergência com o provedor, fraca ("sem data-hora"). O validador segmenta a ficha por conta própria, e a hora de
outra coluna citada com o IP é CONTRADITO.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path

from openpyxl import Workbook

from perito.analise import Parametros, analisar
from perito.extratores.registros import ficha_em_colunas
from perito.leitura.leitor import ler_documento
from perito.validador.agente import validar
from perito.validador.registros import registro_de
from tests.conftest import DATA, PROVEDOR_UTC, dados_da_pasta

TRANSPOSTA = [["Campo", "Acesso 1", "Acesso 2"],
              ["Data", "15/03/2025", "15/03/2025"],
              ["Hora (BRT)", "11:34:02", "11:36:40"],
              ["IP", "177.45.10.2", "200.1.2.3"],
              ["Porta", 51234, 40000]]


def _planilha(caminho: Path, linhas: list[list]) -> Path:
    livro = Workbook()
    aba = livro.active
    aba.title = "Acessos"
    for linha in linhas:
        aba.append(linha)
    livro.save(caminho)
    return caminho


def _ips(pasta: Path) -> dict[str, tuple[str | None, str | None, str]]:
    return {d["dado"]: (d["metadados"].get("instante_utc"), d["metadados"].get("porta"), d["linha_ou_celula"])
            for d in dados_da_pasta(pasta) if d["tipo_dado"] == "ip"}


def test_cada_coluna_e_um_registro_com_o_fuso_do_rotulo_da_hora(tmp_path: Path) -> None:
    _planilha(tmp_path / "log.xlsx", TRANSPOSTA)
    assert _ips(tmp_path) == {"177.45.10.2": ("2025-03-15T14:34:02Z", "51234", "celula B4"),
                              "200.1.2.3": ("2025-03-15T14:36:40Z", "40000", "celula C4")}


def test_sem_a_linha_de_titulos(tmp_path: Path) -> None:
    _planilha(tmp_path / "log.xlsx", TRANSPOSTA[1:])
    assert _ips(tmp_path)["200.1.2.3"] == ("2025-03-15T14:36:40Z", "40000", "celula C3")


def test_armadilha_tabela_de_dados_com_texto_na_primeira_coluna(tmp_path: Path) -> None:
    # sem cabeçalho e com a operação na primeira coluna, cada linha é um evento: as datas estão nas colunas
    linhas = [["Login", "15/03/2025", "11:34:02", "177.45.10.2"],
              ["Pix", "16/03/2025", "09:00:00", "200.1.2.3"],
              ["Logout", "17/03/2025", "10:00:00", "201.2.3.4"]]
    documento = ler_documento(_planilha(tmp_path / "log.xlsx", linhas), "log.xlsx", "xlsx")
    assert ficha_em_colunas.da_planilha(documento.trechos) == []
    [b1] = [t for t in documento.trechos if t.localizacao == "celula D1"]
    assert registro_de(documento, b1).nome == "linha 1 da aba 'Acessos'"


def test_armadilha_tabela_com_cabecalho_acima(tmp_path: Path) -> None:
    linhas = [["Operação", "Data", "Hora", "IP"], ["Login", "15/03/2025", "11:34:02", "177.45.10.2"],
              ["Pix", "16/03/2025", "09:00:00", "200.1.2.3"]]
    documento = ler_documento(_planilha(tmp_path / "log.xlsx", linhas), "log.xlsx", "xlsx")
    assert ficha_em_colunas.da_planilha(documento.trechos) == []


def test_o_validador_refaz_a_coluna(tmp_path: Path) -> None:
    documento = ler_documento(_planilha(tmp_path / "log.xlsx", TRANSPOSTA), "log.xlsx", "xlsx")
    celula = {t.localizacao: t for t in documento.trechos}
    registro = registro_de(documento, celula["celula B4"])
    assert registro.nome == "coluna B da ficha das linhas 1-5 da aba 'Acessos'"
    assert {"11:34:02", "15/03/2025", "51234", "Hora (BRT)"} <= set(registro.textos)
    assert "11:36:40" not in registro.textos
    assert registro_de(documento, celula["celula C3"]).nome.startswith("coluna C ")


def _analise(pasta: Path) -> tuple[Path, dict]:
    caso = pasta / "caso"
    caso.mkdir()
    _planilha(caso / "log_banco.xlsx", TRANSPOSTA)
    (caso / "provedor.txt").write_text(PROVEDOR_UTC.format(porta="porta 51234 "), encoding="utf-8")
    analisar(Parametros(caso, pasta / "saida", data_analise=DATA))
    return caso, json.loads((pasta / "saida" / "conclusoes.json").read_text(encoding="utf-8"))


def test_convergencia_verificada_e_a_hora_da_outra_coluna_contradita(tmp_path: Path) -> None:
    caso, conclusoes = _analise(tmp_path)
    [ip] = [c for c in conclusoes["conclusoes"] if c["tipo"] == "convergencia_ip"]
    assert "celula B4 (15/03/2025 11:34:02 BRT, porta 51234" in ip["afirmacao"]
    assert ip["grau_confianca"] == "moderado"
    assert ip["validacao"]["veredicto_geral"] == "VERIFICADO"
    # a mesma conclusão citando a hora da coluna C (outro acesso) para o IP da coluna B
    trocada = copy.deepcopy(ip)
    [hora] = [r for r in trocada["referencias"] if r["linha_ou_celula"] == "celula B3"]
    hora["linha_ou_celula"], hora["dado_citado"] = "celula C3", hora["dado_citado"].replace("11:34:02", "11:36:40")
    trocada["afirmacao"] = trocada["afirmacao"].replace("11:34:02", "11:36:40")
    trocada["validacao"] = None
    validacao = validar({**conclusoes, "conclusoes": [trocada]}, caso, DATA)["validacoes"][0]
    assert validacao["veredicto_geral"] == "CONTRADITO"
    [c3] = [d for d in validacao["detalhes"] if d["linha_ou_celula"] == "celula C3"]
    assert "coluna C da ficha" in c3["observacao"] and "registros diferentes" in c3["observacao"]
