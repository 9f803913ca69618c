"""A frase de um documento policial que repete o que uma resposta disse não é outra fonte.

"Da análise da resposta da ZAPT, verifica-se que a conta +55 11 97766-5544 acessou o aplicativo em 20/05/2025 às
13:02:09 (UTC) a partir do IP 189.40.77.201, porta 61022." (um relatório de análise de dados telemáticos): o IP, a hora
e o número são os da resposta, copiados. Contados como relato policial, a resposta e a cópia davam uma convergência de IP
"forte" no mesmo segundo, e um vínculo de telefone entre "duas famílias", a partir de uma fonte só.
"""

from __future__ import annotations

import pytest

from tests.conftest import DATA, conclusoes_dos_textos, dados_da_pasta

_PROVEDOR = ("ZAPT MENSAGEIRO - Resposta a requisição judicial\nIdentificador da conta: +55 11 97766-5544\n"
             "Registros de conexão (UTC):\n2025-05-20 13:02:09 IP 189.40.77.201 porta 61022\n")


@pytest.mark.parametrize("frase", [
    "Da análise da resposta da ZAPT, verifica-se que a conta +55 11 97766-5544 acessou o aplicativo em 20/05/2025 às "
    "13:02:09 (UTC) a partir do IP 189.40.77.201, porta 61022.",
    "Segundo a empresa ZAPT, a conta +55 11 97766-5544 acessou o aplicativo em 20/05/2025 às 13:02:09 (UTC) a partir "
    "do IP 189.40.77.201, porta 61022.",
    "Conforme os dados fornecidos pela ZAPT, a conta +55 11 97766-5544 acessou em 20/05/2025 às 13:02:09 (UTC) pelo IP "
    "189.40.77.201, porta 61022.",
    "A empresa ZAPT informou que a conta +55 11 97766-5544 acessou em 20/05/2025 às 13:02:09 (UTC) pelo IP "
    "189.40.77.201, porta 61022.",
])
def test_a_copia_da_resposta_nao_converge_com_ela(tmp_path, frase):
    conclusoes = conclusoes_dos_textos(tmp_path, {
        "provedor.txt": _PROVEDOR,
        "relatorio.txt": f"POLÍCIA CIVIL DO ESTADO DE SÃO PAULO\nRELATÓRIO DE ANÁLISE DE DADOS TELEMÁTICOS Nº 12/2025\n{frase}\n",
    }, DATA)
    assert not [c for c in conclusoes if "relatorio.txt" in {r["arquivo"] for r in c["referencias"]}]


def test_os_dados_da_copia_ficam_no_lote_marcados(tmp_path):
    (tmp_path / "relatorio.txt").write_text(
        "POLÍCIA CIVIL\nRELATÓRIO DE INVESTIGAÇÃO Nº 3/2025\nDa análise da resposta da ZAPT, verifica-se que a conta "
        "+55 11 97766-5544 acessou pelo IP 189.40.77.201.\n", encoding="utf-8")
    [ip] = [d for d in dados_da_pasta(tmp_path) if d["tipo_dado"] == "ip"]
    assert ip["metadados"]["de_outra_resposta"] is True


@pytest.mark.parametrize("frase", [
    # a vítima conta o que viu: é o relato dela, não a cópia de uma resposta
    "A vítima informou que recebeu mensagens do número +55 11 97766-5544 em 20/05/2025.",
    "O banco foi procurado pela vítima, que informou ter recebido mensagens do número +55 11 97766-5544 em 20/05/2025.",
    "Conforme o comprovante apresentado pela vítima, ela transferiu R$ 4.750,00 em 20/05/2025 ao número +55 11 97766-5544.",
])
def test_armadilha_o_relato_da_vitima_continua_fonte(tmp_path, frase):
    conclusoes = conclusoes_dos_textos(tmp_path, {
        "provedor.txt": _PROVEDOR,
        "bo.txt": f"POLÍCIA CIVIL - BOLETIM DE OCORRÊNCIA\nVítima: JOAO PEDRO FARIAS\n{frase}\n",
    }, DATA)
    assert [c for c in conclusoes if c["tipo"] == "vinculo_telefone" and "bo.txt" in {r["arquivo"] for r in c["referencias"]}]
