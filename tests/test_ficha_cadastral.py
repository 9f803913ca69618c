"""A ficha cadastral de uma resposta de banco (aba "Dados Cadastrais", Campo | Informação), achada por sonda:
- "Data de nascimento" virava um fato do caso: a identificação dizia "o cadastro começa em 15/01/2025, depois dos
  fatos (12/07/1991)" e caía para fraco;
- "Nome da mãe" era titular;
- "Renda declarada R$ 2.500,00" era um lançamento: a ficha virava registro com evento e o titular dela não valia para
  a aba do extrato ("conta de titular não declarado").
"""

from __future__ import annotations

from pathlib import Path

import openpyxl

from perito.extratores import colunas, rotulos
from perito.extratores.reconhecedores import reconhecer
from tests.conftest import conclusoes_do_caso


def test_rotulos_da_qualificacao_civil() -> None:
    assert rotulos.papel_da_data("Data de nascimento") == "nascimento"
    assert rotulos.papel_da_data("DT_NASC") == "nascimento"
    assert colunas.papel("Nome da mãe") is None and colunas.papel("Filiação") is None
    assert colunas.papel("Nome do assinante") == "nome"
    assert [a.campo for a in reconhecer("Renda declarada: R$ 2.500,00")] == []
    assert [a.campo for a in reconhecer("PIX RECEBIDO R$ 2.500,00")] == ["valor_transacao"]


def test_ficha_do_banco_e_extrato_em_abas(tmp_path: Path) -> None:
    caso = tmp_path / "caso"
    caso.mkdir()
    livro = openpyxl.Workbook()
    ficha = livro.active
    ficha.title = "Dados Cadastrais"
    for linha in (["BANCO DIGITAL EXEMPLO S.A. - Resposta ao Ofício 123/2025"], [], ["Campo", "Informação"],
                  ["Nome completo", "CARLOS EDUARDO MENDES"], ["CPF", "246.813.579-28"],
                  ["Data de nascimento", "12/07/1991"], ["Nome da mãe", "MARIA DAS GRACAS MENDES"],
                  ["Telefone celular", "(11) 97654-3210"], ["Agência", "0001"], ["Conta", "1234567-8"],
                  ["Data de abertura", "03/02/2025"], ["Renda declarada", "R$ 2.500,00"]):
        ficha.append(linha)
    extrato = livro.create_sheet("Extrato")
    for linha in (["Data", "Hora", "Descrição", "Contraparte", "Valor (R$)", "Saldo (R$)"],
                  ["10/04/2025", "14:25:11", "Pix recebido", "ANA PAULA FERREIRA", "2.800,00", "2.850,00"],
                  ["10/04/2025", "14:31:02", "Pix enviado", "JOAO PEDRO ALVES", "-2.700,00", "150,00"]):
        extrato.append(linha)
    livro.save(caso / "resposta_banco.xlsx")
    (caso / "operadora.csv").write_text("Linha;Nome do assinante;CPF;Data de ativação\n"
                                        "11976543210;CARLOS EDUARDO MENDES;246.813.579-28;15/01/2025\n", encoding="utf-8")
    (caso / "boletim.txt").write_text(
        "POLÍCIA CIVIL - BOLETIM DE OCORRÊNCIA\nVítima: ANA PAULA FERREIRA, CPF 123.456.789-09\n"
        "Histórico: em 10/04/2025 às 14h25 a vítima transferiu R$ 2.800,00 para a chave Pix (11) 97654-3210.\n",
        encoding="utf-8")
    conclusoes = conclusoes_do_caso(caso)
    laranja = next(c for c in conclusoes if c["tipo"] == "identificacao_laranja")
    assert laranja["afirmacao"].startswith("A conta de CARLOS EDUARDO MENDES"), laranja["afirmacao"]
    titular = next(c for c in conclusoes if c["tipo"] == "identificacao_titular")
    assert "1991" not in titular["afirmacao"] and titular["grau_confianca"] != "fraco", titular["afirmacao"]
    assert not any("MARIA DAS GRACAS" in c["afirmacao"] for c in conclusoes)
