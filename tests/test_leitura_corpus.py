"""Leitores contra o corpus externo (../shared/corpus), com o esperado do seu README.

Nenhum arquivo do corpus foi escrito pelo time: os valores esperados vêm dos
JSON do csv-spectrum, do `xlsx/esperado.json` (testes do calamine) e do texto
de referência do OCRmyPDF.
"""

from __future__ import annotations

import difflib
import json
import shutil
from pathlib import Path

import pytest

from perito.leitura.inventario import listar
from perito.leitura.leitor import ler_documento
from perito.leitura.pdf import ler_pdf
from perito.leitura.planilha import ler_xlsx
from perito.leitura.tabela_csv import ler_csv

CORPUS = Path(__file__).resolve().parents[2] / "shared" / "corpus"

if not CORPUS.is_dir():
    pytest.skip(f"corpus externo ausente em {CORPUS} (esperado ../shared/corpus)", allow_module_level=True)

PDFS = CORPUS / "pdf_malformados"
TEM_TESSERACT = shutil.which("tesseract") is not None


# ---------------------------------------------------------------------------
# CSV (csv-spectrum)
# ---------------------------------------------------------------------------

CSVS = sorted(p.stem for p in (CORPUS / "csv" / "csvs").glob("*.csv"))


def _inicios_fisicos(bruto: str) -> list[int]:
    """Linha física (1-based) em que começa cada registro, contada à mão.

    Segue as regras do RFC 4180 para aspas ("" escapa aspas dentro do campo); um
    terminador fora de aspas encerra o registro. Independente do módulo csv.
    """
    inicios = [1]
    linha, entre_aspas, i = 1, False, 0
    while i < len(bruto):
        ch = bruto[i]
        if ch == '"':
            entre_aspas = not entre_aspas
        elif ch in "\r\n":
            if ch == "\r" and bruto[i + 1 : i + 2] == "\n":
                i += 1
            linha += 1
            if not entre_aspas and i + 1 < len(bruto):
                inicios.append(linha)
        i += 1
    return inicios


def test_corpus_tem_os_arquivos_csv_do_readme() -> None:
    assert set(CSVS) == {
        "comma_in_quotes", "empty", "empty_crlf", "escaped_quotes", "json", "newlines",
        "newlines_crlf", "quotes_and_newlines", "simple", "simple_crlf", "utf8",
    }


@pytest.mark.parametrize("nome", CSVS)
def test_csv_spectrum_registros_iguais_ao_json(nome: str) -> None:
    doc = ler_csv(CORPUS / "csv" / "csvs" / f"{nome}.csv", f"{nome}.csv")
    esperado = json.loads((CORPUS / "csv" / "json" / f"{nome}.json").read_text(encoding="utf-8"))
    assert doc.erro is None and doc.alertas == []
    cabecalho, *registros = doc.trechos
    assert cabecalho.localizacao == "linha 1"
    obtido = [dict(zip(cabecalho.celulas, r.celulas, strict=True)) for r in registros]
    assert obtido == esperado


@pytest.mark.parametrize("nome", CSVS)
def test_csv_spectrum_linha_fisica_de_inicio(nome: str) -> None:
    arquivo = CORPUS / "csv" / "csvs" / f"{nome}.csv"
    doc = ler_csv(arquivo, f"{nome}.csv")
    inicios = _inicios_fisicos(arquivo.read_text(encoding="utf-8"))
    assert [t.localizacao for t in doc.trechos] == [f"linha {n}" for n in inicios]


@pytest.mark.parametrize(
    ("nome", "localizacoes"),
    [
        ("newlines", ["linha 1", "linha 2", "linha 3", "linha 5"]),
        ("newlines_crlf", ["linha 1", "linha 2", "linha 3", "linha 5"]),
        ("quotes_and_newlines", ["linha 1", "linha 2", "linha 5"]),
        ("simple_crlf", ["linha 1", "linha 2"]),
    ],
)
def test_csv_spectrum_localizacoes_conhecidas(nome: str, localizacoes: list[str]) -> None:
    # contadas à mão nos arquivos (newlines.csv: o registro 2 começa na linha 3 e ocupa 3-4)
    doc = ler_csv(CORPUS / "csv" / "csvs" / f"{nome}.csv", f"{nome}.csv")
    assert [t.localizacao for t in doc.trechos] == localizacoes


def test_csv_newlines_texto_literal_do_registro_multilinha() -> None:
    arquivo = CORPUS / "csv" / "csvs" / "newlines_crlf.csv"
    doc = ler_csv(arquivo, "newlines_crlf.csv")
    linhas = arquivo.read_bytes().decode("utf-8").split("\r\n")
    # o registro da linha 3 ocupa as linhas físicas 3 e 4
    assert doc.trecho(None, "linha 3").texto == linhas[2] + "\r\n" + linhas[3]


# ---------------------------------------------------------------------------
# XLSX (calamine + esperado.json)
# ---------------------------------------------------------------------------

ESPERADO_XLSX = json.loads((CORPUS / "xlsx" / "esperado.json").read_text(encoding="utf-8"))


def _texto_politica(valor: object) -> str:
    """Valor do esperado.json no formato Geral, como o Excel em pt-BR mostra (regra de formato_excel.py)."""
    if isinstance(valor, bool):
        return "VERDADEIRO" if valor else "FALSO"
    if isinstance(valor, float) and valor.is_integer():
        return str(int(valor))
    if isinstance(valor, float):
        return str(valor).replace(".", ",")
    return str(valor)


def _xlsx(nome: str):
    doc = ler_xlsx(CORPUS / "xlsx" / nome, nome)
    assert doc.erro is None, doc.erro
    return doc


def test_xlsx_has_x000d() -> None:
    doc = _xlsx("has_x000D_.xlsx")
    esperado = ESPERADO_XLSX["has_x000D_.xlsx"]
    a1 = doc.trecho(None, "celula A1", esperado["aba"])
    assert a1.texto == "ABC\r\nDEF"
    assert "_x000D_" not in a1.texto


def test_xlsx_encoded_entities() -> None:
    doc = _xlsx("encoded_entities.xlsx")
    aba = ESPERADO_XLSX["encoded_entities.xlsx"]["aba"]
    assert doc.trecho(None, "celula A1", aba).texto == "&"
    # A2 é &#xA;: "" (célula vazia, sem trecho) ou "\n" são aceitos pelo esperado.json
    a2 = doc.trecho(None, "celula A2", aba)
    assert a2 is None or a2.texto in {"", "\n"}
    assert not any("&amp;" in t.texto for t in doc.trechos)


def test_xlsx_date_1904() -> None:
    doc = _xlsx("date_1904.xlsx")
    esperado = ESPERADO_XLSX["date_1904.xlsx"]
    for celula, dados in esperado["celulas"].items():
        assert doc.trecho(None, f"celula {celula}", esperado["aba"]).texto == dados["valor_esperado"], celula
    assert doc.trecho(None, "celula A1", "Sheet1").texto == "2021-01-01"
    assert doc.trecho(None, "celula A3", "Sheet1").texto == "255:10:10"


def test_xlsx_errors_marcadas() -> None:
    doc = _xlsx("errors.xlsx")
    esperado = ESPERADO_XLSX["errors.xlsx"]
    assert doc.abas == esperado["abas"]
    for celula, dados in esperado["celulas"].items():
        trecho = doc.trecho(None, f"celula {celula}", esperado["aba"])
        assert trecho is not None, celula
        assert trecho.texto == dados["valor_esperado"]
        assert trecho.erro_celula is True, celula
    # Feuil2 e Feuil3 vazias: nenhum trecho, nenhum alerta de falha
    assert {t.aba for t in doc.trechos} == {"Feuil1"}
    assert doc.alertas == []


def test_xlsx_issues_varias_abas() -> None:
    doc = _xlsx("issues.xlsx")
    esperado = ESPERADO_XLSX["issues.xlsx"]
    assert doc.abas == esperado["abas"]
    for aba, celulas in esperado["celulas_por_aba"].items():
        if aba.startswith("_") or aba == "Sheet1":
            continue
        for celula, valor in celulas.items():
            trecho = doc.trecho(None, f"celula {celula}", aba)
            assert trecho is not None, (aba, celula)
            assert trecho.aba == aba
            if (aba, celula) == ("issue5", "A1"):
                # 0,5 gravado com formato "0": o Excel mostra 1; o valor gravado fica em valor_bruto
                assert (trecho.texto, trecho.valor_bruto) == ("1", "0.5")
                continue
            assert trecho.texto == _texto_politica(valor), (aba, celula)
            assert trecho.erro_celula is False
        # nenhuma célula além das esperadas nessas abas
        assert {t.localizacao for t in doc.trechos if t.aba == aba} == {f"celula {c}" for c in celulas}
    # fórmula =B1+OneRange: vale o valor em cache, não o texto da fórmula
    a2 = doc.trecho(None, "celula A2", "Sheet1")
    assert a2.texto == str(esperado["celulas_por_aba"]["Sheet1"]["A2_valor_em_cache"])
    # nome definido quebrado (#REF!) não derruba a leitura
    assert doc.alertas == []


def test_xlsx_issues_datatypes() -> None:
    doc = _xlsx("issues.xlsx")
    # openpyxl_observado: datatypes = 1, 1.5, 'ab', False, 'test', datetime(2016,10,20) com formato mm-dd-yy, que é o
    # id interno 14 (a data abreviada do sistema): o Excel em pt-BR a mostra dd/mm/aaaa
    esperado = {"A1": "1", "A2": "1,5", "A3": "ab", "A4": "FALSO", "A5": "test", "A6": "20/10/2016"}
    assert {t.localizacao.removeprefix("celula "): t.texto for t in doc.trechos if t.aba == "datatypes"} == esperado


# ---------------------------------------------------------------------------
# PDFs malformados, vazios e cifrados
# ---------------------------------------------------------------------------


def _pdf(nome: str, **kw):
    return ler_pdf(PDFS / nome, nome, usar_ocr=False, **kw)


@pytest.mark.parametrize(
    "nome",
    [
        "password-example.pdf",
        "pdfminer-encryption-rc4-40.pdf",
        "pdfminer-encryption-aes-128.pdf",
        "pdfminer-encryption-aes-256.pdf",
    ],
)
def test_pdf_cifrado_protegido_por_senha(nome: str) -> None:
    doc = ler_documento(PDFS / nome, nome, "pdf")
    assert doc.erro is not None
    assert "protegido por senha" in doc.erro
    assert doc.trechos == []


@pytest.mark.parametrize(
    "nome", ["GHOSTSCRIPT-698804-1-fuzzed.pdf", "REDHAT-1531897-0.pdf", "issue-297-example.pdf"]
)
def test_pdf_zero_paginas_e_falha(nome: str) -> None:
    doc = ler_documento(PDFS / nome, nome, "pdf")
    assert doc.erro is not None
    assert "nenhuma página" in doc.erro
    assert doc.trechos == []


def test_pdfbox_fuzzed_lido_pelo_pdfium_sem_excecao() -> None:
    """O pdfminer recusa o filtro ASCII85 estragado; o PDFium abre a página. Ela não tem camada de texto, mas tem um
    campo de formulário de várias linhas preenchido ("1", "2", "3", "4"), que a página mostra: é o texto dela."""
    doc = ler_documento(PDFS / "PDFBOX-3148-2-fuzzed.pdf", "PDFBOX-3148-2-fuzzed.pdf", "pdf")
    assert doc.erro is None and doc.total_paginas == 1
    assert doc.metodo_extracao in ("ocr-tesseract", "pypdfium2")  # sem tesseract a página falha e fica o padrão
    assert not any("leitor de reserva" in a for a in doc.alertas), doc.alertas
    assert all("Traceback" not in a for a in doc.alertas)
    assert [(t.localizacao, t.texto) for t in doc.trechos] == [("linha 1", "1 2 3 4")]


def test_poppler_90_pagina_1_sem_texto_e_as_outras_sao_lidas() -> None:
    """O pdfplumber estourava na página 1 (CCITT corrompido); o PDFium a abre: sem camada de texto, vai ao OCR com alerta."""
    doc = _pdf("poppler-90-0-fuzzed.pdf")
    assert doc.erro is None
    assert doc.total_paginas == 16
    assert doc.paginas_com_falha == []
    assert doc.trechos_da_pagina(1) == []
    assert doc.trechos_da_pagina(3), "a página 3 dá texto"
    assert doc.trechos_da_pagina(14) and {t.metodo for t in doc.trechos_da_pagina(14)} == {"pdfplumber"}  # par substituto
    com_ocr = ler_documento(PDFS / "poppler-90-0-fuzzed.pdf", "poppler-90-0-fuzzed.pdf", "pdf")
    assert any(a.startswith("poppler-90-0-fuzzed.pdf: página 1 ") for a in com_ocr.alertas), com_ocr.alertas


def test_poppler_395_pagina_em_falha_sem_excecao() -> None:
    doc = ler_documento(PDFS / "poppler-395-0-fuzzed.pdf", "poppler-395-0-fuzzed.pdf", "pdf")
    assert doc.erro is not None or doc.paginas_com_falha == [1]
    assert doc.trechos == []


@pytest.mark.parametrize(
    ("nome", "texto"),
    [
        ("helloworld-bad.pdf", "Hello, world!"),
        ("xref_command_missing.pdf", "Reduced test-case"),
        ("bad-PageLabels.pdf", "PDF document with bad Page Labels."),
        ("pdfjsbad1586.pdf", "pdf.js test"),
        ("scan-bad.pdf", "pdf.js"),
        ("malformed-from-issue-932.pdf", "2021 3 31"),
    ],
)
def test_pdf_malformado_legivel(nome: str, texto: str) -> None:
    doc = _pdf(nome)
    assert doc.erro is None
    assert doc.total_paginas == 1
    assert doc.paginas_com_falha == []
    # página física 1 (não o rótulo de página), linha 1
    assert doc.trecho(1, "linha 1").texto == texto


def test_boundingbox_invalido_tres_paginas() -> None:
    doc = _pdf("boundingBox_invalid.pdf")
    assert doc.erro is None
    assert doc.total_paginas == 3
    assert doc.paginas_com_falha == []
    assert doc.trecho(1, "linha 1").texto == "Empty /MediaBox"
    assert doc.trecho(2, "linha 1").texto == "Empty /CropBox"
    assert doc.trecho(3, "linha 1").texto.startswith("Empty /CropBox and /MediaBox")
    assert {t.pagina for t in doc.trechos} == {1, 2, 3}


def test_pdfjs_empty_sem_ocr_nao_inventa_nada() -> None:
    doc = _pdf("pdfjs-empty.pdf")
    assert doc.erro is None
    assert doc.total_paginas == 1
    assert doc.trechos == []


def test_pdfplumber_empty_lido_como_pdf_falha() -> None:
    doc = ler_documento(PDFS / "pdfplumber-empty.pdf", "pdfplumber-empty.pdf", "pdf")
    assert doc.erro
    assert doc.trechos == []


# ---------------------------------------------------------------------------
# Inventário do corpus
# ---------------------------------------------------------------------------


@pytest.fixture(scope="module")
def inventario() -> dict:
    return {a.nome: a for a in listar(CORPUS)}


def test_inventario_pdf_vazio(inventario: dict) -> None:
    item = inventario["pdf_malformados/pdfplumber-empty.pdf"]
    assert item.tipo is None
    assert item.tamanho == 0
    assert "arquivo vazio" in item.motivo_ignorado
    assert item.sha256 == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"


def test_inventario_tif_e_lido_por_ocr(inventario: dict) -> None:
    """phototest.tif (a imagem de teste do Tesseract) é uma imagem: lida por OCR, página 1."""
    item = inventario["ocr/phototest.tif"]
    assert item.tipo == "imagem" and item.motivo_ignorado is None
    doc = ler_documento(item.caminho, item.nome, item.tipo)
    assert doc.erro is None and doc.total_paginas == 1
    assert doc.trecho(1, "linha 1").texto == "This is a lot of 12 point text to test the"
    assert doc.trecho(1, "linha 1").metodo == "ocr-tesseract" and doc.confianca_ocr[1] > 80


def test_inventario_tipos_do_corpus(inventario: dict) -> None:
    for nome, item in inventario.items():
        if nome.endswith(".pdf") and item.tamanho > 0:
            assert item.tipo == "pdf", nome
        elif nome.endswith(".xlsx"):
            assert item.tipo == "xlsx", nome
        elif nome.endswith(".csv"):
            assert item.tipo == "csv", nome


def test_inventario_sha256_confere_com_o_readme(inventario: dict) -> None:
    readme = (CORPUS / "README.md").read_text(encoding="utf-8")
    tabela = {}
    for linha in readme.splitlines():
        partes = [p.strip().strip("`") for p in linha.split("|")]
        if len(partes) >= 4 and len(partes[2]) == 64 and all(c in "0123456789abcdef" for c in partes[2]):
            tabela[partes[1]] = partes[2]
    assert len(tabela) >= 50
    for nome, sha in tabela.items():
        assert inventario[nome].sha256 == sha, nome


# ---------------------------------------------------------------------------
# OCR (só linn.pdf, para o conjunto continuar rápido)
# ---------------------------------------------------------------------------


def _normalizar(texto: str) -> str:
    return " ".join(texto.split())


@pytest.fixture(scope="module")
def linn():
    # Tesseract com OpenMP em máquina de poucos núcleos fica ~10x mais lento
    # (medido aqui: 25 s contra 2,6 s); um só thread mantém o teste rápido.
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("OMP_THREAD_LIMIT", "1")
        return ler_pdf(CORPUS / "ocr" / "linn.pdf", "linn.pdf")


@pytest.mark.skipif(not TEM_TESSERACT, reason="tesseract não instalado")
def test_ocr_linn_metodo_e_pagina(linn) -> None:
    assert linn.erro is None
    assert linn.total_paginas == 1
    assert linn.paginas_com_falha == []
    assert linn.metodo_extracao == "ocr-tesseract"
    assert linn.trechos and all(t.metodo == "ocr-tesseract" and t.pagina == 1 for t in linn.trechos)
    assert 0 <= linn.confianca_ocr[1] <= 100
    assert any("OCR" in a for a in linn.alertas)
    # linhas numeradas 1..N sem buracos
    assert [t.localizacao for t in linn.trechos] == [f"linha {i}" for i in range(1, len(linn.trechos) + 1)]


@pytest.mark.skipif(not TEM_TESSERACT, reason="tesseract não instalado")
def test_ocr_linn_texto_proximo_da_referencia(linn) -> None:
    referencia = (CORPUS / "ocr" / "linn.txt").read_text(encoding="utf-8")
    razao = difflib.SequenceMatcher(None, _normalizar(linn.texto_completo), _normalizar(referencia)).ratio()
    assert razao >= 0.9, razao


@pytest.mark.skipif(not TEM_TESSERACT, reason="tesseract não instalado")
def test_ocr_linn_primeira_linha_e_o_titulo(linn) -> None:
    referencia = (CORPUS / "ocr" / "linn.txt").read_text(encoding="utf-8")
    titulo = next(l.strip() for l in referencia.splitlines() if l.strip())
    primeira = linn.trecho(1, "linha 1").texto
    assert difflib.SequenceMatcher(None, primeira, titulo).ratio() >= 0.9, (primeira, titulo)
