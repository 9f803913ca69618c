"""Relatórios para pessoas, feitos a partir da pasta de saída: relatorio.html, relatorio.docx, ofícios,
conclusoes.csv, afirmacoes.csv, conclusoes.xlsx e relatorio.txt.

`analisar` os grava no fim da análise; `perito relatorio SAIDA` os refaz depois de
uma revisão, com a situação de cada conclusão seguindo as decisões de revisao.json
(`revisao.situacao_exibida`). Sem decisão, o que `relatorio` regrava é byte a byte o
que `analisar` gravou: o plano é o plano_diligencias.json da pasta, o relatório do
terminal é desenhado dos JSON gravados. Nada aqui abre documento do caso: o texto em volta
de cada linha citada, os recortes e a conferência dos ofícios vêm prontos da releitura do
validador (`validador.trechos`), que quem chama passa em `reler`.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

import orjson

from perito.armazem.diferencas import NOME as NOME_DIFERENCAS
from perito.contratos.contexto import Trechos
from perito.em_fundo import EmFundo
from perito.plano import montagem as plano_montagem
from perito.saida import exportacoes, html, html_grafico, oficios, relatorio_docx, relatorio_txt, revisao, vinculos
from perito.saida.auditoria import Registro, sha256_do_arquivo, sha256_texto
from perito.saida.caso import identificacao
from perito.saida.escrita import escrever_bytes, escrever_texto, texto_json
from perito.saida.planilha_csv import texto_afirmacoes, texto_csv
from perito.saida.planilha_xlsx import NOME as NOME_XLSX
from perito.saida.planilha_xlsx import bytes_xlsx
from perito.saida.relatorio import ResumoDosLotes

#: a releitura do validador: (pasta de saída, pasta do caso, a análise, as referências) → os trechos relidos
Releitura = Callable[[Path, Path, revisao.PastaAnalise, list[revisao.Item]], Trechos]

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
    diferencas: dict[str, Any] | None = None
    #: no lugar dos lotes (vazios), o que o relatório usa deles (o relatorio.txt num processo à parte)
    resumo_dos_lotes: ResumoDosLotes | None = None

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


def _oficios(trechos: Trechos | None, lotes: list[dict[str, Any]], modelo: vinculos.Modelo,
             ident: dict[str, Any], plano: dict[str, Any]) -> list[oficios.Oficio] | None:
    """None sem a pasta do caso: um ofício só sai com cada dado relido do documento."""
    if trechos is None:
        return None
    conferir = trechos.conferir
    achadas = plano_montagem.lacunas_do_caso(modelo, lotes)
    trechos.preparar([oficios.referencia(dado, lacuna) for lacuna in achadas for dado in lacuna.dados])
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


def diferencas_da_pasta(pasta: Path) -> dict[str, Any] | None:
    """O diferencas.json que a análise gravou (None numa pasta de uma versão sem ele, ou ilegível)."""
    try:
        objeto = _ler_json(pasta / NOME_DIFERENCAS)
    except (OSError, ValueError):
        return None
    return objeto if isinstance(objeto, dict) else None


def _todas(pasta: Path) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """(conclusoes.json, as contraditas) da pasta."""
    finais = _ler_json(pasta / "conclusoes.json")
    contraditas_caminho = pasta / "conclusoes_contraditas.json"
    contraditas = _ler_json(contraditas_caminho)["conclusoes_contraditas"] if contraditas_caminho.is_file() else []
    return finais, contraditas


def planilhas(pasta: Path, rev: dict[str, Any]) -> tuple[dict[str, str], dict[str, bytes]]:
    """conclusoes.csv e afirmacoes.csv (textos) e conclusoes.xlsx (bytes), das conclusões gravadas na pasta: só
    dados da pasta e das decisões, para correr num processo à parte (`perito.em_fundo`)."""
    finais, contraditas = _todas(pasta)
    todas = finais["conclusoes"] + contraditas
    return ({"conclusoes.csv": texto_csv(todas, rev), "afirmacoes.csv": texto_afirmacoes(todas, rev)},
            {NOME_XLSX: bytes_xlsx(todas, rev)})


def texto_do_relatorio_txt(pasta: Path, arquivos: list[dict[str, Any]], rev: dict[str, Any], resumo: ResumoDosLotes,
                           plano: dict[str, Any] | None) -> str:
    finais, contraditas = _todas(pasta)
    resultado = ResultadoDaPasta(
        saida=str(pasta.resolve()), finais=finais,  # o analisar grava o caminho resolvido da saída
        contraditas=contraditas, validacoes=_ler_json(pasta / "validacao.json"), lotes=[],
        arquivos=arquivos, plano=plano, diferencas=diferencas_da_pasta(pasta), resumo_dos_lotes=resumo,
    )
    return relatorio_txt.texto_relatorio(resultado, rev)


#: referências a partir das quais as planilhas saem num processo à parte enquanto o principal monta o resto (num caso
#: pequeno, fazer nascer o processo custaria mais que elas)
REFERENCIAS_PARA_PLANILHAS_EM_FUNDO = 2000


def _conteudos(
    pasta: Path, caso: Path | None, manifesto: dict[str, Any] | None, cabeca_trilha: str = "",
    lotes: list[dict[str, Any]] | None = None, plano: dict[str, Any] | None = None, fuso_relatorio: str | None = None,
    reler: Releitura | None = None, modelo_sem_decisoes: vinculos.Modelo | None = None,
    soltar_releitura: Callable[[], None] | None = None, hashes_gravados: dict[str, str] | None = None,
) -> tuple[dict[str, str], bool, dict[str, bytes]]:
    """(nome → texto, se os ofícios foram refeitos, nome → bytes: relatorio.docx e conclusoes.xlsx).

    `lotes` e `plano`: os da análise que acabou de gravá-los (os mesmos bytes já estão na pasta); sem eles, os lotes
    e o plano são lidos da pasta. `reler`: a releitura do validador (`validador.trechos.reler`; na análise, a que
    acabou de validar), de onde saem o texto em volta de cada linha citada, os recortes e a conferência dos dados
    dos ofícios; sem ela, os relatórios saem sem contexto e sem ofícios. `modelo_sem_decisoes`: o modelo de vínculos
    que a análise montou para o plano (das mesmas conclusões e lotes, sem decisão humana): vale enquanto a revisão
    não tem decisão nenhuma; com decisões, o modelo é refeito com elas. `soltar_releitura`: chamado quando os
    documentos relidos não servem mais (depois dos ofícios, antes do .docx, que é o pico de memória num caso com
    centenas de conclusões). `hashes_gravados`: nome → SHA-256 das saídas que a análise acabou de gravar (o .docx os
    cita sem reler os lotes do disco).
    """
    analise = revisao.abrir_pasta(pasta, manifesto)
    caso_real = (caso or analise.caso).resolve()
    rev = revisao.ler(pasta)
    todos = revisao.itens(analise.conclusoes)
    lotes = _lotes(pasta) if lotes is None else lotes
    if modelo_sem_decisoes is not None and not rev["decisoes"]:
        modelo = modelo_sem_decisoes
    else:
        modelo = vinculos.montar(analise.conclusoes, lotes, rev)
    ident = identificacao(analise.manifesto)
    if plano is None:
        plano = _plano(pasta, analise, lotes, ident)
    # o texto em volta de cada linha citada, os recortes e a conferência dos ofícios vêm da releitura do validador
    # (`reler`); os relatórios só desenham. Sem a pasta do caso, sem contexto e sem ofício.
    trechos = reler(pasta, caso_real, analise, todos) if reler is not None and caso_real.is_dir() else None
    contextos = trechos.contextos if trechos else {}
    diferencas = diferencas_da_pasta(pasta)
    feitos = _oficios(trechos, lotes, modelo, ident, plano)
    if trechos is not None:
        # os recortes num processo à parte enquanto as exportações e as planilhas são montadas (depois da releitura
        # dos ofícios, não junto: a memória dos dois processos somaria no pico)
        trechos.comecar_recortes()
    if soltar_releitura is not None:
        soltar_releitura()  # contextos, recortes e conferências prontos: os documentos relidos saem da memória
    # as planilhas (o openpyxl célula a célula) também ao lado, num caso grande: só dependem da pasta e das decisões.
    # O relatorio.txt fica no principal: com ele ao lado, o principal acabava o HTML e esperava as planilhas (medido)
    tabelas = EmFundo(planilhas, pasta, rev)
    if len(todos) >= REFERENCIAS_PARA_PLANILHAS_EM_FUNDO:
        tabelas.comecar()
    exportados = exportacoes.textos(modelo)
    texto_txt = texto_do_relatorio_txt(pasta, list(analise.manifesto.get("arquivos", [])), rev,
                                       ResumoDosLotes.de(lotes), plano)
    if trechos is not None:
        trechos.esperar_recortes()
    recortes = trechos.recortes if trechos else {}
    pagina_html = html.montar(
        identificacao=ident, conclusoes=analise.conclusoes, modelo=modelo, rev=rev,
        contextos=contextos, recortes=recortes, oficios=[o.como_dict() for o in feitos or []], plano=plano,
        diferencas=diferencas,
        # o da opção; sem ela, o da análise (manifesto), para `relatorio` refazer os mesmos bytes
        fuso_relatorio=fuso_relatorio or (analise.manifesto.get("parametros") or {}).get("fuso_relatorio")
        or html_grafico.FUSO_PADRAO,
    )
    resultado = {NOME_HTML: pagina_html, **exportados}
    if feitos is not None:
        resultado.update({o.arquivo: o.texto for o in feitos})
        resultado[revisao.NOME_CONTEXTOS] = texto_json({"contextos": trechos.guardar if trechos else [],
                                                        "conferencias": trechos.conferencias() if trechos else []})
    textos_das_planilhas, binarios = tabelas.resultado()
    resultado.update({**textos_das_planilhas, relatorio_txt.NOME: texto_txt})
    saidas = {**_hashes_da_pasta(pasta, hashes_gravados), **{nome: sha256_texto(texto) for nome, texto in resultado.items()},
              **{nome: hashlib.sha256(dados).hexdigest() for nome, dados in binarios.items()}}
    docx = relatorio_docx.montar(
        identificacao=ident, manifesto=analise.manifesto, lotes=lotes, conclusoes=analise.conclusoes, rev=rev,
        oficios=[o.como_dict() for o in feitos or []], hashes_saidas=saidas, cabeca_trilha=cabeca_trilha, plano=plano,
        diferencas=diferencas,
    )
    return resultado, feitos is not None, {**binarios, NOME_DOCX: docx}


def _hashes_da_pasta(pasta: Path, gravados: dict[str, str] | None = None) -> dict[str, str]:
    """SHA-256 das saídas JSON já gravadas, para a cadeia de custódia do .docx. `gravados`: os que quem as gravou
    nesta mesma execução calculou dos bytes que gravou (a análise), que não são lidos de novo do disco."""
    gravados = gravados or {}
    nomes = ["conclusoes.json", "conclusoes_contraditas.json", "validacao.json", revisao.NOME,
             *(f"lotes/{p.name}" for p in sorted((pasta / "lotes").glob("*.json")))]
    # em blocos: o lote de um caso grande tem centenas de MB
    return {nome: gravados[nome] if nome in gravados else sha256_do_arquivo(pasta / nome)
            for nome in nomes if (pasta / nome).exists()}


def gravar(
    pasta: Path, trilha: Registro, caso: Path | None = None, manifesto: dict[str, Any] | None = None,
    lotes: list[dict[str, Any]] | None = None, plano: dict[str, Any] | None = None, fuso_relatorio: str | None = None,
    reler: Releitura | None = None, modelo_sem_decisoes: vinculos.Modelo | None = None,
    soltar_releitura: Callable[[], None] | None = None, hashes_gravados: dict[str, str] | None = None,
) -> dict[str, str]:
    """Grava os relatórios e registra na trilha; devolve nome → SHA-256."""
    conteudos, com_oficios, binarios = _conteudos(pasta, caso, manifesto, trilha.ultimo_hash, lotes, plano, fuso_relatorio,
                                                  reler, modelo_sem_decisoes, soltar_releitura, hashes_gravados)
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
