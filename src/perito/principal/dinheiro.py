"""Modelo de dinheiro do principal: pessoas, lançamentos, transferências narradas e chaves Pix.

Montado uma vez por índice a partir dos lotes (o principal nunca abre documento):
- lançamento de extrato (PDF, CSV, planilha): valor, direção, dia, instante, a contraparte do
  histórico (nome e CPF mascarado) e o titular declarado no cabeçalho (`contexto_titular`);
- lançamento SIMBA: a linha do EXTRATO (titular pela conta, em CONTAS/TITULARES do mesmo
  conjunto) unida à linha da ORIGEM_DESTINO de mesmo CODIGO_CHAVE_EXTRATO (quem pagou ou recebeu,
  com CPF/CNPJ); a linha da ORIGEM_DESTINO nunca conta como outro lançamento;
- transferência narrada num relato: valor, dia e hora contados na mesma frase, com a chave ou a
  conta de destino e a vítima (declarante) do relato;
- vínculo de chave Pix no DICT: a chave (telefone, e-mail, CPF, EVP), o titular e a conta da linha.

As financeiras (materialidade, vinculo_financeiro, identificacao_laranja) são perguntas sobre
esse modelo: quem pagou quem, quando, quanto e em quanto tempo o dinheiro saiu.
"""

from __future__ import annotations

import bisect
import datetime as dt
import heapq
import itertools
import re
from dataclasses import dataclass
from decimal import Decimal
from typing import Any, Iterator

from perito.chaves import comparacao, dinheiro, email, tempo
from perito.chaves.nome import dobrar
from perito.chaves.valores import decompor
from perito.principal import contas_do_arquivo, dois_lados, historico_da_chave, titular_pela_carta
from perito.principal.identidades import Pessoa, chave_pix, conta_do_texto, conta_normalizada, outra_pessoa
from perito.principal.indice import Indice
from perito.principal.ocorrencias import SEM_MOVIMENTO, Ocorrencia


@dataclass(slots=True)
class Lancamento:
    valor: Ocorrencia
    quantia: Decimal
    direcao: str | None
    dia: dt.date | None
    instante: dt.datetime | None
    titular: Pessoa | None
    conta: str | None  # agência|conta normalizadas do dono do extrato
    contraparte: Pessoa | None
    provas: list[Ocorrencia]
    simba: bool = False
    #: a conta (ou o titular) do trecho do arquivo, quando um arquivo traz os extratos de mais de uma conta, cada
    #: uma sob a sua declaração de titular (`_com_as_contas_do_arquivo`); None num arquivo de uma conta só
    secao: str | None = None

    @property
    def arquivo(self) -> str:
        return self.valor.arquivo

    @property
    def repasse_possivel(self) -> bool:
        """Um débito que pode levar o dinheiro a um terceiro (não a compra, a tarifa, o rendimento)."""
        return self.valor.meta.get("operacao") != "consumo"

    @property
    def familia(self) -> str:
        return self.valor.familia

    @property
    def extrato(self) -> str:
        """O extrato a que o lançamento pertence: o arquivo, ou a conta num conjunto SIMBA."""
        if self.simba:
            return f"{self.valor.meta['simba'].get('conjunto', '')}|{self.conta}"
        return self.arquivo if self.secao is None else f"{self.arquivo}#{self.secao}"

    @property
    def local(self) -> dt.datetime | None:
        """Relógio do próprio documento (dia e hora, sem fuso): basta para medir o tempo entre dois
        lançamentos do mesmo extrato, que têm o mesmo relógio."""
        hora = tempo.hora(self.valor.meta["hora"]) if self.valor.meta.get("hora") else None
        return dt.datetime.combine(self.dia, hora) if self.dia and hora else None

    def quando(self) -> str:
        meta = self.valor.meta
        if self.simba:  # como o SIMBA escreve: a data DDMMAAAA e a hora da descrição
            return " ".join(p for p in (meta.get("data_literal"), meta.get("hora")) if p) or "data não informada"
        return self.valor.quando_escrito or "data não informada"

    def escrito(self) -> str:
        """O valor como escrito, com a unidade quando ela vem do cabeçalho (SIMBA: "125090 centavos")."""
        if self.valor.meta.get("unidade") == "centavos":
            return f"{self.valor.literal} centavos"
        literal = self.valor.literal
        if not dinheiro.em_notacao_brasileira(literal) and not any(v.tipo == "valor" for v in decompor(literal)):
            # "3500", "-3300": o número da planilha sem formato; a afirmação diz também o valor em reais, para que a
            # conta (a fração do que entrou) se confira pelos valores escritos nela
            return f"{literal} ({dinheiro.brasileiro(self.quantia)})"
        return literal

    def descrever(self) -> str:
        contraparte = f", contraparte {self.contraparte.descrever()}" if self.contraparte else ""
        literal = self.escrito()  # com "centavos" quando a unidade vem do cabeçalho citado
        if self.valor.meta.get("unidade") == "centavos" or (
                not dinheiro.em_notacao_brasileira(literal) and dinheiro.PADRAO_NUMERO_PONTO.search(literal)):
            # "1,230.00" ou "173000 centavos" escritos pelo banco: a afirmação diz também o valor em reais (o
            # validador lê os dois como um valor só)
            literal = f"{literal} ({dinheiro.brasileiro(self.quantia)})"
        return f"{self.valor.onde}: {literal} em {self.quando()}{contraparte}"


class _Linha:
    """Lançamentos em ordem de um momento (todos com o mesmo tipo de relógio), para buscar uma janela."""

    def __init__(self, itens: list[tuple[dt.datetime, Lancamento]]) -> None:
        itens.sort(key=lambda par: (par[0], par[1].valor.seq))
        self.momentos = [momento for momento, _ in itens]
        self.itens = itens

    def depois(self, base: dt.datetime, janela: dt.timedelta) -> Iterator[tuple[dt.timedelta, int, Lancamento]]:
        """(decorrido, seq, lançamento) com base < momento <= base + janela, em ordem de (decorrido, seq)."""
        inicio = bisect.bisect_right(self.momentos, base)
        fim = bisect.bisect_right(self.momentos, base + janela)
        itens = self.itens
        for posicao in range(inicio, fim):
            momento, t = itens[posicao]
            yield momento - base, t.valor.seq, t


def _decorrido_e_seq(achado: tuple[dt.timedelta, int, Lancamento]) -> tuple[dt.timedelta, int]:
    return achado[0], achado[1]


def decorrido(antes: Lancamento, depois: Lancamento) -> dt.timedelta | None:
    """Tempo entre dois lançamentos: pelos instantes UTC, ou pelo relógio do documento se ambos são do
    mesmo extrato e não têm fuso declarado."""
    if antes.instante and depois.instante:
        return depois.instante - antes.instante
    if antes.extrato == depois.extrato and antes.local and depois.local:
        return depois.local - antes.local
    return None


@dataclass(slots=True)
class Narrada:
    """Transferência contada num relato."""

    valor: Ocorrencia
    quantia: Decimal
    dia: dt.date | None
    hora: dt.time | None
    chaves: list[tuple[str, Ocorrencia]]  # (chave normalizada, ocorrência) na mesma frase
    contas: list[tuple[str, Ocorrencia]]
    vitima: Pessoa | None
    provas: list[Ocorrencia]
    #: o registro bancário (comprovante, ou a linha do extrato de quem pagou) que dá a chave de destino, quando o
    #: relato conta o valor e não a chave (`_do_comprovante`)
    comprovante: Lancamento | None = None
    #: contada no termo de quem a investigação qualifica como investigado, sem vítima no documento
    do_investigado: bool = False
    #: o relato não diz o valor, e a transferência é a do comprovante em que a vítima dele é quem pagou
    #: (`Modelo._narradas_pelos_comprovantes`): o valor e a data são os do comprovante
    pelo_comprovante: bool = False

    def descrever(self) -> str:
        quando = " ".join(p for p in (self.valor.meta.get("data"), self.valor.meta.get("hora")) if p)
        texto = f"{self.valor.onde}: {self.valor.literal} em {quando or 'data não informada'}"
        return f"{texto}, comprovante em que a vítima é quem pagou" if self.pelo_comprovante else texto

    def e_o_proprio(self, lancamento: Lancamento) -> bool:
        """O lançamento é o próprio comprovante de que a transferência foi tirada (não um crédito que a confirme)."""
        return lancamento.valor is self.valor


@dataclass(slots=True)
class Vinculo:
    """Uma linha do DICT: chave → titular e conta."""

    chave: str
    ocorrencia: Ocorrencia
    titular: Pessoa | None
    conta: str | None
    provas: list[Ocorrencia]
    #: o período do vínculo, no histórico de uma chave (`historico_da_chave`): a posse e o fim dela
    inicio: Ocorrencia | None = None
    fim: Ocorrencia | None = None

    def vale_em(self, dia: dt.date | None) -> bool:
        """O vínculo vale no dia (sem período escrito, ou sem o dia, vale)."""
        return historico_da_chave.no_periodo(self.inicio, self.fim, dia)


#: a fração dos lançamentos do extrato menor que o maior também tem para os dois serem o mesmo extrato
_MESMO_EXTRATO = 0.9
_MINIMO_PARA_COMPARAR = 3


def _sem_copias(lancamentos: list[Lancamento]) -> list[Lancamento]:
    """O mesmo extrato entregue duas vezes (PDF e XLSX da mesma conta e do mesmo período) é uma fonte só: os
    lançamentos de uma das cópias saem do modelo, para que o mesmo Pix não dê duas
    materialidades nem a mesma conta duas laranjas. Fica a cópia que declara o titular (ou a mais completa). Só entre
    extratos do mesmo titular (quando os dois o dizem)."""
    por_arquivo: dict[str, list[Lancamento]] = {}
    for t in lancamentos:
        if not t.simba:
            por_arquivo.setdefault(t.arquivo, []).append(t)
    assinaturas = {a: {(t.dia, t.quantia, t.direcao) for t in ts if t.dia} for a, ts in por_arquivo.items()}
    titulares = {a: next((t.titular.nome for t in ts if t.titular and t.titular.nome), None) for a, ts in por_arquivo.items()}
    copias: set[str] = set()
    nomes = sorted(assinaturas)
    for i, a in enumerate(nomes):
        for b in nomes[i + 1:]:
            if a in copias or b in copias:
                continue
            if min(len(assinaturas[a]), len(assinaturas[b])) < _MINIMO_PARA_COMPARAR:
                continue
            if titulares[a] and titulares[b] and titulares[a] != titulares[b]:
                continue
            comuns = len(assinaturas[a] & assinaturas[b])
            if comuns >= _MESMO_EXTRATO * min(len(assinaturas[a]), len(assinaturas[b])):
                # fica o que diz o titular; entre iguais, o que tem mais lançamentos; entre esses, o primeiro pelo nome
                copias.add(min((a, b), key=lambda x: (titulares[x] is not None, len(assinaturas[x]), x == a)))
    return [t for t in lancamentos if t.simba or t.arquivo not in copias]


def _com_as_contas_do_arquivo(lancamentos: list[Lancamento]) -> list[Lancamento]:
    """O arquivo com os extratos de duas contas ou mais, um embaixo do outro, cada um sob a sua declaração de titular
    ("Titular: JOANA ... Conta 1112223-4" e, adiante, "Titular: RAFAEL ... Conta 4471239-8"): cada lançamento é do
    extrato da sua conta, não do arquivo (antes, a conta de passagem de RAFAEL saía com o nome de JOANA, o primeiro
    titular do arquivo, e os repasses juntavam créditos de uma conta com débitos da outra)."""
    por_arquivo: dict[str, list[Lancamento]] = {}
    for t in lancamentos:
        if not t.simba:
            por_arquivo.setdefault(t.arquivo, []).append(t)
    for do_arquivo in por_arquivo.values():
        campo = contas_do_arquivo.chave_da_secao(t.valor.meta.get("contexto_titular") for t in do_arquivo)
        if campo is not None:
            for t in do_arquivo:
                t.secao = contas_do_arquivo.secao(t.valor.meta.get("contexto_titular"), campo)
    return lancamentos


class Modelo:
    def __init__(self, indice: Indice) -> None:
        self.indice = indice
        self._por_extrato: dict[tuple[str, str | None], list[Lancamento]] | None = None
        self._por_dia: dict[tuple[str, dt.date], tuple[list[int], list[Lancamento]]] | None = None
        self._decrescentes: set[str] | None = None
        #: o que as regras calculam uma vez por modelo (os repasses de cada extrato: `repasse.repasse_do_credito`)
        self.memoria: dict[str, Any] = {}
        self._por_quantia: dict[tuple, list[Lancamento]] | None = None
        self._simba_por_quantia: dict[tuple, list[Lancamento]] | None = None
        self._por_chave: dict[str, list[Vinculo]] | None = None
        self._de_uma_chave: dict[str, tuple[list[Ocorrencia], list[Ocorrencia], list[Ocorrencia]]] = {}
        self._historicos: dict[str, list[historico_da_chave.VinculoDoHistorico]] = {}
        self._janelas: dict[str, tuple[_Linha, _Linha, _Linha]] = {}
        #: extrato sem titular declarado → a carta do banco que o encaminha e declara o titular
        self.titulares_pelas_cartas: dict[str, titular_pela_carta.TitularPelaCarta] = {}
        self.lancamentos = self._lancamentos()
        self.vinculos = self._vinculos()
        # depois dos lançamentos e do DICT: o comprovante dá a chave que o relato não diz (ou que o DICT não conhece)
        self.narradas = self._narradas()

    # -- índices (um caso grande tem milhares de lançamentos: nada de varrer todos a cada pergunta) --
    def do_extrato(self, extrato: str, direcao: str | None) -> list[Lancamento]:
        """Lançamentos de um extrato com a direção dada, na ordem do modelo."""
        if self._por_extrato is None:
            self._por_extrato = {}
            for t in self.lancamentos:
                self._por_extrato.setdefault((t.extrato, t.direcao), []).append(t)
        return self._por_extrato.get((extrato, direcao), [])

    def debitos_depois(self, credito: Lancamento, janela: dt.timedelta) -> list[Lancamento]:
        """Débitos do extrato do crédito com 0 < decorrido(crédito, débito) <= janela, na ordem (decorrido, seq).

        O mesmo que perguntar `decorrido` a cada débito do extrato, por busca binária em três linhas do tempo
        (instantes UTC; relógio do documento dos débitos sem instante; relógio do documento de todos): um
        extrato com milhares de lançamentos não é varrido a cada crédito.
        """
        return list(self.debitos_em_ordem(credito, janela))

    def debitos_em_ordem(self, credito: Lancamento, janela: dt.timedelta) -> Iterator[Lancamento]:
        """Os débitos de `debitos_depois`, um a um: quem só precisa dos primeiros (o repasse pára ao
        alcançar a fração do crédito) não monta a janela inteira, que num extrato denso tem centenas."""
        por_instante, sem_instante, por_local = self._linhas_do_tempo(credito.extrato)
        if credito.instante is not None:
            achados = por_instante.depois(credito.instante, janela)
            if credito.local is not None:
                # cada linha já vem em ordem de (decorrido, seq), e as duas não têm débito em comum
                achados = heapq.merge(achados, sem_instante.depois(credito.local, janela), key=_decorrido_e_seq)
        elif credito.local is not None:
            achados = por_local.depois(credito.local, janela)
        else:
            return
        for _, _, t in achados:
            yield t

    def em_seguida(self, credito: Lancamento) -> list[Lancamento]:
        """Débitos do mesmo extrato e dia escritos logo depois do crédito no tempo, até o próximo crédito: a ordem do
        extrato é a única medida quando ele não dá a hora (nenhum intervalo é afirmado). No extrato do mais recente
        para o mais antigo (`decrescente`), o que veio depois está escrito acima."""
        if credito.dia is None:
            return []
        seguintes = []
        for t in self._vizinhos_no_dia(credito, depois=True):
            if t.direcao == "credito":
                break
            if t.repasse_possivel:
                seguintes.append(t)
        return seguintes

    def creditos_logo_antes(self, credito: Lancamento) -> Iterator[Lancamento]:
        """Os créditos do mesmo extrato e dia que vieram logo antes deste no tempo, sem débito no meio, do mais perto
        ao mais longe: num extrato sem hora, o dinheiro que chegou junto antes das saídas."""
        if credito.dia is None:
            return
        for t in self._vizinhos_no_dia(credito, depois=False):
            if t.direcao != "credito":
                return
            yield t

    def _vizinhos_no_dia(self, credito: Lancamento, depois: bool) -> Iterator[Lancamento]:
        """Os lançamentos do dia do crédito, do mais perto ao mais longe, no sentido do tempo pedido."""
        seqs, do_dia = self._do_dia(credito.extrato, credito.dia)  # type: ignore[arg-type]
        # a busca binária dá a posição do crédito (varrer o extrato a cada crédito fazia a regra crescer com o
        # quadrado dele: 100 mil lançamentos, seis minutos)
        abaixo = depois != self.decrescente(credito.extrato)
        if abaixo:
            yield from itertools.islice(do_dia, bisect.bisect_right(seqs, credito.valor.seq), None)
        else:
            yield from reversed(do_dia[: bisect.bisect_left(seqs, credito.valor.seq)])

    def decrescente(self, extrato: str) -> bool:
        """O extrato vem do mais recente para o mais antigo: entre linhas seguidas de dias diferentes, o dia desce mais
        vezes do que sobe (sem troca de dia, a ordem de leitura: um dia só não diz o sentido)."""
        if self._decrescentes is None:
            por_extrato: dict[str, list[Lancamento]] = {}
            for t in self.lancamentos:
                if t.dia is not None:
                    por_extrato.setdefault(t.extrato, []).append(t)
            self._decrescentes = set()
            for nome, lancamentos in por_extrato.items():
                lancamentos.sort(key=lambda t: t.valor.seq)
                desce = sobe = 0
                for a, b in itertools.pairwise(lancamentos):
                    if b.dia < a.dia:  # type: ignore[operator]
                        desce += 1
                    elif b.dia > a.dia:  # type: ignore[operator]
                        sobe += 1
                if desce > sobe:
                    self._decrescentes.add(nome)
        return extrato in self._decrescentes

    def _do_dia(self, extrato: str, dia: dt.date) -> tuple[list[int], list[Lancamento]]:
        """Os débitos e os créditos de um extrato num dia, em ordem de seq (a ordem do modelo entre iguais), e os
        seqs deles."""
        if self._por_dia is None:
            por_dia: dict[tuple[str, dt.date], list[Lancamento]] = {}
            for direcao in ("debito", "credito"):
                for t in self.lancamentos:
                    if t.direcao == direcao and t.dia is not None:
                        por_dia.setdefault((t.extrato, t.dia), []).append(t)
            self._por_dia = {}
            for chave, lancamentos in por_dia.items():
                lancamentos.sort(key=lambda t: t.valor.seq)
                self._por_dia[chave] = ([t.valor.seq for t in lancamentos], lancamentos)
        return self._por_dia.get((extrato, dia), ([], []))

    def _linhas_do_tempo(self, extrato: str) -> tuple[_Linha, _Linha, _Linha]:
        if extrato not in self._janelas:
            debitos = [t for t in self.do_extrato(extrato, "debito") if t.repasse_possivel]
            locais = [(t.local, t) for t in debitos]
            self._janelas[extrato] = (
                _Linha([(t.instante, t) for t in debitos if t.instante is not None]),
                _Linha([(local, t) for local, t in locais if local is not None and t.instante is None]),
                _Linha([(local, t) for local, t in locais if local is not None]),
            )
        return self._janelas[extrato]

    def de_quantia_e_dia(self, quantia, dia: dt.date | None) -> list[Lancamento]:
        """Lançamentos de mesmo valor e dia (o dia que um relato contaria: `dias_do_relato`), na ordem do modelo."""
        if self._por_quantia is None:
            self._por_quantia = {}
            for t in self.lancamentos:
                for dia_do_relato in dias_do_relato(t) or {None}:  # o relato conta o dia local
                    self._por_quantia.setdefault((t.quantia, dia_do_relato), []).append(t)
        return self._por_quantia.get((quantia, dia), [])

    def creditos_simba(self, quantia, dia: dt.date | None) -> list[Lancamento]:
        """Os créditos SIMBA de `de_quantia_e_dia`, na mesma ordem: a confirmação de cada saída só olha estes
        (num extrato grande, o mesmo valor no mesmo dia tem dezenas de lançamentos de extrato)."""
        if self._simba_por_quantia is None:
            self._simba_por_quantia = {}
            for t in self.lancamentos:
                if t.simba and t.direcao == "credito":
                    self._simba_por_quantia.setdefault((t.quantia, t.dia), []).append(t)
        return self._simba_por_quantia.get((quantia, dia), [])

    # -- lançamentos ------------------------------------------------------------------
    def _lancamentos(self) -> list[Lancamento]:
        indice = self.indice
        od_por_chave: dict[tuple, list[Ocorrencia]] = {}
        titulares_simba: dict[tuple, Pessoa] = {}
        for o in indice.do_simba:
            simba = o.meta.get("simba")
            if not simba or o.meta.get("nao_informado"):
                continue
            if simba.get("tabela") == "ORIGEM_DESTINO" and simba.get("codigo_chave_extrato"):
                od_por_chave.setdefault((simba.get("conjunto"), simba["codigo_chave_extrato"]), []).append(o)
            if simba.get("tabela") in ("CONTAS", "TITULARES") and o.meta.get("papel") in (None, "titular"):
                conta = conta_normalizada(o.meta)
                if conta is None:
                    continue
                pessoa = titulares_simba.setdefault((simba.get("conjunto"), conta), Pessoa())
                if o.campo == "nome_titular" and not pessoa.nome:
                    pessoa.nome, pessoa.literal = o.meta.get("nome_normalizado"), o.literal
                    pessoa.provas.append(o)
                elif o.campo in ("cpf", "outro") and o.meta.get("digitos") and not pessoa.cpf:
                    pessoa.cpf = o.meta["digitos"]
                    pessoa.provas.append(o)
        resultado = []
        for o in indice.do_campo("valor_transacao"):
            if o.familia != "banco" or not o.meta.get("valor"):
                continue
            if o.meta.get("operacao") in ("devolucao", "bloqueio", *SEM_MOVIMENTO) or (
                    o.meta.get("operacao") == "consumo" and o.meta.get("direcao") == "credito"):
                # a devolução (MED, estorno) e o bloqueio não são pagamento de ninguém a ninguém, e a transação recusada
                # ou cancelada não moveu dinheiro; o rendimento e os juros creditados não vêm de um pagador
                continue
            simba = o.meta.get("simba")
            if simba and simba.get("tabela") != "EXTRATO":
                continue  # a linha da ORIGEM_DESTINO é a contraparte do lançamento, não outro lançamento
            if simba:
                resultado.append(self._lancamento_simba(o, od_por_chave, titulares_simba))
            else:
                resultado.append(self._lancamento_extrato(o))
        return _sem_copias(self._com_os_dois_lados(self._com_o_titular_da_carta(_com_as_contas_do_arquivo(resultado))))

    def _com_o_titular_da_carta(self, lancamentos: list[Lancamento]) -> list[Lancamento]:
        """O extrato que não nomeia o titular leva o da resposta do banco que o encaminha (`titular_pela_carta`)."""
        sem_titular: dict[str, str | None] = {}
        com_titular: set[str] = set()
        for t in lancamentos:
            if t.simba:
                continue
            if t.titular is not None:
                com_titular.add(t.arquivo)
            elif t.arquivo not in sem_titular or (t.conta and not sem_titular[t.arquivo]):
                sem_titular[t.arquivo] = t.conta
        extratos = [a for a in sem_titular if a not in com_titular]
        if not extratos:
            return lancamentos
        achadas = titular_pela_carta.cartas(self.indice)
        for arquivo in extratos:
            if achado := titular_pela_carta.titular_do_extrato(arquivo, sem_titular[arquivo], achadas):
                self.titulares_pelas_cartas[arquivo] = achado
        for t in lancamentos:
            if (achado := self.titulares_pelas_cartas.get(t.arquivo)) is not None and not t.simba:
                t.titular, t.conta = achado.carta.titular, achado.carta.conta
        return lancamentos

    def _com_os_dois_lados(self, lancamentos: list[Lancamento]) -> list[Lancamento]:
        """Os lançamentos de um relatório com o pagador e o recebedor em cada linha (`dois_lados`): o sentido, o
        titular e a outra parte pela pessoa que está em todas as linhas do arquivo."""
        por_arquivo: dict[str, list[tuple[Lancamento, tuple[Pessoa, Pessoa]]]] = {}
        for lancamento in lancamentos:
            if lancamento.direcao is None and lancamento.titular is None and not lancamento.simba and (
                    par := dois_lados.lados(self.indice, lancamento.valor)) is not None:
                por_arquivo.setdefault(lancamento.arquivo, []).append((lancamento, par))
        trocados: dict[int, Lancamento] = {}
        for linhas in por_arquivo.values():
            if (pessoa := dois_lados.pessoa_do_relatorio([par for _, par in linhas])) is None:
                continue
            for lancamento, (pagador, recebedor) in linhas:
                recebeu = pessoa.mesma(recebedor)
                titular, outra = (recebedor, pagador) if recebeu else (pagador, recebedor)
                trocados[id(lancamento)] = Lancamento(
                    lancamento.valor, lancamento.quantia, "credito" if recebeu else "debito", lancamento.dia,
                    lancamento.instante, titular, None, outra, [lancamento.valor, *outra.provas])
        return [trocados.get(id(lancamento), lancamento) for lancamento in lancamentos] if trocados else lancamentos

    def _lancamento_extrato(self, o: Ocorrencia) -> Lancamento:
        meta = o.meta
        titular = None
        conta = None
        if declarado := meta.get("contexto_titular"):
            if declarado.get("nome"):  # o cabeçalho que só diz a conta não nomeia o titular
                titular = Pessoa(dobrar(declarado["nome"]), re.sub(r"\D", "", declarado.get("cpf") or "") or None,
                                 literal=declarado["nome"])
            conta = declarado.get("conta_chave") or conta_do_texto(declarado.get("conta"))
        contraparte = None
        provas = [o]
        if meta.get("contraparte_normalizada"):
            contraparte = Pessoa(meta["contraparte_normalizada"], meta.get("contraparte_cpf"),
                                 mascara=meta.get("contraparte_cpf_mascarado"), literal=meta.get("contraparte"))
            vizinhos = self.indice.no_registro(o)  # uma consulta para o nome e o documento (200 mil lançamentos)
            nomes = [n for n in vizinhos
                     if n.campo == "nome_titular" and n.meta.get("nome_normalizado") == meta["contraparte_normalizada"]]
            # o CPF/CNPJ que a afirmação escreve ao lado do nome é citado no lugar dele (a célula ou linha do registro)
            documentos = [d for d in vizinhos if d.campo in ("cpf", "outro") and d.meta.get("digitos") == contraparte.cpf
                          ] if contraparte.cpf else []
            contraparte.provas += nomes[:1] + documentos[:1]
            provas += nomes[:1] + documentos[:1]
        elif (cpf := meta.get("contraparte_cpf")) and not (titular and titular.cpf == cpf):
            # só o documento da outra parte, sem nome (a API do Open Finance): a contraparte é o CPF/CNPJ escrito
            documentos = [d for d in self.indice.no_registro(o) if d.campo in ("cpf", "outro") and d.meta.get("digitos") == cpf]
            if documentos:
                contraparte = Pessoa(None, cpf, provas=documentos[:1], literal=documentos[0].literal)
                provas += documentos[:1]
        return Lancamento(o, abs(Decimal(meta["valor"])), meta.get("direcao"), o.dia, o.instante, titular, conta,
                          contraparte, provas)

    def _lancamento_simba(self, o: Ocorrencia, od: dict[tuple, list[Ocorrencia]],
                          titulares: dict[tuple, Pessoa]) -> Lancamento:
        simba = o.meta["simba"]
        conta = conta_normalizada(o.meta)
        titular = titulares.get((simba.get("conjunto"), conta)) if conta else None
        contraparte = None
        provas = [o]
        linhas_od = od.get((simba.get("conjunto"), simba.get("codigo_chave_extrato")), [])
        if linhas_od:
            lado = linhas_od[0].meta.get("origem_destino") or {}
            nao_informado = set(lado.get("nao_informado") or [])
            cpf = lado.get("digitos") if "cpf_cnpj" not in nao_informado else None
            nome = lado.get("nome_normalizado") if "nome" not in nao_informado else None
            if cpf or nome:
                contraparte = Pessoa(nome, cpf, literal=lado.get("nome"))
                valor_od = [x for x in linhas_od if x.campo == "valor_transacao"]
                contraparte.provas += valor_od[:1] or linhas_od[:1]
                provas += contraparte.provas
        return Lancamento(o, abs(Decimal(o.meta["valor"])), o.meta.get("direcao"), o.dia, None, titular, conta,
                          contraparte, provas, simba=True)

    # -- relatos ------------------------------------------------------------------------
    def _narradas(self) -> list[Narrada]:
        indice = self.indice
        resultado = []
        vitimas_por_arquivo: dict[str, list[Pessoa]] = {}
        # os valores de cada frase do relato (uma frase pode contar dois Pix, cada um para a sua chave)
        da_frase: dict[tuple[str, str], list[Ocorrencia]] = {}
        # a tentativa que o relato diz recusada ("tentou transferir R$ 3.000,00, operação recusada") não é fato a achar
        relatados = [o for o in indice.do_campo("valor_transacao") if o.familia == "relato" and o.meta.get("valor")
                     and o.meta.get("operacao") not in SEM_MOVIMENTO]
        for o in relatados:
            da_frase.setdefault(o.registro, []).append(o)
        for o in relatados:
            if o.dia is None:
                continue
            vizinhos = _da_mesma_oracao(o, indice.no_registro(o), da_frase[o.registro])
            chaves = [(k, v) for v in vizinhos if v.campo in ("telefone", "chave_pix", "email") and (k := chave_pix(v))]
            contas = [(c, v) for v in vizinhos if v.campo == "conta_bancaria" and (c := conta_normalizada(v.meta))]
            if not chaves and not contas:
                chaves = self._chave_unica_do_relato(o.arquivo)
            if o.arquivo not in vitimas_por_arquivo:
                vitimas_por_arquivo[o.arquivo] = self._vitimas(o.arquivo)
            vitima = _vitima_da_oracao(o, vitimas_por_arquivo[o.arquivo], da_frase[o.registro])
            hora = tempo.hora(o.meta["hora"]) if o.meta.get("hora") else None
            quantia = abs(Decimal(o.meta["valor"]))
            comprovante = None
            # o relato sem chave, ou com um número que nenhuma resposta do DICT tem (o WhatsApp do golpista, na mesma
            # frase do Pix): a chave do comprovante anexado, se o DICT a conhece
            if not contas and not any(self.vinculos_da_chave(k) for k, _ in chaves) and (
                    achado := self._do_comprovante(quantia, o.dia, hora, vitima)) is not None and any(
                    self.vinculos_da_chave(k) for k, _ in achado[1]):
                comprovante, chaves = achado
            narrada = Narrada(o, quantia, o.dia, hora, chaves, contas, vitima, [o], comprovante)
            # o termo do investigado ("Interrogado: ..., na condição de investigado") conta o que entrou na conta dele:
            # não é o relato de uma vítima
            narrada.do_investigado = not vitimas_por_arquivo[o.arquivo] and self._qualifica_investigado(o.arquivo)
            resultado.append(narrada)
        return resultado + self._narradas_pelos_comprovantes({o.arquivo for o in relatados})

    def _narradas_pelos_comprovantes(self, com_valor: set[str]) -> list[Narrada]:
        """O relato que não diz o valor ("realizou uma transferência Pix, conforme comprovante que apresenta") e o
        comprovante no caso em que a vítima dele é quem pagou (o nome igual, sem CPF que conflite): a transferência é a
        do comprovante, com o valor, a data e a chave dele. Só o comprovante de um lançamento só, com quem pagou e quem
        recebeu nomeados, e só uma vítima que seja a pagadora dele."""
        arquivos = {o.arquivo for o in self.indice.do_campo("nome_titular") if o.familia == "relato"} - com_valor
        vitimas = [(v, arquivo) for arquivo in sorted(arquivos) if not self._qualifica_investigado(arquivo)
                   for v in self._vitimas(arquivo)]
        if not vitimas:
            return []
        resultado = []
        for lancamento, pagador in self._comprovantes():
            delas = [v for v, _ in vitimas if pagador.mesma(v)]
            if len({v.nome for v in delas}) != 1:
                continue
            o = lancamento.valor
            chaves = [(k, v) for v in self.indice.no_registro(o, "chave_pix") if (k := chave_pix(v))]
            hora = tempo.hora(o.meta["hora"]) if o.meta.get("hora") else None
            resultado.append(Narrada(o, lancamento.quantia, lancamento.dia, hora, chaves, [], delas[0],
                                     [o, *pagador.provas], lancamento, pelo_comprovante=True))
        return resultado

    def _comprovantes(self) -> list[tuple[Lancamento, Pessoa]]:
        """Os comprovantes de transferência do caso: o arquivo do banco com um lançamento só, com data, em cujo registro
        estão quem pagou e quem recebeu; e quem pagou (o nome, com o CPF mascarado do registro)."""
        por_arquivo: dict[str, list[Lancamento]] = {}
        for lancamento in self.lancamentos:
            if not lancamento.simba:
                por_arquivo.setdefault(lancamento.arquivo, []).append(lancamento)
        achados = []
        for lancamentos in por_arquivo.values():
            if len(lancamentos) != 1 or (lancamento := lancamentos[0]).dia is None:
                continue
            nomes = self.indice.no_registro(lancamento.valor, "nome_titular")
            pagadores = [n for n in nomes if n.meta.get("papel") == "remetente"]
            if len(pagadores) != 1 or not any(n.meta.get("papel") == "destinatario" for n in nomes):
                continue
            nome = pagadores[0]
            mascara = lancamento.valor.meta.get("contraparte_cpf_mascarado") if (
                lancamento.valor.meta.get("contraparte_normalizada") == nome.meta.get("nome_normalizado")) else None
            achados.append((lancamento, Pessoa(nome.meta.get("nome_normalizado"), None, mascara, provas=[nome],
                                               literal=nome.literal)))
        return achados

    def _qualifica_investigado(self, arquivo: str) -> bool:
        return any(n.meta.get("papel") == "investigado" for n in self.indice.do_arquivo(arquivo, "nome_titular"))

    def _do_comprovante(self, quantia: Decimal, dia: dt.date, hora: dt.time | None, vitima: Pessoa | None,
                        ) -> tuple[Lancamento, list[tuple[str, Ocorrencia]]] | None:
        """O comprovante do banco que dá o destino de um valor que o relato conta sem a chave ("fez um Pix de
        R$ 2.890,00" e o comprovante anexado: "Valor R$ 2.890,00 ... Chave a3f1..."): o único lançamento de banco de
        mesmo valor e dia com uma chave Pix no registro, na hora contada (até `_HORA_DO_COMPROVANTE` de diferença,
        quando os dois a dizem) e sem outro pagador que não a vítima."""
        achados = []
        for lancamento in self.de_quantia_e_dia(quantia, dia):
            if lancamento.simba:
                continue
            if hora is not None and (local := lancamento.local) is not None and abs(
                    dt.datetime.combine(dia, hora) - local) > _HORA_DO_COMPROVANTE:
                continue
            pagador = lancamento.contraparte if lancamento.direcao == "credito" else lancamento.titular
            if vitima is not None and pagador is not None and pagador.nome and outra_pessoa(pagador, vitima):
                continue
            chaves = {k: v for v in self.indice.no_registro(lancamento.valor, "chave_pix") if (k := chave_pix(v))}
            if len(chaves) == 1:
                achados.append((lancamento, list(chaves.items())))
        return achados[0] if len(achados) == 1 else None

    def _chave_unica_do_relato(self, arquivo: str) -> list[tuple[str, Ocorrencia]]:
        """A chave Pix que o relato dá numa frase ("o site gerou um QR Code com a chave aleatória 7d9f...") e o valor
        noutra ("Às 14h22 a comunicante pagou R$ 389,90"): vale só quando o relato inteiro escreve uma chave Pix só
        (explícita, não um telefone ou e-mail qualquer) e nenhuma conta."""
        if self.indice.do_arquivo(arquivo, "conta_bancaria"):
            return []
        chaves = {k: v for v in self.indice.do_arquivo(arquivo, "chave_pix") if (k := chave_pix(v))}
        return list(chaves.items()) if len(chaves) == 1 else []

    def _vitimas(self, arquivo: str) -> list[Pessoa]:
        """As vítimas que o relato qualifica, uma por nome, na ordem do documento; quem declara na primeira pessoa ("Eu,
        ANA ..., declaro que ... transferi") também, quando o termo não qualifica um investigado (o interrogatório
        também se escreve assim)."""
        vitimas: dict[str | None, Pessoa] = {}
        papeis = ("vitima",) if self._qualifica_investigado(arquivo) else ("vitima", "declarante")
        for nome in self.indice.do_arquivo(arquivo, "nome_titular"):
            if nome.meta.get("papel") not in papeis or nome.meta.get("nome_normalizado") in vitimas:
                continue
            # o CPF da vítima é o da mesma linha do nome, e só se for um: a frase pode citar o CPF de outra pessoa
            cpfs = [c for c in self.indice.no_local(nome, "cpf") if c.meta.get("digitos")]
            if not cpfs and len(self.indice.no_registro(nome, "nome_titular")) == 1:
                # o quadro da vítima no formulário do boletim ("Vítima" / "Nome: ANA ..." / "CPF: ..."): o registro é
                # dela só (um nome), e o CPF da linha de baixo é o dela
                cpfs = [c for c in self.indice.no_registro(nome, "cpf") if c.meta.get("digitos")]
            cpfs = cpfs if len({c.meta["digitos"] for c in cpfs}) == 1 else []
            vitimas[nome.meta.get("nome_normalizado")] = Pessoa(
                nome.meta.get("nome_normalizado"), cpfs[0].meta["digitos"] if cpfs else None,
                provas=[nome, *cpfs[:1]], literal=nome.literal)
        return list(vitimas.values())

    # -- DICT ---------------------------------------------------------------------------
    def _vinculos(self) -> list[Vinculo]:
        resultado = []
        for o in self.indice.do_dict:
            if o.familia != "registro" or o.campo not in ("chave_pix", "telefone", "email", "cpf"):
                continue
            if (chave := chave_pix(o)) is None or o.meta.get("nao_informado"):
                continue
            vizinhos = self.indice.no_registro(o)
            nomes = [v for v in vizinhos if v.campo == "nome_titular"]
            cpfs = [v for v in vizinhos if v.campo == "cpf" and v.meta.get("digitos")]
            contas = [v for v in vizinhos if v.campo == "conta_bancaria"]
            if not nomes and not cpfs:
                nomes, cpfs, contas = self.resposta_de_uma_chave(o.arquivo)
            if not nomes and not cpfs:
                resultado += self._vinculos_do_historico(chave, o)
                continue
            titular = _titular_do_vinculo(nomes, cpfs)
            conta = conta_normalizada(contas[0].meta) if contas else None
            # a linha de um DICT em tabela com a criação e a exclusão da chave ("03/02/2025 | 12/08/2025 | GILBERTO"):
            # o vínculo vale entre as duas, como o de um histórico em blocos
            datas = [v for v in vizinhos if v.campo == "data_evento" and v.dia is not None]
            inicio = next((d for d in datas if d.meta.get("papel") in historico_da_chave.INICIOS), None)
            fim = next((d for d in datas if d.meta.get("papel") in historico_da_chave.FINS), None)
            resultado.append(Vinculo(chave, o, titular, conta, [o, *titular.provas, *contas[:1]], inicio, fim))
        return resultado

    def _vinculos_do_historico(self, chave: str, o: Ocorrencia) -> list[Vinculo]:
        """O histórico de vínculos da chave dita uma vez no arquivo (`historico_da_chave`): um vínculo por bloco, com
        o período dele."""
        if o.arquivo not in self._historicos:
            escritas = {k for v in self.indice.do_arquivo(o.arquivo, "chave_pix") if (k := chave_pix(v))}
            self._historicos[o.arquivo] = historico_da_chave.vinculos(self.indice, o.arquivo, escritas)
        resultado = []
        for v in self._historicos[o.arquivo]:
            titular = _titular_do_vinculo(v.nomes, v.cpfs)
            conta = conta_normalizada(v.contas[0].meta) if v.contas else None
            periodo = [d for d in (v.inicio, v.fim) if d is not None]
            resultado.append(Vinculo(chave, o, titular, conta, [o, *titular.provas, *v.contas[:1], *periodo],
                                     v.inicio, v.fim))
        return resultado

    def resposta_de_uma_chave(self, arquivo: str) -> tuple[list[Ocorrencia], list[Ocorrencia], list[Ocorrencia]]:
        """A resposta do DICT sobre uma chave só, em seções ("Chave Pix consultada: ...", "Vínculo da chave",
        "Titular"): a chave, a conta e o titular ficam em blocos diferentes da página, mas são um registro. Só quando o
        documento tem uma chave, um titular e no máximo uma conta. Uma vez por arquivo (cada chave sem nome no registro
        pergunta: num DICT de milhares de chaves, varrer o arquivo a cada uma crescia com o quadrado dele)."""
        if arquivo not in self._de_uma_chave:
            self._de_uma_chave[arquivo] = self._resposta_de_uma_chave(arquivo)
        return self._de_uma_chave[arquivo]

    def _resposta_de_uma_chave(self, arquivo: str) -> tuple[list[Ocorrencia], list[Ocorrencia], list[Ocorrencia]]:
        chaves = {k for v in self.indice.do_arquivo(arquivo, "chave_pix") if (k := chave_pix(v))}
        nomes = self.indice.do_arquivo(arquivo, "nome_titular")
        cpfs = [v for v in self.indice.do_arquivo(arquivo, "cpf") if v.meta.get("digitos")]
        contas = self.indice.do_arquivo(arquivo, "conta_bancaria")
        titulares = {v.meta.get("nome_normalizado") for v in nomes} | {v.meta["digitos"] for v in cpfs}
        um_titular = len({v.meta.get("nome_normalizado") for v in nomes}) <= 1 and len({v.meta["digitos"] for v in cpfs}) <= 1
        if len(chaves) != 1 or not titulares or not um_titular or len({conta_normalizada(c.meta) for c in contas}) > 1:
            return [], [], []
        return nomes, cpfs, contas

    def recebe_na_chave(self, lancamento: Lancamento, chave: str) -> bool:
        """O crédito escreve, no próprio registro, a chave Pix em que foi recebido."""
        return lancamento.direcao == "credito" and any(
            chave_pix(o) == chave for o in self.indice.no_registro(lancamento.valor, "chave_pix", "email", "telefone"))

    def vinculos_da_chave(self, chave: str, dia: dt.date | None = None) -> list[Vinculo]:
        """Os vínculos do DICT com essa chave, na ordem do modelo (cada relato e cada crédito pergunta); com o `dia` (o
        do Pix contado), só os que valem nele (o histórico da chave: quem a teve antes não recebeu por ela)."""
        return [v for v in self._vinculos_da_chave(chave) if v.vale_em(dia)]

    def _vinculos_da_chave(self, chave: str) -> list[Vinculo]:
        if self._por_chave is None:
            self._por_chave = {}
            for v in self.vinculos:
                self._por_chave.setdefault(v.chave, []).append(v)
                if "@" in v.chave:  # o e-mail que um relato escaneado traz sem o @ chega pela forma do OCR
                    for forma in email.formas_ocr(v.chave):
                        self._por_chave.setdefault(forma, []).append(v)
        if (achados := self._por_chave.get(chave)) or not comparacao.lida_por_ocr(chave):
            return achados or []
        # o `@` lido como outros sinais ("OQQ"), a chave aleatória com um caractere a mais: só quando uma chave casa
        casam = [v for v in self.vinculos if comparacao.casa_chave_lida(chave, v.chave)]
        return casam if len({v.chave for v in casam}) == 1 else []


def _titular_do_vinculo(nomes: list[Ocorrencia], cpfs: list[Ocorrencia]) -> Pessoa:
    """O titular de uma linha do DICT: o primeiro nome e o primeiro CPF do registro, citados."""
    return Pessoa(nomes[0].meta.get("nome_normalizado") if nomes else None, cpfs[0].meta["digitos"] if cpfs else None,
                  provas=[*nomes[:1], *cpfs[:1]], literal=nomes[0].literal if nomes else None)


def modelo(indice: Indice) -> Modelo:
    if "modelo_dinheiro" not in indice.memoria:
        indice.memoria["modelo_dinheiro"] = Modelo(indice)
    return indice.memoria["modelo_dinheiro"]  # type: ignore[return-value]


def horas_distantes(narrada: Narrada, lancamento: Lancamento, tolerancia: dt.timedelta) -> bool:
    """O relato e o banco dão a hora, e os relógios distam mais que a tolerância (o crédito de quem recebeu, ou o
    débito de quem pagou: `debito_relatado`)."""
    if narrada.hora is None or narrada.dia is None:
        return False
    relogios = relogios_do_relato(lancamento)
    # relógios locais do relato e do banco (o relato raramente diz o fuso): só afasta o que está longe
    contado = dt.datetime.combine(narrada.dia, narrada.hora)
    return bool(relogios) and all(abs(contado - relogio) > tolerancia for relogio in relogios)


#: os fusos do Brasil (Noronha, Brasília no horário de verão e fora dele, Manaus, Rio Branco)
_FUSOS_DO_BRASIL = tuple(dt.timedelta(hours=-horas) for horas in (2, 3, 4, 5))


def relogios_do_relato(lancamento: Lancamento) -> tuple[dt.datetime, ...]:
    """Os relógios em que a hora do lançamento se compara com a contada num relato. O relato conta a hora local do
    Brasil sem dizer o fuso; o banco que escreve em UTC ("2025-07-14T18:21:07Z", a API do Open Finance) dá um
    instante que, num fuso do Brasil (UTC−2 a UTC−5), é o relógio da vítima: 18:21 UTC são 15:21 em Brasília, e 01:30
    UTC do dia 15 são 22:30 do dia 14. O relógio local (de Brasília, ou sem fuso) se compara como está escrito."""
    local, instante = lancamento.local, lancamento.instante
    if local is None:
        return ()
    if instante is None or instante.utcoffset() not in (None, dt.timedelta(0)) or (
            local != instante.replace(tzinfo=None)):
        return (local,)
    return tuple(local + fuso for fuso in _FUSOS_DO_BRASIL)


def dias_do_relato(lancamento: Lancamento) -> set[dt.date]:
    """Os dias em que um relato pode contar o lançamento: o escrito, ou os dias locais do Brasil de um relógio UTC."""
    relogios = relogios_do_relato(lancamento)
    if len(relogios) > 1:
        return {relogio.date() for relogio in relogios}
    return {lancamento.dia} if lancamento.dia else set()


def mesmo_titular(lancamento: Lancamento, pessoa: Pessoa | None, conta: str | None) -> bool:
    """O lançamento é da conta dessa pessoa (pelo CPF ou nome do titular) ou dessa conta."""
    if conta and lancamento.conta and conta == lancamento.conta:
        return True
    return bool(lancamento.titular and pessoa and lancamento.titular.mesma(pessoa))


_DESTINOS = ("telefone", "chave_pix", "email", "conta_bancaria")
#: a hora do comprovante e a contada no relato ("às 14h38" e "14:38:12"): a vítima arredonda, e conta de memória
_HORA_DO_COMPROVANTE = dt.timedelta(minutes=30)


def _da_mesma_oracao(valor: Ocorrencia, vizinhos: list[Ocorrencia], da_frase: list[Ocorrencia]) -> list[Ocorrencia]:
    """Os vizinhos de um valor narrado, sem os destinos (chave, conta) de outro valor do mesmo registro: "fez dois Pix:
    R$ 1.000,00 para a chave (21) 99876-5432 e R$ 2.000,00 para a chave joao...@..." conta cada valor com o seu destino,
    o que vem depois dele e antes do valor seguinte (ou, sem nenhum depois, o que vem entre o valor de antes e ele).
    Com um valor só ou um destino só no registro, todos os vizinhos, como sempre."""
    valores = sorted(da_frase, key=lambda v: v.seq)
    destinos = [v for v in vizinhos if v.campo in _DESTINOS]
    if len(valores) < 2 or len(destinos) < 2:
        return vizinhos
    posicao = next(i for i, v in enumerate(valores) if v is valor)
    antes = valores[posicao - 1].seq if posicao else -1
    depois = valores[posicao + 1].seq if posicao + 1 < len(valores) else float("inf")
    seus = [d for d in destinos if valor.seq < d.seq < depois] or [d for d in destinos if antes < d.seq < valor.seq]
    return [v for v in vizinhos if v.campo not in _DESTINOS or v in seus]


def _vitima_da_oracao(valor: Ocorrencia, vitimas: list[Pessoa], da_frase: list[Ocorrencia]) -> Pessoa | None:
    """A vítima de um valor narrado: a única do relato; com várias ("Vítima: ANA ...", "Vítima: BEATRIZ ..."), a
    nomeada na oração do valor, na linha dele ("... ANA CLARA MENDES transferiu R$ 1.000,00 e BEATRIZ MENDES COSTA
    transferiu R$ 500,00"), a de antes dele primeiro; sem nenhuma ali, nenhuma (a primeira do relato não é a de todo
    valor)."""
    if len(vitimas) <= 1:
        return vitimas[0] if vitimas else None
    texto = valor.dado.get("texto_original", "")
    if (aqui := texto.find(valor.literal)) < 0:
        return None
    # a oração do valor na linha: depois do valor de antes e até o seguinte (os da mesma linha)
    outros = sorted(p for v in da_frase if v is not valor and v.local == valor.local
                    and (p := texto.find(v.literal)) >= 0 and p != aqui)
    inicio = max((p for p in outros if p < aqui), default=-1)
    fim = min((p for p in outros if p > aqui), default=len(texto))
    achadas = []
    for vitima in vitimas:
        escrito = (vitima.literal or "").upper()
        posicao = texto.upper().find(escrito, inicio + 1, fim) if escrito else -1
        if posicao >= 0:
            achadas.append((posicao, vitima))
    antes = [a for a in achadas if a[0] < aqui]
    if antes:
        return max(antes, key=lambda a: a[0])[1]
    return min(achadas, key=lambda a: a[0])[1] if achadas else None
