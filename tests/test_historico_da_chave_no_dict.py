"""O histórico de vínculos de uma chave Pix na resposta do DICT: a chave dita uma vez, um bloco por titular, cada um com
o seu período ("1) Vínculo de 03/02/2025 a 12/08/2025 (excluída pelo usuário)" / "2) Vínculo desde 15/08/2025").

Achado por sonda (27ª sessão): nenhuma conclusão saía (a chave não estava no registro de nenhum titular, e a resposta
de uma chave com um titular só não se aplicava a dois). Agora cada bloco é um vínculo com o seu período: o titular na
data do Pix é o da chave naquele dia, e quem a teve antes "esteve" cadastrado (no máximo fraco); o crédito na conta de
quem a teve antes não é a transferência pela chave.
"""

from __future__ import annotations

from pathlib import Path

from tests.conftest import conclusoes_dos_textos

_BO = """BOLETIM DE OCORRÊNCIA Nº 5520/2025 - 1º DP Londrina
Vítima: TERESA CRISTINA MOURA, CPF 318.904.227-62
Em 20/08/2025, às 09h40, a vítima pagou R$ 1.780,00 por Pix à chave e-mail ofertas.celulares.ld@gmail.com.
"""
_DICT = """BANCO CENTRAL DO BRASIL - DICT
Resposta ao Ofício 3310/2025
Chave consultada: ofertas.celulares.ld@gmail.com (tipo: e-mail)
Histórico de vínculos da chave:
1) Vínculo {periodo_1} (excluída pelo usuário)
   Titular: GILBERTO SANTOS RIBEIRO - CPF 401.773.580-09
   Participante: PAGSEGURO INTERNET S.A. - Agência 0001 - Conta 18273645-0
2) Vínculo {periodo_2} (ativa)
   Titular: ALINE FERNANDA COSTA - CPF 512.660.317-58
   Participante: NU PAGAMENTOS S.A. - Agência 0001 - Conta 9920144-7
"""
_PERIODOS = {"periodo_1": "de 03/02/2025 a 12/08/2025", "periodo_2": "desde 15/08/2025"}
_ALINE = """NU PAGAMENTOS S.A. - Extrato
Titular: ALINE FERNANDA COSTA - CPF 512.660.317-58
Agência 0001 Conta 9920144-7
20/08/2025 09:41:12 Pix recebido 1.780,00 C
20/08/2025 09:58:40 Pix enviado 1.700,00 D
"""
_GILBERTO = """PAGSEGURO INTERNET S.A. - Extrato de conta
Titular: GILBERTO SANTOS RIBEIRO - CPF 401.773.580-09
Agência 0001 Conta 18273645-0
20/08/2025 09:41:30 Pix recebido 1.780,00 C
20/08/2025 18:02:11 Pix enviado 300,00 D
"""


def _conclusoes(tmp_path: Path, **periodos: str) -> list[dict]:
    dict_ = _DICT.format(**{**_PERIODOS, **periodos})
    return conclusoes_dos_textos(tmp_path, {"bo.txt": _BO, "dict.txt": dict_, "extrato_aline.txt": _ALINE,
                                            "extrato_gilberto.txt": _GILBERTO})


def _do_tipo(conclusoes: list[dict], tipo: str) -> list[dict]:
    return [c for c in conclusoes if c["tipo"] == tipo]


def test_o_titular_na_data_do_pix_e_o_que_teve_a_chave_antes(tmp_path: Path) -> None:
    conclusoes = _conclusoes(tmp_path)
    titulares = {c["afirmacao"].split(" em nome de ")[1].split(",")[0]: c for c in _do_tipo(conclusoes, "identificacao_titular")}
    aline, gilberto = titulares["ALINE FERNANDA COSTA"], titulares["GILBERTO SANTOS RIBEIRO"]
    assert aline["grau_confianca"] == "moderado"
    assert "o cadastro vale desde 15/08/2025, o que inclui os fatos (20/08/2025" in aline["afirmacao"]
    assert gilberto["grau_confianca"] == "fraco"
    assert gilberto["afirmacao"].startswith("O e-mail ofertas.celulares.ld@gmail.com esteve cadastrado em nome de GILBERTO")
    assert "o cadastro termina em 12/08/2025, antes dos fatos" in gilberto["afirmacao"]
    assert all(c["validacao"]["veredicto_geral"] == "VERIFICADO" for c in (aline, gilberto))


def test_a_cadeia_passa_pela_conta_de_quem_tinha_a_chave_no_dia(tmp_path: Path) -> None:
    conclusoes = _conclusoes(tmp_path)
    (cadeia,) = _do_tipo(conclusoes, "vinculo_financeiro")
    assert "vincula essa chave a ALINE FERNANDA COSTA" in cadeia["afirmacao"]
    assert cadeia["validacao"]["veredicto_geral"] == "VERIFICADO"
    materialidades = {c["afirmacao"].split("(extrato_")[1].split(".txt")[0]: c for c in _do_tipo(conclusoes, "materialidade")}
    assert materialidades["aline"]["grau_confianca"] == "forte"
    # o crédito de mesmo valor, no mesmo minuto, na conta de quem teve a chave antes: só valor e dia, nunca pela chave
    assert materialidades["gilberto"]["grau_confianca"] == "moderado"
    assert "pertence, no DICT" not in materialidades["gilberto"]["afirmacao"]


def test_armadilha_historico_sem_periodos_nao_escolhe_titular(tmp_path: Path) -> None:
    conclusoes = _conclusoes(tmp_path, periodo_1="anterior", periodo_2="atual")
    assert not _do_tipo(conclusoes, "identificacao_titular")
    assert not _do_tipo(conclusoes, "vinculo_financeiro")


def test_cada_item_da_lista_numerada_e_um_registro(tmp_path: Path) -> None:
    from tests.conftest import dados_da_pasta

    (tmp_path / "dict.txt").write_text(_DICT.format(**_PERIODOS), encoding="utf-8")
    registros = {d["dado"]: d["metadados"]["registro"] for d in dados_da_pasta(tmp_path)}
    # a conta de GILBERTO fica no vínculo dele, não no de ALINE; a chave, no cabeçalho
    assert registros["GILBERTO SANTOS RIBEIRO"] == registros["Agência 0001 - Conta 18273645-0"]
    assert registros["ALINE FERNANDA COSTA"] == registros["Agência 0001 - Conta 9920144-7"]
    assert registros["GILBERTO SANTOS RIBEIRO"] != registros["ALINE FERNANDA COSTA"]
    assert registros["ofertas.celulares.ld@gmail.com"] not in (registros["GILBERTO SANTOS RIBEIRO"],
                                                               registros["ALINE FERNANDA COSTA"])


def test_armadilha_campos_numerados_de_um_formulario_sao_um_registro(tmp_path: Path) -> None:
    from tests.conftest import dados_da_pasta

    (tmp_path / "ficha.txt").write_text(
        "TIM S.A. - FICHA CADASTRAL DO ASSINANTE\n1. Nome: TERESA CRISTINA MOURA\n2. CPF: 318.904.227-62\n"
        "3. Telefone: (43) 99120-4471\n4. Endereço: Rua Sergipe, 100\n", encoding="utf-8")
    registros = {d["metadados"]["registro"] for d in dados_da_pasta(tmp_path)}
    assert len(registros) == 1


_DICT_EM_TABELA = """Chave;Tipo;Data de criação;Data de exclusão;Titular;CPF/CNPJ;Participante;Agência;Conta
ofertas.celulares.ld@gmail.com;EMAIL;03/02/2025;12/08/2025;GILBERTO SANTOS RIBEIRO;401.773.580-09;PAGSEGURO INTERNET S.A.;0001;18273645-0
ofertas.celulares.ld@gmail.com;EMAIL;15/08/2025;;ALINE FERNANDA COSTA;512.660.317-58;NU PAGAMENTOS S.A.;0001;9920144-7
"""


def test_o_dict_em_tabela_com_a_criacao_e_a_exclusao_da_chave(tmp_path: Path) -> None:
    """A mesma história numa tabela (uma linha por vínculo, com a criação e a exclusão da chave): a cadeia pela chave
    também só passa pelo vínculo em vigor no dia do Pix (antes, duas cadeias fortes, uma pela conta de GILBERTO)."""
    conclusoes = conclusoes_dos_textos(tmp_path, {"bo.txt": _BO, "dict.csv": _DICT_EM_TABELA,
                                                  "extrato_aline.txt": _ALINE, "extrato_gilberto.txt": _GILBERTO})
    (cadeia,) = _do_tipo(conclusoes, "vinculo_financeiro")
    assert "vincula essa chave a ALINE FERNANDA COSTA" in cadeia["afirmacao"]
    fortes = [c for c in _do_tipo(conclusoes, "materialidade") if c["grau_confianca"] == "forte"]
    assert [c["afirmacao"].split("(extrato_")[1][:5] for c in fortes] == ["aline"]


_DICT_EM_SECOES = """BANCO CENTRAL DO BRASIL - DICT
Chave Pix consultada: ofertas.celulares.ld@gmail.com
1. Vínculo anterior
Titular: GILBERTO SANTOS RIBEIRO - CPF 401.773.580-09
Participante: PAGSEGURO INTERNET S.A. - Agência 0001 - Conta 18273645-0
Data do vínculo: 03/02/2025
Data de desvinculação: 12/08/2025
2. Vínculo atual
Titular: ALINE FERNANDA COSTA - CPF 512.660.317-58
Participante: NU PAGAMENTOS S.A. - Agência 0001 - Conta 9920144-7
Período de vinculação: desde 15/08/2025
"""


def test_outro_leiaute_titulos_numerados_e_datas_rotuladas(tmp_path: Path) -> None:
    """O mesmo histórico noutro leiaute: os itens "1. Vínculo anterior" / "2. Vínculo atual" e as datas com rótulo
    ("Data do vínculo", "Data de desvinculação", "Período de vinculação: desde ...")."""
    conclusoes = conclusoes_dos_textos(tmp_path, {"bo.txt": _BO, "dict.txt": _DICT_EM_SECOES,
                                                  "extrato_aline.txt": _ALINE, "extrato_gilberto.txt": _GILBERTO})
    (cadeia,) = _do_tipo(conclusoes, "vinculo_financeiro")
    assert "vincula essa chave a ALINE FERNANDA COSTA" in cadeia["afirmacao"]
    graus = {c["afirmacao"].split(" em nome de ")[1].split(",")[0]: c["grau_confianca"]
             for c in _do_tipo(conclusoes, "identificacao_titular")}
    assert graus == {"ALINE FERNANDA COSTA": "moderado", "GILBERTO SANTOS RIBEIRO": "fraco"}
