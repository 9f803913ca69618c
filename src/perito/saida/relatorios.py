"""Relatórios para pessoas, feitos a partir da pasta de saída: relatorio.html, relatorio.docx, ofícios,
conclusoes.csv, afirmacoes.csv, conclusoes.xlsx e relatorio.txt.

`analisar` os grava no fim da análise; `perito relatorio SAIDA` os refaz depois de
uma revisão, com a situação de cada conclusão seguindo as decisões de revisao.json
(`revisao.situacao_exibida`). Sem decisão, o que `relatorio` regrava é byte a byte o
que `analisar` gravou: o plano é o plano_diligencias.json da pasta, o relatório do
terminal é desenhado dos JSON gravados. Os documentos citados são relidos pela
leitura do validador, com o SHA-256 do manifesto.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import orjson

from perito.leitura.documento import Documento
from perito.leitura.inventario import sha256_arquivo
from perito.plano import montagem as plano_montagem
from perito.saida import exportacoes, html, html_grafico, oficios, relatorio_docx, relatorio_txt, revisao, vinculos
from perito.saida.auditoria import Trilha, sha256_texto
from perito.saida.caso import identificacao
from perito.saida.contexto import contexto
from perito.saida.escrita import escrever_bytes, escrever_texto, texto_json
from perito.saida.planilha_csv import texto_afirmacoes, texto_csv
from perito.saida.planilha_xlsx import NOME as NOME_XLSX
from perito.saida.planilha_xlsx import bytes_xlsx
from perito.saida.recortes import MAXIMO as MAXIMO_RECORTES
from perito.saida.recortes import Pedido, recortar, recorte_da_pagina
from perito.validador.fonte import FonteIndependente
from perito.validador.referencia import validar_referencia

NOME_HTML = "relatorio.html"
NOME_DOCX = "relatorio.docx"
NOME_PLANO = "plano_diligencias.json"


@dataclass
class ResultadoDaPasta:
    """O que o relatório do terminal (relatorio.txt) lê de uma análise, refeito dos arquivos da pasta."""

    saida: str
    finais: dict[str, Any]
    contraditas: list[dict[str, Any]]
    validacoes: dict[str, Any]
    lotes: list[dict[str, Any]]
    arquivos: list[dict[str, Any]]
    plano: dict[str, Any] | None

    @property
    def inventario(self) -> list[dict[str, Any]]:
        return self.arquivos  # uma linha do manifesto por arquivo do inventário

    @property
    def com_erro(self) -> list[dict[str, Any]]:
        return [a for a in self.arquivos if a.get("situacao") in ("erro", "parcial")]


def _ler_json(caminho: Path) -> Any:
    return orjson.loads(caminho.read_bytes())


def _lotes(pasta: Path) -> list[dict[str, Any]]:
    return [orjson.loads(p.read_bytes()) for p in sorted((pasta / "lotes").glob("*.json"))]


class _Conferidas:
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

    def __call__(self, ref: dict[str, Any]) -> dict[str, Any]:
        chave = sha256_texto(texto_json(ref))
        guardada = self.guardadas.get(chave)
        if guardada is None or not (guardada["sha256"] == self.hashes.get(ref["arquivo"]) == self._sha_atual(ref["arquivo"])):
            detalhe = validar_referencia(ref, self.fonte)
            guardada = {"chave": chave, "sha256": self.fonte.abrir(ref["arquivo"]).sha256, "detalhe": detalhe}
        if guardada["sha256"]:
            self.usadas[chave] = guardada
        return dict(guardada["detalhe"])

    def para_guardar(self) -> list[dict[str, Any]]:
        return [self.usadas[c] for c in sorted(self.usadas)]


def _oficios(conferir: _Conferidas | None, lotes: list[dict[str, Any]], modelo: vinculos.Modelo,
             ident: dict[str, Any], plano: dict[str, Any]) -> list[oficios.Oficio] | None:
    """None sem a pasta do caso: um ofício só sai com cada dado relido do documento."""
    if conferir is None:
        return None
    achadas = plano_montagem.lacunas_do_caso(modelo, lotes)
    passos = {(p["tipo"], p["chave"]): p for p in plano.get("passos", [])}
    return oficios.montar(achadas, ident, conferir,
                          lambda lacuna: plano_montagem.conclusoes_da_lacuna(modelo, lacuna),
                          lambda lacuna: passos.get((lacuna.tipo, lacuna.chave)))


def textos(pasta: Path, caso: Path | None = None, manifesto: dict[str, Any] | None = None) -> dict[str, str]:
    """Nome relativo → conteúdo (relatorio.html, planilhas CSV, relatorio.txt e, com a pasta do caso, oficios/*.md)."""
    return _conteudos(pasta, caso, manifesto)[0]


def _plano(pasta: Path, analise: revisao.PastaAnalise, lotes: list[dict[str, Any]], ident: dict[str, Any]) -> dict[str, Any]:
    """O plano_diligencias.json que a análise gravou (o mesmo do relatorio.txt dela); sem ele, refeito como a
    análise o faz (das conclusões finais, dos lotes e da data da análise)."""
    if (pasta / NOME_PLANO).is_file():
        return dict(_ler_json(pasta / NOME_PLANO))
    finais = [c for c in analise.conclusoes if (c.get("validacao") or {}).get("veredicto_geral") != "CONTRADITO"]
    return plano_montagem.montar_ou_falha(finais, lotes, str(ident.get("data_analise")), str(ident.get("caso_id") or ""))


def planilhas_e_relatorio_txt(
    pasta: Path, analise: revisao.PastaAnalise, rev: dict[str, Any], lotes: list[dict[str, Any]],
    plano: dict[str, Any] | None,
) -> tuple[dict[str, str], dict[str, bytes]]:
    """conclusoes.csv, afirmacoes.csv e relatorio.txt (textos) e conclusoes.xlsx (bytes), com as decisões `rev`."""
    finais = _ler_json(pasta / "conclusoes.json")
    contraditas_caminho = pasta / "conclusoes_contraditas.json"
    contraditas = _ler_json(contraditas_caminho)["conclusoes_contraditas"] if contraditas_caminho.is_file() else []
    todas = finais["conclusoes"] + contraditas
    resultado = ResultadoDaPasta(
        saida=str(pasta.resolve()), finais=finais,  # o analisar grava o caminho resolvido da saída
        contraditas=contraditas, validacoes=_ler_json(pasta / "validacao.json"), lotes=lotes,
        arquivos=list(analise.manifesto.get("arquivos", [])), plano=plano,
    )
    textos_ = {"conclusoes.csv": texto_csv(todas, rev), "afirmacoes.csv": texto_afirmacoes(todas, rev),
               relatorio_txt.NOME: relatorio_txt.texto_relatorio(resultado, rev)}
    return textos_, {NOME_XLSX: bytes_xlsx(todas, rev)}


def _conteudos(
    pasta: Path, caso: Path | None, manifesto: dict[str, Any] | None, cabeca_trilha: str = "",
    lotes: list[dict[str, Any]] | None = None, plano: dict[str, Any] | None = None, fuso_relatorio: str | None = None,
    fonte: FonteIndependente | None = None,
) -> tuple[dict[str, str], bool, dict[str, bytes]]:
    """(nome → texto, se os ofícios foram refeitos, nome → bytes: relatorio.docx e conclusoes.xlsx).

    `lotes` e `plano`: os da análise que acabou de gravá-los (os mesmos bytes já estão na pasta); sem eles, os lotes
    e o plano são lidos da pasta. `fonte`: a leitura independente que o validador acabou de fazer (na análise), de
    onde saem o texto em volta de cada linha citada e a conferência dos dados dos ofícios sem reler documento.
    """
    analise = revisao.abrir_pasta(pasta, manifesto)
    caso_real = (caso or analise.caso).resolve()
    rev = revisao.ler(pasta)
    todos = revisao.itens(analise.conclusoes)
    lotes = _lotes(pasta) if lotes is None else lotes
    modelo = vinculos.montar(analise.conclusoes, lotes, rev)
    ident = identificacao(analise.manifesto)
    if plano is None:
        plano = _plano(pasta, analise, lotes, ident)
    contextos: dict[str, dict[str, Any]] = {}
    recortes: dict[str, str] = {}
    guardar: list[dict[str, Any]] = []
    conferir = None
    if caso_real.is_dir():
        atuais: dict[str, str] = {}
        fonte, guardar, pedidos = _contextos(caso_real, analise, todos, revisao.ler_contextos(pasta), contextos, atuais,
                                             fonte, recortes)
        conferir = _Conferidas(fonte, analise.hashes, revisao.ler_contextos(pasta, "conferencias"), atuais)
        desenhos = recortar(caso_real, analise.hashes, list(pedidos.values()))
        recortes.update({rotulo: desenhos[(p[0], p[1], p[2])] for rotulo, p in pedidos.items()
                         if (p[0], p[1], p[2]) in desenhos})
    feitos = _oficios(conferir, lotes, modelo, ident, plano)
    pagina_html = html.montar(
        identificacao=ident, conclusoes=analise.conclusoes, modelo=modelo, rev=rev,
        contextos=contextos, recortes=recortes, oficios=[o.como_dict() for o in feitos or []], plano=plano,
        # o da opção; sem ela, o da análise (manifesto), para `relatorio` refazer os mesmos bytes
        fuso_relatorio=fuso_relatorio or (analise.manifesto.get("parametros") or {}).get("fuso_relatorio")
        or html_grafico.FUSO_PADRAO,
    )
    resultado = {NOME_HTML: pagina_html, **exportacoes.textos(modelo)}
    if feitos is not None:
        resultado.update({o.arquivo: o.texto for o in feitos})
        resultado[revisao.NOME_CONTEXTOS] = texto_json({"contextos": guardar, "conferencias": conferir.para_guardar()
                                                        if conferir else []})
    planilhas, binarios = planilhas_e_relatorio_txt(pasta, analise, rev, lotes, plano)
    resultado.update(planilhas)
    saidas = {**_hashes_da_pasta(pasta), **{nome: sha256_texto(texto) for nome, texto in resultado.items()},
              **{nome: hashlib.sha256(dados).hexdigest() for nome, dados in binarios.items()}}
    docx = relatorio_docx.montar(
        identificacao=ident, manifesto=analise.manifesto, lotes=lotes, conclusoes=analise.conclusoes, rev=rev,
        oficios=[o.como_dict() for o in feitos or []], hashes_saidas=saidas, cabeca_trilha=cabeca_trilha, plano=plano,
    )
    return resultado, feitos is not None, {**binarios, NOME_DOCX: docx}


def _contextos(
    caso: Path, analise: revisao.PastaAnalise, todos: list[revisao.Item], guardados: dict[str, dict[str, Any]],
    contextos: dict[str, dict[str, Any]], atuais: dict[str, str], fonte: FonteIndependente | None = None,
    recortes: dict[str, str] | None = None,
) -> tuple[FonteIndependente, list[dict[str, Any]], dict[str, Pedido]]:
    """Preenche `contextos` (rótulo → texto em volta da linha citada) e `recortes` (os das páginas que a releitura do
    validador já desenhou); devolve a fonte, o que guardar em contextos.json e os pedidos dos recortes que faltam.

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
    recortes = {} if recortes is None else recortes
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
            if len(recortes) < MAXIMO_RECORTES and (desenho := _desenho(fonte, item, pagina)) is not None:
                recortes[item.rotulo] = recorte_da_pagina(desenho, texto, posicao, total)
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


def _hashes_da_pasta(pasta: Path) -> dict[str, str]:
    """SHA-256 das saídas JSON já gravadas, para a cadeia de custódia do .docx."""
    nomes = ["conclusoes.json", "conclusoes_contraditas.json", "validacao.json", revisao.NOME,
             *(f"lotes/{p.name}" for p in sorted((pasta / "lotes").glob("*.json")))]
    # em blocos: o lote de um caso grande tem centenas de MB
    return {nome: sha256_arquivo(pasta / nome) for nome in nomes if (pasta / nome).exists()}


def gravar(
    pasta: Path, trilha: Trilha, caso: Path | None = None, manifesto: dict[str, Any] | None = None,
    lotes: list[dict[str, Any]] | None = None, plano: dict[str, Any] | None = None, fuso_relatorio: str | None = None,
    fonte: FonteIndependente | None = None,
) -> dict[str, str]:
    """Grava os relatórios e registra na trilha; devolve nome → SHA-256."""
    conteudos, com_oficios, binarios = _conteudos(pasta, caso, manifesto, trilha.ultimo_hash, lotes, plano, fuso_relatorio,
                                                  fonte)
    if com_oficios:  # sem a pasta do caso, os rascunhos anteriores ficam como estão
        refeitos = {nome for nome in conteudos if nome.startswith(f"{oficios.PASTA}/")}
        for antigo in (pasta / oficios.PASTA).glob("*.md"):
            if f"{oficios.PASTA}/{antigo.name}" not in refeitos and trilha.gravou(antigo):
                antigo.unlink()  # a lacuna foi respondida: o rascunho antigo confundiria
    for nome, texto in conteudos.items():
        escrever_texto(pasta / nome, texto)
    for nome, dados in binarios.items():
        escrever_bytes(pasta / nome, dados)
    hashes = {nome: sha256_texto(texto) for nome, texto in conteudos.items()}
    hashes.update({nome: hashlib.sha256(dados).hexdigest() for nome, dados in binarios.items()})
    trilha.registrar("saida", "gravar_relatorios", saidas=dict(sorted(hashes.items())))
    return hashes
