"""O CPF de uma pessoa é o do registro dela, não o primeiro do registro (nem o da linha de cima).

Duas linhas de cadastro que o texto junta num registro ("Linha ... Assinante: RAFAELA ... CPF: 157..." e "Linha ...
Assinante: JOAO ... CPF: 945..."): a identificação do titular dizia "JOAO PAULO RAMOS, CPF/CNPJ 157.368.193-84", o CPF
da assinante de cima, e o validador a dava por VERIFICADO (cada referência estava certa sozinha). Na linha de uma
relação de Pix, o pagador e o recebedor têm cada um o seu CPF na coluna ao lado.
"""

from __future__ import annotations

import copy
import json

from perito.validador.agente import validar
from tests.conftest import DATA, conclusoes_do_caso

_OPERADORA = ("OPERADORA VELOZ - DADOS CADASTRAIS DAS LINHAS\n"
              "Linha: (21) 93333-4444  Assinante: RAFAELA SOUZA LIMA  CPF: 157.368.193-84\n"
              "Linha: (11) 91111-2222  Assinante: JOAO PAULO RAMOS  CPF: 945.807.302-24\n")
_PROVEDOR = "ZAPT MENSAGEIRO - Resposta a requisição judicial\nIdentificador da conta: +55 11 91111-2222\n"


def _caso(tmp_path):
    caso = tmp_path / "caso"
    caso.mkdir()
    (caso / "operadora.txt").write_text(_OPERADORA, encoding="utf-8")
    (caso / "provedor.txt").write_text(_PROVEDOR, encoding="utf-8")
    return caso


def test_o_titular_com_o_cpf_da_propria_linha(tmp_path):
    conclusoes = conclusoes_do_caso(_caso(tmp_path), DATA)
    [titular] = [c for c in conclusoes if c["tipo"] == "identificacao_titular"]
    assert "JOAO PAULO RAMOS, CPF/CNPJ 945.807.302-24" in titular["afirmacao"]
    assert "157.368.193-84" not in json.dumps(titular, ensure_ascii=False)
    assert titular["validacao"]["veredicto_geral"] == "VERIFICADO"


def test_armadilha_o_cpf_da_linha_de_cima_e_contradito(tmp_path):
    caso = _caso(tmp_path)
    conclusoes = conclusoes_do_caso(caso, DATA)
    todas = json.loads((tmp_path / "saida" / "conclusoes.json").read_text(encoding="utf-8"))
    [certa] = [c for c in conclusoes if c["tipo"] == "identificacao_titular"]
    # a conclusão errada: o CPF da assinante de cima, citado no lugar dele (a linha 2), dado ao assinante de baixo
    errada = copy.deepcopy(certa)
    errada["afirmacao"] = errada["afirmacao"].replace("945.807.302-24", "157.368.193-84")
    errada["referencias"].insert(0, {"arquivo": "operadora.txt", "pagina": None, "linha_ou_celula": "linha 2",
                                     "dado_citado": "157.368.193-84", "extrator_id": "extrator_operadora_01"})
    errada["validacao"] = None
    validacao = validar({**todas, "conclusoes": [errada]}, caso, DATA)["validacoes"][0]
    assert validacao["veredicto_geral"] == "CONTRADITO"
    [detalhe] = [d for d in validacao["detalhes"] if d["dado_citado"] == "157.368.193-84"]
    assert detalhe["status"] == "CONTRADITO" and "94580730224" in detalhe["observacao"]


def test_armadilha_o_cpf_na_linha_de_baixo_do_nome_nao_e_contradito(tmp_path):
    # "Vítima: ANA ..." e, embaixo, "CPF: ...": o registro do nome não tem CPF seu, nada o contradiz
    caso = tmp_path / "caso"
    caso.mkdir()
    (caso / "bo.txt").write_text(
        "POLÍCIA CIVIL - BOLETIM DE OCORRÊNCIA\nVítima: ANA CLARA MENDES\nCPF: 945.807.302-24\n"
        "Relata que em 10/04/2025 fez um Pix de R$ 3.200,00 para RAFAELA SOUZA LIMA, CPF 157.368.193-84.\n",
        encoding="utf-8")
    (caso / "extrato.csv").write_text(
        "Extrato de conta corrente - RAFAELA SOUZA LIMA - CPF 157.368.193-84\n\nData;Histórico;Valor;Saldo\n"
        "10/04/2025;PIX RECEBIDO ANA CLARA MENDES;3.200,00;3.285,40\n", encoding="utf-8")
    conclusoes = conclusoes_do_caso(caso, DATA)
    assert conclusoes and all(c["validacao"]["veredicto_geral"] != "CONTRADITO" for c in conclusoes)


def test_na_linha_da_relacao_de_pix_o_cpf_ao_lado_do_nome(tmp_path):
    from openpyxl import Workbook

    caso = tmp_path / "caso"
    caso.mkdir()
    livro = Workbook()
    aba = livro.active
    aba.append(["Extrato da conta - transações Pix - Banco Cerrado S.A."])
    aba.append(["Data", "Nome Pagador", "CPF/CNPJ Pagador", "Nome Recebedor", "CPF/CNPJ Recebedor", "Valor (R$)", "Tipo"])
    aba.append(["02/06/2025", "CLAUDIA REGINA PORTO", "410.946.685-75", "WESLEY SANTOS NUNES", "234.703.970-90",
                "1.890,00", "CRÉDITO"])
    livro.save(caso / "pix.xlsx")
    (caso / "dict.txt").write_text("BANCO CENTRAL DO BRASIL - Diretório de Identificadores (DICT)\nChave: 234.703.970-90  Titular: WESLEY SANTOS NUNES  "
                                   "CPF: 234.703.970-90  Agência: 0001  Conta: 123987-0\n", encoding="utf-8")
    [nome] = [c for c in conclusoes_do_caso(caso, DATA) if c["tipo"] == "convergencia_nome"]
    # o recebedor com o CPF da coluna dele, não o do pagador (a primeira coluna de CPF da linha)
    assert "WESLEY SANTOS NUNES" in nome["afirmacao"] and "o mesmo CPF 234.703.970-90" in nome["afirmacao"]
    assert nome["grau_confianca"] == "forte" and nome["validacao"]["veredicto_geral"] == "VERIFICADO"


def test_armadilha_a_ficha_em_tabela_html_nao_e_linha_com_duas_pessoas(tmp_path):
    # variante 47: a resposta do DICT em HTML, uma tabela rótulo | valor por chave ("CPF/CNPJ do titular" é rótulo,
    # não o nome de outra pessoa); a regra da linha com duas pessoas contradizia o CPF da titular
    caso = tmp_path / "caso"
    caso.mkdir()
    linhas = [("Chave Pix", "+5521998765432"), ("Tipo de chave", "CELULAR"), ("Nome do titular", "KATIA REZENDE MEDEIROS"),
              ("CPF/CNPJ do titular", "44045666621"), ("Participante", "BANCO JEQUITIBÁ S.A."), ("Agência", "2348"),
              ("Conta", "63924849")]
    (caso / "dict.html").write_text(
        "<html><body><h1>BANCO CENTRAL DO BRASIL</h1><h2>DICT - Consulta de chaves Pix</h2><table>"
        + "".join(f"<tr><th>{r}</th><td>{v}</td></tr>" for r, v in linhas) + "</table></body></html>", encoding="utf-8")
    (caso / "bo.txt").write_text("POLÍCIA CIVIL - BOLETIM DE OCORRÊNCIA\nVítima: ANA CLARA MENDES.\n"
                                 "Em 10/04/2025 fez um Pix de R$ 965,00 para a chave (21) 99876-5432.\n", encoding="utf-8")
    titulares = [c for c in conclusoes_do_caso(caso, DATA) if c["tipo"] == "identificacao_titular"]
    assert titulares and all(c["validacao"]["veredicto_geral"] == "VERIFICADO" for c in titulares)
    assert "KATIA REZENDE MEDEIROS, CPF/CNPJ 44045666621" in titulares[0]["afirmacao"]


def test_armadilha_o_nome_da_celula_que_quebrou_e_uma_pessoa_so():
    # variante 17: a célula do nome quebrou em linhas no PDF ("João Otávio" na linha, "Marques Guimarães Seixas"
    # embaixo); o nome inteiro e o da linha são a mesma pessoa, não duas numa linha de tabela
    from perito.leitura.documento import Trecho
    from perito.validador.cpf_de_outro_registro import _dono_na_linha, _mesmo_nome
    from perito.validador.registros import Registro

    assert _mesmo_nome("joao otavio", "joao otavio marques guimaraes seixas")
    assert not _mesmo_nome("joao otavio", "julio medeiros")
    # a linha relida com a célula inteira; "TRANSF PIX RECEBIDA" (duas palavras em maiúsculas) não é outra pessoa
    celulas = ("19/10/24", "TRANSF PIX RECEBIDA", "João Otávio Marques Guimarães Seixas", "821.416.924-07", "157490", "C")
    linha = Trecho(2, "linha 7", " ".join(celulas), "pypdfium2", celulas=celulas)
    dono = _dono_na_linha(Registro("linha 7", (linha,), True), "82141692407")
    assert dono is None or _mesmo_nome(dono, "joao otavio")
