"""O registro a que pertence um local citado, segmentado pelo validador por conta própria.

Nada vem dos extratores: o validador relê o documento (`fonte.py`) e decide sozinho onde começa e acaba
cada registro, para poder conferir que valores citados como um evento são de um registro só.

- planilha: a linha da aba (todas as células dela);
- linha de tabela (CSV, TXT com TAB, tabela de HTML/DOCX): o próprio registro;
- JSON: o objeto que o leitor formou (`Documento.registros`, estrutura do arquivo, não interpretação);
- blocos chave-valor (um campo por linha, `Rótulo: valor`, rótulo acima ou abaixo do valor): os rótulos
  são os que se repetem no documento; um bloco novo começa numa linha em branco que separa blocos sem
  rótulo repetido, ou, sem elas, quando volta um rótulo que o bloco já tem ou o rótulo que abre o primeiro
  bloco. Se o rótulo solto fica acima ou abaixo do valor decide-se pela homogeneidade dos valores (os
  valores de um rótulo têm a mesma forma: dígitos sob "Porta", data sob "Data");
- outra linha de texto: só ela (`estruturado=False`: prosa ou linha solta, onde não se diz o que é um evento).

Os resultados ficam guardados no próprio documento (um cálculo por documento e aba).
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Callable

from perito.chaves.nome import dobrar
from perito.leitura.documento import PLANILHAS, Documento, Trecho

_ROTULO_VALOR = re.compile(r"^\s*(?P<rotulo>[^\W\d_][^:\d]{0,39}?|#|N[º°o]\.?)\s*:\s*(?P<valor>\S.*?)\s*$")
#: rótulo e valor ligados só pelo pontilhado ("Prefixo delegado ........ 2804:14c:...", "Cliente ....... JOANA ..."),
#: como os relatórios de sistema alinham os valores numa coluna: quatro pontos ou mais (as reticências têm três)
_ROTULO_PONTILHADO = re.compile(r"^\s*(?P<rotulo>[^\W\d_][^:\d.]{0,39}?)\s*(?:\.\s*){4,}:?\s*(?P<valor>[^\s.].*?)\s*$")
_PARENTESES = re.compile(r"^\((?P<dentro>[^()]+)\)$")
_CACHE = "_registros_do_validador"


@dataclass(frozen=True)
class Registro:
    nome: str  # como o registro aparece numa observação: "linha 7 da aba 'Dados'", "bloco das linhas 10-13"
    trechos: tuple[Trecho, ...]
    estruturado: bool  # linha de planilha/tabela, objeto JSON ou bloco: o registro é um evento
    #: registros "pares" (do mesmo formulário ou tabela) têm a mesma família: só entre pares um valor tomado do
    #: vizinho se reconhece pelo que o vizinho tem de seu
    familia: str = ""
    textos: tuple[str, ...] = field(default=())
    #: numa linha de texto solta (prosa), as frases da página que passam por ela: dois valores de linhas
    #: diferentes na mesma frase são do mesmo evento; em frases diferentes, não se sabe
    frases: frozenset[int] = frozenset()
    #: rótulos do registro (bloco, objeto JSON): blocos pares são do mesmo formulário
    rotulos: frozenset[str] = frozenset()

    def __post_init__(self) -> None:
        if not self.textos:
            object.__setattr__(self, "textos", tuple(t.texto for t in self.trechos))

    def contem(self, trecho: Trecho) -> bool:
        return any(t is trecho for t in self.trechos)


def registro_de(doc: Documento, trecho: Trecho) -> Registro:
    cache: dict[int, Registro] = doc.__dict__.setdefault(_CACHE, {})
    if id(trecho) not in cache:
        segmento = _segmentar(doc, trecho)
        # os segmentos guardados no documento (blocos de um texto, registros de um JSON, formulários) entram no cache
        # uma vez: uma linha solta de um log de 200 mil linhas, fora de todo bloco, recopiava o dicionário dos blocos
        # inteiro a cada linha citada
        juntados: dict[int, dict[int, Registro]] = doc.__dict__.setdefault(_CACHE + "_juntados", {})
        if juntados.get(id(segmento)) is not segmento:
            cache.update(segmento)
            if _guardado(doc, segmento):
                juntados[id(segmento)] = segmento
    return cache.get(id(trecho)) or _solto(trecho, _frases(doc, trecho))


def _guardado(doc: Documento, segmento: dict[int, Registro]) -> bool:
    """O segmento é um dos que o documento guarda (vive enquanto ele vive), não um montado só para esta linha."""
    guardados = (doc.__dict__.get(_CACHE + "_blocos", {}), doc.__dict__.get(_CACHE + "_formularios", {}),
                 {None: doc.__dict__.get(_CACHE + "_json")}, {None: doc.__dict__.get(_CACHE + "_atributo_valor")},
                 doc.__dict__.get(_CACHE + "_atributo_valor_planilha", {}))
    return any(segmento is s for grupo in guardados for s in grupo.values())


def _segmentar(doc: Documento, trecho: Trecho) -> dict[int, Registro]:
    """Os registros da aba, tabela ou texto a que `trecho` pertence, por id de trecho."""
    if doc.tipo in PLANILHAS:
        return (_ficha_da_planilha(doc, trecho) or _ficha_em_colunas(doc, trecho)
                or _atributo_valor_da_planilha(doc, trecho) or _linha_da_planilha(doc, trecho))
    if trecho.celulas is not None and (formulario := _formulario(doc, trecho) or _ficha_do_csv(doc, trecho)
                                       or _atributo_valor(doc, trecho)):
        return formulario
    if trecho.celulas is not None:
        n = len(trecho.celulas)
        preenchidas = frozenset(str(i) for i, c in enumerate(trecho.celulas) if c.strip())
        return {id(trecho): Registro(_nome(trecho, "registro da"), (trecho,), n >= 2, f"tabela:{trecho.tabela}:{n}",
                                     rotulos=preenchidas)}
    if doc.registros:
        saida = _registros_do_leitor(doc)
        if id(trecho) in saida:
            return saida
    return _blocos(doc, trecho.aba)


def _registros_do_leitor(doc: Documento) -> dict[int, Registro]:
    """Os registros que o leitor formou (objetos JSON, listas de definições), montados uma vez por documento."""
    saida: dict[int, Registro] | None = doc.__dict__.get(_CACHE + "_json")
    if saida is None:
        saida = {}
        for r in doc.registros:
            trechos = tuple(r.trechos())
            rotulos = frozenset(c.rotulo for c in r.campos if c.rotulo)
            forma = "lista de definições" if doc.tipo == "html" else "objeto"
            reg = Registro(f"{forma} que começa na {_nome(trechos[0], '')}", trechos, True, "json",
                           rotulos=frozenset(_chave(r) for r in rotulos))
            for t in trechos:
                saida.setdefault(id(t), reg)
        doc.__dict__[_CACHE + "_json"] = saida
    return saida


#: rótulo de formulário: letras (e barra, parênteses, hífen), sem dígitos, curto
_ROTULO_DE_FORMULARIO = re.compile(r"^[^\W\d_][^\d:]{0,39}$")


def _tabela(trecho: Trecho) -> str | None:
    if trecho.tabela:
        return trecho.tabela
    return trecho.localizacao.split(" linha ")[0] if trecho.localizacao.startswith("tabela ") else None


def _formulario(doc: Documento, trecho: Trecho) -> dict[int, Registro] | None:
    """Tabela de duas colunas rótulo | valor (a resposta do DICT em DOCX: uma tabela por chave): a tabela inteira
    é um registro, e só as células de valor dizem quem é a pessoa ("Documento do titular" é rótulo, não nome)."""
    if (tabela := _tabela(trecho)) is None:
        return None
    # as linhas de cada tabela, agrupadas numa passada por documento (antes, uma varredura do documento inteiro por
    # linha citada: num log TSV de 200 mil linhas com 200 citadas, 8 s); o formulário de cada tabela, uma vez
    formularios: dict[str, dict[int, Registro] | None] = doc.__dict__.setdefault(_CACHE + "_formularios", {})
    if tabela not in formularios:
        formularios[tabela] = _formulario_da_tabela(_linhas_das_tabelas(doc).get(tabela, []), tabela)
    return formularios[tabela]


def _linhas_das_tabelas(doc: Documento) -> dict[str, list[Trecho]]:
    tabelas: dict[str, list[Trecho]] | None = doc.__dict__.get(_CACHE + "_tabelas")
    if tabelas is None:
        tabelas = {}
        for t in doc.trechos:
            if t.celulas is not None and (tabela := _tabela(t)) is not None:
                tabelas.setdefault(tabela, []).append(t)
        doc.__dict__[_CACHE + "_tabelas"] = tabelas
    return tabelas


def _formulario_da_tabela(linhas: list[Trecho], tabela: str) -> dict[int, Registro] | None:
    if len(linhas) < 2 or not all(len(t.celulas or ()) == 2 and _ROTULO_DE_FORMULARIO.match((t.celulas or ("",))[0].strip())
                                  for t in linhas):
        return None
    rotulos = [dobrar((t.celulas or ("",))[0].strip()) for t in linhas]
    faixas = _faixas_das_fichas(rotulos)
    saida: dict[int, Registro] = {}
    for a, b in faixas:  # as fichas repetidas numa tabela só (um acesso depois do outro), cada uma o seu registro
        nome = f"formulário da {tabela}" if len(faixas) == 1 else f"formulário das linhas {a + 1}-{b} da {tabela}"
        reg = Registro(nome, tuple(linhas[a:b]), True, "formulario", rotulos=frozenset(rotulos[a:b]))
        saida.update({id(t): reg for t in linhas[a:b]})
    return saida


# --- fichas numa planilha ou num CSV: linhas seguidas de duas células, rótulo | valor ------------------------------


def _par_de_ficha(celulas: list[str]) -> bool:
    """A linha de uma ficha: duas células cheias, a da esquerda um rótulo (letras, sem dígitos, curto)."""
    return len(celulas) == 2 and _ROTULO_DE_FORMULARIO.match(celulas[0].strip()) is not None


def _faixas_das_fichas(rotulos: list[str]) -> list[tuple[int, int]]:
    """As faixas [início, fim) das fichas de uma corrida de rótulos: corta onde o rótulo que abre a ficha volta (o da
    primeira linha ou, se ele não volta, a linha "Campo | Valor", o da segunda), quando toda ficha tem dois campos ou
    mais e nenhuma repete rótulo; senão, a corrida inteira."""
    abre = rotulos[0] if rotulos.count(rotulos[0]) > 1 or len(rotulos) < 2 else rotulos[1]
    inicios = [i for i, rotulo in enumerate(rotulos) if rotulo == abre]
    faixas = list(zip([0, *inicios[1:]], [*inicios[1:], len(rotulos)], strict=True))
    if len(faixas) < 2 or any(b - a < 2 or len(set(rotulos[a:b])) < b - a for a, b in faixas):
        return [(0, len(rotulos))]
    return faixas


def _ficha(linhas: list[list[Trecho]], valores: list[str], nomear: Callable[[int, int], str]) -> dict[int, Registro] | None:
    """A corrida é uma ficha (um registro) quando tem duas linhas ou mais e ao menos metade dos valores tem dígitos
    (telefone, CPF, data, conta): uma tabela de duas colunas de palavras (nome | cidade) não é ficha, e a linha de
    cabeçalho dela ("Nome | Cidade") não faz da tabela uma ficha. Quando o rótulo da primeira linha volta, a corrida é
    uma lista de fichas (os acessos, um depois do outro), cada uma o seu registro. `nomear(i, j)`: o nome das linhas
    i a j da corrida."""
    if len(linhas) < 2 or sum(1 for v in valores if any(c.isdigit() for c in v)) * 2 < len(valores):
        return None
    rotulos = [dobrar(linha[0].texto.strip() if len(linha) == 2 else
                      next((c for c in linha[0].celulas or () if c.strip()), "").strip()) for linha in linhas]
    saida: dict[int, Registro] = {}
    for a, b in _faixas_das_fichas(rotulos):
        trechos = tuple(t for linha in linhas[a:b] for t in linha)
        reg = Registro(nomear(a, b - 1), trechos, True, "formulario", rotulos=frozenset(rotulos[a:b]))
        saida.update({id(t): reg for t in trechos})
    return saida


def _ficha_da_planilha(doc: Documento, trecho: Trecho) -> dict[int, Registro] | None:
    aba, numero = trecho.aba, trecho.linha_tabela
    if numero is None:
        return None

    def cheias(n: int) -> list[Trecho]:
        return [t for t in doc.linha_da_planilha(aba, n) if t.texto.strip()]

    if not _par_de_ficha([t.texto for t in cheias(numero)]):
        return None
    inicio = fim = numero
    while inicio > 1 and _par_de_ficha([t.texto for t in cheias(inicio - 1)]):
        inicio -= 1
    while _par_de_ficha([t.texto for t in cheias(fim + 1)]):
        fim += 1
    linhas = [cheias(n) for n in range(inicio, fim + 1)]
    return _ficha(linhas, [linha[1].texto for linha in linhas],
                  lambda a, b: f"ficha das linhas {inicio + a}-{inicio + b} da aba '{aba}'")


def _ficha_em_colunas(doc: Documento, trecho: Trecho) -> dict[int, Registro] | None:
    """A ficha em colunas (tabela transposta): os rótulos na coluna da esquerda, um registro por coluna à direita.
    Reconhecida pela forma dos valores: numa tabela transposta os de uma linha se parecem (datas ao lado de datas);
    numa tabela de dados, os de uma coluna. Cada célula de valor é do registro da sua coluna."""
    aba, numero = trecho.aba, trecho.linha_tabela
    if numero is None or trecho.coluna is None:
        return None

    def cheias(n: int) -> list[Trecho]:
        return [t for t in doc.linha_da_planilha(aba, n) if t.texto.strip()]

    primeira = cheias(numero)
    if len(primeira) < 3 or primeira[0] is trecho:
        return None
    coluna_dos_rotulos = primeira[0].coluna

    def da_ficha(n: int) -> bool:
        linha = cheias(n)
        return (len(linha) >= 3 and linha[0].coluna == coluna_dos_rotulos
                and _ROTULO_DE_FORMULARIO.match(linha[0].texto.strip()) is not None)

    if not da_ficha(numero):
        return None
    inicio = fim = numero
    while inicio > 1 and da_ficha(inicio - 1):
        inicio -= 1
    while da_ficha(fim + 1):
        fim += 1
    linhas = [cheias(n) for n in range(inicio, fim + 1)]
    rotulos = [dobrar(linha[0].texto.strip()) for linha in linhas]
    if len(linhas) < 2 or len(set(rotulos)) < len(rotulos) or not _transposta(linhas):
        return None
    por_coluna: dict[str | None, list[Trecho]] = {}
    for linha in linhas:
        for celula in linha[1:]:
            por_coluna.setdefault(celula.coluna, []).extend((linha[0], celula))
    saida: dict[int, Registro] = {}
    for coluna, trechos in por_coluna.items():
        valores = [t for t in trechos if t.coluna == coluna]
        reg = Registro(f"coluna {coluna} da ficha das linhas {inicio}-{fim} da aba '{aba}'", tuple(trechos), True,
                       "formulario", rotulos=frozenset(rotulos))
        saida.update({id(t): reg for t in valores})
    return saida


def _transposta(linhas: list[list[Trecho]]) -> bool:
    """Os valores com algarismos se repetem na forma ao longo das linhas mais do que ao longo das colunas."""
    def mesma_forma(celulas: list[Trecho]) -> bool:
        com_digitos = [c for c in celulas if any(ch.isdigit() for ch in c.texto)]
        return len(com_digitos) >= 2 and len({_forma(c.texto) for c in com_digitos}) == 1

    colunas: dict[str | None, list[Trecho]] = {}
    for linha in linhas:
        for celula in linha[1:]:
            colunas.setdefault(celula.coluna, []).append(celula)
    por_linha = sum(1 for linha in linhas if mesma_forma(linha[1:]))
    por_coluna = sum(1 for celulas in colunas.values() if mesma_forma(celulas))
    return por_linha > 0 and por_linha * len(colunas) > por_coluna * len(linhas)


def _ficha_do_csv(doc: Documento, trecho: Trecho) -> dict[int, Registro] | None:
    if trecho.tabela or trecho.localizacao.startswith("tabela ") or trecho.pagina is not None:
        return None  # só o CSV (ou TXT com TAB): uma linha por registro de texto, sem página nem tabela de documento
    linhas = doc.trechos_da_pagina(None, trecho.aba)
    posicao = doc.posicao_na_pagina(trecho)
    if posicao is None:
        return None

    def par(i: int) -> bool:
        t = linhas[i]
        return t.celulas is not None and _par_de_ficha([c for c in t.celulas if c.strip()])

    if not par(posicao):
        return None
    inicio = fim = posicao
    while inicio > 0 and par(inicio - 1):
        inicio -= 1
    while fim + 1 < len(linhas) and par(fim + 1):
        fim += 1
    corrida = [[linhas[i]] for i in range(inicio, fim + 1)]
    valores = [[c for c in (t.celulas or ()) if c.strip()][1] for (t,) in corrida]
    return _ficha(corrida, valores, lambda a, b: f"ficha das {corrida[a][0].localizacao} a {corrida[b][0].localizacao}")


# --- tabelas atributo | valor: uma linha por campo, o registro pelo identificador ---------------------------------

#: o cabeçalho "ID;Campo;Valor", "msisdn,key,value", "registro;Nome do atributo;Valor": o nome do campo e, na coluna
#: seguinte, o valor ("Data;Tipo;Valor" e "Data;Chave;Valor" são extratos, não fichas)
_CABECALHO_ATRIBUTO_VALOR = re.compile(
    r"(?i)(?<![^\W_])(?:campo|atributo|field|attribute|key|propriedade|property|par[âa]metro|parameter)(?![^\W_])"
    r"[^;,\t|\n]{0,20}[;,\t|]\s*\"?\s*(?:valor|value|conte[úu]do|content|informa[çc][ãa]o)(?![^\W_])")
#: o que toda linha desse cabeçalho tem (o teste barato antes do padrão, numa tabela de 200 mil linhas)
_PEDACOS_DO_VALOR = ("alor", "ALOR", "alue", "ALUE", "onte", "ONTE", "nforma", "NFORMA")


def _atributo_valor(doc: Documento, trecho: Trecho) -> dict[int, Registro] | None:
    """Numa tabela atributo | valor de um CSV, as linhas seguidas com o mesmo identificador (as células fora do nome
    do campo e do valor) são um registro; montadas uma vez por documento."""
    if trecho.tabela or trecho.localizacao.startswith("tabela ") or trecho.pagina is not None:
        return None
    chave = _CACHE + "_atributo_valor"
    if chave not in doc.__dict__:
        doc.__dict__[chave] = _registros_atributo_valor(doc.trechos_da_pagina(None, trecho.aba))
    registros: dict[int, Registro] = doc.__dict__[chave]
    return registros if id(trecho) in registros else None


def _registros_atributo_valor(linhas: list[Trecho]) -> dict[int, Registro]:
    saida: dict[int, Registro] = {}
    colunas: tuple[int, int] | None = None
    grupo: list[Trecho] = []
    identidade: tuple[str, ...] | None = None

    def fechar() -> None:
        if grupo and colunas is not None:
            rotulos = frozenset(dobrar((t.celulas or ())[colunas[0]]) for t in grupo)
            nome = f"registro das {grupo[0].localizacao} a {grupo[-1].localizacao} ({' '.join(identidade or ())})"
            reg = Registro(nome, tuple(grupo), True, "atributo_valor", rotulos=rotulos)
            saida.update({id(t): reg for t in grupo})
        grupo.clear()

    for t in linhas:
        celulas = t.celulas
        if celulas is None:
            continue
        if any(p in t.texto for p in _PEDACOS_DO_VALOR) and _CABECALHO_ATRIBUTO_VALOR.search(t.texto):
            fechar()
            nomes = [dobrar(c) for c in celulas]
            campo = next((i for i in range(len(nomes) - 1) if _CABECALHO_ATRIBUTO_VALOR.search(
                f"{celulas[i]};{celulas[i + 1]}")), None)
            colunas = (campo, campo + 1) if campo is not None and len([n for n in nomes if n]) >= 3 else None
            identidade = None
            continue
        if colunas is None:
            continue
        if len(celulas) <= colunas[1] or not any(c.strip() for c in celulas):
            fechar()
            colunas = None
            continue
        propria = tuple(c.strip() for i, c in enumerate(celulas) if i not in colunas)
        if propria != identidade:
            fechar()
            identidade = propria
        grupo.append(t)
    fechar()
    return saida


def _atributo_valor_da_planilha(doc: Documento, trecho: Trecho) -> dict[int, Registro] | None:
    """A tabela atributo | valor numa aba de planilha: as linhas seguidas com o mesmo identificador, montadas uma vez
    por aba."""
    if trecho.linha_tabela is None:
        return None
    por_aba: dict[str | None, dict[int, Registro]] = doc.__dict__.setdefault(_CACHE + "_atributo_valor_planilha", {})
    if trecho.aba not in por_aba:
        por_aba[trecho.aba] = _atributo_valor_da_aba(doc.trechos_da_pagina(None, trecho.aba), trecho.aba)
    registros = por_aba[trecho.aba]
    return registros if id(trecho) in registros else None


def _atributo_valor_da_aba(celulas: list[Trecho], aba: str | None) -> dict[int, Registro]:
    linhas: dict[int, list[Trecho]] = {}
    for t in celulas:
        if t.linha_tabela is not None and t.texto.strip():
            linhas.setdefault(t.linha_tabela, []).append(t)
    saida: dict[int, Registro] = {}
    colunas: tuple[str | None, str | None] | None = None
    grupo: list[list[Trecho]] = []
    identidade: tuple[str, ...] | None = None
    anterior: int | None = None

    def fechar() -> None:
        if grupo and colunas is not None:
            trechos = tuple(t for linha in grupo for t in linha)
            rotulos = frozenset(dobrar(t.texto) for t in trechos if t.coluna == colunas[0])
            nome = (f"registro das linhas {grupo[0][0].linha_tabela}-{grupo[-1][0].linha_tabela} da aba '{aba}' "
                    f"({' '.join(identidade or ())})")
            reg = Registro(nome, trechos, True, "atributo_valor", rotulos=rotulos)
            saida.update({id(t): reg for t in trechos})
        grupo.clear()

    for numero in sorted(linhas):
        linha = linhas[numero]
        if colunas is not None and anterior is not None and numero != anterior + 1:
            fechar()
            colunas = None
        anterior = numero
        texto = ";".join(t.texto for t in linha)
        if any(p in texto for p in _PEDACOS_DO_VALOR) and _CABECALHO_ATRIBUTO_VALOR.search(texto):
            fechar()
            i = next((i for i in range(len(linha) - 1)
                      if _CABECALHO_ATRIBUTO_VALOR.search(f"{linha[i].texto};{linha[i + 1].texto}")), None)
            colunas = (linha[i].coluna, linha[i + 1].coluna) if i is not None and len(linha) >= 3 else None
            identidade = None
            continue
        if colunas is None:
            continue
        por_letra = {t.coluna: t for t in linha}
        if colunas[0] not in por_letra or colunas[1] not in por_letra:
            fechar()
            colunas = None
            continue
        propria = tuple(t.texto.strip() for t in linha if t.coluna not in colunas)
        if propria != identidade:
            fechar()
            identidade = propria
        grupo.append(linha)
    fechar()
    return saida


def _solto(trecho: Trecho, frases: frozenset[int] = frozenset()) -> Registro:
    return Registro(_nome(trecho, "a"), (trecho,), False, frases=frases)


#: fim de frase: ponto, ponto e vírgula, exclamação ou interrogação seguidos de espaço ou fim ("2.365,00" não)
FIM_DE_FRASE = re.compile(r"[.;!?](?=\s|$)")


def _frases(doc: Documento, trecho: Trecho) -> frozenset[int]:
    """Índices das frases da página (ou do texto) que passam pela linha; uma linha em branco também fecha a frase."""
    cache: dict[tuple[int | None, str | None], dict[int, frozenset[int]]] = doc.__dict__.setdefault(_CACHE + "_frases", {})
    chave = (trecho.pagina, trecho.aba)
    if chave not in cache:
        por_trecho: dict[int, frozenset[int]] = {}
        frase, anterior = 0, None
        for t in doc.trechos_da_pagina(trecho.pagina, trecho.aba):
            if t.celulas is not None:
                continue
            numero = _numero(t)
            if not t.texto.strip() or (anterior is not None and numero is not None and numero - anterior > 1):
                frase += 1
            anterior = numero
            texto = t.texto.rstrip()
            fins = [m.start() for m in FIM_DE_FRASE.finditer(texto)]
            inicio = frase
            frase += sum(1 for f in fins if f < len(texto) - 1)
            por_trecho[id(t)] = frozenset(range(inicio, frase + 1))
            if fins and fins[-1] == len(texto) - 1:
                frase += 1
        cache[chave] = por_trecho
    return cache[chave].get(id(trecho), frozenset())


def _nome(trecho: Trecho, artigo: str) -> str:
    pagina = f" (página {trecho.pagina})" if trecho.pagina else ""
    return f"{artigo} {trecho.localizacao}{pagina}".strip()


def _linha_da_planilha(doc: Documento, trecho: Trecho) -> dict[int, Registro]:
    """O registro da linha da planilha do trecho (só dela: numa aba de 50 mil linhas, montar todas custava segundos)."""
    aba, numero = trecho.aba, trecho.linha_tabela
    trechos = doc.linha_da_planilha(aba, numero) if numero is not None else [
        t for t in doc.trechos_da_pagina(None, aba) if t.linha_tabela is None]
    # as colunas preenchidas fazem as vezes de rótulos: o preâmbulo (titular, período) não é par das linhas de dados
    colunas = frozenset(t.coluna for t in trechos if t.coluna and t.texto.strip())
    # a linha de pares rótulo | valor em cima da tabela ("Cliente | RAFAEL ... | CPF | 083..."): o preâmbulo, ainda que
    # ocupe as mesmas colunas das linhas de dados
    familia = f"aba:{aba}:pares" if _linha_de_pares([t.texto for t in trechos if t.texto.strip()]) else f"aba:{aba}"
    reg = Registro(f"linha {numero} da aba '{aba}'", tuple(trechos), numero is not None, familia, rotulos=colunas)
    return {id(t): reg for t in trechos}


#: o rótulo de um par numa célula: palavras, sem algarismos, curto ("Cliente", "CPF", "Agência", "Nome do titular")
_ROTULO_DE_PAR = re.compile(r"^[^\W\d_][^\d:]{0,29}:?$")


def _linha_de_pares(textos: list[str]) -> bool:
    """Células que se alternam entre rótulo e valor, e cada valor com um algarismo ou em maiúsculas."""
    if len(textos) < 2 or len(textos) % 2:
        return False
    return all(_ROTULO_DE_PAR.match(r.strip()) for r in textos[::2]) and all(
        any(ch.isdigit() for ch in v) or v.strip().isupper() for v in textos[1::2])


# --- blocos chave-valor -----------------------------------------------------------------------------------


@dataclass
class _Campo:
    chave: str
    trechos: list[Trecho]


def _blocos(doc: Documento, aba: str | None) -> dict[int, Registro]:
    cache: dict[str | None, dict[int, Registro]] = doc.__dict__.setdefault(_CACHE + "_blocos", {})
    if aba not in cache:
        # as linhas que já são de um registro do leitor (lista de definições de um HTML) não entram nos blocos
        cobertos = {id(t) for r in doc.registros for t in r.trechos()}
        linhas = [t for t in doc.trechos if t.aba == aba and t.celulas is None and t.texto.strip() and _numero(t)
                  and id(t) not in cobertos]
        cache[aba] = _registros_de_blocos(linhas)
    return cache[aba]


def _numero(trecho: Trecho) -> int | None:
    prefixo, _, numero = trecho.localizacao.partition(" ")
    return int(numero) if prefixo in ("linha", "paragrafo") and numero.isdigit() else None


def _chave(rotulo: str) -> str:
    return " ".join(re.findall(r"[^\W_]+", dobrar(rotulo))) or rotulo.strip()  # "#": o número do registro


def _rotulo_em_linha(texto: str) -> str | None:
    """O rótulo de uma linha que é só rótulo ("Porta", "(Endereço IP)", "Data:")."""
    limpo = texto.strip()
    if m := _PARENTESES.match(limpo):
        limpo = m.group("dentro").strip()
    limpo = limpo.rstrip(":").strip()
    if not limpo or len(limpo) > 40 or len(limpo.split()) > 6 or any(c.isdigit() for c in limpo):
        return None
    if limpo[-1] in ".!?,;" or not limpo[0].isalpha():
        return None
    return _chave(limpo) or None


def _forma(texto: str) -> str:
    """A forma de um valor: dígitos viram 9, letras viram a, repetições colapsadas."""
    forma = re.sub(r"\d+", "9", texto.strip())
    forma = re.sub(r"[^\W\d_]+", "a", forma)
    return forma[:16]


def _registros_de_blocos(linhas: list[Trecho]) -> dict[int, Registro]:
    rv: dict[int, str] = {}
    soltos: dict[int, str] = {}
    for i, t in enumerate(linhas):
        if (m := _ROTULO_VALOR.match(t.texto) or _ROTULO_PONTILHADO.match(t.texto)) and len(m.group("rotulo").split()) <= 6:
            rv[i] = _chave(m.group("rotulo"))
        elif rotulo := _rotulo_em_linha(t.texto):
            soltos[i] = rotulo
    soltos = _na_paridade_dos_rotulos(linhas, rv, soltos)
    vezes = Counter(list(rv.values()) + list(soltos.values()))
    vocabulario = {k for k, n in vezes.items() if n >= 2}
    campos = _campos(linhas, rv, {i: k for i, k in soltos.items() if k in vocabulario})
    if len(campos) < 4 or len({c.chave for c in campos}) < 2:
        return {}
    saida: dict[int, Registro] = {}
    for bloco in _agrupar(campos, vocabulario):
        if len({c.chave for c in bloco}) < 2:
            continue
        trechos = tuple(t for c in bloco for t in c.trechos)
        primeiro, ultimo = trechos[0], max(trechos, key=lambda t: (t.pagina or 0, _numero(t) or 0))
        pagina = f" (página {primeiro.pagina})" if primeiro.pagina else ""
        nome = f"bloco das linhas {_numero(primeiro)}-{_numero(ultimo)}{pagina}"
        reg = Registro(nome, trechos, True, "blocos", rotulos=frozenset(c.chave for c in bloco))
        for t in trechos:
            saida[id(t)] = reg
    return saida


def _na_paridade_dos_rotulos(linhas: list[Trecho], rv: dict[int, str], soltos: dict[int, str]) -> dict[int, str]:
    """Numa sequência de linhas vizinhas que alterna rótulo e valor, os rótulos soltos ficam numa paridade: o valor
    que parece rótulo ("PIX_ENVIO", "LOGIN" sob "Operação"), na outra, é valor. Empate: todos ficam."""
    saida: dict[int, str] = {}
    corrida: list[int] = []

    def fechar() -> None:
        candidatos = [k for k, i in enumerate(corrida) if i in soltos]
        pares = sum(1 for k in candidatos if k % 2 == 0)
        impares = len(candidatos) - pares
        for k in candidatos:
            if pares == impares or k % 2 == (0 if pares > impares else 1):
                saida[corrida[k]] = soltos[corrida[k]]

    for i, t in enumerate(linhas):
        if i in rv or (corrida and not _vizinhas(linhas[corrida[-1]], t)):
            fechar()
            corrida = []
        if i not in rv:
            corrida.append(i)
    fechar()
    return saida


def _vizinhas(a: Trecho, b: Trecho) -> bool:
    return a.pagina == b.pagina and (_numero(b) or 0) - (_numero(a) or 0) == 1


def _campos(linhas: list[Trecho], rv: dict[int, str], soltos: dict[int, str]) -> list[_Campo]:
    """Campos na ordem do documento; o rótulo solto junta-se ao valor acima ou abaixo (uma decisão por documento)."""
    abaixo = _valor_abaixo(linhas, rv, soltos)
    usados: set[int] = set()
    campos: list[tuple[int, _Campo]] = []
    for i, chave in rv.items():
        campos.append((i, _Campo(chave, [linhas[i]])))
    for i, chave in soltos.items():
        j = i + 1 if abaixo else i - 1
        if not 0 <= j < len(linhas) or j in rv or j in soltos or j in usados:
            continue
        if not (_vizinhas(linhas[i], linhas[j]) if abaixo else _vizinhas(linhas[j], linhas[i])):
            continue
        usados.add(j)
        campos.append((min(i, j), _Campo(chave, [linhas[min(i, j)], linhas[max(i, j)]])))
    return [c for _, c in sorted(campos, key=lambda par: par[0])]


def _valor_abaixo(linhas: list[Trecho], rv: dict[int, str], soltos: dict[int, str]) -> bool:
    """O valor de um rótulo solto está na linha de baixo? A vizinha cujas formas se repetem por rótulo ganha."""
    formas: dict[bool, dict[str, Counter]] = {True: {}, False: {}}
    for i, chave in soltos.items():
        for abaixo, j in ((True, i + 1), (False, i - 1)):
            if 0 <= j < len(linhas) and j not in rv and j not in soltos:
                par = (linhas[i], linhas[j]) if abaixo else (linhas[j], linhas[i])
                if _vizinhas(*par):
                    formas[abaixo].setdefault(chave, Counter())[_forma(linhas[j].texto)] += 1
    placar = {lado: sum(c.most_common(1)[0][1] for c in por.values()) for lado, por in formas.items()}
    return placar[True] >= placar[False]


def _agrupar(campos: list[_Campo], vocabulario: set[str]) -> list[list[_Campo]]:
    """Blocos de campos: pelas linhas em branco que os separam, se elas separam blocos; senão pela repetição
    de um rótulo, ou pela volta do primeiro rótulo que se repete no documento (o que abre os blocos)."""
    grupos: list[list[_Campo]] = [[campos[0]]]
    for anterior, campo in zip(campos, campos[1:], strict=False):
        if _vizinhas(anterior.trechos[-1], campo.trechos[0]):
            grupos[-1].append(campo)
        else:
            grupos.append([campo])
    sem_repeticao = all(len({c.chave for c in g}) == len(g) for g in grupos)
    if len(grupos) >= 2 and sem_repeticao and sum(1 for g in grupos if len(g) >= 2) >= 2:
        return grupos
    abre = next((c.chave for c in campos if c.chave in vocabulario), None)
    blocos: list[list[_Campo]] = []
    for campo in campos:
        if not blocos or campo.chave == abre or campo.chave in {c.chave for c in blocos[-1]}:
            blocos.append([])
        blocos[-1].append(campo)
    return blocos
