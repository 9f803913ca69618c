"""O relato que conta a subtração de um bem: "NATUREZA: Roubo (art. 157 CP)", "subtraíram seu aparelho celular".

O boletim de roubo ou furto de celular escreve o IMEI do aparelho levado (o quadro de objetos); a resposta da
operadora diz com que linhas o aparelho foi usado. A palavra que conta a subtração vira um dado (`outro`, com
`subtracao`), citável e relido pelo validador como qualquer outro: com ele o principal sabe que o IMEI do relato é o
de um aparelho subtraído (`principal.aparelho_subtraido`), sem ler o documento.

Só no relato policial (a família decide): a resposta de um banco que fala de "furto" de cartão não é relato.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from perito.leitura.documento import Documento

#: a subtração contada: o nome do crime (roubo, furto) e o verbo ("subtraíram", "roubaram", "furtado")
SUBTRACAO = re.compile(
    r"(?i)\b(?P<palavra>roubos?|furtos?|roubad[oa]s?|furtad[oa]s?|roubaram|furtaram|subtra[íi](?:ram|u|d[oa]s?)"
    r"|subtra[çc][ãa]o)\b"
    # não o "furto mediante fraude" (art. 155, § 4º, II): o golpe do Pix, em que nada foi levado da mão da vítima
    r"(?![^.;\n]{0,40}\bfraude)")
#: linhas em que a palavra é procurada (o título, a natureza e o histórico de um boletim)
LINHAS_LIDAS = 200


def dados(documento: Documento, familia: Callable[[], str]) -> list[dict[str, Any]]:
    """Um dado em cada linha que conta a subtração (até `MAXIMO_DE_LINHAS`: a natureza no cabeçalho e a frase do
    histórico, que pode trazer o dia do fato), num relato que escreve algum IMEI; nenhum noutros documentos."""
    achadas = [(t, m) for t in documento.trechos[:LINHAS_LIDAS] if (m := SUBTRACAO.search(t.texto))][:MAXIMO_DE_LINHAS]
    if not achadas or not _tem_imei(documento) or familia() != "relato":
        return []
    return [{
        "dado": m.group("palavra"), "campo": "outro", "arquivo_fonte": documento.arquivo, "pagina": trecho.pagina,
        "linha_ou_celula": trecho.localizacao, "texto_original": trecho.texto, "tipo_dado": "outro",
        "metadados": {"subtracao": m.group("palavra").lower(), "metodo_extracao": trecho.metodo,
                      "familia_fonte": "relato"},
    } for trecho, m in achadas]


#: linhas com a subtração que viram dado, no máximo
MAXIMO_DE_LINHAS = 5


_IMEI = re.compile(r"(?i)\bimei\b")


def _tem_imei(documento: Documento) -> bool:
    return any(_IMEI.search(t.texto) for t in documento.trechos[:LINHAS_LIDAS])
