"""relatorio.docx: o relatório formal de análise, para juntar ao inquérito (python-docx).

Objetivo, material examinado (arquivo, SHA-256, páginas), método, achados (só conclusões
VERIFICADO ou com toda referência não verificada confirmada por uma pessoa, cada uma com as
suas referências em notas numeradas), pendências (referências não verificadas e não
revisadas), ofícios sugeridos, cadeia de custódia (hashes das saídas e cabeça da trilha) e
o anexo com todas as referências. A situação de cada conclusão é a exibida depois da revisão
(`revisao.situacao_exibida`), com o veredicto do validador ao lado: uma conclusão com
referência rejeitada por uma pessoa sai das pendências e vai para as descartadas.
"""

from __future__ import annotations

from typing import Any

from perito.armazem.diferencas import linhas as linhas_das_diferencas
from perito.plano import texto as plano_texto
from perito.saida import docx_pagina as pagina
from perito.saida import nomes, revisao
from perito.saida.caso import cabecalho_texto, onde
from perito.saida.docx_notas import NotasDeFim
from perito.saida.texto_xml import limpar

SECOES = ("1. Objetivo", "2. Material examinado", "3. Método", "4. Achados", "5. Pendências",
          "6. Estado do caso e plano de diligências", "7. Hipóteses concorrentes", "8. Ofícios sugeridos",
          "9. Cadeia de custódia", "Anexo — Todas as referências")

METODO = (
    "O perito lê os documentos do caso sem alterá-los (a pasta do caso é aberta só para leitura e os seus hashes "
    "são conferidos antes e depois), extrai os dados de cada documento com a localização exata (arquivo, página, "
    "linha ou célula), cruza esses dados em conclusões e submete cada referência a um validador independente, que "
    "relê o documento bruto e dá a cada uma o veredicto VERIFICADO, AMBIGUO, CONTRADITO ou EXTRACAO_FALHOU. "
    "Referências não verificadas podem ser confirmadas ou rejeitadas por uma pessoa (revisao.json), sem apagar o "
    "veredicto da máquina. Toda etapa fica numa trilha de auditoria encadeada por hashes (auditoria.jsonl).",
    "O perito não atribui autoria, não faz juízo de culpa, não consulta a internet (a única base externa é a de "
    "redes de IP embarcada, com a data da sua fotografia), não "
    "completa dados ausentes e não converte horários sem o fuso declarado no documento. Um dado sem referência "
    "verificável não entra neste relatório.",
)


def _local(ref: dict[str, Any]) -> str:
    return onde(ref["arquivo"], ref.get("pagina"), ref.get("aba_planilha"), ref["linha_ou_celula"])


def _veredicto(conclusao: dict[str, Any]) -> str:
    return str((conclusao.get("validacao") or {}).get("veredicto_geral", "sem validação"))


def classificar(
    conclusoes: list[dict[str, Any]], rev: dict[str, Any]
) -> tuple[list[dict[str, Any]], list[dict[str, Any]], list[dict[str, Any]]]:
    """(achados, pendências, contraditas) pela situação exibida: achado é VERIFICADO (toda referência verificada
    pela máquina ou confirmada por uma pessoa); contradita é a CONTRADITO (pelo validador ou rejeitada na revisão)."""
    situacoes = revisao.situacoes_exibidas(conclusoes, rev)
    achados: list[dict[str, Any]] = []
    pendencias: list[dict[str, Any]] = []
    contraditas: list[dict[str, Any]] = []
    for conclusao in conclusoes:
        status = situacoes[int(conclusao["id"])].status
        {"VERIFICADO": achados, "CONTRADITO": contraditas}.get(status, pendencias).append(conclusao)
    return achados, pendencias, contraditas


def _tabela(documento: Any, cabecalho: list[str], linhas: list[list[str]]) -> None:
    tabela = documento.add_table(rows=2 if linhas else 1, cols=len(cabecalho))
    tabela.style = "Table Grid"
    for celula, texto in zip(tabela.rows[0].cells, cabecalho, strict=True):
        celula.text = texto
        celula.paragraphs[0].runs[0].bold = True
    if linhas:
        for celula in tabela.rows[1].cells:
            celula.text = "-"  # a linha-modelo: as outras são cópias dela com o texto trocado
    pagina.copiar_linhas(tabela, linhas, lambda celula, texto, _: setattr(celula, "text", texto))


def montar(
    *, identificacao: dict[str, Any], manifesto: dict[str, Any], lotes: list[dict[str, Any]],
    conclusoes: list[dict[str, Any]], rev: dict[str, Any], oficios: list[dict[str, Any]],
    hashes_saidas: dict[str, str], cabeca_trilha: str, plano: dict[str, Any] | None = None,
    diferencas: dict[str, Any] | None = None,
) -> bytes:
    # nomes de arquivo e linhas hostis (NUL, \x07) ficam visíveis como \xNN: o XML do .docx não os admite.
    # Dos lotes só entra a lista de arquivos (os dados de um caso grande são milhões de textos a limpar).
    lotes = [{"arquivos_processados": lote.get("arquivos_processados", [])} for lote in lotes]
    identificacao, manifesto, lotes, conclusoes, rev, oficios, hashes_saidas, plano, diferencas = limpar(
        (identificacao, manifesto, lotes, conclusoes, rev, oficios, hashes_saidas, plano or {}, diferencas or {}))
    from docx import Document  # só quem grava o relatório .docx paga a importação (python-docx e lxml)
    from docx.shared import Pt

    documento = Document()
    documento.styles["Normal"].font.name = "Calibri"
    documento.styles["Normal"].font.size = Pt(11)
    titulo = cabecalho_texto(identificacao.get("inquerito"), identificacao.get("analista"), identificacao.get("caso_id"))
    pagina.pagina_a4(documento)
    pagina.cabecalho_e_rodape(documento, cabecalho_texto(identificacao.get("inquerito"), None, identificacao.get("caso_id")),
                              bool(identificacao.get("sigilo")))
    if identificacao.get("sigilo"):
        faixa = pagina.paragrafo(documento).add_run(pagina.FAIXA_SIGILO)
        faixa.bold = True
    documento.core_properties.title = f"Relatório de análise — {titulo}"
    documento.core_properties.author = str(identificacao.get("analista") or "perito")
    pagina.titulo(documento, "Relatório de análise de provas", 0)
    pagina.paragrafo(documento, titulo)
    pagina.paragrafo(documento, f"Data da análise: {identificacao.get('data_analise') or '-'}. "
                            f"Gerado pelo perito {manifesto.get('perito_versao', '')}.".replace(" .", "."))

    pagina.titulo(documento, SECOES[0], 1)
    pagina.paragrafo(documento,
        "Cruzar as provas documentais do caso (respostas de provedores, bancos, operadoras, Banco Central e relatos) "
        "e relatar os vínculos que elas sustentam, cada um com a localização exata nos documentos, conferida por um "
        "validador independente.")

    pagina.titulo(documento, SECOES[1], 1)
    paginas = {a["arquivo"]: a.get("total_paginas") for lote in lotes for a in lote.get("arquivos_processados", [])}
    pagina.tabela_de_hashes(documento, ["Arquivo", "SHA-256", "Páginas", "Situação"], [
        [a["arquivo"], a.get("sha256") or "-", str(paginas.get(a["arquivo"]) or "-"), str(a.get("situacao") or "-")]
        for a in manifesto.get("arquivos", [])], coluna_hash=1, larguras_cm=[4.0, 9.2, 1.4, 1.4])
    if diferencas.get("desde_a_execucao") is not None:  # o que mudou desde a execução anterior nesta pasta
        pagina.titulo(documento, f"Desde a execução anterior (nº {diferencas['desde_a_execucao']} desta pasta)", 2)
        arquivos, resumo, *itens = linhas_das_diferencas(diferencas)
        pagina.paragrafo(documento, arquivos)
        pagina.paragrafo(documento, resumo)
        for linha in itens:
            pagina.paragrafo(documento, linha, "List Bullet")

    pagina.titulo(documento, SECOES[2], 1)
    for paragrafo in METODO:
        pagina.paragrafo(documento, paragrafo)

    achados, pendencias, contraditas = classificar(conclusoes, rev)
    notas = NotasDeFim(documento)
    numeros: dict[str, int] = {}  # rótulo da referência ("3.2") → número da nota de fim
    pagina.titulo(documento, SECOES[3], 1)
    if not achados:
        pagina.paragrafo(documento, "Nenhuma conclusão com todas as referências verificadas ou confirmadas.")
    for conclusao in achados:
        _conclusao(documento, conclusao, rev, notas, numeros)

    pagina.titulo(documento, SECOES[4], 1)
    pagina.paragrafo(documento, "Conclusões com referência não verificada pela máquina e ainda não confirmada por uma "
                            "pessoa (perito revisar). Não valem como achado até a revisão.")
    for conclusao in pendencias:
        _conclusao(documento, conclusao, rev, notas, numeros)
    if contraditas:
        situacoes = revisao.situacoes_exibidas(contraditas, rev)
        pelo_validador = [str(c["id"]) for c in contraditas if not situacoes[int(c["id"])].rejeitadas]
        na_revisao = [str(c["id"]) for c in contraditas if situacoes[int(c["id"])].rejeitadas]
        if pelo_validador:
            pagina.paragrafo(documento,
                f"{nomes.conforme(len(pelo_validador), 'Conclusão contradita', 'Conclusões contraditas')} pelo validador "
                f"e {nomes.conforme(len(pelo_validador), 'descartada', 'descartadas')}: {', '.join(pelo_validador)} "
                "(conclusoes_contraditas.json).")
        if na_revisao:
            pagina.paragrafo(documento,
                f"{nomes.conforme(len(na_revisao), 'Conclusão descartada', 'Conclusões descartadas')} porque uma "
                f"pessoa rejeitou referência na revisão (revisao.json): {', '.join(na_revisao)}.")

    _plano(documento, plano)

    pagina.titulo(documento, SECOES[7], 1)
    if not oficios:
        pagina.paragrafo(documento, "Nenhuma lacuna que peça ofício.")
    for oficio in oficios:
        pagina.paragrafo(documento, f"{oficio['arquivo']}: {oficio['resumo']}", "List Bullet")

    pagina.titulo(documento, SECOES[8], 1)
    pagina.paragrafo(documento,
        "O manifesto.json lista cada arquivo do caso com tamanho e SHA-256, as versões e os parâmetros, e cada saída "
        "com o seu SHA-256 (inclusive este relatório). A trilha de auditoria (auditoria.jsonl) encadeia cada etapa "
        f"pelo hash da anterior; quando este relatório foi gerado a sua cabeça era {cabeca_trilha}. "
        "Conferência: perito auditoria SAIDA.")
    pagina.tabela_de_hashes(documento, ["Saída", "SHA-256"], [[nome, h] for nome, h in sorted(hashes_saidas.items())],
                            coluna_hash=1, larguras_cm=[6.8, 9.2])
    pagina.assinatura(documento, identificacao)

    pagina.titulo(documento, SECOES[9], 1)
    linhas = []
    for item in revisao.itens(conclusoes):
        decisao = revisao.decisao_de(rev, item)
        humano = f"{decisao['decisao']} ({decisao['analista']}: {decisao['motivo']})" if decisao else "-"
        linhas.append([str(numeros.get(item.rotulo, "-")), str(item.conclusao_id), _local(item.referencia),
                       item.referencia["dado_citado"], item.status, humano])
    pagina.tabela_de_hashes(documento, ["Nota", "Conclusão", "Local", "Dado citado", "Validador", "Revisão humana"], linhas,
                            coluna_hash=None, larguras_cm=[1.1, 1.6, 4.4, 4.3, 2.6, 2.0], corpo_pt=8)

    return pagina.salvar(documento)


def _plano(documento: Any, plano: dict[str, Any]) -> None:
    """Estado do caso, passos do plano por urgência e hipóteses concorrentes (seções 6 e 7)."""
    pagina.titulo(documento, SECOES[5], 1)
    for tema in plano.get("painel", []):
        pagina.paragrafo(documento, plano_texto.linha_painel(tema), "List Bullet")
    if not plano.get("passos"):
        pagina.paragrafo(documento, "Nenhuma lacuna pede diligência.")
    for passo in plano.get("passos", []):
        titulo = pagina.paragrafo(documento)
        pagina.corrida(titulo, plano_texto.titulo_passo(passo)).bold = True
        for linha in plano_texto.detalhes_passo(passo, limite_itens=20):
            pagina.recuado(documento, linha, 18)
    pagina.titulo(documento, SECOES[6], 1)
    if not plano.get("hipoteses"):
        pagina.paragrafo(documento, "Nenhuma conclusão de autoria.")
    for grupo in plano.get("hipoteses", []):
        rotulo = f"Conclusão {grupo['conclusao_id']} ({nomes.tipo(grupo['tipo'])})"
        pagina.corrida(pagina.paragrafo(documento), rotulo).bold = True
        for h in grupo["hipoteses"]:
            pagina.paragrafo(documento, plano_texto.linha_hipotese(h), "List Bullet")
    if redes := plano.get("redes"):
        _tabela(documento, ["IP", "AS", "Organização", "Classes", "Base de"], [
            [r["ip"], f"AS{r['asn']}" if r["asn"] else "-", r["organizacao"] or "-", ", ".join(r["classes"]) or "-",
             r["data_base"]] for r in redes])
    if base := plano.get("base_ip"):
        pagina.paragrafo(documento, f"Rede dos IPs: base {base.get('fonte')} de {base.get('data')} ({base.get('licenca')}).")


def _conclusao(documento: Any, conclusao: dict[str, Any], rev: dict[str, Any], notas: NotasDeFim,
               numeros: dict[str, int]) -> None:
    """A conclusão num parágrafo; cada referência numa nota de fim (local, dado citado, veredicto e revisão)."""
    paragrafo = pagina.paragrafo(documento)
    pagina.corrida(paragrafo, f"Conclusão {conclusao['id']} ").bold = True
    situacao = revisao.situacao_exibida(conclusao, rev)
    estado = f"validador: {_veredicto(conclusao)}"
    if situacao.revisada:
        estado = f"situação: {situacao.rotulo}, {estado}"
    pagina.corrida(paragrafo, f"({nomes.tipo(conclusao['tipo'])}, grau {conclusao['grau_confianca']}, {estado}). ")
    pagina.corrida(paragrafo, nomes.texto(conclusao["afirmacao"]))
    for n, item in enumerate(revisao.itens([conclusao])):
        if n:
            pagina.corrida(paragrafo, ",").font.superscript = True  # ¹,²,³ e não ¹²³
        decisao = revisao.decisao_de(rev, item)
        humano = f"; revisão: {decisao['decisao']} por {decisao['analista']} — {decisao['motivo']}" if decisao else ""
        numeros[item.rotulo] = notas.citar(paragrafo, f"{_local(item.referencia)}: \"{item.referencia['dado_citado']}\" "
                                                      f"— validador {item.status}{humano}")
