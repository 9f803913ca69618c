"""Formulário numa tabela de dados (CSV, planilha): linhas seguidas de duas células, rótulo | valor.

Uma operadora responde o cadastro de uma linha assim (`Nome do assinante;MARIA ...` e, embaixo, `CPF;123...`): é
um registro só, e o papel de cada valor vem do rótulo à esquerda, como num bloco `Rótulo: valor` de texto. Lido
como tabela, o nome ficava sem papel e o CPF de 11 dígitos sem rótulo não era CPF.

O que não é formulário:
- uma tabela de duas colunas com cabeçalho (`Linha;IMEI` e valores embaixo): a célula da esquerda é um valor;
- a linha de cabeçalho de duas colunas (`Tipo de chave;Chave`): as duas células são nomes de coluna, e as linhas
  abaixo dela são da tabela que ela abre, ainda que a da esquerda pareça rótulo (`Celular;+55...`);
- uma corrida em que menos de dois rótulos (ou menos da metade) se reconhecem: `LOGIN;APP`, `PIX;WEB`.
"""

from __future__ import annotations

from itertools import groupby
from typing import Callable, Iterable, Iterator, NamedTuple

from perito.chaves.nome import dobrar
from perito.extratores import colunas
from perito.extratores.registros.blocos import fichas_pelo_rotulo_que_abre, rotulo_solto
from perito.leitura.documento import Trecho
from perito.leitura.registro import Campo, RegistroLido

#: linhas de uma corrida para ela ser um formulário (uma linha só de rótulo e valor é a de uma tabela)
_MINIMO_DE_LINHAS = 2


class _Par(NamedTuple):
    numero: int  # linha do arquivo ou da planilha
    rotulo: str
    campo: Campo
    trechos: tuple[Trecho, ...]  # tudo o que a linha ocupa (numa planilha, as duas células)


def _par(numero: int, rotulo_escrito: str, valor_escrito: str, trecho: Trecho, inicio: int,
         trechos: tuple[Trecho, ...]) -> _Par | None:
    """O par rótulo | valor da linha, ou None se ela não é de formulário."""
    valor = valor_escrito.strip()
    rotulo = rotulo_solto(rotulo_escrito, qualquer=True)
    if rotulo is None or not valor:
        return None
    if colunas.papel(rotulo) and colunas.papel(valor) and not any(c.isdigit() for c in valor):
        return None  # dois nomes de coluna: o cabeçalho de uma tabela de duas colunas
    return _Par(numero, rotulo, Campo(rotulo, valor, trecho, inicio + valor_escrito.find(valor)), trechos)


def _corridas(pares: list[tuple[int, _Par | None]]) -> Iterator[list[_Par]]:
    """Corridas de linhas seguidas que são pares."""
    corrida: list[_Par] = []
    anterior: int | None = None
    for numero, par in pares:
        if par is None or (anterior is not None and numero != anterior + 1):
            if corrida:
                yield corrida
            corrida = []
        anterior = numero
        if par is not None:
            corrida.append(par)
    if corrida:
        yield corrida


#: a linha de títulos do próprio formulário ("Field | Value", "Campo | Valor", "Item | Informação"): não é um par
_TITULO_DO_FORMULARIO = (frozenset({"field", "campo", "item", "atributo", "attribute", "dado", "key", "chave"}),
                         frozenset({"value", "valor", "informacao", "conteudo", "descricao", "dados", "detalhe"}))


def _sem_titulo(corrida: list[_Par]) -> list[_Par]:
    primeiro = corrida[0]
    rotulo, valor = (set(colunas.palavras(t)) for t in (primeiro.rotulo, primeiro.campo.valor))
    if len(rotulo) == 1 and len(valor) == 1 and rotulo <= _TITULO_DO_FORMULARIO[0] and valor <= _TITULO_DO_FORMULARIO[1]:
        return corrida[1:]
    return corrida


def _formulario(corrida: list[_Par]) -> bool:
    reconhecidos = sum(1 for par in corrida if colunas.papel(par.rotulo))
    return len(corrida) >= _MINIMO_DE_LINHAS and reconhecidos >= max(2, (len(corrida) + 1) // 2)


def _registros(pares: list[tuple[int, _Par | None]], cabecalho: Callable[[int], bool], prefixo: str) -> list[RegistroLido]:
    """`cabecalho(n)`: a linha n é um cabeçalho de tabela (perguntado só da linha logo acima de cada corrida: num log de
    200 mil linhas, perguntar de todas custava o reconhecimento de cada célula)."""
    registros = []
    for corrida in _corridas(pares):
        corrida = _sem_titulo(corrida)
        if not corrida or not _formulario(corrida) or cabecalho(corrida[0].numero - 1):
            continue
        for ficha in _fichas(corrida):
            identidade = f"{prefixo}{ficha[0].campo.trecho.localizacao}"
            linhas = [t for par in ficha for t in par.trechos]
            registros.append(RegistroLido(identidade, [par.campo for par in ficha], linhas))
    return registros


def _fichas(corrida: list[_Par]) -> list[list[_Par]]:
    """A corrida dividida em fichas onde o rótulo que a abre volta (`blocos.fichas_pelo_rotulo_que_abre`)."""
    return fichas_pelo_rotulo_que_abre(corrida, lambda par: dobrar(par.rotulo))


def _cheias(celulas: Iterable[str], ate: int = 2) -> list[str] | None:
    """As células não vazias, ou None assim que passam de `ate` (a linha larga de um log não é de formulário)."""
    cheias: list[str] = []
    for celula in celulas:
        if celula.strip():
            cheias.append(celula)
            if len(cheias) > ate:
                return None
    return cheias


def do_csv(trechos: list[Trecho]) -> list[RegistroLido]:
    """Os formulários de um CSV (ou TXT com TAB): cada linha é um trecho com as suas células."""
    pares: list[tuple[int, _Par | None]] = []
    for numero, trecho in enumerate(trechos):
        par = None
        if trecho.celulas is not None and not trecho.tabela and not trecho.localizacao.startswith("tabela ") and (
                celulas := _cheias(trecho.celulas)) is not None and len(celulas) == 2:
            inicio = trecho.texto.find(celulas[1], trecho.texto.find(celulas[0]) + len(celulas[0]))
            if inicio >= 0:
                par = _par(numero, celulas[0], celulas[1], trecho, inicio, (trecho,))
        pares.append((numero, par))

    def cabecalho(numero: int) -> bool:
        if numero < 0 or trechos[numero].celulas is None:
            return False
        return colunas.parece_cabecalho([c for c in trechos[numero].celulas or () if c.strip()])

    return _registros(pares, cabecalho, "")


def da_planilha(celulas: list[Trecho]) -> list[RegistroLido]:
    """Os formulários de uma planilha (uma célula por trecho), aba por aba."""
    registros: list[RegistroLido] = []
    for aba, da_aba in groupby(celulas, key=lambda t: t.aba):
        pares: list[tuple[int, _Par | None]] = []
        linhas: dict[int, list[Trecho]] = {}
        for numero, da_linha in groupby(da_aba, key=lambda t: t.linha_tabela):
            if numero is None:
                continue
            linhas[numero] = cheias = [c for c in da_linha if c.texto.strip()]
            par = None
            if len(cheias) == 2:
                rotulo, valor = cheias
                par = _par(numero, rotulo.texto, valor.texto, valor, 0, (rotulo, valor))
            pares.append((numero, par))

        def cabecalho(numero: int, linhas: dict[int, list[Trecho]] = linhas) -> bool:
            return numero in linhas and colunas.parece_cabecalho([c.texto for c in linhas[numero]])

        registros.extend(_registros(pares, cabecalho, f"{aba}!" if aba else ""))
    return registros
