"""Registros de um XML (a resposta de um sistema, de uma operadora ou de um banco exportada em XML): como os objetos
de um JSON, cada elemento com valores é um registro, e o nome do elemento de cada valor é o rótulo do campo.

O XML é lido como texto (as linhas físicas são as citadas: `linha N`), e o lxml dá a estrutura, sem rede, sem DTD e
sem entidades externas. Regras:
- um elemento com algum filho simples (só texto: `<porta>51234</porta>`) ou com atributos é um registro; os filhos
  simples e os atributos são os campos, com o nome local como rótulo (`enderecoIp`, `dataHora`, `fuso`);
- os filhos compostos são registros próprios (o `<acesso>` dentro de `<acessos>`; o `<cliente>` dentro da resposta);
- o valor é citado como está na linha: um valor com entidade (`&amp;`) ou que ocupa várias linhas fica de fora do
  registro (a linha continua lida como texto).
"""

from __future__ import annotations

import re

import lxml.etree

from perito.leitura.documento import Trecho
from perito.leitura.registro import Campo, RegistroLido

#: a declaração do XML (o lxml recusa texto já decodificado que declara a codificação): trocada por espaços do mesmo
#: tamanho, as linhas e as posições não mudam
_DECLARACAO = re.compile(r"\A(\ufeff?\s*)(<\?xml[^>]*\?>)")
_PARECE = re.compile(r"\A\ufeff?\s*(?:<\?xml[^>]*\?>\s*)?(?:<!--.*?-->\s*)*<[A-Za-z_][\w.:-]*[\s>/]", re.DOTALL)
#: elementos aninhados além disto: um XML hostil não estoura a pilha
_PROFUNDIDADE = 200


class XmlInvalido(ValueError):
    pass


def parece_xml(texto: str) -> bool:
    """O texto começa por uma declaração XML ou por um elemento (depois de comentários): não por HTML."""
    inicio = texto[:4096]
    return _PARECE.match(inicio) is not None and not re.match(r"\A\ufeff?\s*(?:<!--.*?-->\s*)*<(?:!doctype\s+html|html)\b",
                                                              inicio, re.IGNORECASE | re.DOTALL)


def registros(texto: str, trechos: dict[int, Trecho]) -> list[RegistroLido]:
    """Os registros do XML `texto` (o texto decodificado do arquivo), apontando os trechos das linhas (`linha N`)."""
    semente = _DECLARACAO.sub(lambda m: m.group(1) + " " * len(m.group(2)), texto, count=1)
    parser = lxml.etree.XMLParser(resolve_entities=False, no_network=True, huge_tree=False, load_dtd=False,
                                  remove_comments=True, remove_pis=True)
    try:
        raiz = lxml.etree.fromstring(semente.encode("utf-8"), parser=parser)
    except lxml.etree.XMLSyntaxError as erro:
        raise XmlInvalido(str(erro)) from erro
    saida: list[RegistroLido] = []
    _coletar(raiz, trechos, saida, 0)
    vistas: dict[str, int] = {}
    for registro in saida:  # dois elementos que começam na mesma linha (um XML numa linha só)
        vezes = vistas[registro.identidade] = vistas.get(registro.identidade, 0) + 1
        if vezes > 1:
            registro.identidade = f"{registro.identidade} elemento {vezes}"
    return saida


def _nome(elemento: lxml.etree._Element) -> str:
    return lxml.etree.QName(elemento).localname


def _simples(elemento: lxml.etree._Element) -> bool:
    return len(elemento) == 0 and bool((elemento.text or "").strip())


def _coletar(elemento: lxml.etree._Element, trechos: dict[int, Trecho], saida: list[RegistroLido],
             profundidade: int) -> None:
    if profundidade > _PROFUNDIDADE:
        raise XmlInvalido("XML aninhado demais")
    campos: list[Campo] = []
    for nome, valor in elemento.attrib.items():
        if (campo := _atributo(elemento, lxml.etree.QName(nome).localname, valor, trechos)) is not None:
            campos.append(campo)
    for filho in elemento:
        if not isinstance(filho.tag, str):
            continue  # comentário, instrução de processamento
        if _simples(filho):
            if (campo := _valor(filho, trechos)) is not None:
                campos.append(campo)
            for nome, valor in filho.attrib.items():  # <dataHora fuso="UTC">...</dataHora>
                if (campo := _atributo(filho, lxml.etree.QName(nome).localname, valor, trechos)) is not None:
                    campos.append(campo)
    if campos:
        saida.append(RegistroLido(f"linha {elemento.sourceline}", campos))
    for filho in elemento:
        if isinstance(filho.tag, str) and not _simples(filho):
            _coletar(filho, trechos, saida, profundidade + 1)


def _valor(elemento: lxml.etree._Element, trechos: dict[int, Trecho]) -> Campo | None:
    """O texto do elemento simples, na linha da etiqueta que o abre, como escrito."""
    trecho = trechos.get(elemento.sourceline or 0)
    valor = (elemento.text or "").strip()
    if trecho is None or not valor or "\n" in valor:
        return None
    local = _nome(elemento)
    # a etiqueta que abre, com o prefixo como escrito (<ns:porta>), e o valor logo depois do ">"
    for m in re.finditer(rf"<(?:[\w.-]+:)?{re.escape(local)}(?=[\s>])[^>]*>\s*", trecho.texto):
        inicio = m.end()
        if trecho.texto.startswith(valor, inicio):
            return Campo(local, valor, trecho, inicio)
    return None  # o valor escrito com entidade (&amp;) não é o texto da linha


def _atributo(elemento: lxml.etree._Element, nome: str, valor: str, trechos: dict[int, Trecho]) -> Campo | None:
    trecho = trechos.get(elemento.sourceline or 0)
    if trecho is None or not valor.strip() or nome == "xmlns":
        return None
    for m in re.finditer(rf"(?<![\w.:-])(?:[\w.-]+:)?{re.escape(nome)}\s*=\s*([\"'])", trecho.texto):
        inicio = m.end()
        if trecho.texto.startswith(valor, inicio) and trecho.texto[inicio + len(valor):inicio + len(valor) + 1] == m.group(1):
            return Campo(nome, valor, trecho, inicio)
    return None
