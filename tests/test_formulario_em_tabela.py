"""O cadastro da linha em rótulo | valor dentro de uma planilha ou de um CSV (`Nome do assinante;MARIA ...`, `CPF;123...`),
achado por uma sonda: lido como tabela, o nome ficava sem papel e o CPF de 11 dígitos sem rótulo não era CPF, e a
resposta da operadora não identificava o titular da linha (em TXT com TAB, a mesma ficha já era lida).

Armadilhas que continuam tabela: o cabeçalho de duas colunas com valores embaixo (`Linha;IMEI`), o cabeçalho
`Tipo de chave;Chave` cujas linhas parecem rótulo (`Celular;+55...`), e duas colunas de palavras que não são rótulos
conhecidos (`Evento;Canal` com `LOGIN;APP`).
"""

from __future__ import annotations

from pathlib import Path

import openpyxl

from perito.extratores.operadora import ExtratorOperadora
from perito.extratores.registros import formulario_tabular
from perito.leitura.leitor import ler_documento
from tests.conftest import conclusoes_do_caso

_FICHA = [
    ("RESPOSTA AO OFÍCIO 2232/2025", None),
    (None, None),
    ("Linha", "(11) 98765-4321"),
    ("Nome do assinante", "MARIA DA SILVA SOUZA"),
    ("CPF", "12345678909"),
    ("Endereço", "RUA DAS FLORES, 100 - SÃO PAULO/SP"),
    ("Data de ativação", "15/03/2022"),
    ("Situação", "ATIVA"),
]


def _xlsx(caminho: Path, linhas: list[tuple], outra_aba: list[tuple] | None = None) -> Path:
    livro = openpyxl.Workbook()
    aba = livro.active
    aba.title = "Dados Cadastrais"
    for linha in linhas:
        aba.append(linha)
    if outra_aba:
        segunda = livro.create_sheet("Histórico de IMEI")
        for linha in outra_aba:
            segunda.append(linha)
    livro.save(caminho)
    return caminho


def _csv(caminho: Path, linhas: list[tuple]) -> Path:
    caminho.write_text("\n".join(";".join(c or "" for c in linha) for linha in linhas) + "\n", encoding="utf-8")
    return caminho


def _por_campo(caminho: Path, tipo: str) -> dict[str, list[tuple[str, str]]]:
    dados = ExtratorOperadora().extrair(ler_documento(caminho, caminho.name, tipo)).dados
    saida: dict[str, list[tuple[str, str]]] = {}
    for d in dados:
        saida.setdefault(d["campo"], []).append((d["dado"], d["linha_ou_celula"]))
    return saida


def test_ficha_na_planilha_da_papel_a_cada_valor(tmp_path: Path) -> None:
    campos = _por_campo(_xlsx(tmp_path / "resposta.xlsx", _FICHA), "xlsx")
    assert campos["nome_titular"] == [("MARIA DA SILVA SOUZA", "celula B4")]
    assert campos["cpf"] == [("12345678909", "celula B5")]
    assert campos["telefone"] == [("(11) 98765-4321", "celula B3")]


def test_ficha_no_csv_da_papel_a_cada_valor(tmp_path: Path) -> None:
    campos = _por_campo(_csv(tmp_path / "cadastro.csv", _FICHA), "csv")
    assert campos["nome_titular"] == [("MARIA DA SILVA SOUZA", "linha 4")]
    assert campos["cpf"] == [("12345678909", "linha 5")]


def test_tabela_de_duas_colunas_com_cabecalho_nao_e_ficha(tmp_path: Path) -> None:
    caminho = _csv(tmp_path / "imei.csv", [("Linha", "IMEI"), ("11987654321", "356938035643809"),
                                           ("11912345678", "860123456789012")])
    documento = ler_documento(caminho, caminho.name, "csv")
    assert formulario_tabular.do_csv(documento.trechos) == []
    campos = _por_campo(caminho, "csv")
    assert [d for d, _ in campos["imei"]] == ["356938035643809", "860123456789012"]


def test_linhas_abaixo_do_cabecalho_de_chaves_sao_tabela(tmp_path: Path) -> None:
    # "Celular", "E-mail" e "CPF" à esquerda parecem rótulos, mas o cabeçalho acima diz que são o tipo da chave
    caminho = _xlsx(tmp_path / "chaves.xlsx", [("Tipo de chave", "Chave"), ("Celular", "+5511987654321"),
                                               ("E-mail", "maria@example.com"), ("CPF", "123.456.789-09")])
    documento = ler_documento(caminho, caminho.name, "xlsx")
    assert formulario_tabular.da_planilha(documento.trechos) == []


def test_duas_colunas_de_palavras_nao_sao_ficha(tmp_path: Path) -> None:
    caminho = _csv(tmp_path / "eventos.csv", [("LOGIN", "APP"), ("PIX ENVIADO", "WEB"), ("LOGOUT", "APP")])
    assert formulario_tabular.do_csv(ler_documento(caminho, caminho.name, "csv").trechos) == []


def test_ficha_em_ingles_com_titulo_field_value(tmp_path: Path) -> None:
    """A ficha KYC de uma corretora estrangeira: "Field | Value" é o título do formulário, não um par; "ID Number" com o
    CPF sem máscara é o documento (sonda da quarta rodada: nome e CPF não saíam)."""
    caminho = _xlsx(tmp_path / "kyc.xlsx", [("Field", "Value"), ("Name", "RAFAEL AUGUSTO NUNES"), ("ID Type", "CPF"),
                                            ("ID Number", "45290173897"), ("Mobile", "+55 11951234477")])
    campos = _por_campo(caminho, "xlsx")
    assert campos["nome_titular"] == [("RAFAEL AUGUSTO NUNES", "celula B2")]
    assert campos["cpf"] == [("45290173897", "celula B4")]


def test_armadilha_titulo_field_value_sobre_palavras_continua_sem_ficha(tmp_path: Path) -> None:
    caminho = _csv(tmp_path / "eventos.csv", [("Campo", "Valor"), ("LOGIN", "APP"), ("PIX ENVIADO", "WEB")])
    assert formulario_tabular.do_csv(ler_documento(caminho, caminho.name, "csv").trechos) == []


def test_titular_da_linha_pela_ficha_da_planilha(tmp_path: Path) -> None:
    caso = tmp_path / "caso"
    caso.mkdir()
    _xlsx(caso / "claro_resposta.xlsx", _FICHA,
          [("Linha", "IMEI", "Início", "Fim"), ("11987654321", "356938035643809", "15/03/2022", "—")])
    (caso / "boletim.txt").write_text(
        "BOLETIM DE OCORRÊNCIA Nº 4411/2025\nHistórico: a vítima recebeu mensagens do número (11) 98765-4321 "
        "em 02/08/2025.\n", encoding="utf-8")
    conclusoes = conclusoes_do_caso(caso)
    (titular,) = [c for c in conclusoes if c["tipo"] == "identificacao_titular"]
    assert "MARIA DA SILVA SOUZA" in titular["afirmacao"] and "12345678909" in titular["afirmacao"]
    assert titular["validacao"]["veredicto_geral"] == "VERIFICADO"


def _detalhes(caso: Path, referencias: list[dict]) -> list[dict]:
    from perito.validador.agente import validar

    conclusao = {"id": 1, "tipo": "identificacao_titular", "afirmacao": "titular da linha", "grau_confianca": "fraco",
                 "referencias": referencias, "validacao": None}
    resultado = validar({"conclusoes": [conclusao], "caso_id": "t", "data_analise": "2025-12-01"}, caso, "2025-12-01")
    return resultado["validacoes"][0]["detalhes"]


def _ref(arquivo: str, celula: str, dado: str, aba: str | None = None) -> dict:
    ref = {"arquivo": arquivo, "pagina": None, "linha_ou_celula": celula, "dado_citado": dado, "extrator_id": "x"}
    return {**ref, "aba_planilha": aba} if aba else ref


def test_validador_le_a_ficha_da_planilha_como_um_registro(tmp_path: Path) -> None:
    """O validador segmenta por conta própria: as linhas seguidas de rótulo | valor são um registro, e o rótulo
    "Data de ativação" não é um nome (antes, o nome da linha 4 e a data da linha 7 saíam CONTRADITO)."""
    _xlsx(tmp_path / "ficha.xlsx", [*_FICHA, (None, None), ("Linha", "(21) 97777-1234"), ("Nome do assinante",
                                                                                          "JOAO CARLOS MENDES"),
                                    ("CPF", "98765432100"), ("Data de ativação", "01/02/2021")])
    aba = "Dados Cadastrais"
    mesma = _detalhes(tmp_path, [_ref("ficha.xlsx", "celula B4", "MARIA DA SILVA SOUZA", aba),
                                 _ref("ficha.xlsx", "celula B7", "15/03/2022", aba)])
    assert [d["status"] for d in mesma] == ["VERIFICADO", "VERIFICADO"]
    # armadilha: a data da ficha de baixo (outro assinante, depois da linha em branco) citada com o nome da de cima
    trocada = _detalhes(tmp_path, [_ref("ficha.xlsx", "celula B4", "MARIA DA SILVA SOUZA", aba),
                                   _ref("ficha.xlsx", "celula B13", "01/02/2021", aba)])
    assert "CONTRADITO" in [d["status"] for d in trocada]


def test_validador_le_a_ficha_do_csv_como_um_registro(tmp_path: Path) -> None:
    _csv(tmp_path / "cadastro.csv", _FICHA)
    detalhes = _detalhes(tmp_path, [_ref("cadastro.csv", "linha 4", "MARIA DA SILVA SOUZA"),
                                    _ref("cadastro.csv", "linha 7", "15/03/2022")])
    assert [d["status"] for d in detalhes] == ["VERIFICADO", "VERIFICADO"]
