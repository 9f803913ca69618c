"""A linha da operadora com o titular e o usuário, cada um com o seu documento ("Linha;Titular;CNPJ do titular;Usuário
da linha;CPF do usuário"), vigésima sessão.

Antes: o titular (a empresa) levava o CPF do usuário, o único CPF da linha (o CNPJ não é CPF); o validador pegava o
erro e a identificação ia para as contraditas, e o investigador ficava sem ela. O CPF de um nome, numa linha com duas
pessoas, é o que vem depois dele e antes do próximo nome, também quando a linha de um CSV é um local só. Armadilha: a
linha com uma pessoa só continua com o CPF dela.
"""

from __future__ import annotations

from pathlib import Path

from tests.conftest import conclusoes_dos_textos

_BOLETIM = ("POLÍCIA CIVIL DO ESTADO DO RIO DE JANEIRO\nREGISTRO DE OCORRÊNCIA 912-03311/2025\n"
            "A vítima conversou pelo WhatsApp do número (21) 97311-2040.\n")
_PROVEDOR = "user_id,username,phone_number,last_login_time\n7281993411002,imoveis.helena,+5521973112040,1757074353\n"


def _titular(tmp_path: Path, cadastro: str) -> dict:
    conclusoes = conclusoes_dos_textos(tmp_path, {"vivo.csv": cadastro, "bo.txt": _BOLETIM, "plataforma.csv": _PROVEDOR})
    [titular] = [c for c in conclusoes if c["afirmacao"].startswith("O número +5521973112040 está cadastrado")]
    return titular


def test_o_cpf_do_usuario_nao_e_da_empresa_titular(tmp_path: Path) -> None:
    titular = _titular(tmp_path, "TELEFÔNICA BRASIL S.A. - Dados cadastrais das linhas\n"
                                 "Linha;Titular;CNPJ do titular;Usuário da linha;CPF do usuário;Data de ativação\n"
                                 "21973112040;CONSTRUTORA ALFA LTDA;11.222.333/0001-81;WALTER BRAGA JUNIOR;402.118.927-00;"
                                 "20/08/2025\n")
    assert titular["afirmacao"].startswith("O número +5521973112040 está cadastrado em nome de CONSTRUTORA ALFA LTDA (")
    assert "402.118.927-00" not in titular["afirmacao"]
    assert titular["validacao"]["veredicto_geral"] == "VERIFICADO"


def test_a_linha_com_uma_pessoa_fica_com_o_cpf_dela(tmp_path: Path) -> None:
    titular = _titular(tmp_path, "TELEFÔNICA BRASIL S.A. - Dados cadastrais das linhas\n"
                                 "Linha;Assinante;CPF;Data de ativação\n"
                                 "21973112040;WALTER BRAGA JUNIOR;402.118.927-00;20/08/2025\n")
    assert "em nome de WALTER BRAGA JUNIOR, CPF/CNPJ 402.118.927-00" in titular["afirmacao"]
