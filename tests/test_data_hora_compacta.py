"""Data e hora compactas ("20250802131044") numa coluna de tempo: bilhetagem e registros de conexão de operadora.

Antes, a célula era um número solto: nenhum instante, e o IP do registro de conexão não convergia no tempo com o
log do banco. Agora a coluna que fala de tempo (`DTHR_INICIO`, `DATA_HORA`) lê o número como data e hora locais,
com o fuso do contexto; o validador decompõe o número citado em data e hora. Armadilhas: a mesma forma numa coluna de
protocolo não é instante; o número adulterado no documento não é sustentado.
"""

from __future__ import annotations

import json
from pathlib import Path

import openpyxl

from perito.chaves import tempo_formas
from perito.chaves.valores import decompor
from perito.extratores.operadora import ExtratorOperadora
from perito.leitura.leitor import ler_documento
from perito.validador.agente import validar
from tests.conftest import conclusoes_do_caso

_CONEXOES = (
    "TIM S.A. - Resposta ao Ofício 77/2025 - Registros de conexão (horário de Brasília)\n"
    "MSISDN;IP_PUBLICO;PORTA_ORIGEM;DTHR_INICIO;DTHR_FIM;PROTOCOLO\n"
    "5511987654321;177.45.10.20;40123;20250802131044;20250802140000;20250802131050\n"
    "5511987654321;177.45.10.99;51000;20250803094500;20250803100000;20250803094501\n"
)
_LOG_DO_BANCO = (
    "Banco Exemplo S.A. - log de acessos ao internet banking\n"
    "data_hora_utc;ip;porta;evento;cpf\n"
    "2025-08-02 16:12:03;177.45.10.20;40123;LOGIN;111.444.777-35\n"
)


def test_ler_compacto_com_e_sem_separador_e_datas_invalidas() -> None:
    assert tempo_formas.ler_compacto("20250802131044") is not None
    assert str(tempo_formas.ler_compacto("20250802 131044")) == str(tempo_formas.ler_compacto("20250802T131044"))
    assert tempo_formas.ler_compacto("20250431131044") is None  # 31 de abril
    assert tempo_formas.ler_compacto("20250802241044") is None  # 24 h
    assert tempo_formas.ler_compacto("19250802131044") is None  # fora de 1990-2039


def test_decompor_le_data_e_hora_do_numero_compacto() -> None:
    valores = decompor("5511987654321;177.45.10.20;40123;20250802131044")
    assert ("data", "2025-08-02") in {(v.tipo, v.normal) for v in valores}
    assert ("hora", "13:10:44") in {(v.tipo, v.normal) for v in valores}
    assert not any(v.tipo == "data" for v in decompor("protocolo 120250802131044"))  # colado a outro dígito


def _dados(arquivo: Path) -> list[dict]:
    return ExtratorOperadora().extrair(ler_documento(arquivo, arquivo.name, arquivo.suffix.lstrip("."))).dados


def test_coluna_de_tempo_compacta_vira_instante_com_o_fuso_do_titulo(tmp_path: Path) -> None:
    arquivo = tmp_path / "conexoes.csv"
    arquivo.write_text(_CONEXOES, encoding="utf-8")
    datas = [d for d in _dados(arquivo) if d["campo"] == "data_evento"]
    # só as colunas de tempo; a de protocolo, com o mesmo desenho, não é instante
    assert sorted(d["dado"] for d in datas) == ["20250802131044", "20250802140000", "20250803094500", "20250803100000"]
    primeira = next(d for d in datas if d["dado"] == "20250802131044")
    assert primeira["metadados"]["instante_utc"] == "2025-08-02T16:10:44Z"  # horário de Brasília (UTC-3 em agosto)


def test_celula_numerica_do_xlsx(tmp_path: Path) -> None:
    livro = openpyxl.Workbook()
    folha = livro.active
    folha.append(["Registros de conexão - horário de Brasília"])
    folha.append(["Linha", "IP", "Porta", "Data Hora"])
    folha.append(["11987654321", "177.45.10.20", 40123, 20250802131044])
    livro.save(tmp_path / "conexoes.xlsx")
    datas = [d for d in _dados(tmp_path / "conexoes.xlsx") if d["campo"] == "data_evento"]
    assert [d["metadados"].get("instante_utc") for d in datas] == ["2025-08-02T16:10:44Z"]


def _caso(tmp_path: Path, conexoes: str) -> Path:
    caso = tmp_path / "caso"
    caso.mkdir()
    (caso / "conexoes_tim.csv").write_text(conexoes, encoding="utf-8")
    (caso / "log_banco.csv").write_text(_LOG_DO_BANCO, encoding="utf-8")
    return caso


def test_convergencia_ip_no_tempo_verificada(tmp_path: Path) -> None:
    conclusoes = conclusoes_do_caso(_caso(tmp_path, _CONEXOES))
    ip = next(c for c in conclusoes if c["tipo"] == "convergencia_ip" and "177.45.10.20" in c["afirmacao"])
    assert "20250802131044 (2025-08-02 13:10:44) horário de Brasília até 20250802140000" in ip["afirmacao"]
    # 13:10:44 a 14:00:00 BRT = 16:10:44 a 17:00:00 UTC; o banco, 16:12:03 UTC: dentro da sessão
    assert "cai dentro da sessão de conexão registrada em conexoes_tim.csv" in ip["afirmacao"]
    assert ip["validacao"]["veredicto_geral"] == "VERIFICADO", json.dumps(ip["validacao"], ensure_ascii=False)
    # o "utc" do nome de coluna em minúsculas ("data_hora_utc") é a declaração relida
    assert any("'utc'" in d["observacao"] for d in ip["validacao"]["detalhes"])


def test_hora_adulterada_no_documento_nao_e_sustentada(tmp_path: Path) -> None:
    caso = _caso(tmp_path, _CONEXOES)
    conclusoes = conclusoes_do_caso(caso)
    ip = next(c for c in conclusoes if c["tipo"] == "convergencia_ip" and "177.45.10.20" in c["afirmacao"])
    (caso / "conexoes_tim.csv").write_text(_CONEXOES.replace(";20250802131044;2025", ";20250802141044;2025"),
                                           encoding="utf-8")
    envelope = {"conclusoes": [{k: v for k, v in ip.items() if k != "validacao"}]}
    revalidada = validar(envelope, caso, "2025-12-01")["validacoes"][0]
    assert revalidada["veredicto_geral"] != "VERIFICADO"
