"""Reconhecedores de dados num texto: cada achado guarda o trecho literal e sua posição.

Ordem de prioridade (um trecho reconhecido não é reconhecido de novo por outro):
chave Pix rotulada, e-mail, data-hora, data, IPv6, IPv4, CNPJ, CPF, IMEI, valor,
telefone, e por fim os de texto livre guiados por rótulo (conta, OAB, nome,
aparelho, endereço).
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any, Callable, Iterable, Iterator

from perito.chaves import dinheiro, documento, email, imei, ip, telefone, tempo, tempo_formas, tempo_ofx
from perito.extratores import brcode, linha_do_dict, quantias, rotulos, telefone_rotulado, tempo_unix
from perito.extratores.achado import Achado

PADRAO_EMAIL = re.compile(r"(?<![\w.+-])[\w.+-]+@[\w-]+(?:\.[\w-]+)+(?<!\.)")
# IP de transação: a linha fala de uma operação financeira
# "App Version 2.25.5.74", "Versão do aplicativo instalado: 2.25.12.74": o rótulo de versão logo antes, ou com até
# quatro palavras entre ele e os dois-pontos
_ROTULO_VERSAO = re.compile(r"(?:version|vers[ãa]o|build|\bv)(?:\s+[^\W\d]+){0,4}\s*[:.]?\s*$", re.I)
# "Chrome/120.0.0.0", "WhatsApp/2.23.20.76": o produto e a barra logo antes (o User-Agent de um log de acesso, de uma
# resposta de provedor). O Chrome escreve a versão reduzida "N.0.0.0" desde 2022: cada linha de log dava um "IP"
# 120.0.0.0 com a porta e a hora do acesso, e dois logs com o mesmo navegador, uma convergência falsa. O pedaço de
# URL ("//host/1.2.3.4") não é produto: o nome dele vem depois de outra barra
_PRODUTO_ANTES = re.compile(r"(?<![/\w.+-])(?P<produto>[A-Za-z][\w.+-]*)/$")
#: rótulos de endereço que podem vir colados ao IP por uma barra ("IP/187.1.2.3"): esses continuam IP
_ROTULOS_DE_ENDERECO = frozenset({"ip", "ipv4", "ip4", "addr", "address", "endereco", "host", "src", "dst",
                                  "origem", "destino", "source", "destination"})
# (também o código de evento de um log de sistema: "PIX_OUT", "pix_transfer_in", "TED-ENVIO")
_CONTEXTO_TRANSACAO = re.compile(r"transa[çc][ãa]o|\b(?:pix|ted)(?:\b|_(?=[a-z]))|\bdoc\b|transfer[êe]ncia|ip\s+origem", re.I)


Reconhecedor = Callable[[str], Iterator[Achado]]

_QUINZE_DIGITOS = re.compile(r"\d{15}")
#: o "T" entre algarismos da data-hora compacta da ISO 8601 ("20250714T182107"; vale para o esqueleto)
_ALGARISMO_T_ALGARISMO = re.compile(r"\dT\d")
#: o que `tempo.PADRAO_HORA_DATA` exige entre a hora e a data: a ligação entre espaços (só letras: vale para o esqueleto)
_LIGACAO_DA_HORA_DATA = re.compile(r"\s(?i:de|do|no|em|on)\s")
#: o começo do dia da semana que `tempo.PADRAO_DATA_JAVA` exige
_DIAS_DA_SEMANA = ("mon", "tue", "wed", "thu", "fri", "sat", "sun")
_MEIO_DE_CPF = re.compile(r"\.\d{3}-\d")  # "…789-01": todo CPF pontuado tem, e quase nenhuma outra linha
_HIFEN_DE_CPF = re.compile(r"\d{9}-\d{2}")  # "123456789-09": o CPF só com o hífen
_FIM_DE_CNPJ = re.compile(r"/\d{4}-")
_OITO_DIGITOS = re.compile(r"\d{4}[\s.-]?\d{4}")
_TEM_DIGITO = re.compile(r"\d")
#: o "\s" dos padrões (todo espaço Unicode)
_ESPACO = re.compile(r"\s")


def _emails(texto: str) -> Iterator[Achado]:
    for m in PADRAO_EMAIL.finditer(texto):
        if jid := email.DOMINIO_DO_WHATSAPP.search(m.group(0)):
            local = m.group(0)[:jid.start()]
            if jid.group("conta") and local.isdigit() and (meta := telefone.TELEFONE.metadados("+" + local)) is not None:
                yield Achado(m.start(), m.start() + len(local), local, "telefone", "telefone", metadados=meta)
            continue
        yield Achado(m.start(), m.end(), m.group(0), "email", "outro", metadados={"email_normalizado": m.group(0).lower()})


def _datas_horas(texto: str, fuso_solto: bool = True, so_no_comeco: bool = False) -> Iterator[Achado]:
    """`fuso_solto=False`: a linha não tem como ter fuso escrito sozinho (`_pode_ter_fuso_solto`), e a busca dele
    ficaria vazia. `so_no_comeco`: a única data-hora possível da linha está no começo dela (`_data_hora_so_no_comeco`)."""
    if so_no_comeco:
        primeiro = tempo.PADRAO_DATA_HORA.match(texto)
        casamentos = [primeiro] if primeiro is not None else []
    else:
        casamentos = list(tempo.PADRAO_DATA_HORA.finditer(texto))
    do_fim = _fuso_do_fim_da_linha(texto, casamentos)
    for m in casamentos:
        data, hora = m.group("data", "hora")  # (os grupos lidos uma vez: roda para cada linha de um log)
        if tempo.data(data) is None or tempo.hora(hora) is None:
            continue
        fuso = tempo.fuso_do_achado(m) or do_fim
        inicio, fim_do_casamento = m.span()
        if fuso is None and fuso_solto and len(casamentos) == 1:  # coluna de fuso da própria linha (escopo linha)
            fuso = tempo.fuso_solto_na_linha(texto, (inicio, fim_do_casamento))
        meta: dict[str, Any] = {"data": data, "hora": hora}
        momento = tempo.instante(data, hora, fuso) if fuso else None  # sem fuso, sem instante
        if momento is not None:
            meta["instante_utc"] = tempo.iso_utc(momento)
        yield Achado(inicio, fim_do_casamento, texto[inicio : m.end("hora")], "data_evento", "outro", fuso, meta)


def _fuso_do_fim_da_linha(texto: str, casamentos: list[re.Match]) -> str | None:
    """O fuso escrito no fim da linha, depois da última data-hora e separado dela, vale para todas as da linha
    ("Início: 14/07/2025 14:02:00   Fim: 14/07/2025 16:40:00   (horário de Brasília)"): a linha o declara uma vez.
    Nunca o colado à hora ("16:40:00Z", "16:40:00-03:00"), que é só dela, nem com outra data-hora da linha que
    escreve o próprio fuso."""
    if len(casamentos) < 2 or (ultimo := casamentos[-1]).group("fuso") is None:
        return None
    if ultimo.start("fuso") == ultimo.end("hora") or texto[ultimo.end():].strip(" \t).;") \
            or any(tempo.fuso_do_achado(m) for m in casamentos[:-1]):
        return None
    return ultimo.group("fuso")


def _datas_horas_sem_fuso_solto(texto: str) -> Iterator[Achado]:
    """`_datas_horas` na linha sem fuso solto possível (o plano a escolhe pelo esqueleto da linha)."""
    return _datas_horas(texto, fuso_solto=False)


def _datas_horas_do_comeco(texto: str) -> Iterator[Achado]:
    """`_datas_horas` na linha sem fuso solto possível cuja única data-hora possível está no começo (o plano a escolhe
    pelo esqueleto da linha, `_data_hora_so_no_comeco`): o padrão tentado só ali, não em cada posição da linha."""
    return _datas_horas(texto, fuso_solto=False, so_no_comeco=True)


#: o esqueleto (`_ESQUELETO`) da linha ou da célula que começa pela data e a hora ("01/03/2025;03:00:40;177.1.0.1;30001;
#: LOGIN", a célula "01/03/2025 03:00:00" de uma planilha) e segue só com células de IPv4, de número curto (a porta) ou
#: de palavra sem espaço, separadas por ";", ",", "|" ou tabulação: nenhum padrão de data ou de data-hora casa depois da
#: data-hora do começo (nenhum espaço, barra, hífen ou dois-pontos; nenhum algarismo colado a letra; nenhum número de
#: mais de cinco algarismos). A prova é o teste do atalho (`tests/test_issue_27_tabelas_grandes.py`): o mesmo que o
#: padrão em toda a linha, em linhas sorteadas com esse esqueleto e em todas as dos exemplos.
_COMECO_COM_DATA_HORA = re.compile(
    r"(?:00/00/0000|0000-00-00)[ ;T]00:00:00(?:[;,|\t](?:0{1,3}(?:\.0{1,3}){3}|0{1,5}|[A-Za-z_]+)?)*")


def _data_hora_so_no_comeco(texto: str) -> bool:
    """A linha tem o esqueleto de `_COMECO_COM_DATA_HORA` (só olha o esqueleto)."""
    return _COMECO_COM_DATA_HORA.fullmatch(texto.translate(_ESQUELETO)) is not None


#: o que todo fuso solto (`tempo.fuso_solto_na_linha`) exige: uma sigla, o sinal de um deslocamento, o "/" de um
#: nome IANA depois de letra ("America/"), ou as palavras de "horário de Brasília" e "Pacific Time"
_SIGLAS_DO_FUSO_SOLTO = ("UTC", "GMT", "BRT", "BRST", "AMT", "AMST", "FNT")
_LETRA_E_BARRA = re.compile(r"[a-z]/")
#: o deslocamento solto ("-03:00"): o sinal, dois algarismos e os dois-pontos (não todo "-" de uma linha de extrato)
_SINAL_E_HORA = re.compile(r"[+-]\d{2}:\d")


def _pode_ter_fuso_solto(texto: str, minusculo: str) -> bool:
    """Condição necessária de um casamento do fuso solto; só olha letras, pontuação e onde há algarismos (vale para o
    esqueleto)."""
    return (any(s in texto for s in _SIGLAS_DO_FUSO_SOLTO) or _LETRA_E_BARRA.search(texto) is not None
            or _SINAL_E_HORA.search(texto) is not None or rotulos.tem_alguma(texto, minusculo, ("bras", "time")))


def _horas_antes_da_data(texto: str) -> Iterator[Achado]:
    """"às 14:20:05 de 18/09/2025": a data-hora com a hora na frente (prosa); o dado vai da hora à data."""
    if ":" not in texto and "h" not in texto:
        return
    for m in tempo.PADRAO_HORA_DATA.finditer(texto):
        if tempo.data(m.group("data")) is None or tempo.hora(m.group("hora")) is None:
            continue
        fuso = tempo.fuso_da_hora_data(m)
        meta: dict[str, Any] = {"data": m.group("data"), "hora": m.group("hora")}
        if (momento := tempo.instante(m.group("data"), m.group("hora"), fuso)) is not None:
            meta["instante_utc"] = tempo.iso_utc(momento)
        yield Achado(m.start(), m.end("data"), texto[m.start():m.end("data")], "data_evento", "outro", fuso, meta)


def _datas_java(texto: str) -> Iterator[Achado]:
    if ":" not in texto:
        return
    for m in tempo.PADRAO_DATA_JAVA.finditer(texto):
        data = tempo.data_java(m)
        if tempo.data(data) is None or tempo.hora(m.group("hora")) is None:
            continue
        meta: dict[str, Any] = {"data": data, "hora": m.group("hora")}
        if (momento := tempo.instante(data, m.group("hora"), m.group("fuso"))) is not None:
            meta["instante_utc"] = tempo.iso_utc(momento)
        yield Achado(m.start(), m.end(), m.group(0), "data_evento", "outro", m.group("fuso"), meta)


def _datas_ofx(texto: str) -> Iterator[Achado]:
    """"<DTPOSTED>20250315113640[-3:BRT]": a data-hora de um extrato OFX (`chaves.tempo_ofx`), citada como escrita (o
    número e, à parte, o fuso entre colchetes); só a data (`<DTPOSTED>20250315`), com a data lida e o número."""
    for m in tempo_ofx.PADRAO.finditer(texto):
        if (lida := tempo_ofx.ler(m)) is None:
            continue
        dia, hora = lida
        numero = m.group("numero")
        if hora is None:
            yield Achado(m.start("numero"), m.end("numero"), numero, "data_evento", "outro",
                         metadados={"data": dia.isoformat(), "data_literal": numero})
            continue
        fuso = m.group("fuso")
        meta: dict[str, Any] = {"data": dia.isoformat(), "hora": hora.strftime("%H:%M:%S" if len(m.group("hora")) == 6
                                                                               else "%H:%M"),
                                "data_hora_compacta": numero}
        if (momento := tempo.instante(meta["data"], meta["hora"], fuso)) is not None:
            meta["instante_utc"] = tempo.iso_utc(momento)
        yield Achado(m.start("numero"), m.end("numero"), numero, "data_evento", "outro", fuso, meta)


def _datas_compactas_iso(texto: str) -> Iterator[Achado]:
    """"20250714T182107Z": a forma básica da ISO 8601 (logs de sistemas), com o "T" que a distingue de um protocolo;
    o fuso colado ao fim, quando escrito, é o dela. Citada como escrita, com a leitura nos metadados (como a data-hora
    compacta de uma coluna de tempo)."""
    for m in tempo_formas.PADRAO_COMPACTO_ISO.finditer(texto):
        if (achado := tempo_unix.compacto(m.group(0), m.start())) is not None:
            yield achado


def _datas(texto: str, so_no_comeco: bool = False) -> Iterator[Achado]:
    """`so_no_comeco`: a única data possível da linha está no começo dela (`_data_hora_so_no_comeco`)."""
    if so_no_comeco:
        primeira = tempo.PADRAO_DATA.match(texto)
        casamentos: Iterable[re.Match] = [primeira] if primeira is not None else []
    else:
        casamentos = tempo.PADRAO_DATA.finditer(texto)
    for m in casamentos:
        if tempo.data(m.group("data")) is not None:
            yield Achado(m.start(), m.end(), m.group(0), "data_evento", "outro", metadados={"data": m.group("data")})


def _datas_do_comeco(texto: str) -> Iterator[Achado]:
    """`_datas` na linha cuja única data possível está no começo (o plano a escolhe pelo esqueleto da linha)."""
    return _datas(texto, so_no_comeco=True)


def _ip(texto: str, m: re.Match, grupo: str, campo: str | None = None) -> Achado | None:
    """`campo`: o já decidido pelo plano da linha (`_fala_de_transacao` só olha as letras dela)."""
    literal = m.group(grupo)
    meta = ip.IP.metadados(literal)
    if meta is None:
        return None
    porta = m.group("porta")
    if porta and ip.porta_valida(porta):
        meta["porta"] = porta
    if campo is None:
        campo = "ip_transacao" if _fala_de_transacao(texto) else "ip_acesso"
    return Achado(m.start(), m.end(), literal, campo, "ip", metadados=meta)


_PALAVRAS_DE_TRANSACAO = ("transa", "pix", "ted", "doc", "transfer", "origem")


def fala_de_transacao(texto: str) -> bool:
    """A linha (ou a linha de planilha, com as células juntas) fala de uma transação: o IP nela é o da transação."""
    return _fala_de_transacao(texto)


def _fala_de_transacao(texto: str) -> bool:
    """O mesmo que `_CONTEXTO_TRANSACAO.search`, sem rodar o padrão numa linha que não tem nenhuma das palavras."""
    return rotulos.tem_alguma(texto, texto.lower(), _PALAVRAS_DE_TRANSACAO) and _CONTEXTO_TRANSACAO.search(texto) is not None


#: o tamanho do prefixo depois do endereço ("2804:14c:65a1:4f2e::/64"): a resposta da operadora sobre IPv6 dá a rede
#: atribuída ao cliente, não um endereço só
_PREFIXO_IPV6 = re.compile(r"/(\d{1,3})(?!\d)")


def _ipv6(texto: str) -> Iterator[Achado]:
    for m in ip.PADRAO_IPV6.finditer(texto):
        grupo = "ipb" if m.group("ipb") else "ip"
        if ":" in m.group(grupo).strip(":") and (achado := _ip(texto, m, grupo)):
            if grupo == "ip" and (prefixo := _PREFIXO_IPV6.match(texto, m.end())) and 16 <= int(prefixo.group(1)) <= 128:
                achado.metadados["prefixo"] = int(prefixo.group(1))
            yield achado


def _ipv4(texto: str, campo: str | None = None) -> Iterator[Achado]:
    for m in ip.PADRAO_IPV4.finditer(texto):
        antes = texto[max(0, m.start() - 50) : m.start()]
        if ("v" in antes or "V" in antes or "b" in antes or "B" in antes) and _ROTULO_VERSAO.search(antes):
            continue  # "App Version 2.25.5.74" é versão, não endereço
        if antes.endswith("/") and _versao_de_produto(antes):
            continue
        if achado := _ip(texto, m, "ip", campo):
            yield achado


def _ipv4_de_acesso(texto: str) -> Iterator[Achado]:
    """`_ipv4` na linha que não fala de transação (o plano a escolhe pelo esqueleto da linha)."""
    return _ipv4(texto, "ip_acesso")


def _versao_de_produto(antes: str) -> bool:
    """O texto antes do IP termina em "Produto/" (a versão de um User-Agent), e o produto não é um rótulo de endereço."""
    m = _PRODUTO_ANTES.search(antes)
    return m is not None and m.group("produto").lower() not in _ROTULOS_DE_ENDERECO


def _cnpjs(texto: str) -> Iterator[Achado]:
    achados = [(m.start(), m.end(), m.group(0)) for m in documento.PADRAO_CNPJ.finditer(texto)]
    achados += [(m.start("cnpj"), m.end("cnpj"), m.group("cnpj")) for m in documento.PADRAO_CNPJ_ROTULADO.finditer(texto)]
    for inicio, fim, literal in achados:
        if (meta := documento.CNPJ.metadados(literal)) is not None:
            yield Achado(inicio, fim, literal, "outro", "documento", metadados=meta, alerta=documento.CNPJ.alerta(literal))


def _cpfs(texto: str) -> Iterator[Achado]:
    achados = [(m.start(), m.end(), m.group(0)) for m in documento.PADRAO_CPF.finditer(texto)]
    achados += [(m.start("cpf"), m.end("cpf"), m.group("cpf")) for m in documento.PADRAO_CPF_ROTULADO.finditer(texto)]
    vistos = {inicio for inicio, _, _ in achados}
    achados += [(m.start("cpf"), m.end("cpf"), m.group("cpf")) for m in documento.PADRAO_CPF_DOCUMENTO.finditer(texto)
                if m.start("cpf") not in vistos and documento.cpf_valido(m.group("cpf"))]
    vistos = {inicio for inicio, _, _ in achados}
    achados += [(m.start(), m.end(), m.group(0)) for m in documento.PADRAO_CPF_HIFEN.finditer(texto)
                if m.start() not in vistos and documento.cpf_valido(m.group(0))]
    for inicio, fim, literal in achados:
        if (meta := documento.CPF.metadados(literal)) is not None:
            yield Achado(inicio, fim, literal, "cpf", "documento", metadados=meta, alerta=documento.CPF.alerta(literal))


#: o rótulo de outro número de 15 dígitos logo antes dele (um em cada dez números ao acaso passa no Luhn): o código de
#: autenticação de um comprovante, o NSU, o protocolo, o identificador de uma transação, a linha de um boleto
_ROTULO_NAO_IMEI = re.compile(
    r"(?i)\b(?:aut(?:entica[çc][ãa]o)?|c[óo]d(?:igo)?|nsu|protocolo|protocol|transa[çc][ãa]o|transaction|txid|"
    r"documento|doc|boleto|pedido|order|ticket|controle|autoriza[çc][ãa]o|n[º°o]\.?\s*do\s+documento"
    # os números da rede de telefonia (a identidade do chip e da célula: IMSI, CGI/ECGI, Cell ID, ICCID) e a ordem de
    # serviço da operadora: quinze dígitos que fecham o Luhn por acaso (1 em 10) não são um aparelho
    r"|imsi|e?cgi|cell\s*id|iccid|ordem\s+de\s+servi[çc]o|o\.?s\.?)"
    r"\b[^\d\n]{0,20}$")


def _imeis(texto: str) -> Iterator[Achado]:
    rotulados = [(m.start("imei"), m.end("imei"), m.group("imei")) for m in imei.PADRAO_IMEI_ROTULADO.finditer(texto)]
    soltos = [(m.start(), m.end(), m.group(0)) for m in imei.PADRAO_IMEI_SOLTO.finditer(texto)
              if imei.luhn_valido(m.group(0)) and not _ROTULO_NAO_IMEI.search(texto, max(0, m.start() - 40), m.start())]
    for inicio, fim, literal in rotulados + soltos:
        if (meta := imei.IMEI.metadados(literal)) is not None:
            yield Achado(inicio, fim, literal, "imei", "imei", metadados=meta, alerta=imei.IMEI.alerta(literal))


def _valores(texto: str) -> Iterator[Achado]:
    """Notação brasileira, ou ponto decimal depois de `R$`; parênteses e `D`/`C` colados dão o sentido."""
    for m in dinheiro.PADRAO_VALOR.finditer(texto):
        if (valor := dinheiro.centavos(m.group("valor"))) is not None and not _de_cadastro(texto, m.start()) and (
                m.group("valor").lstrip("-− ").startswith(("R$", "BRL"))
                or not dinheiro.em_moeda_estrangeira(texto, m.start("valor"), m.end("valor"))) and not (
                _UNIDADE_DEPOIS.match(texto, m.end("valor"))):
            yield _valor(texto, m, valor)
    if "R$" in texto or "BRL" in texto:
        for padrao in (dinheiro.PADRAO_VALOR_RS_PONTO, dinheiro.PADRAO_VALOR_PONTO_ANTES_DE_BRL):
            for m in padrao.finditer(texto):
                if (lido := dinheiro.ler(m.group("valor").replace(" ", "").removesuffix("BRL"), "us")) is not None \
                        and not _de_cadastro(texto, m.start()):
                    yield _valor(texto, m, lido.quantia)
    if not dinheiro.MOEDA_OU_REAIS.search(texto):
        return
    if "mil" in texto.lower():
        for m in dinheiro.PADRAO_VALOR_EM_MIL.finditer(texto):  # "R$ 2 mil", "R$ 1,5 mil": a quantia em milhares
            if not _de_cadastro(texto, m.start()) and not _APROXIMADO.search(texto, max(0, m.start() - 40), m.start()):
                literal, inicio, quantia = dinheiro.em_mil(m)
                yield _valor_escrito(texto, inicio, literal, quantia)
    for m in dinheiro.PADRAO_VALOR_SEM_CENTAVOS.finditer(texto):  # "R$ 3.500", "3.500 reais": a quantia redonda
        if (lida := dinheiro.sem_centavos(m)) is not None and not _de_cadastro(texto, m.start()):
            literal, inicio, quantia = lida
            yield _valor_escrito(texto, inicio, literal, quantia)


#: a quantia aproximada ("cerca de R$ 3,5 mil", "o prejuízo passa de R$ 50 mil"): um total ou uma estimativa, não o
#: valor de uma transferência
_APROXIMADO = re.compile(
    r"(?i)(?:cerca\s+de|aproximadamente|aprox\.?|mais\s+de|passa(?:m|ram|va)?\s+de|quase|em\s+torno\s+de|"
    r"por\s+volta\s+de|acima\s+de|superior(?:es)?\s+a|menos\s+de|at[ée]|uns|umas|estimad[oa]s?\s+em)\s*$")


#: o valor de uma ficha cadastral (a renda, o limite, o patrimônio): uma qualidade da pessoa ou da conta, não um
#: lançamento; contado como lançamento, fazia da ficha um "registro com evento" e o titular dela deixava de valer
_ROTULO_DE_CADASTRO = re.compile(
    r"(?i)\b(?:renda|sal[áa]rio|faturamento|patrim[ôo]nio|limite|capital(?:\s+social)?\b|score|income|credit\s+limit)"
    r"[^\d\n]{0,30}$")


def _de_cadastro(texto: str, inicio: int) -> bool:
    return _pode_ser_de_cadastro(texto) and (_ROTULO_DE_CADASTRO.search(texto, max(0, inicio - 45), inicio) is not None or (
        _ROTULO_DE_MEDIDA.search(texto, max(0, inicio - 30), inicio) is not None))


#: as palavras que algum casamento de `_ROTULO_DE_CADASTRO` ou de `_ROTULO_DE_MEDIDA` exige, em minúsculas
#: ("sal[áa]rio" é "salario" ou "salário", "lon" de "long", "longitude" e "lon", "dist" de "distância" e "distance")
_PALAVRAS_DE_CADASTRO_OU_MEDIDA = (
    "renda", "salario", "salário", "faturamento", "patrim", "limite", "capital", "score", "income", "credit",
    "lat", "lon", "lng", "altitude", "precis", "accuracy", "raio", "radius", "dist", "velocidade", "speed", "azimut")


@lru_cache(maxsize=1024)  # pura; pedida para cada valor da mesma linha
def _pode_ser_de_cadastro(texto: str) -> bool:
    """Condição necessária de `_de_cadastro` em qualquer posição da linha: algum rótulo de cadastro ou de medida nela.
    Sem ela, os dois padrões (~2 µs cada) rodavam antes de cada valor de cada lançamento."""
    return _TEM_PALAVRA_DE_CADASTRO_OU_MEDIDA(texto, texto.lower())


_TEM_PALAVRA_DE_CADASTRO_OU_MEDIDA = rotulos.gatilho(*_PALAVRAS_DE_CADASTRO_OU_MEDIDA)


#: o número de uma medida, não de dinheiro: a posição do aparelho num log de acesso ("Latitude: -23,55"), a precisão,
#: a distância ("Lat -23,550520 Long -46,633308"); o rótulo logo antes do número
_ROTULO_DE_MEDIDA = re.compile(
    r"(?i)\b(?:lat(?:itude)?|long(?:itude)?|lng|lon|altitude|precis[ãa]o|accuracy|raio|radius|dist[âa]ncia|distance"
    r"|velocidade|speed|azimute|azimuth)\b[^\d\n]{0,12}$")
#: a unidade de medida logo depois do número ("1,75 m", "80,00 kg", "2,50%", "12,5 km"): não é dinheiro
_UNIDADE_DEPOIS = re.compile(r"\s?(?:%|°|º|(?:m|km|cm|mm|kg|g|mb|gb|kb|ms)\b)", re.IGNORECASE)


def rotulo_de_cadastro(celula: str) -> bool:
    """A célula de rótulo de uma ficha em planilha ("Renda declarada", "Limite"): o valor ao lado não é lançamento."""
    texto = celula.strip()
    return len(texto) <= 45 and not any(c.isdigit() for c in texto) and _ROTULO_DE_CADASTRO.search(texto) is not None


def _valor(texto: str, m: re.Match, valor) -> Achado:
    inicio, literal = m.start("valor"), m.group("valor")
    if _TRACO_SEPARADOR.match(literal) and _campos_separados_por_traco(texto, inicio):
        # "14/07/2025 15:21:07 - Pix recebido - R$ 2.350,00 - ANA ...": o traço entre espaços separa os campos da
        # linha, não é o sinal de menos (o crédito virava débito)
        corte = _TRACO_SEPARADOR.match(literal).end()
        inicio, literal, valor = inicio + corte, literal[corte:], abs(valor)
    achado = _valor_escrito(texto, inicio, literal, valor)
    if _TRACO_SEPARADOR.match(literal):
        # "- R$ 2.350,00": o sinal solto antes do valor, que a prosa de uma carta também escreve como separador
        # ("ANA ... (CPF ...) - R$ 2.350,00 em ..."): a frase que diz o sentido vale mais que ele (`montagem`)
        achado.metadados["sinal_solto"] = True
    return achado


#: o traço seguido de espaço no começo do valor casado ("- R$ 2.350,00")
_TRACO_SEPARADOR = re.compile(r"[-−]\s+")


def _campos_separados_por_traco(texto: str, inicio: int) -> bool:
    """O valor é um campo entre dois " - " da linha ("... - Pix recebido - R$ 2.350,00 - ANA ..."): o traço antes dele
    tem um espaço só antes, depois de uma palavra ou número, e outro " - " vem logo depois do valor. Sem o de depois
    ("PIX ENVIADO - 10:42:35 - R$ 2.080,00 JUNQUEIRA ..."), o traço é o sinal do débito."""
    if not (inicio >= 2 and texto[inicio - 1] == " " and not texto[inicio - 2].isspace()):
        return False
    depois = _DEPOIS_DO_VALOR.match(texto, inicio + 1)
    return depois is not None and texto.startswith((" - ", " − "), depois.end())


#: o valor que segue o traço ("- R$ 2.350,00"), para ver o que vem depois dele
_DEPOIS_DO_VALOR = re.compile(r"\s*(?:R\$|BRL)?\s?[\d.]+,\d{2}")


def _valor_escrito(texto: str, inicio: int, literal: str, valor) -> Achado:
    meta: dict[str, Any] = {"valor": str(valor)}
    fim = inicio + len(literal)
    inicio += len(literal) - len(literal.lstrip())  # o espaço antes do número não é do valor
    literal = literal.strip()
    negativo, natureza = dinheiro.sinal_ao_redor(texto, inicio, fim)
    if natureza:
        meta["natureza"] = natureza
    if negativo and valor > 0:
        meta["valor"] = str(-valor)
    return Achado(inicio, fim, literal, "valor_transacao", "financeiro", metadados=meta)


def _valores_rotulados(texto: str) -> Iterator[Achado]:
    """`Valor: 1230.00`, `"Valor do lançamento": 50.00` (JSON): o rótulo diz que o número é dinheiro."""
    if (achado := quantias.campo_rotulado(texto)) and not _de_cadastro(texto, achado.inicio):
        yield achado


#: o rótulo de outro número logo antes dos algarismos ("Internal Ticket Number 9988776655", "Protocolo 2125551234",
#: a célula de rótulo de uma ficha em planilha, "ID do usuário | 1429935712"): dez ou onze algarismos sem formatação
#: depois dele são o protocolo, não um telefone
_ROTULO_DE_OUTRO_NUMERO = re.compile(
    r"(?i)(?:\b(?:ticket|protocolo|protocol|request|pedido|processo|order|chamado|solicita[çc][ãa]o)"
    r"(?:\s+(?:number|n[º°o]\.?|id|nr\.?|n[úu]mero))?"
    # o identificador de uma conta na plataforma ("ID do usuário: 2198765432", "User ID", "Código do cliente"): dez
    # dígitos ali não são um telefone, e lê-los como um cria identificação falsa com a linha de outra pessoa
    # e o de um lançamento ("Código da transação", "ID da transação", o FITID de um OFX: "11987654321" parece celular)
    r"|\b(?:id|uid|dsid|c[óo]digo)(?:\s+(?:d[oa]s?\s+|de\s+)?(?:usu[áa]rio|conta|cliente|perfil|user|account"
    r"|transa[çc][ãa]o|lan[çc]amento|opera[çc][ãa]o|refer[êe]ncia|autentica[çc][ãa]o|cheque|servidor|favorecido))?"
    r"|\b(?:user|account|customer|profile|member|client|transaction)[\s_-]*id"
    # o número da conta ("Conta: 1234567890 (conta de pagamento)", "Número da conta", "C/C", "Account number"): a
    # conta de uma instituição de pagamento tem dez dígitos, e lida como telefone ligava o titular à linha de outro
    # (o rótulo começa o campo: "Telefone da conta: 11987654321" é o telefone)
    r"|(?:^|(?<=[|;,\t])|(?<=\s\s)|\b(?:n[úu]mero|n[º°o]\.?)\s+da\s+)\s*conta(?:\s+(?:corrente|poupan[çc]a|de\s+pagamento|digital))?"
    r"(?:\s+(?:n[º°o]\.?|n[úu]mero))?|\bC/C|\baccount\s+(?:number|no\.?|n[º°o])"
    r")\s*[:#º°.|;\t]*\s*$")


def rotulo_de_outro_numero(rotulo: str) -> bool:
    """O rótulo de um campo de ficha diz que o número ao lado é um identificador ("ID do usuário", "Protocolo")."""
    return _ROTULO_DE_OUTRO_NUMERO.search(rotulo.strip()) is not None


#: o dígito verificador colado por hífen ao número ("1234567890-1", "0012345678-X"): nenhum telefone se escreve assim
_DIGITO_VERIFICADOR = re.compile(r"-[\dXx](?![\w-])")


def _telefones(texto: str) -> Iterator[Achado]:
    for m in telefone.PADRAO_TELEFONE.finditer(texto):
        if m.group(0).isdigit() and _ROTULO_DE_OUTRO_NUMERO.search(texto, 0, m.start()):
            continue
        if m.group(0).lstrip("+").isdigit() and texto[m.end():m.end() + 1].isalpha():
            continue  # algarismos colados a letras: o começo de um hexadecimal ("6732113005bde299…", o ID da sessão)
        if m.group(0).isdigit() and _DIGITO_VERIFICADOR.match(texto, m.end()):
            continue  # "conta 1234567890-1": o número com o dígito verificador depois do hífen é uma conta
        # celular de 8 dígitos (antes do nono dígito): o tipo guarda a forma atual provável, marcada como tal
        if (meta := telefone.TELEFONE.metadados(m.group(0))) is not None:
            yield Achado(m.start(), m.end(), m.group(0), "telefone", "telefone", metadados=meta)


RECONHECEDORES: tuple[Reconhecedor, ...] = (
    # o BR Code primeiro: a chave dentro dele, e o resto do código ocupado (nenhum telefone ou nome dos pedaços)
    brcode.no_texto,
    *rotulos.ANTES, linha_do_dict.registros, telefone_rotulado.telefones_rotulados,
    _emails, _datas_ofx, _datas_compactas_iso, _datas_horas, _horas_antes_da_data, _datas_java, _datas,
    tempo_unix.rotulados, _ipv6, _ipv4, _cnpjs,
    _cpfs, _imeis, _valores, _valores_rotulados, _telefones,
    *rotulos.DEPOIS,
)


#: gatilhos dos reconhecedores daqui (os de rótulo estão em rotulos.GATILHOS); sem gatilho, o reconhecedor sempre roda
GATILHOS: dict[Reconhecedor, Callable[[str, str], bool]] = {
    **rotulos.GATILHOS,
    brcode.no_texto: brcode.tem_brcode,
    telefone_rotulado.telefones_rotulados: telefone_rotulado.tem_rotulo_de_telefone,
    linha_do_dict.registros: linha_do_dict.tem_tipo,
    _emails: lambda texto, minusculo: "@" in texto,
    _datas_ofx: lambda texto, minusculo: "<DT" in texto,
    _datas_compactas_iso: lambda texto, minusculo: _ALGARISMO_T_ALGARISMO.search(texto) is not None,
    # o padrão exige espaço (o "\s+" antes de "de"/"em"): uma linha de CSV sem espaço nenhum não o chama
    # e a ligação entre a hora e a data ("de", "do dia", "no dia", "em", "on") entre espaços
    _horas_antes_da_data: lambda texto, minusculo: _LIGACAO_DA_HORA_DATA.search(texto) is not None,
    # o dia da semana do Date.toString do Java ("Sat Aug 02 ..."), depois da hora com dois-pontos
    _datas_java: lambda texto, minusculo: ":" in texto and rotulos.tem_alguma(texto, minusculo, _DIAS_DA_SEMANA),
    tempo_unix.rotulados: tempo_unix.tem_rotulado,
    # toda forma do IPv6 tem "::" ou os 8 grupos (7 dois-pontos): "20:20:20" de uma hora não chama o padrão
    _ipv6: lambda texto, minusculo: "::" in texto or texto.count(":") >= 7,
    _ipv4: lambda texto, minusculo: "." in texto,
    # centavos depois da vírgula, ou a moeda (o R$ ou o código BRL)
    # "reais" com as letras que o padrão sem caixa iguala a ASCII e o lower() não ("reaİs"): `tem_alguma`
    _valores: lambda texto, minusculo: ("," in texto or "R$" in texto or "BRL" in texto
                                        or rotulos.tem_alguma(texto, minusculo, ("reais",))),
    # "Rótulo: número" (o rótulo de valor é conferido pelo papel da coluna)
    # (o padrão do campo rotulado trata todo algarismo igual: o casamento dele é o mesmo em todo o esqueleto)
    _valores_rotulados: lambda texto, minusculo: ((":" in texto or "=" in texto) and _TEM_DIGITO.search(texto) is not None
                                                  and quantias.tem_campo_rotulado(texto)),
    # 000.000.000-00, 000000000-00, ou o rótulo CPF antes de 11 dígitos
    _cpfs: lambda texto, minusculo: (_MEIO_DE_CPF.search(texto) is not None or _HIFEN_DE_CPF.search(texto) is not None
                                     or rotulos.tem_alguma(texto, minusculo, ("cpf", "documento", "tax id", "taxpayer"))),
    # 00.000.000/0000-00, ou o rótulo CNPJ antes de 14 dígitos
    _cnpjs: lambda texto, minusculo: (("/" in texto and _FIM_DE_CNPJ.search(texto) is not None)
                                      or rotulos.tem_alguma(texto, minusculo, ("cnpj",))),
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


#: reconhecedor → (condição, variante mais barata quando a condição falha); como os gatilhos, a condição só olha o
#: esqueleto da linha, e a variante dá o mesmo resultado nas linhas em que ela falha
_VARIANTES: dict[Reconhecedor, tuple[Callable[[str, str], bool], Reconhecedor]] = {
    _datas_horas: (_pode_ter_fuso_solto, _datas_horas_sem_fuso_solto),
    # (a variante de uma variante: a data-hora sem fuso solto que só pode estar no começo da linha de log)
    _datas_horas_sem_fuso_solto: (lambda texto, minusculo: not _data_hora_so_no_comeco(texto), _datas_horas_do_comeco),
    _datas: (lambda texto, minusculo: not _data_hora_so_no_comeco(texto), _datas_do_comeco),
    _ipv4: (lambda texto, minusculo: _fala_de_transacao(texto), _ipv4_de_acesso),
}


def _calcular_plano(texto: str) -> tuple[Reconhecedor, ...]:
    minusculo = texto.lower()
    rodam = [r for r, gatilho in _COM_GATILHO if gatilho is None or gatilho(texto, minusculo)]
    for posicao, r in enumerate(rodam):
        while (variante := _VARIANTES.get(r)) is not None and not variante[0](texto, minusculo):
            r = rodam[posicao] = variante[1]
    return tuple(rodam)


def _marcar_papel_das_datas(texto: str, achados: list[Achado]) -> None:
    for achado in achados:
        if achado.campo == "data_evento":
            if achado.inicio == 0:  # a data no começo da linha (a de cada linha de um log): nada antes dela
                if papel := rotulos.papel_da_data(""):
                    achado.metadados["papel"] = papel
                continue
            # só o trecho entre o dado anterior e esta data: "Data de abertura da conta 02/03/2025"
            anteriores = [a.fim for a in achados if a.fim <= achado.inicio]
            contexto = texto[max([0, *anteriores]) : achado.inicio][-60:]
            if _SO_LIGACAO.fullmatch(contexto) and 0 < (dois_pontos := texto.find(":")) < achado.inicio:
                # "Terms of Service IP: 189.120.44.17, on 2024-01-12 ...": entre o dado e a data só a ligação; vale o
                # rótulo da linha
                contexto = texto[:dois_pontos][-60:]
            if papel := (rotulos.papel_da_data(contexto) or _desde_da_habilitacao(texto, achado.inicio, contexto)
                         or _periodo_do_vinculo(texto, achado, achados, contexto)
                         or rotulos.ativacao_antes_da_data(texto, achado.inicio)):
                achado.metadados["papel"] = papel


#: "desde"/"a partir de" logo antes da data, e na oração, antes dele, a linha habilitada ou ativa ("a linha (11) 98765-4321
#: encontra-se habilitada, ..., em nome de RAFAEL ..., CPF ..., desde 02/11/2024", a carta da operadora)
_DESDE_NO_FIM = re.compile(r"\b(?:desde|a\s+partir\s+de)\s*$", re.IGNORECASE)
_LINHA_HABILITADA = re.compile(r"(?i)\b(?:linha|n[úu]mero|terminal|chip|msisdn)\b.*\b(?:habilitad[oa]|ativad[oa]|ativ[oa])\b")


def _desde_da_habilitacao(texto: str, inicio: int, contexto: str) -> str | None:
    if not _DESDE_NO_FIM.search(contexto):
        return None
    comeco = max(texto.rfind(". ", 0, inicio), texto.rfind(";", 0, inicio)) + 1
    return "ativacao_linha" if _LINHA_HABILITADA.search(texto, comeco, inicio) else None


#: a linha do histórico de uma chave Pix no DICT: "1) Vínculo de 03/02/2025 a 12/08/2025", "Vinculada desde
#: 15/08/2025", "Vínculo ativo a partir de 15/08/2025": o começo da linha fala do vínculo da chave
_LINHA_DO_VINCULO = re.compile(r"(?i)^\W*(?:\d{1,2}\W+)?(?:(?:per[íi]odo|data|vig[êe]ncia)\s+d[eoa]\s+)?"
                               r"v[íi]ncul(?:o|ad[oa]|a[çc][ãa]o)\b"
                               r"(?!\s+(?:empregat|trabalhist|famili|societ|conjugal|profission))")
_ABRE_PERIODO = re.compile(r"(?i)\b(?:de|desde|a\s+partir\s+de|em)\s*$")
_FECHA_PERIODO = re.compile(r"(?i)^\s*(?:a|at[ée])\s*$")


def _periodo_do_vinculo(texto: str, achado: Achado, achados: list[Achado], contexto: str) -> str | None:
    """O começo e o fim do vínculo de uma chave Pix, na linha do histórico do DICT: "Vínculo de X a Y" (X é a posse da
    chave, Y o fim dela), "Vinculada desde X"."""
    if not _LINHA_DO_VINCULO.search(texto):
        return None
    if _ABRE_PERIODO.search(contexto):
        return "posse_chave"
    anteriores = [a for a in achados if a.campo == "data_evento" and a.fim <= achado.inicio]
    if anteriores and anteriores[-1].metadados.get("papel") == "posse_chave" and _FECHA_PERIODO.match(contexto):
        return "fim_posse_chave"
    return None


#: o que separa um dado da data que o completa na mesma linha ("..., on ", " em ", " at ")
_SO_LIGACAO = re.compile(r"[\s,;()-]*(?:on|at|em|in)?[\s,;()-]*", re.IGNORECASE)


#: o pontilhado entre um rótulo e os dois-pontos ("Conta.........: 56789-0", "Chave Pix . . . : ..."), dos relatórios de
#: sistema que alinham os valores numa coluna
_PONTILHADO = re.compile(r"(?<=[^\W\d_])(?:[ \t]*\.){2,}[ \t]*(?=:)")


def reconhecer(texto: str, com_gatilhos: bool = True) -> list[Achado]:
    """Todos os achados do texto, sem sobreposição, em ordem de posição.

    `com_gatilhos=False` roda todo reconhecedor em toda linha: o mesmo resultado, mais devagar
    (é o que o teste dos gatilhos compara).

    O pontilhado entre rótulo e dois-pontos é lido como espaço (do mesmo tamanho: as posições não mudam), e o dado de
    cada achado volta a ser o trecho como escrito, pontos inclusive.
    """
    if ".." in texto or ". ." in texto:
        mascarado = _PONTILHADO.sub(lambda m: " " * len(m.group(0)), texto)
        if mascarado != texto:
            achados = _reconhecer(mascarado, com_gatilhos)
            for achado in achados:
                if (inicio := mascarado.find(achado.dado, achado.inicio)) >= 0:
                    achado.dado = texto[inicio:inicio + len(achado.dado)]
            return achados
    return _reconhecer(texto, com_gatilhos)


# Uma coluna de planilha repete o mesmo texto em milhares de células (a data do dia, a porta, a operação): a guarda
# da coluna (`GuardaDaColuna`) guarda os achados de cada texto e cada célula recebe uma cópia nova (quem os recebe os
# altera: o fuso, a porta, o papel). `reconhecer` só depende do texto e da ordem das datas (`tempo_formas.na_ordem`),
# que vai na chave. Só se guardam achados cujos metadados são valores simples: a cópia rasa deles é uma cópia inteira.
_SIMPLES = (str, int, float, bool, type(None))
#: células lidas antes de decidir se a coluna repete textos; e a fração mínima de repetidos para continuar guardando
_AMOSTRA_DA_COLUNA = 20_000
_REPETIDOS_MINIMOS = 0.2
#: o teto da guarda de uma coluna: textos (a porta, sem achado, custa só a chave) e achados guardados (cerca de meio
#: KB cada um: a coluna de datas-horas fica em 2 MB); cheia, ela recomeça vazia
_GUARDADOS_MAXIMO = 20_000
_ACHADOS_GUARDADOS_MAXIMO = 4_096


class GuardaDaColuna:
    """Os achados de cada texto já lido numa coluna de planilha; desligada na coluna cujos textos não se repetem (a
    dos IPs de um log): ali guardar só custaria as cópias."""

    def __init__(self) -> None:
        self.achados: dict[tuple[str, bool], tuple[Achado, ...]] = {}
        self.lidas = 0
        self.repetidas = 0
        self.ligada = True
        self.guardados = 0  # achados guardados (a memória da guarda)

    def reconhecer(self, texto: str) -> list[Achado]:
        """`reconhecer(texto)`: o mesmo resultado, em objetos novos."""
        if not self.ligada or len(texto) > _ESQUELETO_MAXIMO:
            return reconhecer(texto)
        self.lidas += 1
        chave = (texto, tempo_formas.mes_primeiro())
        guardados = self.achados.get(chave)
        if guardados is not None:
            self.repetidas += 1
            return [_copia(a) for a in guardados]
        achados = reconhecer(texto)
        if self.lidas >= _AMOSTRA_DA_COLUNA and self.repetidas < _REPETIDOS_MINIMOS * self.lidas:
            self.ligada = False
            self.achados.clear()
        elif all(type(v) in _SIMPLES for a in achados for v in a.metadados.values()):
            if len(self.achados) >= _GUARDADOS_MAXIMO or self.guardados + len(achados) > _ACHADOS_GUARDADOS_MAXIMO:
                self.achados.clear()
                self.guardados = 0
            self.achados[chave] = tuple(_copia(a) for a in achados)
            self.guardados += len(achados)
        return achados


def _copia(achado: Achado) -> Achado:
    return Achado(achado.inicio, achado.fim, achado.dado, achado.campo, achado.tipo_dado, achado.fuso,
                  dict(achado.metadados), achado.alerta)


def _reconhecer(texto: str, com_gatilhos: bool) -> list[Achado]:
    ocupado: list[tuple[int, int]] = []
    achados: list[Achado] = []
    rodam = plano(texto) if com_gatilhos else RECONHECEDORES
    for reconhecedor in rodam:
        if reconhecedor is _datas_do_comeco and ocupado and _comeco_ocupado(ocupado):
            # a única data possível começa na posição 0, que a data-hora do começo já ocupa: sairia pela sobreposição
            continue
        for achado in reconhecedor(texto):
            # o laço com `else` (sem o gerador do `any`): roda para cada achado de cada linha
            de, ate = achado.inicio, achado.fim
            for inicio, fim in ocupado:
                if de < fim and inicio < ate:
                    break
            else:
                ocupado.append((de, ate))
                achados.append(achado)
    if rodam and rodam[0] is brcode.no_texto:  # o resto do BR Code só ocupava o lugar
        achados = [a for a in achados if a.campo != brcode.OCUPADO]
    achados.sort(key=lambda a: (a.inicio, a.fim))
    _marcar_papel_das_datas(texto, achados)
    _marcar_telefone_institucional(texto, achados)
    return achados


def _comeco_ocupado(ocupado: list[tuple[int, int]]) -> bool:
    """Algum achado já aceito começa na posição 0 e não é vazio: todo achado que começa em 0 o sobrepõe (o da data do
    começo, `_datas_do_comeco`, nunca é vazio), e nem precisa ser procurado. Na linha de um log, a data-hora do começo
    ocupa o lugar da data."""
    for inicio, fim in ocupado:
        if inicio == 0 and fim > 0:
            return True
    return False


#: a linha que dá o telefone de uma repartição ou de um atendimento, não o de uma pessoa do caso: o timbre e o
#: destinatário do ofício ("Ao Dr. ... Delegado de Polícia ... Tel. (11) 3311-3000"), o solicitante ("Requester
#: phone"), a central do banco ("SAC", "Central de Atendimento")
_LINHA_INSTITUCIONAL = re.compile(
    r"(?i)\b(?:delegaci[ao]|delegad[oa]|escriv[ãa]|cart[óo]rio|distrito\s+policial|departamento\s+de\s+pol|"
    r"secretaria\s+d[ae]\s+seguran|"
    r"f[óo]rum|vara\s|promotoria|minist[ée]rio\s+p[úu]blico|requester|requesting|solicitante|autoridade|"
    r"pol[íi]cia|plant[ãa]o|ouvidoria|sac\b|central\s+de\s+(?:atendimento|relacionamento)|atendimento\s+ao|"
    r"fale\s+conosco|customer\s+service|law\s+enforcement)")


#: a linha que fala de uma pessoa do caso ("a vítima compareceu a esta Delegacia e informou o telefone ..."): o
#: telefone dela é do caso, mesmo com a repartição na linha
_PESSOA_DO_CASO = re.compile(
    r"(?i)\b(?:v[íi]tima|autor[a]?|investigad[oa]|suspeit[oa]|comunicante|declarante|indiciad[oa]|titular|"
    r"assinante|favorecid[oa]|recebedor|pagador|chave|whatsapp|linha)\b")


def _marcar_telefone_institucional(texto: str, achados: list[Achado]) -> None:
    """O telefone numa linha institucional leva `institucional`: citado como está, mas nunca é o número de alguém
    do caso (não cruza com outro documento: o ofício e a resposta repetem o telefone da delegacia)."""
    telefones = [a for a in achados if a.campo == "telefone"]
    if telefones and _LINHA_INSTITUCIONAL.search(texto) and not _PESSOA_DO_CASO.search(texto):
        for achado in telefones:
            achado.metadados["institucional"] = True
