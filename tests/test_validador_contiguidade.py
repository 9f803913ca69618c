"""Citação como escrita (issue 23, item 2): palavras seguidas do dado_citado seguem juntas no local."""

from __future__ import annotations

import unicodedata

from hypothesis import given, settings
from hypothesis import strategies as st

from perito.validador.agente import validar
from perito.validador.contiguidade import espalhadas
from tests.conftest import DATA
from tests.test_simba import EXTRATO, _gravar, _lancamento


def _validar(caso, *refs: dict) -> list[dict]:
    conclusoes = {"conclusoes": [{"id": 1, "tipo": "outro", "afirmacao": "Cabeçalho do SIMBA.", "grau_confianca": "fraco",
                                  "referencias": list(refs), "validacao": None}], "caso_id": "T", "data_analise": DATA}
    return validar(conclusoes, caso, DATA)["validacoes"][0]["detalhes"]


def _ref(arquivo: str, linha: int, dado: str) -> dict:
    return {"arquivo": arquivo, "pagina": None, "linha_ou_celula": f"linha {linha}", "dado_citado": dado,
            "extrator_id": "teste"}


def test_nome_de_coluna_montado_de_palavras_espalhadas_no_cabecalho_simba_nao_e_verificado(tmp_path):
    # o achado: VALOR_TRANSACAO citado na linha 1 de um EXTRATO, cujo cabeçalho tem VALOR_LANCAMENTO … LOCAL_TRANSACAO
    caso = tmp_path / "caso"
    _gravar(caso, "CASO_EXTRATO.txt", [EXTRATO, _lancamento("100", "08012025", "PIX RECEBIDO", "125090", "C", "125090")])
    montado, = _validar(caso, _ref("CASO_EXTRATO.txt", 1, "VALOR_TRANSACAO"))
    assert montado["status"] == "AMBIGUO"
    assert "VALOR TRANSACAO" in montado["observacao"] and "não seguidas" in montado["observacao"]
    assert not montado["match_exato"]
    # o que está escrito, em células vizinhas ou com outra caixa e acentos, continua VERIFICADO
    escritos = ["VALOR_LANCAMENTO", "valor lançamento natureza_lancamento", "NUMERO_CONTA | LOCAL_TRANSACAO"]
    assert [d["status"] for d in _validar(caso, *(_ref("CASO_EXTRATO.txt", 1, e) for e in escritos))] == ["VERIFICADO"] * 3
    # pedaços independentes entre si, mas cada um contíguo; palavras na ordem trocada não são o texto escrito
    trocados = ["LOCAL_TRANSACAO | TRANSACAO_LOCAL", "SALDO_VALOR", "PIX | RECEBIDO PIX"]
    linhas = [1, 1, 2]
    detalhes = _validar(caso, *(_ref("CASO_EXTRATO.txt", n, e) for n, e in zip(linhas, trocados)))
    assert [d["status"] for d in detalhes] == ["AMBIGUO"] * 3
    assert "'TRANSACAO LOCAL'" in detalhes[0]["observacao"] and "'LOCAL TRANSACAO'" not in detalhes[0]["observacao"]


def test_valores_entre_as_palavras_nao_precisam_estar_na_mesma_ordem(tmp_path):
    # IP, data e hora são conferidos um a um; só as palavras seguidas do dado citado formam uma sequência
    caso = tmp_path / "caso"
    caso.mkdir()
    (caso / "registro.txt").write_text("Acesso de MARIA DA SILVA em 05/03/2025 14:35:02 BRT pelo IP 187.34.56.78\n",
                                       encoding="utf-8")
    citados = ["187.34.56.78 14:35:02 BRT", "Maria da Silva 187.34.56.78", "187.34.56.78 Maria da Silva 05/03/2025"]
    assert [d["status"] for d in _validar(caso, *(_ref("registro.txt", 1, c) for c in citados))] == ["VERIFICADO"] * 3
    assert _validar(caso, _ref("registro.txt", 1, "Maria Silva 187.34.56.78"))[0]["status"] == "AMBIGUO"


def test_nome_dividido_entre_linhas_segue_verificado_e_espalhado_entre_linhas_nao(tmp_path):
    # a reconstrução documentada (DESIGN.md, multilinha.py) continua valendo: o nome atravessa a quebra
    caso = tmp_path / "caso"
    caso.mkdir()
    (caso / "termo.txt").write_text("Declarante: ANTONIO MARCOS\nFERREIRA DE SOUZA, CPF 615.204.837-08\n", encoding="utf-8")
    dividido, = _validar(caso, _ref("termo.txt", 1, "ANTONIO MARCOS FERREIRA DE SOUZA"))
    assert dividido["status"] == "VERIFICADO" and "linhas 1-2" in dividido["observacao"]
    # a mesma quebra, mas com uma palavra pulada: cada palavra está nas duas linhas, o texto citado não
    espalhado, = _validar(caso, _ref("termo.txt", 1, "ANTONIO MARCOS FERREIRA SOUZA"))
    assert espalhado["status"] == "AMBIGUO" and "não seguidas" in espalhado["observacao"]


# -- propriedades do casamento de sequências -------------------------------------------------------------

_PALAVRAS = ["maria", "silva", "conta", "valor", "pix", "banco", "joao", "lancamento", "origem", "destino"]
_linhas = st.lists(st.sampled_from(_PALAVRAS), min_size=2, max_size=12)


def _escrever(palavras: list[str], caixa: list[bool]) -> str:
    """Uma linha com caixa, acentos e espaços variados: a normalização não pode mudar o veredicto."""
    def forma(palavra: str, alta: bool) -> str:
        acentuada = palavra.replace("a", "á", 1) if alta else palavra
        return unicodedata.normalize("NFC", acentuada.upper() if alta else acentuada)
    return "  ".join(forma(p, caixa[i % len(caixa)]) for i, p in enumerate(palavras))


@settings(max_examples=200, deadline=None)
@given(_linhas, st.data(), st.lists(st.booleans(), min_size=1, max_size=4))
def test_trecho_contiguo_da_linha_sempre_casa(palavras, data, caixa):
    inicio = data.draw(st.integers(0, len(palavras) - 1))
    fim = data.draw(st.integers(inicio + 1, len(palavras)))
    outro = data.draw(st.integers(0, len(palavras) - 1))
    citado = " ".join(palavras[inicio:fim]) + " | " + palavras[outro]
    assert espalhadas(citado, _escrever(palavras, caixa)) == []


@settings(max_examples=200, deadline=None)
@given(_linhas, st.data())
def test_palavras_da_linha_fora_de_ordem_ou_com_saltos_nunca_casam(palavras, data):
    indices = data.draw(st.lists(st.integers(0, len(palavras) - 1), min_size=2, max_size=4))
    citadas = [palavras[i] for i in indices]
    juntas = any(palavras[i : i + len(citadas)] == citadas for i in range(len(palavras)))
    resultado = espalhadas(" ".join(citadas), " ".join(palavras))
    assert (resultado == []) == juntas  # casa exatamente quando a sequência está seguida na linha
