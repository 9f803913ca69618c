"""Reconhecedores de dados num texto: cada achado guarda o trecho literal e sua posição.

Ordem de prioridade (um trecho reconhecido não é reconhecido de novo por outro):
chave Pix rotulada, e-mail, data-hora, data, IPv6, IPv4, CNPJ, CPF, IMEI, valor,
telefone, e por fim os de texto livre guiados por rótulo (conta, OAB, nome,
aparelho, endereço).
"""

from __future__ import annotations

import re
from typing import Any, Callable, Iterator

from perito.chaves import dinheiro, documento, imei, ip, telefone, tempo
from perito.chaves.digitos import somente_digitos
from perito.extratores import rotulos
from perito.extratores.achado import Achado

PADRAO_EMAIL = re.compile(r"(?<![\w.+-])[\w.+-]+@[\w-]+(?:\.[\w-]+)+(?<!\.)")
# IP de transação: a linha fala de uma operação financeira
_ROTULO_VERSAO = re.compile(r"(?:version|vers[ãa]o|build|\bv)\s*[:.]?\s*$", re.I)
_CONTEXTO_TRANSACAO = re.compile(r"transa[çc][ãa]o|\bpix\b|\bted\b|\bdoc\b|transfer[êe]ncia|ip\s+origem", re.I)


Reconhecedor = Callable[[str], Iterator[Achado]]

_QUINZE_DIGITOS = re.compile(r"\d{15}")
_MEIO_DE_CPF = re.compile(r"\.\d{3}-\d")  # "…789-01": todo CPF pontuado tem, e quase nenhuma outra linha
_FIM_DE_CNPJ = re.compile(r"/\d{4}-")
_OITO_DIGITOS = re.compile(r"\d{4}[\s.-]?\d{4}")


def _emails(texto: str) -> Iterator[Achado]:
    for m in PADRAO_EMAIL.finditer(texto):
        yield Achado(m.start(), m.end(), m.group(0), "email", "outro", metadados={"email_normalizado": m.group(0).lower()})


def _datas_horas(texto: str) -> Iterator[Achado]:
    for m in tempo.PADRAO_DATA_HORA.finditer(texto):
        if tempo.data(m.group("data")) is None or tempo.hora(m.group("hora")) is None:
            continue
        fuso = tempo.fuso_do_achado(m)
        meta: dict[str, Any] = {"data": m.group("data"), "hora": m.group("hora")}
        momento = tempo.instante(m.group("data"), m.group("hora"), fuso)
        if momento is not None:
            meta["instante_utc"] = tempo.iso_utc(momento)
        fim = m.end("hora")
        yield Achado(m.start(), m.end(), texto[m.start() : fim], "data_evento", "outro", fuso, meta)


def _datas(texto: str) -> Iterator[Achado]:
    for m in tempo.PADRAO_DATA.finditer(texto):
        if tempo.data(m.group("data")) is not None:
            yield Achado(m.start(), m.end(), m.group(0), "data_evento", "outro", metadados={"data": m.group("data")})


def _ip(texto: str, m: re.Match, grupo: str) -> Achado | None:
    literal = m.group(grupo)
    descrito = ip.descrever(literal)
    if descrito is None:
        return None
    porta = m.group("porta")
    canonico, versao, roteavel = descrito
    meta: dict[str, Any] = {"ip_canonico": canonico, "versao_ip": versao, "roteavel": roteavel}
    if porta and ip.porta_valida(porta):
        meta["porta"] = porta
    campo = "ip_transacao" if _fala_de_transacao(texto) else "ip_acesso"
    return Achado(m.start(), m.end(), literal, campo, "ip", metadados=meta)


_PALAVRAS_DE_TRANSACAO = ("transa", "pix", "ted", "doc", "transfer", "origem")


def _fala_de_transacao(texto: str) -> bool:
    """O mesmo que `_CONTEXTO_TRANSACAO.search`, sem rodar o padrão numa linha que não tem nenhuma das palavras."""
    return rotulos.tem_alguma(texto, texto.lower(), _PALAVRAS_DE_TRANSACAO) and _CONTEXTO_TRANSACAO.search(texto) is not None


def _ipv6(texto: str) -> Iterator[Achado]:
    for m in ip.PADRAO_IPV6.finditer(texto):
        grupo = "ipb" if m.group("ipb") else "ip"
        if ":" in m.group(grupo).strip(":") and (achado := _ip(texto, m, grupo)):
            yield achado


def _ipv4(texto: str) -> Iterator[Achado]:
    for m in ip.PADRAO_IPV4.finditer(texto):
        antes = texto[max(0, m.start() - 30) : m.start()]
        if ("v" in antes or "V" in antes or "b" in antes or "B" in antes) and _ROTULO_VERSAO.search(antes):
            continue  # "App Version 2.25.5.74" é versão, não endereço
        if achado := _ip(texto, m, "ip"):
            yield achado


def _cnpjs(texto: str) -> Iterator[Achado]:
    for m in documento.PADRAO_CNPJ.finditer(texto):
        valido = documento.cnpj_valido(m.group(0))
        yield Achado(
            m.start(), m.end(), m.group(0), "outro", "documento",
            metadados={"documento": "cnpj", "digitos": somente_digitos(m.group(0)), "digito_verificador_valido": valido},
            alerta=None if valido else f"CNPJ {m.group(0)} com dígito verificador inválido",
        )


def _cpfs(texto: str) -> Iterator[Achado]:
    achados = [(m.start(), m.end(), m.group(0)) for m in documento.PADRAO_CPF.finditer(texto)]
    achados += [(m.start("cpf"), m.end("cpf"), m.group("cpf")) for m in documento.PADRAO_CPF_ROTULADO.finditer(texto)]
    vistos = {inicio for inicio, _, _ in achados}
    achados += [(m.start("cpf"), m.end("cpf"), m.group("cpf")) for m in documento.PADRAO_CPF_DOCUMENTO.finditer(texto)
                if m.start("cpf") not in vistos and documento.cpf_valido(m.group("cpf"))]
    for inicio, fim, literal in achados:
        valido = documento.cpf_valido(literal)
        yield Achado(
            inicio, fim, literal, "cpf", "documento",
            metadados={"digitos": somente_digitos(literal), "digito_verificador_valido": valido},
            alerta=None if valido else f"CPF {literal} com dígito verificador inválido",
        )


def _imeis(texto: str) -> Iterator[Achado]:
    rotulados = [(m.start("imei"), m.end("imei"), m.group("imei")) for m in imei.PADRAO_IMEI_ROTULADO.finditer(texto)]
    soltos = [(m.start(), m.end(), m.group(0)) for m in imei.PADRAO_IMEI_SOLTO.finditer(texto) if imei.luhn_valido(m.group(0))]
    for inicio, fim, literal in rotulados + soltos:
        corpo = imei.corpo(literal)
        if corpo is None:
            continue
        valido = imei.luhn_valido(literal)
        yield Achado(
            inicio, fim, literal, "imei", "imei",
            metadados={"imei_corpo": corpo, "digitos": somente_digitos(literal), "luhn_valido": valido},
            alerta=None if valido or len(somente_digitos(literal)) != 15 else f"IMEI {literal} com dígito de Luhn inválido",
        )


def _valores(texto: str) -> Iterator[Achado]:
    for m in dinheiro.PADRAO_VALOR.finditer(texto):
        valor = dinheiro.centavos(m.group("valor"))
        if valor is not None:
            yield Achado(m.start(), m.end(), m.group("valor"), "valor_transacao", "financeiro", metadados={"valor": str(valor)})


def _telefones(texto: str) -> Iterator[Achado]:
    for m in telefone.PADRAO_TELEFONE.finditer(texto):
        if numero := telefone.e164(m.group(0)):
            yield Achado(m.start(), m.end(), m.group(0), "telefone", "telefone", metadados={"e164": numero})
        elif atual := telefone.celular_antigo(m.group(0)):
            # celular de 8 dígitos (antes do nono dígito): guardado com a forma atual provável
            yield Achado(
                m.start(), m.end(), m.group(0), "telefone", "telefone",
                metadados={"e164": atual, "nono_digito_acrescentado": True},
            )


RECONHECEDORES: tuple[Reconhecedor, ...] = (
    *rotulos.ANTES,
    _emails, _datas_horas, _datas, _ipv6, _ipv4, _cnpjs, _cpfs, _imeis, _valores, _telefones,
    *rotulos.DEPOIS,
)


#: gatilhos dos reconhecedores daqui (os de rótulo estão em rotulos.GATILHOS); sem gatilho, o reconhecedor sempre roda
GATILHOS: dict[Reconhecedor, Callable[[str, str], bool]] = {
    **rotulos.GATILHOS,
    _emails: lambda texto, minusculo: "@" in texto,
    # toda forma do IPv6 tem "::" ou os 8 grupos (7 dois-pontos): "20:20:20" de uma hora não chama o padrão
    _ipv6: lambda texto, minusculo: "::" in texto or texto.count(":") >= 7,
    _ipv4: lambda texto, minusculo: "." in texto,
    _valores: lambda texto, minusculo: "," in texto,  # centavos depois da vírgula
    # 000.000.000-00, ou o rótulo CPF antes de 11 dígitos
    _cpfs: lambda texto, minusculo: (_MEIO_DE_CPF.search(texto) is not None
                                     or rotulos.tem_alguma(texto, minusculo, ("cpf", "documento", "tax id", "taxpayer"))),
    _cnpjs: lambda texto, minusculo: "/" in texto and _FIM_DE_CNPJ.search(texto) is not None,  # 00.000.000/0000-00
    # o rótulo, ou 15 dígitos seguidos
    _imeis: lambda texto, minusculo: (rotulos.tem_alguma(texto, minusculo, ("imei",))
                                      or _QUINZE_DIGITOS.search(texto) is not None),
    # todo telefone termina em 4 + 4 dígitos (com separador opcional); "+5511…" tem 8 dígitos seguidos
    _telefones: lambda texto, minusculo: _OITO_DIGITOS.search(texto) is not None,
}


_COM_GATILHO = tuple((r, GATILHOS.get(r)) for r in RECONHECEDORES)

# Os gatilhos só olham letras, pontuação e onde há dígitos, nunca quais dígitos: duas linhas que diferem só nos
# algarismos ("01/03/2025;00:00:00;177.0.0.3" e "02/03/2025;01:01:07;177.1.0.1") acionam os mesmos reconhecedores.
# O plano (quais rodam) fica guardado pelo esqueleto da linha, com cada algarismo trocado por 0: num registro de
# 200 mil acessos há algumas centenas de esqueletos, e os 15 gatilhos rodam uma vez por esqueleto, não por linha.
# Só o plano é guardado; os achados saem sempre da própria linha (a data e o IP válidos dependem dos algarismos).
_ESQUELETO = str.maketrans("123456789", "000000000")
_PLANOS: dict[str, tuple[Reconhecedor, ...]] = {}
#: esqueletos guardados de cada vez (num texto corrido quase toda linha é um esqueleto novo)
_PLANOS_MAXIMO = 20_000
#: só linhas curtas (registros e células) são guardadas: cada esqueleto é uma cópia da linha, e um texto de
#: linhas enormes encheria a memória com cópias que nunca se repetem
_ESQUELETO_MAXIMO = 512


def plano(texto: str) -> tuple[Reconhecedor, ...]:
    """Os reconhecedores cujo gatilho deixa `texto` passar, na ordem de prioridade."""
    if len(texto) > _ESQUELETO_MAXIMO:
        return _calcular_plano(texto)
    esqueleto = texto.translate(_ESQUELETO)
    escolhidos = _PLANOS.get(esqueleto)
    if escolhidos is None:
        escolhidos = _calcular_plano(texto)
        if len(_PLANOS) >= _PLANOS_MAXIMO:
            _PLANOS.clear()
        _PLANOS[esqueleto] = escolhidos
    return escolhidos


def _calcular_plano(texto: str) -> tuple[Reconhecedor, ...]:
    minusculo = texto.lower()
    return tuple(r for r, gatilho in _COM_GATILHO if gatilho is None or gatilho(texto, minusculo))


def _marcar_papel_das_datas(texto: str, achados: list[Achado]) -> None:
    for achado in achados:
        if achado.campo == "data_evento":
            # só o trecho entre o dado anterior e esta data: "Data de abertura da conta 02/03/2025"
            anteriores = [a.fim for a in achados if a.fim <= achado.inicio]
            contexto = texto[max([0, *anteriores]) : achado.inicio][-60:]
            if papel := rotulos.papel_da_data(contexto):
                achado.metadados["papel"] = papel


def reconhecer(texto: str, com_gatilhos: bool = True) -> list[Achado]:
    """Todos os achados do texto, sem sobreposição, em ordem de posição.

    `com_gatilhos=False` roda todo reconhecedor em toda linha: o mesmo resultado, mais devagar
    (é o que o teste dos gatilhos compara).
    """
    ocupado: list[tuple[int, int]] = []
    achados: list[Achado] = []
    for reconhecedor in plano(texto) if com_gatilhos else RECONHECEDORES:
        for achado in reconhecedor(texto):
            if any(achado.inicio < fim and inicio < achado.fim for inicio, fim in ocupado):
                continue
            ocupado.append((achado.inicio, achado.fim))
            achados.append(achado)
    achados.sort(key=lambda a: (a.inicio, a.fim))
    _marcar_papel_das_datas(texto, achados)
    return achados
