"""Regras do principal de ponta a ponta: documentos reais (TXT e CSV) escritos aqui, a análise inteira, e
toda referência produzida VERIFICADA pelo validador.

As regras de identidade (IP, IMEI, nome, telefone, titular, dispositivo, padrão temporal) são testadas
sobre lotes montados à mão em `tests/test_regras_graus.py`; aqui ficam as de dinheiro e poucos casos que
conferem as citações com o validador.
"""

from __future__ import annotations

from pathlib import Path

from perito.analise import Parametros, analisar
from tests.conftest import DATA

RELATO = "Boletim de Ocorrência nº 9/2025 - Delegacia de Polícia\n"
PROVEDOR = "Law Enforcement Response\nInternal Ticket Number 77\n"
EXTRATO = "Banco Teste S.A. - Extrato de Conta Corrente\n"


def _analisar(tmp_path: Path, arquivos: dict[str, str]) -> list[dict]:
    caso = tmp_path / "caso"
    caso.mkdir(parents=True)
    for nome, texto in arquivos.items():
        (caso / nome).write_text(texto, encoding="utf-8")
    resultado = analisar(Parametros(caso, tmp_path / "saida", data_analise=DATA))
    detalhes = [d for v in resultado.validacoes["validacoes"] for d in v["detalhes"]]
    assert [d for d in detalhes if d["status"] != "VERIFICADO"] == []
    return resultado.finais["conclusoes"]


def _do_tipo(conclusoes: list[dict], tipo: str) -> list[dict]:
    return [c for c in conclusoes if c["tipo"] == tipo]


# -- convergencia_nome e vinculo_telefone: citações conferidas pelo validador -----------------------

OPERADORA_CADASTRO = "Linha;Titular;CPF\n5511987654321;RICARDO PEREIRA SANTOS;347.821.560-90\n"


def test_mesmo_nome_com_o_mesmo_cpf_em_duas_familias_e_forte(tmp_path):
    conclusoes = _analisar(tmp_path, {
        "operadora.csv": OPERADORA_CADASTRO,
        "apreensao.txt": RELATO + "Apreendido em poder de Ricardo Pereira Santos, CPF 347.821.560-90\n",
    })
    [c] = _do_tipo(conclusoes, "convergencia_nome")
    assert c["grau_confianca"] == "forte" and "347.821.560-90" in c["afirmacao"]


def test_celular_antigo_de_8_digitos_fica_fora_do_forte(tmp_path):
    conclusoes = _analisar(tmp_path, {
        "operadora.csv": OPERADORA_CADASTRO,
        "provedor.txt": PROVEDOR + "Account Identifier +5511987654321\n",
        "relato.txt": RELATO + "Anotado em 2012: (11) 8765-4321\n",
    })
    por_grau = {c["grau_confianca"]: c for c in _do_tipo(conclusoes, "vinculo_telefone")}
    assert set(por_grau) == {"forte", "moderado"}
    assert "relato.txt" not in {r["arquivo"] for r in por_grau["forte"]["referencias"]}
    assert "nono dígito" in por_grau["moderado"]["afirmacao"]


# -- vinculo_financeiro, materialidade, identificacao_laranja ---------------------------------------

VITIMA = EXTRATO + (
    "Cliente: JOSÉ CARLOS DA SILVA CPF: 529.982.247-25\n"
    "Data Hora Histórico Valor Saldo\n"
    "15/03/2025 11:36:40 BRT PIX ENVIADO - MARIA OLIVEIRA LIMA -3.500,00 1.250,00\n"
)
RECEBEDORA = EXTRATO + (
    "Cliente: MARIA OLIVEIRA LIMA CPF: 111.444.777-35\n"
    "Data de abertura da conta: 02/03/2025\n"
    "Data Hora Histórico Valor Saldo\n"
    "12/03/2025 09:40:05 BRT PIX RECEBIDO - LUCIANA DIAS COSTA 750,00 750,00\n"
    "14/03/2025 10:00:00 BRT PIX RECEBIDO - PEDRO HENRIQUE ALVES 290,00 1.040,00\n"
    "15/03/2025 11:36:40 BRT PIX RECEBIDO - JOSE CARLOS DA SILVA 3.500,00 4.540,00\n"
    "15/03/2025 12:04:55 BRT PIX ENVIADO - RICARDO PEREIRA SANTOS -3.300,00 1.240,00\n"
)
BOLETIM = RELATO + "Vítima: JOSÉ CARLOS DA SILVA, CPF 529.982.247-25\nEnviou um PIX de R$ 3.500,00 em 15/03/2025\n"


def test_salto_entre_extratos_com_as_duas_contrapartes_e_moderado_porque_e_uma_familia(tmp_path):
    """Issue 14: dois extratos (banco e banco) são uma fonte só; as contrapartes se reconhecendo não fazem um forte."""
    conclusoes = _analisar(tmp_path, {"vitima.txt": VITIMA, "recebedora.txt": RECEBEDORA})
    [c] = _do_tipo(conclusoes, "vinculo_financeiro")
    assert c["grau_confianca"] == "moderado" and "mesma família" in c["afirmacao"]
    assert "-3.300,00" in c["afirmacao"] and "28min15s depois do crédito" in c["afirmacao"]


def test_mesmo_valor_em_outro_dia_nao_e_salto_nem_materialidade(tmp_path):
    outro_dia = RECEBEDORA.replace("15/03/2025 11:36:40 BRT PIX RECEBIDO", "16/03/2025 11:36:40 BRT PIX RECEBIDO")
    conclusoes = _analisar(tmp_path, {"vitima.txt": VITIMA, "recebedora.txt": outro_dia, "boletim.txt": BOLETIM})
    assert _do_tipo(conclusoes, "vinculo_financeiro") == []
    # o crédito de outro dia não é a transferência relatada; o débito do mesmo dia, no extrato da vítima, é
    [c] = _do_tipo(conclusoes, "materialidade")
    assert "está debitada no extrato de quem pagou (vitima.txt" in c["afirmacao"]
    assert "recebedora.txt" not in {r["arquivo"] for r in c["referencias"]}


def test_materialidade_com_a_vitima_como_pagadora_e_forte(tmp_path):
    conclusoes = _analisar(tmp_path, {"recebedora.txt": RECEBEDORA, "boletim.txt": BOLETIM})
    [c] = _do_tipo(conclusoes, "materialidade")
    assert c["grau_confianca"] == "forte" and "R$ 3.500,00" in c["afirmacao"]


def test_materialidade_sem_o_nome_da_vitima_no_historico_e_moderada(tmp_path):
    sem_nome = RECEBEDORA.replace("PIX RECEBIDO - JOSE CARLOS DA SILVA", "PIX RECEBIDO - FULANO DE TAL")
    conclusoes = _analisar(tmp_path, {"recebedora.txt": sem_nome, "boletim.txt": BOLETIM})
    [c] = _do_tipo(conclusoes, "materialidade")
    assert c["grau_confianca"] == "moderado"


def test_conta_laranja_de_um_extrato_so_e_no_maximo_moderada(tmp_path):
    """Issue 14: três indícios tirados só de extratos (uma família, banco) não fazem um laranja forte."""
    dois_repasses = RECEBEDORA + "12/03/2025 10:01:00 BRT PIX ENVIADO - RICARDO PEREIRA SANTOS -700,00 540,00\n"
    conclusoes = _analisar(tmp_path, {"vitima.txt": VITIMA, "recebedora.txt": dois_repasses})
    [c] = _do_tipo(conclusoes, "identificacao_laranja")
    assert c["grau_confianca"] == "moderado"
    for indicio in ("saem -3.300,00, 94% do que entrou", "28min15s depois", "conta aberta em 02/03/2025",
                    "3 pagadores distintos", "MARIA OLIVEIRA LIMA"):
        assert indicio in c["afirmacao"]
    assert "uma só família de fonte" in c["afirmacao"]


def test_conta_laranja_com_vitima_do_relato_e_forte(tmp_path):
    """Com o boletim da vítima (família relato) ao lado dos extratos, os indícios vêm de duas famílias."""
    conclusoes = _analisar(tmp_path, {"vitima.txt": VITIMA, "recebedora.txt": RECEBEDORA, "boletim.txt": BOLETIM})
    [c] = _do_tipo(conclusoes, "identificacao_laranja")
    assert c["grau_confianca"] == "forte"
    assert "recebeu de vítima que relatou a transferência" in c["afirmacao"]


def test_conta_sem_indicios_nao_e_laranja(tmp_path):
    comum = EXTRATO + (
        "Cliente: MARIA OLIVEIRA LIMA CPF: 111.444.777-35\n"
        "Data de abertura da conta: 02/03/2015\n"
        "Data Hora Histórico Valor Saldo\n"
        "15/03/2025 11:36:40 BRT PIX RECEBIDO - JOSE CARLOS DA SILVA 3.500,00 4.540,00\n"
    )
    conclusoes = _analisar(tmp_path, {"vitima.txt": VITIMA, "recebedora.txt": comum})
    assert _do_tipo(conclusoes, "identificacao_laranja") == []
    assert len(_do_tipo(conclusoes, "vinculo_financeiro")) == 1


# -- padrao_temporal e ordem das conclusões ---------------------------------------------------------


def _provedor_e_banco(provedor_hora: str) -> dict[str, str]:
    return {
        "provedor.txt": PROVEDOR + "Time IP Address Port\n" + f"2025-03-15 {provedor_hora} UTC 187.34.56.78 51234\n",
        "extrato.txt": EXTRATO + "Data Hora Histórico Valor Saldo\n15/03/2025 11:36:41 BRT IP Origem: 187.34.56.78:51234\n",
    }


def test_acesso_no_provedor_minutos_antes_da_transacao_e_padrao_temporal(tmp_path):
    conclusoes = _analisar(tmp_path, _provedor_e_banco("14:20:00"))
    [c] = _do_tipo(conclusoes, "padrao_temporal")
    assert c["grau_confianca"] == "moderado" and "vem 16min41s depois dele" in c["afirmacao"]


def test_ids_e_ordem_deterministicos(tmp_path):
    arquivos = {"vitima.txt": VITIMA, "recebedora.txt": RECEBEDORA, "boletim.txt": BOLETIM, **_provedor_e_banco("14:20:00")}
    primeira = _analisar(tmp_path / "1", arquivos)
    segunda = _analisar(tmp_path / "2", dict(reversed(list(arquivos.items()))))
    assert [(c["id"], c["tipo"], c["afirmacao"]) for c in primeira] == [(c["id"], c["tipo"], c["afirmacao"]) for c in segunda]
