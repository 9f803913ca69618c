"""Registros de um extrato OFX (Open Financial Exchange), o arquivo que o internet banking exporta.

O OFX 1.x é SGML (`<TRNAMT>3500.00`, a etiqueta de um valor sem fechamento, uma por linha); o 2.x é XML (com
`</TRNAMT>`, às vezes tudo numa linha só). Os dois são lidos linha a linha como texto (as linhas físicas são as
citadas: `linha N`), e este módulo dá os registros que as etiquetas formam, como os objetos de um JSON:
- cada lançamento (`<STMTTRN>` ... `</STMTTRN>`) é um registro;
- a conta do extrato (`<BANKACCTFROM>`, `<CCACCTFROM>` do cartão) é outro, dito uma vez, em cima;
- a conta da outra parte dentro do lançamento (`<BANKACCTTO>`) é parte dele, com rótulos "de destino".
Cada etiqueta vira um campo com o rótulo em português que o papel das colunas entende ("Valor", "Data do
lançamento", "Histórico"); o valor é o texto como escrito depois da etiqueta. A data-hora (`20250315113640[-3:BRT]`)
é lida por `chaves.tempo_ofx`. As etiquetas de identificação (FITID, CHECKNUM) levam um rótulo de código, para que o
número delas não vire telefone nem CPF.
"""

from __future__ import annotations

import re

from perito.leitura.documento import Trecho
from perito.leitura.registro import Campo, RegistroLido

_CABECALHO = re.compile(r"\A[\ufeff\s]*(?:OFXHEADER\s*:|<\?xml[^>]*>\s*<\?OFX\b)")
_RAIZ = re.compile(r"<OFX>", re.IGNORECASE)
#: uma etiqueta e o valor dela até a próxima etiqueta ou o fim da linha (SGML), com o fechamento opcional (XML)
_ETIQUETA = re.compile(r"<(?P<nome>[A-Za-z][A-Za-z0-9.]*)>(?P<valor>[^<\r\n]*)")
_FECHAMENTO = re.compile(r"</(?P<nome>[A-Za-z][A-Za-z0-9.]*)>")

#: os agregados que são um registro
_REGISTROS = frozenset({"STMTTRN", "BANKACCTFROM", "CCACCTFROM"})
#: a conta da outra parte dentro de um lançamento
_CONTA_DE_DESTINO = frozenset({"BANKACCTTO", "CCACCTTO"})
_ROTULOS = {
    "DTPOSTED": "Data do lançamento", "DTUSER": "Data da transação", "TRNAMT": "Valor", "MEMO": "Histórico",
    "NAME": "Nome", "PAYEE": "Nome", "TRNTYPE": "Tipo de transação", "BANKID": "Banco", "BRANCHID": "Agência",
    "ACCTID": "Conta", "ACCTTYPE": "Tipo de conta", "FITID": "Código da transação", "CHECKNUM": "Código do cheque",
    "REFNUM": "Código de referência", "SRVRTID": "Código do servidor", "PAYEEID": "Código do favorecido",
    "CORRECTFITID": "Código da transação corrigida", "SIC": "Código de atividade",
}
_DE_DESTINO = {"BANKID": "Banco de destino", "BRANCHID": "Agência de destino", "ACCTID": "Conta de destino"}


def parece_ofx(texto: str) -> bool:
    """O cabeçalho do OFX 1.x (`OFXHEADER:100`) ou do 2.x (`<?OFX ...?>`), ou a raiz `<OFX>` no começo."""
    return _CABECALHO.match(texto) is not None or _RAIZ.search(texto, 0, 4096) is not None


def registros(trechos: list[Trecho]) -> list[RegistroLido]:
    """Os registros (lançamentos e a conta do extrato) das linhas do OFX, na ordem do documento."""
    saida: list[RegistroLido] = []
    abertos: list[str] = []  # os agregados abertos, de fora para dentro
    atual: RegistroLido | None = None
    agregado = ""  # o nome do agregado que abriu o registro atual (STMTTRN, BANKACCTFROM)
    for trecho in trechos:
        texto = trecho.texto
        eventos = sorted([(m.start(), "abre", m) for m in _ETIQUETA.finditer(texto)]
                         + [(m.start(), "fecha", m) for m in _FECHAMENTO.finditer(texto)], key=lambda e: e[0])
        for _, tipo, m in eventos:
            nome = m.group("nome").upper()
            if tipo == "fecha":
                if nome in abertos:
                    del abertos[abertos.index(nome):]
                if atual is not None and nome == agregado:
                    _fechar(atual, saida)
                    atual = None
                continue
            valor = m.group("valor")
            if not valor.strip():  # um agregado que abre (SGML e XML) ou uma etiqueta vazia
                if _fecha_na_linha(texto, m):
                    continue
                abertos.append(nome)
                if nome in _REGISTROS:
                    if atual is not None:  # um lançamento sem fechamento (SGML malformado): termina no próximo
                        _fechar(atual, saida)
                    atual, agregado = RegistroLido(trecho.localizacao), nome
                continue
            if atual is None:
                continue
            destino = any(a in _CONTA_DE_DESTINO for a in abertos)
            rotulo = (_DE_DESTINO.get(nome) if destino else None) or _ROTULOS.get(nome)
            bruto = valor.strip()
            inicio = m.start("valor") + (len(valor) - len(valor.lstrip()))
            if bruto:
                atual.campos.append(Campo(rotulo, bruto, trecho, inicio))
                if not atual.linhas or atual.linhas[-1] is not trecho:
                    atual.linhas.append(trecho)
    if atual is not None:
        _fechar(atual, saida)
    return saida


def _fecha_na_linha(texto: str, m: re.Match) -> bool:
    """`<MEMO></MEMO>`: a etiqueta vazia fechada logo depois não abre agregado."""
    return texto.startswith(f"</{m.group('nome')}>", m.end())


def _fechar(registro: RegistroLido, saida: list[RegistroLido]) -> None:
    if registro.campos:
        saida.append(registro)
