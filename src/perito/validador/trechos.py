"""A releitura do validador para os relatórios: o texto em volta de cada linha citada, o recorte da página e a
conferência de cada dado de ofício — produzidos aqui, uma vez, da leitura independente; os relatórios (`saida/`)
só os desenham.

Na análise, `reler` recebe a `FonteIndependente` que acabou de validar (os documentos já estão abertos e as páginas
citadas já desenhadas: nada é relido). Em `perito relatorio`, o que `contextos.json` guardou vale quando o arquivo do
caso tem os bytes do manifesto; só o resto é relido.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from perito.contratos.contexto import Trechos
from perito.em_fundo import EmFundo
from perito.leitura.desenho import MAXIMO as MAXIMO_RECORTES
from perito.leitura.desenho import PaginaDesenhada, Pedido, PedidoNaPagina, recortar, recortes_das_paginas
from perito.leitura.documento import Documento
from perito.saida import revisao
from perito.saida.auditoria import sha256_texto
from perito.saida.escrita import texto_json
from perito.validador.contexto import contexto
from perito.validador.fonte import FonteIndependente, linhas_das_referencias
from perito.validador.referencia import validar_referencia

#: recortes a partir dos quais eles saem num processo à parte (uns 3 ms cada; fazer nascer o processo custa ~0,1 s)
RECORTES_EM_FUNDO = 40


def reler(pasta: Path, caso: Path, analise: revisao.PastaAnalise, todos: list[revisao.Item],
          fonte: FonteIndependente | None = None) -> Trechos:
    """Os trechos de todas as referências `todos` da análise gravada em `pasta`, relidos de `caso`."""
    atuais: dict[str, str] = {}
    contextos: dict[str, dict[str, Any]] = {}
    recortes: dict[str, str] = {}
    nas_paginas: dict[int, tuple[PaginaDesenhada, list[PedidoNaPagina]]] = {}
    fonte, guardar, pedidos = _contextos(caso, analise, todos, revisao.ler_contextos(pasta), contextos, atuais,
                                         fonte, nas_paginas)
    # os recortes das páginas que a releitura já desenhou: num processo à parte, quando os relatórios pedem
    # (`comecar_recortes`), enquanto eles seguem
    em_fundo = EmFundo(recortes_das_paginas, list(nas_paginas.values()))
    conferir = Conferencias(fonte, analise.hashes, revisao.ler_contextos(pasta, "conferencias"), atuais)
    desenhos = recortar(caso, analise.hashes, list(pedidos.values()))
    recortes.update({rotulo: desenhos[(p[0], p[1], p[2])] for rotulo, p in pedidos.items() if (p[0], p[1], p[2]) in desenhos})

    def comecar_recortes() -> None:
        if sum(len(pedidos_da_pagina) for _, pedidos_da_pagina in nas_paginas.values()) >= RECORTES_EM_FUNDO:
            em_fundo.comecar()  # poucos recortes: o principal os faz em `esperar_recortes`, sem processo a nascer

    def esperar_recortes() -> None:
        if nas_paginas:
            recortes.update(em_fundo.resultado())

    return Trechos(contextos, recortes, guardar, conferir, conferir.para_guardar, conferir.preparar, comecar_recortes,
                   esperar_recortes)


class Conferencias:
    """A conferência de cada dado de ofício pelo validador, guardada em contextos.json: vale de novo quando o arquivo
    tem os bytes (SHA-256) do manifesto; só o dado sem conferência guardada faz reler o documento dele."""

    def __init__(self, fonte: FonteIndependente, hashes: dict[str, str], guardadas: dict[str, dict[str, Any]],
                 atuais: dict[str, str]) -> None:
        self.fonte, self.hashes, self.guardadas, self.atuais = fonte, hashes, guardadas, atuais
        self.usadas: dict[str, dict[str, Any]] = {}

    def _sha_atual(self, arquivo: str) -> str:
        if arquivo not in self.atuais:
            conferido = self.fonte._conferir(arquivo)  # caminho e SHA-256 agora, sem ler o documento
            self.atuais[arquivo] = conferido[1] if isinstance(conferido, tuple) else ""
        return self.atuais[arquivo]

    def _valida(self, guardada: dict[str, Any] | None, arquivo: str) -> bool:
        return guardada is not None and guardada["sha256"] == self.hashes.get(arquivo) == self._sha_atual(arquivo)

    def preparar(self, refs: list[dict[str, Any]]) -> None:
        """Antes de conferir `refs`: o arquivo volumoso relido só em volta das linhas citadas pelas conclusões é
        relido com as linhas delas também (sem isso, o dado de ofício fora dessas vizinhanças saía como
        EXTRACAO_FALHOU e ficava fora do ofício)."""
        faltam = [r for r in refs if not self._valida(self.guardadas.get(sha256_texto(texto_json(r))), r["arquivo"])]
        self.fonte.incluir_linhas(linhas_das_referencias(faltam))

    def __call__(self, ref: dict[str, Any]) -> dict[str, Any]:
        chave = sha256_texto(texto_json(ref))
        guardada = self.guardadas.get(chave)
        if guardada is None or not self._valida(guardada, ref["arquivo"]):
            detalhe = validar_referencia(ref, self.fonte)
            guardada = {"chave": chave, "sha256": self.fonte.abrir(ref["arquivo"]).sha256, "detalhe": detalhe}
        if guardada["sha256"]:
            self.usadas[chave] = guardada
        return dict(guardada["detalhe"])

    def para_guardar(self) -> list[dict[str, Any]]:
        return [self.usadas[c] for c in sorted(self.usadas)]


def _contextos(
    caso: Path, analise: revisao.PastaAnalise, todos: list[revisao.Item], guardados: dict[str, dict[str, Any]],
    contextos: dict[str, dict[str, Any]], atuais: dict[str, str], fonte: FonteIndependente | None = None,
    nas_paginas: dict[int, tuple[PaginaDesenhada, list[PedidoNaPagina]]] | None = None,
) -> tuple[FonteIndependente, list[dict[str, Any]], dict[str, Pedido]]:
    """Preenche `contextos` (rótulo → texto em volta da linha citada) e `nas_paginas` (os recortes a tirar das páginas
    que a releitura do validador já desenhou, por página); devolve a fonte, o que guardar em contextos.json e os
    pedidos dos recortes das páginas não desenhadas.

    O contexto guardado por uma execução anterior vale quando o SHA-256 dele é o do manifesto e o do arquivo do
    caso agora (os mesmos bytes darão o mesmo texto); só os outros documentos são relidos. Antes, cada
    `perito relatorio` relia todos os documentos citados, inclusive os escaneados (OCR)."""
    if fonte is None:
        paginas: dict[str, set[int]] = {}
        for item in todos:
            if item.referencia.get("pagina") is not None:
                paginas.setdefault(item.referencia["arquivo"], set()).add(item.referencia["pagina"])
        fonte = FonteIndependente(caso, analise.hashes, paginas_citadas=paginas)

    def vale(guardado: dict[str, Any] | None) -> bool:
        if guardado is None or guardado["sha256"] != analise.hashes.get(guardado["arquivo"]):
            return False
        if guardado["arquivo"] not in atuais:
            conferido = fonte._conferir(guardado["arquivo"])  # caminho e SHA-256 agora, sem ler o documento
            atuais[guardado["arquivo"]] = conferido[1] if isinstance(conferido, tuple) else ""
        return atuais[guardado["arquivo"]] == guardado["sha256"]

    chaves = {item.rotulo: revisao.chave(item.conclusao, item.referencia) for item in todos}
    relidos = {item.rotulo: item for item in todos if not vale(guardados.get(chaves[item.rotulo]))}
    fonte.preparar(item.referencia["arquivo"] for item in relidos.values())
    guardar: dict[str, dict[str, Any]] = {}
    pedidos: dict[str, Pedido] = {}
    nas_paginas = {} if nas_paginas is None else nas_paginas
    agendados = 0  # recortes das páginas desenhadas
    for item in todos:
        guardado = guardados.get(chaves[item.rotulo])
        if guardado is None or item.rotulo in relidos:
            guardado = _reler(fonte, item)
        ctx = revisao.contexto_guardado(guardado)
        contextos[item.rotulo] = ctx.como_dict()
        if guardado["sha256"]:
            guardar[chaves[item.rotulo]] = {**guardado, "chave": chaves[item.rotulo]}
        if guardado.get("recorte"):
            pagina, texto, posicao, total = guardado["recorte"]
            pedido = (item.referencia["arquivo"], pagina, texto, posicao, total)
            if agendados + len(pedidos) >= MAXIMO_RECORTES:
                continue  # o teto vale para os recortes das páginas desenhadas e os pedidos juntos (antes, o dobro saía)
            if (desenho := _desenho(fonte, item, pagina)) is not None:
                nas_paginas.setdefault(id(desenho), (desenho, []))[1].append((item.rotulo, texto, posicao, total))
                agendados += 1
            else:
                pedidos[item.rotulo] = pedido
    return fonte, [guardar[c] for c in sorted(guardar)], pedidos


def _desenho(fonte: FonteIndependente, item: revisao.Item, pagina: int) -> Any:
    """A página que a releitura do validador já desenhou (só quando o documento já está aberto: nunca relê por isso)."""
    aberto = fonte.aberto(item.referencia["arquivo"])
    documento = aberto.documento if aberto is not None else None
    return documento.paginas_desenhadas.get(pagina) if isinstance(documento, Documento) else None


def _reler(fonte: FonteIndependente, item: revisao.Item) -> dict[str, Any]:
    """O contexto da referência relido do documento, com o pedido de recorte (PDF), no formato de contextos.json."""
    ctx = contexto(fonte, item.referencia)
    documento = fonte.abrir(item.referencia["arquivo"]).documento
    citada = next((n for n, (_, _, c) in enumerate(ctx.linhas) if c), None)
    recorte = None
    if isinstance(documento, Documento) and documento.tipo == "pdf" and citada is not None:
        pagina = item.referencia["pagina"]
        texto = ctx.linhas[citada][1]
        linhas_pagina = documento.trechos_da_pagina(pagina)
        posicao = next((n for n, t in enumerate(linhas_pagina) if t.texto == texto), 0)
        recorte = [pagina, texto, posicao, len(linhas_pagina)]
    return {"arquivo": item.referencia["arquivo"], **ctx.como_dict(), "sha256": ctx.sha256, "recorte": recorte}
