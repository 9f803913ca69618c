"""Ocorrência policial em formulário (RS, delegacia online), achada na sonda de site falso:

- "DATA DO FATO: 13/03/2025  HORA: 09:05" no cabeçalho e o valor no histórico sem data: o dia do fato é o do valor
  (antes a materialidade não saía);
- o quadro de envolvidos uma pessoa por linha, sem linha em branco ("VÍTIMA ....: MARCOS ... - CPF ..." e embaixo
  "SUSPEITO ....: JULIANA ..."): o CPF da vítima não vai com o nome do suspeito (antes a conclusão dizia "2 CPFs
  diferentes com este nome");
- o histórico em maiúsculas: "COMPARECE A VÍTIMA NESTA DP ONLINE" não faz o nome "NESTA DP ONLINE E", e "CUJA
  FAVORECIDA É JULIANA ..." dá JULIANA, não "É JULIANA".

Armadilha: a data da comunicação ("COMUNICAÇÃO: 13/03/2025 18:40") não é a do fato.
"""

from __future__ import annotations

from perito.extratores.reconhecedores import reconhecer
from tests.conftest import conclusoes_do_caso, dados_da_pasta, pdf_de_linhas
from tests.test_extrato_bb_e_quadro_da_vitima import _LANCAMENTOS, _TOPO

_OCORRENCIA = """ESTADO DO RIO GRANDE DO SUL
POLÍCIA CIVIL - DELEGACIA ONLINE
OCORRÊNCIA POLICIAL Nº 4821/2025/152310      ÓRGÃO: 1ª DP PORTO ALEGRE
FATO: ESTELIONATO                           DATA DO FATO: 12/03/2025  HORA: 14:22
COMUNICAÇÃO: 13/03/2025 18:40

ENVOLVIDOS
VÍTIMA ........: CLAUDIA REGINA FONSECA - CPF 536.820.147-80 - FONE (51) 98120-4471
SUSPEITO ......: JULIANA PEREIRA SANTOS (favorecida do Pix)

HISTÓRICO
COMPARECE A VÍTIMA NESTA DP ONLINE E INFORMA QUE COMPROU UM APARELHO CELULAR NO SITE, PAGANDO VIA PIX O VALOR DE
R$ 389,90 PARA A CHAVE ALEATÓRIA 7D9F0B2C-3E41-4A8D-9C2F-5B6E1A0D4F37,
CUJA FAVORECIDA É JULIANA PEREIRA SANTOS, AG 3421 CONTA 45112-9 DO BANCO DO BRASIL. É O RELATO.
"""


def test_nomes_do_historico_em_maiusculas():
    nomes = [a.dado for a in reconhecer("COMPARECE A VÍTIMA NESTA DP ONLINE E INFORMA QUE COMPROU") if a.campo == "nome_titular"]
    assert nomes == []
    favorecida = [a for a in reconhecer("CUJA FAVORECIDA É JULIANA PEREIRA SANTOS, AG 3421") if a.campo == "nome_titular"]
    assert [a.dado for a in favorecida] == ["JULIANA PEREIRA SANTOS"]


def test_data_do_fato_e_envolvidos_linha_a_linha(tmp_path):
    caso = tmp_path / "caso"
    caso.mkdir()
    pdf_de_linhas(caso / "extrato_bb.pdf", _TOPO + _LANCAMENTOS)
    (caso / "ocorrencia.txt").write_text(_OCORRENCIA, encoding="utf-8")
    conclusoes = conclusoes_do_caso(caso)
    materialidade = next(c for c in conclusoes if c["tipo"] == "materialidade")
    assert "R$ 389,90 em 12/03/2025" in materialidade["afirmacao"]  # o dia do fato, não o da comunicação
    assert materialidade["validacao"]["veredicto_geral"] == "VERIFICADO"
    juliana = [c for c in conclusoes if c["tipo"] == "convergencia_nome" and "JULIANA" in c["afirmacao"]]
    assert not any("CPFs diferentes" in c["afirmacao"] for c in juliana)


def test_cada_linha_do_quadro_de_envolvidos_e_um_registro(tmp_path):

    (tmp_path / "ocorrencia.txt").write_text(_OCORRENCIA, encoding="utf-8")
    dados = dados_da_pasta(tmp_path)
    registro = {(d["campo"], d["dado"], d["linha_ou_celula"]): d["metadados"]["registro"] for d in dados}
    cpf_da_vitima = registro[("cpf", "536.820.147-80", "linha 8")]
    assert cpf_da_vitima == registro[("nome_titular", "CLAUDIA REGINA FONSECA", "linha 8")]
    assert cpf_da_vitima != registro[("nome_titular", "JULIANA PEREIRA SANTOS", "linha 9")]


def test_quadro_de_envolvidos_em_colunas_com_a_condicao():
    """O REDS de MG lista os envolvidos em colunas ("SEQ NOME CONDICAO CPF"): a condição ao lado do nome dá o papel
    (antes o nome nem saía, e a materialidade ficava moderada). Armadilha: "A VITIMA FOI ORIENTADA" não é nome."""
    def papeis(texto):
        return [(a.dado, a.metadados["papel"]) for a in reconhecer(texto) if a.campo == "nome_titular"]

    assert papeis("01   BRUNO HENRIQUE SOUZA          VITIMA     413.058.276-35   03/11/1979") == [
        ("BRUNO HENRIQUE SOUZA", "vitima")]
    assert papeis("02   LUCAS GABRIEL NUNES           SUSPEITO   168.274.039-04") == [("LUCAS GABRIEL NUNES", "investigado")]
    assert papeis("A VITIMA FOI ORIENTADA QUANTO A REPRESENTACAO CRIMINAL") == []
