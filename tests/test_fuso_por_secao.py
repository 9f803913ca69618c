"""Fusos diferentes por seção: "Os horários abaixo estão em UTC" antes de uma lista, "horário de Brasília" antes
da outra.

Antes, a segunda frase (depois de uma data-hora) valia para a página inteira: os horários da primeira seção, escritos
em UTC, ganhavam o fuso de Brasília, três horas de erro sem aviso nenhum. Com as duas frases no escopo do documento
(registros em tabela), nenhuma valia.
"""

from __future__ import annotations

from pathlib import Path

from tests.conftest import DATA, conclusoes_dos_textos, dados_da_pasta

DUAS_SECOES = ("Resposta do provedor\n"
               "Os horários abaixo estão em UTC.\n"
               "IP: 177.45.10.2  Data: 2025-03-15 14:33:50  Porta: 51234\n"
               "IP: 177.45.10.3  Data: 2025-03-15 14:40:00  Porta: 51235\n"
               "Os horários a seguir estão no horário de Brasília.\n"
               "IP: 200.1.2.3  Data: 2025-03-15 15:00:00  Porta: 40000\n")


LOG_DO_BANCO = "Data;Hora (BRT);IP;Porta\n15/03/2025;11:34:02;177.45.10.2;51234\n"


def _instantes(pasta: Path) -> dict[str, str | None]:
    return {d["dado"]: d["metadados"].get("instante_utc") for d in dados_da_pasta(pasta) if d["tipo_dado"] == "ip"}


def test_cada_secao_de_linhas_com_o_seu_fuso(tmp_path: Path) -> None:
    (tmp_path / "resposta.txt").write_text(DUAS_SECOES, encoding="utf-8")
    assert _instantes(tmp_path) == {"177.45.10.2": "2025-03-15T14:33:50Z", "177.45.10.3": "2025-03-15T14:40:00Z",
                                    "200.1.2.3": "2025-03-15T18:00:00Z"}


def test_cada_secao_de_tabela_com_o_seu_fuso(tmp_path: Path) -> None:
    (tmp_path / "resposta.txt").write_text(
        "Acessos da conta\nOs horários abaixo estão em UTC.\nData;Hora;IP\n2025-03-15;14:33:50;177.45.10.2\n"
        "Os horários a seguir estão no horário de Brasília.\nData;Hora;IP\n2025-03-15;15:00:00;200.1.2.3\n",
        encoding="utf-8")
    assert _instantes(tmp_path) == {"177.45.10.2": "2025-03-15T14:33:50Z", "200.1.2.3": "2025-03-15T18:00:00Z"}


def test_armadilha_rodape_que_contradiz_o_cabecalho_nao_escolhe(tmp_path: Path) -> None:
    # em cima UTC, no rodapé Brasília: o documento se contradiz, e nenhum dos dois vale (como antes)
    (tmp_path / "resposta.txt").write_text(
        "Os horários estão em UTC.\nIP: 177.45.10.2  Data: 2025-03-15 14:33:50\n"
        "IP: 200.1.2.3  Data: 2025-03-15 15:00:00\n* Horários no horário de Brasília.\n", encoding="utf-8")
    assert _instantes(tmp_path) == {"177.45.10.2": None, "200.1.2.3": None}


def test_armadilha_uma_frase_so_vale_tambem_acima_dela(tmp_path: Path) -> None:
    # uma frase só (sem fusos diferentes): a data da abertura da conta, acima dela, continua com o fuso dela
    (tmp_path / "resposta.txt").write_text(
        "Conta aberta em 2025-01-10 09:00:00 pelo IP 189.1.2.3\nTodos os horários em UTC.\n"
        "IP: 177.45.10.2  Data: 2025-03-15 14:33:50\n", encoding="utf-8")
    assert _instantes(tmp_path) == {"189.1.2.3": "2025-01-10T09:00:00Z", "177.45.10.2": "2025-03-15T14:33:50Z"}


def test_a_convergencia_da_secao_em_utc(tmp_path: Path) -> None:
    conclusoes = conclusoes_dos_textos(tmp_path, {"resposta.txt": DUAS_SECOES, "log_banco.csv": LOG_DO_BANCO}, DATA)
    [ip] = [c for c in conclusoes if c["tipo"] == "convergencia_ip"]
    assert "2025-03-15 14:33:50 UTC" in ip["afirmacao"] and "distam 12s" in ip["afirmacao"]
    assert ip["validacao"]["veredicto_geral"] == "VERIFICADO"
