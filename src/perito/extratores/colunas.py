"""Papéis das colunas de uma tabela pelas palavras do cabeçalho, em português e inglês.

Um cabeçalho real varia: `Data e hora (UTC)`, `Porta (origem)`, `src_port`, `DATA_LANCAMENTO`,
`Valor (R$)`, `IP de origem da conexão`. O papel vem das palavras (sem acento, sem caixa,
`_`/`-`/`/` como espaço), nunca de um nome exato; o que está entre parênteses é unidade ou fuso
e não muda o papel — o fuso ali é uma declaração de contexto (`fuso_do_cabecalho`).
"""

from __future__ import annotations

import re
from functools import lru_cache

from perito.chaves import tempo, tempo_unix
from perito.chaves.nome import dobrar

# papel → conjuntos de palavras; vale o primeiro papel com um conjunto inteiramente presente.
# A ordem resolve os nomes compostos: "device_imei" é IMEI, "ip address" é IP (não endereço),
# "tipo de chave" não é a chave, "saldo" vem antes de "valor".
_PAPEIS: tuple[tuple[str, tuple[frozenset[str], ...]], ...] = tuple(
    (papel, tuple(frozenset(c.split()) for c in conjuntos))
    for papel, conjuntos in (
        ("porta", ("porta", "port", "src port", "source port", "puerto")),
        ("fuso", ("fuso", "timezone", "time zone", "tz", "offset", "tz offset", "utc offset", "zona horaria",
                  "huso", "huso horario", "zona")),
        ("ip", ("ip", "ipv4", "ipv6", "endereco ip", "ip address")),
        ("tipo_chave", ("tipo chave", "tipo de chave", "key type", "tipo da chave")),
        ("saldo", ("saldo", "balance")),
        # a tarifa do lançamento ("Taxa", "Tarifa", "Fee", "IOF") e o líquido ao lado do bruto: não são a quantia
        # transferida (`sem_valor_repetido`)
        ("tarifa", ("taxa", "tarifa", "tarifas", "fee", "fees", "iof", "juros", "encargos")),
        # tempo Unix: só o nome; a magnitude do número decide (extratores/tempo_unix.py)
        ("tempo_unix", ("epoch", "unix", "posix", "unixtime", "ts", "created at", "updated at", "epoch time")),
        ("data_hora", ("data hora", "datahora", "timestamp", "date time", "datetime", "last seen", "event time",
                       "access time", "time utc", "time", "quando", "fecha hora", "marca tiempo", "momento",
                       # as abreviaturas dos sistemas ("DTHR_EVENTO", "DT_HR_ACESSO", "DT_HORA")
                       "dthr", "dt hr", "dt hora", "data hr")),
        ("data", ("data", "date", "dt", "dia", "fecha", "day")),
        ("hora", ("hora", "horario", "hour", "hr")),
        # colunas separadas de entradas e saídas: o sentido do lançamento vem da coluna
        ("credito", ("credito", "creditos", "entrada", "entradas", "credit", "credits")),
        ("debito", ("debito", "debitos", "saida", "saidas", "debit", "debits")),
        # (o preço de um anúncio é coluna de valor, mas não pagamento: `quantias.coluna_de_preco`)
        # "VL_TRANSACAO", "VL_LANCAMENTO": a abreviatura de valor dos sistemas de banco
        ("valor", ("valor", "amount", "quantia", "value", "montante", "vlr", "vl", "preco", "price")),
        ("historico", ("historico", "descricao", "description", "lancamento", "operacao", "memo", "evento",
                       "event", "action", "acao", "accion", "detalhe", "detalhes", "details", "detalle",
                       # "Data e hora | Movimentação | Valor" (o extrato do PicPay), "Transação": o histórico por outro
                       # nome (sem ele, o nome da contraparte escrito na célula não era lido)
                       "movimentacao", "movimentacoes", "movimento", "transacao", "transaction")),
        # "Identificador do equipamento": o nome que a Anatel e as operadoras dão ao IMEI
        ("imei", ("imei", "imeisv", "identificador do equipamento", "identificacao do equipamento")),
        ("cpf", ("cpf", "cnpj", "cpf cnpj", "documento titular", "documento do titular", "tax id",
                 "taxpayer id")),
        # "Nº documento", "Documento": CPF de um cadastro ou número de um lançamento; só vale o valor que passa nos
        # dígitos verificadores de CPF ou CNPJ (`papeis.achado_da_coluna`)
        ("documento", ("documento", "document", "no documento", "num documento", "id number", "document number",
                       "numero do documento",
                       # o documento da pessoa da linha, abreviado num relatório de sistema ("DOC_ASSINANTE",
                       # "DOC_CLIENTE", "Documento do titular"): antes da palavra da pessoa, que daria o nome
                       "doc assinante", "doc cliente", "doc titular", "doc usuario", "documento assinante",
                       "documento cliente", "documento usuario")),
        ("nome", ("nome", "name")),
        ("chave_pix", ("chave", "pix key", "key")),
        ("banco", ("banco", "ispb", "instituicao", "participante", "compe", "bank", "psp")),
        ("agencia", ("agencia", "ag", "branch")),
        ("conta", ("conta", "account number", "conta corrente")),
        ("erb", ("erb", "cell id", "estacao radio base", "antena", "cgi", "celula")),
        ("email", ("email", "e mail")),
        ("endereco", ("endereco", "address", "logradouro")),
        ("modelo", ("dispositivo", "device", "modelo", "aparelho", "model", "device model", "device type")),
        ("nome", ("titular", "nome", "cliente", "favorecido", "name", "subscriber", "assinante", "push name",
                  "usuario", "pagador", "recebedor", "beneficiario", "remetente", "destinatario", "contraparte",
                  "counterparty", "payer", "payee", "beneficiary", "account holder", "holder",
                  # a tabela de um relatório policial: "Vítima | CPF | Data | Valor", "Investigado | CPF" (não
                  # "comunicante": "VÍTIMA / COMUNICANTE" é o título da qualificação no boletim, não um cabeçalho)
                  "vitima", "lesado", "lesada", "investigado")),
        ("telefone", ("linha", "line", "mobile", "telefone", "numero", "phone", "phone number", "from", "to", "sender",
                      "recipients", "msisdn", "terminal", "origem", "destino", "celular", "chamador", "chamado",
                      "numero a", "numero b", "a number", "b number", "calling number", "called number", "caller",
                      "callee", "calling party", "called party",
                      # as abreviaturas da bilhetagem exportada de sistema ("NUM_A;NUM_B", "TEL_A", "FONE_B")
                      "num a", "num b", "nro a", "nro b", "nr a", "nr b", "tel", "fone")),
    )
)
# "Tipo de conta", "Situação da linha", "Duração" descrevem um dado, não são o dado
_NEGATIVAS_DESCRICAO = frozenset({"tipo", "situacao", "status", "qtd", "quantidade", "duracao", "duration"})
# "transactionName", "Nome do produto", "Nome do estabelecimento": o nome de uma coisa, não de uma pessoa
_NOME_DE_COISA = frozenset({"transaction", "transacao", "operacao", "produto", "product", "servico", "service",
                            "evento", "event", "arquivo", "file", "app", "aplicativo", "device", "dispositivo",
                            "banco", "bank", "instituicao", "institution", "plano", "tarifa", "estabelecimento",
                            "merchant", "loja", "store", "campo", "field",
                            # "brandName" da API do Open Finance: a marca da instituição que responde, não o titular
                            "brand", "marca",
                            # "nomeParticipante" do DICT, "Nome do PSP": a instituição onde está a conta, não o dono
                            # (só o "participante" do Pix, em português: "Participant Name" de um grupo é gente)
                            "participante", "psp", "ispb", "emissor", "issuer"})
# "Nome da mãe", "Filiação", "Mother's name": o nome de outra pessoa da ficha, nunca o titular
_FILIACAO = frozenset({"mae", "pai", "filiacao", "genitora", "genitor", "mother", "father", "mothers", "fathers",
                       "mother's", "father's"})
# "Número do documento", "Device ID", "Código da chave" identificam um registro; mas "Código do banco" é o banco
_NEGATIVAS_CODIGO = frozenset({"id", "codigo", "cod", "documento", "protocolo", "ticket", "pedido"})
_CODIGO_PERMITIDO = frozenset({"porta", "fuso", "ip", "tipo_chave", "banco", "agencia", "conta", "erb", "cpf",
                               "documento"})
_NUMERO_DE = frozenset({"numero", "no", "nr", "nro", "num", "number"})
_COISA_NUMERADA = frozenset({"transacao", "transaction", "lancamento", "movimento", "movimentacao", "operacao",
                             "autenticacao", "controle", "transferencia"})
#: coluna chamada só "Documento"/"Doc."; "Número do documento" continua um código de registro
_SO_DOCUMENTO = ({"documento"}, {"doc"})
# um nível de parênteses dentro de outro: "(Coordinated Universal Time (UTC))"
_ENTRE_PARENTESES = re.compile(r"\(((?:[^()]|\([^()]*\))*)\)|\[([^\]]*)\]")


#: chaves de JSON e cabeçalhos de sistema em camelCase ("cpfCnpj", "dataCriacao", "IPAddress", "IPv6Address"):
#: minúscula seguida de maiúscula, sigla de duas letras ou mais seguida de palavra, algarismo seguido de palavra
#: ("IPv4" e "IMEI_A" ficam inteiros)
_CAMEL = re.compile(r"(?<=[a-zß-ÿ])(?=[A-ZÀ-Þ])|(?<=[A-ZÀ-Þ]{2})(?=[A-ZÀ-Þ][a-zß-ÿ])|(?<=\d)(?=[A-ZÀ-Þ][a-zß-ÿ])")


@lru_cache(maxsize=16384)  # pura; pedida para cada célula de cada linha de uma tabela (o papel, o lado, a moeda)
def palavras(nome_coluna: str) -> tuple[str, ...]:
    """Palavras do nome da coluna, sem o que está entre parênteses ou colchetes."""
    sem_unidade = _CAMEL.sub(" ", _ENTRE_PARENTESES.sub(" ", nome_coluna))
    dobrado = dobrar(sem_unidade).replace("_", " ").replace("/", " ").replace("-", " ").replace(".", " ")
    return tuple(dobrado.split())


#: papéis de identificador que, entre parênteses, dizem o que a coluna guarda ("Identificador do aparelho (IMEI)",
#: "Tax ID (CPF)"); outro parêntese é unidade ou fuso e não muda o papel
_IDENTIFICADOR_ENTRE_PARENTESES = frozenset({"imei", "cpf", "ip", "email"})


@lru_cache(maxsize=16384)  # pura; chamada para cada célula de título e cada linha de cabeçalho
def papel(nome_coluna: str) -> str | None:
    for m in _ENTRE_PARENTESES.finditer(nome_coluna):
        dentro = (m.group(1) or m.group(2) or "").strip()
        if not dentro or "(" in dentro:
            continue
        do_parentese = papel(dentro)
        if do_parentese in _IDENTIFICADOR_ENTRE_PARENTESES:
            return do_parentese
        if do_parentese == "tempo_unix" and tempo_unix.coluna_de_tempo(nome_coluna) is not None:
            return do_parentese  # "Timestamp (Unix) (ms)": o parêntese diz que o carimbo de tempo é Unix
    termos = palavras(nome_coluna)
    if not termos or len(termos) > 8:
        return None  # frase, não nome de coluna
    presentes = set(termos)
    if presentes & _NUMERO_DE and presentes & _COISA_NUMERADA:
        return None  # "Número da transação", "Nº Lançamento": o código do registro (não um telefone nem o histórico)
    if presentes in _SO_DOCUMENTO:
        return "documento"  # "Documento" sozinho numa tabela de pessoas: CPF ou CNPJ (conferido pelo DV na célula)
    for nome_papel, conjuntos in _PAPEIS:
        if any(conjunto <= presentes for conjunto in conjuntos):
            if presentes & _NEGATIVAS_DESCRICAO and nome_papel != "tipo_chave":
                return None
            if nome_papel == "nome" and presentes & (_FILIACAO | _NOME_DE_COISA):
                return None
            if presentes & _NEGATIVAS_CODIGO and nome_papel not in _CODIGO_PERMITIDO:
                return None
            if nome_papel == "porta" and presentes & _FIM_DA_FAIXA:
                return "porta_final"  # "PORTA_FINAL": o fim do bloco de portas que a CGNAT deu à sessão
            if nome_papel == "porta" and presentes & _DO_SERVIDOR:
                return None  # "Porta Destino", "dst_port", "Server Port": a do serviço (443), não a de quem acessou
            return nome_papel
    return None


#: a porta do outro lado da conexão: "IP Origem | Porta Origem | IP Destino | Porta Destino" num log de conexões; a
#: de quem acessou é a de origem (o "remote_port" de um servidor também: remoto é quem chegou)
_DO_SERVIDOR = frozenset({"destino", "destination", "dst", "dest", "servidor", "server"})
#: a coluna do IP do servidor (o destino, o host, o gateway, o DNS): o IP fica como dado, marcado, e não cruza com nada
_IP_DO_SERVIDOR = _DO_SERVIDOR | {"host", "gateway", "dns"}


@lru_cache(maxsize=4096)  # pura; pedida para cada célula de cada linha, pelo nome da coluna
def ip_do_servidor(nome_coluna: str) -> bool:
    """A coluna guarda o IP do servidor, não o de quem acessou ("IP Destino", "Server IP", "Host")."""
    return bool(set(palavras(nome_coluna)) & _IP_DO_SERVIDOR)


#: o lado da tradução de endereços (NAT) que a coluna diz: "IP Privado | Porta Privada | IP Público | Porta Pública"
#: na resposta de uma operadora sobre CGNAT. A porta de um lado nunca é a do IP do outro
_LADOS_DA_REDE = {
    "privado": frozenset({"privado", "privada", "private", "interno", "interna", "internal", "lan"}),
    "publico": frozenset({"publico", "publica", "public", "externo", "externa", "external", "wan", "nat", "traduzido",
                          "traduzida", "translated"}),
}


@lru_cache(maxsize=4096)  # pura; pedida para cada célula de cada linha, pelo nome da coluna
def lado_da_rede(nome_coluna: str) -> str | None:
    """"privado", "publico" ou None (o nome não diz)."""
    termos = set(palavras(nome_coluna))
    lados = [lado for lado, sinais in _LADOS_DA_REDE.items() if termos & sinais]
    return lados[0] if len(lados) == 1 else None


@lru_cache(maxsize=4096)  # pura; pedida para o IP de cada linha, pelos nomes das duas colunas
def porta_do_ip(nome_coluna_ip: str, nome_coluna_porta: str) -> bool:
    """A coluna de porta pode ser a do IP da outra coluna: não quando as duas dizem lados diferentes da NAT."""
    lado_ip, lado_porta = lado_da_rede(nome_coluna_ip), lado_da_rede(nome_coluna_porta)
    return lado_ip is None or lado_porta is None or lado_ip == lado_porta


#: a coluna do fim de uma faixa ("Porta final", "PORTA_FIM", "End port", "Porta até")
_FIM_DA_FAIXA = frozenset({"final", "fim", "end", "ate", "max", "maxima", "ultima", "last"})


def papeis(cabecalho: tuple[str, ...] | list[str]) -> dict[int, str]:
    """Índice da coluna → papel, só para as colunas reconhecidas."""
    if lista_de_propriedades(cabecalho):
        return {}
    return sem_valor_repetido({i: p for i, nome in enumerate(cabecalho) if (p := papel(nome))}, dict(enumerate(cabecalho)))


#: a quantia depois da tarifa ("Valor líquido", "Net amount"): a mesma transferência que a coluna do bruto
_LIQUIDO = frozenset({"liquido", "net"})


def sem_valor_repetido(papeis: dict, nomes: dict) -> dict:
    """"Valor bruto | Taxa | Valor líquido": a transferência é uma só, a do bruto; a coluna do líquido (quando há outra
    coluna de valor) fica com o papel `valor_liquido`, que nenhum leitor toma por lançamento. Sozinha, é o valor."""
    liquidas = [k for k, p in papeis.items() if p == "valor" and _LIQUIDO & set(palavras(str(nomes.get(k, ""))))]
    if liquidas and any(p in ("valor", "credito", "debito") for k, p in papeis.items() if k not in liquidas):
        return {k: ("valor_liquido" if k in liquidas else p) for k, p in papeis.items()}
    return papeis


#: os cabeçalhos de uma lista de propriedades ("# | Nome | Valor" de um relatório de extração de celular)
_NOME_DA_PROPRIEDADE = frozenset({"nome", "name", "campo", "field", "propriedade", "property", "atributo", "chave", "key"})
_VALOR_DA_PROPRIEDADE = frozenset({"valor", "value", "conteudo", "dado"})
_INDICE = frozenset({"#", "n", "no", "item", "seq", "id"})


def lista_de_propriedades(cabecalho: tuple[str, ...] | list[str]) -> bool:
    """"Nome | Valor" (e um índice): a coluna "Nome" traz o nome do campo ("Modelo", "IMEI"), não uma pessoa, e a
    coluna "Valor" o valor dele, não uma quantia em dinheiro. Nenhuma das duas tem papel."""
    cheios = [dobrar(c).strip().strip(":") for c in cabecalho if c and c.strip()]
    resto = [c for c in cheios if c not in _INDICE]
    return len(resto) == 2 and resto[0] in _NOME_DA_PROPRIEDADE and resto[1] in _VALOR_DA_PROPRIEDADE


def fuso_do_cabecalho(nome_coluna: str) -> str | None:
    """Fuso que o cabeçalho declara para a coluna (`Data/hora (UTC-03:00)`, `Hora (BRT)`, `Time (GMT)`,
    `Data e hora (Brasília)`), como escrito; None se não declara."""
    for m in _ENTRE_PARENTESES.finditer(nome_coluna):
        dentro = (m.group(1) or m.group(2) or "").strip()
        if tempo.zona(dentro) is not None:
            return dentro
        if achado := tempo.PADRAO_FUSO.search(dentro):
            return achado.group(0)
    termos = palavras(nome_coluna)
    if {"utc", "gmt"} & set(termos) and len(termos) <= 4:  # "Time UTC", "DATA_HORA_GMT"
        return next(t.upper() for t in termos if t in ("utc", "gmt"))
    return None


def parece_cabecalho(celulas: tuple[str, ...] | list[str]) -> bool:
    """Linha de cabeçalho: ao menos duas células com nome de coluna conhecido e nenhum valor, solto ou rotulado."""
    conhecidas = sum(1 for c in celulas if papel(c))
    return conhecidas >= 2 and not any(re.fullmatch(r"[\d.,/: -]+", c.strip()) or _valor_rotulado(c)
                                       for c in celulas if c.strip())


#: um número na célula, fora de uma palavra e de um deslocamento de fuso ("IPv4", "GMT-0300")
_NUMERO_NA_CELULA = re.compile(r"(?<![\w+\-−])\d(?:[\d.\-/]*\d)?")
#: o que um nome de coluna pode trazer de número: a data ou o ano ("Saldo em 31/12/2024", "Valor 2025")
_DATA_OU_ANO = re.compile(r"\d{1,2}/\d{1,2}/\d{2,4}|\d{4}-\d{2}-\d{2}|(?:19|20)\d\d")


def _valor_rotulado(celula: str) -> bool:
    """A célula é um rótulo com o seu valor ("CPF 792.174.218-12", "agência 0042": o título de um CSV separado por
    vírgulas, partido nas vírgulas), não o nome de uma coluna: um número de quatro algarismos ou mais."""
    return any(sum(ch.isdigit() for ch in m.group()) >= 4 and not _DATA_OU_ANO.fullmatch(m.group())
               for m in _NUMERO_NA_CELULA.finditer(celula))


#: a coluna da identidade do chip ou da célula (IMSI, ICCID, CGI, Cell ID, LAC): os quinze dígitos dela não são IMEI
_COLUNA_DE_REDE = frozenset({"imsi", "iccid", "cgi", "ecgi", "lac", "tac", "eci", "cellid"})


@lru_cache(maxsize=4096)  # pura; pedida para cada célula de cada linha, pelo nome da coluna
def coluna_de_rede(nome_coluna: str) -> bool:
    return bool(set(palavras(nome_coluna)) & _COLUNA_DE_REDE) or papel(nome_coluna) == "erb"
