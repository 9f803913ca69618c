"""Ocorrências de dados lidas dos lotes (o principal nunca abre um documento)."""

from __future__ import annotations

import datetime as dt
import re
from decimal import Decimal
from typing import Any

from perito.chaves import tempo, tempo_unix

#: família de fonte de cada extrator, quando o dado não traz `familia_fonte`
FAMILIAS = {
    "extrator_provedores_01": "provedor",
    "extrator_bancario_01": "banco",
    "extrator_operadora_01": "operadora",
    "extrator_generico_01": "relato",
}
NOMES_DE_FAMILIA = {
    "provedor": "provedor", "banco": "banco", "operadora": "operadora", "registro": "cadastro Pix (DICT)",
    "relato": "relato policial", "desconhecida": "família desconhecida",
}


_SEM_DIGITOS = re.compile(r"\D+")



#: as operações que não moveram dinheiro de ninguém a ninguém: a transação recusada ou cancelada, e o total que uma carta
#: soma ("recebeu 7 créditos, no total de R$ 12.400,00"); ficam nos dados, mas nenhuma conta de dinheiro as usa
SEM_MOVIMENTO = frozenset({"nao_efetivada", "total", "componente"})

#: os papéis de nome de um registro de cadastro que nomeiam outra pessoa que o titular de hoje: quem foi titular antes
#: ("Titular anterior:") e quem age pela conta ("Representante legal:", "Procurador:")
OUTROS_QUE_O_TITULAR = frozenset({"titular_anterior", "representante"})

class Ocorrencia:
    """Um dado extraído visto pelo principal, com as chaves de junção já calculadas.

    Os campos de junção (arquivo, local, registro, ordem) são calculados uma vez:
    o cruzamento os consulta milhões de vezes.
    """

    __slots__ = (
        "chave", "dado", "extrator_id", "arquivo", "campo", "literal", "meta", "familia", "_local", "_registro",
        "bloco", "seq", "_ordem", "_instante", "_dia",
    )

    def __init__(self, chave: str, dado: dict[str, Any], extrator_id: str, seq: int = 0) -> None:
        self.chave = chave
        self.seq = seq  # posição nos lotes: desempate determinístico e barato
        self.dado = dado
        self.extrator_id = extrator_id
        # variáveis locais em vez de reler os atributos: um milhão de dados passa por aqui
        arquivo: str = dado["arquivo_fonte"]
        meta: dict[str, Any] = dado.get("metadados", {})
        self.arquivo = arquivo
        self.campo: str = dado["campo"]
        self.literal: str = dado["dado"]
        self.meta = meta
        self.familia: str = meta.get("familia_fonte") or FAMILIAS.get(extrator_id, extrator_id)
        # local e registro (tuplas de junção) só quando alguém pergunta: num log de 200 mil acessos, os IPs
        # quase nunca são procurados por local, e as tuplas de todos somavam dezenas de MB
        self._local: tuple | None = None
        self._registro: tuple[str, str] | None = None
        bloco = meta.get("bloco")
        self.bloco: tuple[str, str] | None = (arquivo, bloco) if bloco else None
        self._ordem: tuple | None = None
        self._instante: dt.datetime | None | bool = False  # False: ainda não calculado
        self._dia: dt.date | None | bool = False

    @property
    def local(self) -> tuple:
        """(arquivo, página, aba, linha ou célula): onde o dado está."""
        if self._local is None:
            dado = self.dado
            self._local = (self.arquivo, dado.get("pagina"), dado.get("aba_planilha"), dado["linha_ou_celula"])
        return self._local

    @property
    def registro(self) -> tuple[str, str]:
        """(arquivo, registro): o registro do documento (linha de log, bloco de cadastro) a que o dado pertence."""
        if self._registro is None:
            self._registro = (self.arquivo, self.meta.get("registro", self.dado["linha_ou_celula"]))
        return self._registro

    @property
    def ordem(self) -> tuple:
        """Posição no documento (arquivo, aba, página, linha), para citar na ordem de leitura."""
        if self._ordem is None:
            local = self.dado["linha_ou_celula"]
            # "linha 12", o caso comum, sem a expressão regular (isdecimal: os mesmos dígitos que \d)
            numero = local[6:] if local.startswith("linha ") and local[6:].isdecimal() else _SEM_DIGITOS.sub("", local)
            self._ordem = (
                self.arquivo, self.dado.get("aba_planilha") or "", self.dado.get("pagina") or 0,
                int(numero) if numero else 0, self.literal,
            )
        return self._ordem

    def __repr__(self) -> str:
        return f"Ocorrencia({self.campo}={self.literal!r} @ {self.onde})"

    @property
    def instante(self) -> dt.datetime | None:
        if self._instante is False:
            valor = self.meta.get("instante_utc")
            self._instante = tempo.de_iso_utc(valor) if valor else None
        return self._instante  # type: ignore[return-value]

    @property
    def dia(self) -> dt.date | None:
        if self._dia is False:
            valor = self.meta.get("data")
            self._dia = tempo.data(valor) if valor else None
        return self._dia  # type: ignore[return-value]

    @property
    def valor(self) -> Decimal | None:
        return Decimal(self.meta["valor"]) if self.meta.get("valor") else None

    @property
    def porta(self) -> str | None:
        return self.meta.get("porta")

    @property
    def portas(self) -> tuple[int, int] | None:
        """A porta, ou o bloco de portas (da porta à `porta_final`) que a CGNAT deu à sessão, como inteiros."""
        if not self.porta or not self.porta.isdigit():
            return None
        final = self.meta.get("porta_final")
        fim = int(final) if final and final.isdigit() and int(final) >= int(self.porta) else int(self.porta)
        return int(self.porta), fim

    @property
    def fim_da_sessao(self) -> dt.datetime | None:
        """O fim da sessão de conexão cujo início é o instante (a resposta da operadora sobre IP e porta)."""
        valor = self.meta.get("instante_fim_utc")
        return tempo.de_iso_utc(valor) if valor else None

    @property
    def quando_escrito(self) -> str | None:
        """Data, hora e fuso como o documento os escreveu ("15/03/2025 11:34:02 BRT"); um tempo Unix, como
        escrito e convertido ("tempo Unix 1714835411 em segundos, UTC por definição: 2024-05-04 15:20:11 UTC")."""
        if unidade := self.meta.get("unidade_tempo_unix"):
            return _tempo_unix_escrito(self.meta, self.meta.get("data_hora") or self.literal, unidade)
        fuso = self.meta.get("fuso") or self.dado.get("fuso_horario_original")
        if compacta := self.meta.get("data_hora_compacta"):  # o número como escrito e a leitura dele
            if fuso and compacta.endswith(fuso):  # "20250714T182107Z (2025-07-14 18:21:07 Z)"
                return f"{compacta} ({self.meta.get('data')} {self.meta.get('hora')} {fuso})"
            lido = f"{compacta} ({self.meta.get('data')} {self.meta.get('hora')})"
            return f"{lido} {fuso}" if fuso else lido
        mes_dia = self.meta.get("ordem_data") == "mes_dia" and self.meta.get("data")
        # "08/01" com o ano do período do extrato: mostra-se a data como escrita; a de um documento que escreve o mês
        # antes do dia, não: "8/2/2025" numa afirmação seria 8 de fevereiro para quem a lê (a referência a cita como
        # escrita), e vai a leitura, dia/mês/ano, dita como tal
        data = self.meta["data"] if mes_dia else self.meta.get("data_escrita") or self.meta.get("data")
        hora = self.meta.get("hora")
        literal = " ".join(p for p in (data, hora) if p) or self.meta.get("data_hora")
        if not literal:
            return None
        lido = f"{literal} {fuso}" if fuso else literal
        return f"{lido}, data lida com o mês antes do dia, como o documento a escreve" if mes_dia else lido

    @property
    def local_curto(self) -> str:
        """Página, aba e linha ou célula ("p. 1, linha 12"), sem o arquivo."""
        partes = []
        if self.dado.get("pagina"):
            partes.append(f"p. {self.dado['pagina']}")
        if self.dado.get("aba_planilha"):
            partes.append(f"aba {self.dado['aba_planilha']}")
        partes.append(self.dado["linha_ou_celula"])
        return ", ".join(partes)

    @property
    def onde(self) -> str:
        return f"{self.arquivo}, {self.local_curto}"


def ordem(o: Ocorrencia) -> tuple:
    return o.ordem


def _tempo_unix_escrito(meta: dict, escrito: str, unidade: str) -> str:
    """O número como escrito e o instante convertido, dito como conversão de tempo Unix (que é UTC)."""
    convertido = f"{meta.get('data')} {meta.get('hora')} UTC"
    # a palavra antes do número: "linha 5 (1714835411" seria lido como um número só
    return f"tempo Unix {escrito} em {tempo_unix.nome_da_unidade(unidade)}, UTC por definição: {convertido}"
