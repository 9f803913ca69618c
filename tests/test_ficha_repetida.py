"""Fichas rótulo | valor repetidas, sem linha em branco entre elas (CSV e planilha): cada ficha é um registro.

    Data/Hora (BRT);15/03/2025 09:00:00
    IP;200.1.2.3
    Porta;40000
    Data/Hora (BRT);15/03/2025 11:34:02
    IP;177.45.10.2
    ...

Antes a corrida inteira era um registro só: com três IPs nele, nenhum ficava com a porta, e o validador aceitava a
hora de um acesso citada para o IP de outro (tudo no mesmo "registro"). E o fuso do rótulo de uma ficha de planilha
era citado na célula do valor, onde ele não está: a referência ficava AMBIGUO.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path

from openpyxl import Workbook

from perito.analise import Parametros, analisar
from perito.extratores.registros import formulario_tabular
from perito.leitura.leitor import ler_documento
from perito.validador.agente import validar
from perito.validador.registros import registro_de
from tests.conftest import DATA, PROVEDOR_UTC, dados_da_pasta

ACESSOS = [("Data/Hora (BRT)", "15/03/2025 09:00:00"), ("IP", "200.1.2.3"), ("Porta", "40000"),
           ("Data/Hora (BRT)", "15/03/2025 11:34:02"), ("IP", "177.45.10.2"), ("Porta", "51234"),
           ("Data/Hora (BRT)", "15/03/2025 12:00:00"), ("IP", "201.2.3.4"), ("Porta", "30000")]


def _csv(pasta: Path) -> Path:
    caminho = pasta / "log_banco.csv"
    caminho.write_text("Campo;Valor\n" + "".join(f"{r};{v}\n" for r, v in ACESSOS), encoding="utf-8")
    return caminho


def _xlsx(pasta: Path) -> Path:
    livro = Workbook()
    aba = livro.active
    aba.title = "Acessos"
    for rotulo, valor in ACESSOS:
        aba.append([rotulo, valor])
    livro.save(caminho := pasta / "log_banco.xlsx")
    return caminho


def _ips(pasta: Path) -> dict[str, tuple]:
    return {d["dado"]: (d["metadados"].get("instante_utc"), d["metadados"].get("porta"),
                        (d["metadados"].get("contexto_fuso") or {}).get("linha_ou_celula"))
            for d in dados_da_pasta(pasta) if d["tipo_dado"] == "ip"}


def test_cada_acesso_com_a_sua_hora_e_porta_no_csv(tmp_path: Path) -> None:
    _csv(tmp_path)
    ips = _ips(tmp_path)
    assert {ip: v[:2] for ip, v in ips.items()} == {"200.1.2.3": ("2025-03-15T12:00:00Z", "40000"),
                                                    "177.45.10.2": ("2025-03-15T14:34:02Z", "51234"),
                                                    "201.2.3.4": ("2025-03-15T15:00:00Z", "30000")}


def test_na_planilha_o_fuso_citado_na_celula_do_rotulo(tmp_path: Path) -> None:
    _xlsx(tmp_path)
    ips = _ips(tmp_path)
    assert ips["177.45.10.2"] == ("2025-03-15T14:34:02Z", "51234", "celula A4")
    assert ips["201.2.3.4"][1] == "30000"


def test_armadilha_cadastro_com_dois_telefones_e_uma_ficha_so(tmp_path: Path) -> None:
    # o rótulo que volta não é o que abre a ficha: um cadastro com dois telefones, não dois registros
    caminho = tmp_path / "cadastro.csv"
    caminho.write_text("Nome;MARIA OLIVEIRA LIMA\nCPF;111.444.777-35\nTelefone;(11) 91234-0000\n"
                       "Telefone;(11) 98888-7777\nEndereço;Rua A, 10\n", encoding="utf-8")
    documento = ler_documento(caminho, "cadastro.csv", "csv")
    [ficha] = formulario_tabular.do_csv(documento.trechos)
    assert [c.rotulo for c in ficha.campos] == ["Nome", "CPF", "Telefone", "Telefone", "Endereço"]
    assert registro_de(documento, documento.trechos[3]).nome == "ficha das linha 1 a linha 5"


def test_o_validador_separa_as_fichas(tmp_path: Path) -> None:
    for documento, nome in ((ler_documento(_csv(tmp_path), "log_banco.csv", "csv"), "ficha das linha 5 a linha 7"),
                            (ler_documento(_xlsx(tmp_path), "log_banco.xlsx", "xlsx"),
                             "ficha das linhas 4-6 da aba 'Acessos'")):
        [ip] = [t for t in documento.trechos if "177.45.10.2" in t.texto]
        registro = registro_de(documento, ip)
        assert registro.nome == nome
        assert not any("09:00:00" in texto for texto in registro.textos)


def test_a_hora_de_outra_ficha_citada_com_o_ip_e_contradita(tmp_path: Path) -> None:
    caso = tmp_path / "caso"
    caso.mkdir()
    _csv(caso)
    (caso / "provedor.txt").write_text(PROVEDOR_UTC.format(porta="porta 51234 "), encoding="utf-8")
    analisar(Parametros(caso, tmp_path / "saida", data_analise=DATA))
    conclusoes = json.loads((tmp_path / "saida" / "conclusoes.json").read_text(encoding="utf-8"))
    [ip] = [c for c in conclusoes["conclusoes"] if c["tipo"] == "convergencia_ip"]
    assert "log_banco.csv, linha 6 (15/03/2025 11:34:02 BRT, porta 51234" in ip["afirmacao"]
    assert ip["validacao"]["veredicto_geral"] == "VERIFICADO"
    trocada = copy.deepcopy(ip)  # a data-hora do primeiro acesso (linha 2) citada para o IP do segundo
    [quando] = [r for r in trocada["referencias"] if r["linha_ou_celula"] == "linha 5"]
    quando["linha_ou_celula"], quando["dado_citado"] = "linha 2", quando["dado_citado"].replace("11:34:02", "09:00:00")
    trocada["afirmacao"], trocada["validacao"] = trocada["afirmacao"].replace("11:34:02", "09:00:00"), None
    validacao = validar({**conclusoes, "conclusoes": [trocada]}, caso, DATA)["validacoes"][0]
    assert validacao["veredicto_geral"] == "CONTRADITO"


def _docx(caminho: Path) -> Path:
    from docx import Document

    documento = Document()
    documento.add_paragraph("Resposta do provedor - registros de acesso (UTC)")
    tabela = documento.add_table(rows=0, cols=2)
    for rotulo, valor in [("Data/Hora", "2025-03-15 14:00:00"), ("IP", "200.1.2.3"), ("Porta", "40000"),
                          ("Data/Hora", "2025-03-15 14:33:50"), ("IP", "177.45.10.2"), ("Porta", "51234")]:
        celulas = tabela.add_row().cells
        celulas[0].text, celulas[1].text = rotulo, valor
    documento.save(caminho)
    return caminho


def test_numa_tabela_de_docx_cada_ficha_e_um_registro(tmp_path: Path) -> None:
    _docx(tmp_path / "resposta.docx")
    ips = {d["dado"]: (d["metadados"].get("instante_utc"), d["metadados"].get("porta"))
           for d in dados_da_pasta(tmp_path) if d["tipo_dado"] == "ip"}
    assert ips == {"200.1.2.3": ("2025-03-15T14:00:00Z", "40000"), "177.45.10.2": ("2025-03-15T14:33:50Z", "51234")}
    documento = ler_documento(tmp_path / "resposta.docx", "resposta.docx", "docx")
    [linha] = [t for t in documento.trechos if "177.45.10.2" in t.texto]
    assert registro_de(documento, linha).nome == "formulário das linhas 4-6 da tabela 1"
