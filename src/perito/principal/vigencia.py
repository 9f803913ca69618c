"""Vigência de um cadastro (a linha de uma operadora): de quando a quando a pessoa foi a titular.

Operadoras reatribuem números: a resposta traz o histórico de titulares, cada um com a data de ativação e a de
cancelamento. O titular cujo cadastro terminou antes dos fatos (ou começou depois deles) não era o titular quando o
número foi usado; dizê-lo "titular" com o grau das fontes levaria o investigador à pessoa errada. Os fatos são as
datas escritas junto dos usos do número (a linha do relato, o registro do provedor).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field

from perito.principal.indice import Indice
from perito.principal.lacunas import CAMPOS_IP
from perito.principal.ocorrencias import Ocorrencia

INICIOS = ("ativacao_linha", "inicio_uso", "criacao_chave", "posse_chave")
FINS = ("cancelamento_linha", "fim_posse_chave", "fim_uso")
#: as datas que só um cadastro tem (não o início e o fim de um uso, de uma sessão)
DO_CADASTRO_INICIOS = ("ativacao_linha", "criacao_chave", "posse_chave")
DO_CADASTRO_FINS = ("cancelamento_linha", "fim_posse_chave")


@dataclass(frozen=True)
class Vigencia:
    inicio: Ocorrencia | None
    fim: Ocorrencia | None
    #: as datas dos fatos (junto dos usos), na ordem
    fatos: tuple[Ocorrencia, ...]
    #: o uso (o número no registro do provedor, do relato) de cada fato, pela sequência da data
    usos: dict[int, Ocorrencia] = field(default_factory=dict)

    @property
    def fora(self) -> str | None:
        """Por que os fatos caem fora da vigência (todos eles), ou None."""
        dias = [f.dia for f in self.fatos if f.dia is not None]
        if not dias:
            return None
        fim = self.fim.dia if self.fim is not None else None
        inicio = self.inicio.dia if self.inicio is not None else None
        if fim is not None and all(d > fim for d in dias):
            return f"o cadastro termina em {self.fim.literal}, antes dos fatos ({_datas(self.fatos)})"  # type: ignore[union-attr]
        if inicio is not None and all(d < inicio for d in dias):
            return f"o cadastro começa em {self.inicio.literal}, depois dos fatos ({_datas(self.fatos)})"  # type: ignore[union-attr]
        return None

    @property
    def dentro(self) -> str | None:
        """Os fatos dentro da vigência declarada (início e/ou fim escritos), dito com as datas; ou None. Os que caem
        fora dela são ditos à parte: "desde 28/10/2022" não inclui um fato de 2011."""
        if self.fora is not None or not self.fatos or (self.inicio is None and self.fim is None):
            return None
        desde = f"desde {self.inicio.literal}" if self.inicio is not None else ""
        ate = f"até {self.fim.literal}" if self.fim is not None else ""
        dentro = tuple(f for f in self.fatos if self._cabe(f))
        texto = f"o cadastro vale {' '.join(p for p in (desde, ate) if p)}, o que inclui os fatos ({_datas(dentro)})"
        if foras := tuple(f for f in self.fatos if not self._cabe(f)):
            texto += f", mas não os de {_datas(foras)}, fora dele"
        return texto

    def _cabe(self, fato: Ocorrencia) -> bool:
        """O dia do fato dentro do início e do fim escritos (o fato sem dia não diz nada contra o cadastro)."""
        if fato.dia is None:
            return True
        return ((self.inicio is None or self.inicio.dia is None or fato.dia >= self.inicio.dia)
                and (self.fim is None or self.fim.dia is None or fato.dia <= self.fim.dia))

    def citados(self) -> list[Ocorrencia]:
        """O início, o fim e os fatos ditos na afirmação (o primeiro e o último)."""
        if self.fora is None and self.dentro is None:
            return []
        # cada data de fato vai com o uso do mesmo registro: a data citada é o quando daquele uso, e o validador a
        # confere junto dele (sem o uso, a data de outra mensagem parecia tomada de outro registro)
        extremos = _extremos(self.fatos)
        if self.fora is None:  # dentro: os extremos dos fatos de dentro e dos de fora, como a afirmação os diz
            partes = (tuple(f for f in self.fatos if self._cabe(f)), tuple(f for f in self.fatos if not self._cabe(f)))
            extremos = tuple(dict.fromkeys(f for parte in partes for f in _extremos(parte)))
        usos = [u for f in extremos if (u := self.usos.get(f.seq)) is not None]
        return [o for o in (self.inicio, self.fim, *extremos, *usos) if o is not None]


def _extremos(fatos: tuple[Ocorrencia, ...]) -> tuple[Ocorrencia, ...]:
    """O primeiro e o último fato (um só, se só há um): uma linha usada em muitos eventos não vira uma lista."""
    return tuple(dict.fromkeys((fatos[0], fatos[-1]))) if fatos else ()


def _datas(fatos: tuple[Ocorrencia, ...]) -> str:
    extremos = [_dia_escrito(f) for f in _extremos(fatos)]
    if len(extremos) == 1:
        return extremos[0]
    return f"de {extremos[0]} a {extremos[-1]}"


def _dia_escrito(fato: Ocorrencia) -> str:
    """O dia de um fato como o documento o escreve: a data, ou a data do valor contado (a do fato do formulário)."""
    if fato.campo == "data_evento":
        # o tempo Unix ("1757074353") dito como escrito e convertido: o número sozinho não diz o dia a quem lê
        return (fato.quando_escrito or fato.literal) if fato.meta.get("unidade_tempo_unix") else fato.literal
    return str(fato.meta.get("data") or fato.literal)


def _papel(indice: Indice, cadastro: Ocorrencia, papeis: tuple[str, ...]) -> Ocorrencia | None:
    return next((d for d in indice.no_registro(cadastro, "data_evento") if d.meta.get("papel") in papeis and d.dia), None)


def _registros_com_ip(indice: Indice) -> set:
    """Os registros de operadora com um IP (os IPs não entram nos índices por registro: são milhões num log)."""
    if (achados := indice.memoria.get("registros_de_operadora_com_ip")) is None:
        achados = indice.memoria["registros_de_operadora_com_ip"] = {
            o.registro for o in indice.do_campo(*CAMPOS_IP) if o.familia == "operadora"}
    return achados  # type: ignore[return-value]


def do_cadastro(indice: Indice, cadastro: Ocorrencia, usos: list[Ocorrencia],
                periodo: tuple[Ocorrencia | None, Ocorrencia | None] | None = None) -> Vigencia:
    """`periodo`: o início e o fim já achados (o vínculo de um histórico de chave do DICT, cujas datas podem estar em
    registros abaixo do titular); sem ele, as datas de cadastro do registro de `cadastro`."""
    fatos: dict[int, Ocorrencia] = {}
    do_uso: dict[int, Ocorrencia] = {}
    for uso in usos:
        for data in indice.no_registro(uso, "data_evento"):
            if data.dia is not None and not data.meta.get("papel"):  # a emissão do documento não é um fato
                fatos.setdefault(data.seq, data)
                do_uso.setdefault(data.seq, uso)
    if not fatos:
        # nenhum uso com data na frase: a chave contada num relato ("EFETUOU PIX ... PARA A CHAVE ...") foi usada no dia
        # do Pix da mesma frase (a data do fato do formulário, citada no lugar dela)
        for uso in usos:
            for valor in indice.valores_do_relato(uso):
                if valor.dia is not None:
                    fatos.setdefault(valor.seq, valor)
                    do_uso.setdefault(valor.seq, uso)
    ordenados = tuple(sorted(fatos.values(), key=lambda d: (
        d.dia or dt.date.min, d.instante.timestamp() if d.instante else float("-inf"), d.seq)))
    inicios, fins = INICIOS, FINS
    if cadastro.registro in _registros_com_ip(indice):
        # a linha da resposta sobre um IP ("IP, Porta, Início, Fim, Linha, Assinante"): o início e o fim são os da
        # sessão de dados, não os do cadastro da linha; só a ativação e o cancelamento escritos falam do cadastro
        inicios, fins = DO_CADASTRO_INICIOS, DO_CADASTRO_FINS
    if periodo is not None:
        return Vigencia(periodo[0], periodo[1], ordenados, do_uso)
    return Vigencia(_papel(indice, cadastro, inicios), _papel(indice, cadastro, fins), ordenados, do_uso)
