"""Extrator: reconhece os dados de cada registro do documento e os liga ao contexto.

Cada família (provedores, bancário, operadora, genérico) é um `Extrator` com seu id,
sua família e um teste `pode_ler(documento)` feito sobre o conteúdo. O trabalho é o
mesmo para todas; as famílias diferem no que reconhecem como seu.

Registros: uma linha de PDF, TXT ou parágrafo de DOCX; um registro CSV ou linha de
tabela DOCX (com o cabeçalho dando papel às colunas); uma linha de planilha (o
cabeçalho pode estar abaixo de um bloco de título).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from itertools import groupby
from typing import Any

from perito.chaves import tempo
from perito.extratores import colunas, contexto, rotulos
from perito.extratores.achado import Achado
from perito.extratores.montagem import Item, Registro, dado, ligar
from perito.extratores.papeis import achado_da_coluna
from perito.extratores.reconhecedores import reconhecer
from perito.leitura.documento import Documento, Trecho

# cabeçalho de extrato com coluna de saldo: o último valor da linha é o saldo, não uma transação
_CABECALHO_EXTRATO = re.compile(r"\bsaldo\b", re.IGNORECASE)
_CABECALHO_VALOR = re.compile(r"\b(valor|hist[óo]rico|lan[çc]amento|cr[ée]dito|d[ée]bito)\b", re.IGNORECASE)


@dataclass
class ResultadoArquivo:
    dados: list[dict[str, Any]] = field(default_factory=list)
    alertas: list[str] = field(default_factory=list)


class Extrator:
    extrator_id: str = ""
    familia: str = ""
    #: marcadores de conteúdo (minúsculas); quanto mais presentes, mais o documento é desta família
    marcadores: tuple[str, ...] = ()
    #: marcadores que sozinhos identificam a família (valem 3)
    marcadores_decisivos: tuple[str, ...] = ()

    def pontuacao(self, documento: Documento) -> int:
        texto = documento.texto_completo.lower()
        comuns = sum(1 for marcador in self.marcadores if marcador in texto)
        return comuns + 3 * sum(1 for marcador in self.marcadores_decisivos if marcador in texto)

    def pode_ler(self, documento: Documento) -> bool:
        return self.pontuacao(documento) >= 2

    def familia_do(self, documento: Documento) -> str:
        """Família de fonte do documento (independência das fontes); as famílias podem refinar."""
        return self.familia

    def extrair(self, documento: Documento) -> ResultadoArquivo:
        registros: list[Registro] = []
        if documento.tipo == "xlsx":
            registros = _registros_planilha(documento)
        else:
            registros = _registros_linhas(documento) + _registros_tabela(documento)
        resultado = ResultadoArquivo()
        familia = self.familia_do(documento)
        for registro in registros:
            ligar(registro)
            for item in registro.itens:
                if item.achado.alerta:
                    resultado.alertas.append(f"{documento.arquivo} ({_onde(item.trecho)}): {item.achado.alerta}")
                resultado.dados.append(dado(documento, item, familia))
            sem_fuso = [i for i in registro.itens if i.achado.campo == "data_evento" and "hora" in i.achado.metadados
                        and not i.achado.fuso]
            if sem_fuso and any(i.achado.tipo_dado == "ip" for i in registro.itens):
                resultado.alertas.append(
                    f"{documento.arquivo} ({_onde(sem_fuso[0].trecho)}): data-hora {sem_fuso[0].achado.dado} sem fuso"
                    " declarado; não será usada para afirmar simultaneidade"
                )
        return resultado


# -- linhas de texto (PDF, TXT, parágrafos de DOCX) ------------------------------------


# "Registro 1 de 3": as linhas seguintes, até o próximo, descrevem um mesmo objeto (chave Pix no DICT)
_INICIO_DE_BLOCO = re.compile(r"^\s*(registro|record|item|chave)\s+\d+\s+(de|of)\s+\d+\b", re.IGNORECASE)


def _registros_linhas(documento: Documento) -> list[Registro]:
    registros = []
    tabela_com_porta = extrato_com_saldo = False
    bloco: str | None = None
    for trecho in documento.trechos:
        if trecho.celulas is not None:
            continue  # registros de tabela seguem pelo cabeçalho
        if contexto.linha_anuncia_porta(trecho.texto):
            tabela_com_porta = True
        if _CABECALHO_EXTRATO.search(trecho.texto) and _CABECALHO_VALOR.search(trecho.texto):
            extrato_com_saldo = True
        achados = reconhecer(trecho.texto)
        for achado in achados:
            if achado.tipo_dado == "ip" and "porta" not in achado.metadados and tabela_com_porta:
                if porta := contexto.porta_apos(trecho.texto, achado.fim):
                    achado.metadados["porta"] = porta
        if extrato_com_saldo:
            achados = _sem_saldo(achados, trecho.texto)
        identidade = f"p{trecho.pagina}:{trecho.localizacao}" if trecho.pagina else trecho.localizacao
        if _INICIO_DE_BLOCO.match(trecho.texto):
            bloco = identidade
        if bloco:
            for achado in achados:
                achado.metadados["bloco"] = bloco
        itens = [Item(a, trecho) for a in achados]
        registros.append(Registro(identidade, trecho.texto, itens, extrato=extrato_com_saldo))
    return registros


_LINHA_DE_SALDO = re.compile(r"\bSALDO\b", re.IGNORECASE)


def _sem_saldo(achados: list[Achado], texto: str) -> list[Achado]:
    """Numa linha de extrato com valor e saldo, o último valor é o saldo depois do lançamento;
    numa linha de saldo (SALDO ANTERIOR, SALDO DO DIA) nenhum valor é transação."""
    valores = [a for a in achados if a.campo == "valor_transacao"]
    if _LINHA_DE_SALDO.search(texto):
        return [a for a in achados if a.campo != "valor_transacao"]
    if len(valores) < 2:
        return achados
    saldo = valores[-1]
    for valor in valores[:-1]:
        valor.metadados["saldo_apos"] = saldo.dado
    return [a for a in achados if a is not saldo]


# -- registros de tabela (CSV, tabelas de DOCX) ----------------------------------------------


def _registros_tabela(documento: Documento) -> list[Registro]:
    registros = []
    com_celulas = [t for t in documento.trechos if t.celulas is not None]
    # CSV: uma tabela, cabeçalho no primeiro registro; DOCX: cada "tabela T" tem o seu
    for _, grupo in groupby(com_celulas, key=_tabela_do_trecho):
        trechos = list(grupo)
        cabecalho, corpo = trechos[0], trechos[1:]
        if not colunas.parece_cabecalho(cabecalho.celulas or ()):
            cabecalho, corpo = None, trechos
        papeis = colunas.papeis(cabecalho.celulas) if cabecalho else {}
        nomes = dict(enumerate(cabecalho.celulas)) if cabecalho else {}
        for trecho in corpo:
            registros.append(_registro_tabela(trecho, papeis, nomes))
    return registros


def _tabela_do_trecho(trecho: Trecho) -> str:
    return trecho.localizacao.split(" linha ")[0] if trecho.localizacao.startswith("tabela") else ""


def _registro_tabela(trecho: Trecho, papeis: dict[int, str], nomes: dict[int, str]) -> Registro:
    extrato = "saldo" in papeis.values()
    achados = reconhecer(trecho.texto)
    celulas = trecho.celulas or ()
    posicoes = _posicoes(trecho.texto, celulas)
    for indice, papel in papeis.items():
        if indice >= len(celulas) or posicoes[indice] is None or not celulas[indice].strip():
            continue
        inicio = posicoes[indice]
        fim = inicio + len(celulas[indice])
        dentro = [a for a in achados if inicio <= a.inicio and a.fim <= fim]
        if papel == "porta":
            for achado in achados:
                if achado.tipo_dado == "ip" and "porta" not in achado.metadados and celulas[indice].strip().isdigit():
                    achado.metadados["porta"] = celulas[indice].strip()
        elif papel == "saldo":
            achados = [a for a in achados if a not in dentro or a.campo != "valor_transacao"]
        elif not any(a.inicio < fim and inicio < a.fim for a in achados):
            novo = achado_da_coluna(papel, celulas[indice], inicio)
            if novo:
                achados.append(novo)
        else:
            for achado in dentro:
                _refinar(achado, papel)
    for indice, inicio in enumerate(posicoes):
        if inicio is not None and indice in nomes:
            fim = inicio + len(celulas[indice])
            _papel_pela_coluna([a for a in achados if inicio <= a.inicio and a.fim <= fim], nomes[indice])
    achados.sort(key=lambda a: (a.inicio, a.fim))
    return Registro(trecho.localizacao, trecho.texto, [Item(a, trecho) for a in achados], extrato=extrato)


def _papel_pela_coluna(achados: list[Achado], nome_coluna: str) -> None:
    """A data de uma coluna "Data de Ativação" é uma ativação de linha."""
    if papel := rotulos.papel_da_data(nome_coluna):
        for achado in achados:
            if achado.campo == "data_evento":
                achado.metadados.setdefault("papel", papel)


def _refinar(achado: Achado, papel: str) -> None:
    """O papel da coluna afina o campo: um telefone numa coluna de chave Pix é uma chave Pix."""
    if papel == "chave_pix" and achado.campo in ("telefone", "email", "cpf"):
        achado.metadados.setdefault("tipo_chave", {"telefone": "telefone", "email": "email", "cpf": "cpf"}[achado.campo])
        achado.campo, achado.tipo_dado = "chave_pix", "financeiro"


def _posicoes(texto: str, celulas: tuple[str, ...]) -> list[int | None]:
    """Início de cada célula dentro do texto bruto do registro (None se entre aspas escapadas)."""
    posicoes: list[int | None] = []
    cursor = 0
    for celula in celulas:
        achou = texto.find(celula, cursor) if celula else -1
        posicoes.append(achou if achou >= 0 else None)
        if achou >= 0:
            cursor = achou + len(celula)
    return posicoes


# -- planilhas (XLSX) ---------------------------------------------------------------------


def _registros_planilha(documento: Documento) -> list[Registro]:
    registros = []
    validos = [t for t in documento.trechos if not t.erro_celula]
    for aba, da_aba in groupby(validos, key=lambda t: t.aba):
        papeis: dict[str, str] = {}
        nomes: dict[str, str] = {}
        for linha, celulas in groupby(da_aba, key=lambda t: t.linha_tabela):
            celulas = list(celulas)
            if not papeis and colunas.parece_cabecalho([c.texto for c in celulas]):
                papeis = {c.coluna or "": p for c in celulas if (p := colunas.papel(c.texto))}
                nomes = {c.coluna or "": c.texto for c in celulas}
                continue
            registro = _registro_planilha(f"{aba}!{linha}", celulas, papeis)
            for item in registro.itens:
                if item.trecho.coluna in nomes:
                    _papel_pela_coluna([item.achado], nomes[item.trecho.coluna])
            registros.append(registro)
    return registros


def _registro_planilha(identidade: str, celulas: list[Trecho], papeis: dict[str, str]) -> Registro:
    itens: list[Item] = []
    por_papel = {papeis.get(c.coluna or ""): c for c in celulas}
    for celula in celulas:
        papel = papeis.get(celula.coluna or "")
        if papel == "saldo":
            continue
        achados = reconhecer(celula.texto)
        if papel and not achados:
            if novo := achado_da_coluna(papel, celula.texto, 0):
                achados = [novo]
        for achado in achados:
            if papel:
                _refinar(achado, papel)
            itens.append(Item(achado, celula))
    _juntar_data_e_hora(itens, por_papel)
    _porta_da_coluna(itens, por_papel.get("porta"))
    return Registro(identidade, " ".join(c.texto for c in celulas), itens, extrato="saldo" in papeis.values())


def _juntar_data_e_hora(itens: list[Item], por_papel: dict[str | None, Trecho]) -> None:
    """Data e hora em colunas separadas (e fuso numa terceira) formam o instante do registro."""
    celula_hora = por_papel.get("hora")
    if celula_hora is None or tempo.hora(celula_hora.texto.strip()) is None:
        return
    for item in itens:
        meta = item.achado.metadados
        if item.achado.campo == "data_evento" and "hora" not in meta and item.trecho is por_papel.get("data"):
            meta["hora"] = celula_hora.texto.strip()
            fuso = por_papel["fuso"].texto.strip() if por_papel.get("fuso") else None
            if fuso:
                item.achado.fuso = fuso
            if momento := tempo.instante(meta["data"], meta["hora"], fuso):
                meta["instante_utc"] = tempo.iso_utc(momento)
            meta["apoio_hora"] = {"linha_ou_celula": celula_hora.localizacao, "dado": meta["hora"]}


def _porta_da_coluna(itens: list[Item], celula_porta: Trecho | None) -> None:
    if celula_porta is None or not celula_porta.texto.strip().isdigit():
        return
    for item in itens:
        if item.achado.tipo_dado == "ip" and "porta" not in item.achado.metadados:
            item.achado.metadados["porta"] = celula_porta.texto.strip()


def _onde(trecho: Trecho) -> str:
    partes = [f"página {trecho.pagina}"] if trecho.pagina else []
    if trecho.aba:
        partes.append(f"aba {trecho.aba}")
    partes.append(trecho.localizacao)
    return ", ".join(partes)
