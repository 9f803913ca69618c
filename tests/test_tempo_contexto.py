"""Fuso declarado em qualquer escopo (título, preâmbulo, rodapé, coluna de fuso) com as formas novas de
data e hora, sobre arquivos reais pequenos (CSV, XLSX, TXT) lidos pelo leitor do perito."""

from __future__ import annotations

from pathlib import Path

import openpyxl

from perito.extratores.bancario import ExtratorBancario
from perito.extratores.contexto import fuso_declarado_na_linha
from perito.extratores.provedores import ExtratorProvedores
from perito.leitura.leitor import ler_documento


def _instantes(extrator, caminho: Path, tipo: str) -> dict[str, tuple[str | None, str | None]]:
    """IP → (fuso, instante UTC) do dado de IP."""
    resultado = extrator.extrair(ler_documento(caminho, caminho.name, tipo))
    return {d["dado"]: (d["metadados"].get("fuso"), d["metadados"].get("instante_utc"))
            for d in resultado.dados if d["tipo_dado"] == "ip"}


def test_coluna_de_fuso_na_linha_com_mes_abreviado(tmp_path: Path) -> None:
    caminho = tmp_path / "acessos.csv"
    caminho.write_text(
        "Fecha y hora;IP de origen;Puerto;Zona horaria\n"
        "10-Jul-2024 14:28:22;187.34.56.78;51234;-03:00\n"
        "11-Jul-2024 09:00:00;187.34.56.79;51235;UTC\n",
        encoding="utf-8",
    )
    obtidos = _instantes(ExtratorBancario(), caminho, "csv")
    assert obtidos["187.34.56.78"] == ("-03:00", "2024-07-10T17:28:22Z")
    assert obtidos["187.34.56.79"] == ("UTC", "2024-07-11T09:00:00Z")


def test_deslocamento_com_dois_pontos_seguido_da_coluna_do_ipv6(tmp_path: Path) -> None:
    """Variantes (semente 417): "2025-04-19T15:41:00+00:00,2804:2674:..." — o ",2" depois do "+00:00" parecia a
    parte decimal de um valor ("-1200,00"), e o instante perdia o fuso só nas linhas de IPv6: a convergência saía
    `fraco`, "sem data-hora com fuso declarado". Armadilha: "-1200,00" continua valor."""
    caminho = tmp_path / "acessos.csv"
    caminho.write_text(
        "Momento,IP,Porta origem,Evento\n"
        "2025-04-19T15:41:00+00:00,2804:2674:0:16E1:0:0:8C3:6EBC,,Acesso ao app\n"
        "2025-04-19T22:38:36+00:00,::ffff:189.95.93.108,30216,Acesso ao app\n",
        encoding="utf-8",
    )
    obtidos = _instantes(ExtratorBancario(), caminho, "csv")
    assert obtidos["2804:2674:0:16E1:0:0:8C3:6EBC"] == ("+00:00", "2025-04-19T15:41:00Z")
    assert obtidos["189.95.93.108"] == ("+00:00", "2025-04-19T22:38:36Z")


def test_valor_negativo_na_linha_nao_vira_fuso(tmp_path: Path) -> None:
    caminho = tmp_path / "acessos.csv"
    caminho.write_text("Data/Hora;IP;Valor\n02/09/23 21:46:50;187.34.56.78;-1200,00\n", encoding="utf-8")
    assert _instantes(ExtratorBancario(), caminho, "csv")["187.34.56.78"] == (None, None)


def test_rodape_do_txt_vale_para_o_documento_todo(tmp_path: Path) -> None:
    caminho = tmp_path / "resposta.txt"
    caminho.write_text(
        "Connection Log\n"
        "May 4, 2024 3:20:11 PM  IP 187.34.56.78\n"
        "\n"
        "* All times are shown in UTC+00:00.\n",
        encoding="utf-8",
    )
    assert _instantes(ExtratorProvedores(), caminho, "txt")["187.34.56.78"] == ("UTC+00:00", "2024-05-04T15:20:11Z")


def test_rodape_rotulado_com_o_nome_do_fuso_por_extenso(tmp_path: Path) -> None:
    """Variantes (semente 341): "* Zona horaria: Coordinated Universal Time (UTC)" no rodapé. As palavras "Zona" e
    "Time" e o "(UTC)" pareciam um cabeçalho de tabela, e o fuso ficava preso a uma tabela abaixo que não existe:
    os IPs saíam `fraco`, "sem data-hora com fuso declarado"."""
    caminho = tmp_path / "acessos.txt"
    caminho.write_text(
        "PIRACEMA BANK S.A. - Registros de acceso\n"
        "Fecha/Hora Acción Dispositivo\n"
        "2025-04-09 19:06:40 LOGIN Samsung Galaxy A15\n"
        "Dirección IP: ::ffff:177.40.105.74 Puerto de origen: 27440\n"
        "* Zona horaria: Coordinated Universal Time (UTC)\n",
        encoding="utf-8",
    )
    fuso, instante = _instantes(ExtratorBancario(), caminho, "txt")["177.40.105.74"]
    assert instante == "2025-04-09T19:06:40Z" and fuso in ("UTC", "Coordinated Universal Time (UTC)")


def test_preambulo_de_planilha_com_rotulo_e_valor(tmp_path: Path) -> None:
    caminho = tmp_path / "acessos.xlsx"
    livro = openpyxl.Workbook()
    aba = livro.active
    aba.title = "Accesos"
    aba.append(["Zona horaria: UTC-3"])
    aba.append([])
    aba.append(["Fecha/Hora", "IP", "Puerto"])
    aba.append(["4 de mayo de 2024 a las 15:20:11", "187.34.56.78", "443"])
    livro.save(caminho)
    assert _instantes(ExtratorBancario(), caminho, "xlsx")["187.34.56.78"] == ("UTC-3", "2024-05-04T18:20:11Z")


def test_declaracoes_em_tres_idiomas_e_armadilhas() -> None:
    assert fuso_declarado_na_linha("Horarios expresados en GMT-03:00") == "GMT-03:00"
    assert fuso_declarado_na_linha("(horários em hora oficial de Brasília)") == "hora oficial de Brasília"
    assert fuso_declarado_na_linha("Fuso: America/Sao_Paulo") == "America/Sao_Paulo"
    assert fuso_declarado_na_linha("Time zone: Coordinated Universal Time (UTC)") == "UTC"
    assert fuso_declarado_na_linha("Todos os horários estão em -03:00.") == "-03:00"
    # armadilhas: valor com sinal, data de emissão do documento, frase sem horário
    assert fuso_declarado_na_linha("Saldo de horas: -1200,00") is None
    assert fuso_declarado_na_linha("Generated 2024-01-01 10:00:00 UTC") is None
    assert fuso_declarado_na_linha("Conta: -03:00") is None
