"""Lançamentos bancários como o principal os enxerga: valor, direção, dia, instante, contraparte e titular."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

from perito.chaves import tempo
from perito.chaves.nome import dobrar
from perito.principal import dinheiro
from perito.principal.indice import Indice
from perito.principal.lacunas import chave_conta
from perito.principal.ocorrencias import SEM_MOVIMENTO, Ocorrencia, ordem


class Transacao:
    """Um lançamento; data, contraparte e titular são procurados no índice só quando pedidos."""

    __slots__ = ("valor", "_indice", "_quando", "_contraparte", "_quantia")

    def __init__(self, valor: Ocorrencia, indice: Indice) -> None:
        self.valor = valor  # o valor_transacao
        self._indice = indice
        self._quando: Ocorrencia | None | bool = False
        self._contraparte: Ocorrencia | None | bool = False
        self._quantia: Decimal | None = None

    @property
    def quando(self) -> Ocorrencia | None:
        """A data(-hora) do mesmo registro."""
        if self._quando is False:
            self._quando = _quando(self._indice, self.valor)
        return self._quando  # type: ignore[return-value]

    @property
    def contraparte(self) -> Ocorrencia | None:
        """O nome no histórico do lançamento."""
        if self._contraparte is False:
            self._contraparte = _contraparte(self._indice, self.valor)
        return self._contraparte  # type: ignore[return-value]

    @property
    def titular(self) -> Ocorrencia | None:
        """O titular do extrato; num comprovante (sem titular declarado), o lado do próprio lançamento: quem pagou,
        num débito ("Quem pagou"), ou quem recebeu, num crédito."""
        declarado = self._indice.titular_do_arquivo(self.valor.arquivo)
        contexto = self.valor.meta.get("contexto_titular")
        # o arquivo com os extratos de duas contas: o titular declarado sobre o lançamento, não o primeiro do arquivo
        outro = bool(contexto and contexto.get("nome") and declarado is not None
                     and dobrar(contexto["nome"]) != declarado.meta.get("nome_normalizado"))
        if declarado is not None and not outro:
            return declarado
        if contexto and contexto.get("nome"):
            # o cabeçalho declara o titular com outro rótulo ("Nome:", o Itaú e o Bradesco) ou sem rótulo, ao lado do
            # CPF: o extrator já o reconheceu como o titular do extrato (contexto_titular)
            alvo = dobrar(contexto["nome"])
            nomes = [o for o in self._indice.do_arquivo(self.valor.arquivo, "nome_titular")
                     if o.meta.get("nome_normalizado") == alvo and not o.bloco]
            if nomes:
                return min(nomes, key=ordem)
        lado = {"debito": "remetente", "credito": "destinatario"}.get(self.direcao or "")
        nomes = [o for o in self._indice.no_registro(self.valor, "nome_titular") if lado and o.meta.get("papel") == lado]
        if len(nomes) == 1:
            return nomes[0]
        # o extrato sem titular, encaminhado pela carta do banco que o diz (`titular_pela_carta`, decidido no modelo do
        # dinheiro): o nome do titular na carta
        if (pela_carta := dinheiro.modelo(self._indice).titulares_pelas_cartas.get(self.valor.arquivo)) is not None:
            return pela_carta.carta.titular.provas[0]
        return None

    @property
    def quantia(self) -> Decimal:
        if self._quantia is None:  # lida uma vez: os saltos a pedem a cada lançamento e a cada candidato
            self._quantia = abs(self.valor.valor or Decimal(0))
        return self._quantia

    @property
    def direcao(self) -> str | None:
        return self.valor.meta.get("direcao")

    @property
    def dia(self) -> dt.date | None:
        return self.valor.dia

    @property
    def instante(self) -> dt.datetime | None:
        return self.valor.instante

    @property
    def local(self) -> dt.datetime | None:
        """Dia e hora no relógio do próprio documento (sem fuso declarado): medem o tempo entre dois lançamentos do
        mesmo extrato, não entre documentos."""
        hora = tempo.hora(self.valor.meta["hora"]) if self.valor.meta.get("hora") else None
        return dt.datetime.combine(self.dia, hora) if self.dia and hora else None

    @property
    def nome_contraparte(self) -> str | None:
        return self.valor.meta.get("contraparte_normalizada")

    @property
    def nome_titular(self) -> str | None:
        return self.titular.meta.get("nome_normalizado") if self.titular else None

    @property
    def conta_do_extrato(self) -> str | None:
        """agência|conta do titular do extrato, a declarada no cabeçalho (`lacunas.chave_conta`)."""
        return (self.valor.meta.get("contexto_titular") or {}).get("conta_chave")

    def contas_escritas(self) -> list[Ocorrencia]:
        """As contas escritas no próprio lançamento, que não são a do extrato: a da outra parte ("TED ENVIADA BCO 341
        AG 7788 CC 0010203-4")."""
        propria = self.conta_do_extrato
        return [o for o in self._indice.no_registro(self.valor, "conta_bancaria")
                if (chave := chave_conta(o.meta)) is not None and chave != propria]

    @property
    def ocorrencias(self) -> list[Ocorrencia]:
        return [o for o in (self.valor, self.quando, self.contraparte) if o is not None]

    def descrever(self) -> str:
        quando = self.valor.quando_escrito or "data não informada"
        contraparte = f", {self.contraparte.literal}" if self.contraparte else ""
        return f"{self.valor.onde}: {self.valor.literal} em {quando}{contraparte}"


def _quando(indice: Indice, valor: Ocorrencia) -> Ocorrencia | None:
    datas = indice.no_local(valor, "data_evento") or indice.no_registro(valor, "data_evento")
    com_hora = [d for d in datas if "hora" in d.meta]
    return (com_hora or datas or [None])[0]


def _contraparte(indice: Indice, valor: Ocorrencia) -> Ocorrencia | None:
    nome = valor.meta.get("contraparte_normalizada")
    return next((o for o in indice.no_registro(valor, "nome_titular") if o.meta.get("nome_normalizado") == nome), None)


def transacoes(indice: Indice, *familias: str) -> list[Transacao]:
    """Lançamentos com valor das famílias pedidas, na ordem dos documentos (calculados uma vez por índice)."""
    chave = "transacoes:" + ",".join(sorted(familias))
    if chave not in indice.memoria:
        indice.memoria[chave] = [
            Transacao(o, indice) for o in indice.do_campo("valor_transacao")
            # a transação recusada ou cancelada fica nos dados, mas não moveu dinheiro
            if o.familia in familias and o.meta.get("valor") and o.meta.get("operacao") not in SEM_MOVIMENTO
        ]
    return indice.memoria[chave]  # type: ignore[return-value]


def debitos_por_arquivo(indice: Indice) -> dict[str, list[Transacao]]:
    """Débitos datados de cada extrato, em ordem de instante (para achar repasses sem varrer tudo)."""
    if "debitos" not in indice.memoria:
        por_arquivo: dict[str, list[Transacao]] = {}
        for t in transacoes(indice, "banco"):
            if t.direcao == "debito" and t.instante:
                por_arquivo.setdefault(t.valor.arquivo, []).append(t)
        for lista in por_arquivo.values():
            lista.sort(key=lambda t: t.instante)
        indice.memoria["debitos"] = por_arquivo
    return indice.memoria["debitos"]  # type: ignore[return-value]


def debitos_no_relogio_do_extrato(indice: Indice, arquivo: str) -> tuple[list[Transacao], list[dt.datetime]]:
    """Os débitos do extrato sem fuso declarado (dia e hora sem instante), em ordem do relógio do documento, e esses
    relógios, para a busca binária (montados uma vez por extrato)."""
    por_arquivo: dict[str, tuple[list[Transacao], list[dt.datetime]]] = indice.memoria.setdefault(  # type: ignore[assignment]
        "debitos_no_relogio", {})
    if arquivo not in por_arquivo:
        pares = sorted(((local, n, t) for n, t in enumerate(transacoes(indice, "banco"))
                        if t.valor.arquivo == arquivo and t.direcao == "debito" and t.instante is None
                        and (local := t.local) is not None), key=lambda par: (par[0], par[1]))
        por_arquivo[arquivo] = ([t for _, _, t in pares], [local for local, _, _ in pares])
    return por_arquivo[arquivo]


def instantes_dos_debitos(indice: Indice, arquivo: str) -> list[dt.datetime]:
    """Os instantes de `debitos_por_arquivo(indice)[arquivo]`, na mesma ordem, para a busca binária (montados
    uma vez por extrato, não a cada crédito)."""
    por_arquivo: dict[str, list[dt.datetime]] = indice.memoria.setdefault("instantes_dos_debitos", {})  # type: ignore[assignment]
    if arquivo not in por_arquivo:
        por_arquivo[arquivo] = [t.instante for t in debitos_por_arquivo(indice).get(arquivo, [])]  # type: ignore[misc]
    return por_arquivo[arquivo]


def intervalo(antes: Transacao, depois: Transacao) -> str | None:
    if antes.instante and depois.instante:
        return tempo.duracao(depois.instante - antes.instante)
    if antes.valor.arquivo == depois.valor.arquivo and antes.local and depois.local:
        return tempo.duracao(depois.local - antes.local)  # o mesmo relógio: o do extrato
    return None
