"""relatorio.docx relido com python-docx: seções, achados só com referências válidas, pendências."""

from __future__ import annotations

import json

from docx import Document

from perito.saida import relatorio_docx
from perito.saida.auditoria import verificar
from tests.conftest import rodar_cli
from tests.saida_pequena import CONCLUSOES, montar

AFIRMACAO_1 = CONCLUSOES["conclusoes"][0]["afirmacao"]


def _notas_de_fim(caminho):
    """Texto das notas de fim (word/endnotes.xml), onde ficam as referências de cada conclusão."""
    import re
    import zipfile

    with zipfile.ZipFile(caminho) as pacote:
        xml = pacote.read("word/endnotes.xml").decode("utf-8")
    return "".join(re.findall(r"<w:t[^>]*>([^<]*)</w:t>", xml))


def _secoes(caminho):
    """Título da seção → texto dos parágrafos dela (as tabelas à parte)."""
    documento = Document(str(caminho))
    secoes: dict[str, list[str]] = {}
    atual = ""
    for paragrafo in documento.paragraphs:
        if paragrafo.style.name.startswith("Heading"):
            atual = paragrafo.text
            secoes[atual] = []
        elif atual:
            secoes[atual].append(paragrafo.text)
    tabelas = ["\n".join(" | ".join(c.text for c in linha.cells) for linha in t.rows) for t in documento.tables]
    return {k: "\n".join(v) for k, v in secoes.items()}, tabelas


def test_ambiguo_so_nas_pendencias_e_confirmada_vira_achado(tmp_path):
    _, saida = montar(tmp_path)
    codigo, texto = rodar_cli("relatorio", saida)
    assert codigo == 0, texto
    assert "relatorio.docx" in texto
    secoes, tabelas = _secoes(saida / "relatorio.docx")
    assert list(secoes) == list(relatorio_docx.SECOES)
    assert AFIRMACAO_1 not in secoes["4. Achados"] and AFIRMACAO_1 in secoes["5. Pendências"]
    assert "relato.txt" in tabelas[0] and "IP 99/2025" in Document(str(saida / "relatorio.docx")).paragraphs[1].text
    # anexo: toda referência, com o veredicto da máquina
    assert "relato.txt, linha 9" in tabelas[-1] and "EXTRACAO_FALHOU" in tabelas[-1]
    manifesto = json.loads((saida / "manifesto.json").read_text(encoding="utf-8"))
    assert "relatorio.docx" in manifesto["saidas"]
    assert verificar(saida) == []

    # a pessoa confirma a referência AMBIGUO: a conclusão passa a achado, com a decisão na nota
    codigo, texto = rodar_cli("revisar", saida, "--analista", "Bruno", "--decisao", "1.2=confirmado:valor conferido")
    assert codigo == 0, texto
    assert rodar_cli("relatorio", saida)[0] == 0
    secoes, _ = _secoes(saida / "relatorio.docx")
    assert AFIRMACAO_1 in secoes["4. Achados"] and "confirmado por Bruno" in _notas_de_fim(saida / "relatorio.docx")
    assert AFIRMACAO_1 not in secoes["5. Pendências"]
    cabeca = secoes["9. Cadeia de custódia"]
    assert "auditoria.jsonl" in cabeca and "cabeça era" in cabeca
