"""conclusoes.xlsx: as conclusões e as referências numa planilha em que nenhuma fórmula pode rodar.

Toda célula de texto é gravada como texto (tipo `s` do OOXML, nunca fórmula), então um valor que
começa com `=`, `+`, `-` ou `@` aparece como está, sem o apóstrofo que o CSV precisa; o id da
conclusão, a página e o número de referências são números inteiros (tipo `n`: ordenam 1, 2, 10, não
1, 10, 2; um inteiro não pode ser fórmula). Uma aba por conclusão (afirmação inteira) e outra por
referência, unidas pelo id; ao lado do veredicto da máquina, a situação exibida depois da revisão
humana e, por referência, a decisão vigente. Cabeçalho congelado e filtro em cada aba. Os bytes são
determinísticos (datas do pacote fixas), como as outras saídas.
"""

from __future__ import annotations

import io
import zipfile
from typing import Any

from openpyxl import Workbook
from openpyxl.cell.cell import TYPE_NUMERIC, TYPE_STRING
from openpyxl.styles import Alignment, Font
from openpyxl.utils import get_column_letter

from perito.saida import revisao
from perito.saida.planilha_csv import decisao_vigente
from perito.saida.texto_xml import seguro_xml

NOME = "conclusoes.xlsx"
_CONCLUSOES = ("conclusao_id", "tipo", "grau_confianca", "veredicto_geral", "situacao_exibida", "referencias", "afirmacao")
_REFERENCIAS = (
    "conclusao_id", "arquivo", "pagina", "linha_ou_celula", "aba_planilha", "dado_citado", "extrator_id", "status",
    "decisao", "texto_encontrado", "observacao",
)
#: colunas de números inteiros (gravados como número, não texto)
_NUMEROS = {"conclusao_id", "referencias", "pagina"}
_LARGURAS = {"afirmacao": 100, "texto_encontrado": 60, "dado_citado": 40, "observacao": 50, "arquivo": 40,
             "situacao_exibida": 34}
_DATA_FIXA = (2025, 1, 1, 0, 0, 0)


def bytes_xlsx(conclusoes: list[dict[str, Any]], rev: dict[str, Any] | None = None) -> bytes:
    rev = rev or {"decisoes": []}
    situacoes = revisao.situacoes_exibidas(conclusoes, rev)
    livro = Workbook()
    aba = livro.active
    aba.title = "Conclusões"
    linhas = []
    for conclusao in conclusoes:
        validacao = conclusao.get("validacao") or {}
        linhas.append({
            "conclusao_id": conclusao["id"], "tipo": conclusao["tipo"], "grau_confianca": conclusao["grau_confianca"],
            "veredicto_geral": validacao.get("veredicto_geral", ""),
            "situacao_exibida": situacoes[int(conclusao["id"])].rotulo, "referencias": len(conclusao["referencias"]),
            "afirmacao": conclusao["afirmacao"],
        })
    referencias = [
        {"conclusao_id": item.conclusao["id"], **item.referencia,
         **{k: item.detalhe.get(k) for k in ("status", "texto_encontrado", "observacao")},
         "decisao": decisao_vigente(rev, item)}
        for item in revisao.itens(conclusoes)
    ]
    _preencher(aba, _CONCLUSOES, linhas)
    _preencher(livro.create_sheet("Referências"), _REFERENCIAS, referencias)
    livro.properties.creator = "perito"
    bruto = io.BytesIO()
    livro.save(bruto)
    return _deterministico(bruto.getvalue())


def _preencher(aba, colunas: tuple[str, ...], linhas: list[dict[str, Any]]) -> None:
    for j, nome in enumerate(colunas, start=1):
        celula = aba.cell(row=1, column=j)
        _texto(celula, nome)
        celula.font = Font(bold=True)
        aba.column_dimensions[get_column_letter(j)].width = _LARGURAS.get(nome, 16)
    for i, linha in enumerate(linhas, start=2):
        for j, nome in enumerate(colunas, start=1):
            celula = aba.cell(row=i, column=j)
            valor = linha.get(nome)
            if nome in _NUMEROS and type(valor) is int:  # bool não: é texto
                celula.value, celula.data_type = valor, TYPE_NUMERIC
            else:
                _texto(celula, valor)
            if nome == "afirmacao":
                celula.alignment = Alignment(wrap_text=True, vertical="top")
    aba.freeze_panes = "A2"
    aba.auto_filter.ref = f"A1:{get_column_letter(len(colunas))}{max(1, len(linhas) + 1)}"


def _texto(celula, valor: Any) -> None:
    """Grava sempre texto: o openpyxl trataria "=SOMA(A1)" como fórmula se o valor fosse atribuído direto."""
    celula.value = "" if valor is None else seguro_xml(str(valor))  # controle/NUL ficam visíveis como \xNN
    celula.data_type = TYPE_STRING


def _deterministico(conteudo: bytes) -> bytes:
    """Regrava o pacote com datas fixas: a mesma análise dá os mesmos bytes."""
    origem = zipfile.ZipFile(io.BytesIO(conteudo))
    saida = io.BytesIO()
    with zipfile.ZipFile(saida, "w", zipfile.ZIP_DEFLATED) as destino:
        for info in origem.infolist():
            dados = origem.read(info.filename)
            if info.filename == "docProps/core.xml":
                texto = dados.decode("utf-8")
                for campo in ("created", "modified"):
                    inicio = texto.find(f"<dcterms:{campo}")
                    if inicio >= 0:
                        abre = texto.index(">", inicio) + 1
                        fecha = texto.index(f"</dcterms:{campo}>", abre)
                        texto = texto[:abre] + "2025-01-01T00:00:00Z" + texto[fecha:]
                dados = texto.encode("utf-8")
            novo = zipfile.ZipInfo(info.filename, date_time=_DATA_FIXA)
            novo.compress_type = zipfile.ZIP_DEFLATED
            destino.writestr(novo, dados)
    return saida.getvalue()
