"""Blocos chave-valor num texto: registros segmentados pela repetição do seu conjunto de rótulos.

Formas de um campo (todas no mesmo documento, em qualquer ordem de campos):
- `Rótulo: valor` na mesma linha;
- o rótulo numa linha e o valor na de baixo;
- o valor numa linha e o rótulo na de baixo (`(Rótulo)` ou `Rótulo`).
Rótulo e valor ficam em linhas vizinhas da mesma página, sem linha em branco entre eles. Se o
rótulo vem acima ou abaixo do valor decide-se uma vez para o documento: pelo lado em que os rótulos
encostam nas bordas dos blocos (linha em branco, título do bloco, troca de página) e pelo que cada
rótulo pede (dígitos sob "CPF", letras sob "Nome").

Um registro novo começa quando volta um rótulo que o registro atual já tem, seja qual for o campo
que vem primeiro, numa linha em branco, num título de bloco (linha solta entre campos) ou na troca de
página. Só valem os registros cujo conjunto de rótulos se repete em ao menos três (a lista de uma
resposta): uma linha `Período: ...` isolada continua com a leitura por linhas, e o DESTINO e a ORIGEM de
um comprovante (dois blocos de Nome/Instituição) continuam um evento só.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations
from typing import Callable, Hashable, TypeVar

from perito.chaves import dinheiro, tempo
from perito.chaves import ip as chaves_ip
from perito.chaves.nome import dobrar
from perito.extratores import colunas
from perito.extratores.registros import encaixe
from perito.leitura.documento import Trecho
from perito.leitura.registro import Campo, RegistroLido

T = TypeVar("T")

# os dois-pontos de um IPv6 ("Acesso ao app   ::ffff:143.111.161.2", linha de tabela) não separam rótulo de valor
# o rótulo do número do registro também ("#: 397379", "Nº: 12"): sem ele, a linha virava uma linha solta que corta o
# bloco ao meio, e o IP ia com a hora do bloco de baixo
_ROTULO_VALOR = re.compile(
    r"^(?P<antes>\s*)(?P<rotulo>[^\W\d_][^:\d]{0,39}?|#|N[º°o]\.?)\s*:(?!:)\s*(?P<valor>\S.*?)\s*$")
#: o rótulo e o valor ligados só pelo pontilhado, sem dois-pontos ("Nome completo ........ RAFAEL ...", "Porta
#: ....... 51234"), como o dossiê cadastral de um banco alinha os valores numa coluna: quatro pontos ou mais (as
#: reticências de uma frase, "Ele disse... que", têm três)
_ROTULO_PONTILHADO = re.compile(
    r"^(?P<antes>\s*)(?P<rotulo>[^\W\d_][^:\d.]{0,39}?)\s*(?:\.\s*){4,}:?\s*(?P<valor>[^\s.].*?)\s*$")
# "(Endereço IP)", e um nível de parênteses dentro: "(Tax ID (CPF))", "(Identificador do aparelho (IMEI))"
_ENTRE_PARENTESES = re.compile(r"^\((?P<dentro>(?:[^()]|\([^()]*\))+)\)$")
#: título de bloco: uma ou duas palavras e um número pequeno ("Chave 1", "Registro 2 de 5", "Record #3")
_TITULO = re.compile(r"^[^\W\d_]+(?: [^\W\d_]+)?\s+(?:n[ºo°.]?\s*|#)?\d{1,3}(?:\s+(?:de|of)\s+\d{1,3})?\s*:?$", re.I)
#: quantos rótulos comuns dois registros precisam ter para serem do mesmo formulário
_COMUNS = 2
#: quantos registros com os mesmos rótulos fazem uma lista: dois podem ser as duas partes de um só evento
#: (origem e destino de um comprovante, que ficam num registro só); três ou mais são registros
_REPETICOES = 3
#: rótulos de um registro que entram na contagem de pares (um formulário tem poucos)
_ROTULOS_POR_PAR = 16


@dataclass
class _Linha:
    trecho: Trecho
    tipo: str  # "rv" (rótulo e valor), "r" (só rótulo), "t" (título de bloco), "v" (outra)
    rotulo: str | None = None
    valor: str | None = None
    inicio: int = 0


#: dois pontos ou mais no fim do rótulo, juntos ou separados por espaços: o pontilhado que leva ao valor
_PONTILHADO = re.compile(r"(?:\s*\.){2,}\s*$")


@lru_cache(maxsize=4096)  # pura; pedida para a primeira célula de cada linha de uma planilha
def rotulo_solto(texto: str, qualquer: bool = False) -> str | None:
    """O rótulo de uma linha que é só rótulo ("Nome", "(Endereço IP)", "Porta:"); `qualquer`: sem exigir que o
    nome seja de coluna conhecida (a posição na corrida já disse que é rótulo)."""
    limpo = texto.strip()
    if m := _ENTRE_PARENTESES.match(limpo):
        limpo = m.group("dentro").strip()
    limpo = limpo.rstrip(":").strip()
    # a linha pontilhada entre o rótulo e os dois-pontos ("CPF..........:", "Nome . . . . :"), dos relatórios de
    # sistema que alinham os valores numa coluna: não é parte do rótulo
    limpo = _PONTILHADO.sub("", limpo)
    if qualquer and limpo.endswith(".") and len(limpo.split()) <= 3:
        limpo = limpo.rstrip(".")  # abreviatura na célula de rótulo ("Ag.", "Doc. contraparte", "Nº da conta.")
    if not limpo or len(limpo) > 40 or len(limpo.split()) > 6 or any(c.isdigit() for c in limpo) or limpo[-1] in ".!?,;":
        return None
    if qualquer:
        return limpo
    return limpo if colunas.papel(limpo) or texto.strip().endswith(":") or texto.strip().startswith("(") else None


#: primeira palavra de um histórico de lançamento ("Pix recebido: ...", "TED enviada: ..."): numa linha com valor em
#: dinheiro, o que vem antes dos dois-pontos é o lançamento de um extrato, não o rótulo de um campo
_LANCAMENTO = frozenset({
    "pix", "ted", "doc", "tef", "transferencia", "transf", "pagamento", "pgto", "deposito", "saque", "compra",
    "estorno", "tarifa", "credito", "debito", "boleto", "recebimento", "envio", "resgate", "aplicacao",
})


def _historico_de_lancamento(rotulo: str, valor: str) -> bool:
    palavras = dobrar(rotulo).split()
    return bool(palavras) and palavras[0] in _LANCAMENTO and bool(
        dinheiro.PADRAO_VALOR.search(valor) or dinheiro.PADRAO_VALOR_RS_PONTO.search(valor))


def _classificar(trecho: Trecho) -> _Linha:
    texto = trecho.texto
    if (m := _ROTULO_VALOR.match(texto)) and len(m.group("rotulo").split()) <= 6 \
            and not _historico_de_lancamento(m.group("rotulo"), m.group("valor")):
        return _Linha(trecho, "rv", m.group("rotulo").strip(), m.group("valor"), m.start("valor"))
    if (".." in texto or ". ." in texto) and (m := _ROTULO_PONTILHADO.match(texto)) and len(m.group("rotulo").split()) <= 6:
        return _Linha(trecho, "rv", m.group("rotulo").strip(), m.group("valor"), m.start("valor"))
    if rotulo := rotulo_solto(texto):
        return _Linha(trecho, "r", rotulo)
    return _Linha(trecho, "t" if _TITULO.match(texto.strip()) else "v")


def _vizinhas(a: Trecho, b: Trecho) -> bool:
    """Linhas seguidas da mesma página, sem linha em branco entre elas."""
    if a.pagina != b.pagina:
        return False
    na, nb = _numero(a), _numero(b)
    return na is not None and nb is not None and nb - na == 1


def _numero(trecho: Trecho) -> int | None:
    """N de "linha N" ou "paragrafo N" (sem regex: é chamada para cada linha de um log)."""
    prefixo, _, numero = trecho.localizacao.partition(" ")
    return int(numero) if prefixo in ("linha", "paragrafo") and numero.isdigit() else None


def _corridas(linhas: list[_Linha]) -> list[list[int]]:
    """Sequências de linhas vizinhas sem rótulo na própria linha (nem título) entre elas."""
    corridas: list[list[int]] = []
    atual: list[int] = []
    for i, linha in enumerate(linhas):
        if linha.tipo in ("rv", "t"):
            if atual:
                corridas.append(atual)
            atual = []
            continue
        if atual and not _vizinhas(linhas[atual[-1]].trecho, linha.trecho):
            corridas.append(atual)
            atual = []
        atual.append(i)
    if atual:
        corridas.append(atual)
    return corridas


def _segmento(linhas: list[_Linha], corrida: list[int], no_documento: Counter[str | None]) -> list[int] | None:
    """As posições de rótulo do trecho da corrida que alterna rótulo e valor; None se ela não alterna.

    Os rótulos ficam numa paridade (a da maioria dos rótulos reconhecidos); o trecho vai do primeiro rótulo
    seguido de outro rótulo até duas posições de rótulo abaixo, até o último. Dentro dele, a maioria das posições de rótulo
    basta: "Tipo de conta" também é rótulo, e na outra paridade "CONTA CORRENTE" continua valor."""
    rotulos = [k for k, i in enumerate(corrida) if linhas[i].tipo == "r"]
    pares = sum(1 for k in rotulos if k % 2 == 0)
    if len(rotulos) < 2 or pares * 2 == len(rotulos):
        return None
    paridade = 0 if pares * 2 > len(rotulos) else 1
    lado = [k for k in rotulos if k % 2 == paridade]
    inicio = next((k for k in lado if k + 2 in lado or k + 4 in lado), None)
    if inicio is None:
        return None
    posicoes = list(range(inicio, lado[-1] + 1, 2))
    # rótulo é o nome de coluna conhecido, ou o texto que volta na mesma posição de bloco em bloco ("Registro",
    # "Tipo de acesso" a cada acesso): a repetição é a estrutura do formulário
    escrito = {k: rotulo_solto(linhas[corrida[k]].trecho.texto, qualquer=True) for k in posicoes}
    # o primeiro bloco começa antes do primeiro par de rótulos conhecidos ("Sender Ip", "Type", "Session ID"
    # acima de "Date/Time"): sobe enquanto a posição de rótulo de cima repete um rótulo do trecho
    # (ou é rótulo conhecido, ou volta no documento como os rótulos voltam: "Situação", "Registro")
    conhecidos = {e for e in escrito.values() if e}
    while (k := posicoes[0] - 2) >= 0 and linhas[corrida[k + 1]].tipo != "r" and (
            (acima := rotulo_solto(linhas[corrida[k]].trecho.texto, qualquer=True)) in conhecidos
            or (acima is not None and (linhas[corrida[k]].tipo == "r" or no_documento[acima] >= _REPETICOES))):
        posicoes.insert(0, k)
        escrito[k] = acima
    # a repetição conta no documento inteiro: blocos separados por linha em branco são corridas de um bloco só
    vezes = Counter(escrito.values()) | no_documento
    reconhecidos = sum(1 for k in posicoes if linhas[corrida[k]].tipo == "r" or vezes[escrito[k]] >= _REPETICOES)
    intrusos = sum(1 for k in rotulos if k % 2 != paridade and inicio <= k <= lado[-1])
    if reconhecidos < 0.6 * len(posicoes) or intrusos > 0.25 * len(posicoes):
        return None
    return posicoes


def _segmentos(linhas: list[_Linha], corrida: list[int],
               no_documento: Counter[str | None]) -> list[tuple[list[int], list[int]]]:
    """Os trechos alternados da corrida, um depois do outro: o título de uma seção ("Registros de conexão (IP)")
    entre a lista de aparelhos e a de acessos troca a paridade dos rótulos, e a segunda lista também é formulário."""
    segmentos = []
    resto = corrida
    while len(resto) >= 4 and (posicoes := _segmento(linhas, resto, no_documento)) is not None:
        segmentos.append((resto, posicoes))
        resto = resto[posicoes[-1] + 1:]
    return segmentos


def _rotulo_acima(linhas: list[_Linha], segmentos: list[tuple[list[int], list[int]]]) -> bool:
    """O rótulo solto fica acima do valor (True) ou abaixo (False) neste documento: o lado cujos valores são da
    espécie que os rótulos pedem."""
    placar = 0
    for corrida, posicoes in segmentos:
        for k in posicoes:
            rotulo = rotulo_solto(linhas[corrida[k]].trecho.texto, qualquer=True)
            if rotulo is None:
                continue
            if k + 1 < len(corrida):
                placar += encaixe.encaixe(rotulo, linhas[corrida[k + 1]].trecho.texto)
            if k - 1 >= 0:
                placar -= encaixe.encaixe(rotulo, linhas[corrida[k - 1]].trecho.texto)
    return placar >= 0


def _campos(linhas: list[_Linha], rotulos: dict[int, Trecho] | None = None) -> list[tuple[int, Campo | None]]:
    """(posição, campo) na ordem do documento; None marca uma linha que separa blocos. `rotulos` recebe, para
    cada campo de rótulo solto, o trecho do rótulo (id do trecho do valor → trecho do rótulo)."""
    # quantas vezes cada linha curta volta no documento (o rótulo que abre cada bloco separado por linha em branco)
    no_documento = Counter(rotulo_solto(linha.trecho.texto, qualquer=True) for linha in linhas if linha.tipo in "rv")
    segmentos = [segmento for c in _corridas(linhas) for segmento in _segmentos(linhas, c, no_documento)]
    acima = _rotulo_acima(linhas, segmentos)
    usadas: set[int] = set()
    saida: list[tuple[int, Campo | None]] = []
    for corrida, posicoes in segmentos:
        for k in posicoes:
            vizinho = k + 1 if acima else k - 1
            if not 0 <= vizinho < len(corrida) or corrida[vizinho] in usadas:
                continue
            i, j = corrida[k], corrida[vizinho]
            rotulo = rotulo_solto(linhas[i].trecho.texto, qualquer=True)
            valor = linhas[j].trecho.texto.strip()
            if rotulo is None or not valor:
                continue  # na paridade dos valores, "CPF" (o tipo da chave) é valor, mesmo parecendo rótulo
            saida.append((min(i, j), Campo(rotulo, valor, linhas[j].trecho, linhas[j].trecho.texto.index(valor))))
            if rotulos is not None:
                rotulos[id(linhas[j].trecho)] = linhas[i].trecho
            usadas.update((i, j))
    for i, linha in enumerate(linhas):
        if linha.tipo == "rv" and linha.valor is not None:
            saida.append((i, Campo(linha.rotulo, linha.valor, linha.trecho, linha.inicio)))
        elif i not in usadas:
            saida.append((i, None))
    saida.sort(key=lambda par: par[0])
    return saida


@lru_cache(maxsize=4096)
def _chave(rotulo: str | None) -> tuple[str, ...]:
    return colunas.palavras(rotulo or "")


def blocos(trechos: list[Trecho]) -> list[RegistroLido]:
    """Os registros de formulário das linhas de texto `trechos` (na ordem do documento)."""
    linhas = _titulos_que_numeram([_classificar(t) for t in trechos if t.texto.strip()])
    if sum(1 for linha in linhas if linha.tipo in ("rv", "r")) < 4:
        return []
    rotulos: dict[int, Trecho] = {}
    campos = _campos(linhas, rotulos)
    cheias = {(t.pagina, n) for t in trechos if t.texto.strip() and (n := _numero(t)) is not None}
    registros = _segmentar(campos, cheias, None)
    # o rótulo que abre os blocos completos (os de mais campos: neles se vê a ordem do formulário) abre também
    # o bloco a que falta um campo; sem isso, o bloco sem porta receberia a porta do bloco de baixo
    if registros:
        maior = max(len({_chave(c.rotulo) for c in r}) for r in registros)
        primeiros = Counter(_chave(r[0].rotulo) for r in registros if len({_chave(c.rotulo) for c in r}) == maior)
        abre = _abre_nas_bordas(campos, cheias) or primeiros.most_common(1)[0][0]
        if maior >= _COMUNS and sum(1 for r in registros if abre in {_chave(c.rotulo) for c in r}) >= 2:
            registros = _segmentar(campos, cheias, abre)
    ordem = {id(t): i for i, t in enumerate(trechos)}
    repeticoes = 2 if _numerados(linhas) else _REPETICOES
    # um bloco com um IP e uma data-hora é um acesso, repetido ou não (o records.html de `div`s da Meta, com um ou dois
    # IPs): as duas metades de um comprovante, que os blocos só aceitam repetidos três vezes, não têm IP
    do_formulario = {id(r) for r in _do_formulario(registros, repeticoes)}
    # (só os que a repetição não aceitou: num log de cem mil blocos, todos já estão lá)
    do_formulario |= {id(r) for r in registros if id(r) not in do_formulario and _tem_ip_e_instante(r)}
    return [RegistroLido(_identidade(r[0].trecho), r, _com_rotulos(r, rotulos, ordem))
            for r in registros if id(r) in do_formulario or _ficha_vertical(r, rotulos)]


#: campos de uma ficha vertical sozinha (com menos, a leitura por linhas já junta o rótulo e o valor)
_CAMPOS_DA_FICHA_VERTICAL = 4


def _ficha_vertical(campos: list[Campo], rotulos: dict[int, Trecho]) -> bool:
    """A ficha de uma pessoa só, com cada rótulo numa linha e o valor na de baixo ("Nome do assinante" / "MARIA ...",
    "CPF" / "...", "IMEI do aparelho" / "..."), que não se repete no documento: um registro, em vez de cortada em
    registros de linha a cada seis linhas (o IMEI do fim ia parar longe do nome e da linha). Os rótulos são de
    formulário (ao menos quatro, e metade, se reconhecem como campos: "Plano" e "Nome da mãe" também estão numa ficha)
    e nenhum se repete; a guarda contra juntar duas pessoas: nenhum papel de identidade se repete (dois "Nome", dois
    "CPF")."""
    if len(campos) < _CAMPOS_DA_FICHA_VERTICAL or not all(id(c.trecho) in rotulos for c in campos):
        return False
    if len({_chave(c.rotulo) for c in campos}) < len(campos):
        return False
    # cada valor é da espécie que o rótulo pede (dígitos sob "CPF", um nome sob "Nome"), ou o rótulo não opina: o
    # comprovante com "Nome VINICIUS ..." numa linha e "CPF ***..." na de baixo não é rótulo e valor
    encaixes = [encaixe.encaixe(c.rotulo or "", c.valor) for c in campos]
    if -1 in encaixes or encaixes.count(1) < _CAMPOS_DA_FICHA_VERTICAL:
        return False
    papeis = [p for c in campos if (p := colunas.papel(c.rotulo or "")) is not None]
    identidade = [p for p in papeis if p in _PAPEIS_DE_IDENTIDADE]
    return (len(papeis) >= _CAMPOS_DA_FICHA_VERTICAL and len(papeis) * 2 >= len(campos)
            and len(set(identidade)) == len(identidade))


#: os papéis que dizem quem é a pessoa: dois deles iguais numa ficha são duas pessoas
_PAPEIS_DE_IDENTIDADE = frozenset({"nome", "cpf", "cnpj", "documento"})


def _tem_ip_e_instante(campos: list[Campo]) -> bool:
    """O bloco tem um IP e uma data-hora (cada um no valor de um campo)."""
    com_ip = any(chaves_ip.PADRAO_IPV4.search(c.valor) or chaves_ip.PADRAO_IPV6.search(c.valor) for c in campos)
    return com_ip and any(tempo.PADRAO_DATA_HORA.search(c.valor) for c in campos)


def _numerados(linhas: list[_Linha]) -> bool:
    """Os blocos têm títulos que os numeram em sequência ("ENVOLVIDO 01", "ENVOLVIDO 02"): dois blocos já são dois
    registros (a ficha de dois envolvidos de um boletim), não as duas partes de um evento."""
    numeros: dict[str, list[int]] = {}
    for linha in linhas:
        if linha.tipo == "t":
            prefixo, numero = _prefixo_e_numero(linha.trecho.texto)
            if numero:
                numeros.setdefault(prefixo, []).append(int(numero))
    return any(len(n) >= 2 and n == list(range(n[0], n[0] + len(n))) for n in numeros.values())


def _abre_nas_bordas(campos: list[tuple[int, Campo | None]], cheias: set[tuple[int | None, int]]) -> tuple[str, ...] | None:
    """O rótulo que abre os blocos depois de uma borda (o começo, a troca de página, uma linha em branco ou solta),
    quando um só abre a maioria delas: ele abre todo bloco, e o campo opcional do começo ("Porta origem", que o
    acesso por IPv6 não tem) fica no bloco dele, não no de cima."""
    abertos: Counter[tuple[str, ...]] = Counter()
    anterior: Campo | None = None
    for _, campo in campos:
        if campo is not None and (anterior is None or not _mesmo_bloco(anterior.trecho, campo.trecho, cheias)):
            abertos[_chave(campo.rotulo)] += 1
        anterior = campo
    if not abertos:
        return None
    chave, vezes = abertos.most_common(1)[0]
    return chave if vezes >= 2 and vezes * 2 > sum(abertos.values()) else None


def _titulos_que_numeram(linhas: list[_Linha]) -> list[_Linha]:
    """Um título de bloco numera os blocos ("Registro 1", "Registro 2"): a mesma palavra que volta sempre com o mesmo
    número ("Apple iPhone 14" em cada acesso) é um valor, não um título."""
    numeros: dict[str, set[str]] = {}
    vezes: Counter[str] = Counter()
    for linha in linhas:
        if linha.tipo == "t":
            prefixo, numero = _prefixo_e_numero(linha.trecho.texto)
            numeros.setdefault(prefixo, set()).add(numero)
            vezes[prefixo] += 1
    valores = {p for p, n in numeros.items() if vezes[p] > 1 and len(n) == 1}
    if not valores:
        return linhas
    return [_Linha(linha.trecho, "v") if linha.tipo == "t" and _prefixo_e_numero(linha.trecho.texto)[0] in valores
            else linha for linha in linhas]


def _prefixo_e_numero(texto: str) -> tuple[str, str]:
    m = re.search(r"\d{1,3}", texto)
    return (texto[:m.start()].strip().lower(), m.group(0)) if m else (texto.strip().lower(), "")


def _com_rotulos(campos: list[Campo], rotulos: dict[int, Trecho], ordem: dict[int, int]) -> list[Trecho]:
    """As linhas do registro com as dos rótulos soltos ("unix_time (ms)" acima do número: o rótulo é o que diz
    que o número é um instante, e a citação dele precisa ser do registro)."""
    if not any(id(c.trecho) in rotulos for c in campos):
        return []  # rótulo e valor na mesma linha: as linhas dos campos bastam
    linhas = {id(c.trecho): c.trecho for c in campos}
    linhas.update({id(r): r for c in campos if (r := rotulos.get(id(c.trecho))) is not None})
    return sorted(linhas.values(), key=lambda t: ordem.get(id(t), 0))


def _segmentar(campos: list[tuple[int, Campo | None]], cheias: set[tuple[int | None, int]],
               abre: tuple[str, ...] | None) -> list[list[Campo]]:
    registros: list[list[Campo]] = []
    atual: list[Campo] = []
    for _, campo in campos:
        if campo is None:
            quebra = True  # título de bloco ou linha solta entre campos
        else:
            chave = _chave(campo.rotulo)
            quebra = bool(atual) and (chave in {_chave(c.rotulo) for c in atual} or chave == abre
                                      or not _mesmo_bloco(atual[-1].trecho, campo.trecho, cheias))
        if quebra and atual:
            registros.append(atual)
            atual = []
        if campo is not None:
            atual.append(campo)
    if atual:
        registros.append(atual)
    return registros


def _mesmo_bloco(a: Trecho, b: Trecho, cheias: set[tuple[int | None, int]]) -> bool:
    """Mesma página e nenhuma linha em branco entre os dois campos."""
    if a.pagina != b.pagina:
        return False
    na, nb = _numero(a), _numero(b)
    if na is None or nb is None:
        return True
    return all((a.pagina, n) in cheias for n in range(na + 1, nb))


def _do_formulario(registros: list[list[Campo]], repeticoes: int = _REPETICOES) -> list[list[Campo]]:
    """Só os registros cujo conjunto de rótulos se repete em outros (ao menos `_COMUNS` rótulos em comum, em
    `repeticoes` registros).

    Conta-se por par de rótulos (um bloco tem poucos): linear no número de registros, num log de 100 mil blocos."""
    conjuntos = [sorted({_chave(c.rotulo) for c in r})[:_ROTULOS_POR_PAR] for r in registros]
    pares = [set(combinations(conjunto, 2)) for conjunto in conjuntos]
    vezes = Counter(par for do_registro in pares for par in do_registro)
    return [r for r, do_registro in zip(registros, pares, strict=True)
            if any(vezes[par] >= repeticoes for par in do_registro)]


def _identidade(trecho: Trecho) -> str:
    return f"p{trecho.pagina}:{trecho.localizacao}" if trecho.pagina else trecho.localizacao


def tabelas_de_formulario(trechos: list[Trecho]) -> list[RegistroLido]:
    """Tabelas de duas colunas rótulo | valor (um bloco por tabela: DOCX, tabelas aninhadas de um records.html):
    cada tabela é um registro, cada linha um campo. Só as que se repetem com os mesmos rótulos (formulário)."""
    por_tabela: dict[str, list[Trecho]] = {}
    for trecho in trechos:
        # só tabelas de documento (DOCX "tabela T linha R", HTML "tabela N"); um CSV é uma tabela de dados só
        if trecho.celulas is not None and (trecho.tabela or trecho.localizacao.startswith("tabela ")):
            chave = trecho.tabela or trecho.localizacao.split(" linha ")[0]
            por_tabela.setdefault(chave, []).append(trecho)
    registros = [ficha for linhas in por_tabela.values() if (campos := _campos_da_tabela(linhas))
                 for ficha in fichas_pelo_rotulo_que_abre(campos, lambda c: _chave(c.rotulo))]
    repetidos = {id(r) for r in _do_formulario(registros)}
    # uma tabela só também é formulário quando a primeira linha não é cabeçalho: o cadastro de um assinante numa
    # resposta em DOCX ou HTML ("Nome do assinante | ...", "CPF | ...") aparece uma vez; lido como tabela de dados, a
    # primeira linha virava o cabeçalho e "CPF", o valor de uma coluna de nomes
    return [RegistroLido(_identidade(r[0].trecho), r) for r in registros if id(r) in repetidos or _formulario_sozinho(r)]


def fichas_pelo_rotulo_que_abre(campos: list[T], rotulo: Callable[[T], Hashable]) -> list[list[T]]:
    """Os campos de uma tabela ou corrida rótulo | valor divididos em fichas onde o rótulo que a abre volta ("Data/Hora",
    "IP", "Porta", de novo "Data/Hora": um acesso depois do outro, sem linha em branco); só quando toda ficha tem dois
    campos ou mais e nenhuma repete rótulo. Um cadastro com dois telefones continua uma ficha só."""
    if not campos:
        return [campos]
    abre = rotulo(campos[0])
    inicios = [i for i, campo in enumerate(campos) if rotulo(campo) == abre]
    fichas = [campos[a:b] for a, b in zip(inicios, [*inicios[1:], len(campos)], strict=True)]
    if len(fichas) < 2 or any(len(f) < 2 or len({rotulo(c) for c in f}) < len(f) for f in fichas):
        return [campos]
    return fichas


def _formulario_sozinho(campos: list[Campo]) -> bool:
    """A tabela que não se repete é formulário se a primeira linha não são dois nomes de coluna (`Tipo de chave | Chave`,
    `Data | Valor`: o cabeçalho de uma tabela de dados de duas colunas)."""
    primeira = campos[0]
    cabecalho = (colunas.papel(primeira.rotulo or "") is not None and colunas.papel(primeira.valor) is not None
                 and not any(c.isdigit() for c in primeira.valor))
    return not cabecalho


def _campos_da_tabela(linhas: list[Trecho]) -> list[Campo] | None:
    campos: list[Campo] = []
    for trecho in linhas:
        celulas = trecho.celulas or ()
        if len(celulas) != 2 or not celulas[1].strip():
            return None
        rotulo = rotulo_solto(celulas[0], qualquer=True)
        if rotulo is None:
            return None
        valor = celulas[1].strip()
        inicio = trecho.texto.find(valor, len(celulas[0]))
        if inicio < 0:
            return None
        campos.append(Campo(rotulo, valor, trecho, inicio))
    if sum(1 for c in campos if colunas.papel(c.rotulo or "")) < max(2, len(campos) // 2):
        return None  # rótulos que não se reconhecem: uma tabela de dados de duas colunas, não um formulário
    return campos
