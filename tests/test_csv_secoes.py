"""CSV em seções (a resposta da operadora com os dados cadastrais em cima e as conexões embaixo): o título de uma seção
("CONEXÕES DE DADOS (HORÁRIO DE BRASÍLIA);;;;", uma célula só preenchida) diz o fuso dos registros dela.

Antes a linha de título, por ter os separadores das colunas, contava como registro de tabela, e o fuso dito nela não
valia para nada: o IP da conexão ficava sem data-hora com fuso (convergência fraca).
"""

from __future__ import annotations

from pathlib import Path

from tests.conftest import analise_com_provedor

OPERADORA = """DADOS CADASTRAIS;;;;
Linha;Nome do assinante;CPF;Data de ativação;
11987654321;CARLOS PEREIRA SOUZA;390.533.447-05;01/02/2025;
;;;;
CONEXÕES DE DADOS ({fuso});;;;
Início;Fim;IP;Porta;IMEI
15/03/2025 {hora};15/03/2025 11:40:00;177.45.10.2;51234;352099001761481
"""


def _caso(pasta: Path, fuso: str, hora: str = "11:30:00") -> dict:
    return analise_com_provedor(pasta, lambda caso: (caso / "resposta_operadora.csv").write_text(
        OPERADORA.format(fuso=fuso, hora=hora), encoding="utf-8"), porta=True)[1]


def test_fuso_no_titulo_da_secao_vale_para_os_registros_dela(tmp_path):
    conclusoes = _caso(tmp_path, "HORÁRIO DE BRASÍLIA")
    [ip] = [c for c in conclusoes["conclusoes"] if c["tipo"] == "convergencia_ip"]
    assert ip["grau_confianca"] == "moderado" and "11:30:00 HORÁRIO DE BRASÍLIA até" in ip["afirmacao"]
    assert "cai dentro da sessão de conexão" in ip["afirmacao"]
    citadas = {r["linha_ou_celula"]: r["dado_citado"] for r in ip["referencias"] if r["arquivo"] == "resposta_operadora.csv"}
    assert "linha 5" in citadas  # o título da seção, onde o fuso é dito
    assert ip["validacao"]["veredicto_geral"] == "VERIFICADO"


def test_outro_fuso_no_titulo_nao_da_simultaneidade(tmp_path):
    """Com o título em UTC, 11:30 da operadora são quase 3h antes do acesso do provedor: nada converge no tempo."""
    conclusoes = _caso(tmp_path, "HORÁRIO UTC")
    [ip] = [c for c in conclusoes["conclusoes"] if c["tipo"] == "convergencia_ip"]
    assert ip["grau_confianca"] == "fraco" and "distam 2h53min50s" in ip["afirmacao"]
