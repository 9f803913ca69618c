"""Cada regra do principal: o caso que deve dar a conclusão (com o grau) e as armadilhas que não podem.

Os casos são pastas com documentos reais (TXT e CSV) escritos aqui; a análise roda
inteira, e toda referência produzida tem de ser VERIFICADA pelo validador.
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


# -- convergencia_imei ---------------------------------------------------------------------

OPERADORA_IMEI = "Linha;IMEI;Data Início\n5511987654321;353328114529074;20/02/2025\n"


def test_imei_igual_em_duas_familias_e_forte(tmp_path):
    conclusoes = _analisar(tmp_path, {
        "operadora_imei.csv": OPERADORA_IMEI,
        "apreensao.txt": RELATO + "Aparelho apreendido, IMEI: 35 332811 452907 4\n",
    })
    [c] = _do_tipo(conclusoes, "convergencia_imei")
    assert c["grau_confianca"] == "forte"


def test_imeisv_e_imei_sem_digito_encontram_o_mesmo_corpo(tmp_path):
    conclusoes = _analisar(tmp_path, {
        "operadora_imei.csv": OPERADORA_IMEI,
        "apreensao.txt": RELATO + "IMEISV: 35332811452907 01\n",
    })
    assert [c["grau_confianca"] for c in _do_tipo(conclusoes, "convergencia_imei")] == ["forte"]


def test_imei_com_digito_de_luhn_errado_rebaixa_e_diz(tmp_path):
    conclusoes = _analisar(tmp_path, {
        "operadora_imei.csv": OPERADORA_IMEI,
        "apreensao.txt": RELATO + "IMEI: 353328114529075\n",  # mesmo corpo, dígito verificador errado
    })
    [c] = _do_tipo(conclusoes, "convergencia_imei")
    assert c["grau_confianca"] == "moderado"
    assert "Luhn de 353328114529075 é inválido" in c["afirmacao"]


def test_imei_diferente_nao_converge(tmp_path):
    conclusoes = _analisar(tmp_path, {
        "operadora_imei.csv": OPERADORA_IMEI,
        "apreensao.txt": RELATO + "IMEI: 358745091183267\n",
    })
    assert _do_tipo(conclusoes, "convergencia_imei") == []


# -- convergencia_nome -----------------------------------------------------------------------

OPERADORA_CADASTRO = "Linha;Titular;CPF\n5511987654321;RICARDO PEREIRA SANTOS;347.821.560-90\n"


def test_mesmo_nome_com_o_mesmo_cpf_em_duas_familias_e_forte(tmp_path):
    conclusoes = _analisar(tmp_path, {
        "operadora.csv": OPERADORA_CADASTRO,
        "apreensao.txt": RELATO + "Apreendido em poder de Ricardo Pereira Santos, CPF 347.821.560-90\n",
    })
    [c] = _do_tipo(conclusoes, "convergencia_nome")
    assert c["grau_confianca"] == "forte" and "347.821.560-90" in c["afirmacao"]


def test_homonimo_com_cpf_diferente_nao_converge(tmp_path):
    conclusoes = _analisar(tmp_path, {
        "operadora.csv": OPERADORA_CADASTRO,
        "apreensao.txt": RELATO + "Testemunha: RICARDO PEREIRA SANTOS, CPF 529.982.247-25\n",
    })
    assert _do_tipo(conclusoes, "convergencia_nome") == []


def test_nome_sem_cpf_de_um_lado_e_moderado(tmp_path):
    conclusoes = _analisar(tmp_path, {
        "operadora.csv": OPERADORA_CADASTRO,
        "relato.txt": RELATO + "Investigado: RICARDO PEREIRA SANTOS\n",
    })
    [c] = _do_tipo(conclusoes, "convergencia_nome")
    assert c["grau_confianca"] == "moderado" and "homônimo" in c["afirmacao"]


# -- vinculo_telefone e identificacao_titular ----------------------------------------------------


def test_mesmo_numero_escrito_de_formas_diferentes_e_forte(tmp_path):
    conclusoes = _analisar(tmp_path, {
        "operadora.csv": OPERADORA_CADASTRO,
        "relato.txt": RELATO + "Mensagens do número +55 11 98765-4321\n",
    })
    [c] = _do_tipo(conclusoes, "vinculo_telefone")
    assert c["grau_confianca"] == "forte" and "+5511987654321" in c["afirmacao"]


def test_telefones_com_um_digito_de_diferenca_nao_se_ligam(tmp_path):
    conclusoes = _analisar(tmp_path, {
        "operadora.csv": OPERADORA_CADASTRO,
        "relato.txt": RELATO + "Mensagens do número +55 11 98765-4322\n",
    })
    assert _do_tipo(conclusoes, "vinculo_telefone") == []
    assert _do_tipo(conclusoes, "identificacao_titular") == []


def test_celular_antigo_de_8_digitos_e_vinculo_moderado(tmp_path):
    conclusoes = _analisar(tmp_path, {
        "operadora.csv": OPERADORA_CADASTRO,
        "relato.txt": RELATO + "Anotado em 2012: (11) 8765-4321\n",
    })
    [c] = _do_tipo(conclusoes, "vinculo_telefone")
    assert c["grau_confianca"] == "moderado" and "nono dígito" in c["afirmacao"]


def test_titular_da_linha_cresce_com_as_familias(tmp_path):
    duas = _analisar(tmp_path / "a", {
        "operadora.csv": OPERADORA_CADASTRO,
        "relato.txt": RELATO + "Mensagens do número +55 11 98765-4321\n",
    })
    [c] = _do_tipo(duas, "identificacao_titular")
    assert c["grau_confianca"] == "moderado" and "RICARDO PEREIRA SANTOS" in c["afirmacao"]
    tres = _analisar(tmp_path / "b", {
        "operadora.csv": OPERADORA_CADASTRO,
        "relato.txt": RELATO + "Mensagens do número +55 11 98765-4321\n",
        "provedor.txt": PROVEDOR + "Account Identifier +5511987654321\n",
    })
    [c] = _do_tipo(tres, "identificacao_titular")
    assert c["grau_confianca"] == "forte"


def test_linha_que_so_o_cadastro_menciona_nao_e_identificada(tmp_path):
    conclusoes = _analisar(tmp_path, {"operadora.csv": OPERADORA_CADASTRO, "relato.txt": RELATO + "Nada a declarar.\n"})
    assert _do_tipo(conclusoes, "identificacao_titular") == []


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


def test_salto_entre_extratos_com_as_duas_contrapartes_e_forte(tmp_path):
    conclusoes = _analisar(tmp_path, {"vitima.txt": VITIMA, "recebedora.txt": RECEBEDORA})
    [c] = _do_tipo(conclusoes, "vinculo_financeiro")
    assert c["grau_confianca"] == "forte"
    assert "-3.300,00" in c["afirmacao"] and "28min15s depois do crédito" in c["afirmacao"]


def test_mesmo_valor_em_outro_dia_nao_e_salto_nem_materialidade(tmp_path):
    outro_dia = RECEBEDORA.replace("15/03/2025 11:36:40 BRT PIX RECEBIDO", "16/03/2025 11:36:40 BRT PIX RECEBIDO")
    conclusoes = _analisar(tmp_path, {"vitima.txt": VITIMA, "recebedora.txt": outro_dia, "boletim.txt": BOLETIM})
    assert _do_tipo(conclusoes, "vinculo_financeiro") == []
    assert _do_tipo(conclusoes, "materialidade") == []


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
    conclusoes = _analisar(tmp_path, {"vitima.txt": VITIMA, "recebedora.txt": RECEBEDORA})
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


# -- padrao_temporal e convergencia_dispositivo ---------------------------------------------------


def _provedor_e_banco(provedor_hora: str) -> dict[str, str]:
    return {
        "provedor.txt": PROVEDOR + "Time IP Address Port\n" + f"2025-03-15 {provedor_hora} UTC 187.34.56.78 51234\n",
        "extrato.txt": EXTRATO + "Data Hora Histórico Valor Saldo\n15/03/2025 11:36:41 BRT IP Origem: 187.34.56.78:51234\n",
    }


def test_acesso_no_provedor_minutos_antes_da_transacao_e_padrao_temporal(tmp_path):
    conclusoes = _analisar(tmp_path, _provedor_e_banco("14:20:00"))
    [c] = _do_tipo(conclusoes, "padrao_temporal")
    assert c["grau_confianca"] == "moderado" and "16min41s depois do último" in c["afirmacao"]


def test_mesmo_horario_de_relogio_em_utc_e_brt_nao_e_padrao(tmp_path):
    conclusoes = _analisar(tmp_path, _provedor_e_banco("11:36:41"))  # 11:36:41 UTC é 3 h antes de 11:36:41 BRT
    assert _do_tipo(conclusoes, "padrao_temporal") == []
    assert all(c["grau_confianca"] != "forte" for c in _do_tipo(conclusoes, "convergencia_ip"))


def test_mesmo_modelo_de_aparelho_e_sempre_fraco(tmp_path):
    conclusoes = _analisar(tmp_path, {
        "provedor.txt": PROVEDOR + "Device Model SM-A546E\n",
        "apreensao.txt": RELATO + "Item 1: aparelho celular, modelo: SM-A546E (Samsung Galaxy A54), cor preta\n",
    })
    [c] = _do_tipo(conclusoes, "convergencia_dispositivo")
    assert c["grau_confianca"] == "fraco" and "Samsung Galaxy A54 5G" in c["afirmacao"]


def test_ids_e_ordem_deterministicos(tmp_path):
    arquivos = {"vitima.txt": VITIMA, "recebedora.txt": RECEBEDORA, "boletim.txt": BOLETIM, **_provedor_e_banco("14:20:00")}
    primeira = _analisar(tmp_path / "1", arquivos)
    segunda = _analisar(tmp_path / "2", dict(reversed(list(arquivos.items()))))
    assert [(c["id"], c["tipo"], c["afirmacao"]) for c in primeira] == [(c["id"], c["tipo"], c["afirmacao"]) for c in segunda]
