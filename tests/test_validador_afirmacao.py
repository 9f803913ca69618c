"""Conferência da afirmação: todo IP, número, valor, data, hora e intervalo dela precisa de apoio nas referências."""

from __future__ import annotations

import copy
import datetime as dt

import pytest

from perito.chaves import tempo
from perito.validador.agente import validar
from perito.validador.instantes import intervalos
from tests.conftest import CASO_DEMO, DATA
from tests.referencias_demo import CPF_MARIA as BOLETIM
from tests.referencias_demo import EXTRATO, LOG, META

#: a afirmação que o agente principal escreve para o IP 187.34.56.78 no caso de exemplo
CERTA = ("O IP 187.34.56.78 aparece em log_internet_banking.csv, linha 4 (15/03/2025 11:34:02 BRT, porta 51234) e em "
         "resposta_meta_whatsapp.pdf, p. 1, linha 12 (2025-03-15 14:32:17 UTC, porta 51234); convertidos para UTC, os instantes "
         "distam 1min45s. Grau forte: IPv4 público, mesma porta de origem e intervalo dentro da janela de 5min00s.")


def _validacao(afirmacao, *refs):
    conclusao = {"id": 1, "tipo": "convergencia_ip", "afirmacao": afirmacao, "grau_confianca": "forte",
                 "referencias": list(refs or (LOG, META)), "validacao": None}
    envelope = {"conclusoes": [conclusao], "caso_id": "t", "data_analise": DATA}
    original = copy.deepcopy(envelope)
    [validacao] = validar(envelope, CASO_DEMO, DATA)["validacoes"]
    assert envelope == original  # o validador nunca altera a conclusão
    return validacao


def _observacoes(validacao):
    return " | ".join(d["observacao"] for d in validacao["detalhes"])


def test_afirmacao_do_agente_principal_e_sustentada():
    validacao = _validacao(CERTA)
    assert validacao["veredicto_geral"] == "VERIFICADO", _observacoes(validacao)


def test_intervalo_errado_deixa_a_conclusao_ambigua_na_primeira_referencia():
    validacao = _validacao(CERTA.replace("distam 1min45s", "distam 2min45s"))
    assert validacao["veredicto_geral"] == "AMBIGUO"
    primeira, segunda = validacao["detalhes"]
    assert primeira["status"] == "AMBIGUO" and segunda["status"] == "VERIFICADO"
    assert "a afirmação cita o intervalo 2min45s, que não é a diferença entre instantes citados (1min45s)" in primeira["observacao"]
    assert primeira["match_exato"] is True  # o dado da referência está lá; o problema é da afirmação


def test_intervalo_um_segundo_errado_tambem_e_pego():
    assert _validacao(CERTA.replace("1min45s", "1min46s"))["veredicto_geral"] == "AMBIGUO"


def test_intervalo_vale_para_qualquer_par_de_instantes_citados():
    extrato_ip = {**META, "arquivo": "extrato_conta_corrente.pdf", "linha_ou_celula": "linha 8",
                  "dado_citado": "187.34.56.78:51234 15/03/2025 11:36:41 BRT"}
    # 11:36:41 BRT - 14:32:17 UTC = 4min24s; 11:36:41 - 11:34:02 (BRT) = 2min39s
    for intervalo in ("1min45s", "4min24s", "2min39s"):
        validacao = _validacao(f"O IP 187.34.56.78: os instantes distam {intervalo}.", LOG, META, extrato_ip)
        assert validacao["veredicto_geral"] == "VERIFICADO", (intervalo, _observacoes(validacao))


def test_janela_da_analise_nao_e_afirmacao_de_intervalo():
    assert [i.texto for i in intervalos("dentro da janela de 5min00s; distam 1min45s")] == ["1min45s"]


@pytest.mark.parametrize("texto,segundos", [("1min45s", 105), ("3h00min00s", 10800), ("10h35min10s", 38110), ("45s", 45),
                                            ("2d4h00min", 187200), ("1 minuto e 45 segundos", 105)])
def test_intervalos_reconhecidos(texto, segundos):
    [intervalo] = intervalos(f"os instantes distam {texto}.")
    assert intervalo.segundos == segundos


def test_hora_do_dia_nao_e_intervalo():
    assert intervalos("às 10h e às 10h35 do dia 15") == []


def test_intervalo_de_duracao_sem_segundos_compara_no_minuto():
    [intervalo] = intervalos(tempo.duracao(dt.timedelta(days=2, hours=4, seconds=59)))
    assert intervalo.bate(dt.timedelta(days=2, hours=4, seconds=59)) and not intervalo.bate(dt.timedelta(days=2, hours=4, minutes=1))


def test_ip_na_afirmacao_sem_referencia_e_ambiguo():
    validacao = _validacao(CERTA + " O mesmo aparelho usou o IP 177.20.30.41.")
    assert validacao["veredicto_geral"] == "AMBIGUO"
    assert "a afirmação cita o IP 177.20.30.41, que nenhuma referência sustenta" in _observacoes(validacao)


def test_valor_do_texto_encontrado_sustenta_a_afirmacao():
    """O saldo 1.250,00 não foi citado, mas está na linha encontrada da referência."""
    validacao = _validacao("Depois do PIX de R$ 3.500,00 em 15/03/2025, o saldo ficou em R$ 1.250,00.", EXTRATO)
    assert validacao["veredicto_geral"] == "VERIFICADO", _observacoes(validacao)


@pytest.mark.parametrize("acrescimo,problema", [
    (" O PIX foi de R$ 3.600,00.", "o valor R$ 3.600,00"),
    (" A destinatária tem CPF 111.444.777-36.", "o número 111.444.777-36"),
    (" Ela usa o telefone (11) 98765-4322.", "o número (11) 98765-4322"),
    (" O fato foi em 16/03/2025.", "a data 16/03/2025"),
    (" A porta de origem era 51235.", "a porta 51235"),
])
def test_valor_numero_data_e_porta_sem_apoio_sao_ambiguos(acrescimo, problema):
    validacao = _validacao("MARIA OLIVEIRA LIMA, CPF 111.444.777-35, recebeu R$ 3.500,00." + acrescimo, EXTRATO, BOLETIM, LOG)
    assert validacao["veredicto_geral"] == "AMBIGUO"
    assert f"a afirmação cita {problema}, que nenhuma referência sustenta" in _observacoes(validacao)


def test_telefone_em_outro_formato_e_sustentado():
    conta = {"arquivo": "resposta_meta_whatsapp.pdf", "pagina": 1, "linha_ou_celula": "linha 4", "dado_citado": "+5511987654321",
             "extrator_id": "t"}
    assert _validacao("A conta WhatsApp é a linha (11) 98765-4321.", conta)["veredicto_geral"] == "VERIFICADO"


@pytest.mark.parametrize("hora,sustentada", [
    ("14:32:17 UTC", True),
    ("11:32:17 BRT", True),  # o mesmo instante, convertido certo
    ("11:32:17 -03:00", True),
    ("14:32:17 BRT", False),  # o mesmo relógio em outro fuso é outro instante
    ("2025-03-15 11:32:17 BRT", True),
    ("2025-03-16 11:32:17 BRT", False),
    ("14:32", True),  # sem segundos, compara até o minuto
    ("14:33", False),
])
def test_hora_com_fuso_precisa_ser_um_instante_citado(hora, sustentada):
    validacao = _validacao(f"O acesso ao WhatsApp foi às {hora}.", META)
    assert (validacao["veredicto_geral"] == "VERIFICADO") is sustentada, _observacoes(validacao)


def test_problema_da_afirmacao_nao_desfaz_uma_contradicao():
    errado = {**LOG, "dado_citado": "187.34.56.79:51234 15/03/2025 11:34:02 BRT"}
    validacao = _validacao("O IP 187.34.56.79 e os instantes distam 9min00s.", errado, META)
    assert validacao["veredicto_geral"] == "CONTRADITO"
    assert validacao["detalhes"][0]["status"] == "CONTRADITO"
    assert "9min00s" in validacao["detalhes"][1]["observacao"]  # a primeira referência VERIFICADO leva o problema


def test_nome_de_arquivo_citado_nao_e_afirmacao(tmp_path):
    import shutil

    caso = tmp_path / "caso"
    shutil.copytree(CASO_DEMO, caso)
    shutil.copy(caso / "log_internet_banking.csv", caso / "log-2024-12-01-98765432.csv")
    ref = {**LOG, "arquivo": "log-2024-12-01-98765432.csv"}
    conclusao = {"id": 1, "tipo": "outro", "grau_confianca": "fraco", "referencias": [ref], "validacao": None,
                 "afirmacao": "O IP 187.34.56.78 aparece em log-2024-12-01-98765432.csv, linha 4 (15/03/2025 11:34:02 BRT)."}
    envelope = {"conclusoes": [conclusao], "caso_id": "t", "data_analise": DATA}
    [validacao] = validar(envelope, caso, DATA)["validacoes"]
    assert validacao["veredicto_geral"] == "VERIFICADO", _observacoes(validacao)


def _problemas_da_afirmacao(afirmacao: str, citado: str, encontrado: str) -> list[str]:
    from perito.validador import afirmacao as conferencia

    ref = {"arquivo": "extrato.xlsx", "pagina": None, "linha_ou_celula": "celula E12", "dado_citado": citado}
    conclusao = {"id": 1, "tipo": "vinculo_financeiro", "afirmacao": afirmacao, "referencias": [ref]}
    return [str(p) for p in conferencia.conferir(conclusao, [{"texto_encontrado": encontrado}])]


def test_valor_em_centavos_dito_tambem_em_reais_e_um_valor_so():
    """Semente 62: "173000 centavos (R$ 1.730,00)" deixava a conclusão AMBIGUO ("R$ 1.730,00, que nenhuma
    referência sustenta"). Armadilha: reais que não são os centavos ditos continuam sem apoio."""
    certa = "em seguida sai da conta: extrato.xlsx, celula E12: 173000 centavos (R$ 1.730,00) para JOÃO"
    assert _problemas_da_afirmacao(certa, "173000", "173000") == []
    errada = certa.replace("R$ 1.730,00", "R$ 1.780,00")
    assert any("R$ 1.780,00" in p for p in _problemas_da_afirmacao(errada, "173000", "173000"))


def test_intervalo_entre_horas_sob_o_cabecalho_de_um_dia_citado():
    """Semente 150: o dia citado na linha do cabeçalho do dia e as horas nas linhas dos lançamentos, sem fuso: o
    intervalo de 9min13s ficava sem apoio ("menos de dois instantes"). Com um dia só citado no arquivo, as horas são
    desse dia no relógio do documento; com dois dias, cada hora é do dia citado mais perto acima dela (a leitura do
    extrator; antes, não se compunha nada e o repasse de um extrato de vários dias ficava AMBIGUO). Armadilha: uma
    hora sem dia citado acima dela não se compõe."""
    from perito.validador import afirmacao as conferencia

    def problemas(*citados: str) -> list[str]:
        refs = [{"arquivo": "extrato.txt", "pagina": None, "linha_ou_celula": f"linha {i}", "dado_citado": c}
                for i, c in enumerate(citados, start=20)]
        conclusao = {"id": 1, "tipo": "vinculo_financeiro", "referencias": refs,
                     "afirmacao": "entram 415.00 às 11:01:57 e saem 380.00 às 11:11:10, 9min13s depois do crédito"}
        return [str(p) for p in conferencia.conferir(conclusao, [{"texto_encontrado": c} for c in citados])
                if "intervalo" in str(p)]

    assert problemas("19 de junho de 2022", "415.00 | 11:01:57", "380.00 | 11:11:10") == []
    assert problemas("18 de junho de 2022", "19 de junho de 2022", "415.00 | 11:01:57", "380.00 | 11:11:10") == []
    # as horas acima dos dois dias citados: de nenhum deles, e o intervalo não se sustenta
    assert problemas("415.00 | 11:01:57", "380.00 | 11:11:10", "18 de junho de 2022", "19 de junho de 2022") != []
    # uma hora sob cada dia: 11:01:57 do dia 18 e 11:11:10 do dia 19 distam 1d0h09min13s, não 9min13s
    assert problemas("18 de junho de 2022", "415.00 | 11:01:57", "19 de junho de 2022", "380.00 | 11:11:10") != []
