"""O REDS de Minas (e os nomes de outros estados) é relato; a chave do DICT com dois titulares no tempo, julgada pela
data do fato do formulário; e a hora em maiúsculas seguida de "HORA OFICIAL DE BRASILIA" não é um intervalo.

Sonda: um REDS ("REGISTRO DE EVENTOS DE DEFESA SOCIAL", "DATA DO FATO: 20/05/2025", o histórico em maiúsculas sem data
na frase do Pix) ficava de família desconhecida (sem materialidade, sem vínculo financeiro, sem conta de passagem); o
titular antigo da chave, cujo vínculo terminou em 2024, saía moderado como o atual (a frase do Pix não tinha data, e a
data do fato não contava); e o validador lia "10:02:11 HORA" como um intervalo de 11 horas.
"""

from __future__ import annotations

import pytest

from perito.extratores.familias import classificar
from perito.leitura.texto import ler_texto
from perito.validador.instantes import intervalos
from tests.conftest import DATA, conclusoes_do_caso

_REDS = ("REGISTRO DE EVENTOS DE DEFESA SOCIAL - REDS 2025-000123456-001\nNATUREZA: ESTELIONATO\n"
         "DATA DO FATO: 20/05/2025\nVITIMA: JOAO PEDRO FARIAS - CPF 787.789.328-07\n"
         "HISTORICO: COMPARECE A VITIMA E INFORMA QUE FOI CONTATADA PELO NUMERO (11) 97766-5544. AS 10H05 EFETUOU PIX NO "
         "VALOR DE R$ 4.750,00 PARA A CHAVE (11) 94444-3322.\n")
_DICT = ("Chave;Situação;Titular;CPF/CNPJ;Banco;Agência;Conta;Início do vínculo;Fim do vínculo\n"
         "+5511944443322;Excluída;OSVALDO PEREIRA NETO;036.426.212-52;00000000;0101;55555-5;10/01/2021;02/03/2024\n"
         "+5511944443322;Ativa;LUANA MARTINS COSTA;792.174.218-12;04902979;0042;55123-4;05/03/2024;\n")


@pytest.mark.parametrize("titulo", [
    "REGISTRO DE EVENTOS DE DEFESA SOCIAL - REDS 2025-000123456-001", "REDS nº 2025-000123456-001",
    "REGISTRO DE ATENDIMENTO INTEGRADO - RAI nº 31234567", "BOLETIM UNIFICADO 0012345/2025",
    "TERMO CIRCUNSTANCIADO DE OCORRÊNCIA 55/2025",
])
def test_os_nomes_do_relato_nos_estados(tmp_path, titulo):
    (tmp_path / "relato.txt").write_text(f"{titulo}\nVítima: JOAO PEDRO FARIAS\n", encoding="utf-8")
    assert classificar(ler_texto(tmp_path / "relato.txt", "relato.txt")).familia == "relato"


def test_armadilha_sigla_sem_numero_nao_e_titulo(tmp_path):
    # "RAIMUNDO", "REDS" sem número: não é o título de um relato
    (tmp_path / "r.txt").write_text("Cliente: RAIMUNDO NONATO - REDS SUPERMERCADOS LTDA\nExtrato de conta corrente\n"
                                    "Saldo anterior 10,00\n", encoding="utf-8")
    assert classificar(ler_texto(tmp_path / "r.txt", "r.txt")).familia != "relato"


def test_o_titular_antigo_da_chave_pela_data_do_fato(tmp_path):
    caso = tmp_path / "caso"
    caso.mkdir()
    (caso / "reds.txt").write_text(_REDS, encoding="utf-8")
    (caso / "dict.csv").write_text(_DICT, encoding="utf-8")
    titulares = {("OSVALDO" if "OSVALDO" in c["afirmacao"] else "LUANA"): c for c in conclusoes_do_caso(caso, DATA)
                 if c["tipo"] == "identificacao_titular" and "+5511944443322" in c["afirmacao"]}
    antigo, atual = titulares["OSVALDO"], titulares["LUANA"]
    assert antigo["grau_confianca"] == "fraco" and "antes dos fatos (20/05/2025)" in antigo["afirmacao"]
    assert atual["grau_confianca"] == "moderado" and "inclui os fatos (20/05/2025)" in atual["afirmacao"]
    assert {antigo["validacao"]["veredicto_geral"], atual["validacao"]["veredicto_geral"]} == {"VERIFICADO"}


def test_a_hora_seguida_do_fuso_em_maiusculas_nao_e_intervalo():
    texto = "em banco_log.txt, linha 5 (20/05/2025 10:02:11 HORA OFICIAL DE BRASILIA, porta 61022); distam 2s"
    assert [i.texto for i in intervalos(texto)] == ["2s"]
    assert [i.texto for i in intervalos("o crédito ficou 11 horas na conta")] == ["11 horas"]  # o intervalo por extenso
