"""Rótulos de cadastro que sondas acharam mal lidos (respostas de provedor e de operadora).

- "ID do usuário: 2198765432" (Mercado Livre), "User ID", "Código do cliente": o identificador da conta na plataforma
  era lido como telefone e, com a linha 21998765432 de outra pessoa na operadora, dava identificação falsa.
- "Family Name: Eduardo Ramos" (Google): a parte do nome era lida como a pessoa inteira e convergia com um homônimo.
- "NOME DO ASSINANTE: JOSE ..." em maiúsculas: "DO ASSINANTE" virava o nome e o titular se perdia; "TITULAR.....:"
  (pontos de preenchimento de formulário impresso) não era rótulo.
- CPF que a planilha gravou como número (`3149582660`, sem o zero da esquerda): virava um telefone falso.
"""

from __future__ import annotations

from pathlib import Path

import openpyxl

from perito.extratores.operadora import ExtratorOperadora
from perito.extratores.reconhecedores import reconhecer
from perito.leitura.leitor import ler_documento
from tests.conftest import conclusoes_do_caso


def _telefones(texto: str) -> list[str]:
    return [a.dado for a in reconhecer(texto) if a.campo == "telefone"]


def _nomes(texto: str) -> list[tuple[str, str]]:
    return [(a.dado, a.metadados["papel"]) for a in reconhecer(texto) if a.campo == "nome_titular"]


def test_identificador_da_conta_nao_e_telefone() -> None:
    for rotulo in ("ID do usuário:", "User ID:", "ID da conta:", "userId:", "Código do cliente", "Customer ID #"):
        assert _telefones(f"{rotulo} 2198765432") == [], rotulo
    # o telefone rotulado continua telefone; o identificador da conta do WhatsApp é o número da linha
    assert _telefones("Telefone: 2198765432") == ["2198765432"]
    assert _telefones("Account Identifier: 5511987654321") == ["5511987654321"]


def test_id_do_usuario_nao_identifica_o_titular_de_outra_linha(tmp_path: Path) -> None:
    caso = tmp_path / "caso"
    caso.mkdir()
    (caso / "resposta_plataforma.txt").write_text(
        "MERCADO LIVRE - Resposta ao Ofício nº 2291/2025\n"
        "Na qualidade de provedor de aplicação (Marco Civil da Internet), informamos:\n"
        "ID do usuário: 2198765432\nNome: CARLOS EDUARDO RAMOS\n", encoding="utf-8")
    (caso / "operadora.csv").write_text(
        "Linha;Nome do Assinante;CPF;Data de Ativação\n"
        "21998765432;JOANA PRADO LIMA;618.293.047-04;05/05/2025\n", encoding="utf-8")
    tipos = {c["tipo"] for c in conclusoes_do_caso(caso)}
    assert not tipos & {"identificacao_titular", "vinculo_telefone"}


def test_parte_do_nome_nao_e_a_pessoa() -> None:
    for rotulo in ("Family Name", "Last name", "Given Name", "Middle Name", "Display Name", "Surname"):
        assert _nomes(f"{rotulo}: Eduardo Ramos") == [], rotulo
    assert _nomes("Name: Carlos Eduardo Ramos") == [("Carlos Eduardo Ramos", "nome")]


def test_rotulo_composto_em_maiusculas_e_pontos_de_preenchimento() -> None:
    assert _nomes("NOME DO ASSINANTE: JOSE CARLOS FERREIRA DA SILVA") == [("JOSE CARLOS FERREIRA DA SILVA", "titular")]
    assert _nomes("NOME DO CLIENTE: JOSE CARLOS FERREIRA") == [("JOSE CARLOS FERREIRA", "cliente")]
    assert _nomes("TITULAR.........: JOSE CARLOS DA SILVA") == [("JOSE CARLOS DA SILVA", "titular")]
    # armadilhas: o nome da mãe não é do titular; a partícula nunca abre um nome
    assert _nomes("NOME DA MÃE: MARIA DA SILVA") == []
    assert _nomes("Vítima: JOSÉ DOS SANTOS") == [("JOSÉ DOS SANTOS", "vitima")]


def test_ficha_de_largura_fixa_da_operadora(tmp_path: Path) -> None:
    caminho = tmp_path / "tim_cadastro.txt"
    caminho.write_text(
        "TIM S.A. - RESPOSTA A OFICIO 1234/2025 - DADOS CADASTRAIS\n"
        "LINHA............: 11987654321\n"
        "NOME DO ASSINANTE: JOSE CARLOS FERREIRA DA SILVA\n"
        "CPF..............: 031.495.826-60\n", encoding="utf-8")
    dados = ExtratorOperadora().extrair(ler_documento(caminho, caminho.name, "txt")).dados
    assert [d["dado"] for d in dados if d["campo"] == "nome_titular"] == ["JOSE CARLOS FERREIRA DA SILVA"]


def test_cpf_gravado_como_numero_na_planilha(tmp_path: Path) -> None:
    caso = tmp_path / "caso"
    caso.mkdir()
    livro = openpyxl.Workbook()
    folha = livro.active
    folha.append(["MSISDN", "NOME_CLIENTE", "CPF_CNPJ", "DT_ATIVACAO"])
    folha.append([5511987654321, "JOSE CARLOS FERREIRA DA SILVA", 3149582660, "12/05/2025"])
    livro.save(caso / "cadastro_operadora.xlsx")
    (caso / "dict.csv").write_text(
        "Resposta do Banco Central - DICT - consulta de chaves Pix\n"
        "Chave;Tipo de chave;Nome do titular;CPF/CNPJ;Instituição;Agência;Conta;Data de abertura\n"
        "+5511987654321;Celular;JOSE CARLOS FERREIRA DA SILVA;031.495.826-60;Banco X;0001;123456-7;01/06/2025\n",
        encoding="utf-8")
    conclusoes = conclusoes_do_caso(caso)
    titular = next(c for c in conclusoes if c["tipo"] == "identificacao_titular")
    assert "3149582660 (com 1 zero à esquerda que a planilha tirou)" in titular["afirmacao"]
    assert titular["validacao"]["veredicto_geral"] == "VERIFICADO"
    # e nenhum telefone falso "+553149582660" apareceu em conclusão nenhuma
    assert not any("3149582660" in c["afirmacao"] for c in conclusoes if c["tipo"] == "vinculo_telefone")


def test_linha_da_operadora_com_55_sem_mais() -> None:
    for texto in ("Linha: 5511987654321", "LINHA CONSULTADA: 5511987654321", "Terminal: 5511987654321",
                  "EXTRATO DA LINHA 5511987654321", "MSISDN 5511987654321"):
        assert _telefones(texto) == ["5511987654321"], texto
    assert _telefones("Protocolo 5511987654321") == []  # sem rótulo de linha, o número com 55 pode ser protocolo


def test_borda_da_celula_lida_como_barra() -> None:
    # o OCR de uma tabela com grade lê a borda entre o rótulo e o valor como "|"
    assert _nomes("Nome do assinante | FERNANDO ALVES COSTA") == [("FERNANDO ALVES COSTA", "titular")]


def test_listas_de_numeros_do_mensageiro() -> None:
    # a agenda e os destinatários de uma resposta da Meta, com o 55 e sem o "+": cada número da lista
    assert _telefones("Symmetric contacts: 5521976543210, 5511954321098") == ["5521976543210", "5511954321098"]
    assert _telefones("Recipients 5521976543210, 5511954321098") == ["5521976543210", "5511954321098"]


def test_nome_em_minusculas_digitado_no_cadastro_da_plataforma() -> None:
    assert _nomes("Name: anderson pereira") == [("anderson pereira", "nome")]
    assert _nomes("Nome: não informado") == []
    assert _nomes("Name: anderson") == []  # uma palavra só não é nome completo
