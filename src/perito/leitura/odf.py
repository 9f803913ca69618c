"""O que os leitores de OpenDocument (`odt.py`, `ods.py`) dividem: os espaços de nomes e o texto de um `text:p`."""

from __future__ import annotations

import lxml.etree

TEXTO = "urn:oasis:names:tc:opendocument:xmlns:text:1.0"
TABELA = "urn:oasis:names:tc:opendocument:xmlns:table:1.0"
OFFICE = "urn:oasis:names:tc:opendocument:xmlns:office:1.0"
#: elementos cujo texto não é do corpo (notas de rodapé e de fim, anotações, o índice gerado, as alterações gravadas)
FORA = frozenset({f"{{{TEXTO}}}note", f"{{{OFFICE}}}annotation", f"{{{TEXTO}}}table-of-content",
                  f"{{{TEXTO}}}tracked-changes"})
#: o maior `text:c` de um `text:s` lido (um arquivo hostil não pede um gigabyte de espaços)
_ESPACOS_MAXIMOS = 1000


def texto(elemento: lxml.etree._Element, quebra: str) -> str:
    """O texto de um parágrafo como o LibreOffice o mostra: `text:s` são espaços (`text:c` deles), `text:tab` um TAB,
    `text:line-break` a `quebra` (um espaço num parágrafo de texto corrido, a quebra de linha numa célula)."""
    partes: list[str] = [elemento.text or ""]
    for filho in elemento:
        if filho.tag in FORA:
            pass
        elif filho.tag == f"{{{TEXTO}}}s":
            vezes = filho.get(f"{{{TEXTO}}}c", "1") or "1"
            partes.append(" " * min(int(vezes) if vezes.isdigit() else 1, _ESPACOS_MAXIMOS))
        elif filho.tag == f"{{{TEXTO}}}tab":
            partes.append("\t")
        elif filho.tag == f"{{{TEXTO}}}line-break":
            partes.append(quebra)
        else:
            partes.append(texto(filho, quebra))
        partes.append(filho.tail or "")
    return "".join(partes)


def repeticoes(valor: str | None) -> int:
    """`table:number-columns-repeated` ou `table:number-rows-repeated` como número (ausente ou inválido: 1)."""
    return int(valor) if valor and valor.isdigit() and int(valor) > 0 else 1


def paragrafos(elemento: lxml.etree._Element, *tags: str) -> list[lxml.etree._Element]:
    """Os parágrafos (`tags`) dentro de `elemento`, fora das notas e anotações: o comentário de uma célula de planilha
    e a nota de rodapé numa célula de tabela não são o texto dela."""
    return [p for p in elemento.iter(*tags) if not any(a.tag in FORA for a in p.iterancestors())]
