"""A resposta da operadora sobre IP e porta (CGNAT): bloco de portas e sessão com início e fim.

É assim que a operadora diz de quem era um IP público: "IP_PUBLICO;PORTA_INICIAL;PORTA_FINAL;DATA_HORA_INICIO;
DATA_HORA_FIM;MSISDN". Antes, o IP levava só a porta inicial e um instante (o início, ou o fim, conforme a ordem das
colunas), e o acesso do banco na porta 40123, às 13:10:44, dentro da sessão das 13:05:12 às 13:31:40, saía fraco
("portas diferentes", "distam 5min32s"). Agora a porta do outro lado dentro do bloco, com o instante dentro da sessão,
é forte, e o validador refaz a conta (o instante citado cai entre o início e o fim citados).
"""

from __future__ import annotations

from pathlib import Path

import openpyxl

from perito.extratores.operadora import ExtratorOperadora
from perito.leitura.leitor import ler_documento
from perito.validador.agente import validar
from tests.conftest import conclusoes_do_caso

_TITULO = "TELEFONICA BRASIL S.A. - IDENTIFICACAO DE USUARIO POR IP/PORTA (horario de Brasilia)\n"
_NAT = (_TITULO + "IP_PUBLICO;PORTA_INICIAL;PORTA_FINAL;DATA_HORA_INICIO;DATA_HORA_FIM;MSISDN\n"
        "177.45.210.33;40064;40127;2025-08-02 13:05:12;2025-08-02 13:31:40;5511987654321\n")
_BANCO = ("Banco Exemplo S.A. - Registros de acesso ao Internet Banking\n"
          "Data;Hora;Fuso;IP;Porta;Operação\n"
          "01/08/2025;08:00:00;BRT;191.10.20.30;40000;Consulta de saldo\n"
          "02/08/2025;13:10:44;BRT;177.45.210.33;{porta};Login\n")


def _ips(caminho: Path) -> list[dict]:
    dados = ExtratorOperadora().extrair(ler_documento(caminho, caminho.name, caminho.suffix.lstrip("."))).dados
    return [d["metadados"] for d in dados if d["tipo_dado"] == "ip"]


def test_bloco_e_sessao_na_linha_do_csv_em_qualquer_ordem(tmp_path: Path) -> None:
    caminho = tmp_path / "nat.csv"
    caminho.write_text(_TITULO + "DATA_HORA_INICIO;DATA_HORA_FIM;IP_PUBLICO;PORTA_INICIAL;PORTA_FINAL\n"
                       "2025-08-02 13:05:12;2025-08-02 13:31:40;177.45.210.33;40064;40127\n", encoding="utf-8")
    [meta] = _ips(caminho)
    # o fim vem logo antes do IP, mas o instante do IP é o início da sessão
    assert (meta["porta"], meta["porta_final"]) == ("40064", "40127")
    assert (meta["instante_utc"], meta["instante_fim_utc"]) == ("2025-08-02T16:05:12Z", "2025-08-02T16:31:40Z")


def test_bloco_e_sessao_na_planilha(tmp_path: Path) -> None:
    livro = openpyxl.Workbook()
    folha = livro.active
    folha.append(["Resposta sobre IP e porta - horário de Brasília"])
    folha.append(["IP Público", "Porta inicial", "Porta final", "Data/hora início", "Data/hora fim"])
    folha.append(["177.45.210.33", 40064, 40127, "02/08/2025 13:05:12", "02/08/2025 13:31:40"])
    livro.save(tmp_path / "nat.xlsx")
    [meta] = _ips(tmp_path / "nat.xlsx")
    assert (meta["porta"], meta["porta_final"], meta["instante_fim_utc"]) == ("40064", "40127", "2025-08-02T16:31:40Z")


def test_inicio_e_fim_de_mais_de_um_dia_nao_sao_sessao(tmp_path: Path) -> None:
    caminho = tmp_path / "contrato.csv"
    caminho.write_text(_TITULO + "IP_PUBLICO;DATA_HORA_INICIO;DATA_HORA_FIM\n"
                       "177.45.210.33;2025-08-02 13:05:12;2025-09-02 13:05:12\n", encoding="utf-8")
    [meta] = _ips(caminho)
    assert "instante_fim_utc" not in meta


def _caso(tmp_path: Path, porta: str) -> Path:
    caso = tmp_path / "caso"
    caso.mkdir()
    (caso / "VIVO_IP_PORTA.csv").write_text(_NAT, encoding="utf-8")
    (caso / "log_banco.csv").write_text(_BANCO.format(porta=porta), encoding="utf-8")
    return caso


def test_porta_no_bloco_e_instante_na_sessao_e_forte_e_verificado(tmp_path: Path) -> None:
    caso = _caso(tmp_path, "40123")
    ip = next(c for c in conclusoes_do_caso(caso) if c["tipo"] == "convergencia_ip")
    assert ip["grau_confianca"] == "forte", ip["afirmacao"]
    assert "bloco de portas 40064 a 40127" in ip["afirmacao"]
    assert "cai dentro da sessão de conexão registrada em VIVO_IP_PORTA.csv" in ip["afirmacao"]
    assert ip["validacao"]["veredicto_geral"] == "VERIFICADO"
    # o banco adulterado para depois do fim da sessão: a conta não fecha mais
    (caso / "log_banco.csv").write_text(_BANCO.format(porta="40123").replace("13:10:44", "13:45:00"), encoding="utf-8")
    envelope = {"conclusoes": [{k: v for k, v in ip.items() if k != "validacao"}]}
    assert validar(envelope, caso, "2025-12-01")["validacoes"][0]["veredicto_geral"] != "VERIFICADO"


def test_porta_fora_do_bloco_nao_e_forte(tmp_path: Path) -> None:
    ip = next(c for c in conclusoes_do_caso(_caso(tmp_path, "40200")) if c["tipo"] == "convergencia_ip")
    assert ip["grau_confianca"] == "fraco"


def test_validador_refaz_a_conta_da_sessao() -> None:
    from perito.validador import figuras

    def conclusao(hora_banco: str) -> dict:
        return {
            "afirmacao": "O IP 177.45.210.33 aparece em nat.csv e em banco.csv; convertido para UTC, o instante em "
                         "banco.csv cai dentro da sessão de conexão registrada em nat.csv.",
            "referencias": [
                {"arquivo": "nat.csv", "dado_citado": "177.45.210.33 | 2025-08-02 13:05:12 | 2025-08-02 13:31:40"},
                {"arquivo": "nat.csv", "dado_citado": "horario de Brasilia"},
                {"arquivo": "banco.csv", "dado_citado": f"177.45.210.33 | 40123 | 02/08/2025 | {hora_banco} BRT"},
            ],
        }

    assert figuras.conferir(conclusao("13:10:44"), "") == []
    [problema] = figuras.conferir(conclusao("13:45:00"), "")
    assert problema.grave and "sessão" in problema.texto
