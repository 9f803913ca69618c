"""Tabela atributo | valor (formato longo), num CSV ou numa planilha: uma linha por campo, e as linhas seguidas do
mesmo identificador são um registro.

    MSISDN;CAMPO;VALOR
    5511912340000;NOME;MARIA OLIVEIRA LIMA
    5511912340000;CPF;11144477735
    5521988887777;NOME;JOSE PEREIRA SANTOS

É como sistemas exportam cadastros e eventos sem colunas fixas. Lida como tabela comum, cada linha era um registro:
o CPF não ficava com o número da linha (o MSISDN), o titular não se identificava, e o IP de um acesso ficava sem a
data-hora escrita na linha de baixo.

Reconhecida pelo cabeçalho: uma coluna com o nome do campo ("Campo", "Atributo", "Field", "Key") seguida da do valor
("Valor", "Value", "Conteúdo"); as outras colunas identificam o registro (o identificador muda, o registro muda). O
campo do identificador entra no registro com o nome da sua coluna ("MSISDN": o telefone). Sem esse cabeçalho, a
tabela é lida como sempre.
"""

from __future__ import annotations

from itertools import groupby

from perito.extratores import colunas
from perito.extratores.registros.blocos import rotulo_solto
from perito.leitura.documento import Trecho
from perito.leitura.registro import Campo, RegistroLido

#: o nome da coluna dos nomes de campo. "Tipo" e "Chave" não: "Data;Tipo;Valor" e "Data;Chave;Valor" são extratos
_NOME_DO_CAMPO = frozenset({"campo", "atributo", "field", "attribute", "key", "propriedade", "property", "parametro",
                            "parameter"})
_NOME_DO_VALOR = frozenset({"valor", "value", "conteudo", "content", "informacao"})
#: o que toda célula de valor do cabeçalho tem: o teste barato antes de separar as palavras de cada célula, numa
#: tabela comum de 200 mil linhas
_PEDACOS_DO_VALOR = ("alor", "ALOR", "alue", "ALUE", "onte", "ONTE", "nforma", "NFORMA")
#: palavras que podem acompanhar as de cima ("Nome do campo", "Valor do atributo", "Field name")
_LIGACOES = frozenset({"nome", "name", "do", "da", "de", "of", "campo", "atributo", "field"})


def _nomeia(celula: str, nucleo: frozenset[str]) -> bool:
    palavras = set(colunas.palavras(celula))
    return bool(palavras & nucleo) and palavras - nucleo <= _LIGACOES


def cabecalho(celulas: tuple[str, ...] | list[str]) -> tuple[int, int, list[int]] | None:
    """(coluna do nome do campo, coluna do valor, colunas do identificador), se a linha é o cabeçalho de uma tabela
    atributo | valor: o nome do campo e o valor lado a lado, e ao menos uma coluna de identificador."""
    for i in range(len(celulas) - 1):
        if _nomeia(celulas[i], _NOME_DO_CAMPO) and _nomeia(celulas[i + 1], _NOME_DO_VALOR):
            ids = [j for j, c in enumerate(celulas) if j not in (i, i + 1) and c.strip()]
            return (i, i + 1, ids) if ids else None
    return None


def _posicoes(texto: str, celulas: tuple[str, ...]) -> list[int | None]:
    """Onde cada célula está escrita na linha (None se não está como lida: aspas escapadas)."""
    posicoes: list[int | None] = []
    cursor = 0
    for celula in celulas:
        achou = texto.find(celula, cursor) if celula else -1
        posicoes.append(achou if achou >= 0 else None)
        if achou >= 0:
            cursor = achou + len(celula)
    return posicoes


def _campo(rotulo: str | None, trecho: Trecho, indice: int, posicoes: list[int | None]) -> Campo | None:
    celula = (trecho.celulas or ())[indice]
    valor = celula.strip()
    if not valor or (inicio := posicoes[indice]) is None:
        return None
    return Campo(rotulo, valor, trecho, inicio + celula.find(valor))


def _registro(linhas: list[Trecho], forma: tuple[int, int, list[int]], nomes: tuple[str, ...]) -> RegistroLido | None:
    i_campo, i_valor, ids = forma
    campos: list[Campo] = []
    primeira = linhas[0]
    posicoes = _posicoes(primeira.texto, primeira.celulas or ())
    for j in ids:  # o identificador uma vez, na primeira linha, com o nome da sua coluna
        if (campo := _campo(nomes[j].strip() or None, primeira, j, posicoes)) is not None:
            campos.append(campo)
    for linha in linhas:
        celulas = linha.celulas or ()
        posicoes = posicoes if linha is primeira else _posicoes(linha.texto, celulas)
        rotulo = rotulo_solto(celulas[i_campo], qualquer=True) or celulas[i_campo].strip() or None
        if (campo := _campo(rotulo, linha, i_valor, posicoes)) is not None:
            campos.append(campo)
    return RegistroLido(primeira.localizacao, campos, list(linhas)) if campos else None


def do_csv(trechos: list[Trecho]) -> list[RegistroLido]:
    """Os registros das tabelas atributo | valor de um CSV (ou TXT com TAB): as linhas seguidas com o mesmo
    identificador, do cabeçalho até uma linha em branco ou outro cabeçalho."""
    registros: list[RegistroLido] = []
    forma: tuple[int, int, list[int]] | None = None
    nomes: tuple[str, ...] = ()
    grupo: list[Trecho] = []
    chave: tuple[str, ...] | None = None

    def fechar() -> None:
        if grupo and forma is not None and (registro := _registro(grupo, forma, nomes)) is not None:
            registros.append(registro)
        grupo.clear()

    for trecho in trechos:
        celulas = trecho.celulas
        if celulas is None or trecho.tabela or trecho.localizacao.startswith("tabela "):
            continue  # linha de texto (título, rodapé) ou tabela de documento
        if any(p in trecho.texto for p in _PEDACOS_DO_VALOR) and (nova := cabecalho(celulas)) is not None:
            fechar()
            forma, nomes, chave = nova, celulas, None
            continue
        if forma is None:
            continue
        if not any(c.strip() for c in celulas) or len(celulas) <= max(forma[0], forma[1], *forma[2]):
            fechar()
            forma = None  # a tabela acabou
            continue
        identidade = tuple(celulas[j].strip() for j in forma[2])
        if identidade != chave:
            fechar()
            chave = identidade
        grupo.append(trecho)
    fechar()
    return registros


def da_planilha(celulas: list[Trecho]) -> list[RegistroLido]:
    """Os registros das tabelas atributo | valor de uma planilha (uma célula por trecho), aba por aba: como no CSV, com
    cada campo citado na célula do valor e o identificador na célula dele."""
    return [registro for aba, da_aba in groupby(celulas, key=lambda t: t.aba) for registro in _da_aba(aba, list(da_aba))]


def _da_aba(aba: str | None, celulas: list[Trecho]) -> list[RegistroLido]:
    registros: list[RegistroLido] = []
    forma: tuple[str, str, list[str]] | None = None  # letras: a do nome do campo, a do valor, as do identificador
    nomes: dict[str, str] = {}
    grupo: list[dict[str, Trecho]] = []
    chave: tuple[str, ...] | None = None
    anterior: int | None = None

    def fechar() -> None:
        if grupo and forma is not None and (registro := _registro_da_planilha(grupo, forma, nomes, aba)):
            registros.append(registro)
        grupo.clear()

    for numero, da_linha in groupby(celulas, key=lambda t: t.linha_tabela):
        linha = {c.coluna or "": c for c in da_linha if c.texto.strip()}
        if numero is None or not linha:
            continue
        if forma is not None and anterior is not None and numero != anterior + 1:
            fechar()
            forma = None  # uma linha em branco: a tabela acabou
        anterior = numero
        textos = list(linha.values())
        junto = "\n".join(c.texto for c in textos)  # nenhum pedaço tem "\n": um teste por pedaço, não por célula
        if any(p in junto for p in _PEDACOS_DO_VALOR) and (
                nova := cabecalho([c.texto for c in textos])) is not None:
            fechar()
            letras = list(linha)
            forma = (letras[nova[0]], letras[nova[1]], [letras[j] for j in nova[2]])
            nomes, chave = {letra: c.texto for letra, c in linha.items()}, None
            continue
        if forma is None or forma[1] not in linha or forma[0] not in linha:
            fechar()
            forma = None
            continue
        identidade = tuple(linha[j].texto.strip() if j in linha else "" for j in forma[2])
        if identidade != chave:
            fechar()
            chave = identidade
        grupo.append(linha)
    fechar()
    return registros


def _registro_da_planilha(linhas: list[dict[str, Trecho]], forma: tuple[str, str, list[str]], nomes: dict[str, str],
                          aba: str | None) -> RegistroLido | None:
    letra_campo, letra_valor, ids = forma
    campos: list[Campo] = []
    for letra in ids:
        if (celula := linhas[0].get(letra)) is not None:
            campos.append(Campo(nomes.get(letra, "").strip() or None, celula.texto, celula, 0))
    for linha in linhas:
        rotulo = rotulo_solto(linha[letra_campo].texto, qualquer=True) or linha[letra_campo].texto.strip() or None
        campos.append(Campo(rotulo, linha[letra_valor].texto, linha[letra_valor], 0))
    primeira = linhas[0][letra_valor]
    trechos = [c for linha in linhas for c in linha.values()]
    return RegistroLido(f"{aba}!{primeira.localizacao}" if aba else primeira.localizacao, campos, trechos)
