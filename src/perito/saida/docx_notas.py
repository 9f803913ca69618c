"""Notas de fim de verdade no .docx (python-docx não as escreve): a parte word/endnotes.xml, os separadores que o
Word exige, a numeração decimal e uma referência sobrescrita no texto para cada nota.

Cada referência de uma conclusão vira uma nota de fim numerada na ordem em que aparece no texto, como o Word a
numera; o anexo usa o mesmo número.
"""

from __future__ import annotations

from typing import Any

_W = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"
_TIPO_CONTEUDO = "application/vnd.openxmlformats-officedocument.wordprocessingml.endnotes+xml"
_SEPARADORES = (
    f'<w:endnotes xmlns:w="{_W}">'
    '<w:endnote w:type="separator" w:id="-1"><w:p><w:pPr><w:spacing w:after="0" w:line="240" w:lineRule="auto"/></w:pPr>'
    '<w:r><w:separator/></w:r></w:p></w:endnote>'
    '<w:endnote w:type="continuationSeparator" w:id="0"><w:p><w:pPr><w:spacing w:after="0" w:line="240" '
    'w:lineRule="auto"/></w:pPr><w:r><w:continuationSeparator/></w:r></w:p></w:endnote>'
    '</w:endnotes>'
)


class NotasDeFim:
    def __init__(self, documento: Any) -> None:
        from docx.opc.constants import RELATIONSHIP_TYPE
        from docx.opc.packuri import PackURI
        from docx.opc.part import XmlPart
        from docx.oxml import parse_xml

        self._parte = XmlPart(PackURI("/word/endnotes.xml"), _TIPO_CONTEUDO, parse_xml(_SEPARADORES),
                              documento.part.package)
        documento.part.relate_to(self._parte, RELATIONSHIP_TYPE.ENDNOTES)
        self._configurar(documento)
        self.total = 0

    @staticmethod
    def _configurar(documento: Any) -> None:
        """settings.xml: numeração decimal (1, 2, 3; o padrão do Word é i, ii, iii) e os dois separadores."""
        from docx.oxml import parse_xml

        configuracoes = documento.settings.element
        propriedades = parse_xml(f'<w:endnotePr xmlns:w="{_W}"><w:numFmt w:val="decimal"/>'
                                 '<w:endnote w:id="-1"/><w:endnote w:id="0"/></w:endnotePr>')
        # a ordem dos filhos de w:settings é fixa no esquema: endnotePr vem antes de compat/rsids/mathPr...
        seguinte = next((filho for filho in configuracoes if filho.tag.split("}")[1] in (
            "compat", "docVars", "rsids", "mathPr", "attachedSchema", "themeFontLang", "clrSchemeMapping",
            "doNotIncludeSubdocsInStats", "doNotAutoCompressPictures", "forceUpgrade", "captions", "readModeInkLockDown",
            "smartTagType", "schemaLibrary", "shapeDefaults", "doNotEmbedSmartTags", "decimalSymbol", "listSeparator")),
            None)
        if seguinte is None:
            configuracoes.append(propriedades)
        else:
            seguinte.addprevious(propriedades)
        # a seção também diz a numeração (o LibreOffice lê a dela; sem isto, numera i, ii, iii): endnotePr vem depois
        # das referências de cabeçalho e rodapé e do footnotePr, antes de type/pgSz
        for secao in documento.sections:
            sect = secao._sectPr
            numeracao = parse_xml(f'<w:endnotePr xmlns:w="{_W}"><w:numFmt w:val="decimal"/></w:endnotePr>')
            depois = [f for f in sect if f.tag.split("}")[1] in ("headerReference", "footerReference", "footnotePr")]
            if depois:
                depois[-1].addnext(numeracao)
            else:
                sect.insert(0, numeracao)

    def citar(self, paragrafo: Any, texto: str) -> int:
        """Acrescenta ao parágrafo a marca da próxima nota e grava a nota com `texto`; devolve o número."""
        from docx.oxml import parse_xml
        from docx.oxml.ns import qn

        self.total += 1
        numero = self.total
        marca = paragrafo.add_run()
        propriedades = marca._r.get_or_add_rPr()
        alinhamento = propriedades.makeelement(qn("w:vertAlign"), {qn("w:val"): "superscript"})
        propriedades.append(alinhamento)
        marca._r.append(marca._r.makeelement(qn("w:endnoteReference"), {qn("w:id"): str(numero)}))
        nota = parse_xml(
            f'<w:endnote xmlns:w="{_W}" w:id="{numero}"><w:p><w:pPr><w:spacing w:after="60"/></w:pPr>'
            '<w:r><w:rPr><w:vertAlign w:val="superscript"/><w:sz w:val="16"/></w:rPr><w:endnoteRef/></w:r>'
            '<w:r><w:rPr><w:sz w:val="16"/></w:rPr><w:t xml:space="preserve"></w:t></w:r></w:p></w:endnote>')
        nota.findall(f".//{{{_W}}}t")[-1].text = " " + texto
        self._parte.element.append(nota)
        return numero
