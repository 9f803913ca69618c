"""O fuso dito só no nome da aba da planilha ("Acessos (UTC)"), sonda da 26ª sessão: a planilha do provedor com as
colunas Data, Hora, IP e Porta, sem fuso em célula nenhuma. Antes a convergência com a carta da operadora saía fraca
("sem data-hora com fuso declarado"); agora o nome da aba declara o fuso das células dela, citado no local
`nome da aba` (com `aba_planilha`), que o validador relê na planilha."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest
from openpyxl import Workbook

from perito.analise import Parametros, analisar
from perito.leitura import localizacao
from perito.leitura.leitor import ler_documento
from perito.validador.agente import validar

_CARTA = """TIM S.A. - Resposta ao Ofício 556/2025
IP: 189.40.77.212   Portas: 50000 a 50255
Início da sessão: 14/07/2025 14:02:00   Fim da sessão: 14/07/2025 16:40:00   (horário de Brasília)
Assinante: RAFAEL SOUZA PINTO   CPF: 083.016.613-05
"""


def _planilha(caminho: Path, aba: str, titulo: str | None = None) -> None:
    wb = Workbook()
    ws = wb.active
    ws.title = aba
    if titulo:
        ws.append([titulo])
    ws.append(["Data", "Hora", "Endereço IP", "Porta", "Evento"])
    ws.append(["14/07/2025", "18:21:07", "189.40.77.212", 50123, "Login"])
    cadastro = wb.create_sheet("Cadastro")
    cadastro.append(["E-mail", "marcela.fontes@email.com"])
    wb.save(caminho)


def _analisar(tmp_path: Path, aba: str, titulo: str | None = None) -> tuple[Path, dict]:
    caso = tmp_path / "caso"
    caso.mkdir()
    (caso / "resposta_operadora.txt").write_text(_CARTA, encoding="utf-8")
    _planilha(caso / "resposta_provedor.xlsx", aba, titulo)
    analisar(Parametros(caso, tmp_path / "saida", data_analise="2025-12-01"))
    return caso, json.loads((tmp_path / "saida" / "conclusoes.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("aba", ["Acessos (UTC)", "Logins - UTC", "Registros em UTC"])
def test_o_nome_da_aba_declara_o_fuso(tmp_path: Path, aba: str) -> None:
    _, conclusoes = _analisar(tmp_path, aba)
    (convergencia,) = [c for c in conclusoes["conclusoes"] if c["tipo"] == "convergencia_ip"]
    assert convergencia["grau_confianca"] == "forte"
    assert "cai dentro da sessão de conexão" in convergencia["afirmacao"]
    (nome,) = [r for r in convergencia["referencias"] if r["linha_ou_celula"] == localizacao.NOME_DA_ABA]
    assert (nome["aba_planilha"], nome["dado_citado"]) == (aba, "UTC")
    assert {c["validacao"]["veredicto_geral"] for c in conclusoes["conclusoes"]} == {"VERIFICADO"}


def test_a_aba_sem_fuso_no_nome_nao_declara(tmp_path: Path) -> None:
    """Armadilha: "Acessos" não diz fuso; a convergência continua fraca, sem simultaneidade afirmada."""
    _, conclusoes = _analisar(tmp_path, "Acessos")
    (convergencia,) = [c for c in conclusoes["conclusoes"] if c["tipo"] == "convergencia_ip"]
    assert convergencia["grau_confianca"] == "fraco"
    assert not any(r["linha_ou_celula"] == localizacao.NOME_DA_ABA for r in convergencia["referencias"])


def test_o_nome_e_o_titulo_que_discordam_nao_dao_fuso(tmp_path: Path) -> None:
    """Armadilha: a aba "Acessos (UTC)" com a célula de título "Horários em horário de Brasília": a planilha se
    contradiz, e nenhum dos dois vale."""
    _, conclusoes = _analisar(tmp_path, "Acessos (UTC)", "Horários em horário de Brasília")
    (convergencia,) = [c for c in conclusoes["conclusoes"] if c["tipo"] == "convergencia_ip"]
    assert convergencia["grau_confianca"] == "fraco"


def test_o_validador_rele_o_nome_da_aba(tmp_path: Path) -> None:
    """O nome da aba citado noutra aba (que não diz fuso) não confirma o fuso; uma aba que não existe não é achada."""
    caso, conclusoes = _analisar(tmp_path, "Acessos (UTC)")
    (convergencia,) = [c for c in conclusoes["conclusoes"] if c["tipo"] == "convergencia_ip"]
    for outra, esperado in (("Cadastro", {"AMBIGUO", "CONTRADITO"}), ("Inexistente", {"EXTRACAO_FALHOU"})):
        trocada = copy.deepcopy(convergencia)
        trocada["validacao"] = None
        (nome,) = [r for r in trocada["referencias"] if r["linha_ou_celula"] == localizacao.NOME_DA_ABA]
        nome["aba_planilha"] = outra
        detalhes = validar({**conclusoes, "conclusoes": [trocada]}, caso, "2025-12-01")["validacoes"][0]["detalhes"]
        (status,) = [d["status"] for d in detalhes if d["linha_ou_celula"] == localizacao.NOME_DA_ABA]
        assert status in esperado, (outra, status)


def test_o_nome_da_aba_e_um_local_so_de_planilha(tmp_path: Path) -> None:
    caminho = tmp_path / "p.xlsx"
    _planilha(caminho, "Acessos (UTC)")
    documento = ler_documento(caminho, caminho.name, "xlsx")
    trecho = documento.trecho(None, localizacao.NOME_DA_ABA, "Acessos (UTC)")
    assert trecho is not None and trecho.texto == "Acessos (UTC)"
    assert documento.trecho(None, localizacao.NOME_DA_ABA, "Outra") is None
    assert localizacao.interpretar("Nome da aba") == localizacao.Local("nome_da_aba", 0)
