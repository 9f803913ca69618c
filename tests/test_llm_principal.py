"""Agente principal Claude com o SDK real contra um servidor falso: propostas por id, checagem da afirmação, validador.

Claude só propõe (tipo, afirmação, grau, ids); o código confere os valores da afirmação contra os
dados citados, monta as referências desses dados e o validador independente confere tudo.
"""

from __future__ import annotations

import json
import shutil

import pytest

from perito.analise import Parametros, analisar
from perito.erros import Saida
from perito.llm.extrator import EXTRATOR_ID
from tests.conftest import CASO_DEMO, DATA
from tests.fake_anthropic import RAPIDA, Roteiro, caso_relato, erro, mensagem

VALIDA = ("O relatório registra acesso do IP 187.34.56.78 em 15/03/2025 14:32:17 BRT; "
          "Joaquim Barbosa Lima foi ouvido na diligência. Grau forte.")




def _nome(pedido):
    return [pedido.dado("linha 4", "Joaquim Barbosa Lima", "nome_titular", "pessoa")]


def _ids(pedido):
    return [pedido.id_do_dado("187.34.56.78"), pedido.id_do_dado("15/03/2025 14:32:17"),
            pedido.id_do_dado("Joaquim Barbosa Lima")]


def _analisar(tmp_path, caso, motor="claude", nome="saida"):
    return analisar(Parametros(caso, tmp_path / nome, data_analise=DATA, motor=motor, llm=RAPIDA))


def test_proposta_valida_vira_conclusao_com_referencias_dos_dados_e_verificada(tmp_path, servidor):
    def propoe(pedido):
        dados = pedido.dados()
        assert {"id", "campo", "dado", "arquivo", "familia"} <= set(dados[0])  # sem localização a redigitar
        assert not any("linha" in json.dumps(d) for d in dados)
        return [{"tipo": "outro", "afirmacao": VALIDA, "grau_confianca": "forte", "dados": _ids(pedido)}]

    servidor(Roteiro(extrator=_nome, principal=propoe))
    resultado = _analisar(tmp_path, caso_relato(tmp_path))

    [conclusao] = resultado.finais["conclusoes"]
    assert resultado.llm["principal"]["conclusoes_ids"] == [conclusao["id"]] == [1]
    assert conclusao["referencias"] == [
        {"arquivo": "relato.txt", "pagina": None, "linha_ou_celula": "linha 4", "dado_citado": "Joaquim Barbosa Lima",
         "extrator_id": EXTRATOR_ID},
        {"arquivo": "relato.txt", "pagina": None, "linha_ou_celula": "linha 6",
         "dado_citado": "15/03/2025 14:32:17 BRT 187.34.56.78", "extrator_id": "extrator_generico_01"},
    ]
    # tipo outro: nenhuma regra o gradua, então no máximo moderado, e o perito diz por quê
    assert conclusao["grau_confianca"] == "moderado"
    assert "Grau ajustado pelo perito de forte para moderado" in conclusao["afirmacao"]
    assert conclusao["validacao"]["veredicto_geral"] == "VERIFICADO"
    assert all(d["status"] == "VERIFICADO" for d in conclusao["validacao"]["detalhes"])
    assert resultado.codigo_saida == Saida.OK


@pytest.mark.parametrize(("afirmacao", "motivo"), [
    ("O IP 187.34.56.79 acessou em 15/03/2025 14:32:17 BRT.", "o IP 187.34.56.79 não está nos dados referenciados"),
    ("O IP 187.34.56.78 acessou em 16/03/2025 14:32:17 BRT.", "a data 16/03/2025"),
    ("O IP 187.34.56.78 acessou em 15/03/2025 11:32:17 BRT.", "a hora 11:32:17"),
    ("O IP 187.34.56.78 acessou em 15/03/2025 17:32:17 UTC.", "o fuso UTC"),
    ("Joaquim Barbosa Lima, CPF 529.982.247-25, usou o IP 187.34.56.78.", "o número 529.982.247-25"),
    ("O golpista pediu R$ 3.500,00 pelo IP 187.34.56.78.", "o valor R$ 3.500,00"),
])
def test_afirmacao_com_valor_fora_dos_dados_referenciados_e_rejeitada(tmp_path, servidor, afirmacao, motivo):
    servidor(Roteiro(extrator=_nome, principal=lambda p: [
        {"tipo": "outro", "afirmacao": afirmacao, "grau_confianca": "fraco", "dados": _ids(p)},
    ]))
    resultado = _analisar(tmp_path, caso_relato(tmp_path))
    assert resultado.finais["conclusoes"] == []
    relato = resultado.llm["principal"]
    assert (relato["propostas"], relato["aceitas"], relato["rejeitadas"]) == (1, 0, 1)
    assert motivo in relato["alertas"][0] and relato["alertas"][0].startswith("proposta 1 do Claude rejeitada")
    assert resultado.codigo_saida == Saida.OK


def test_valor_de_um_dado_nao_referenciado_tambem_e_rejeitado(tmp_path, servidor):
    # o IP existe na lista, mas a proposta só referencia o nome
    servidor(Roteiro(extrator=_nome, principal=lambda p: [
        {"tipo": "outro", "afirmacao": "Joaquim Barbosa Lima usou o IP 187.34.56.78.", "grau_confianca": "fraco",
         "dados": [p.id_do_dado("Joaquim Barbosa Lima")]},
        {"tipo": "outro", "afirmacao": "Joaquim Barbosa Lima foi ouvido.", "grau_confianca": "fraco", "dados": [999]},
    ]))
    resultado = _analisar(tmp_path, caso_relato(tmp_path))
    assert resultado.finais["conclusoes"] == []
    alertas = resultado.llm["principal"]["alertas"]
    assert "o IP 187.34.56.78 não está nos dados referenciados" in alertas[0]
    assert "cita ids inexistentes: 999" in alertas[1]


def test_o_validador_confere_tambem_as_conclusoes_do_claude(tmp_path, servidor):
    """Um intervalo inventado passa pela checagem de valores, mas o validador não o sustenta: AMBIGUO."""
    afirmacao = "O IP 187.34.56.78 acessou em 15/03/2025 14:32:17 BRT, com intervalo de 2min45s até a transferência."
    servidor(Roteiro(extrator=_nome, principal=lambda p: [
        {"tipo": "outro", "afirmacao": afirmacao, "grau_confianca": "fraco", "dados": _ids(p)[:2]},
    ]))
    resultado = _analisar(tmp_path, caso_relato(tmp_path))
    [conclusao] = resultado.finais["conclusoes"]
    assert conclusao["validacao"]["veredicto_geral"] == "AMBIGUO"
    assert "intervalo 2min45s" in conclusao["validacao"]["detalhes"][0]["observacao"]


def test_falha_do_principal_deixa_a_analise_incompleta_sem_conclusoes_do_claude(tmp_path, servidor):
    def responder(pedido):
        if pedido.ferramenta == "propor_conclusoes":
            return erro(529, "overloaded_error", cabecalhos={"retry-after-ms": "1"})
        return mensagem("registrar_dados", {"dados": _nome(pedido)})

    servidor(responder)
    resultado = _analisar(tmp_path, caso_relato(tmp_path))
    relato = resultado.llm["principal"]
    assert relato["falhou"] is True and relato["motivo"].startswith("API sobrecarregada (HTTP 529")
    assert relato["alertas"][0].startswith("ERRO: chamada ao agente principal Claude sem resultado")
    assert resultado.finais["conclusoes"] == [] and resultado.codigo_saida == Saida.INCOMPLETA


def test_caso_demo_conclusao_entre_familias_verificada_e_repeticao_das_regras_rejeitada(tmp_path, servidor):
    caso = tmp_path / "caso"
    shutil.copytree(CASO_DEMO, caso)
    regras = _analisar(tmp_path, caso, motor="regras", nome="regras")

    def propoe(pedido):
        dados = pedido.dados()

        def achar(valor, arquivo):
            return next(d["id"] for d in dados if d["dado"] == valor and d["arquivo"] == arquivo and d["campo"] == "nome_titular")

        ricardo = [achar("RICARDO PEREIRA SANTOS", "auto_apreensao.txt"),
                   achar("RICARDO PEREIRA SANTOS", "operadora_vivo_dados_cadastrais.xlsx")]
        rps = [d["id"] for d in dados if d["dado"] == "RPS COMERCIO DIGITAL LTDA" and d["campo"] == "nome_titular"]
        return [
            {"tipo": "outro", "grau_confianca": "forte", "dados": ricardo,
             "afirmacao": "RICARDO PEREIRA SANTOS é citado no auto de apreensão e titular de linha na operadora."},
            {"tipo": "convergencia_nome", "grau_confianca": "moderado", "dados": rps,
             "afirmacao": "RPS COMERCIO DIGITAL LTDA aparece no extrato e no DICT."},
        ]

    servidor(Roteiro(principal=propoe))
    resultado = _analisar(tmp_path, caso)

    anteriores = regras.finais["conclusoes"]
    assert resultado.finais["conclusoes"][: len(anteriores)] == anteriores  # as regras não mudam
    relato = resultado.llm["principal"]
    assert relato["aceitas"] == 1 and relato["rejeitadas"] == 1
    assert "repete a conclusão" in relato["alertas"][0]
    nova = resultado.finais["conclusoes"][-1]
    assert nova["id"] == len(anteriores) + 1 == relato["conclusoes_ids"][0]
    assert nova["grau_confianca"] == "moderado"  # duas famílias (relato e operadora): o teto é moderado
    assert {r["arquivo"] for r in nova["referencias"]} == {"auto_apreensao.txt", "operadora_vivo_dados_cadastrais.xlsx"}
    assert any(r.get("aba_planilha") for r in nova["referencias"])  # a aba vem do dado, não do modelo
    assert nova["validacao"]["veredicto_geral"] == "VERIFICADO"


@pytest.mark.parametrize(("afirmacao", "motivo"), [
    ("O IP 187.34.56.78 acessou em 15/03/2025 14:32:17 BRT; Maria Souza Prado foi ouvida.", "o nome Maria Souza Prado"),
    ("O IP 187.34.56.78 acessou em 15/03/2025 14:32:17 BRT, conta 12345.", "o número 12345"),
    ("O IP 187.34.56.78 acessou em 15/03/2025 14:32:17 BRT e pediu R$ 5.000.", "o valor R$ 5.000"),
    ("O IP 187.34.56.78 acessou em 16 de março de 2025.", "a data 16 de março de 2025"),
    ("O IP 187.34.56.78 acessou às 11h32 de 15/03/2025.", "a hora 11h32"),
])
def test_issue12_afirmacao_confere_nomes_numeros_curtos_e_horas_escritas(tmp_path, servidor, afirmacao, motivo):
    """Issue 12, defeito 2: nomes, números com menos de 8 dígitos, valores sem centavos, datas por extenso e `14h32`
    escapavam da checagem da afirmação do Claude. Todo valor escrito nela, nomes inclusive, precisa estar nos dados citados.
    """
    servidor(Roteiro(extrator=_nome, principal=lambda p: [
        {"tipo": "outro", "afirmacao": afirmacao, "grau_confianca": "fraco", "dados": _ids(p)},
    ]))
    relato = _analisar(tmp_path, caso_relato(tmp_path)).llm["principal"]
    assert (relato["aceitas"], relato["rejeitadas"]) == (0, 1)
    assert motivo in relato["alertas"][0]


def test_issue12_tipo_sem_a_regra_que_o_sustente_vira_outro_e_no_maximo_moderado(tmp_path, servidor):
    """Issue 12, defeito 2: o tipo proposto nunca era conferido e o teto do grau contava as famílias de quaisquer dados citados.

    Uma convergência de IP com um único acesso não é o que a regra de convergencia_ip conclui: o tipo vira
    `outro` e o grau fica limitado a moderado, e o ajuste é dito na afirmação.
    """
    servidor(Roteiro(extrator=_nome, principal=lambda p: [
        {"tipo": "convergencia_ip", "afirmacao": VALIDA, "grau_confianca": "forte", "dados": _ids(p)},
    ]))
    [conclusao] = _analisar(tmp_path, caso_relato(tmp_path)).finais["conclusoes"]
    assert conclusao["tipo"] == "outro" and conclusao["grau_confianca"] == "moderado"
    assert "Tipo ajustado pelo perito de convergencia_ip para outro" in conclusao["afirmacao"]
    assert "Grau ajustado pelo perito de forte para moderado" in conclusao["afirmacao"]


def test_issue12_tipo_sustentado_pela_regra_recebe_o_grau_da_regra(tmp_path, servidor, caso_demo):
    """Issue 12, defeito 2: uma conclusão do Claude de um tipo das regras é graduada pelo código da regra desse tipo.

    O mesmo IP, mesma porta e na janela, no provedor e no banco (a convergência forte das regras), citado com mais um
    dado: não é repetição, e a regra convergencia_ip, rodada só sobre os dados citados, dá o grau (forte).
    """
    afirmacao = "O IP 187.34.56.78 aparece no provedor e no banco; Joaquim Barbosa Lima é citado no relatório."

    def propoe(p):
        ips = [d["id"] for d in p.dados() if d["dado"] in ("187.34.56.78", "187.34.56.78:51234") and d["campo"] == "ip_acesso"]
        nome = p.id_do_dado("Joaquim Barbosa Lima")
        return [{"tipo": "convergencia_ip", "afirmacao": afirmacao, "grau_confianca": "forte", "dados": [*ips, nome]}]

    (caso_demo / "relato.txt").write_text("Relato: Joaquim Barbosa Lima esteve no local.\n", encoding="utf-8")
    servidor(Roteiro(extrator=lambda p: [p.dado("linha 1", "Joaquim Barbosa Lima", "nome_titular", "pessoa")]
                     if p.arquivo == "relato.txt" else [], principal=propoe))
    resultado = _analisar(tmp_path, caso_demo)
    [conclusao] = [c for c in resultado.finais["conclusoes"] if c["id"] in resultado.llm["principal"]["conclusoes_ids"]]
    assert conclusao["tipo"] == "convergencia_ip" and conclusao["grau_confianca"] == "forte"
    assert "ajustado" not in conclusao["afirmacao"]
