"""Compara cada valor citado com os valores do texto encontrado na localização.

Resultado por valor: PRESENTE (exato ou só pela forma normalizada), CONTRADITO
(o lugar tem outro valor do mesmo tipo onde a identidade é exata: IP, data,
valor, IMEI/CPF/CNPJ/telefone), DIVERGENTE (hora ou fuso diferentes: AMBIGUO)
ou AUSENTE.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from perito.chaves import faixa_de_portas, telefone
from perito.chaves.comparacao import mesmo_fuso
from perito.chaves.digitos import MINIMO_IDENTIFICADOR
from perito.chaves.valores import Valor
from perito.validador import porta

PRESENTE, CONTRADITO, DIVERGENTE, AUSENTE = "presente", "contradito", "divergente", "ausente"



@dataclass(frozen=True)
class Comparacao:
    valor: Valor
    resultado: str
    exato: bool = False
    motivo: str = ""


def comparar(citado: Valor, encontrados: list[Valor], texto: str, portas_da_coluna: dict[str, str] | None = None) -> Comparacao:
    """`portas_da_coluna`: IP → valor da coluna de porta do registro, quando o local é uma linha de tabela."""
    literal = citado.texto in texto
    mesmos = [v for v in encontrados if v.tipo == citado.tipo]
    if citado.tipo == "ip":
        return _comparar_ip(citado, encontrados, texto, portas_da_coluna or {})
    if citado.tipo == "fuso":
        return _comparar_fuso(citado, mesmos, texto)
    if citado.tipo == "digitos":
        # a data compacta antes de uma hora ("20250315 11:34:02") o local lê como data; citada sozinha, são dígitos
        compactas = [Valor("digitos", v.texto, v.texto) for v in encontrados if v.tipo == "data" and v.texto.isdigit()]
        # as pontas de um bloco de portas com hífen ("Intervalo de portas: 40000-40255"), que o local lê como um
        # número só: citada, cada ponta é uma porta
        pontas = [Valor("digitos", n, n) for n in faixa_de_portas.numeros(texto)] if "-" in texto else []
        return _comparar_digitos(citado, mesmos + compactas + pontas, literal)
    if any(v.normal == citado.normal for v in mesmos):
        return Comparacao(citado, PRESENTE, literal)
    if mesmos and citado.tipo in ("data", "valor", "chave"):
        outros = ", ".join(sorted({v.texto for v in mesmos}))
        return Comparacao(citado, CONTRADITO, motivo=f"{_nome(citado)} {citado.texto} citado, mas no local está {outros}")
    if mesmos and citado.tipo == "hora":
        outros = ", ".join(sorted({v.texto for v in mesmos}))
        return Comparacao(citado, DIVERGENTE, motivo=f"hora {citado.texto} citada, mas no local está {outros}")
    return Comparacao(citado, AUSENTE, motivo=f"{_nome(citado)} {citado.texto} não está no local")


def _comparar_ip(citado: Valor, encontrados: list[Valor], texto: str, portas_da_coluna: dict[str, str]) -> Comparacao:
    ips = [v for v in encontrados if v.tipo == "ip"]
    iguais = [v for v in ips if v.normal == citado.normal]
    if not iguais:
        if ips:
            outros = ", ".join(sorted({v.texto for v in ips}))
            return Comparacao(citado, CONTRADITO, motivo=f"IP {citado.texto} citado, mas no local está {outros}")
        return Comparacao(citado, AUSENTE, motivo=f"IP {citado.texto} não está no local")
    exato = citado.texto in texto
    if citado.porta:
        # só o número na posição de porta; bytes ou duração na mesma linha não são a porta
        portas = {v.porta for v in iguais if v.porta} | porta.rotuladas(texto) | {portas_da_coluna.get(citado.normal)}
        if citado.porta not in portas:
            return Comparacao(citado, AUSENTE, motivo=f"porta {citado.porta} não está no local")
        # "IP:porta" é a notação da citação; basta cada um estar escrito literalmente no local
    return Comparacao(citado, PRESENTE, exato)


#: a sigla dentro de um nome de coluna em minúsculas ("data_hora_utc", "timestamp-gmt"): o cabeçalho declara o fuso
_SIGLA_NO_NOME = {sigla: re.compile(rf"(?<![A-Za-z]){sigla}(?![A-Za-z])", re.IGNORECASE) for sigla in ("UTC", "GMT")}


def _comparar_fuso(citado: Valor, fusos: list[Valor], texto: str) -> Comparacao:
    if not fusos:
        if len(citado.texto) >= 4 and citado.texto in texto:  # "Brasília" dentro do cabeçalho "Hora (Brasília)"
            return Comparacao(citado, PRESENTE, True)
        if (sigla := _SIGLA_NO_NOME.get(citado.texto.upper())) and (m := sigla.search(texto)):
            return Comparacao(citado, PRESENTE, False, f"fuso {citado.texto} escrito como '{m.group(0)}' no nome da coluna")
        return Comparacao(citado, AUSENTE, motivo=f"fuso {citado.texto} não está no local")
    for v in fusos:
        if v.texto == citado.texto:
            return Comparacao(citado, PRESENTE, True)
        if mesmo_fuso(citado, v):
            return Comparacao(citado, PRESENTE, False, f"fuso {citado.texto} equivale a {v.texto} no local")
    outros = ", ".join(sorted({v.texto for v in fusos}))
    return Comparacao(citado, DIVERGENTE, motivo=f"fuso {citado.texto} citado, mas no local está {outros}")


def _comparar_digitos(citado: Valor, digitos: list[Valor], literal: bool) -> Comparacao:
    if any(v.normal == citado.normal for v in digitos):
        return Comparacao(citado, PRESENTE, literal)
    alvo = telefone.e164(citado.texto) if len(citado.normal) >= 10 else None
    if alvo and any(telefone.e164(v.texto) == alvo for v in digitos):
        return Comparacao(citado, PRESENTE, False, f"telefone {citado.texto} igual ao do local em E.164 ({alvo})")
    if len(citado.normal) >= MINIMO_IDENTIFICADOR:
        parecidos = [v for v in digitos if len(v.normal) == len(citado.normal)]
        if parecidos:
            outros = ", ".join(sorted({v.texto for v in parecidos}))
            return Comparacao(citado, CONTRADITO, motivo=f"número {citado.texto} citado, mas no local está {outros}")
    return Comparacao(citado, AUSENTE, motivo=f"número {citado.texto} não está no local")


def _nome(v: Valor) -> str:
    return v.tipo
