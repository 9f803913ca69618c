"""Os valores de um evento citados de uma linha que conta vários eventos em frases são da mesma frase.

Uma carta ou um parágrafo de DOCX conta dois acessos numa linha só: "Em 15/03/2025, às 14:33:50 (UTC), ... IP
177.45.10.2, porta 51234. Em 16/03/2025, às 09:10:00 (UTC), ... IP 189.20.30.40, porta 40000." Cada valor citado
está na linha, e a referência parecia certa com o IP da primeira frase e a hora da segunda. Aqui a linha é cortada
em frases pelo próprio validador (sem o texto de ninguém): se a frase do IP (ou do valor) citado tem a sua data, hora
ou porta, e a citada é outra, escrita noutra frase, o valor foi tomado de outro evento → CONTRADITO. Uma frase sem
data nem hora (a linha de log, o rótulo separado por ponto) não diz nada: o registro é a linha.
"""

from __future__ import annotations

import re

from perito.chaves.valores import Valor, decompor
from perito.validador import porta
from perito.validador.comparacao import CONTRADITO, Comparacao

# fim de frase: ponto, exclamação ou interrogação antes de maiúscula ou algarismo, e o ponto e vírgula entre orações;
# nunca o ponto de um número ("2.365,00", "177.45.10.2") nem o de uma abreviatura antes de um nome ("Sr. JOÃO")
_FIM = re.compile(r"[.!?](?=\s+[\"“(]?[A-ZÀ-Ý0-9])|;(?=\s)")
_ABREVIATURA = re.compile(r"(?i)(?<![\w.])(?:sr|sra|srta|dr|dra|av|art|exmo|exma|ilmo|ilma|n[º°o]|prof|profa|eng|me)$")
#: a linha que termina numa frase terminada: a de baixo começa outra
_TERMINA = re.compile(r"[.!?;][\"”')]*\s*$")
#: o que se cita de um evento e o quando dele
_EVENTOS = ("ip", "valor")
_QUANDO = ("data", "hora")
_NOMES = {"ip": "o IP", "valor": "o valor", "data": "a data", "hora": "a hora"}


def _frases(texto: str) -> list[str]:
    cortes = [m.end() for m in _FIM.finditer(texto)
              if not (m.group(0) == "." and _ABREVIATURA.search(texto, 0, m.start()))]
    return [texto[a:b] for a, b in zip([0, *cortes], [*cortes, len(texto)], strict=True)]


def de_outra_frase(citados: list[Valor], texto: str, de_cima: str | None = None) -> Comparacao | None:
    """A data, hora ou porta citada que é de outra frase da linha que a do IP ou valor citado, quando a frase dele tem
    a sua; None quando a linha é uma frase só ou nada a diz. `de_cima`: a linha de cima, quando a primeira frase desta
    começou nela (a carta em PDF, cujas linhas cortam as frases em qualquer lugar): o quando dela conta como da frase."""
    eventos = [v for v in citados if v.tipo in _EVENTOS]
    if not eventos or len(frases := _frases(texto)) < 2:
        return None
    valores = [decompor(f) for f in frases]
    if de_cima is not None and not _TERMINA.search(de_cima):
        valores[0] = [*decompor(_frases(de_cima)[-1]), *valores[0]]  # a frase que vem da linha de cima
    for evento in eventos:
        onde = [i for i, vs in enumerate(valores) if any(v.tipo == evento.tipo and v.normal == evento.normal for v in vs)]
        if len(onde) != 1:
            continue  # o mesmo IP em duas frases (ou em nenhuma): não se sabe de qual evento
        i = onde[0]
        for citado in (v for v in citados if v.tipo in _QUANDO):
            proprios = {v.normal: v.texto for v in valores[i] if v.tipo == citado.tipo}
            if proprios and citado.normal not in proprios and any(
                    v.tipo == citado.tipo and v.normal == citado.normal for j, vs in enumerate(valores) if j != i for v in vs):
                return Comparacao(citado, CONTRADITO, motivo=(
                    f"{_NOMES[citado.tipo]} {citado.texto} é de outra frase da linha; a frase d{_NOMES[evento.tipo]} "
                    f"{evento.texto} diz {', '.join(sorted(proprios.values()))}"))
        if evento.tipo == "ip" and (errada := _porta_de_outra_frase(evento, citados, frases, valores, i)):
            return errada
    return None


def _portas(frase: str, valores: list[Valor]) -> set[str]:
    return porta.rotuladas(frase) | {v.porta for v in valores if v.tipo == "ip" and v.porta}


def _porta_de_outra_frase(ip: Valor, citados: list[Valor], frases: list[str], valores: list[list[Valor]],
                          i: int) -> Comparacao | None:
    """A porta citada com o IP ("177.45.10.2:51234", ou o número ao lado dele na citação) escrita noutra frase, quando
    a frase do IP tem a sua."""
    da_frase = _portas(frases[i], valores[i])
    if not da_frase:
        return None
    outras = set().union(*(_portas(f, vs) for j, (f, vs) in enumerate(zip(frases, valores, strict=True)) if j != i))
    citadas = {ip.porta} if ip.porta else {v.normal for v in citados if v.tipo == "digitos"}
    for numero in sorted((citadas & outras) - da_frase):
        return Comparacao(Valor("digitos", numero, numero), CONTRADITO, motivo=(
            f"a porta {numero} é de outra frase da linha; a frase do IP {ip.texto} diz {', '.join(sorted(da_frase))}"))
    return None
