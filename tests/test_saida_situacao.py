"""Situação de cada arquivo (lido, parcial, erro) igual no manifesto, na trilha e no código de saída."""

from __future__ import annotations

import io
import json
import zipfile

import openpyxl

from perito.analise import Parametros, analisar
from perito.erros import Saida
from perito.extratores.lotes import extrair_no_auxiliar
from perito.extratores.registro import GENERICO
from tests.conftest import DATA


def _trilha(saida):
    return [json.loads(linha) for linha in (saida / "auditoria.jsonl").read_text(encoding="utf-8").splitlines()]


def _linha(resultado, nome):
    manifesto = json.loads((resultado.saida / "manifesto.json").read_text(encoding="utf-8"))
    return next(a for a in manifesto["arquivos"] if a["arquivo"] == nome)


def _defeito(documento, coletor=None):
    raise RuntimeError("defeito de teste")


def _extrair_com_defeito(documento):
    """Roda no auxiliar (recebido pelo nome): o extrator genérico de lá ganha o defeito, e a extração segue a real."""
    GENERICO.extrair = _defeito
    extrair_no_auxiliar(documento)


def test_issue12_excecao_de_extrator_nao_sai_com_zero(tmp_path, monkeypatch):
    """Issue 12, defeito 3: a exceção de um extrator virava só um alerta, o manifesto dizia `lido` e o código era 0.

    O README promete código 1 quando um arquivo não foi lido por inteiro. A falha é injetada no
    extrator genérico (um defeito dele); leitura, lotes, manifesto, trilha e código de saída são os reais.
    """
    caso = tmp_path / "caso"
    caso.mkdir()
    (caso / "relato.txt").write_text("Acesso do IP 187.34.56.78 em 15/03/2025 14:32:17 BRT.\n", encoding="utf-8")

    monkeypatch.setattr(GENERICO, "extrair", _defeito)
    # a extração roda no processo auxiliar que leu o arquivo: o defeito é injetado lá também
    monkeypatch.setattr("perito.analise.etapas.leitura.extrair_no_auxiliar", _extrair_com_defeito)
    resultado = analisar(Parametros(caso, tmp_path / "saida", data_analise=DATA))
    linha = _linha(resultado, "relato.txt")
    assert linha["situacao"] == "parcial" and "o extrator falhou (RuntimeError: defeito de teste)" in linha["motivo"]
    extrair = next(e for e in _trilha(resultado.saida) if e["acao"] == "extrair")
    assert extrair["detalhes"]["situacao_dos_arquivos"] == {"relato.txt": "parcial"}
    assert resultado.codigo_saida == Saida.INCOMPLETA == 1


def _xlsx_com_aba_quebrada(caminho):
    livro = openpyxl.Workbook()
    livro.active.title = "Boa"
    livro.active["A1"] = "IP"
    livro.active["A2"] = "187.34.56.78"
    livro.create_sheet("Quebrada")["A1"] = "Telefone"
    memoria = io.BytesIO()
    livro.save(memoria)
    with zipfile.ZipFile(memoria) as origem, zipfile.ZipFile(caminho, "w") as destino:
        for item in origem.infolist():
            conteudo = origem.read(item.filename)
            if item.filename == "xl/worksheets/sheet2.xml":
                conteudo = conteudo[: len(conteudo) // 2]  # XML cortado no meio
            destino.writestr(item, conteudo)


def test_issue12_aba_xlsx_que_falha_e_parcial(tmp_path):
    """Issue 12, defeito 3: uma aba de XLSX que não pôde ser lida virava só alerta, e a trilha dizia `lido`.

    O arquivo é `parcial` no manifesto e na trilha, e a análise sai com 1.
    """
    caso = tmp_path / "caso"
    caso.mkdir()
    _xlsx_com_aba_quebrada(caso / "planilha.xlsx")
    resultado = analisar(Parametros(caso, tmp_path / "saida", data_analise=DATA))
    linha = _linha(resultado, "planilha.xlsx")
    assert linha["situacao"] == "parcial" and "aba 'Quebrada'" in linha["motivo"]
    ler = next(e for e in _trilha(resultado.saida) if e["acao"] == "ler")
    assert ler["detalhes"]["situacao"] == "parcial" and "aba 'Quebrada'" in ler["detalhes"]["motivo"]
    assert resultado.codigo_saida == Saida.INCOMPLETA
