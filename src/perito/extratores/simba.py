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


def _cabecalho(documento: Documento) -> Cabecalho | None:
    for trecho in documento.trechos[:_LINHAS_ANTES_DO_CABECALHO]:
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
    cabecalho = _cabecalho(documento)
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
    for trecho in documento.trechos:
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
            resultado.dados.append(dado(documento, Item(achado, trecho), FAMILIA))
    return resultado


def _com_registro(achado: Achado, trecho: Trecho) -> Achado:
    achado.metadados["registro"] = trecho.localizacao
    return achado
