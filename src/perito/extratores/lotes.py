"""Monta um LoteExtracao por extrator, com cada dado conferido pelo esquema da seção 1."""

from __future__ import annotations

import gc
import time
from dataclasses import dataclass, field
from typing import Any, Iterator

from perito import pickle_seguro
from perito.contratos.esquemas import erros
from perito.derrame import DadosDoLote, Derrame
from perito.extratores import arquivos_citados, fuso_pela_carta, subtracao
from perito.extratores.base import Extrator
from perito.extratores.registro import EXTRATORES, escolher
from perito.leitura.documento import Documento


def arquivo_processado(documento: Documento) -> dict[str, Any]:
    return {
        "arquivo": documento.arquivo,
        "total_paginas": documento.total_paginas,
        "metodo_extracao": documento.metodo_extracao or documento.tipo,
        "paginas_com_falha": sorted(documento.paginas_com_falha),
    }


#: dados por parte empacotada no auxiliar
POR_PARTE = 20_000


@dataclass
class Extraido:
    """O que a extração de um documento leva ao lote; feito no processo que leu o documento."""

    extrator_id: str
    dados: list[dict[str, Any]] = field(default_factory=list)
    alertas: list[str] = field(default_factory=list)
    falhou: bool = False
    #: os dados já empacotados (pickle) em partes, na ordem; os de `dados` vêm depois deles: ver `empacotar`
    partes: list[bytes] = field(default_factory=list)
    #: os dados de um arquivo volumoso, gravados em disco pelos auxiliares (`extratores.em_partes`), um derrame
    #: por faixa de linhas, na ordem; `dados` e `partes` ficam vazios
    derrames: list[Derrame] = field(default_factory=list)
    #: as frases do documento que dão o fuso de um arquivo que elas nomeiam (a carta que encaminha o anexo:
    #: `fuso_pela_carta`), aplicadas a esse arquivo na montagem dos lotes
    fusos_de_anexos: list[dict[str, Any]] = field(default_factory=list)

    def empacotar(self, por_parte: int = POR_PARTE) -> None:
        """Troca os dados por partes serializadas, soltando cada parte logo depois de serializá-la.

        No auxiliar, antes do envio: serializar 400 mil dados de uma vez mantinha os dados, a memória do
        pickle e os bytes ao mesmo tempo; em partes, o pico é o dos dados. No principal, as partes ficam
        como bytes (um oitavo da memória dos dados) até `todos`, depois que os auxiliares saíram.
        """
        while self.dados:
            self.partes.append(pickle_seguro.gravar(self.dados[:por_parte]))
            del self.dados[:por_parte]

    def um_a_um(self) -> Iterator[dict[str, Any]]:
        """Os dados na ordem de `todos`, uma parte desempacotada por vez (a memória de uma parte, não a de todas);
        as partes e os dados deixam de existir aqui."""
        partes, dados = self.partes, self.dados
        self.partes, self.dados = [], []
        while partes:
            yield from pickle_seguro.carregar(partes.pop(0))
        yield from dados

    def todos(self) -> list[dict[str, Any]]:
        """Os dados na ordem da extração: as partes (empacotadas primeiro) e depois o que ainda não foi
        empacotado; as partes deixam de existir aqui.

        Sem o coletor de ciclos durante o desempacotamento: cada parte cria dezenas de milhares de dicionários,
        e as passadas completas que isso dispara varriam de novo todos os dados já desempacotados (num caso de
        600 mil dados, 4 s em vez de 1 s).
        """
        dados: list[dict[str, Any]] = []
        ligado = gc.isenabled()
        gc.disable()
        try:
            for parte in self.partes:
                dados.extend(pickle_seguro.carregar(parte))  # só dados puros: as partes podem vir do armazém
        finally:
            if ligado:
                gc.enable()
        dados.extend(self.dados)
        self.dados, self.partes = [], []
        return dados


def extrair_documento(
    documento: Documento, repassar_falta_de_memoria: bool = False, empacotar: bool = False,
    extrator: Extrator | None = None,
) -> Extraido:
    """Escolhe o extrator, extrai e confere cada dado pelo esquema; o documento fica parcial se o extrator falha.

    Roda no processo auxiliar que leu o documento (os dois núcleos extraem em paralelo), ou no
    principal quando o documento chega sem extração. No auxiliar, a falta de memória é repassada
    (`repassar_falta_de_memoria`): o teto de memória é o do auxiliar, e o principal extrai de novo.
    `empacotar` (no auxiliar): os dados conferidos vão sendo empacotados à medida que saem, em rodadas,
    e o documento inteiro nunca está na memória como dicionários. `extrator`: o já escolhido (as partes de um
    arquivo volumoso são lidas pelo extrator que a primeira escolheu).
    """
    extrator = extrator or escolher(documento)
    saida = Extraido(extrator.extrator_id)  # os alertas da leitura vão ao lote direto do documento
    if documento.erro:
        saida.falhou = True
        saida.alertas.append(f"ERRO em {documento.arquivo}: {documento.erro}")
        return saida
    if not documento.trechos:
        saida.alertas.append(f"{documento.arquivo}: nenhum texto legível; nenhum dado extraído")
    rejeitados: list[str] = []

    def conferir(dados: list[dict[str, Any]]) -> None:
        for dado in dados:
            problemas = erros("dado_extraido", dado)
            if problemas:
                # fora do contrato: rejeitado, nunca em silêncio
                rejeitados.append(
                    f"dado rejeitado de {documento.arquivo} ({dado.get('linha_ou_celula')}): {'; '.join(problemas)}"
                )
                continue
            saida.dados.append(dado)
        if empacotar and len(saida.dados) >= POR_PARTE:
            saida.empacotar()

    try:
        resultado = extrator.extrair(documento, conferir)
    except MemoryError:
        if repassar_falta_de_memoria:
            raise
        return _falhou(documento, saida, MemoryError("memória insuficiente"))
    except Exception as erro:  # um extrator com defeito não derruba o caso
        return _falhou(documento, saida, erro)
    conferir(resultado.dados)  # os que o extrator não entregou em rodadas
    conferir(arquivos_citados.dados(documento, lambda: extrator.familia_do(documento)))
    conferir(subtracao.dados(documento, lambda: extrator.familia_do(documento)))
    resultado.dados = []
    saida.fusos_de_anexos = fuso_pela_carta.declaracoes(documento)
    saida.alertas.extend(resultado.alertas)
    saida.alertas.extend(rejeitados)  # depois dos da extração, como sempre
    return saida


def _falhou(documento: Documento, saida: Extraido, erro: BaseException) -> Extraido:
    saida.falhou = True
    saida.dados, saida.partes = [], []  # as rodadas já conferidas também saem: nenhum dado de um extrator com defeito
    motivo = f"o extrator falhou ({type(erro).__name__}: {str(erro)[:120]}); nenhum dado deste arquivo"
    saida.alertas.append(f"ERRO em {documento.arquivo}: {motivo}")
    # o arquivo fica parcial: manifesto, trilha e código de saída (1) dizem que faltou algo
    documento.parcial = "; ".join(filter(None, (documento.parcial, motivo)))
    return saida


def extrair_no_auxiliar(documento: Documento) -> None:
    """Extração no processo que leu (`leitura.isolamento.DepoisDeLer`); os trechos não voltam pelo canal:
    o documento chega ao principal só com os metadados e os dados, o que poupa memória num caso grande."""
    extrair_no_auxiliar_com_trechos(documento)
    if documento.extraido is not None:
        documento.trechos_descartados = len(documento.trechos)
        documento.trechos = []
        documento.registros = []


def extrair_no_auxiliar_com_trechos(documento: Documento) -> None:
    """Como `extrair_no_auxiliar`, mantendo os trechos (o motor Claude os lê depois)."""
    inicio = time.monotonic()
    # sem o coletor de ciclos durante a extração: ela cria milhões de objetos de vida longa (os dados), e as
    # passadas completas do coletor sobre eles custavam um terço do tempo num log grande; os poucos ciclos
    # ficam para a coleta normal depois
    ligado = gc.isenabled()
    gc.disable()
    try:
        documento.extraido = extrair_documento(documento, repassar_falta_de_memoria=True, empacotar=True)
        documento.extraido.empacotar()
    except MemoryError:
        # o teto de memória do auxiliar não coube os dados de um arquivo enorme: os trechos voltam como
        # antes e o principal, sem esse teto, extrai (mais devagar, mas nada se perde)
        documento.extraido = None
    finally:
        if ligado:
            gc.enable()
    documento.segundos_extracao = round(time.monotonic() - inicio, 3)


class _Lote:
    def __init__(self, extrator: Extrator) -> None:
        self.extrator = extrator
        self.arquivos: list[dict[str, Any]] = []
        self.dados = DadosDoLote()
        self.alertas: list[str] = []
        self.falhou = False

    def acrescentar(self, documento: Documento, extraido: Extraido) -> None:
        self.arquivos.append(arquivo_processado(documento))
        self.alertas.extend(documento.alertas)
        self.alertas.extend(extraido.alertas)
        if extraido.derrames:
            self.dados.segmentos.extend(extraido.derrames)
        else:
            dados = extraido.todos()
            self.dados.segmentos.append(dados)
            self.dados.extend(dados)
        self.falhou = self.falhou or extraido.falhou

    def montar(self) -> dict[str, Any]:
        lote = {
            "extrator_id": self.extrator.extrator_id,
            "status": "ERRO" if self.falhou else "OK",
            "arquivos_processados": self.arquivos,
            "dados_extraidos": self.dados,
            "alertas": self.alertas,
            "total_dados": self.dados.total,
        }
        # cada dado já passou pelo esquema ao ser extraído (`extrair_documento`, que rejeita e alerta): aqui só
        # o envelope. Conferir de novo 600 mil dados copiava o lote inteiro para o validador nativo.
        problemas = erros("lote_extracao", {**lote, "dados_extraidos": []})
        if problemas:  # defeito nosso: falha alto, o lote não segue adiante
            raise ValueError(f"lote de {self.extrator.extrator_id} fora do contrato: {problemas[:3]}")
        return lote


def extrair_lotes(documentos: list[Documento]) -> tuple[list[dict[str, Any]], dict[str, str]]:
    """(lotes na ordem do registro, arquivo → extrator_id que o leu).

    Documentos que já chegam extraídos (pelo auxiliar que os leu) não são extraídos de novo; a extração
    é consumida aqui (os dados passam a viver só no lote).
    """
    lotes = {e.extrator_id: _Lote(e) for e in EXTRATORES}
    atribuicao: dict[str, str] = {}
    pares = []
    for documento in documentos:
        extraido = documento.extraido if isinstance(documento.extraido, Extraido) else extrair_documento(documento)
        documento.extraido = None
        atribuicao[documento.arquivo] = extraido.extrator_id
        pares.append((documento, extraido))
    _fusos_das_cartas(pares)
    for documento, extraido in pares:
        lotes[extraido.extrator_id].acrescentar(documento, extraido)
    return [lote.montar() for lote in lotes.values() if lote.arquivos], atribuicao


def _fusos_das_cartas(pares: list[tuple[Documento, Extraido]]) -> None:
    """O fuso que a carta de um documento dá ao arquivo que ela encaminha e nomeia (`fuso_pela_carta`)."""
    por_anexo: dict[str, list[tuple[dict[str, Any], str]]] = {}
    for _, extraido in pares:
        for declaracao in extraido.fusos_de_anexos:
            por_anexo.setdefault(declaracao["anexo"], []).append((declaracao, extraido.extrator_id))
    if not por_anexo:
        return
    for documento, extraido in pares:
        declaradas = [(d, e) for d, e in por_anexo.get(arquivos_citados.nome_do_anexo(documento.arquivo), [])
                      if d["local"]["arquivo"] != documento.arquivo]
        if not declaradas or extraido.derrames or extraido.falhou:
            continue
        if (declaracao := fuso_pela_carta.fuso_unico([d for d, _ in declaradas])) is None:
            continue
        dados = extraido.todos()
        fuso_pela_carta.aplicar(dados, declaracao, next(e for d, e in declaradas if d is declaracao))
        extraido.dados = dados
