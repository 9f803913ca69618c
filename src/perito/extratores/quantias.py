"""Valores de lançamento fora da notação brasileira de texto corrido: em colunas, campos rotulados e
linhas de extrato.

A notação é decidida por coluna, pelos valores dela toda e pelo nome (`chaves.dinheiro.notacao_da_coluna`);
numa linha de extrato sem colunas (PDF, TXT), pelo documento inteiro. O sentido do lançamento vem da coluna
(`Crédito`/`Débito`), da natureza `D`/`C` numa célula própria ou colada ao valor, do sinal ou dos parênteses.
Um inteiro sem marca nunca vira valor: só numa coluna que diz centavos.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Iterable, Sequence

from perito.chaves import dinheiro, tempo
from perito.extratores import colunas
from perito.extratores.achado import Achado

#: papéis de coluna cujo conteúdo é o valor do lançamento (o saldo fica de fora: não é transação)
PAPEIS_DE_VALOR = frozenset({"valor", "credito", "debito"})
_NATUREZA = re.compile(r"\s*([DC])\s*", re.IGNORECASE)
_NUMERO_JSON = re.compile(r"-?\d+\.\d")
_DURACAO = frozenset({"duracao", "duration", "tempo", "segundos", "seconds"})
_FALA_DE_VALOR = re.compile(r"\b(valor|amount|montante|lan[çc]amento)", re.IGNORECASE)
# "Valor: 1230.00", "\"Valor do lançamento\": 50.00," (JSON), "Débito = (1,234.56)": o último par rótulo-valor da
# linha (a linha relida com o rótulo de cima, `"Créditos": "": "Saídas": "1,520.00"`, vale pelo seu próprio rótulo)
_CAMPO_ROTULADO = re.compile(r"(?:^|[\s,{])\"?(?P<rotulo>[^\":=;|{]{2,40}?)\"?\s*[:=]\s*\"?(?P<valor>[^\":=]*?)\"?\s*,?\s*$")


#: o número da célula de planilha como o Excel o mostra sem formato: "2870", "2870,5" (sem os centavos escritos)
_NUMERO_SEM_CENTAVOS = re.compile(r"([-−]?)(\d{1,12})(?:,(\d))?")
#: o cabeçalho que diz a moeda da coluna ("Entrada (R$)", "Saída(R$)", "Valor em reais")
_EM_REAIS = re.compile(r"R\$|\breais\b|\bBRL\b", re.IGNORECASE)


def declara_reais(nome_da_coluna: str) -> bool:
    """O nome da coluna (ou do grupo de colunas) diz que os valores estão em reais."""
    return _EM_REAIS.search(nome_da_coluna) is not None


#: a coluna que diz a moeda ou o ativo da linha ("Coin", "Moeda", "Currency", "Ativo"): a corretora de criptoativos lista
#: depósitos em reais e saques em USDT na mesma planilha; só o que está em reais é valor de transação
_COLUNA_DE_MOEDA = frozenset({"coin", "moeda", "currency", "ativo", "asset", "criptoativo", "token", "divisa"})
_EM_REAIS_NA_CELULA = frozenset({"brl", "r$", "real", "reais"})


#: o preço de um anúncio ou produto ("Preço (R$)", "Price", "Valor do anúncio"): quanto algo custa, não um pagamento
_COLUNA_DE_PRECO = frozenset({"preco", "price", "anuncio", "produto", "listing"})


@lru_cache(maxsize=4096)  # pura; pedida para cada linha de uma planilha, pelo nome da coluna
def coluna_de_preco(nome: str) -> bool:
    return bool(set(colunas.palavras(nome)) & _COLUNA_DE_PRECO)


@lru_cache(maxsize=4096)  # pura; pedida para cada célula de cada linha de uma planilha
def coluna_de_moeda(nome: str) -> bool:
    return bool(set(colunas.palavras(nome)) & _COLUNA_DE_MOEDA)


def moeda_estrangeira(nomes_e_celulas: Iterable[tuple[str, str]]) -> bool:
    """A linha diz, na coluna da moeda, que o valor não é em reais ("USDT", "BTC", "USD")."""
    for nome, celula in nomes_e_celulas:
        if coluna_de_moeda(nome) and (escrita := celula.strip().lower()):
            return escrita not in _EM_REAIS_NA_CELULA
    return False


#: o número com uma ou duas casas decimais de uma célula sem formato ("62,3", "-1750,5"): a coluna não está em centavos
_COM_CASAS = re.compile(r"[-−+]?\s*\d+[.,]\d{1,2}")


def colunas_com_casas_decimais(celulas: Iterable) -> frozenset[str]:
    """As colunas (letras) em que alguma célula é um número com casas decimais (a coluna já achada não é olhada de novo,
    e a célula sem ponto nem vírgula não tem casas: o padrão não roda em cada célula de uma planilha de 50 mil linhas)."""
    achadas: set[str] = set()
    for c in celulas:
        if c.coluna and c.coluna not in achadas and ("," in c.texto or "." in c.texto) and _COM_CASAS.fullmatch(
                c.texto.strip()):
            achadas.add(c.coluna)
    return frozenset(achadas)


def em_reais_na_coluna(texto: str, nome_da_coluna: str) -> str | None:
    """O número sem os centavos escritos numa coluna cujo cabeçalho diz que é em reais, completado para a leitura
    ("2870" → "2870,00", "2870,5" → "2870,50"): a planilha guarda o número e o mostra sem formato. Sem o "R$" no
    cabeçalho, um inteiro pode estar em centavos (SIMBA), e não é lido; o número com uma casa decimal, sim. O sinal
    escrito fica ("-3300" numa coluna de valor é um débito)."""
    if (m := _NUMERO_SEM_CENTAVOS.fullmatch(texto.strip())) is None:
        return None
    # com uma casa decimal ("-3300,5") o número não está em centavos, nem sem o "R$" no cabeçalho
    if not _EM_REAIS.search(nome_da_coluna) and m.group(3) is None:
        return None
    return f"{m.group(1)}{m.group(2)},{(m.group(3) or '0') + '0'}"


def achado_de_valor(texto: str, inicio: int, celula: str, notacao: str | None, papel: str,
                    literal: str | None = None) -> Achado | None:
    """O valor escrito em `celula` (que começa em `inicio` de `texto`), com o sinal que a coluna lhe dá.
    `literal`: o que está escrito, quando `celula` é a forma completada para a leitura ("1890.5" → "1890.50")."""
    lido = dinheiro.ler(celula, notacao)
    if lido is None:
        return None
    quantia = -abs(lido.quantia) if papel == "debito" else lido.quantia
    meta: dict = {"valor": str(quantia)}
    if notacao == "centavos":
        meta["unidade"] = "centavos"
    if lido.natureza:
        meta["natureza"] = lido.natureza
    if papel in ("credito", "debito"):
        meta["natureza"] = "D" if papel == "debito" else "C"
    ini, fim = inicio + lido.inicio, inicio + lido.fim
    if literal is not None:
        fim = inicio + len(literal)  # o literal começa na célula, com o sinal ("-2300.5"); o número, depois dele
    return Achado(ini, fim, texto[ini:fim], "valor_transacao", "financeiro", metadados=meta)


def notacoes_das_colunas(papeis: dict[int, str], nomes: dict[int, str],
                         linhas: Iterable[Sequence[str]]) -> dict[int, str]:
    """Coluna de valor → notação, pelos valores de todas as linhas da tabela."""
    indices = [i for i, p in papeis.items() if p in PAPEIS_DE_VALOR]
    if not indices:
        return {}
    por_coluna: dict[int, list[str]] = {i: [] for i in indices}
    for celulas in linhas:
        for i in indices:
            if i < len(celulas) and celulas[i].strip():
                por_coluna[i].append(celulas[i])
    return {i: n for i, textos in por_coluna.items() if (n := dinheiro.notacao_da_coluna(textos, nomes.get(i, "")))}


def notacoes_pelos_nomes(papeis: dict[int, str], nomes: dict[int, str]) -> dict[int, str]:
    """Coluna de valor → `centavos` quando o nome o diz ("Valor (centavos)"): a tabela de largura fixa decide a
    coluna antes de ver as linhas, e um inteiro sem marca só é valor numa coluna que diz centavos."""
    return {i: "centavos" for i, papel in papeis.items()
            if papel in PAPEIS_DE_VALOR and dinheiro.declara_centavos(nomes.get(i, ""))}


def natureza_da_linha(celulas: Sequence[str], papeis: dict[int, str]) -> str | None:
    """A natureza D/C numa célula própria da linha (coluna `D/C`, `Natureza`, `Tipo`)."""
    # (o "\s" do padrão é o espaço do `strip`: só a célula que é uma letra D ou C casa)
    achadas = {m.group(1).upper() for i, c in enumerate(celulas)
               if c.strip() in _LETRAS_DE_NATUREZA and papeis.get(i) not in PAPEIS_DE_VALOR and (m := _NATUREZA.fullmatch(c))}
    return achadas.pop() if len(achadas) == 1 else None


_LETRAS_DE_NATUREZA = frozenset("DCdc")


def nas_colunas(texto: str, achados: list[Achado], celulas: Sequence[str], posicoes: Sequence[int | None],
                papeis: dict[int, str], notacoes: dict[int, str], extrato: bool = False,
                nomes: dict[int, str] | None = None) -> list[Achado]:
    """Acrescenta o valor das colunas de valor que os reconhecedores não leram e dá a cada valor o sentido da linha.

    Num extrato (tabela com saldo), o nome de uma coluna que não é a do titular é a contraparte do lançamento."""
    if (not extrato and PAPEIS_DE_VALOR.isdisjoint(papeis.values())
            and not any(a.campo == "valor_transacao" for a in achados)):
        return sorted(achados, key=lambda a: (a.inicio, a.fim))  # sem valor nem coluna de valor: nada a acrescentar
    novos = list(achados)
    if extrato:
        _contraparte_nas_colunas(novos, celulas, posicoes, papeis, nomes or {})
    for i, papel in papeis.items():
        if papel not in PAPEIS_DE_VALOR or i >= len(celulas) or posicoes[i] is None or not celulas[i].strip():
            continue
        inicio = posicoes[i]
        fim = inicio + len(celulas[i])
        dentro = [a for a in novos if a.inicio < fim and inicio < a.fim]
        valores = [a for a in dentro if a.campo == "valor_transacao"]
        if _zero_de_um_lado(papel, celulas[i], notacoes.get(i)):
            novos = [a for a in novos if not any(a is v for v in valores)]
            continue
        if valores:
            for a in valores:
                _sentido_da_coluna(a, papel, celulas[i])
            continue
        if dentro:
            continue  # a célula tem outro dado reconhecido
        if novo := achado_de_valor(texto, inicio, celulas[i], notacoes.get(i), papel):
            novos.append(novo)
    if natureza := natureza_da_linha(celulas, papeis):
        for a in novos:
            if a.campo == "valor_transacao" and "natureza" not in a.metadados:
                _com_natureza(a, natureza)
    novos.sort(key=lambda a: (a.inicio, a.fim))
    return novos


def _zero_de_um_lado(papel: str, celula: str, notacao: str | None) -> bool:
    """"0.00" na coluna de saída de um crédito (colunas "Entrada" e "Saída" lado a lado, C6): a célula do lado que não
    se moveu, não um lançamento de zero reais."""
    if papel not in ("credito", "debito"):
        return False
    if _ZERO.fullmatch(celula):  # também o zero sem casas ("0"), que a planilha mostra sem formato
        return True
    return (lido := dinheiro.ler(celula, notacao)) is not None and lido.quantia == 0


_ZERO = re.compile(r"\s*[-+−]?\s*(?:R\$\s*)?0+(?:[.,]0+)?\s*")


_TITULAR = frozenset({"titular", "cliente", "correntista"})


def _contraparte_nas_colunas(achados: list[Achado], celulas: Sequence[str], posicoes: Sequence[int | None],
                             papeis: dict[int, str], nomes: dict[int, str]) -> None:
    for i, papel in papeis.items():
        if papel != "nome" or i >= len(posicoes) or posicoes[i] is None or not _coluna_de_contraparte(nomes.get(i, "")):
            continue
        inicio = posicoes[i]
        fim = inicio + len(celulas[i])
        for a in achados:
            if a.campo == "nome_titular" and inicio <= a.inicio and a.fim <= fim and a.metadados.get("papel") == "titular":
                a.metadados["papel"] = "contraparte"


def _coluna_de_contraparte(nome: str) -> bool:
    return not (_TITULAR & set(colunas.palavras(nome)))


def _sentido_da_coluna(achado: Achado, papel: str, celula: str) -> None:
    """Um valor brasileiro já reconhecido: parênteses ou natureza na célula, e a coluna de débito, dão o sinal."""
    if papel in ("credito", "debito"):
        _com_natureza(achado, "D" if papel == "debito" else "C")
    elif (lido := dinheiro.ler(celula)) is not None and (lido.negativo or lido.natureza):
        _com_natureza(achado, lido.natureza or "D")


def _com_natureza(achado: Achado, natureza: str) -> None:
    achado.metadados["natureza"] = natureza
    valor = achado.metadados.get("valor", "0")
    if natureza == "D" and not valor.startswith("-"):
        achado.metadados["valor"] = "-" + valor
    elif natureza == "C" and valor.startswith("-"):
        achado.metadados["valor"] = valor[1:]


def na_planilha(itens: list, celulas: Sequence, papeis: dict[str, str], nomes: dict[str, str],
                em_reais: frozenset[str] = frozenset()) -> None:
    """Numa linha de planilha (`Item`s já montados), o valor das colunas de valor que nada leu, e o sentido.
    `em_reais`: as colunas que a própria coluna mostra em reais (uma célula com casas decimais: "62,3"); o saldo com
    casas decimais ("5012,1") põe a tabela inteira em reais: o valor inteiro ao lado ("5000") não está em centavos."""
    from perito.extratores.montagem import Item

    por_celula = {id(item.trecho): item for item in itens if item.achado.campo == "valor_transacao"}
    if not por_celula and PAPEIS_DE_VALOR.isdisjoint(papeis.values()) and "saldo" not in papeis.values():
        return  # nenhum valor na linha nem coluna de valor ou de saldo (um log de acessos): nada a fazer
    letras = [c.coluna or "" for c in celulas]
    textos = [c.texto for c in celulas]
    papeis_da_linha = {i: papeis[letra] for i, letra in enumerate(letras) if letra in papeis}
    if "saldo" in papeis.values():  # extrato: o nome fora da coluna do titular é a contraparte
        for item in itens:
            letra = item.trecho.coluna or ""
            if (item.achado.campo == "nome_titular" and papeis.get(letra) == "nome"
                    and item.achado.metadados.get("papel") == "titular" and _coluna_de_contraparte(nomes.get(letra, ""))):
                item.achado.metadados["papel"] = "contraparte"
    saldo_em_reais = any(papeis.get(letra) == "saldo" for letra in em_reais)
    for celula in celulas:
        papel = papeis.get(celula.coluna or "")
        if papel not in PAPEIS_DE_VALOR or not celula.texto.strip():
            continue
        if _zero_de_um_lado(papel, celula.texto, None):
            itens[:] = [i for i in itens if i.trecho is not celula or i.achado.campo != "valor_transacao"]
            continue
        if (item := por_celula.get(id(celula))) is not None:
            _sentido_da_coluna(item.achado, papel, celula.texto)
            continue
        if any(i.trecho is celula for i in itens):
            continue
        nome = nomes.get(celula.coluna or "", "")
        if ((celula.coluna or "") in em_reais or saldo_em_reais) and not _EM_REAIS.search(nome):
            nome = f"{nome} (R$)"  # a coluna tem casas decimais noutra linha: os inteiros dela também são reais
        notacao = "centavos" if dinheiro.declara_centavos(nome) else None
        if novo := achado_de_valor(celula.texto, 0, celula.texto, notacao, papel):
            itens.append(Item(novo, celula))
        elif notacao is None and (completo := em_reais_na_coluna(celula.texto, nome)) is not None:
            if novo := achado_de_valor(celula.texto, 0, completo, None, papel, literal=celula.texto.strip()):
                itens.append(Item(novo, celula))
    if natureza := natureza_da_linha(textos, papeis_da_linha):
        for item in itens:
            if item.achado.campo == "valor_transacao" and "natureza" not in item.achado.metadados:
                _com_natureza(item.achado, natureza)


def hora_no_historico(celulas: Sequence[str], papeis: dict[int, str],
                      nomes: dict[int, str] | None = None) -> tuple[int, str] | None:
    """(coluna, hora) quando o histórico da linha escreve uma hora só ("PIX RECEBIDO - 14:02:11", "HR 09:07:55",
    "às 14:02"); duas horas diferentes no histórico não dão hora nenhuma. Sem hora no histórico, a de uma coluna
    de texto sem papel conhecido ("Detalhe", "Info"), nunca a de uma duração."""
    historico = [i for i, papel in papeis.items() if papel == "historico"]
    sem_papel = [i for i in range(len(celulas)) if i not in papeis
                 and not _DURACAO.intersection(colunas.palavras((nomes or {}).get(i, "")))]
    for indices in (historico, sem_papel):
        achadas = []
        for i in indices:
            if i >= len(celulas):
                continue
            for m in tempo.PADRAO_HORA.finditer(celulas[i]):
                if tempo.hora(m.group(0)) is not None and not (m.start() and celulas[i][m.start() - 1] in "+-−"):
                    achadas.append((i, m.group(0)))
        if achadas:
            return achadas[0] if len({h for _, h in achadas}) == 1 else None
    return None


def tem_campo_rotulado(texto: str) -> bool:
    """Gatilho de `campo_rotulado`: o padrão casa (ele trata todos os algarismos igual, e vale para o esqueleto)."""
    return _CAMPO_ROTULADO.search(texto) is not None


def campo_rotulado(texto: str) -> Achado | None:
    """`Rótulo: valor` numa linha só (bloco chave-valor, JSON), quando o rótulo é de valor de lançamento."""
    m = _CAMPO_ROTULADO.search(texto)
    if m is None or not any(c.isdigit() for c in m.group("valor")):
        return None
    rotulo = m.group("rotulo").strip()
    papel = colunas.papel(rotulo)
    if papel not in PAPEIS_DE_VALOR:
        return None
    notacao = "centavos" if dinheiro.declara_centavos(rotulo) else None
    if notacao is None and _NUMERO_JSON.fullmatch(m.group("valor")) and texto[m.start("valor") - 1] != '"':
        # número JSON sem aspas ("Valor": 1890.5): ponto decimal por definição, uma casa é o mesmo que duas
        return achado_de_valor(texto, m.start("valor"), m.group("valor") + "0", "us", papel, literal=m.group("valor"))
    return achado_de_valor(texto, m.start("valor"), m.group("valor"), notacao, papel)


@dataclass(frozen=True)
class NotacaoDoTexto:
    """A notação dos valores das linhas de um extrato sem colunas (PDF, TXT): `us` ou `centavos`; None = brasileira;
    `mista` quando o documento escreve as duas (o lançamento `1,985.00` e o saldo `3.226,10`): cada número com
    centavos se decide pela própria forma (`chaves.dinheiro.forma`)."""

    notacao: str | None


def notacao_das_linhas(textos: Iterable[str]) -> NotacaoDoTexto:
    """Pela forma dos números das linhas: só ponto decimal (e nenhum valor brasileiro) é `us`; os dois, `mista`;
    um cabeçalho que diz centavos, `centavos`."""
    ponto = brasileiros = 0
    centavos = False
    for texto in textos:
        # com um valor brasileiro já visto, o resultado só depende do ponto: a declaração de centavos e a contagem dos
        # brasileiros não mudam mais nada (as duas passadas custavam metade desta função numa linha de extrato)
        if not brasileiros:
            if dinheiro.declara_centavos(texto) and _FALA_DE_VALOR.search(texto):
                centavos = True
            brasileiros += len(dinheiro.PADRAO_VALOR.findall(texto))
        ponto += len(dinheiro.PADRAO_NUMERO_PONTO.findall(texto))
        if brasileiros and ponto >= 2:
            break  # "mista" daqui em diante: nenhuma linha muda mais o resultado (o extrato de 20 mil linhas para aqui)
    if centavos and not brasileiros:
        return NotacaoDoTexto("centavos")
    if ponto >= 2:
        return NotacaoDoTexto("us" if not brasileiros else "mista")
    return NotacaoDoTexto(None)


def na_linha(texto: str, achados: list[Achado], notacao: NotacaoDoTexto) -> list[Achado]:
    """Numa linha de extrato em notação `us`, `mista` ou `centavos`, os números dessa notação que nada mais ocupa."""
    if notacao.notacao is None:
        return achados
    padrao = dinheiro.PADRAO_INTEIRO if notacao.notacao == "centavos" else dinheiro.PADRAO_NUMERO_PONTO
    # na notação mista o número com ponto e 2 casas se lê pela própria forma (None), ao lado dos brasileiros
    lendo = None if notacao.notacao == "mista" else notacao.notacao
    novos = list(achados)
    for m in padrao.finditer(texto):
        inicio, fim = m.span("valor")
        if any(a.inicio < fim and inicio < a.fim for a in novos):
            continue
        negativo, natureza = dinheiro.sinal_ao_redor(texto, inicio, fim)
        if (novo := achado_de_valor(texto, inicio, m.group("valor"), lendo, "valor")) is None:
            continue
        if natureza or negativo:
            _com_natureza(novo, natureza or "D")
        novos.append(novo)
    novos.sort(key=lambda a: (a.inicio, a.fim))
    return novos


#: o rótulo de uma parcela do pagamento, logo antes da quantia: o valor de face do boleto e o que se soma ou desconta
#: dele ("Valor do documento:", "(-) Desconto:", "(+) Juros/Multa:", "Valor original"); não o valor pago ("Valor
#: pago", "(=) Valor cobrado", "Total pago")
_PARCELA = re.compile(
    r"(?i)(?:\(\s*[-+]\s*\)\s*[^()\d:]{0,40}|\b(?:valor\s+(?:do\s+documento|original|nominal|do\s+t[íi]tulo)"
    r"|descontos?|abatimentos?|juros|multas?|mora|encargos|acr[ée]scimos?)\b[^:\d]{0,30}):?\s*(?:R\$\s*)?$")


def parcela_do_pagamento(antes: str) -> bool:
    """O texto da linha antes da quantia a rotula como parcela do pagamento (de um boleto), não o pagamento."""
    return _PARCELA.search(antes[-80:]) is not None
