"""A análise de um caso de ponta a ponta: inventário → leitura → extratores → principal → validador → saída.

Cada etapa lê só o contrato da anterior. A pasta do caso nunca é escrita: seus
hashes são conferidos antes e depois, e qualquer mudança falha a análise.
"""

from __future__ import annotations

import datetime as dt
import hashlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from perito.erros import ErroPerito, Saida
from perito.extratores.lotes import extrair_lotes
from perito.leitura.documento import Documento
from perito.leitura.inventario import ArquivoCaso, listar
from perito.leitura.planilha import xml_protegido
from perito.leitura.isolamento import Limites, Tarefa, ler_isolados
from perito.principal.agente import cruzar
from perito.saida import manifesto
from perito.saida.escrita import escrever_json
from perito.validador.agente import aplicar, validar

#: progresso(etapa, feitos, total, arquivo atual)
Progresso = Callable[[str, int, int, str], None]


@dataclass
class Parametros:
    caso: Path
    saida: Path | None = None
    caso_id: str | None = None
    data_analise: str | None = None
    janela_segundos: int = 300
    limites: Limites = field(default_factory=Limites)


@dataclass
class Resultado:
    caso: Path
    saida: Path
    inventario: list[ArquivoCaso]
    documentos: list[Documento]
    lotes: list[dict[str, Any]]
    conclusoes: dict[str, Any]  # saída do principal, antes da validação
    validacoes: dict[str, Any]
    finais: dict[str, Any]  # conclusoes.json
    contraditas: list[dict[str, Any]]
    arquivos: list[dict[str, Any]]  # linhas do manifesto
    escritos: dict[str, str] = field(default_factory=dict)

    @property
    def com_erro(self) -> list[dict[str, Any]]:
        return [a for a in self.arquivos if a["situacao"] == "erro"]

    @property
    def ignorados(self) -> list[dict[str, Any]]:
        return [a for a in self.arquivos if a["situacao"] == "ignorado"]

    @property
    def codigo_saida(self) -> Saida:
        return Saida.INCOMPLETA if self.com_erro else Saida.OK


def pasta_saida_padrao(caso: Path) -> Path:
    return caso.parent / f"{caso.name}-analise"


def conferir_caso(caso: Path) -> Path:
    if not caso.exists():
        raise ErroPerito(f"A pasta do caso não existe: {caso}", Saida.CASO_INVALIDO)
    if not caso.is_dir():
        raise ErroPerito(f"O caminho informado é um arquivo, não uma pasta de caso: {caso}", Saida.CASO_INVALIDO)
    real = caso.resolve()
    if not any(real.iterdir()):
        raise ErroPerito(f"A pasta do caso está vazia: {caso}", Saida.CASO_INVALIDO)
    return real


def conferir_saida(caso: Path, saida: Path) -> Path:
    real = saida.resolve()
    if real == caso or real.is_relative_to(caso):
        raise ErroPerito(
            f"A pasta de saída {saida} fica dentro da pasta do caso; o perito nunca escreve no caso. "
            "Escolha outra com --saida.",
            Saida.SAIDA_INVALIDA,
        )
    if real.exists() and not real.is_dir():
        raise ErroPerito(f"A saída {saida} existe e não é uma pasta.", Saida.SAIDA_INVALIDA)
    try:
        real.mkdir(parents=True, exist_ok=True)
    except OSError as erro:
        raise ErroPerito(f"Não foi possível criar a pasta de saída {saida}: {erro.strerror or erro}", Saida.SAIDA_INVALIDA)
    return real


def _agora() -> str:
    return dt.datetime.now(dt.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def _impressao_digital(inventario: list[ArquivoCaso]) -> str:
    h = hashlib.sha256()
    for a in inventario:
        h.update(f"{a.nome}\0{a.tamanho}\0{a.sha256}\n".encode())
    return h.hexdigest()


def analisar(parametros: Parametros, progresso: Progresso | None = None) -> Resultado:
    avisar = progresso or (lambda *_: None)
    inicio = _agora()
    if not xml_protegido():
        raise ErroPerito(
            "Instalação incompleta: o pacote defusedxml não está disponível, e sem ele as planilhas XLSX "
            "ficariam expostas a bombas de entidades XML. Reinstale o perito (make ambiente).",
            Saida.AMBIENTE_INVALIDO,
        )
    caso = conferir_caso(parametros.caso)
    saida = conferir_saida(caso, parametros.saida or pasta_saida_padrao(parametros.caso))
    caso_id = parametros.caso_id or caso.name
    data_analise = parametros.data_analise or dt.date.today().isoformat()

    inventario = listar(caso)
    legiveis = [a for a in inventario if a.tipo]
    alertas_inventario = {a.nome: a.alerta for a in legiveis if a.alerta}
    feitos = 0
    avisar("leitura", 0, len(legiveis), "")

    def lido(tarefa: Tarefa, _documento: Documento) -> None:
        nonlocal feitos
        feitos += 1
        avisar("leitura", feitos, len(legiveis), tarefa.nome)

    tarefas = [Tarefa(a.caminho, a.nome, a.tipo) for a in legiveis if a.tipo]
    documentos = ler_isolados(tarefas, parametros.limites, lido)
    for documento in documentos:
        if documento.arquivo in alertas_inventario:
            documento.alertas.insert(0, f"{documento.arquivo}: {alertas_inventario[documento.arquivo]}")

    avisar("extração", 0, 1, "")
    lotes, atribuicao = extrair_lotes(documentos)
    avisar("cruzamento", 0, 1, "")
    conclusoes = cruzar(lotes, caso_id, data_analise, dt.timedelta(seconds=parametros.janela_segundos))
    avisar("validação", 0, 1, "")
    hashes = {a.nome: a.sha256 for a in legiveis}
    validacoes = validar(conclusoes, caso, data_analise, hashes, parametros.limites)
    finais, contraditas = aplicar(conclusoes, validacoes)

    depois = listar(caso)
    if _impressao_digital(depois) != _impressao_digital(inventario):
        raise ErroPerito(
            "A pasta do caso mudou durante a análise (arquivos incluídos, removidos ou alterados). "
            "Os resultados não valem; repita a análise sobre uma cópia estável do caso.",
            Saida.CASO_ALTERADO,
        )

    por_nome = {d.arquivo: d for d in documentos}
    arquivos = [_linha_manifesto(a, por_nome.get(a.nome), atribuicao.get(a.nome)) for a in inventario]
    resultado = Resultado(caso, saida, inventario, documentos, lotes, conclusoes, validacoes, finais, contraditas, arquivos)
    _escrever(resultado, parametros, caso_id, data_analise, inicio)
    return resultado


def _linha_manifesto(arquivo: ArquivoCaso, documento: Documento | None, extrator_id: str | None) -> dict[str, Any]:
    linha: dict[str, Any] = {"arquivo": arquivo.nome, "tamanho": arquivo.tamanho, "sha256": arquivo.sha256, "tipo": arquivo.tipo}
    if arquivo.tipo is None:
        linha.update(situacao="ignorado", motivo=arquivo.motivo_ignorado)
    elif documento is not None and documento.erro:
        linha.update(situacao="erro", motivo=documento.erro, extrator_id=extrator_id)
    else:
        linha.update(situacao="lido", extrator_id=extrator_id)
        if documento is not None and documento.codificacao:
            linha["codificacao"] = documento.codificacao
    return linha


def _escrever(resultado: Resultado, parametros: Parametros, caso_id: str, data_analise: str, inicio: str) -> None:
    saida = resultado.saida
    escritos: dict[str, Path] = {}
    # lotes de uma execução anterior na mesma pasta confundiriam quem audita
    for antigo in (saida / "lotes").glob("*.json"):
        if antigo.stem not in {lote["extrator_id"] for lote in resultado.lotes}:
            antigo.unlink()
    for lote in resultado.lotes:
        escritos[f"lotes/{lote['extrator_id']}.json"] = escrever_json(saida / "lotes" / f"{lote['extrator_id']}.json", lote)
    escritos["validacao.json"] = escrever_json(saida / "validacao.json", resultado.validacoes)
    contraditas = {"conclusoes_contraditas": resultado.contraditas, "caso_id": caso_id, "data_analise": data_analise}
    escritos["conclusoes_contraditas.json"] = escrever_json(saida / "conclusoes_contraditas.json", contraditas)
    escritos["conclusoes.json"] = escrever_json(saida / "conclusoes.json", resultado.finais)
    resultado.escritos = {nome: _sha256(caminho) for nome, caminho in sorted(escritos.items())}
    dados_manifesto = manifesto.montar(
        caso_id=caso_id,
        parametros={
            "caso": str(resultado.caso),
            "saida": str(saida),
            "data_analise": data_analise,
            "janela_segundos": parametros.janela_segundos,
            "segundos_por_arquivo": parametros.limites.segundos_por_arquivo,
            "memoria_por_processo": parametros.limites.memoria_bytes,
            "motor": "regras",
        },
        inicio=inicio,
        fim=_agora(),
        arquivos=resultado.arquivos,
        saidas=resultado.escritos,
    )
    escrever_json(saida / "manifesto.json", dados_manifesto)


def _sha256(caminho: Path) -> str:
    return hashlib.sha256(caminho.read_bytes()).hexdigest()
