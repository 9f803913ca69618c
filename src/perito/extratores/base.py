"""Extrator: reconhece os dados de cada registro do documento e os liga ao contexto.

Cada família (provedores, bancário, operadora, genérico) é um `Extrator` com seu id,
sua família e um teste `pode_ler(documento)` feito sobre o conteúdo. O trabalho é o
mesmo para todas; as famílias diferem no que reconhecem como seu.

Os registros (a unidade em que o documento conta um evento) vêm de `motor/`:
- `motor/linhas.py`: texto de provedor, banco e operadora — a linha unida às que a completam
  (bloco chave-valor segmentado pela repetição dos rótulos em `registros/blocos.py`, lançamento
  com sua linha de continuação) —, e no relato a frase, que as quebras de linha cortam em qualquer ponto;
- `motor/tabela.py`: CSV, tabelas de DOCX/HTML e tabelas de largura fixa, com o cabeçalho dando
  papel às colunas; `registros/campos.py`: exportações JSON, um objeto por registro;
- `motor/planilha.py`: a linha da planilha (o cabeçalho pode estar abaixo de um bloco de título);
- `motor/titular.py`: o titular dito uma vez, que governa os registros abaixo dele.
O contexto declarado uma vez (fuso no preâmbulo, no título ou no cabeçalho da coluna;
data do dia acima dos lançamentos) vale para o que vem abaixo (`contexto.py`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Iterator

from perito.chaves import ordem_das_datas, tempo_formas
from perito.extratores import chamada, citacoes, de_outra_resposta, meia_noite, notacao_cientifica, relogio
from perito.extratores.contexto import Contexto
from perito.extratores.emissor import emissor as emissor_do
from perito.extratores.familias import classificar, pede, requisicao
from perito.extratores.montagem import Registro, dado, ligar
from perito.extratores.motor.linhas import registros_linhas
from perito.extratores.motor.planilha import registros_planilha
from perito.extratores.motor.tabela import registros_tabela
from perito.extratores.motor.titular import Titular, do_rodape
from perito.extratores.registros import (
    atributo_valor,
    blocos,
    campos,
    ficha_em_colunas,
    formulario_tabular,
    json_aos_poucos,
    pares_com_igual,
    pares_na_linha,
)
from perito.leitura.documento import PLANILHAS, Documento
from perito.leitura.registro import RegistroLido


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

    def pontuacao(self, documento: Documento, minusculo: str | None = None) -> int:
        """`minusculo`: o texto do documento em minúsculas, quando quem escolhe já o tem (calculado uma vez para
        todos os extratores, não duas vezes por extrator: num log de 200 mil linhas é uma cópia de MB cada vez)."""
        texto = documento.texto_completo.lower() if minusculo is None else minusculo
        comuns = sum(1 for marcador in self.marcadores if marcador in texto)
        return comuns + 3 * sum(1 for marcador in self.marcadores_decisivos if marcador in texto)

    def pode_ler(self, documento: Documento, minusculo: str | None = None) -> bool:
        return self.pontuacao(documento, minusculo) >= 2

    def familia_do(self, documento: Documento) -> str:
        """Família de fonte do documento (independência das fontes), pelo conteúdo e com a dúvida explícita
        (`familias.classificar`): qualquer extrator pode ler um documento cuja família é `desconhecida`."""
        return classificar(documento).familia

    #: relatos contam um evento numa frase; as outras famílias, em linhas e blocos
    prosa: bool = False

    def _rodadas(self, documento: Documento, ctx: Contexto,
                 coletor: Coletor | None) -> tuple[Iterable[list[Registro]], Contexto]:
        """As rodadas de registros na ordem do documento e o contexto em que são montados."""
        if documento.tipo in PLANILHAS:
            # o cadastro em rótulo | valor (uma linha por campo) é um registro só; o resto, linhas de tabela
            linhas, consumidos = campos.Leitor(ctx, documento.arquivo).registros(
                formulario_tabular.da_planilha(documento.trechos) + ficha_em_colunas.da_planilha(documento.trechos)
                + atributo_valor.da_planilha(documento.trechos))
            tabela = registros_planilha(documento, ctx, consumidos)
        else:
            # registros que a estrutura dá (objetos de JSON; blocos de formulário, também num relato: a ficha
            # de "Nome: / CPF:" de cada envolvido)
            lidos = _registros_lidos(documento)
            if coletor is not None and _estrutura_inteira(documento):
                # um JSON: os registros dos objetos montados aos poucos, já na ordem do documento, em rodadas
                if (aos_poucos := json_aos_poucos.registros(documento, ctx, lidos, self.prosa)) is not None:
                    return _em_rodadas(aos_poucos, _REGISTROS_POR_RODADA), ctx
                ctx = Contexto(documento)  # as linhas soltas mudaram o contexto: tudo como sempre, do começo
            de_campos, consumidos = campos.Leitor(ctx, documento.arquivo).registros(lidos)
            linhas = de_campos + registros_linhas(documento, ctx, self.prosa, consumidos)
            tabela = registros_tabela(documento, ctx, consumidos)
        if linhas or coletor is None:
            # linhas de texto e tabelas se intercalam na ordem do documento: o titular é lido de tudo junto
            return [_na_ordem_do_documento(linhas + list(tabela), ctx)], ctx
        return _em_rodadas(tabela, _REGISTROS_POR_RODADA), ctx  # tabela pura: os registros já vêm na ordem

    def extrair(self, documento: Documento, coletor: Coletor | None = None) -> ResultadoArquivo:
        """Os dados e alertas do documento. Com `coletor`, os dados de uma tabela pura (CSV, planilha) saem em
        rodadas de registros, cada uma entregue ao coletor e solta (a memória é a de uma rodada, não a do
        arquivo); o que não vai ao coletor fica em `dados` do resultado."""
        decididas = documento.decisoes  # as do arquivo inteiro, numa parte de um volumoso
        ordem = decididas.get("ordem_das_datas") or ordem_das_datas.decidir(
            (t.texto for t in documento.trechos), planilha=documento.tipo in PLANILHAS)
        # toda data numérica do documento (nos reconhecedores, nas colunas, no fuso declarado uma vez, na data vigente)
        # é lida na ordem dele: decidida antes de montar o contexto, que já lê as datas do preâmbulo
        with tempo_formas.na_ordem(ordem.ordem == ordem_das_datas.MES_DIA):
            return self._extrair(documento, coletor, ordem)

    def _extrair(self, documento: Documento, coletor: Coletor | None, ordem: ordem_das_datas.Ordem) -> ResultadoArquivo:
        rodadas, ctx = self._rodadas(documento, Contexto(documento), coletor)
        resultado = ResultadoArquivo()
        familia = self.familia_do(documento)
        bilhetagem = familia == "operadora" and chamada.de_bilhetagem(documento)
        linha_da_bilhetagem = chamada.linha_da_bilhetagem(documento) if bilhetagem else None
        emissor = emissor_do(documento) if familia == "provedor" else None  # só provedores diferem por empresa
        citados = citacoes.intervalos(documento) if self.prosa else {}  # mensagem transcrita num relato
        titular = Titular(ctx.ordem, do_rodape(documento.trechos))
        textos: dict[str, str] = {}
        decididas = documento.decisoes
        doze_horas = decididas["doze_horas"] if "doze_horas" in decididas else relogio.de_doze_horas(documento.trechos)
        so_datas = decididas["so_datas"] if "so_datas" in decididas else meia_noite.so_datas(documento.trechos)
        # o ofício de requisição: os dados da frase do pedido (copiados da resposta que motivou o pedido) ficam no lote,
        # mas nunca cruzam; o que ele conta dos fatos continua relato
        de_requisicao = requisicao(documento)
        # a tabela copiada de uma resposta num documento policial, logo abaixo da frase que a atribui
        copiados = de_outra_resposta.sob_legenda(documento.trechos) if familia == "relato" else set()
        sem_marcador: list[str] = []
        if ordem.ordem != ordem_das_datas.DIA_MES:
            resultado.alertas.append(_alerta_da_ordem(documento.arquivo, ordem))
        for registros in rodadas:
            for registro in registros:
                registro.fuso_de = registro.fuso_de or ctx.fuso_para  # o motor pode dizer o fuso da hora do registro
                registro.arquivo = documento.arquivo
                registro.ordem = ctx.ordem
                ligar(registro)
                if bilhetagem:
                    # a origem e o destino de uma ligação, não duas linhas da operadora
                    chamada.marcar(registro, linha_da_bilhetagem)
            titular.aplicar(registros)
            dados = resultado.dados if coletor is None else []
            for indice, registro in enumerate(registros):
                registros[indice] = None  # type: ignore[call-overload]  # os achados saem da memória à medida que viram dados
                # a frase do documento policial que repete uma resposta ("Da análise da resposta da ZAPT, ...")
                copia = familia == "relato" and de_outra_resposta.repete(registro.texto)
                for item in registro.itens:
                    if item.achado.alerta:
                        resultado.alertas.append(f"{documento.arquivo} ({item.trecho.onde()}): {item.achado.alerta}")
                    novo = dado(documento, item, familia, emissor)
                    if ordem.ordem == ordem_das_datas.MES_DIA:
                        _com_a_data_na_ordem_brasileira(novo)
                    elif ordem.ordem == ordem_das_datas.CONFLITO:
                        _sem_data_de_ordem_incerta(novo, ordem.ordem)
                    if de_requisicao and pede(registro.texto):
                        novo["metadados"]["requisicao"] = True
                    if copia or (copiados and id(item.trecho) in copiados):
                        novo["metadados"]["de_outra_resposta"] = True
                    if so_datas:
                        meia_noite.sem_hora(novo)  # "2025-06-12 00:00:00" em toda a coluna Data: o dia, não a hora
                    if doze_horas and (hora := relogio.sem_instante_sem_marcador(novo)):
                        sem_marcador.append(f"{hora} ({item.trecho.onde()})")
                    if citados:
                        trecho = item.trecho
                        citacoes.marcar(novo, (trecho.pagina, trecho.aba, trecho.localizacao), item.achado.inicio, citados)
                    dados.append(_compartilhar_textos(novo, textos))
                    if len(textos) > _TEXTOS_COMPARTILHADOS:
                        textos.clear()
                if coletor is not None and len(dados) >= _REGISTROS_POR_RODADA:
                    # numa rodada só (o JSON de 100 mil logins: linhas de texto e registros juntos, pelo titular)
                    # os dados prontos vão ao coletor aos poucos, na mesma ordem: nunca estão todos na memória
                    # como dicionários ao lado dos registros que faltam converter
                    coletor(dados)
                    dados = []  # a lista entregue é de quem a recebeu
                sem_fuso = [i for i in registro.itens if i.achado.campo == "data_evento" and "hora" in i.achado.metadados
                            and not i.achado.fuso]
                if sem_fuso and any(i.achado.tipo_dado == "ip" for i in registro.itens):
                    resultado.alertas.append(
                        f"{documento.arquivo} ({sem_fuso[0].trecho.onde()}): data-hora {sem_fuso[0].achado.dado} sem fuso"
                        " declarado; não será usada para afirmar simultaneidade"
                    )
            if coletor is not None:
                coletor(dados)
        if sem_marcador:
            resultado.alertas.append(relogio.alerta(documento.arquivo, sem_marcador))
        if cientifica := notacao_cientifica.alerta(documento.arquivo, documento.trechos):
            resultado.alertas.append(cientifica)  # o IMEI que o Excel gravou como 3,56938E+14: perdido, e dito
        resultado.alertas.extend(ctx.alertas)
        return resultado


def _alerta_da_ordem(arquivo: str, ordem: ordem_das_datas.Ordem) -> str:
    if ordem.ordem == ordem_das_datas.MES_DIA:
        return (f"{arquivo}: datas numéricas com o mês antes do dia (padrão dos EUA): {ordem.motivo}. Todas as datas "
                "numéricas com barras do documento foram lidas nessa ordem (8/2/2025 é 2 de agosto); as conclusões "
                "as dizem como dia/mês/ano e citam a data como escrita")
    return (f"{arquivo}: datas numéricas nas duas ordens, dia/mês e mês/dia: {ordem.motivo}. As datas em que dia e mês "
            "vão até 12 ficam como escritas, sem dia nem instante, e nada se afirma sobre simultaneidade com elas; "
            "confira as datas no documento")


def _com_a_data_na_ordem_brasileira(novo: dict[str, Any]) -> None:
    """Num documento que escreve o mês antes do dia, a data lida (já na ordem dele, `tempo_formas.na_ordem`) vai ao
    lote como dia/mês/ano: quem lê o lote (o principal, as saídas) lê datas na ordem brasileira, sem saber de que
    documento vieram. A data como escrita fica em `data_escrita` (é ela que se cita) e `ordem_data` diz a ordem."""
    meta = novo["metadados"]
    escrita = meta.get("data")
    if not isinstance(escrita, str) or not ordem_das_datas.numerica(escrita):
        return
    lida = tempo_formas.ler_data(escrita, mes_antes_do_dia=True)
    if lida is None:
        return
    meta.setdefault("data_escrita", escrita)
    meta["data"] = f"{lida.day:02d}/{lida.month:02d}/{lida.year}"
    meta["ordem_data"] = ordem_das_datas.MES_DIA


def _sem_data_de_ordem_incerta(novo: dict[str, Any], ordem: str) -> None:
    """Num documento que escreve as duas ordens, uma data como `08/02/2025` não tem leitura certa: ela fica como escrita
    (`data_escrita`), sem o dia nem o instante que a ordem brasileira daria em silêncio."""
    meta = novo["metadados"]
    data = meta.get("data")
    if not isinstance(data, str) or not ordem_das_datas.ambigua(data):
        return
    meta.setdefault("data_escrita", data)
    del meta["data"]
    meta.pop("instante_utc", None)
    meta.pop("hora_ambigua", None)
    meta["ordem_data"] = ordem


#: recebe os dados de uma rodada de registros (ver `Extrator.extrair`)
Coletor = Callable[[list[dict[str, Any]]], None]


#: registros por rodada numa tabela pura
_REGISTROS_POR_RODADA = 10_000


def _em_rodadas(registros: Iterable[Registro], tamanho: int) -> Iterator[list[Registro]]:
    rodada: list[Registro] = []
    for registro in registros:
        rodada.append(registro)
        if len(rodada) >= tamanho:
            yield rodada
            rodada = []
    if rodada:
        yield rodada


#: quantos textos distintos o compartilhamento guarda de cada vez (a memória do próprio dicionário fica limitada;
#: as repetições que importam, a data de um dia de log e o nome de um extrato, vêm em linhas vizinhas)
_TEXTOS_COMPARTILHADOS = 20_000


#: metadados que se repetem de uma linha para outra (o dia, a hora, a porta, o valor, o nome de um extrato)
_METADADOS_REPETIDOS = ("data", "hora", "data_hora", "registro", "porta", "valor", "saldo_apos", "meio", "nome_normalizado",
                        "contraparte", "contraparte_normalizada", "papel")


def _compartilhar_textos(dado: dict[str, Any], textos: dict[str, str]) -> dict[str, Any]:
    """Um texto repetido em muitos dados (a data, a hora, o nome, o valor) passa a ser um objeto só.

    Cada linha de um log de 200 mil acessos cria suas próprias cópias de "01/03/2025"; somadas, eram cerca
    de um oitavo da memória dos dados, no auxiliar e, depois do envio (o pickle guarda cada objeto uma vez),
    no principal. Os valores não mudam: só a identidade dos objetos. Só os campos que se repetem: os únicos
    (o instante, o texto da linha, que já é um objeto só) custariam tempo e nada poupariam.
    """
    um_so = textos.setdefault  # (o método guardado: roda para cada dado de cada linha)
    dado["dado"] = um_so(dado["dado"], dado["dado"])
    dado["linha_ou_celula"] = um_so(dado["linha_ou_celula"], dado["linha_ou_celula"])
    metadados = dado["metadados"]
    for chave in _METADADOS_REPETIDOS:
        valor = metadados.get(chave)
        if type(valor) is str:
            metadados[chave] = um_so(valor, valor)
    return dado


def _estrutura_inteira(documento: Documento) -> bool:
    """Os registros do leitor cobrem o documento (um JSON): nenhum bloco de formulário a procurar no resto."""
    return bool(documento.registros) and documento.tipo != "html"


def _registros_lidos(documento: Documento) -> list[RegistroLido]:
    """Os registros que a estrutura dá: os do leitor (objetos de JSON, listas de definições de um HTML) e, no
    resto do texto, os blocos de formulário (também num relato: a ficha de "Nome: / CPF:" de cada envolvido)."""
    if _estrutura_inteira(documento):
        return list(documento.registros)  # um JSON é estrutura do começo ao fim
    cobertos = {id(t) for r in documento.registros for t in r.trechos()}
    # as linhas de pares CHAVE=valor (logfmt, o cadastro com barras), em texto ou numa linha de CSV
    pares = list(pares_com_igual.registros(t for t in documento.trechos if id(t) not in cobertos))
    cobertos |= {id(t) for r in pares for t in r.trechos()}
    # e as de pares "Rótulo: valor" separados por vírgula ("IP: ..., Port: ..., Date: ...")
    pares += list(pares_na_linha.registros(t for t in documento.trechos if t.celulas is None and id(t) not in cobertos))
    cobertos |= {id(t) for r in pares for t in r.trechos()}
    soltos = [t for t in documento.trechos if t.celulas is None and id(t) not in cobertos]
    return [*documento.registros, *pares, *blocos.blocos(soltos), *blocos.tabelas_de_formulario(documento.trechos),
            *formulario_tabular.do_csv(documento.trechos), *atributo_valor.do_csv(documento.trechos)]


def _na_ordem_do_documento(registros: list[Registro], ctx: Contexto) -> list[Registro]:
    """Registros de linhas de texto e de tabelas na ordem em que estão no documento (a tabela de uma página entre os
    parágrafos dela): a ordem dos dados é a do documento, e a amostra de locais de uma conclusão também."""
    fim = len(ctx.ordem)

    def posicao(registro: Registro) -> int:
        return min((ctx.ordem.get(id(item.trecho), fim) for item in registro.itens), default=fim)

    return sorted(registros, key=posicao)
