"""Tabela atributo | valor (formato longo) num CSV: as linhas seguidas do mesmo identificador são um registro.

Antes cada linha era um registro: o CPF do cadastro não ficava com o número da linha (a coluna MSISDN), e o titular
não se identificava; o IP de um acesso ficava sem a data-hora e a porta escritas nas linhas vizinhas.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path

from perito.analise import Parametros, analisar
from perito.extratores.registros import atributo_valor
from perito.leitura.leitor import ler_documento
from perito.validador.agente import validar
from perito.validador.registros import registro_de
from tests.conftest import DATA, PROVEDOR_UTC, conclusoes_dos_textos, dados_da_pasta

CADASTRO = ("MSISDN;CAMPO;VALOR\n"
            "5511912340000;NOME;MARIA OLIVEIRA LIMA\n5511912340000;CPF;11144477735\n"
            "5511912340000;DATA_ATIVACAO;10/01/2024\n"
            "5521988887777;NOME;JOSE PEREIRA SANTOS\n5521988887777;CPF;52998224725\n")
DICT = ("BANCO CENTRAL DO BRASIL - DICT\nConsulta de chaves Pix vinculadas ao CPF 111.444.777-35\n"
        "Chave: (11) 91234-0000 Tipo: telefone Titular: MARIA OLIVEIRA LIMA CPF: 111.444.777-35 "
        "Banco: 0001 Agência: 0001 Conta: 12345-6\n")
ACESSOS = ("id_registro,atributo,valor\n"
           "1,data_hora,15/03/2025 19:00:00 BRT\n1,ip_origem,200.1.2.3\n1,porta_origem,40000\n"
           "2,data_hora,15/03/2025 11:34:02 BRT\n2,ip_origem,177.45.10.2\n2,porta_origem,51234\n")


def test_o_acesso_com_a_data_hora_e_a_porta_do_seu_registro(tmp_path: Path) -> None:
    (tmp_path / "log.csv").write_text(ACESSOS, encoding="utf-8")
    ips = {d["dado"]: (d["metadados"].get("instante_utc"), d["metadados"].get("porta"))
           for d in dados_da_pasta(tmp_path) if d["tipo_dado"] == "ip"}
    assert ips == {"200.1.2.3": ("2025-03-15T22:00:00Z", "40000"), "177.45.10.2": ("2025-03-15T14:34:02Z", "51234")}


def test_armadilha_extrato_data_tipo_valor_nao_e_atributo_valor(tmp_path: Path) -> None:
    caminho = tmp_path / "extrato.csv"
    caminho.write_text("Data;Tipo;Valor\n15/03/2025;PIX;100,00\n15/03/2025;TED;250,00\n", encoding="utf-8")
    documento = ler_documento(caminho, "extrato.csv", "csv")
    assert atributo_valor.do_csv(documento.trechos) == []
    assert registro_de(documento, documento.trechos[2]).nome == "registro da linha 3"


def test_o_validador_agrupa_pelo_identificador(tmp_path: Path) -> None:
    caminho = tmp_path / "cadastro.csv"
    caminho.write_text(CADASTRO, encoding="utf-8")
    documento = ler_documento(caminho, "cadastro.csv", "csv")
    maria, jose = registro_de(documento, documento.trechos[2]), registro_de(documento, documento.trechos[5])
    assert maria.nome == "registro das linha 2 a linha 4 (5511912340000)"
    assert jose.nome == "registro das linha 5 a linha 6 (5521988887777)"


def test_o_titular_da_linha_identificado_pelo_cpf(tmp_path: Path) -> None:
    conclusoes = conclusoes_dos_textos(tmp_path, {"cadastro_operadora.csv": CADASTRO, "resposta_dict.txt": DICT}, DATA)
    [titular] = [c for c in conclusoes if c["tipo"] == "identificacao_titular"]
    assert "11144477735" in titular["afirmacao"] and "5511912340000" in titular["afirmacao"]
    assert titular["validacao"]["veredicto_geral"] == "VERIFICADO"
    assert not any("52998224725" in c["afirmacao"] for c in conclusoes)  # o CPF da outra linha não é de ninguém aqui


def test_a_hora_de_outro_registro_citada_com_o_ip_e_contradita(tmp_path: Path) -> None:
    caso = tmp_path / "caso"
    caso.mkdir()
    (caso / "log.csv").write_text(ACESSOS, encoding="utf-8")
    (caso / "provedor.txt").write_text(PROVEDOR_UTC.format(porta="porta 51234 "), encoding="utf-8")
    analisar(Parametros(caso, tmp_path / "saida", data_analise=DATA))
    conclusoes = json.loads((tmp_path / "saida" / "conclusoes.json").read_text(encoding="utf-8"))
    [ip] = [c for c in conclusoes["conclusoes"] if c["tipo"] == "convergencia_ip"]
    assert "log.csv, linha 6 (15/03/2025 11:34:02 BRT, porta 51234" in ip["afirmacao"]
    assert ip["validacao"]["veredicto_geral"] == "VERIFICADO"
    trocada = copy.deepcopy(ip)  # a data-hora do registro 1 (linha 2) citada para o IP do registro 2
    [quando] = [r for r in trocada["referencias"] if r["linha_ou_celula"] == "linha 5"]
    quando["linha_ou_celula"], quando["dado_citado"] = "linha 2", quando["dado_citado"].replace("11:34:02", "19:00:00")
    trocada["afirmacao"], trocada["validacao"] = trocada["afirmacao"].replace("11:34:02", "19:00:00"), None
    validacao = validar({**conclusoes, "conclusoes": [trocada]}, caso, DATA)["validacoes"][0]
    assert validacao["veredicto_geral"] == "CONTRADITO"


def _planilha(caminho: Path, texto: str) -> Path:
    from openpyxl import Workbook

    livro = Workbook()
    aba = livro.active
    aba.title = "Dados"
    for linha in texto.strip().splitlines():
        aba.append(linha.replace(";", ",").split(","))
    livro.save(caminho)
    return caminho


def test_na_planilha_o_acesso_com_a_data_hora_e_a_porta_do_seu_registro(tmp_path: Path) -> None:
    _planilha(tmp_path / "log.xlsx", ACESSOS)
    ips = {d["dado"]: (d["metadados"].get("instante_utc"), d["metadados"].get("porta"), d["linha_ou_celula"])
           for d in dados_da_pasta(tmp_path) if d["tipo_dado"] == "ip"}
    assert ips == {"200.1.2.3": ("2025-03-15T22:00:00Z", "40000", "celula C3"),
                   "177.45.10.2": ("2025-03-15T14:34:02Z", "51234", "celula C6")}


def test_na_planilha_o_validador_agrupa_pelo_identificador(tmp_path: Path) -> None:
    documento = ler_documento(_planilha(tmp_path / "cadastro.xlsx", CADASTRO), "cadastro.xlsx", "xlsx")
    celula = {t.localizacao: t for t in documento.trechos}
    assert registro_de(documento, celula["celula C3"]).nome == "registro das linhas 2-4 da aba 'Dados' (5511912340000)"
    assert registro_de(documento, celula["celula C6"]).nome == "registro das linhas 5-6 da aba 'Dados' (5521988887777)"
    extrato = ler_documento(_planilha(tmp_path / "extrato.xlsx", "Data;Tipo;Valor\n15/03/2025;PIX;100,00\n"),
                            "extrato.xlsx", "xlsx")
    assert registro_de(extrato, extrato.trechos[-1]).nome == "linha 2 da aba 'Dados'"


def test_na_planilha_o_titular_da_linha_identificado_pelo_cpf(tmp_path: Path) -> None:
    caso = tmp_path / "caso"
    caso.mkdir()
    _planilha(caso / "cadastro_operadora.xlsx", CADASTRO)
    (caso / "resposta_dict.txt").write_text(DICT, encoding="utf-8")
    analisar(Parametros(caso, tmp_path / "saida", data_analise=DATA))
    conclusoes = json.loads((tmp_path / "saida" / "conclusoes.json").read_text(encoding="utf-8"))["conclusoes"]
    [titular] = [c for c in conclusoes if c["tipo"] == "identificacao_titular"]
    assert "11144477735" in titular["afirmacao"] and "5511912340000" in titular["afirmacao"]
    assert titular["validacao"]["veredicto_geral"] == "VERIFICADO"
