"""Conjuntos SIMBA (quebra de sigilo bancário, leiaute BACEN): um arquivo TAB por tabela.

Cada linha de `_CONTAS`, `_TITULARES`, `_EXTRATO` e `_ORIGEM_DESTINO` vira dados
localizados na sua `linha N` física, com as colunas lidas pelo nome do cabeçalho (a
ordem pode mudar). Convenções do leiaute (FORMATOS.md §4): valores inteiros em
centavos, datas `DDMMYYYY`, hora só dentro de DESCRICAO_LANCAMENTO, sem fuso
declarado, e corridas de 9 ou `NAO INFORMADO` no lugar do que o banco não tem.

O dado é sempre o literal do documento; o que o principal precisa para juntar as
tabelas sem reler texto vai em `metadados` (tabela no README, seção Dados extraídos):
`simba` (tabela, linha, coluna, conjunto e chaves CODIGO_CHAVE_*), `conta`,
`contraparte`, `valor`, `unidade`, `contexto_unidade`, `data`, `hora`, `direcao`,
`meio`, `nao_informado`.
"""

from __future__ import annotations

from perito.extratores import simba_leiaute as leiaute
from perito.extratores import simba_planilha
from perito.extratores.achado import Achado
from perito.extratores.base import Coletor, Extrator, ResultadoArquivo
from perito.extratores.montagem import Item, dado
from perito.extratores.reconhecedores import reconhecer
from perito.extratores.simba_linha import Cabecalho, Linha, celulas
from perito.leitura.documento import Documento, Trecho

FAMILIA = "banco"
_LINHAS_ANTES_DO_CABECALHO = 3
_SEPARADORES = ("\t", ";", "|")


class ExtratorSimba(Extrator):
    extrator_id = "extrator_simba_01"
    familia = FAMILIA

    def pontuacao(self, documento: Documento, minusculo: str | None = None) -> int:
        # o cabeçalho oficial decide; vence qualquer contagem de marcadores de texto
        return 100 if _cabecalho(documento) else 0

    def pode_ler(self, documento: Documento, minusculo: str | None = None) -> bool:
        return self.pontuacao(documento) > 0

    def familia_do(self, documento: Documento) -> str:
        return FAMILIA  # o leiaute oficial do BACEN: resposta bancária, qualquer que seja o resto do texto

    def extrair(self, documento: Documento, coletor: Coletor | None = None) -> ResultadoArquivo:
        return ler(documento)  # os dados ficam no resultado: um arquivo SIMBA é lido de uma vez


#: células lidas de uma planilha para achar o cabeçalho nas primeiras linhas
_CELULAS_DO_COMECO = 200


def _cabecalho(documento: Documento, linhas: list[Trecho] | None = None) -> Cabecalho | None:
    if linhas is None:
        linhas = ([linha.trecho for linha in simba_planilha.linhas(documento, _CELULAS_DO_COMECO)]
                  if simba_planilha.de_celulas(documento) else documento.trechos)
    for trecho in linhas[:_LINHAS_ANTES_DO_CABECALHO]:
        # o leiaute manda TAB; uma cópia regravada com `;` ou `|` ainda é o mesmo conjunto
        separador = next((s for s in _SEPARADORES if s in trecho.texto), "\t")
        nomes = [texto for texto, _ in celulas(trecho, separador)]
        if len(nomes) < 2:
            continue
        if tabela := leiaute.tabela(nomes, documento.arquivo):
            colunas = [leiaute.coluna(n) if n.strip() else leiaute.sem_nome(i + 1) for i, n in enumerate(nomes)]
            return Cabecalho(trecho, tabela, colunas, tabela in leiaute.TABELAS, separador)
    return None


def ler(documento: Documento) -> ResultadoArquivo:
    resultado = ResultadoArquivo()
    # a planilha (uma célula por trecho) é lida linha a linha da aba, e cada dado volta à sua célula
    da_aba = simba_planilha.linhas(documento) if simba_planilha.de_celulas(documento) else None
    trechos = [linha.trecho for linha in da_aba] if da_aba is not None else documento.trechos
    cabecalho = _cabecalho(documento, trechos)
    if cabecalho is None:  # não deveria chegar aqui: o registro só escolhe este extrator com cabeçalho
        resultado.alertas.append(f"{documento.arquivo}: cabeçalho SIMBA não encontrado; nenhum dado lido")
        return resultado
    sufixo = leiaute.sufixo_do_arquivo(documento.arquivo)
    if sufixo and cabecalho.conhecida and sufixo != cabecalho.tabela and sufixo in leiaute.TABELAS:
        resultado.alertas.append(
            f"{documento.arquivo}: o nome diz {sufixo}, mas as colunas do cabeçalho são de {cabecalho.tabela};"
            " lido como " + cabecalho.tabela
        )
    antes = True
    cabecalho_da_aba = next((linha for linha in da_aba or () if linha.trecho is cabecalho.trecho), None)
    for posicao, trecho in enumerate(trechos):
        if trecho is cabecalho.trecho:
            antes = False
            continue
        if antes:  # linha antes do cabeçalho: só os reconhecedores genéricos
            achados = [_com_registro(a, trecho) for a in reconhecer(trecho.texto)]
        else:
            linha = Linha(documento, cabecalho, trecho)
            achados = linha.achados()
            resultado.alertas.extend(linha.alertas)
        for achado in achados:
            if achado.alerta:
                resultado.alertas.append(f"{documento.arquivo} ({trecho.localizacao}): {achado.alerta}")
            if da_aba is None:
                resultado.dados.append(dado(documento, Item(achado, trecho), FAMILIA))
                continue
            achado, celula, indice = da_aba[posicao].devolver(achado)
            _unidade_na_celula(achado, cabecalho_da_aba, indice)
            _data_e_hora_noutras_celulas(achado, da_aba[posicao])
            resultado.dados.append(dado(documento, Item(achado, celula), FAMILIA))
    return resultado


def _data_e_hora_noutras_celulas(achado: Achado, linha: simba_planilha.LinhaDaAba) -> None:
    """Na planilha, o valor está numa célula, a data noutra (DATA_LANCAMENTO) e a hora dentro da descrição: cada uma
    é citada onde está escrita, como a porta e a data de outras colunas de uma planilha."""
    if achado.campo != "valor_transacao":
        return
    apoio = achado.metadados.setdefault("apoio", [])
    for papel, literal in (("data", achado.metadados.get("data_literal")), ("hora", achado.metadados.get("hora_literal"))):
        celula = next((c for c in linha.celulas if c is not None and literal and literal in c.texto), None)
        if celula is not None:
            apoio.append({"papel": papel, "pagina": None, "linha_ou_celula": celula.localizacao, "dado": literal,
                          **({"aba_planilha": celula.aba} if celula.aba else {})})
    if not apoio:
        del achado.metadados["apoio"]


def _unidade_na_celula(achado: Achado, cabecalho: simba_planilha.LinhaDaAba | None, indice: int) -> None:
    """Na planilha, a unidade (centavos) é dita pelo nome da coluna na célula do cabeçalho dela, não pela linha."""
    unidade = achado.metadados.get("contexto_unidade")
    if unidade is None or cabecalho is None or indice >= len(cabecalho.celulas):
        return
    if (celula := cabecalho.celulas[indice]) is not None:
        unidade["linha_ou_celula"] = celula.localizacao
        if celula.aba:
            unidade["aba_planilha"] = celula.aba


def _com_registro(achado: Achado, trecho: Trecho) -> Achado:
    achado.metadados["registro"] = trecho.localizacao
    return achado
