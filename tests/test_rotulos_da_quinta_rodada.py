"""Rótulos que as respostas escrevem e que a quinta rodada de sondas achou sem leitura:

- "porta lógica de origem 50231" (dois qualificadores: a expressão do Marco Civil e do STJ, a mesma dos ofícios
  que o perito gera): a porta se perdia e a convergência caía a moderado;
- "Horários no fuso de Brasília": nenhum instante saía;
- o quadro "COMUNICANTE (VÍTIMA)" sobre "Nome ....: CARLA ...": o nome é da vítima.

Armadilhas: "portabilidade 12345" não é porta; "fuso" de outra zona não vira Brasília.
"""

from __future__ import annotations

from perito.chaves import tempo
from perito.chaves.ip import PADRAO_PORTA_ROTULADA
from perito.extratores.contexto import fuso_declarado_na_linha
from tests.conftest import dados_da_pasta


def test_porta_logica_de_origem():
    for texto in ("porta lógica de origem 50231", "porta de origem: 50231", "porta lógica de origem nº 50231"):
        m = PADRAO_PORTA_ROTULADA.search(texto)
        assert m and m.group(1) == "50231", texto
    assert PADRAO_PORTA_ROTULADA.search("portabilidade 12345") is None


def test_fuso_de_brasilia():
    fuso = fuso_declarado_na_linha("Horários no fuso de Brasília.")
    assert tempo.iso_utc(tempo.instante("15/03/2025", "11:34:02", fuso)) == "2025-03-15T14:34:02Z"
    assert fuso_declarado_na_linha("Horários no fuso de Lisboa.") is None


def test_comunicante_vitima_entre_parenteses(tmp_path):
    (tmp_path / "bo.txt").write_text(
        "POLÍCIA CIVIL DA BAHIA\nBOLETIM DE OCORRÊNCIA Nº 00123/2025\n\nCOMUNICANTE (VÍTIMA)\n"
        "Nome ........: CARLA DOS SANTOS MOURA\nCPF .........: 529.982.247-25\n\nRELATO\n"
        "A comunicante informa que pagou R$ 980,00 via Pix para LUCAS GABRIEL NUNES em 12/03/2025.\n", encoding="utf-8")
    papeis = {d["dado"]: d["metadados"]["papel"] for d in dados_da_pasta(tmp_path)
              if d["campo"] == "nome_titular"}
    assert papeis["CARLA DOS SANTOS MOURA"] == "vitima"
    assert papeis.get("LUCAS GABRIEL NUNES") != "vitima"


def test_primeira_e_ultima_utilizacao_do_aparelho():
    """O histórico de IMEIs da operadora: "Primeira utilização" e "Última utilização" são o início e o fim do uso."""
    from perito.extratores.rotulos import papel_da_data

    assert papel_da_data("Primeira utilização") == "inicio_uso" and papel_da_data("Última utilização") == "fim_uso"
    assert papel_da_data("Data de ativação") == "ativacao_linha"
