"""O validador relê os documentos: mutações nas referências nunca saem VERIFICADO."""

from __future__ import annotations

import copy

import pytest

from perito.validador.agente import validar, veredicto_geral
from tests.conftest import CASO_DEMO, DATA

META = {
    "arquivo": "resposta_meta_whatsapp.pdf",
    "pagina": 1,
    "linha_ou_celula": "linha 12",
    "dado_citado": "187.34.56.78:51234 2025-03-15 14:32:17 UTC",
    "extrator_id": "extrator_provedores_01",
}
LOG = {
    "arquivo": "log_internet_banking.csv",
    "pagina": None,
    "linha_ou_celula": "linha 4",
    "dado_citado": "187.34.56.78:51234 15/03/2025 11:34:02 BRT",
    "extrator_id": "extrator_bancario_01",
}
EXTRATO = {
    "arquivo": "extrato_conta_corrente.pdf",
    "pagina": 1,
    "linha_ou_celula": "linha 7",
    "dado_citado": "15/03/2025 11:36:40 BRT -3.500,00",
    "extrator_id": "extrator_bancario_01",
}
BOLETIM = {
    "arquivo": "boletim_ocorrencia.txt",
    "pagina": None,
    "linha_ou_celula": "linha 5",
    "dado_citado": "JOSE CARLOS DA SILVA 529.982.247-25",
    "extrator_id": "extrator_generico_01",
}


def _status(ref, caso=CASO_DEMO, hashes=None):
    conclusoes = {
        "conclusoes": [{"id": 1, "tipo": "outro", "afirmacao": "teste", "grau_confianca": "fraco", "referencias": [ref], "validacao": None}],
        "caso_id": "t",
        "data_analise": DATA,
    }
    detalhe = validar(conclusoes, caso, DATA, hashes)["validacoes"][0]["detalhes"][0]
    return detalhe["status"], detalhe


def _com(ref, **mudancas):
    novo = copy.deepcopy(ref)
    novo.update(mudancas)
    return novo


@pytest.mark.parametrize("ref", [META, LOG, EXTRATO, BOLETIM], ids=["pdf", "csv", "extrato", "txt"])
def test_referencias_corretas_sao_verificadas(ref):
    status, detalhe = _status(ref)
    assert status == "VERIFICADO", detalhe["observacao"]
    assert detalhe["texto_encontrado"]


def test_nome_sem_acento_bate_mas_nao_e_match_exato():
    _, detalhe = _status(BOLETIM)
    assert detalhe["match_exato"] is False  # "JOSE" vs "JOSÉ" no documento


def test_um_digito_do_ip_trocado_e_contradito():
    status, detalhe = _status(_com(META, dado_citado="187.34.56.79:51234 2025-03-15 14:32:17 UTC"))
    assert status == "CONTRADITO"
    assert "187.34.56.78" in detalhe["observacao"]


def test_um_digito_do_cpf_trocado_e_contradito():
    status, _ = _status(_com(BOLETIM, dado_citado="JOSE CARLOS DA SILVA 529.982.247-26"))
    assert status == "CONTRADITO"


def test_valor_trocado_e_contradito():
    status, _ = _status(_com(EXTRATO, dado_citado="15/03/2025 11:36:40 BRT -3.600,00"))
    assert status == "CONTRADITO"


def test_data_trocada_e_contradita():
    status, _ = _status(_com(LOG, dado_citado="187.34.56.78:51234 16/03/2025 11:34:02 BRT"))
    assert status == "CONTRADITO"


def test_hora_um_segundo_errada_e_ambigua():
    status, detalhe = _status(_com(META, dado_citado="187.34.56.78:51234 2025-03-15 14:32:18 UTC"))
    assert status == "AMBIGUO"
    assert "14:32:17" in detalhe["observacao"]


def test_fuso_trocado_nao_e_verificado():
    status, _ = _status(_com(META, dado_citado="187.34.56.78:51234 2025-03-15 14:32:17 BRT"))
    assert status == "AMBIGUO"


def test_fuso_equivalente_e_aceito():
    status, detalhe = _status(_com(LOG, dado_citado="187.34.56.78:51234 15/03/2025 11:34:02 -03:00"))
    assert status == "VERIFICADO"
    assert detalhe["match_exato"] is False


def test_porta_trocada_nao_e_verificada():
    status, _ = _status(_com(META, dado_citado="187.34.56.78:51235 2025-03-15 14:32:17 UTC"))
    assert status != "VERIFICADO"


def test_pagina_inexistente_nao_e_verificada():
    status, detalhe = _status(_com(META, pagina=9))
    assert status == "EXTRACAO_FALHOU"
    assert "página 9 não existe" in detalhe["observacao"]


def test_linha_inexistente_nao_e_verificada():
    status, detalhe = _status(_com(META, linha_ou_celula="linha 99"))
    assert status == "EXTRACAO_FALHOU"


def test_linha_errada_aponta_onde_o_valor_esta():
    status, detalhe = _status(_com(META, linha_ou_celula="linha 13"))
    assert status == "CONTRADITO"  # a linha 13 tem outro IP
    assert "encontrado em linha 12" in detalhe["observacao"]


def test_arquivo_errado_nao_e_verificado():
    status, _ = _status(_com(LOG, arquivo="extrato_conta_corrente.pdf", pagina=1))
    assert status != "VERIFICADO"


def test_arquivo_inexistente_ou_fora_do_caso_falha():
    assert _status(_com(LOG, arquivo="nao_existe.csv"))[0] == "EXTRACAO_FALHOU"
    for fora in ("../caso_demo/log_internet_banking.csv", "/etc/passwd", "../../etc/passwd"):
        status, detalhe = _status(_com(LOG, arquivo=fora))
        assert status == "EXTRACAO_FALHOU", fora
        assert "caminho relativo" in detalhe["observacao"]


def test_arquivo_alterado_depois_da_analise_falha(caso_demo):
    hashes = {LOG["arquivo"]: "0" * 64}
    status, detalhe = _status(LOG, caso_demo, hashes)
    assert status == "EXTRACAO_FALHOU"
    assert "mudou desde a análise" in detalhe["observacao"]


def test_pagina_em_csv_nao_e_aceita():
    status, _ = _status(_com(LOG, pagina=1))
    assert status == "EXTRACAO_FALHOU"


@pytest.mark.parametrize(
    "status,esperado",
    [
        (["VERIFICADO", "VERIFICADO"], "VERIFICADO"),
        (["VERIFICADO", "AMBIGUO"], "AMBIGUO"),
        (["VERIFICADO", "EXTRACAO_FALHOU"], "AMBIGUO"),
        (["AMBIGUO", "CONTRADITO"], "CONTRADITO"),
        (["EXTRACAO_FALHOU", "CONTRADITO", "VERIFICADO"], "CONTRADITO"),
    ],
)
def test_veredicto_geral_segue_a_secao_4(status, esperado):
    assert veredicto_geral(status) == esperado


def _caso_porta(tmp_path):
    caso = tmp_path / "caso"
    caso.mkdir()
    (caso / "acessos.txt").write_text(
        "Registro de acessos\nAcesso 187.34.56.78:51234 em 15/03/2025 11:34:02 BRT, 4431 bytes\n", encoding="utf-8")
    (caso / "acessos.csv").write_text(
        "Data;Hora;Fuso;IP;Porta;Bytes\n15/03/2025;11:34:02;BRT;187.34.56.78;51234;4431\n", encoding="utf-8")
    return caso


@pytest.mark.parametrize(("arquivo", "linha"), [("acessos.txt", "linha 2"), ("acessos.csv", "linha 2")])
def test_issue12_porta_so_na_posicao_de_porta(tmp_path, arquivo, linha):
    """Issue 12, defeito 6: a porta contava como presente se qualquer número da linha fosse igual a ela.

    4431 está na linha (bytes), mas não depois do `:` do IP nem na coluna Porta: não é a porta.
    """
    caso = _caso_porta(tmp_path)
    ref = {"arquivo": arquivo, "pagina": None, "linha_ou_celula": linha, "extrator_id": "extrator_provedores_01"}
    status, _ = _status({**ref, "dado_citado": "187.34.56.78:51234 15/03/2025 11:34:02 BRT"}, caso)
    assert status == "VERIFICADO"
    status, detalhe = _status({**ref, "dado_citado": "187.34.56.78:4431 15/03/2025 11:34:02 BRT"}, caso)
    assert status != "VERIFICADO" and "porta 4431 não está no local" in detalhe["observacao"]


@pytest.mark.parametrize("cabecalho", ["src_port", "Porta (origem)", "Source Port", "PORTA_ORIGEM"])
def test_coluna_de_porta_reconhecida_pelas_palavras_do_cabecalho(tmp_path, cabecalho):
    """A coluna de porta de um log real raramente se chama só "Porta": `src_port`, `Porta (origem)`..."""
    caso = tmp_path / "caso"
    caso.mkdir()
    (caso / "log.csv").write_text(
        f"data_hora,tz,src_ip,{cabecalho},bytes\n2025-01-08 17:26:55,+00:00,186.211.93.58,53871,4431\n", encoding="utf-8")
    ref = {"arquivo": "log.csv", "pagina": None, "linha_ou_celula": "linha 2", "extrator_id": "extrator_bancario_01"}
    status, _ = _status({**ref, "dado_citado": "186.211.93.58:53871 2025-01-08 17:26:55 +00:00"}, caso)
    assert status == "VERIFICADO"
    status, _ = _status({**ref, "dado_citado": "186.211.93.58:4431 2025-01-08 17:26:55 +00:00"}, caso)
    assert status != "VERIFICADO"


def test_coluna_de_porta_com_linha_de_titulo_acima_do_cabecalho(tmp_path):
    """Regressão: com um título na linha 1, o validador tomava o título por cabeçalho e não achava a porta."""
    caso = tmp_path / "caso"
    caso.mkdir()
    (caso / "log.csv").write_text("Registro de acessos - horário de Brasília\nData;Hora;Endereço IP;Porta (origem)\n"
                                  "10/02/2025;10:22:31;189.45.12.100;51234\n", encoding="utf-8")
    ref = {"arquivo": "log.csv", "pagina": None, "linha_ou_celula": "linha 3", "extrator_id": "extrator_bancario_01"}
    status, _ = _status({**ref, "dado_citado": "189.45.12.100:51234 | 10/02/2025 | 10:22:31"}, caso)
    assert status == "VERIFICADO"
