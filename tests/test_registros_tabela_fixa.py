"""Tabela de largura fixa com régua (`-----`) sob o cabeçalho: a régua mede as colunas, não encerra a tabela."""

from __future__ import annotations

from pathlib import Path

from perito.extratores.registro import escolher
from perito.leitura.texto import ler_texto


def _dados(tmp_path: Path, texto: str, nome: str = "resposta.txt") -> list[dict]:
    caminho = tmp_path / nome
    caminho.write_text(texto, encoding="utf-8")
    documento = ler_texto(caminho, nome)
    return escolher(documento).extrair(documento).dados


def _por_linha(dados: list[dict], campo: str) -> dict[str, list[str]]:
    saida: dict[str, list[str]] = {}
    for d in dados:
        if d["campo"] == campo:
            saida.setdefault(d["linha_ou_celula"], []).append(d["dado"])
    return saida


_CADASTRO = """OPERADORA EXEMPLO S.A. - Resposta ao oficio 123/2024

Cadastro
--------
Linha             Nome do assinante            Documento    Endereco de cadastro           Ativacao
----------------  ---------------------------  -----------  -----------------------------  ----------
(21) 9 8765-4321  ANA PAULA DE SOUZA           52998224725  Rua das Flores, 12 - Rio/RJ    01/02/2020
(21) 9 1234-5678  BRUNO LIMA                   11144477735  Av. Central, 900 - Rio/RJ      15/03/2021

Bilhetagem
----------
Data e hora (UTC)    Tipo   Origem            Destino           IMEI
-------------------  -----  ----------------  ----------------  ---------------
2024-05-02 10:00:01  VOZ-O  (21) 9 8765-4321  (21) 9 1234-5678  490154203237518
2024-05-02 11:30:45  SMS-O  (21) 9 8765-4321  (21) 9 1234-5678  49015420323751
-------------------  -----  ----------------  ----------------  ---------------
Total: 2 registros
"""


def test_regua_sob_o_cabecalho_nao_encerra_a_tabela(tmp_path):
    dados = _dados(tmp_path, _CADASTRO)
    imeis = _por_linha(dados, "imei")
    assert set(imeis) == {"linha 14", "linha 15"}
    # cada linha da bilhetagem é um registro com a data-hora da própria linha
    for d in dados:
        if d["campo"] == "imei":
            assert d["metadados"]["registro"] == d["linha_ou_celula"]


def test_coluna_documento_com_dv_valido_e_cpf(tmp_path):
    cpfs = _por_linha(_dados(tmp_path, _CADASTRO), "cpf")
    assert cpfs == {"linha 7": ["52998224725"], "linha 8": ["11144477735"]}


def test_armadilha_documento_com_dv_invalido_nao_vira_cpf(tmp_path):
    texto = _CADASTRO.replace("52998224725", "52998224700")
    cpfs = _por_linha(_dados(tmp_path, texto), "cpf")
    assert "linha 7" not in cpfs


def test_armadilha_regua_depois_dos_registros_encerra_a_tabela(tmp_path):
    dados = _dados(tmp_path, _CADASTRO)
    # "Total: 2 registros" vem depois da régua de fecho: não é linha da tabela
    assert not [d for d in dados if d["linha_ou_celula"] == "linha 17"]
    assert all(d["metadados"].get("registro") != "linha 16" for d in dados)


def test_nomes_de_varias_palavras_medidos_pela_regua(tmp_path):
    dados = _dados(tmp_path, _CADASTRO)
    nomes = _por_linha(dados, "nome_titular")
    assert nomes["linha 7"] == ["ANA PAULA DE SOUZA"]
