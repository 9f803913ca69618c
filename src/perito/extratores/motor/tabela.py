"""Registros de tabela (CSV, tabelas de DOCX/HTML, tabelas de largura fixa de um texto): o cabeçalho dá papel às colunas."""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass, field, replace
from functools import lru_cache
from itertools import groupby
from typing import Iterator

from perito.chaves import ip as ip_chaves
from perito.chaves import tempo
from perito.chaves.conta import digitos_da_agencia
from perito.chaves.digitos import somente_digitos
from perito.extratores import (
    colunas,
    contraparte_na_descricao,
    linha_de_resumo,
    meia_noite,
    papel_pelo_conteudo,
    pares_de_celulas,
    quantias,
    rotulos,
    tempo_unix,
)
from perito.extratores.achado import Achado
from perito.extratores.contexto import Contexto, Declaracao
from perito.extratores.contraparte_na_linha_de_baixo import contraparte_na_linha_de_baixo
from perito.extratores.montagem import DataVigente, Item, Registro
from perito.extratores.motor.comum import fuso_do_contexto, lado_da_coluna, lado_das_pessoas, papel_das_datas, refinar
from perito.extratores.motor.dia import data_sem_ano, dias_das_tabelas, no_dia, periodo_declarado
from perito.extratores.papeis import achado_da_coluna, data_compacta, hora_compacta
from perito.extratores.reconhecedores import reconhecer
from perito.extratores.tempo_unix import ColunasUnix
from perito.leitura.documento import Documento, Trecho


def registros_tabela(documento: Documento, ctx: Contexto, consumidos: set[int] = frozenset()) -> Iterator[Registro]:
    """Os registros das tabelas do documento, na ordem (um gerador: quem lê por rodadas não guarda todos); as
    linhas `consumidos` já são campos de um registro de formulário."""
    com_celulas = [t for t in documento.trechos if t.celulas is not None and id(t) not in consumidos]
    # linhas de tabela entre linhas de texto (grade de PDF): o cabeçalho do dia escrito entre elas é o dia delas
    dias = dias_das_tabelas(documento, consumidos) if com_celulas and documento.tipo == "pdf" else {}
    periodo = _periodo_do_preambulo(documento) if com_celulas and documento.tipo in ("pdf", "txt") else None
    # a linha de texto logo abaixo de cada linha de tabela (PDF: "Puerto: 6958" entre os registros)
    abaixo = {}
    if com_celulas and documento.tipo == "pdf":
        abaixo = {id(a): b for a, b in itertools.pairwise(documento.trechos) if b.celulas is None}
    # CSV: uma tabela, cabeçalho no primeiro registro; DOCX/HTML: cada tabela tem o seu
    for _, grupo in groupby(com_celulas, key=_tabela_do_trecho):
        for trechos in _tabelas_da_sequencia(list(grupo)):
            for trecho, registro, plano in _registros_de_uma_tabela(trechos, ctx, documento.arquivo, periodo):
                if (dia := dias.get(id(trecho))) is not None:
                    # o dia do cabeçalho entre as linhas, e a hora da coluna "Hora" compõe o instante
                    no_dia(registro, trecho, trecho.celulas or (), plano.de_hora, dia)
                if (linha := abaixo.get(id(trecho))) is not None:
                    _porta_na_linha_de_baixo(registro, linha)
                    _contraparte_na_celula_quebrada(registro, trecho, linha, plano)
                    _contraparte_rotulada_embaixo(registro, linha)
                yield registro


def _numero(trecho: Trecho) -> int | None:
    fim = trecho.localizacao.rsplit(" ", 1)[-1]
    return int(fim) if fim.isdigit() else None


def _tabelas_da_sequencia(trechos: list[Trecho]) -> Iterator[list[Trecho]]:
    """Um CSV pode ter várias tabelas, uma embaixo da outra (aparelhos, depois o log de conexões): uma nova começa
    num cabeçalho logo depois de uma linha de título (uma célula só) ou de uma linha em branco. Cada uma tem o
    seu cabeçalho — o fuso de "Timestamp (GMT)" é da tabela de baixo, não da de cima."""
    inicio = 0
    numero_anterior = _numero(trechos[0]) if len(trechos) > 1 else None  # o número de cada linha, lido uma vez
    for i in range(1, len(trechos)):
        anterior, atual = trechos[i - 1], trechos[i]
        titulo = _no_maximo_uma_cheia(anterior.celulas or ())
        numero_atual = _numero(atual)
        lacuna = numero_anterior is not None and numero_atual is not None and numero_atual - numero_anterior > 1
        numero_anterior = numero_atual
        if i - inicio > 1 and (titulo or lacuna) and colunas.parece_cabecalho(atual.celulas or ()):
            corte = i - 1 if titulo and not lacuna and i - 1 > inicio else i  # o título vai com a tabela de baixo
            yield trechos[inicio:corte]
            inicio = corte
    yield trechos[inicio:]


def _no_maximo_uma_cheia(celulas: tuple[str, ...] | list[str]) -> bool:
    """No máximo uma célula preenchida (a linha de título): para na segunda, sem contar a linha inteira."""
    cheias = 0
    for celula in celulas:
        if celula.strip():
            cheias += 1
            if cheias > 1:
                return False
    return True


#: linhas de texto do começo do documento em que se procura o período ("Período: 01/12/2024 a 31/01/2025")
_LINHAS_DO_PREAMBULO = 40


def _periodo_do_preambulo(documento: Documento) -> tuple[Trecho, list] | None:
    """O período declarado antes da tabela, que dá o ano aos lançamentos "DD/MM" (como nas linhas de texto)."""
    for trecho in documento.trechos[:_LINHAS_DO_PREAMBULO]:
        if trecho.celulas is not None:
            break
        if periodo := periodo_declarado(trecho, reconhecer(trecho.texto)):
            return periodo
    return None


def _registros_de_uma_tabela(trechos: list[Trecho], ctx: Contexto, arquivo: str,
                             periodo: tuple[Trecho, list] | None = None) -> Iterator[tuple[Trecho, Registro, Colunas]]:
    """Os registros de uma tabela: o cabeçalho nas primeiras linhas, as linhas de título acima dele como texto."""
    indice_cabecalho = next((i for i, t in enumerate(trechos[:10]) if colunas.parece_cabecalho(t.celulas or ())), None)
    if indice_cabecalho is None:
        cabecalho, corpo = None, trechos
    else:
        cabecalho, corpo = trechos[indice_cabecalho], trechos[indice_cabecalho + 1:]
        for titulo in trechos[:indice_cabecalho]:  # linhas de título acima do cabeçalho: relidas como texto
            achados = pares_de_celulas.achados(titulo)  # "Cliente";"RAFAEL ...";"CPF";"083...": rótulo e valor
            yield titulo, registro_tabela(titulo, _SEM_COLUNAS, ctx, arquivo, achados), _SEM_COLUNAS
    papeis = colunas.papeis(cabecalho.celulas) if cabecalho else {}
    if cabecalho:
        papeis = papel_pelo_conteudo.completar(papeis, [t.celulas or () for t in corpo], cabecalho.celulas or ())
    nomes = dict(enumerate(cabecalho.celulas)) if cabecalho else {}
    fusos = {i: d for i, nome in nomes.items() if cabecalho and (d := ctx.declarar_coluna(cabecalho, str(i), nome))}
    plano = replace(Colunas.de(papeis, nomes, fusos, cabecalho),
                    notacoes=quantias.notacoes_das_colunas(papeis, nomes, [t.celulas or () for t in corpo]),
                    periodo=periodo)
    de_data = [i for i, p in papeis.items() if p in ("data", "data_hora")]
    dia: DataVigente | None = None  # a data da linha de cima, para as linhas do mesmo dia que não a repetem
    de_historico = [i for i, p in papeis.items() if p == "historico"]
    anterior: tuple[Trecho, Registro] | None = None  # a linha de cima espera a de baixo, que pode ser o detalhe dela
    for trecho in corpo:
        # sem cabeçalho, a linha pode ser de pares rótulo e valor (o preâmbulo separado da tabela por uma linha em branco)
        registro = registro_tabela(trecho, plano, ctx, arquivo, pares_de_celulas.achados(trecho) if cabecalho is None
                                   else None)
        dia = dia_repetido(registro, trecho, de_data, dia, plano)
        if anterior is not None:
            _detalhe_do_lancamento(anterior, trecho, registro, de_historico)
            yield anterior[0], anterior[1], plano
        anterior = (trecho, registro)
    if anterior is not None:
        yield anterior[0], anterior[1], plano


def _detalhe_do_lancamento(anterior: tuple[Trecho, Registro], trecho: Trecho, registro: Registro,
                           de_historico: list[int]) -> None:
    """A linha de detalhe logo abaixo do lançamento, como o CSV do Banco do Brasil a exporta ("Pix - Recebido" com o
    valor, e na linha de baixo, sem valor, "14/07 15:21 ANA BEATRIZ MOREIRA"): o nome é quem pagou (ou recebeu) o
    lançamento de cima, citado na linha de baixo, onde está escrito."""
    de_cima, lancamento = anterior
    if not de_historico or any(i.achado.campo == "valor_transacao" for i in registro.itens) or (
            not any(i.achado.campo == "valor_transacao" for i in lancamento.itens)
            or any(i.achado.campo == "nome_titular" for i in lancamento.itens)):
        return
    celulas, celulas_de_cima = trecho.celulas or (), de_cima.celulas or ()
    if nomes := [i for i in registro.itens if i.achado.campo == "nome_titular"]:
        # o nome que a linha de baixo já dá por si ("ANA BEATRIZ MOREIRA - CPF ***.274.519-**"), só na coluna de
        # histórico: é a outra parte do lançamento de cima, e sai do registro da linha de baixo
        cheias = [n for n, c in enumerate(celulas) if c.strip()]
        if cheias and all(n in de_historico for n in cheias) and not any(
                i.achado.campo == "data_evento" for i in registro.itens):
            for item in nomes:
                if item.achado.metadados.get("papel") in (None, "nome", "titular", "identificado_por_cpf"):
                    item.achado.metadados["papel"] = "contraparte"
            lancamento.itens.extend(nomes)
            registro.itens = [i for i in registro.itens if i.achado.campo != "nome_titular"]
        return
    for indice in de_historico:
        if indice >= len(celulas) or indice >= len(celulas_de_cima) or not (celula := celulas[indice].strip()):
            continue
        for achado in contraparte_na_linha_de_baixo(celulas_de_cima[indice], celula, []):
            if (inicio := trecho.texto.find(achado.dado)) >= 0:
                lancamento.itens.append(Item(replace(achado, inicio=inicio, fim=inicio + len(achado.dado)), trecho))
                return


#: colunas cujo IP não é o de quem acessou: o do servidor do banco, o destino da conexão, o DNS; e as de versão e de
#: User-Agent, cujo "12.4.0.3" não é IP nenhum
_VERSAO = frozenset({"versao", "version", "build", "app",
                     # o User-Agent ("Mozilla/5.0 ... Chrome/120.0.0.0"): o navegador e as versões dele, nunca o IP
                     "agent", "agente", "navegador", "browser", "useragent"})


def ips_de_outra_coisa(achados: list[Achado], celulas: tuple[str, ...], posicoes: list[int | None],
                       nomes: dict[int, str]) -> list[Achado]:
    """O IP numa coluna de servidor fica como dado, marcado (`papel_ip`: servidor), e não cruza com nada; o "IP" numa
    coluna de versão do aplicativo não é IP."""
    saida = []
    for achado in achados:
        if achado.tipo_dado == "ip" and (coluna := _coluna_de(achado, celulas, posicoes)) is not None:
            versao, servidor = _coluna_de_ip(nomes.get(coluna, ""))
            if versao:
                continue
            if servidor:
                achado.campo = "outro"
                achado.metadados["papel_ip"] = "servidor"
        saida.append(achado)
    return saida


def algum_ip_de_outra_coisa(nomes: dict[int, str]) -> bool:
    """Alguma coluna de `nomes`, ou a célula fora delas (o nome ""), faz `ips_de_outra_coisa` mudar o IP dela: decidido
    uma vez por tabela (sem nenhuma, como no log de acessos, a função não roda a cada linha)."""
    return any(any(_coluna_de_ip(nome)) for nome in (*nomes.values(), ""))


@lru_cache(maxsize=4096)  # pura; pedida para o IP de cada linha, pelo nome da coluna dele
def _coluna_de_ip(nome: str) -> tuple[bool, bool]:
    """(a coluna é de versão ou de User-Agent, a coluna é do IP do servidor)."""
    return bool(set(colunas.palavras(nome)) & _VERSAO), colunas.ip_do_servidor(nome)


#: a coluna que identifica o registro ("REFERENCE_ID", "ID do usuário", "Nº do pedido", "NSU", "Protocolo"): os dez ou
#: onze algarismos dela são o identificador, não um telefone (o número de um Pix para celular vem no histórico)
_COLUNA_DE_IDENTIFICADOR = frozenset({"id", "codigo", "cod", "protocolo", "protocol", "referencia", "reference", "ref",
                                      "pedido", "order", "nsu", "ticket", "txid", "hash", "autenticacao", "uuid"})
_TELEFONE_NA_COLUNA = frozenset({"telefone", "phone", "celular", "mobile", "msisdn", "whatsapp", "linha", "contato"})


def telefones_de_identificador(achados: list[Achado], celulas: tuple[str, ...], posicoes: list[int | None],
                               nomes: dict[int, str]) -> list[Achado]:
    """Sem o "telefone" que são só os algarismos de uma coluna de identificador, nem o "IMEI" de uma coluna de
    IMSI, ICCID ou CGI (a identidade do chip ou da célula)."""
    saida = []
    for achado in achados:
        if achado.tipo_dado in ("telefone", "imei") and (coluna := _coluna_de(achado, celulas, posicoes)) is not None:
            nome = nomes.get(coluna, "")
            if achado.tipo_dado == "imei" and colunas.coluna_de_rede(nome):
                continue
            palavras = set(colunas.palavras(nome))
            if (achado.tipo_dado == "telefone" and achado.dado.isdigit() and palavras & _COLUNA_DE_IDENTIFICADOR
                    and not palavras & _TELEFONE_NA_COLUNA):
                continue
        saida.append(achado)
    return saida


def _nome_da_coluna(achado: Achado, celulas: tuple[str, ...], posicoes: list[int | None], nomes: dict[int, str]) -> str:
    coluna = _coluna_de(achado, celulas, posicoes)
    return nomes.get(coluna, "") if coluna is not None else ""


def _coluna_de(achado: Achado, celulas: tuple[str, ...], posicoes: list[int | None]) -> int | None:
    for indice, inicio in enumerate(posicoes):
        if inicio is not None and inicio <= achado.inicio < inicio + len(celulas[indice]):
            return indice
    return None


def dia_repetido(registro: Registro, trecho: Trecho, de_data: list[int], dia: DataVigente | None,
                  plano: Colunas | None = None) -> DataVigente | None:
    """O extrato ou o log que escreve a data só no primeiro registro do dia (a célula de data vazia nas linhas seguintes,
    ou mesclada numa planilha exportada): o registro sem data leva a da linha de cima, citada como apoio, como o
    cabeçalho do dia, e a hora da coluna de hora compõe com ela o instante (no fuso do cabeçalho da coluna da hora,
    quando ele o diz). Devolve o dia em vigor."""
    celulas = trecho.celulas or ()
    if not de_data or len(de_data) != 1 or de_data[0] >= len(celulas):
        return None
    if celulas[de_data[0]].strip():
        datas = [i for i in registro.itens if i.achado.campo == "data_evento" and "data" in i.achado.metadados]
        if len(datas) != 1:
            return None
        meta = datas[0].achado.metadados
        if "hora" in meta and str(meta["hora"]) in celulas[de_data[0]]:
            return None  # a data com a hora na mesma célula: o instante é da própria linha, não um dia que se repete
        return DataVigente(meta["data"], trecho)
    if dia is not None and not any(i.achado.campo == "data_evento" for i in registro.itens):
        if plano is None:
            registro.data_vigente = dia
        else:
            no_dia(registro, trecho, celulas, plano.de_hora, dia)
            if (declaracao := plano.fuso_da_hora or next(
                    (plano.fusos[i] for i in plano.de_hora if i in plano.fusos), None)) is not None:
                registro.fuso_de = lambda _trecho, declaracao=declaracao: declaracao
    return dia


def _tabela_do_trecho(trecho: Trecho) -> str:
    if trecho.tabela:
        return trecho.tabela
    return trecho.localizacao.split(" linha ")[0] if trecho.localizacao.startswith("tabela") else ""


@dataclass(frozen=True)
class Colunas:
    """O que o cabeçalho de uma tabela diz das colunas, calculado uma vez por tabela (não a cada registro)."""

    papeis: dict[int, str]
    nomes: dict[int, str]
    fusos: dict[int, Declaracao]
    #: tabela de extrato (tem coluna de saldo)
    extrato: bool
    #: colunas de fuso e de hora, na ordem do cabeçalho
    de_fuso: tuple[int, ...]
    de_hora: tuple[int, ...]
    #: fuso do cabeçalho da primeira coluna de hora que declara um ("Data;Hora (BRT)")
    fuso_da_hora: Declaracao | None
    #: coluna → papel da data pelo nome dela ("Data de Ativação")
    papeis_de_data: dict[int, str]
    #: tem colunas de agência e de conta (a conta pode estar em colunas)
    conta_em_colunas: bool
    #: colunas de tempo Unix (a unidade de cada uma é decidida no primeiro valor)
    unix: ColunasUnix
    #: coluna de valor → notação (br, us, centavos), decidida por todos os valores dela
    notacoes: dict[int, str] = field(default_factory=dict)
    #: o período declarado no preâmbulo (o ano das datas "DD/MM" das linhas)
    periodo: tuple[Trecho, list] | None = None
    #: tabela de resumo (saldo inicial, créditos, débitos, saldo final): os totais não são lançamentos
    resumo: bool = False
    #: colunas de duração (de chamada): "00:01:02" nelas nunca é a hora da data ao lado
    de_duracao: frozenset[int] = frozenset()
    #: decididas pelos nomes, uma vez por tabela (não a cada linha): as colunas de preço, as de moeda (em ordem) e o
    #: lado da pessoa de cada coluna que o diz ("Payer Name", "Favorecido")
    de_preco: frozenset[int] = frozenset()
    de_moeda: tuple[int, ...] = ()
    lados: tuple[tuple[int, str], ...] = ()
    #: alguma coluna (ou a célula sem nome de coluna) é de versão, de User-Agent ou do IP do servidor: sem nenhuma,
    #: `ips_de_outra_coisa` não muda nada e nem roda (True, o caminho geral, quando não se sabe)
    ip_de_outra_coisa: bool = True

    @classmethod
    def de(cls, papeis: dict[int, str], nomes: dict[int, str], fusos: dict[int, Declaracao],
           cabecalho: Trecho | None = None) -> Colunas:
        return cls(
            papeis, nomes, fusos,
            extrato="saldo" in papeis.values(),
            de_fuso=tuple(i for i, p in papeis.items() if p == "fuso"),
            de_hora=tuple(i for i, p in papeis.items() if p == "hora"),
            fuso_da_hora=next((fusos[i] for i, p in sorted(papeis.items()) if p in ("hora", "data_hora") and i in fusos), None),
            papeis_de_data={i: papel for i, nome in nomes.items() if (papel := rotulos.papel_da_data(nome))},
            conta_em_colunas={"agencia", "conta"} <= set(papeis.values()),
            unix=ColunasUnix(dict(nomes), dict.fromkeys(nomes, cabecalho) if cabecalho else {}),
            resumo=_resumo(nomes),
            de_duracao=frozenset(i for i, nome in nomes.items() if _DURACAO & set(colunas.palavras(nome))),
            de_preco=frozenset(i for i, nome in nomes.items() if quantias.coluna_de_preco(nome)),
            de_moeda=tuple(sorted(i for i, nome in nomes.items() if quantias.coluna_de_moeda(nome))),
            lados=tuple((i, lado) for i, nome in nomes.items() if (lado := lado_da_coluna(nome))),
            ip_de_outra_coisa=algum_ip_de_outra_coisa(nomes),
        )

    def coluna_de_fuso(self, celulas: tuple[str, ...]) -> int | None:
        """A primeira coluna de fuso preenchida neste registro."""
        return next((i for i in self.de_fuso if i < len(celulas) and celulas[i].strip()), None)


_DURACAO = frozenset({"duracao", "duration", "duracion"})
_SALDO = frozenset({"saldo", "balance"})
_ABERTURA = frozenset({"inicial", "initial", "anterior", "opening", "abertura"})
_FECHAMENTO = frozenset({"final", "closing", "fechamento"})


def _resumo(nomes: dict[int, str]) -> bool:
    """O cabeçalho tem o saldo de abertura e o de fechamento ("INITIAL_BALANCE;CREDITS;DEBITS;FINAL_BALANCE"): a
    linha de baixo soma o período; os créditos e débitos dela são totais, nunca um lançamento."""
    palavras = [set(colunas.palavras(nome)) for nome in nomes.values()]
    return any(p & _SALDO and p & _ABERTURA for p in palavras) and any(p & _SALDO and p & _FECHAMENTO for p in palavras)


_SEM_COLUNAS = Colunas.de({}, {}, {})
def _linha_de_saldo(celulas: tuple[str, ...]) -> bool:
    """A célula de histórico de uma linha de saldo ou de total ("SALDO ANTERIOR", "S A L D O", "TOTAL DO PERÍODO"): o
    valor dela é o saldo ou a soma, não um lançamento, também num extrato de uma coluna só de valor (com C/D)."""
    for celula in celulas:
        if linha_de_resumo.resumo(celula):
            return True
    return False


def registro_tabela(trecho: Trecho, plano: Colunas, ctx: Contexto, arquivo: str,
                    achados: list[Achado] | None = None) -> Registro:
    """O registro de uma linha de tabela; `achados`: os do texto da linha, quando quem chama já os reconheceu."""
    papeis = plano.papeis
    achados = reconhecer(trecho.texto) if achados is None else achados
    if plano.periodo is not None and (sem_ano := data_sem_ano(trecho, achados, plano.periodo)) is not None:
        achados = sorted([*achados, sem_ano], key=lambda a: (a.inicio, a.fim))
    celulas = trecho.celulas or ()
    posicoes = _posicoes(trecho.texto, celulas)
    saldo = ""
    extensoes = _extensoes(trecho.texto, celulas, posicoes)
    achados = _sem_atravessar(achados, posicoes, extensoes)
    if plano.de_duracao:  # (sem coluna de duração a função não muda nada: o teste do atalho compara)
        achados = _sem_hora_da_duracao(achados, trecho.texto, posicoes, plano.de_duracao)
    achados = tempo_unix.nas_celulas(plano.unix, achados, celulas, posicoes, arquivo)
    if plano.ip_de_outra_coisa:
        achados = ips_de_outra_coisa(achados, celulas, posicoes, plano.nomes)
    achados = telefones_de_identificador(achados, celulas, posicoes, plano.nomes)
    _fuso_por_coluna(achados, trecho, posicoes, celulas, plano, ctx, arquivo)
    for indice, papel in papeis.items():
        if indice >= len(celulas) or (inicio := posicoes[indice]) is None or not celulas[indice].strip():
            continue
        fim = inicio + extensoes[indice]  # a célula quebrada em linhas: só a primeira parte está nesta linha
        if papel in ("porta", "porta_final"):
            for achado in achados:
                if (achado.tipo_dado == "ip" and papel not in achado.metadados and celulas[indice].strip().isdigit()
                        and achado.metadados.get("papel_ip") != "servidor"
                        and colunas.porta_do_ip(_nome_da_coluna(achado, celulas, posicoes, plano.nomes),
                                                plano.nomes.get(indice, ""))):
                    achado.metadados[papel] = celulas[indice].strip()
            continue
        if papel == "saldo":
            achados = _sem_valor_na_celula(achados, inicio, fim)
            saldo = celulas[indice].strip()
            continue
        if papel in ("tarifa", "valor_liquido"):
            # a tarifa e o líquido ao lado do bruto não são outra transferência
            achados = _sem_valor_na_celula(achados, inicio, fim)
            continue
        if papel == "data" and (compacta := data_compacta(celulas[indice], inicio)) is not None:
            # "20250315" na coluna Data: a data, não o telefone antigo de 8 dígitos que o reconhecedor veria
            achados = [a for a in achados if not (a.inicio < compacta.fim and compacta.inicio < a.fim)] + [compacta]
            continue
        if papel == "nome":
            # um "nome" que o reconhecedor viu atravessando a borda da célula ("PHONE JOSÉ": o tipo da chave e o
            # começo do nome) não é o nome, nem o pedaço da célula que quebrou em linhas ("Larissa Lima" de
            # "Larissa Lima Campos"): o da coluna é
            quebrada = extensoes[indice] < len(celulas[indice])
            achados = [a for a in achados if not (a.campo == "nome_titular" and a.inicio < fim and inicio < a.fim
                                                  and (quebrada or a.inicio < inicio or a.fim > fim))]
        if not _algum_na_faixa(achados, inicio, fim):
            novo = achado_da_coluna(papel, celulas[indice], inicio)
            if novo:
                # a célula que quebrou em linhas ocupa nesta linha só a parte escrita nela: o dado é a célula
                # inteira, mas a posição não pode invadir as colunas seguintes (o valor ao lado seria "outro dado")
                novo.fim = min(novo.fim, fim)
                achados.append(novo)
        elif papel in _PAPEIS_QUE_REFINAM:  # nos outros papéis `refinar` não muda nada
            for achado in [a for a in achados if inicio <= a.inicio and a.fim <= fim]:
                refinar(achado, papel)
    if saldo:  # o saldo depois do lançamento, como nas linhas de texto de um extrato
        for achado in achados:
            if achado.campo == "valor_transacao":
                achado.metadados.setdefault("saldo_apos", saldo)
    _porta_rotulada_numa_celula(achados, celulas)
    _porta_empilhada(achados, celulas, posicoes, plano.nomes)
    achados = quantias.nas_colunas(trecho.texto, achados, celulas, posicoes, papeis, plano.notacoes, plano.extrato, plano.nomes)
    # (a regra só tira valores: sem valor na linha, como num log de acessos, nem se procura o saldo ou a moeda)
    if any(a.campo == "valor_transacao" for a in achados) and (
            plano.resumo or _linha_de_saldo(celulas) or quantias.moeda_estrangeira(
                (plano.nomes[i], celulas[i]) for i in plano.de_moeda if i < len(celulas))):  # "USDT": cripto, não reais
        achados = [a for a in achados if a.campo != "valor_transacao"]
    if plano.de_preco:  # o preço do anúncio ou do produto não é um pagamento
        achados = [a for a in achados
                   if not (a.campo == "valor_transacao" and _coluna_de(a, celulas, posicoes) in plano.de_preco)]
    for indice, papel_da_data in plano.papeis_de_data.items():  # só as colunas cujo nome dá papel à data
        if indice < len(posicoes) and (inicio := posicoes[indice]) is not None:
            fim = inicio + len(celulas[indice])
            # pelo começo: a data-hora que leva o fuso da coluna seguinte ("16:40:00;UTC-3") passa do fim da célula
            papel_das_datas([a for a in achados if inicio <= a.inicio < fim], papel_da_data)
    for indice, lado in plano.lados:  # "Payer Name", "Favorecido": o lado da pessoa na transferência
        if indice < len(posicoes) and (inicio := posicoes[indice]) is not None:
            fim = inicio + len(celulas[indice])
            lado_das_pessoas([a for a in achados if inicio <= a.inicio and a.fim <= fim], lado)
    if contraparte_na_descricao.lancamento_de_transferencia(trecho.texto, achados):
        for indice, papel in papeis.items():  # "Pix recebido;JOSE PEREIRA SANTOS;2.500,00": o nome sozinho na descrição
            if (papel == "historico" and indice < len(celulas) and (inicio := posicoes[indice]) is not None
                    and not any(inicio <= a.inicio < inicio + len(celulas[indice]) for a in achados)
                    and (nome := contraparte_na_descricao.nome(celulas[indice], inicio)) is not None):
                achados.append(nome)
                break
    achados.sort(key=lambda a: (a.inicio, a.fim))
    _data_e_hora_em_colunas(achados, trecho, posicoes, celulas, plano, ctx, arquivo)
    if plano.conta_em_colunas and (conta := _conta_das_colunas(trecho.texto, achados, posicoes, celulas, papeis)):
        achados = sorted([*(a for a in achados if not (conta.inicio <= a.inicio and a.fim <= conta.fim)), conta],
                         key=lambda a: (a.inicio, a.fim))
    return Registro(trecho.localizacao, trecho.texto, [Item(a, trecho) for a in achados], extrato=plano.extrato)


#: os papéis de coluna em que `comum.refinar` muda o achado (o telefone que é CPF ou chave Pix)
_PAPEIS_QUE_REFINAM = frozenset({"cpf", "documento", "chave_pix"})


def _sem_valor_na_celula(achados: list[Achado], inicio: int, fim: int) -> list[Achado]:
    """Sem os valores escritos inteiros entre `inicio` e `fim` (a célula do saldo, da tarifa)."""
    return [a for a in achados if not (a.campo == "valor_transacao" and inicio <= a.inicio and a.fim <= fim)]


def _algum_na_faixa(achados: list[Achado], inicio: int, fim: int) -> bool:
    """Algum achado toca a faixa [inicio, fim) (o laço simples: roda para cada coluna de cada linha)."""
    for a in achados:
        if a.inicio < fim and inicio < a.fim:
            return True
    return False


_SO_A_PORTA = ip_chaves.PADRAO_SO_A_PORTA


def _porta_na_linha_de_baixo(registro: Registro, linha: Trecho) -> None:
    """A linha de texto logo abaixo de um registro que só diz a porta ("Puerto: 6958", a segunda linha do registro
    numa tabela de PDF sem réguas) é a do único IP dele sem porta, citada onde está escrita."""
    if (m := _SO_A_PORTA.match(linha.texto)) is None or not ip_chaves.porta_valida(porta := m.group(1)):
        return
    ips = [i for i in registro.itens if i.achado.tipo_dado == "ip" and "porta" not in i.achado.metadados]
    if len(ips) == 1:
        meta = ips[0].achado.metadados
        meta["porta"] = porta
        meta.setdefault("apoio", []).append(
            {"papel": "porta", "pagina": linha.pagina, "linha_ou_celula": linha.localizacao, "dado": porta})


def _contraparte_na_celula_quebrada(registro: Registro, trecho: Trecho, linha: Trecho, plano: Colunas) -> None:
    """A célula de histórico da grade que quebrou em duas linhas ("Pix recebido" / "HELENA MARQUES VIANA", o extrato
    do banco digital em PDF): o nome que fica na linha de baixo é a contraparte do lançamento de cima, lido pelo
    histórico inteiro (que diz o lado) e citado na linha onde está escrito."""
    itens = registro.itens
    if any(i.achado.campo == "nome_titular" for i in itens) or not any(i.achado.campo == "valor_transacao" for i in itens):
        return
    celulas = trecho.celulas or ()
    for indice, papel in plano.papeis.items():
        if papel != "historico" or indice >= len(celulas):
            continue
        # o nome achado no histórico inteiro vale só se está escrito na linha de baixo (o fim da célula)
        for achado in reconhecer(" ".join(celulas[indice].split())):
            if achado.campo == "nome_titular" and (inicio := linha.texto.find(achado.dado)) >= 0:
                itens.append(Item(replace(achado, inicio=inicio, fim=inicio + len(achado.dado)), linha))
                return


#: o papel do rótulo que diz o lado da contraparte e a direção do lançamento com que ele combina
_LADO_DO_ROTULO = {"remetente": "credito", "favorecido": "debito", "contraparte": None}


def _contraparte_rotulada_embaixo(registro: Registro, linha: Trecho) -> None:
    """A linha de texto logo abaixo do lançamento que só diz a contraparte, rotulada ("REM: ANA BEATRIZ MOREIRA
    14/07" e "DES: LUCIANA ..." sob "TRANSFERENCIA PIX", o extrato do Bradesco em PDF): o nome é quem pagou ou
    recebeu o lançamento de cima, citado onde está escrito. O rótulo do lado contrário ao do valor (o remetente
    sob um débito) não é dele."""
    itens = registro.itens
    valores = [i.achado for i in itens if i.achado.campo == "valor_transacao"]
    if len(valores) != 1 or any(i.achado.campo == "nome_titular" for i in itens):
        return
    achados = reconhecer(linha.texto)
    nomes = [a for a in achados if a.campo == "nome_titular"]
    if len(nomes) != 1 or any(a.campo not in ("nome_titular", "data_evento") for a in achados):
        return
    papel = nomes[0].metadados.get("papel")
    if papel not in _LADO_DO_ROTULO:
        return
    direcao = valores[0].metadados.get("direcao")
    if (lado := _LADO_DO_ROTULO[papel]) is not None and direcao is not None and direcao != lado:
        return
    itens.append(Item(nomes[0], linha))


#: o número sozinho depois do IP na mesma célula ("177.45.10.2 51234", a célula "IP<br>Porta" de um HTML)
_NUMERO_DEPOIS_DO_IP = re.compile(r"\s+(\d{1,5})\s*$")


def _porta_empilhada(achados: list[Achado], celulas: tuple[str, ...], posicoes: list[int | None],
                     nomes: dict[int, str]) -> None:
    """O IP e a porta empilhados na mesma célula, com o cabeçalho empilhado do mesmo jeito ("IP<br>Porta" num HTML,
    "IP\nPorta" num DOCX, lidos "IP Porta" e "177.45.10.2 51234"): o número depois do IP é a porta dele."""
    for achado in achados:
        if achado.tipo_dado != "ip" or "porta" in achado.metadados:
            continue
        coluna = _coluna_de(achado, celulas, posicoes)
        if coluna is None or (inicio := posicoes[coluna]) is None:
            continue
        palavras = colunas.palavras(nomes.get(coluna, ""))
        if "ip" not in palavras or not {"porta", "port"} & set(palavras):
            continue
        resto = celulas[coluna][achado.fim - inicio:]
        if (m := _NUMERO_DEPOIS_DO_IP.match(resto)) and ip_chaves.porta_valida(m.group(1)):
            achado.metadados["porta"] = m.group(1)


def _porta_rotulada_numa_celula(achados: list[Achado], celulas: tuple[str, ...]) -> None:
    """A porta rotulada escrita numa célula do registro ("2016-01-25T18:29:45Z src_port: 15559", a segunda linha da
    célula de uma grade) é a do único IP dele que ainda não tem porta."""
    ips = [a for a in achados if a.tipo_dado == "ip" and "porta" not in a.metadados]
    if len(ips) != 1:
        return
    portas = {m.group(1) for c in celulas for m in ip_chaves.PADRAO_PORTA_ROTULADA.finditer(c)}
    if len(portas) == 1 and ip_chaves.porta_valida(porta := portas.pop()):
        ips[0].metadados["porta"] = porta


def _conta_das_colunas(texto: str, achados: list[Achado], posicoes: list[int | None], celulas: tuple[str, ...],
                       papeis: dict[int, str]) -> Achado | None:
    """Banco, agência e conta em colunas (`ISPB;Agência;Conta`): uma conta, o trecho do primeiro ao último."""
    if any(a.campo == "conta_bancaria" for a in achados):
        return None
    partes = {p: i for i, p in papeis.items() if p in ("banco", "agencia", "conta") and i < len(celulas)
              and posicoes[i] is not None and re.search(r"\d", celulas[i])}
    if "conta" not in partes or "agencia" not in partes:
        return None
    indices = sorted(partes.values())
    inicio = posicoes[indices[0]] or 0
    fim = (posicoes[indices[-1]] or 0) + len(celulas[indices[-1]])
    meta = {"agencia": digitos_da_agencia(celulas[partes["agencia"]]),
            "conta": somente_digitos(celulas[partes["conta"]]).lstrip("0") or "0"}
    if "banco" in partes and (banco := somente_digitos(celulas[partes["banco"]])):
        meta["banco"] = banco
    meta["conta_normalizada"] = "|".join(meta.get(k, "") for k in ("banco", "agencia", "conta"))
    return Achado(inicio, fim, texto[inicio:fim], "conta_bancaria", "financeiro", metadados=meta)


def _coluna_do_achado(achado: Achado, posicoes: list[int | None], celulas: tuple[str, ...]) -> int | None:
    for indice, inicio in enumerate(posicoes):
        if inicio is not None and inicio <= achado.inicio and achado.fim <= inicio + len(celulas[indice]):
            return indice
    return None


def _fuso_por_coluna(achados: list[Achado], trecho: Trecho, posicoes: list[int | None], celulas: tuple[str, ...],
                     plano: Colunas, ctx: Contexto, arquivo: str) -> None:
    """Fuso da própria linha (coluna Fuso/tz_offset), senão o do cabeçalho da coluna, senão o de cima."""
    coluna_fuso = plano.coluna_de_fuso(celulas) if plano.de_fuso else None
    for achado in achados:
        if achado.campo != "data_evento" or "hora" not in achado.metadados or achado.fuso:
            continue
        if coluna_fuso is not None and tempo.zona(celulas[coluna_fuso].strip()) is not None:
            achado.fuso = celulas[coluna_fuso].strip()
            if momento := tempo.instante(achado.metadados["data"], achado.metadados["hora"], achado.fuso):
                achado.metadados["instante_utc"] = tempo.iso_utc(momento)
            continue
        coluna = _coluna_do_achado(achado, posicoes, celulas) if plano.fusos else None
        declaracao = plano.fusos.get(coluna) if coluna is not None else None
        if declaracao is None:  # "Data;Hora (BRT)": o fuso está no cabeçalho da coluna da hora
            declaracao = plano.fuso_da_hora
        fuso_do_contexto([achado], trecho, ctx, arquivo, declaracao)


def _data_e_hora_em_colunas(achados: list[Achado], trecho: Trecho, posicoes: list[int | None], celulas: tuple[str, ...],
                            plano: Colunas, ctx: Contexto, arquivo: str) -> None:
    """Data numa coluna e hora noutra (`Data;Hora;IP`) formam o instante do registro."""
    if not any(a.campo == "data_evento" and ("hora" not in a.metadados or meia_noite.a_meia_noite(a)) for a in achados):
        return  # só a data sem hora (ou à meia-noite da célula) recebe a hora da coluna (o resto só procura essa hora)
    fusos = plano.fusos
    coluna_hora = next((i for i in plano.de_hora if i < len(celulas)), None)
    if coluna_hora is None:  # "Time;...;event_date": a coluna de tempo cujo valor é só a hora é a coluna da hora
        coluna_hora = next((i for i, papel in plano.papeis.items() if papel == "data_hora" and i < len(celulas)
                            and tempo.hora_e_fuso(celulas[i]) is not None), None)
    fuso_da_hora = None
    hora_literal = None
    if coluna_hora is not None and coluna_hora in plano.de_hora and (compacta := hora_compacta(celulas[coluna_hora])):
        lida, hora_literal = (compacta, None), celulas[coluna_hora].strip()  # "143502": 14:35:02, citada como escrita
    elif coluna_hora is not None:
        lida = tempo.hora_e_fuso(celulas[coluna_hora])
    if coluna_hora is None or lida is None:
        # sem coluna de hora: a hora do Pix escrita no histórico ("PIX RECEBIDO - 14:02:11", "HR 09:07:55")
        if (no_historico := quantias.hora_no_historico(celulas, plano.papeis, plano.nomes)) is None:
            return
        coluna_hora, texto_hora = no_historico
        de_coluna = False  # a hora do Pix no histórico não troca a meia-noite da célula de data
    else:
        texto_hora, fuso_da_hora = lida  # "10:05:39 +00:00": a hora e o fuso escritos na célula dela
        de_coluna = True
    for achado in achados:
        meta = achado.metadados
        if achado.campo != "data_evento" or (
                "hora" in meta and not (de_coluna and meia_noite.da_celula_de_data(achado, texto_hora))):
            continue
        meia_noite.trocar_pela_coluna_da_hora(achado)
        meta["hora"] = texto_hora
        if hora_literal is not None:
            meta["hora_literal"] = hora_literal
        coluna_fuso = plano.coluna_de_fuso(celulas)
        if fuso_da_hora is not None:
            achado.fuso = fuso_da_hora
            if momento := tempo.instante(meta["data"], meta["hora"], achado.fuso):
                meta["instante_utc"] = tempo.iso_utc(momento)
        elif coluna_fuso is not None and tempo.zona(celulas[coluna_fuso].strip()) is not None:
            achado.fuso = celulas[coluna_fuso].strip()
            if momento := tempo.instante(meta["data"], meta["hora"], achado.fuso):
                meta["instante_utc"] = tempo.iso_utc(momento)
        else:
            declaracao = fusos.get(coluna_hora) or fusos.get(_coluna_do_achado(achado, posicoes, celulas) or -1)
            fuso_do_contexto([achado], trecho, ctx, arquivo, declaracao)


def _sem_atravessar(achados: list[Achado], posicoes: list[int | None], extensoes: list[int]) -> list[Achado]:
    """Um valor nunca atravessa a borda da sua célula: "724-23-6375-28286,35-298160-470377-2" (o fim do Cell ID,
    a vírgula do CSV e o começo do IMEI) não é o valor R$ 28.286,35. O que começa numa célula e acaba fora dela
    sai; a coluna relê a própria célula pelo papel dela. A exceção é o instante escrito em duas colunas vizinhas
    ("15/03/2025;11:34:02": data e hora), que é um dado só, e a conta com os rótulos nas células ao lado
    ("Agência: 0001;Conta: 7788990-1", o preâmbulo de um extrato)."""
    if len(posicoes) < 2:
        return achados
    celulas = [(inicio, inicio + extensao) for inicio, extensao in zip(posicoes, extensoes, strict=True)
               if inicio is not None]
    return [a for a in achados if a.campo in ("data_evento", "conta_bancaria") or not _atravessa(a, celulas)]


def _atravessa(achado: Achado, celulas: list[tuple[int, int]]) -> bool:
    """O achado começa numa célula e acaba depois dela."""
    de, ate = achado.inicio, achado.fim
    for ini, fim in celulas:
        if ini <= de < fim < ate:
            return True
    return False


def _sem_hora_da_duracao(achados: list[Achado], texto: str, posicoes: list[int | None],
                         de_duracao: frozenset[int]) -> list[Achado]:
    """A data seguida da coluna de duração de uma chamada ("02/08/2025;00:01:02" sob "Data;Duração"): 1 min 2 s de
    conversa, não a hora. O instante que entra na célula da duração fica só com a data."""
    inicios = [inicio for i in de_duracao if i < len(posicoes) and (inicio := posicoes[i]) is not None]
    if not inicios:
        return achados
    saida = []
    for a in achados:
        data = a.metadados.get("data")
        if (a.campo == "data_evento" and "hora" in a.metadados and isinstance(data, str)
                and any(a.inicio < inicio < a.fim for inicio in inicios) and texto.startswith(data, a.inicio)):
            a = Achado(a.inicio, a.inicio + len(data), data, "data_evento", "outro", metadados={"data": data})
        saida.append(a)
    return saida


def _posicoes(texto: str, celulas: tuple[str, ...]) -> list[int | None]:
    """Início de cada célula dentro do texto bruto do registro (None se entre aspas escapadas). A célula de uma
    grade de PDF que quebrou em linhas ("JOSÉ MOREIRA ROCHA", só "JOSÉ" nesta linha) começa onde a primeira
    parte dela está (`_extensoes` diz quanto dela está na linha)."""
    posicoes: list[int | None] = []
    cursor = 0
    for celula in celulas:
        achou = texto.find(celula, cursor) if celula else -1
        if achou < 0 and celula and (cabeca := _cabeca_na_linha(texto, celula, cursor)) is not None:
            achou = cabeca[0]
        posicoes.append(achou if achou >= 0 else None)
        if achou >= 0:
            cursor = achou + len(celula) if texto.startswith(celula, achou) else achou + cabeca[1]
    return posicoes


def _cabeca_na_linha(texto: str, celula: str, cursor: int) -> tuple[int, int] | None:
    """(início, tamanho) das primeiras palavras da célula escritas nesta linha, seguidas de espaço ou do fim."""
    palavras = celula.split()
    for quantas in range(len(palavras) - 1, 0, -1):
        cabeca = " ".join(palavras[:quantas])
        achou = texto.find(cabeca, cursor)
        fim = achou + len(cabeca)
        if achou >= 0 and any(c.isalnum() for c in cabeca) and (fim == len(texto) or texto[fim] == " "):
            return achou, len(cabeca)
    return None


def _extensoes(texto: str, celulas: tuple[str, ...], posicoes: list[int | None]) -> list[int]:
    """Quanto de cada célula está escrito na linha a partir da posição dela."""
    extensoes = []
    for celula, inicio in zip(celulas, posicoes, strict=True):
        if inicio is None or texto.startswith(celula, inicio):
            extensoes.append(len(celula))
        else:
            cabeca = _cabeca_na_linha(texto, celula, inicio)
            extensoes.append(cabeca[1] if cabeca else len(celula))
    return extensoes
