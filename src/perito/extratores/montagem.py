"""Monta os dados de um registro e liga os que se referem uns aos outros.

Um registro é a unidade em que o documento conta um evento: linha de tabela, registro
CSV, linha de planilha, bloco chave-valor, lançamento com sua linha de continuação, frase
de um relato. Cada valor guarda o próprio local; o registro os liga:
- o IP leva a data-hora (com fuso) e a porta do mesmo registro;
- o valor de uma transação leva data, hora, fuso, direção, meio e contraparte;
- data e hora escritas em lugares diferentes (colunas, linhas, o cabeçalho do dia de um
  extrato) formam um instante; cada lugar usado vai em `metadados.apoio`, para o principal
  citar cada linha ou célula que sustenta o valor;
- todos levam `registro`, a identidade do registro, para o principal agrupar
  titular, CPF e linha de um cadastro sem reler texto.
"""

from __future__ import annotations

import datetime as dt
import itertools
import re
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any, Callable, TypeVar

from perito.chaves import marcadores, mascara, tempo
from perito.extratores import frases_da_linha, rotulos
from perito.extratores.achado import Achado
from perito.leitura.documento import Documento, Trecho

# o código do sistema da instituição de pagamento ("PIX_OUT", "CASH_IN", "TRANSFER_OUT") e a coluna Tipo em
# "Entrada"/"Saída" também dizem o lado
_DEBITO = re.compile(r"\b(ENVIAD[OA]|EMITID[OA]|D[ÉE]BITO|PAGAMENTO|SAQUE|TRANSFER[ÊE]NCIA\s+ENVIADA|SA[ÍI]DA)\b|\sD\s*$"
                     r"|(?<![A-Z0-9])(?:PIX|TED|DOC|CASH|TRANSFER)[_ -]?OUT(?![A-Z0-9])"
                     # o sentido abreviado do extrato impresso, junto do meio ("PIX ENV", "TED DEB.", "DEB PIX")
                     r"|\b(?:PIX|TED|DOC|TEF|TRANSF)\s*[-–]?\s*(?:ENV|EMIT|D[ÉE]B)(?:\.|\b)|\bD[ÉE]B\.?\s+(?:PIX|TED|DOC|TEF)\b"
                     # o comprovante em inglês ("Pix sent", "Transfer sent", "Payment sent")
                     r"|\b(?:PIX|TED|TRANSFER|PAYMENT)\s+SENT\b", re.I)
#: a aba de uma planilha que só tem um lado ("Fiat Deposit History", "Depósitos", "Saques", "Withdrawal History",
#: "Créditos recebidos"): o lado dito uma vez para as linhas dela (FORMATOS §1), o de menor precedência
_ABA_DE_CREDITOS = re.compile(r"\b(?:deposits?|dep[óo]sitos?|cr[ée]ditos?|entradas?|recebimentos?|recebid[oa]s|"
                              r"incoming|inbound|cash[ -]?in)\b", re.I)
_ABA_DE_DEBITOS = re.compile(r"\b(?:withdrawals?|saques?|d[ée]bitos?|sa[íi]das?|envios?|enviad[oa]s|outgoing|outbound|"
                             r"cash[ -]?out)\b", re.I)
# na carta do banco, o crédito é contado: "a conta recebeu ... R$ 1.250,90, oriunda de", "valor creditado em"
_CREDITO = re.compile(r"\b(RECEBID[OA]|RECEBEU|CR[ÉE]DITO|CREDITAD[OA]|ORIUND[OA]|DEP[ÓO]SITO|ENTRADA)\b|\sC\s*$"
                      r"|(?<![A-Z0-9])(?:PIX|TED|DOC|CASH|TRANSFER)[_ -]?IN(?![A-Z0-9])"
                      # "PIX REC ANA ...", "TED RECEB", "PIX CRED", "CRED PIX" (o sentido abreviado, junto do meio)
                      r"|\b(?:PIX|TED|DOC|TEF|TRANSF)\s*[-–]?\s*(?:REC|RECEB|CR[ÉE]D)(?:\.|\b)|\bCR[ÉE]D\.?\s+(?:PIX|TED|DOC|TEF)\b"
                      r"|\b(?:PIX|TED|TRANSFER|PAYMENT)\s+RECEIVED\b", re.I)
# a carta do banco em prosa também conta no plural e pela ação ("foram identificados os seguintes créditos", "a conta
# efetuou transferência Pix ... para", "foram debitados", "foram transferidos R$ 2.300,00 para a conta de ..."); só na
# prosa: num extrato, "Total de entradas" e "Total de saídas" são linhas de resumo coladas ao lançamento
_DEBITO_NA_CARTA = re.compile(r"\b(ENVIAD[OA]S|EMITID[OA]S|D[ÉE]BITOS|DEBITAD[OA]S?|SAQUES|TRANSFER[ÊE]NCIAS\s+ENVIADAS"
                              r"|(?:EFETUOU|REALIZOU)\s+(?:UMA\s+|AS\s+SEGUINTES\s+)?TRANSFER[ÊE]NCIAS?"
                              r"|TRANSFERID[OA]S?(?=(?:[^.;]|\.(?=\d)){0,60}\bPARA\b)"
                              # a outra parte dita pelo papel ("foi realizada transferência ..., tendo como recebedor
                              # JOAO ..."): o cliente pagou
                              r"|TENDO\s+COMO\s+(?:RECEBEDOR|FAVORECID[OA]|BENEFICI[ÁA]RI[OA]|DESTINAT[ÁA]RI[OA])A?)\b", re.I)
_CREDITO_NA_CARTA = re.compile(r"\b(RECEBID[OA]S|CR[ÉE]DITOS|CREDITAD[OA]S|ORIUND[OA]S|DEP[ÓO]SITOS"
                               r"|TENDO\s+COMO\s+(?:PAGADOR|REMETENTE|ORDENANTE)A?)\b", re.I)
#: o agente da passiva que nomeia quem pagou ("enviado por", "realizada por", "remetidos por", "efetuado por")
_AGENTE_DE_QUEM_PAGOU = re.compile(r"(?i)\b(?:enviad|realizad|remetid|efetuad|feit)[oa]s?\s+(?:pel[oa]|por)\b")
#: as palavras que algum casamento de `_DEBITO` (e de `_CREDITO`) exige, em minúsculas: "d[ée]bito" tem "bito",
#: "sa[íi]da" é "saida" ou "saída" (o "İ" e o "ı", que o padrão iguala a "i", ficam com `rotulos.tem_alguma`), "PIX_OUT"
#: tem "out"; e a marcação solta no fim da linha (" D", " C"). Sem nenhuma, o padrão (~9 µs numa linha de extrato) nem
#: roda: o resultado seria None
_PALAVRAS_DE_DEBITO = ("enviad", "emitid", "bito", "pagamento", "saque", "saida", "saída", "out", "sent", "env", "emit",
                       "deb", "déb")
_PALAVRAS_DE_CREDITO = ("receb", "dito", "creditad", "oriund", "sito", "entrada", "in", "received", "rec", "cred", "créd")
_TEM_PALAVRA_DE_DEBITO = rotulos.gatilho(*_PALAVRAS_DE_DEBITO)
_TEM_PALAVRA_DE_CREDITO = rotulos.gatilho(*_PALAVRAS_DE_CREDITO)


def _pode_ser_debito(texto: str) -> bool:
    """Condição necessária de `_DEBITO.search(texto)`."""
    return texto.rstrip().endswith(("D", "d")) or _TEM_PALAVRA_DE_DEBITO(texto, texto.lower())


def _pode_ser_credito(texto: str) -> bool:
    """Condição necessária de `_CREDITO.search(texto)`."""
    return texto.rstrip().endswith(("C", "c")) or _TEM_PALAVRA_DE_CREDITO(texto, texto.lower())


_MEIO = re.compile(r"\b(PIX|TED|DOC|TEF|BOLETO|SAQUE|DEP[ÓO]SITO)\b", re.I)
#: o lançamento que não é transferência entre pessoas: a devolução (MED, estorno) volta a quem pagou, o bloqueio
#: (cautelar, judicial) e o desbloqueio mexem no saldo sem ninguém do outro lado; a compra, a tarifa e o rendimento não
#: levam o dinheiro a um terceiro identificável. O principal não os conta como repasse nem como pagamento
_OPERACOES = (
    ("devolucao", re.compile(r"\b(DEVOLU[ÇC][ÃA]O|DEVOLVID[OA]|ESTORNO|ESTORNAD[OA]|REVERS[ÃA]O|MED|CHARGEBACK)\b", re.I)),
    ("bloqueio", re.compile(r"\b(BLOQ(?:UEIO)?|DESBLOQ(?:UEIO)?|BLOQUEAD[OA]|DESBLOQUEAD[OA]|CAUTELAR|SISBAJUD"
                            r"|BACENJUD|CONSTRI[ÇC][ÃA]O|PENHORA)\b", re.I)),
    # a transação que o banco não executou ("Recusada", "Cancelada", "NÃO EFETIVADO", "FAILED", "LANCAMENTO_FUTURO"
    # do Open Finance): a tentativa fica nos dados, mas nenhum dinheiro saiu nem entrou. Depois da devolução ("ESTORNO
    # COMPRA CANCELADA" devolveu o dinheiro) e antes do consumo ("COMPRA CANCELADA" não foi compra)
    ("nao_efetivada", re.compile(
        r"\b(RECUSAD[OA]S?|REJEITAD[OA]S?|CANCELAD[OA]S?|NEGAD[OA]S?|EXPIRAD[OA]S?|FALH(?:OU|AD[OA]S?)"
        r"|N[ÃA]O\s+(?:EFETIVAD|REALIZAD|CONCLU[ÍI]D|AUTORIZAD|APROVAD|PROCESSAD|COMPLETAD|LIQUIDAD|EXECUTAD)[OA]S?"
        r"|SEM\s+SUCESSO|DECLINED|FAILED|REJECTED|CANCELL?ED|LAN[ÇC]AMENTO[_ ]FUTURO|TRANSA[ÇC][ÃA]O[_ ]PROCESSANDO)\b",
        re.I)),
    ("consumo", re.compile(r"\b(COMPRAS?|TARIFAS?|IOF|JUROS|RENDIMENTOS?|RENTABILIDADE|APLICA[ÇC][ÃA]O|ANUIDADE"
                           r"|CESTA\s+DE\s+SERVI[ÇC]OS)\b", re.I)),
)


@dataclass(slots=True)
class Item:
    """Um achado já posto num trecho (o registro pode ter vários trechos: as células de uma linha)."""

    achado: Achado
    trecho: Trecho


@dataclass
class HoraSolta:
    """Hora escrita sem data ao lado ("14:19:27", "10h40"): não é dado, mas compõe um instante."""

    texto: str
    trecho: Trecho
    inicio: int


@dataclass
class DataVigente:
    """Data dita uma vez acima dos lançamentos (cabeçalho do dia de um extrato)."""

    texto: str  # como escrita: "08 de janeiro de 2025", "08/01/2025"; sem ano no documento, já com ele ("02/08/2025")
    trecho: Trecho
    #: o dia sem ano como escrito ("2 de agosto") e o apoio do ano (a data em que o documento foi lavrado)
    escrita: str | None = None
    ano: dict[str, Any] | None = None


@dataclass(slots=True)
class Registro:
    identidade: str
    texto: str  # texto do registro inteiro (para direção e meio de uma transação)
    itens: list[Item] = field(default_factory=list)
    #: linha de extrato bancário: valor positivo sem marcação é crédito na conta do extrato
    extrato: bool = False
    #: frase de relato: quem é contraparte não se deduz da posição do nome
    prosa: bool = False
    horas: list[HoraSolta] = field(default_factory=list)
    data_vigente: DataVigente | None = None
    #: fuso em vigor para um trecho (contexto declarado): (trecho) → Declaracao | None
    fuso_de: Any = None
    arquivo: str = ""
    #: posição de cada trecho no documento, para "o mais próximo" entre linhas
    ordem: dict[int, int] = field(default_factory=dict)
    #: num registro de linhas de texto corrido: id(trecho) → (a frase em que a linha começa, onde as frases dela
    #: terminam), para ligar cada IP ou valor ao quando da sua frase (`frases_da_linha`)
    frases: dict[int, tuple[int, tuple[int, ...]]] = field(default_factory=dict)
    #: uma célula da linha diz que o lançamento espera ("Pendente", "Agendado"): as células da planilha sem dado não
    #: estão nos itens
    em_espera: bool = False


#: o que dá o quando de um dado: um momento ou uma data (itens) ou uma hora solta
_Quando = TypeVar("_Quando", Item, HoraSolta)


def ligar(registro: Registro) -> None:
    """Preenche os metadados de ligação entre os achados do registro."""
    # (os momentos, as datas e os nomes numa passada só: roda para cada linha de um log de 200 mil acessos)
    momentos: list[Item] = []
    datas: list[Item] = []
    nomes: list[Achado] = []
    for item in registro.itens:
        campo = item.achado.campo
        if campo == "data_evento":
            if registro.prosa and "papel" not in item.achado.metadados and (
                    inicio := _no_registro(item, registro)) is not None and (
                    papel := rotulos.ativacao_antes_da_data(registro.texto, inicio)):
                item.achado.metadados["papel"] = papel  # a frase da ativação que a quebra de linha cortou
            datas.append(item)
            if "hora" in item.achado.metadados:
                momentos.append(item)
        elif campo == "nome_titular":
            nomes.append(item.achado)
    if nomes and any(marcadores.texto_nao_informado(a.dado) for a in nomes):
        # "Nao Informado" na coluna do nome de quem pagou: o marcador fica no lote, mas não é pessoa nem contraparte
        for a in nomes:
            if marcadores.texto_nao_informado(a.dado):
                a.metadados["nao_informado"] = True
        nomes = [a for a in nomes if not a.metadados.get("nao_informado")]
    if len(nomes) == 1 and not registro.prosa:
        _mascara_do_registro(nomes[0], registro.texto)
    for item in registro.itens:
        achado = item.achado
        achado.metadados["registro"] = registro.identidade
        if achado.tipo_dado == "ip":
            if sessao := _sessao(momentos):
                _ligar_instante(item, _mais_proximo(sessao[0], item, registro))
                _ligar_fim_da_sessao(item, sessao[1])
            elif livres := _sem_outro_ip(momentos, item, registro):
                _ligar_instante(item, escolhido := _mais_proximo(livres, item, registro))
                # o período escrito ("de 14/07/2025 14:00:00 até 14/07/2025 18:00:00") fecha a sessão na prosa de uma
                # carta e também na linha de uma listagem da operadora (o IP e a porta, depois o período)
                _periodo_na_frase(item, escolhido, livres, registro)
            elif (horas := _sem_outro_ip(registro.horas, item, registro)) and (
                    (datas_livres := _sem_outro_ip(datas, item, registro)) or (not datas and registro.data_vigente)):
                _compor_instante(item, registro, datas_livres, horas)
                _sessao_na_frase(item, registro)
        if achado.campo == "valor_transacao":
            if locais := _datas_mais_perto(item, registro, momentos, datas):
                # "Registrado em 11/06/2025 10:02" no cabeçalho do BO e, no histórico, "em 10/06/2025, por volta das
                # 14h22, transferiu R$ 2.870,00": a data escrita junto do valor é a do fato, não a do registro
                if registro.horas:
                    _compor_instante(item, registro, locais)
                    _ligar_transacao(item, registro, [], nomes)
                else:
                    _ligar_transacao(item, registro, locais, nomes, _mais_proximo(locais, item, registro))
            elif not momentos and registro.horas and (datas or registro.data_vigente):
                _compor_instante(item, registro, datas)
                _ligar_transacao(item, registro, [], nomes)
            elif not momentos and not datas and registro.data_vigente:
                _data_vigente(item, registro)
                _ligar_transacao(item, registro, [], nomes)
            elif (par := _hora_entre_o_momento_e_o_valor(item, momentos, registro)) is not None:
                _compor_instante(item, registro, [par[0]], [par[1]])
                _ligar_transacao(item, registro, [], nomes)
            else:
                _ligar_transacao(item, registro, momentos or datas, nomes, _mais_proximo(momentos or datas, item, registro)
                                 if (momentos or datas) else None)


def _hora_entre_o_momento_e_o_valor(item: Item, momentos: list[Item], registro: Registro
                                    ) -> tuple[Item, HoraSolta] | None:
    """A hora solta escrita entre a data-hora da frase e o valor, na mesma linha ("recebeu em 14/07/2025, às 15:21:07,
    crédito de R$ 2.350,00 ..., e, às 15:38:40 do mesmo dia, efetuou transferência de R$ 2.300,00"): o valor é dessa
    hora, no dia da data-hora (antes, a saída ficava com a hora do crédito, 17 minutos antes). (momento, hora) ou None."""
    if not registro.horas or not momentos:
        return None
    na_linha = [m for m in momentos if m.trecho is item.trecho]
    if not na_linha:
        return None
    valor = item.achado.inicio
    momento = min(na_linha, key=lambda m: abs(m.achado.inicio - valor))
    entre = [h for h in registro.horas if h.trecho is item.trecho and min(momento.achado.fim, valor) <= h.inicio
             < max(momento.achado.inicio, valor)]
    if not entre:
        return None
    return momento, min(entre, key=lambda h: abs(h.inicio - valor))


def _sem_outro_ip(quandos: list[_Quando], ip: Item, registro: Registro) -> list[_Quando]:
    """Os momentos, datas ou horas que podem ser do IP: os da linha dele e os de linhas sem outro IP. Numa listagem
    de acessos lida como um registro só ("IP 177.45.10.3 em 14-07-2025 18:19:02" / "IP 177.45.10.4 em 2025.07.14
    18:20:05"), o quando da linha de cima é do IP de lá: o IP cuja data-hora não foi lida fica sem instante, nunca com
    o do vizinho."""
    com_outro_ip = {id(i.trecho) for i in registro.itens
                    if i.achado.tipo_dado == "ip" and i.trecho is not ip.trecho}
    return [q for q in quandos if q.trecho is ip.trecho or id(q.trecho) not in com_outro_ip]


#: a sessão mais longa que se lê como uma conexão (NAT): acima disso, "início" e "fim" são de outra coisa (um contrato)
_SESSAO_MAXIMA = dt.timedelta(hours=24)


def _sessao(momentos: list[Item]) -> tuple[list[Item], Item] | None:
    """(inícios, fim) de um registro de conexão com início e fim ("DATA_HORA_INICIO;DATA_HORA_FIM" da resposta da
    operadora sobre IP e porta): o IP é do início, e a sessão vai até o fim. Só com um fim (coluna "fim"/"final"), ao
    menos um início, e no máximo 24 h entre eles."""
    if len(momentos) < 2:
        return None  # sessão tem um fim e ao menos um início (a linha de um log tem uma data-hora só)
    fins = [m for m in momentos if m.achado.metadados.get("papel") == "fim_uso"]
    if not fins and any(m.achado.metadados.get("papel") == "inicio_uso" for m in momentos):
        # "Início" e "Término" (ou "Encerramento") numa linha de conexão: o término é o fim da sessão, não o
        # cancelamento de uma linha (que só se diz ao lado da ativação, e não dura até 24 h)
        fins = [m for m in momentos if m.achado.metadados.get("papel") == "cancelamento_linha"]
    inicios = [m for m in momentos if m not in fins]
    if len(fins) != 1 or not inicios:
        return None
    fim = fins[0].achado.metadados.get("instante_utc")
    comeco = inicios[0].achado.metadados.get("instante_utc")
    if fim and comeco:
        duracao = tempo.de_iso_utc(fim) - tempo.de_iso_utc(comeco)
    elif fim or comeco:
        return None  # um com fuso e o outro sem: não se comparam
    else:
        # sem fuso declarado, os dois no relógio do documento: o IP continua do início (antes, sem o instante UTC, ia
        # com a data-hora mais perto dele na linha, o fim da sessão)
        local_fim, local_comeco = _no_relogio(fins[0]), _no_relogio(inicios[0])
        if local_fim is None or local_comeco is None:
            return None
        duracao = local_fim - local_comeco
    return (inicios, fins[0]) if dt.timedelta(0) <= duracao <= _SESSAO_MAXIMA else None


def _no_relogio(momento: Item) -> dt.datetime | None:
    """A data e a hora do momento, sem fuso (o relógio do documento)."""
    meta = momento.achado.metadados
    dia, hora = tempo.data(str(meta.get("data", ""))), tempo.hora(str(meta.get("hora", "")))
    return dt.datetime.combine(dia, hora) if dia is not None and hora is not None else None


def _ligar_fim_da_sessao(item: Item, fim: Item) -> None:
    """O fim da sessão vai com o IP: o literal (citado no local) e o instante UTC, quando há fuso."""
    meta, origem = item.achado.metadados, fim.achado
    meta["data_hora_fim"] = origem.dado
    if instante := origem.metadados.get("instante_utc"):
        meta["instante_fim_utc"] = instante
    # o fim com o fuso dele, quando escrito na linha do fim ("16:40:00   (horário de Brasília)"): quem valida a sessão
    # precisa dos dois extremos em UTC
    citado = f"{origem.dado} {origem.fuso}" if origem.fuso and origem.fuso in fim.trecho.texto else origem.dado
    if (apoio := _apoio(fim.trecho, citado, "data_hora_fim", item)) is not None:
        meta["apoio"] = [*meta.get("apoio", []), apoio]


def _datas_mais_perto(item: Item, registro: Registro, momentos: list[Item], datas: list[Item]) -> list[Item]:
    """As datas sem hora mais perto do valor do que qualquer data-hora do registro (na mesma linha ou frase, ou em
    linha mais próxima), quando nenhuma data-hora está na linha dele: elas dizem quando foi o fato; a data-hora de
    outra linha (a do registro do BO, a da comunicação, no cabeçalho) não."""
    if not momentos or any(m.trecho is item.trecho for m in momentos) or item.trecho.coluna is not None:
        return []  # (a linha de planilha: cada célula é um trecho, e a "Data Contábil" ao lado não é a do fato)
    sem_hora = [d for d in datas if "hora" not in d.achado.metadados]
    if not sem_hora:
        return []
    na_linha = [d for d in sem_hora if d.trecho is item.trecho]
    if na_linha:
        return na_linha
    if not registro.ordem:
        return []
    perto = min(_distancia(registro, m.trecho, item.trecho) for m in momentos)
    return [d for d in sem_hora if _distancia(registro, d.trecho, item.trecho) < perto]


def _mascara_do_registro(nome: Achado, texto: str) -> None:
    """O CPF mascarado num campo próprio do registro ("Doc. contraparte": `***.335.171-**`, numa coluna ou num
    objeto JSON) é o da única pessoa nomeada nele: vai com o nome, como quando vem escrito logo depois dele."""
    if "cpf_mascarado" in nome.metadados or "-" not in texto:
        return
    mascaras = {achada for _, achada in mascara.casamentos(texto)}
    if len(mascaras) == 1:
        nome.metadados["cpf_mascarado"] = mascaras.pop()


def _distancia(registro: Registro, a: Trecho, b: Trecho) -> int:
    return abs(registro.ordem.get(id(a), 0) - registro.ordem.get(id(b), 0))


def _mais_proximo(candidatos: list[Item], alvo: Item, registro: Registro | None = None) -> Item:
    # no mesmo trecho, o mais próximo no texto; senão o da linha mais próxima (a anterior no empate)
    if len(candidatos) == 1:
        return candidatos[0]  # o único (a data-hora da linha de um log): nada a escolher
    if len(candidatos) > 1 and registro is not None and registro.frases:
        # o registro de várias linhas de uma carta conta vários eventos em frases que as linhas cortam em qualquer
        # lugar: o da mesma frase, se ela tem algum
        frase = _frase_no_registro(registro, alvo)
        candidatos = [c for c in candidatos if _frase_no_registro(registro, c) == frase] or candidatos
    mesmos = [c for c in candidatos if c.trecho is alvo.trecho]
    if len(mesmos) > 1 and (fins := frases_da_linha.fins(alvo.trecho.texto)):
        # a linha conta vários eventos em frases: o da mesma frase, se ela tem algum
        frase = frases_da_linha.frase(fins, alvo.achado.inicio)
        mesmos = [c for c in mesmos if frases_da_linha.frase(fins, c.achado.inicio) == frase] or mesmos
    if mesmos:
        return min(mesmos, key=lambda c: abs(c.achado.inicio - alvo.achado.inicio))
    if registro is None or not registro.ordem:
        return candidatos[0]
    return min(candidatos, key=lambda c: (_distancia(registro, c.trecho, alvo.trecho),
                                          registro.ordem.get(id(c.trecho), 0) > registro.ordem.get(id(alvo.trecho), 0)))


def _na_mesma_frase(registro: Registro, item: Item, achado: Achado) -> bool:
    """O achado (de um item do registro) está na frase ou oração do item: pela contagem das frases do registro de
    várias linhas, ou pelas frases da linha quando os dois estão nela."""
    outro = next((i for i in registro.itens if i.achado is achado), None)
    if outro is None:
        return False
    if registro.frases:
        return _frase_no_registro(registro, outro) == _frase_no_registro(registro, item)
    if outro.trecho is not item.trecho:
        return False
    fins = frases_da_linha.fins(item.trecho.texto)
    return frases_da_linha.frase(fins, achado.inicio) == frases_da_linha.frase(fins, item.achado.inicio)


def _frase_no_registro(registro: Registro, item: Item) -> int | None:
    """O índice da frase do registro em que o achado está (`Registro.frases`); None se a linha não é do registro."""
    if (inicio_e_fins := registro.frases.get(id(item.trecho))) is None:
        return None
    primeira, fins = inicio_e_fins
    return primeira + frases_da_linha.frase(fins, item.achado.inicio)


def _compor_instante(item: Item, registro: Registro, datas: list[Item], horas: list[HoraSolta] | None = None) -> None:
    """Data e hora em lugares diferentes do registro formam o instante do valor (`horas`: as que podem ser dele, por
    padrão todas as do registro)."""
    meta = item.achado.metadados
    hora = min(horas or registro.horas, key=lambda h: (h.trecho is not item.trecho, _distancia(registro, h.trecho, item.trecho),
                                              abs(h.inicio - item.achado.inicio)))
    if datas:
        origem = _mais_proximo(datas, item, registro)
        data_texto, trecho_data, literal_data = origem.achado.metadados["data"], origem.trecho, origem.achado.dado
    else:
        assert registro.data_vigente is not None
        vigente = registro.data_vigente
        data_texto, trecho_data, literal_data = vigente.texto, vigente.trecho, vigente.texto
    meta["data"], meta["hora"] = data_texto, hora.texto
    apoio = [p for p in (_apoio(trecho_data, literal_data, "data", item), _apoio(hora.trecho, hora.texto, "hora", item)) if p]
    declaracao = registro.fuso_de(hora.trecho) if registro.fuso_de else None
    if declaracao is not None:
        meta["fuso"] = declaracao.valor
        meta["contexto_fuso"] = declaracao.local(registro.arquivo)
        if momento := tempo.instante(data_texto, hora.texto, declaracao.valor):
            meta["instante_utc"] = tempo.iso_utc(momento)
        if tempo.ambiguo(data_texto, hora.texto, declaracao.valor):
            meta["hora_ambigua"] = True
    if apoio:
        meta["apoio"] = [*meta.get("apoio", []), *apoio]


#: o período numa frase da carta da operadora: "entre 08:00:00 e 12:00:00", "das 08h00 às 12h00", "de 08:00 a 12:00"
_ANTES_DO_PERIODO = re.compile(r"(?i)\b(?:entre|das|de|from|between)\s*$")
_MEIO_DO_PERIODO = re.compile(r"(?i)^\s*(?:e|a|at[ée]|[àa]s|-|–|to|and)\s*(?:[àa]s\s*)?$")


def _sessao_na_frase(item: Item, registro: Registro) -> None:
    """O IP cuja hora é o começo de um período escrito na frase ("o prefixo ..., no dia 03/08/2025, entre 08:00:00 e
    12:00:00 (horário de Brasília), estava atribuído ao cliente ...") vai até o fim dele, como a sessão de uma tabela
    com início e fim (`_ligar_fim_da_sessao`). Só no mesmo dia (o fim depois do começo)."""
    meta = item.achado.metadados
    por_linha = itertools.groupby(sorted(registro.horas, key=lambda h: (id(h.trecho), h.inicio)), key=lambda h: id(h.trecho))
    for _, horas in por_linha:
        da_linha = list(horas)
        for comeco, fim in itertools.pairwise(da_linha):
            texto = comeco.trecho.texto
            if (meta.get("hora") != comeco.texto
                    or not _ANTES_DO_PERIODO.search(texto, max(0, comeco.inicio - 12), comeco.inicio)
                    or not _MEIO_DO_PERIODO.match(texto[comeco.inicio + len(comeco.texto):fim.inicio])):
                continue
            inicio_lido, fim_lido = tempo.hora(comeco.texto), tempo.hora(fim.texto)
            if inicio_lido is None or fim_lido is None or fim_lido <= inicio_lido:
                return
            meta["data_hora_fim"] = fim.texto
            declaracao = registro.fuso_de(fim.trecho) if registro.fuso_de else None
            if declaracao is not None and (momento := tempo.instante(meta["data"], fim.texto, declaracao.valor)):
                meta["instante_fim_utc"] = tempo.iso_utc(momento)
            if (apoio := _apoio(fim.trecho, fim.texto, "data_hora_fim", item)) is not None:
                meta["apoio"] = [*meta.get("apoio", []), apoio]
            return


def _periodo_na_frase(item: Item, comeco: Item, momentos: list[Item], registro: Registro) -> None:
    """O IP cuja data-hora começa um período de datas-horas na frase ("o prefixo IPv6 ... esteve delegado ao cliente
    ..., de 01/08/2025 00:00:00 a" / "10/08/2025 23:59:59 (horário de Brasília)"): vai até o fim dele, e o fuso escrito
    depois do fim vale também para o começo. O meio entre os dois pode cruzar a quebra de linha; o fim depois do
    começo."""
    ordenados = sorted(momentos, key=lambda m: (registro.ordem.get(id(m.trecho), 0), m.achado.inicio))
    posicao = next((i for i, m in enumerate(ordenados) if m is comeco), None)
    if posicao is None or posicao + 1 >= len(ordenados):
        return
    fim = ordenados[posicao + 1]
    texto = comeco.trecho.texto
    if fim.trecho is comeco.trecho:
        meio = texto[comeco.achado.fim:fim.achado.inicio]
    elif registro.ordem.get(id(fim.trecho), 0) == registro.ordem.get(id(comeco.trecho), 0) + 1:
        meio = texto[comeco.achado.fim:] + " " + fim.trecho.texto[:fim.achado.inicio]
    else:
        return
    if not (_ANTES_DO_PERIODO.search(texto, max(0, comeco.achado.inicio - 12), comeco.achado.inicio)
            and _MEIO_DO_PERIODO.match(meio)):
        return
    meta, final = item.achado.metadados, fim.achado
    if "instante_utc" not in meta and final.fuso and (
            momento := tempo.instante(meta["data"], meta.get("hora", ""), final.fuso)) is not None:
        meta["instante_utc"], meta["fuso"] = tempo.iso_utc(momento), final.fuso
    if (inicio_utc := meta.get("instante_utc")) and (fim_utc := final.metadados.get("instante_utc")):
        if tempo.de_iso_utc(fim_utc) <= tempo.de_iso_utc(inicio_utc):
            return
        meta["instante_fim_utc"] = fim_utc
    meta["data_hora_fim"] = final.dado
    citado = f"{final.dado} {final.fuso}" if final.fuso and final.fuso in fim.trecho.texto else final.dado
    if (apoio := _apoio(fim.trecho, citado, "data_hora_fim", item)) is not None:
        meta["apoio"] = [*meta.get("apoio", []), apoio]


def _data_vigente(item: Item, registro: Registro) -> None:
    assert registro.data_vigente is not None
    meta = item.achado.metadados
    vigente = registro.data_vigente
    meta["data"] = vigente.texto
    if apoio := _apoio(vigente.trecho, vigente.escrita or vigente.texto, "data", item):
        meta["apoio"] = [*meta.get("apoio", []), apoio]
    if vigente.ano is not None:
        meta["data_escrita"] = vigente.escrita
        meta["apoio"] = [*meta.get("apoio", []), vigente.ano]


def _apoio(trecho: Trecho, dado: str, papel: str, item: Item) -> dict[str, Any] | None:
    if trecho is item.trecho:
        return None
    local: dict[str, Any] = {"papel": papel, "pagina": trecho.pagina, "linha_ou_celula": trecho.localizacao, "dado": dado}
    if trecho.aba:
        local["aba_planilha"] = trecho.aba
    return local


#: um instante em tempo Unix leva a unidade e o cabeçalho que o declara (extratores/tempo_unix.py)
_TEMPO_UNIX = ("unidade_tempo_unix", "contexto_tempo_unix")


def _ligar_instante(item: Item, momento: Item) -> None:
    meta, origem = item.achado.metadados, momento.achado
    meta["data_hora"] = origem.dado
    meta["data"] = origem.metadados["data"]
    if "hora" in origem.metadados:
        meta["hora"] = origem.metadados["hora"]
    if origem.fuso:
        meta["fuso"] = origem.fuso
    for chave in ("instante_utc", "contexto_fuso", "hora_ambigua", "data_escrita", "data_hora_compacta", "data_literal",
                  "hora_literal", *_TEMPO_UNIX):
        if chave in origem.metadados:
            meta[chave] = origem.metadados[chave]
    if ano := origem.metadados.get("ano_do_periodo"):
        meta.setdefault("apoio", []).append(ano)  # o ano da data "08/01" vem da linha do período
    if momento.trecho is not item.trecho:
        # a data-hora está em outra célula ou linha: o principal cita as duas
        meta["apoio"] = [*meta.get("apoio", []), _local_do_instante(momento, "data_hora"),
                         *origem.metadados.get("apoio", [])]
    elif horas := _hora_de_outra_linha(origem):
        meta["apoio"] = [*meta.get("apoio", []), *horas]


def _hora_de_outra_linha(data: Achado) -> list[dict[str, Any]]:
    """A hora que completou a data na linha de baixo (a célula "Data/Hora" quebrada de uma tabela impressa): o dado que
    se liga a essa data, na linha dela, cita também a linha da hora."""
    return [a for a in data.metadados.get("apoio", []) if a.get("papel") == "hora"]


def _lado_da_aba(aba: str | None) -> str | None:
    """O lado que o nome da aba dá às linhas dela: um só ("Depósitos e Saques" não dá nenhum)."""
    if not aba:
        return None
    credito, debito = _ABA_DE_CREDITOS.search(aba), _ABA_DE_DEBITOS.search(aba)
    if credito and not debito:
        return "credito"
    if debito and not credito:
        return "debito"
    return None


def _ligar_transacao(
    item: Item, registro: Registro, quando: list[Item], nomes: list[Achado], escolhido: Item | None = None
) -> None:
    meta = item.achado.metadados
    valor = Decimal(meta["valor"])
    # direção só quando o documento a diz (sinal, marcação D/C, histórico) ou num extrato
    sinal_depois = item.trecho.texto[item.achado.fim : item.achado.fim + 1] == "-"  # "2.270,00-": débito
    # "+ R$ 2.350,00", "+2.350,00": o mais escrito antes do valor é crédito (não o "(+)" de uma parcela de boleto)
    antes = item.trecho.texto[max(0, item.achado.inicio - 3):item.achado.inicio].rstrip()
    sinal_mais = antes.endswith("+") and not antes.endswith("(+")
    # a natureza D/C (coluna própria, colada ao valor, ou a coluna Crédito/Débito) vale mais que o histórico
    natureza = meta.get("natureza")
    # a carta curta (duas ou três frases, lida em linhas) conta como a longa: a linha que é texto corrido
    prosa = registro.prosa or frases_da_linha.linha_de_prosa(registro.texto)
    # na prosa, "enviado por ANA", "realizada por ANA" dizem quem pagou: a frase conta um crédito, não uma saída
    texto = _AGENTE_DE_QUEM_PAGOU.sub(" ", registro.texto) if prosa else registro.texto
    debito = (_DEBITO.search(texto) if _pode_ser_debito(texto) else None) or (prosa and _DEBITO_NA_CARTA.search(texto))
    credito = (_CREDITO.search(texto) if _pode_ser_credito(texto) else None) or (
        prosa and _CREDITO_NA_CARTA.search(texto))
    if (registro.prosa and valor < 0 and meta.pop("sinal_solto", False) and natureza is None and not sinal_depois
            and credito and not debito):
        # "Valores recebidos de terceiros: ANA ... (CPF ...) - R$ 2.350,00 em ...": o traço solto da carta separa o
        # nome do valor; a frase diz crédito
        valor = -valor
        meta["valor"] = str(valor)
        achado = item.achado
        sem_traco = achado.dado.lstrip("-−").lstrip()
        achado.inicio, achado.dado = achado.inicio + len(achado.dado) - len(sem_traco), sem_traco
    meta.pop("sinal_solto", None)
    if (debito or credito) and natureza is None and valor > 0 and not sinal_depois and prosa and (
            lado := _direcao_do_valor_na_carta(item, registro)) is not None:
        # a carta (a do banco, o RIF do COAF) que conta um crédito e uma saída na mesma frase: cada valor tem o seu lado,
        # o que está escrito junto dele, não a primeira palavra de lado do parágrafo (sem palavra de lado nenhuma, como
        # no relato da vítima, o valor continua sem direção)
        debito, credito = (lado == "debito"), (lado == "credito")
    if natureza == "D" or valor < 0 or sinal_depois or (natureza != "C" and debito):
        meta["direcao"] = "debito"
    elif natureza == "C" or credito or sinal_mais or (registro.extrato and valor > 0):
        meta["direcao"] = "credito"
    elif lado := _lado_da_aba(item.trecho.aba):
        meta["direcao"] = lado
    if meio := _MEIO.search(registro.texto):
        meta["meio"] = meio.group(1).upper()
    if meta.get("operacao") == "componente":
        pass  # a parcela do boleto (valor de face, desconto, juros) continua parcela, qualquer que seja o registro
    elif not registro.prosa and (operacao := _operacao_da_linha(registro, item)):
        meta["operacao"] = operacao
    elif registro.prosa and (operacao := _operacao_na_oracao(item, registro)):
        meta["operacao"] = operacao
    if prosa and _total_antes_do_valor(item, registro):
        meta["operacao"] = "total"
    if quando:
        fonte = escolhido or quando[0]
        origem = fonte.achado
        for chave in ("data", "hora", "instante_utc", "contexto_fuso", "hora_ambigua", "data_escrita", "data_literal",
                      "hora_literal", *_TEMPO_UNIX):
            if chave in origem.metadados:
                meta[chave] = origem.metadados[chave]
        if ano := origem.metadados.get("ano_do_periodo"):
            meta.setdefault("apoio", []).append(ano)  # o ano da data "08/01" vem da linha do período
        if origem.fuso:
            meta["fuso"] = origem.fuso
        if fonte.trecho is not item.trecho:
            papel = "data_hora" if "hora" in origem.metadados else "data"
            meta["apoio"] = [*meta.get("apoio", []), _local_do_instante(fonte, papel), *origem.metadados.get("apoio", [])]
        elif horas := _hora_de_outra_linha(origem):
            meta["apoio"] = [*meta.get("apoio", []), *horas]
    contrapartes = [n for n in nomes if n.metadados.get("papel") in ("remetente", "destinatario", "contraparte")
                    or (registro.prosa and n.metadados.get("papel") == "favorecido")]
    # o comprovante nomeia os dois lados: num débito, quem pagou é o próprio titular e a contraparte é quem recebeu;
    # num crédito, o contrário (o favorecido da prosa é quem recebeu)
    mesmo_lado = {"debito": "remetente", "credito": "destinatario"}.get(meta.get("direcao") or "")
    if mesmo_lado and any(_lado(n) in ("remetente", "destinatario") for n in contrapartes):
        contrapartes = [n for n in contrapartes if _lado(n) != mesmo_lado]
    if not contrapartes and registro.prosa and meta.get("direcao") in ("credito", "debito"):
        contrapartes = _outra_parte_na_oracao(item, registro)
    if not contrapartes and not registro.prosa:
        # no lançamento de um extrato, o nome sem rótulo de titular (linha de continuação) é a contraparte
        contrapartes = [n for n in nomes if n.metadados.get("papel") not in ("titular", "cliente", "nome", "vitima",
                                                                               mesmo_lado)]
    if len(contrapartes) > 1:
        # a carta que conta dois créditos ("... R$ 1.250,90, oriunda de JOSÉ ...; e, em 03/08/2025, ... R$ 800,00,
        # oriunda de ANA ..."): a contraparte da frase (ou oração) do valor, se ela tem alguma
        contrapartes = [n for n in contrapartes if _na_mesma_frase(registro, item, n)] or contrapartes
    if contrapartes:
        meta["contraparte"] = contrapartes[0].dado
        meta["contraparte_normalizada"] = contrapartes[0].metadados["nome_normalizado"]
        if not registro.prosa:
            documento_da_contraparte(meta, contrapartes[0], registro)
        elif len(documentos := _documentos(registro, lambda i: _da_pessoa(i, contrapartes[0], registro))) == 1:
            meta["contraparte_cpf"] = documentos.pop()  # "... de ANA BEATRIZ MOREIRA, CPF 526.018.159-06; e ..."
    elif not registro.prosa and meta.get("direcao") and not nomes and len(documentos := _documentos(registro)) == 1:
        # a transação que só dá o documento da outra parte ("partieCnpjCpf" da API do Open Finance, a coluna
        # "CPF/CNPJ" de um extrato sem nomes): o CPF é a contraparte (o principal descarta o do próprio titular)
        meta["contraparte_cpf"] = documentos.pop()
    if meta.get("operacao") == "consumo" and meta.get("contraparte") and meta.get("meio") in ("PIX", "TED", "DOC", "TEF"):
        del meta["operacao"]  # "PIX ENVIADO - COMPRA DE VEICULO JOSE ...": uma transferência a uma pessoa, não consumo


#: a situação de espera na célula própria ("Pendente", "Agendado", "PROCESSING"): o lançamento ainda não aconteceu. Só a
#: célula inteira: na descrição, "PIX AGENDADO" é o agendamento que o banco executou no dia
_SITUACAO_DE_ESPERA = re.compile(
    r"(?i)\s*(?:PENDENTES?|AGENDAD[OA]S?|EM\s+PROCESSAMENTO|PROCESSANDO|EM\s+AN[ÁA]LISE|AGUARDANDO(?:\s+\w+){0,3}"
    r"|PENDING|SCHEDULED|PROCESSING|ON\s+HOLD)\s*")
#: a mesma situação com rótulo ("Status: PENDING", "situação = agendado"), num registro de JSON ou em blocos
_SITUACAO_DE_ESPERA_ROTULADA = re.compile(
    r"(?i)\b(?:status|situa[çc][ãa]o|estado|state)\W{0,3}\s*[:=]\s*\W{0,2}(?:" + _SITUACAO_DE_ESPERA.pattern[5:-3]
    + r")\b")
_NAO_EFETIVADA = dict(_OPERACOES)["nao_efetivada"]
#: as palavras que algum casamento de `_OPERACOES` exige, em minúsculas ("devol" de DEVOLUÇÃO e DEVOLVIDO, "cancel" de
#: CANCELADO, CANCELED e CANCELLED, a palavra depois do "NÃO" de "NÃO EFETIVADO", "processa" de PROCESSADO e PROCESSANDO):
#: nenhuma na linha, nenhuma operação, sem os quatro padrões (~16 µs em cada lançamento de um extrato)
_PALAVRAS_DAS_OPERACOES = (
    "devol", "estorn", "revers", "med", "chargeback",
    "bloq", "cautelar", "sisbajud", "bacenjud", "constri", "penhora",
    "recusad", "rejeitad", "cancel", "negad", "expirad", "falh", "efetivad", "realizad", "conclu", "autorizad",
    "aprovad", "processa", "completad", "liquidad", "executad", "sucesso", "declined", "failed", "rejected", "futuro",
    "compra", "tarifa", "iof", "juros", "rendimento", "rentabilidade", "aplica", "anuidade", "cesta",
)
#: as de `_SITUACAO_DE_ESPERA_ROTULADA` (o rótulo: "status", "state", "situação", "estado")
_PALAVRAS_DA_SITUACAO = ("stat", "situa", "estado")
_TEM_PALAVRA_DE_OPERACAO = rotulos.gatilho(*_PALAVRAS_DAS_OPERACOES)
_TEM_PALAVRA_DA_SITUACAO = rotulos.gatilho(*_PALAVRAS_DA_SITUACAO)


def _operacao_escrita(texto: str) -> str | None:
    """A primeira operação de `_OPERACOES` escrita no texto (o mesmo que os padrões na ordem, sem rodá-los na linha
    que não tem nenhuma das palavras deles)."""
    if not _TEM_PALAVRA_DE_OPERACAO(texto, texto.lower()):
        return None
    return next((n for n, padrao in _OPERACOES if padrao.search(texto)), None)


def _situacao_de_espera_rotulada(texto: str) -> bool:
    """`_SITUACAO_DE_ESPERA_ROTULADA.search(texto)`, sem rodar o padrão na linha sem o rótulo."""
    return _TEM_PALAVRA_DA_SITUACAO(texto, texto.lower()) and (
        _SITUACAO_DE_ESPERA_ROTULADA.search(texto) is not None)
#: a conclusão da transação dita na carta ("foi concluída", "efetivada"): a recusa de outro valor não é a dela
_EFETIVADA = re.compile(r"(?i)\b(?:CONCLU[ÍI]D|EFETIVAD|REALIZAD|APROVAD|LIQUIDAD|COMPLETAD)[OA]S?\b")


def em_espera(celula: str) -> bool:
    """A célula inteira diz que o lançamento espera ("Pendente", "Agendado", "PROCESSING")."""
    # a célula de data, de IP ou de valor (começa por algarismo) nem chega ao padrão: pedida para cada célula da planilha
    return len(celula) <= 40 and celula.lstrip()[:1].isalpha() and _SITUACAO_DE_ESPERA.fullmatch(celula) is not None


#: a notificação do MED ("MECANISMO ESPECIAL DE DEVOLUÇÃO (MED) - NOTIFICAÇÃO DE INFRAÇÃO"): conta a transação
#: contestada, que aconteceu; o título e a situação ("em análise", "devolução parcial") são da notificação
_NOTIFICACAO_DO_MED = re.compile(r"(?i)mecanismo\s+especial\s+de\s+devolu[çc][ãa]o|notifica[çc][ãa]o\s+de\s+infra[çc][ãa]o")


def _operacao_da_linha(registro: Registro, item: Item | None = None) -> str | None:
    """A operação de um lançamento de extrato ou de tabela: a primeira de `_OPERACOES` escrita no registro, ou a
    situação de espera numa célula. Na notificação do MED, só a palavra escrita na linha do próprio valor ("Valor
    devolvido: R$ 50,00"): "Valor: R$ 2.350,00" é a transação notificada, não uma devolução nem uma espera."""
    if item is not None and len(registro.itens) > 1 and _NOTIFICACAO_DO_MED.search(registro.texto):
        return next((n for n, padrao in _OPERACOES if padrao.search(item.trecho.texto)), None)
    texto = registro.texto
    for linha in {id(i.trecho): i.trecho.texto for i in registro.itens
                  if i.achado.metadados.get("operacao") == "componente"}.values():
        texto = texto.replace(linha, " ")  # "(+) Juros/Multa: R$ 0,00" do boleto não faz do pagamento um consumo
    operacao = _operacao_escrita(texto)
    if operacao in (None, "consumo"):
        trechos = {id(i.trecho): i.trecho for i in registro.itens}.values()
        if (registro.em_espera or any(em_espera(c) for t in trechos for c in (t.celulas or ()))
                or _situacao_de_espera_rotulada(registro.texto)):
            return "nao_efetivada"
    return operacao


def _nao_efetivada_na_carta(item: Item, registro: Registro, inicio: int) -> bool:
    """Na prosa, a recusa ou o cancelamento do valor: escrito depois dele, até o próximo valor ou o fim da oração ("a
    transferência de R$ 3.000,00 foi recusada", "R$ 3.000,00, operação não efetivada"), ou antes dele, desde o começo
    da oração, quando o depois não diz que ela se concluiu e nenhum outro valor vem antes na oração ("uma tentativa
    recusada de R$ 3.000,00"; com outro valor antes, a recusa é dele)."""
    comeco, fim = _oracao(registro.texto, inicio)
    outros = sorted(p for i in registro.itens if i is not item and i.achado.campo == "valor_transacao"
                    and (p := _no_registro(i, registro)) is not None)
    fim_do_valor = inicio + len(item.achado.dado)
    ate = min([fim, *(p for p in outros if p > inicio)])
    # o que vem primeiro depois do valor decide: "foi concluída, mas a devolução foi recusada" é uma transferência feita
    recusa, feita = _NAO_EFETIVADA.search(registro.texto, fim_do_valor, ate), _EFETIVADA.search(registro.texto, fim_do_valor, ate)
    if recusa or feita:
        return feita is None or (recusa is not None and recusa.start() < feita.start())
    if any(comeco < p < inicio for p in outros):
        return False
    return _NAO_EFETIVADA.search(registro.texto, comeco, inicio) is not None


def _operacao_na_oracao(item: Item, registro: Registro) -> str | None:
    """Na carta do banco, a devolução ou o bloqueio escrito antes do valor na mesma oração ("Em 16/07/2025, por meio do
    Mecanismo Especial de Devolução (MED), foi devolvido o valor de R$ 1.450,00", "foi efetuado o bloqueio cautelar do
    saldo de R$ 1.500,00"): o valor não é pagamento de ninguém a ninguém. Só antes do valor: "recebeu R$ 2.350,00,
    depois bloqueados" foi um crédito."""
    if (inicio := _no_registro(item, registro)) is None:
        return None
    comeco, _ = _oracao(registro.texto, inicio)
    if operacao := next((nome for nome, padrao in _OPERACOES[:2] if padrao.search(registro.texto, comeco, inicio)), None):
        return operacao
    return "nao_efetivada" if _nao_efetivada_na_carta(item, registro, inicio) else None


#: o que diz o lado de um valor na carta, escrito antes dele ("crédito de R$ 2.350,00", "a conta recebeu 7 créditos via
#: Pix, no total de R$ 12.400,00", "transferiu R$")
_LADO_ANTES_DO_VALOR = re.compile(
    r"(?i)\b(?:(?P<credito>cr[ée]ditos?|creditad[oa]s?|receb(?:eu|idos?|idas?|imentos?)|dep[óo]sitos?|entradas?)"
    r"|(?P<debito>d[ée]bitos?|debitad[oa]s?|saques?|sa[íi]das?|transferiu|enviou|pagou|pagamentos?|envios?))\b")
#: o valor que é objeto de uma transferência sem lado ("e transferência de R$ 2.300,00 ... para LUCIANA", "um Pix no valor
#: de R$"): o lado vem do que está escrito depois dele, não de um crédito contado antes
_SEM_LADO_ANTES_DO_VALOR = re.compile(
    r"(?i)\b(?:transfer[êe]ncias?|pix|ted|doc)\s+(?:(?:no\s+)?valor\s+(?:total\s+)?de|de)\s*$")
#: depois do valor, quem pagou ("remetido por", "oriundo de", "proveniente de") ou para quem foi ("para LUCIANA")
_LADO_DEPOIS_DO_VALOR = re.compile(
    r"(?i)\b(?:(?P<credito>(?:remetid|enviad|realizad|efetuad|feit)[oa]s?\s+(?:pel[oa]|por)|oriund[oa]s?|proveniente)"
    r"|(?P<debito>para|em\s+favor\s+de|destinad[oa]s?))\b")


#: a preposição logo antes do nome de quem recebeu ou de quem pagou, depois do valor
_PREPOSICAO_DO_NOME = re.compile(
    r"(?i)\b(?:(?P<debito>a|ao|à)|(?P<credito>de|do|da))\s+(?:(?:sr|sra|dr|dra)\.?\s+)?$")


def _direcao_do_valor_na_carta(item: Item, registro: Registro) -> str | None:
    """O lado do valor pelo que a carta escreve junto dele, entre o valor anterior e o seguinte da mesma oração: a palavra
    de lado mais perto antes dele ("crédito de R$ 2.350,00"); se o valor é o de uma transferência sem lado
    ("transferência de R$ 2.300,00") ou nada antes diz, quem pagou ou o destino escritos depois dele, antes do próximo
    valor. None quando nada junto dele diz."""
    posicoes = [p for i in registro.itens if i is not item and i.achado.campo == "valor_transacao"
                and (p := _no_registro(i, registro)) is not None]
    if not posicoes or (inicio := _no_registro(item, registro)) is None:
        return None  # um valor só: o texto do registro é todo dele
    comeco, fim = _oracao(registro.texto, inicio)
    anterior = max([comeco, *(p for p in posicoes if p < inicio)])
    proximo = min([fim, *(p for p in posicoes if p > inicio)])
    if not _SEM_LADO_ANTES_DO_VALOR.search(registro.texto, anterior, inicio) and (
            antes := list(_LADO_ANTES_DO_VALOR.finditer(registro.texto, anterior, inicio))):
        return antes[-1].lastgroup
    fim_do_valor = inicio + len(item.achado.dado)
    pistas = [(m.start(), m.lastgroup) for m in [_LADO_DEPOIS_DO_VALOR.search(registro.texto, fim_do_valor, proximo)] if m]
    for outro in registro.itens:  # "R$ 2.300,00 a LUCIANA ...", "R$ 2.350,00 de ANA ...": a preposição antes do nome
        if outro.achado.campo == "nome_titular" and (p := _no_registro(outro, registro)) is not None and (
                fim_do_valor <= p < proximo) and (m := _PREPOSICAO_DO_NOME.search(registro.texto, fim_do_valor, p)):
            pistas.append((m.start(), m.lastgroup))
    return min(pistas)[1] if pistas else None


#: o total que a carta ou o relato soma, escrito logo antes do valor ("no total de R$ 12.400,00", "totalizando", "no
#: montante de", "somando"): a soma de vários lançamentos, não um deles
_TOTAL_ANTES_DO_VALOR = re.compile(
    r"(?i)\b(?:n[oa]\s+total\s+de|num\s+total\s+de|totaliz(?:ando|ou|aram|ados?)|(?:n|d)?o\s+montante\s+(?:total\s+)?de"
    r"|somando|perfazendo|valor\s+total\s+de|soma\s+de)\s*(?:aproximadamente\s+)?$")


def _total_antes_do_valor(item: Item, registro: Registro) -> bool:
    if item.achado.metadados.get("operacao") or (inicio := _no_registro(item, registro)) is None:
        return False
    return _TOTAL_ANTES_DO_VALOR.search(registro.texto, max(0, inicio - 60), inicio) is not None


def _lado(nome: Achado) -> str | None:
    papel = nome.metadados.get("papel")
    return "destinatario" if papel == "favorecido" else papel


#: os papéis de um nome sem lado na frase
_SEM_LADO = frozenset({None, "nome", "identificado_por_cpf"})


def _outra_parte_na_oracao(item: Item, registro: Registro) -> list[Achado]:
    """A carta do banco que lista os créditos ("foram identificados os seguintes créditos: R$ 2.350,00 em 14/07/2025,
    às 15:21:07, de ANA ..., CPF ...; e R$ 1.450,00 ..., de JORGE ...", "Valores recebidos de terceiros: ANA ... (CPF
    ...) - R$ 2.350,00 em ...; JORGE ...") ou as saídas ("realizou as seguintes transferências: em ..., R$ 2.300,00 a
    LUCIANA ..."): a outra parte é o nome sem lado da oração do valor (entre ";" e ": "), o de depois do valor primeiro,
    senão o de antes."""
    inicio = _no_registro(item, registro)
    if inicio is None:
        return []
    comeco, fim = _oracao(registro.texto, inicio)
    depois, antes = [], []
    for outro in registro.itens:
        nome = outro.achado
        if nome.campo != "nome_titular" or nome.metadados.get("nao_informado") or (
                posicao := _no_registro(outro, registro)) is None or not comeco <= posicao < fim:
            continue
        papel = nome.metadados.get("papel")
        # o titular da conta descrita depois do valor ("... proveniente da conta 33012-7, ..., de titularidade de ANA")
        # é a outra parte; antes do valor, é o da conta do extrato
        if papel in _SEM_LADO or (papel == "titular" and posicao > inicio):
            (depois if posicao > inicio else antes).append((posicao, nome))
    if depois:
        return [min(depois, key=lambda par: par[0])[1]]
    # o nome antes do valor só na lista de créditos ("ANA ... (CPF ...) - R$ 2.350,00"): antes de uma saída ("RAFAEL
    # ..., CPF ..., transferiu R$ 2.300,00") é quem pagou, o próprio titular
    credito = item.achado.metadados.get("direcao") == "credito"
    return [max(antes, key=lambda par: par[0])[1]] if antes and credito else []


#: o que separa as orações de uma lista na carta ("...; e R$ 1.450,00", "créditos: R$ ...", "... fraude. Em ...")
_ENTRE_ORACOES = re.compile(r";|:\s|\.\s")


def _oracao(texto: str, posicao: int) -> tuple[int, int]:
    """(começo, fim) da oração do texto do registro em que a posição está."""
    comeco, fim = 0, len(texto)
    for m in _ENTRE_ORACOES.finditer(texto):
        if m.end() <= posicao:
            comeco = m.end()
        elif m.start() >= posicao:
            fim = m.start()
            break
    return comeco, fim


def _no_registro(item: Item, registro: Registro) -> int | None:
    """A posição do achado no texto do registro (as linhas unidas por espaço)."""
    linha = registro.texto.find(item.trecho.texto)
    return None if linha < 0 else linha + item.achado.inicio


def documento_da_contraparte(meta: dict[str, Any], contraparte: Achado, registro: Registro) -> None:
    """O CPF/CNPJ da contraparte num lançamento: a máscara colada ao nome, ou o único documento do registro
    (coluna própria). O mascarado nunca é identidade: só indício pelos dígitos visíveis."""
    if achada := contraparte.metadados.get("cpf_mascarado"):
        meta["contraparte_cpf_mascarado"] = achada
        return
    mascaras = {achada for inicio, achada in mascara.casamentos(registro.texto)
                if _mascara_da_pessoa(inicio, contraparte, registro)}
    if len(mascaras) == 1:
        meta["contraparte_cpf_mascarado"] = mascaras.pop()
        return
    documentos = _documentos(registro, lambda i: _da_pessoa(i, contraparte, registro))
    if len(documentos) == 1:
        meta["contraparte_cpf"] = documentos.pop()


def _mascara_da_pessoa(posicao: int, pessoa: Achado, registro: Registro) -> bool:
    """A máscara na posição `posicao` do texto do registro é da pessoa quando o registro não nomeia outra, ou quando
    o nome mais perto antes dela é o dela: no comprovante de boleto ("Pagador: ANA ..." / "CPF: ***.274.519-**" /
    "Beneficiário: RS PINTO ..."), a máscara é da pagadora, não do beneficiário."""
    nomes = [i for i in registro.itens if i.achado.campo == "nome_titular"]
    if all(i.achado is pessoa or i.achado.metadados.get("nome_normalizado") == pessoa.metadados.get("nome_normalizado")
           for i in nomes):
        return True
    antes = [(inicio, i) for i in nomes if (inicio := _no_registro(i, registro)) is not None and inicio < posicao]
    return bool(antes) and max(antes, key=lambda par: par[0])[1].achado is pessoa


def _documentos(registro: Registro, de_quem: Callable[[Item], bool] = lambda _: True) -> set[str]:
    """Os dígitos dos CPFs/CNPJs válidos do registro que não são do titular (pelo rótulo) nem "não informado"."""
    return {i.achado.metadados["digitos"] for i in registro.itens
            if i.achado.campo in ("cpf", "outro") and i.achado.metadados.get("digito_verificador_valido")
            and len(i.achado.metadados.get("digitos", "")) in (11, 14) and not i.achado.metadados.get("nao_informado")
            and len(set(i.achado.metadados["digitos"])) > 1  # 999.999.999-99 é "não informado"
            and i.achado.metadados.get("papel") not in ("titular", "cliente")
            and de_quem(i)}


def _posicao(item: Item, registro: Registro) -> tuple[int, int]:
    return registro.ordem.get(id(item.trecho), 0), item.achado.inicio


def _da_pessoa(documento: Item, pessoa: Achado, registro: Registro) -> bool:
    """O documento é da pessoa quando o registro não nomeia outra, ou quando o nome mais perto antes dele é o dela
    ("... de titularidade de LUANA ..., CPF 792...; crédito oriundo de JOAO ...": o CPF é de LUANA, não de JOAO)."""
    nomes = [i for i in registro.itens if i.achado.campo == "nome_titular"]
    if all(i.achado is pessoa for i in nomes):
        return True
    antes = [i for i in nomes if _posicao(i, registro) < _posicao(documento, registro)]
    return bool(antes) and max(antes, key=lambda i: _posicao(i, registro)).achado is pessoa


def _local_do_instante(momento: Item, papel: str) -> dict[str, Any]:
    """O local da data-hora de outra linha, citando o que dela está escrito lá: a data e também a hora e o fuso
    de colunas próprias da mesma linha ("Envío Pix  GMT-03:00  11:40:01 ... 16/07/2021", o IP na linha de baixo).
    Sem eles, a referência sustentaria só o dia, e a afirmação diz o momento."""
    local = _local(momento, papel)
    achado, texto = momento.achado, momento.trecho.texto
    partes = [achado.dado]
    hora = achado.metadados.get("hora")
    if hora and hora in texto and hora not in achado.dado:
        partes.append(hora)
    if achado.fuso and not achado.metadados.get("contexto_fuso") and achado.fuso in texto and achado.fuso not in achado.dado:
        if f"{partes[-1]}{achado.fuso}" in texto:  # "2025-08-02T13:10:44.000Z": o fuso colado fica colado
            partes[-1] += achado.fuso
        else:
            partes.append(achado.fuso)
    local["dado"] = " | ".join(partes)
    return local


def _local(item: Item, papel: str) -> dict[str, Any]:
    local: dict[str, Any] = {
        "papel": papel, "pagina": item.trecho.pagina, "linha_ou_celula": item.trecho.localizacao, "dado": item.achado.dado,
    }
    if item.trecho.aba:
        local["aba_planilha"] = item.trecho.aba
    return local


def dado(documento: Documento, item: Item, familia: str, emissor: str | None = None) -> dict[str, Any]:
    """O DadoExtraido (seção 1) de um achado; `emissor`: a empresa que o documento diz ser a sua (`emissor.py`)."""
    achado, trecho = item.achado, item.trecho
    resultado: dict[str, Any] = {
        "dado": achado.dado,
        "campo": achado.campo,
        "arquivo_fonte": documento.arquivo,
        "pagina": trecho.pagina,
        "linha_ou_celula": trecho.localizacao,
        "texto_original": trecho.texto,
        "tipo_dado": achado.tipo_dado,
        "metadados": {**achado.metadados, "metodo_extracao": trecho.metodo, "familia_fonte": familia},
    }
    if emissor:
        resultado["metadados"]["emissor_fonte"] = emissor
    if achado.fuso:
        resultado["fuso_horario_original"] = achado.fuso
    if trecho.aba:
        resultado["aba_planilha"] = trecho.aba
    if trecho.valor_bruto is not None:
        resultado["metadados"]["valor_bruto_celula"] = trecho.valor_bruto
    if trecho.metodo.startswith("ocr") and trecho.pagina in documento.confianca_ocr:
        resultado["metadados"]["confianca_ocr_pagina"] = documento.confianca_ocr[trecho.pagina]
    return resultado
