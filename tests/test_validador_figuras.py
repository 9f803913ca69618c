"""Figuras calculadas da afirmação (porcentagens, contagens) refeitas a partir das referências citadas.

Um extrato CSV escrito aqui; cada conclusão cita linhas dele. Figura certa: VERIFICADO; uma unidade
a mais ou a menos: CONTRADITO, com a figura que resulta; figura que o citado não permite refazer: AMBIGUO.
"""

from __future__ import annotations

import pytest

from perito.validador.agente import validar

DATA = "2025-03-20"
ARQUIVO = "extrato.csv"
LINHAS = (
    "Data;Hora;Histórico;Valor",
    "08/03/2025;14:02:11 BRT;PIX RECEBIDO - ANTONIO MARCOS FERREIRA;480,00",
    "08/03/2025;14:19:40 BRT;PIX ENVIADO - RICARDO PEREIRA SANTOS;-450,00",
    "12/03/2025;09:40:05 BRT;PIX RECEBIDO - LUCIANA DIAS COSTA;750,00",
    "12/03/2025;09:58:30 BRT;PIX ENVIADO - RICARDO PEREIRA SANTOS;-700,00",
    "15/03/2025;11:36:40 BRT;PIX RECEBIDO - JOSE CARLOS DA SILVA;3.500,00",
    "15/03/2025;12:04:55 BRT;PIX ENVIADO - RICARDO PEREIRA SANTOS;-3.300,00",
)


def _ref(linha: int) -> dict:
    data, hora, historico, valor = LINHAS[linha - 1].split(";")
    nome = historico.split(" - ")[1]
    return {"arquivo": ARQUIVO, "pagina": None, "linha_ou_celula": f"linha {linha}",
            "dado_citado": f"{valor} | {data} | {hora} {nome}", "extrator_id": "teste"}


PERCENTUAL = ("Em seguida sai da conta: linha 7: -3.300,00 em 15/03/2025 12:04:55 BRT, "
              "RICARDO PEREIRA SANTOS, {p} dos 3.500,00 recebidos.", (6, 7))
#: 450/480 = 93,75%: o perito trunca (93%); 94% é o arredondado
REPASSE = ("repasse rápido em {s} de {c} créditos: entra 480,00 em 08/03/2025 14:02:11 BRT e saem -450,00, {p} do que "
           "entrou, até 08/03/2025 14:19:40 BRT; entra 750,00 em 12/03/2025 09:40:05 BRT e saem -700,00, 93% do que entrou, "
           "até 12/03/2025 09:58:30 BRT; todas as saídas vão para RICARDO PEREIRA SANTOS.", (2, 3, 4, 5, 6, 7))
PAGADORES = ("A conta tem {n} pagadores distintos entre 08/03/2025 e 15/03/2025 ({nomes}).", (2, 4, 6))
EVENTOS = ("O extrato registra {n} evento(s) entre 08/03/2025 14:02:11 BRT e 12/03/2025 09:40:05 BRT; nada depois.", (2, 3, 4))
INDICIOS = ("A conta tem {n} indícios de conta de passagem: (1) recebeu 480,00 de ANTONIO MARCOS FERREIRA; (2) saem -450,00 "
            "para RICARDO PEREIRA SANTOS. Grau forte: {n} indícios de {f} família(s) de fonte independente(s) "
            "(banco, cadastro Pix (DICT)).", (2, 3))

NOMES = "ANTONIO MARCOS FERREIRA, LUCIANA DIAS COSTA, JOSE CARLOS DA SILVA"
CASOS = {
    "porcentagem certa": (PERCENTUAL, {"p": "94%"}, "VERIFICADO"),
    "porcentagem +1": (PERCENTUAL, {"p": "95%"}, "CONTRADITO"),
    "porcentagem -1": (PERCENTUAL, {"p": "93%"}, "CONTRADITO"),
    "repasse certo": (REPASSE, {"s": 2, "c": 3, "p": "93%"}, "VERIFICADO"),
    "repasse arredondado": (REPASSE, {"s": 2, "c": 3, "p": "94%"}, "AMBIGUO"),
    "repasse -1": (REPASSE, {"s": 2, "c": 3, "p": "92%"}, "CONTRADITO"),
    "repasses +1": (REPASSE, {"s": 3, "c": 3, "p": "93%"}, "CONTRADITO"),
    # o total de créditos não se refaz das referências (crédito ou débito depende do extrato); só S <= C
    "mais repasses que créditos": (REPASSE, {"s": 2, "c": 1, "p": "93%"}, "CONTRADITO"),
    "pagadores certos": (PAGADORES, {"n": 3, "nomes": NOMES}, "VERIFICADO"),
    "pagadores +1": (PAGADORES, {"n": 4, "nomes": NOMES}, "CONTRADITO"),
    "pagadores -1": (PAGADORES, {"n": 2, "nomes": NOMES}, "CONTRADITO"),
    "pagadores não citados": (PAGADORES, {"n": 4, "nomes": NOMES + ", e mais 1 pagadores"}, "AMBIGUO"),
    "eventos certos": (EVENTOS, {"n": 3}, "VERIFICADO"),
    "eventos -1": (EVENTOS, {"n": 2}, "CONTRADITO"),
    "eventos +1 (não citados)": (EVENTOS, {"n": 4}, "AMBIGUO"),
    "indícios e famílias certos": (INDICIOS, {"n": 2, "f": 2}, "VERIFICADO"),
    "indícios +1": (INDICIOS, {"n": 3, "f": 2}, "CONTRADITO"),
    "famílias -1": (INDICIOS, {"n": 2, "f": 1}, "CONTRADITO"),
}


@pytest.fixture(scope="module")
def validacoes(tmp_path_factory):
    """Todas as conclusões numa só validação (uma leitura do extrato)."""
    caso = tmp_path_factory.mktemp("figuras") / "caso"
    caso.mkdir()
    (caso / ARQUIVO).write_text("\n".join(LINHAS) + "\n", encoding="utf-8")
    conclusoes = []
    for numero, ((modelo, linhas), campos, _) in enumerate(CASOS.values(), start=1):
        conclusoes.append({"id": numero, "tipo": "identificacao_laranja", "afirmacao": modelo.format(**campos),
                           "grau_confianca": "forte", "referencias": [_ref(n) for n in linhas], "validacao": None})
    envelope = {"conclusoes": conclusoes, "caso_id": "t", "data_analise": DATA}
    por_id = {v["conclusao_id"]: v for v in validar(envelope, caso, DATA)["validacoes"]}
    return {nome: por_id[numero] for numero, nome in enumerate(CASOS, start=1)}


@pytest.mark.parametrize("nome", CASOS)
def test_figura_refeita_das_referencias(validacoes, nome):
    validacao = validacoes[nome]
    observacoes = " | ".join(d["observacao"] for d in validacao["detalhes"])
    assert validacao["veredicto_geral"] == CASOS[nome][2], observacoes


def test_figura_errada_diz_o_que_resulta_na_primeira_referencia(validacoes):
    primeira, segunda = validacoes["porcentagem +1"]["detalhes"]
    assert primeira["status"] == "CONTRADITO" and segunda["status"] == "VERIFICADO"
    assert "a afirmação diz 95%; das referências citadas resulta 94% (3.300,00 de 3.500,00)" in primeira["observacao"]
    assert primeira["match_exato"] is True  # o dado citado está lá; o erro é a conta da afirmação


def test_contagens_erradas_dizem_a_contagem_que_resulta(validacoes):
    def observacao(nome):
        return " | ".join(d["observacao"] for d in validacoes[nome]["detalhes"])

    assert "a afirmação diz 4 pagadores distintos; das referências citadas resulta 3" in observacao("pagadores +1")
    assert "a afirmação diz 2 eventos; das referências citadas resulta 3 eventos citados" in observacao("eventos -1")
    assert "arredondado; o perito trunca: 93%" in observacao("repasse arredondado")


# --- exportação JSON de banco digital: número com ponto decimal antes da vírgula, valor repetido em reais --------

JSON_EXTRATO = """{
  "lancamentos": [
    {
      "Data/Hora": "18/04/2018 16:40:19",
      "Valor do lançamento": 804.90,
      "Descrição": "PIX RECEBIDO"
    },
    {
      "Data/Hora": "18/04/2018 16:47:39",
      "Valor do lançamento": "(365.00)",
      "Descrição": "PIX ENVIADO"
    },
    {
      "Data/Hora": "18/04/2018 16:48:02",
      "Valor do lançamento": "(365.00)",
      "Descrição": "PIX ENVIADO"
    }
  ]
}
"""


def _ref_json(linha: int, dado: str) -> dict:
    return {"arquivo": "extrato.json", "pagina": None, "linha_ou_celula": f"linha {linha}", "dado_citado": dado,
            "extrator_id": "teste"}


@pytest.mark.parametrize(("afirmacao", "esperado"), [
    # o valor como está no documento e, entre parênteses, em reais: um valor só (antes: 181%, CONTRADITO)
    ("a conta registra o crédito (linha 5: 804.90 (R$ 804,90) em 18/04/2018 16:40:19); em seguida saem da conta: "
     "linha 10: 365.00 (R$ 365,00) em 18/04/2018 16:47:39, 45% dos 804.90 recebidos.", "VERIFICADO"),
    ("a conta registra o crédito (linha 5: 804.90 (R$ 804,90) em 18/04/2018 16:40:19); em seguida saem da conta: "
     "linha 10: 365.00 (R$ 365,00) em 18/04/2018 16:47:39, 44% dos 804.90 recebidos.", "CONTRADITO"),
    # a armadilha: dois débitos de mesmo valor, escritos como dois, somam
    ("a conta registra o crédito (linha 5: 804.90 em 18/04/2018 16:40:19); em seguida saem da conta: "
     "365.00 e 365.00, 90% dos 804.90 recebidos.", "VERIFICADO"),
])
def test_issue_22_figura_de_extrato_json_com_valor_repetido_em_reais(tmp_path, afirmacao, esperado):
    caso = tmp_path / "caso"
    caso.mkdir()
    (caso / "extrato.json").write_text(JSON_EXTRATO, encoding="utf-8")
    conclusao = {"id": 1, "tipo": "vinculo_financeiro", "afirmacao": afirmacao, "grau_confianca": "forte",
                 "referencias": [_ref_json(5, "804.90"), _ref_json(10, "365.00"), _ref_json(15, "365.00"),
                                 _ref_json(4, "18/04/2018 16:40:19"), _ref_json(9, "18/04/2018 16:47:39")],
                 "validacao": None}
    validacao = validar({"conclusoes": [conclusao], "caso_id": "t", "data_analise": DATA}, caso, DATA)["validacoes"][0]
    assert validacao["detalhes"][0]["status"] != "AMBIGUO" or esperado != "VERIFICADO", validacao["detalhes"][0]
    assert validacao["veredicto_geral"] == esperado, [d["observacao"] for d in validacao["detalhes"]]
