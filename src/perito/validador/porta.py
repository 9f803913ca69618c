"""A porta de um IP no local: só o número na posição de porta.

Posição de porta: depois do `:` do próprio IP ("187.34.56.78:51234"), depois do rótulo
("porta 51234", "Port: 51234") ou na coluna de porta do mesmo registro (CSV) ou da
mesma linha da planilha (XLSX). Outro número da linha (bytes, duração) nunca é a porta.
O cabeçalho é reconhecido aqui, sem os extratores: o validador não confia no texto de ninguém.
"""

from __future__ import annotations

import re
from typing import Any

from perito.chaves import faixa_de_portas
from perito.chaves import ip as ip_chaves
from perito.chaves.nome import dobrar
from perito.chaves.valores import Valor, decompor
from perito.leitura.documento import Documento, Trecho

_ROTULADA = ip_chaves.PADRAO_PORTA_ROTULADA
_CABECALHO_EM_TEXTO = re.compile(r"\b(?:porta|port)\b", re.IGNORECASE)


def rotuladas(texto: str) -> set[str]:
    """Números escritos logo depois de "porta"/"port", e as pontas de um bloco de portas ("Portas: 50000 a 50255")."""
    return {m.group(1) for m in _ROTULADA.finditer(texto)} | faixa_de_portas.numeros(texto)


def outra_que_a_da_coluna(citados: list[Valor], portas: dict[str, str]) -> tuple[Valor, str] | None:
    """O número citado logo depois de um IP (a citação "IP | porta | data | hora") que não é a porta da coluna de porta
    do registro para esse IP (a porta do serviço, de outra coluna): (o número, a porta da coluna), ou None."""
    for ip, numero in zip(citados, citados[1:], strict=False):
        if (ip.tipo == "ip" and not ip.porta and numero.tipo == "digitos" and len(numero.normal) <= 5
                and (da_coluna := portas.get(ip.normal)) and da_coluna.isdigit() and numero.normal != da_coluna):
            return numero, da_coluna
    return None


def da_coluna(doc: Documento, trecho: Trecho) -> dict[str, str]:
    """IP (forma canônica) → porta da coluna de porta do mesmo registro, linha de planilha ou linha de tabela em texto.

    Em texto (PDF, TXT), uma linha abaixo de um cabeçalho com coluna de porta ("Time IP Address
    Port") tem a porta no número escrito logo depois do IP.
    """
    ips = [v for v in decompor(trecho.texto) if v.tipo == "ip"]
    if trecho.celulas is not None:
        # o cabeçalho é o primeiro registro com a coluna de porta (pode haver linhas de título acima dele)
        com_celulas = [t for t in doc.trechos[:12] if t.celulas]
        cabecalho = next((t for t in com_celulas if any(_e_cabecalho(nome) for nome in t.celulas or ())), None)
        if cabecalho is None or trecho is cabecalho or not cabecalho.celulas:
            return {}
        nomes = list(cabecalho.celulas)
        portas: dict[str, str] = {}
        for v in ips:
            coluna_ip = next((i for i, c in enumerate(trecho.celulas) if v.texto in c), None)
            nome_ip = nomes[coluna_ip] if coluna_ip is not None and coluna_ip < len(nomes) else ""
            indice = _coluna_da_porta(nome_ip, dict(enumerate(nomes)))
            if indice is not None and indice < len(trecho.celulas):
                celula = trecho.celulas[indice].strip()
                # a célula empilhada "IP<br>Porta" ("177.45.10.2 51234"): a porta é o número depois do IP
                if celula.startswith(v.texto) and (depois := _numero_depois(celula, v.texto)) is not None:
                    celula = depois
                portas[v.normal] = celula
        return portas
    if trecho.linha_tabela is not None:
        return {v.normal: p for v in ips if (p := _da_planilha(doc, trecho))}
    linhas = doc.trechos_da_pagina(trecho.pagina, trecho.aba)
    posicao = doc.posicao_na_pagina(trecho)
    if posicao is None:  # trecho montado, não um objeto do documento: pela igualdade
        posicao = linhas.index(trecho) if trecho in linhas else 0
    primeiro = _primeiro_cabecalho(doc, trecho.pagina, trecho.aba, linhas)
    if primeiro is None or primeiro >= posicao:  # nenhuma linha de cabeçalho com porta acima desta
        return {}
    portas = {}
    for v in ips:
        if (porta := _numero_depois(trecho.texto, v.texto)) is not None:
            portas[v.normal] = porta
    return portas


#: o número logo depois do IP (o padrão do IP escapado + este, de antes, compilava um padrão por IP citado: milhares
#: num caso grande, além do que o cache do `re` guarda)
#: (nem o ano da data-hora escrita depois do IP, "::ffff:170.84.180.125   2024-04-11T14:08:07Z", com a coluna de porta
#: antes do IP: o "2024" não é porta)
_NUMERO_DEPOIS = re.compile(r"\s+(\d{1,5})(?![\d.:/-])")


def _numero_depois(texto: str, literal: str) -> str | None:
    """O número escrito logo depois da primeira ocorrência de `literal` que tem um (como `re.search` do literal
    seguido do número: cada ocorrência, da esquerda para a direita)."""
    inicio = texto.find(literal)
    while inicio >= 0:
        if m := _NUMERO_DEPOIS.match(texto, inicio + len(literal)):
            return m.group(1)
        inicio = texto.find(literal, inicio + 1)
    return None


def _primeiro_cabecalho(doc: Documento, pagina: int | None, aba: str | None, linhas: list[Trecho]) -> int | None:
    """Posição da primeira linha da página com "porta"/"port", procurada uma vez por página (antes, cada linha citada
    varria todas as de cima: num log de texto de 200 mil linhas, 2 milhões de buscas)."""
    primeiros: dict[tuple[int | None, str | None], int | None] = doc.__dict__.setdefault("_porta_primeiro_cabecalho", {})
    if (pagina, aba) not in primeiros:
        primeiros[(pagina, aba)] = next((n for n, t in enumerate(linhas) if _CABECALHO_EM_TEXTO.search(t.texto)), None)
    return primeiros[(pagina, aba)]


def _coluna_da_porta(nome_ip: str, nomes: dict[Any, str]) -> Any:
    """A primeira coluna de porta do cabeçalho do lado da NAT da coluna do IP ("IP Público" → "Porta Pública", nunca
    "Porta Privada"); a primeira de todas quando os nomes não dizem lado."""
    lado_ip = _lado(nome_ip)
    return next((chave for chave, nome in nomes.items()
                 if _e_cabecalho(nome) and (lado_ip is None or _lado(nome) in (None, lado_ip))), None)


#: os lados da tradução de endereços (NAT) nos nomes de coluna de uma resposta sobre CGNAT
_LADOS = {"privado": frozenset({"privado", "privada", "private", "interno", "interna", "internal", "lan"}),
          "publico": frozenset({"publico", "publica", "public", "externo", "externa", "external", "wan", "nat",
                                "traduzido", "traduzida", "translated"})}


def _lado(nome: str) -> str | None:
    palavras = set(dobrar(nome).replace("_", " ").replace("-", " ").replace("/", " ").split())
    lados = [lado for lado, sinais in _LADOS.items() if palavras & sinais]
    return lados[0] if len(lados) == 1 else None


def _da_planilha(doc: Documento, trecho: Trecho) -> str | None:
    # as células da aba vêm linha a linha: o cabeçalho é a linha da primeira célula de porta da aba, se está acima
    # da linha; a coluna, a de porta do lado da NAT da coluna do IP
    primeira = _primeira_celula_de_porta(doc, trecho.aba)
    coluna = primeira[1] if primeira is not None and primeira[0] < (trecho.linha_tabela or 0) else None
    if primeira is not None and coluna is not None:
        nomes = {t.coluna: t.texto for t in doc.linha_da_planilha(trecho.aba, primeira[0])}
        coluna = _coluna_da_porta(nomes.get(trecho.coluna, ""), nomes) or coluna
    celula = next((t for t in doc.linha_da_planilha(trecho.aba, trecho.linha_tabela) if t.coluna == coluna),
                  None) if coluna else None
    return celula.texto.strip() if celula is not None and celula.texto.strip() else None


def _primeira_celula_de_porta(doc: Documento, aba: str | None) -> tuple[int, str | None] | None:
    """(linha, coluna) da primeira célula da aba com nome de coluna de porta, procurada uma vez por aba: antes, cada
    IP citado varria as células de cima até achá-la (numa planilha sem coluna de porta, a aba inteira por citação)."""
    primeiras: dict[str | None, tuple[int, str | None] | None] = doc.__dict__.setdefault("_porta_primeira_celula", {})
    if aba not in primeiras:
        primeiras[aba] = next(((t.linha_tabela or 0, t.coluna) for t in doc.trechos_da_pagina(None, aba)
                               if _e_cabecalho(t.texto)), None)
    return primeiras[aba]


def _e_cabecalho(nome: str) -> bool:
    """Cabeçalho de coluna de porta pelas palavras: `Porta`, `Porta (origem)`, `src_port`, `Source Port`."""
    sem_unidade = re.sub(r"\([^)]*\)|\[[^\]]*\]", " ", nome)
    palavras = dobrar(sem_unidade).replace("_", " ").replace("-", " ").replace("/", " ").split()
    # a porta do outro lado da conexão ("Porta Destino", "dst_port", "Server Port") não é a de quem acessou
    return (bool(palavras) and len(palavras) <= 4 and bool({"porta", "port"} & set(palavras))
            and not _DO_SERVIDOR & set(palavras))


_DO_SERVIDOR = frozenset({"destino", "destination", "dst", "dest", "servidor", "server"})
