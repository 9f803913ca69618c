"""Veredicto de uma referência: localizar o trecho, comparar cada valor citado e conferir com a segunda leitura."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from perito.chaves.valores import Valor, decompor, texto_das_celulas
from perito.leitura.documento import Documento, Trecho
from perito.leitura.localizacao import NOME_DA_ABA
from perito.leitura.metodos import HTML as METODO_HTML
from perito.leitura.metodos import LXML as METODO_LXML
from perito.leitura.metodos import PDFIUM as METODO_PDFIUM
from perito.leitura.metodos import PDFPLUMBER as METODO_PDFPLUMBER
from perito.validador import contiguidade, frases_da_linha, grade, oracao_do_valor, porta
from perito.validador.comparacao import AUSENTE, CONTRADITO, DIVERGENTE, PRESENTE, Comparacao, comparar
from perito.validador.duas_leituras import confrontar
from perito.validador.fonte import FonteIndependente
from perito.validador.localizar import localizar
from perito.validador.multilinha import numero_da_linha, reconstruir

#: abaixo desta confiança média de OCR (0-100) a página é duvidosa: nada ali é VERIFICADO
CONFIANCA_OCR_MINIMA = 80.0
#: vizinhança examinada, em trechos, quando o documento não tem páginas (TXT, CSV, XLSX)
VIZINHANCA = 20


def _atravessando_celulas(comparacoes: list[Comparacao], texto: str, portas: dict[str, str]) -> list[Comparacao]:
    """O número citado com um espaço dentro, que a leitura célula por célula não acha ("464 38765757": agência e
    conta citadas como a linha do PDF as escreve), vale se a linha como escrita o tem."""
    if all(c.resultado == PRESENTE or " " not in c.valor.texto for c in comparacoes):
        return comparacoes
    na_linha = decompor(texto)
    saida = []
    for c in comparacoes:
        if c.resultado != PRESENTE and " " in c.valor.texto:
            if (outra := comparar(c.valor, na_linha, texto, portas)).resultado == PRESENTE:
                c = outra
        saida.append(c)
    return saida


@dataclass
class AConfrontar:
    """Uma referência já conferida na leitura canônica, à espera só da segunda leitura (`concluir_referencia`)."""

    ref: dict[str, Any]
    doc: Documento
    citados: list[Valor]
    usados: list[Trecho]
    status: str
    observacoes: list[str]
    texto: str
    exato: bool


def validar_referencia(ref: dict[str, Any], fonte: FonteIndependente) -> dict[str, Any]:
    return concluir_referencia(conferir_na_canonica(ref, fonte), fonte)


def concluir_referencia(conferida: dict[str, Any] | AConfrontar, fonte: FonteIndependente) -> dict[str, Any]:
    """O detalhe da referência: o da canônica confrontado com a segunda leitura, quando há uma."""
    if not isinstance(conferida, AConfrontar):
        return conferida
    c = conferida
    status, metodo = _segunda_leitura(fonte, c.doc, c.ref["arquivo"], c.citados, c.usados, c.status, c.observacoes)
    return detalhe(c.ref, status, c.texto, metodo, c.exato, "; ".join(c.observacoes))


def conferir_na_canonica(ref: dict[str, Any], fonte: FonteIndependente) -> dict[str, Any] | AConfrontar:
    """Tudo o que o veredicto de uma referência tira da leitura canônica: o detalhe pronto, ou, quando falta
    confrontar com a segunda leitura (PDF pelo pdfium, HTML), o que o confronto precisa. Não toca na segunda
    leitura nem no desenho das páginas: corre enquanto eles ainda estão nos auxiliares."""
    aberto = fonte.abrir(ref["arquivo"], sem_desenho=True)
    if aberto.documento is None:
        return detalhe(ref, "EXTRACAO_FALHOU", "", "", False, aberto.motivo)
    doc = aberto.documento
    trecho, motivo = localizar(doc, ref)
    if trecho is None:
        return detalhe(ref, "EXTRACAO_FALHOU", "", doc.metodo_extracao, False, motivo)
    citados = decompor(ref["dado_citado"])
    if not citados:
        return detalhe(ref, "AMBIGUO", trecho.texto, trecho.metodo, False, "dado_citado sem valor comparável")
    # numa linha de tabela, célula por célula: o delimitador (a vírgula do CSV, o espaço entre as células de um PDF)
    # não gruda dois números; no PDF, só quando a linha é exatamente as células (a célula de grade que quebrou em
    # linhas é relida por `grade.da_celula`)
    inteira = doc.tipo != "pdf" or (trecho.celulas is not None
                                    and " ".join(" ".join(trecho.celulas).split()) == " ".join(trecho.texto.split()))
    do_local = texto_das_celulas(trecho.celulas, trecho.texto) if inteira else trecho.texto
    encontrados = decompor(do_local)
    portas = porta.da_coluna(doc, trecho)
    comparacoes = [comparar(v, encontrados, do_local, portas) for v in citados]
    if trecho.celulas is None and (outra := frases_da_linha.de_outra_frase(
            citados, trecho.texto, _linha_de_cima(doc, trecho))) is not None:
        comparacoes.append(outra)  # a linha conta vários eventos em frases, e a citação junta dois deles
    if trecho.celulas is None and (outro := oracao_do_valor.destino_de_outro_valor(citados, trecho.texto)) is not None:
        comparacoes.append(outro)  # dois Pix numa frase, e a citação junta o valor de um com a chave do outro
    if portas and (errada := porta.outra_que_a_da_coluna(citados, portas)) is not None:
        numero, da_coluna = errada  # a porta do serviço (a coluna "Porta Destino") citada para quem acessou
        comparacoes.append(Comparacao(numero, CONTRADITO, motivo=(
            f"a porta {numero.texto} citada para o IP não é a da coluna de porta do registro ({da_coluna})")))
    if do_local != trecho.texto:
        comparacoes = _atravessando_celulas(comparacoes, trecho.texto, portas)
    usados = [trecho]
    reconstrucao = reconstruir(comparacoes, doc, trecho) or grade.da_celula(citados, comparacoes, doc, trecho)
    if reconstrucao is not None:
        comparacoes, usados = reconstrucao.comparacoes, reconstrucao.trechos
        observacoes = [reconstrucao.observacao] + [c.motivo for c in comparacoes if c.motivo]
    else:
        observacoes = _observacoes(comparacoes, doc, trecho)
    status = _status(comparacoes)
    texto = "\n".join(t.texto for t in usados)
    # cada palavra no local não basta: as palavras seguidas da citação seguem juntas no local (na célula, se a
    # célula da grade quebrou em linhas)
    sequencia = reconstrucao.sequencia if isinstance(reconstrucao, grade.DaGrade) else texto
    espalhado = status == "VERIFICADO" and bool(fora := contiguidade.espalhadas(ref["dado_citado"], sequencia))
    if espalhado:
        status = "AMBIGUO"
        observacoes.append(contiguidade.observacao(fora))
    if status == "VERIFICADO" and trecho.metodo.startswith("ocr"):
        confianca = doc.confianca_ocr.get(trecho.pagina or 0, -1.0)
        if confianca < CONFIANCA_OCR_MINIMA:
            status = "AMBIGUO"
            observacoes.append(f"página lida por OCR com confiança média {confianca:.0f}% (mínimo {CONFIANCA_OCR_MINIMA:.0f}%)")
    exato = reconstrucao is None and not espalhado and all(c.resultado == PRESENTE and c.exato for c in comparacoes)
    if (doc.tipo, trecho.metodo) in _SEGUNDAS:
        return AConfrontar(ref, doc, citados, usados, status, observacoes, texto, exato)
    if doc.tipo == "pdf" and trecho.metodo == METODO_PDFPLUMBER:
        observacoes.append(f"sem segunda leitura do PDF: a página foi lida pelo {METODO_PDFPLUMBER}, "
                           f"a mesma biblioteca da segunda leitura (o {METODO_PDFIUM} não a leu)")
    return detalhe(ref, status, texto, trecho.metodo, exato, "; ".join(observacoes))


def _linha_de_cima(doc: Documento, trecho: Trecho) -> str | None:
    """O texto da linha logo acima na mesma página, se é texto corrido (não célula de tabela)."""
    posicao = doc.posicao_na_pagina(trecho)
    if not posicao:
        return None
    acima = doc.trechos_da_pagina(trecho.pagina, trecho.aba)[posicao - 1]
    return acima.texto if acima.celulas is None and acima.texto.strip() else None


def _status(comparacoes: list[Comparacao]) -> str:
    resultados = {c.resultado for c in comparacoes}
    if CONTRADITO in resultados:
        return "CONTRADITO"
    if resultados & {DIVERGENTE, AUSENTE}:
        return "AMBIGUO"
    return "VERIFICADO"


#: (tipo, método da leitura principal) → (método da segunda leitura, formato nas observações).
#: Par ausente: sem segunda leitura (uma página de PDF lida pelo pdfplumber, na reserva ou por
#: par substituto, não tem outra leitura independente: a segunda leitura dos PDFs é o pdfplumber).
_SEGUNDAS = {("pdf", METODO_PDFIUM): (METODO_PDFPLUMBER, "PDF"), ("html", METODO_HTML): (METODO_LXML, "HTML")}


def _segunda_leitura(
    fonte: FonteIndependente, doc: Documento, arquivo: str, citados: list[Valor], usados: list[Trecho],
    status: str, observacoes: list[str],
) -> tuple[str, str]:
    """(status, método): confronta o local com a segunda leitura; onde divergem, AMBIGUO (salvo contradição nas duas)."""
    principal = usados[0].metodo
    par = _SEGUNDAS.get((doc.tipo, principal))
    if par is None:  # o trecho inicial e o primeiro usado podem vir de leitores diferentes
        observacoes.append(f"sem segunda leitura: nenhuma para o método {principal}")
        return status, principal
    segundo, formato = par
    leitura = fonte.segunda_leitura(arquivo)
    pagina = usados[0].pagina
    if leitura.erro or pagina not in leitura.paginas:
        observacoes.append(f"sem segunda leitura do {formato}: {leitura.erro or f'página não lida pelo {segundo}'}")
        return status, principal
    linhas1, indices, linhas2 = _as_duas_em_volta(doc.trechos_da_pagina(pagina), usados, leitura.paginas[pagina])
    divergencia = confrontar(citados, indices, linhas1, linhas2, (principal, segundo), formato)
    metodo = f"{principal}+{segundo}"
    if divergencia is None:
        return status, metodo
    observacoes.append(divergencia.observacao)
    if status == "CONTRADITO" and divergencia.contradito_nas_duas:
        return status, metodo
    return "AMBIGUO", metodo


#: linhas da segunda leitura além das pontas do trecho relido, quando o documento veio só em volta das linhas citadas
MARGEM_DA_SEGUNDA = 20


def _as_duas_em_volta(trechos: list[Trecho], usados: list[Trecho],
                      linhas2: list[str]) -> tuple[list[str], list[int], list[str]]:
    """(linhas da leitura principal, índices 0-based das usadas nelas, linhas da segunda leitura) a confrontar.

    Documento inteiro (linhas 1..N seguidas): a página toda das duas, como sempre. Documento relido só em volta das
    linhas citadas (um HTML volumoso, `leitura.em_partes.so_as_linhas`): o trecho seguido (sem omissão) que tem as
    usadas, e as mesmas linhas da segunda leitura com `MARGEM_DA_SEGUNDA` de cada lado — as duas numeram as linhas
    quase igual, e o alinhamento pelo conteúdo acerta o resto; alinhar a página inteira de um HTML de 100 mil linhas
    contra uma com as omitidas em branco custava segundos e podia casar linhas erradas."""
    numeros = [numero_da_linha(t) for t in trechos]
    if numeros == list(range(1, len(trechos) + 1)):
        return [t.texto for t in trechos], [numero_da_linha(t) - 1 for t in usados], linhas2
    posicoes = {id(t): n for n, t in enumerate(trechos)}
    dos_usados = [posicoes[id(t)] for t in usados if id(t) in posicoes]
    if not dos_usados:
        return [t.texto for t in trechos], [], linhas2
    inicio, fim = min(dos_usados), max(dos_usados)
    while inicio > 0 and not trechos[inicio].apos_omissao and numeros[inicio - 1] == numeros[inicio] - 1:
        inicio -= 1
    while fim + 1 < len(trechos) and not trechos[fim + 1].apos_omissao and numeros[fim + 1] == numeros[fim] + 1:
        fim += 1
    de2 = max(0, numeros[inicio] - 1 - MARGEM_DA_SEGUNDA)
    ate2 = min(len(linhas2), numeros[fim] + MARGEM_DA_SEGUNDA)
    return [t.texto for t in trechos[inicio:fim + 1]], [p - inicio for p in dos_usados], linhas2[de2:ate2]


def _observacoes(comparacoes: list[Comparacao], doc: Documento, trecho: Trecho) -> list[str]:
    """Motivos de cada valor; os ausentes agrupados pelo lugar da página em que estão (se estão)."""
    observacoes: list[str] = []
    ausentes: dict[str, list[str]] = {}
    for c in comparacoes:
        if c.resultado == AUSENTE and c.valor.tipo != "ip":  # no IP o motivo pode ser a porta
            ausentes.setdefault(_em_outro_lugar(c, doc, trecho), []).append(c.valor.texto)
        elif c.motivo:
            observacoes.append(c.motivo + _em_outro_lugar(c, doc, trecho))
    for onde, textos in ausentes.items():
        verbo = "não está" if len(textos) == 1 else "não estão"
        observacoes.append(f"{', '.join(textos)} {verbo} no local{onde}")
    return observacoes


def _em_outro_lugar(c: Comparacao, doc: Documento, trecho: Trecho) -> str:
    if c.resultado == PRESENTE:
        return ""
    if trecho.pagina is not None:
        vizinhos = doc.trechos_da_pagina(trecho.pagina, trecho.aba)
    else:
        indice = doc.posicao_no_documento(trecho)
        if trecho.localizacao == NOME_DA_ABA:
            return ""  # o nome da aba não é um trecho da lista e não tem vizinhos
        if indice is None:  # trecho montado, não um objeto do documento: pela igualdade
            indice = doc.trechos.index(trecho)
        vizinhos = doc.trechos[max(0, indice - VIZINHANCA) : indice + VIZINHANCA + 1]
    for outro in vizinhos:
        if outro is not trecho and comparar(c.valor, decompor(outro.texto), outro.texto).resultado == PRESENTE:
            return f" (encontrado em {outro.localizacao})"
    return ""


def detalhe(ref: dict[str, Any], status: str, texto: str, metodo: str, exato: bool, observacao: str) -> dict[str, Any]:
    resultado = {
        "arquivo": ref["arquivo"],
        "pagina": ref.get("pagina"),
        "linha_ou_celula": ref["linha_ou_celula"],
        "dado_citado": ref["dado_citado"],
        "status": status,
        "texto_encontrado": texto,
        "metodo_extracao": metodo or "nenhum",
        "match_exato": exato,
        "observacao": observacao,
    }
    if ref.get("aba_planilha"):
        resultado["aba_planilha"] = ref["aba_planilha"]
    return resultado
