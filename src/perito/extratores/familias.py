"""Família de fonte de um documento pelo conteúdo, com a dúvida explícita.

A família é a fonte independente que gradua uma conclusão (DESIGN.md: uma família é indício, duas
moderado, três forte). Ela vem do que o documento diz e de como ele se organiza, nunca do nome do
arquivo: o vocabulário de cada família (em português, inglês e espanhol) e os papéis das colunas
das tabelas (log de IP com porta, bilhetagem com IMEI, chaves Pix com titular e participante).

- Um relato policial (boletim, termo, notícia-crime, registro de ocorrência) é `relato` pelo seu
  título, mesmo com tabelas de Pix ou de IP dentro: quem as escreveu foi a polícia.
- Quando nada reconhece a família com segurança (pontos de menos, ou duas famílias empatadas),
  ela é `desconhecida`: o documento é lido e citado, mas nunca conta como família independente.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from itertools import islice
from typing import Iterable, Iterator

from perito.chaves.nome import dobrar
from perito.contratos.modelos import DESCONHECIDA
from perito.extratores import colunas
from perito.extratores.registros.tabela_fixa import completados
from perito.leitura.documento import Documento
from perito.texto_ptbr import plural

#: trechos do começo do documento lidos para classificar (o preâmbulo e os cabeçalhos dizem a família;
#: ler um log de 200 mil linhas inteiro só custaria tempo)
TRECHOS_LIDOS = 300
#: registros estruturados (objetos de JSON) cujas chaves contam como cabeçalho
_REGISTROS_LIDOS = 50
#: linhas não vazias do topo em que o título de um relato é procurado
LINHAS_DO_TITULO = 15
#: pontos mínimos para afirmar uma família, e a folga mínima sobre a segunda colocada
MINIMO = 3
FOLGA = 2

# Vocabulário (sem acento, minúsculas). Peso 3: diz a família sozinho; 1: indica.
_VOCABULARIO: dict[str, dict[str, int]] = {
    "provedor": {
        "law enforcement": 3, "internal ticket number": 3, "account identifier": 3, "identificador da conta": 3,
        "identificador de la cuenta": 3, "registros de conexao": 3, "connection log": 3, "registros de conexion": 3,
        "meta platforms": 3, "google llc": 3, "subscriber information": 2, "ip addresses": 2, "enderecos ip": 1,
        # as outras empresas que respondem a pedidos de dados (o nome da empresa no topo da resposta)
        "apple inc": 3, "apple id": 2, "icloud": 1, "ip logs": 2, "microsoft corporation": 3, "tiktok": 2,
        "x corp": 3, "twitter": 1, "discord": 1, "linkedin": 1, "yahoo": 1, "snapchat": 1, "kwai": 1,
        "nome de usuario": 2, "username": 2, "nombre de usuario": 2, "conta criada": 2, "account created": 2,
        "cuenta creada": 2, "aparelhos associados": 2, "associated devices": 2, "dispositivos asociados": 2,
        "telefone confiavel": 2, "trusted phone": 2, "e-mail de recuperacao": 2, "recovery email": 2,
        "telefone de recuperacao": 2, "recovery phone": 2, "numero de recuperacao": 2,
        "requisicao judicial": 1, "messaging": 1, "whatsapp": 1, "instagram": 1, "facebook": 1, "telegram": 1,
        "date range": 1, "periodo solicitado": 1, "sessao iniciada": 1, "login": 1,
        # a resposta de qualquer aplicação (loja, rede, aplicativo) nos termos do Marco Civil: o usuário, o apelido e
        # o histórico de acessos à aplicação, não o nome da empresa
        "provedor de aplicacao": 3, "provedor de aplicacoes": 3, "registros de acesso a aplicacao": 3,
        "registros de acesso a aplicacoes": 3, "marco civil": 2, "dados do usuario": 2, "dados cadastrais do usuario": 2,
        "historico de acessos": 1, "historico de login": 1, "apelido": 1, "nickname": 1,
        # a resposta em inglês de um aplicativo de mensagens ("Response to Data Request", "Login history", "User ID")
        "data request": 2, "login history": 2, "user id": 1, "telegram messenger": 3,
        # o arquivo de dados do X/Twitter (`window.YTD.ip_audit.part0 = [...]`)
        "window.ytd": 3,
        # o registrador de domínios (Registro.br/NIC.br, em WHOIS "chave: valor"), a hospedagem e a CDN: quem usou o
        # painel, de que IP e porta; o marketplace: o vendedor, os anúncios e os acessos
        "registro.br": 3, "nic.br": 3, "whois": 2, "nic-hdl-br": 3, "ownerid": 2, "hospedagem": 2,
        "painel de controle": 2, "dominio": 1, "anuncio": 1, "anuncios": 1, "vendedor": 1, "marketplace": 2,
        # o aplicativo de transporte ou de entrega: o passageiro, a viagem, o entregador (não o nome da empresa, que é
        # também a compra no cartão de um extrato: "UBER *TRIP")
        "rider": 2, "passageiro": 2, "motorista": 1, "entregador": 1, "trip id": 2, "trip uuid": 2,
        "id da viagem": 2, "id da corrida": 2, "corridas": 1,
    },
    "banco": {
        "extrato de conta": 3, "extrato da conta": 3, "internet banking": 3, "comprovante de transferencia": 3,
        "comprovante pix": 3, "saldo anterior": 2, "saldo do dia": 2, "mobile banking": 2, "registros de acesso": 1,
        "access log": 1, "registros de acceso": 1, "account holder": 2, "titular de la cuenta": 2, "branch": 1,
        "extrato": 1, "saldo": 1, "agencia": 1, "conta corrente": 1,
        "lancamento": 1, "favorecido": 1, "pagador": 1, "recebedor": 1, "pix": 1, "ted": 1, "transferencia": 1,
        "abertura de conta": 2, "abertura conta": 2, "consulta saldo": 2, "consulta de saldo": 2,
        # operações que só um banco registra (o log de acessos do aplicativo do banco: "PIX ENVIADO")
        "pix enviado": 2, "pix recebido": 2,
        # o relatório de acessos ao aplicativo do banco ou da carteira digital; o CCS do Banco Central (relacionamentos
        # de uma pessoa no sistema financeiro: titular, procurador, início e fim do vínculo)
        # (não "instituição de pagamento" nem "conta de pagamento": o DICT escreve os dois a cada chave)
        "acessos ao aplicativo": 3, "acesso ao aplicativo": 2, "relatorio de acessos": 2,
        "cadastro de clientes do sistema financeiro": 3, "relacionamentos": 1,
        "procurador": 1, "sigilo bancario": 2,
        # as chaves do JSON de transações do Open Finance Brasil
        "creditdebittype": 3, "transactionamount": 2, "partiecnpjcpf": 2, "partiename": 1,
        # a corretora de criptoativos: a conta do cliente, os depósitos e saques em reais (Pix) e em cripto
        "criptoativos": 2, "criptoativo": 2, "corretora": 1, "exchange": 1, "saque": 1, "saques": 1, "deposito": 1,
        "depositos": 1, "fiat": 2, "deposit history": 2, "withdrawal": 1, "withdrawals": 1, "deposits": 1, "carteira digital": 2,
    },
    "registro": {
        "diretorio de identificadores": 3, "(dict)": 3, "dict -": 3, "chave dict": 3, "consulta de chaves pix": 3,
        # a sigla sozinha ("BANCO CENTRAL DO BRASIL - DICT"): em português, só o diretório das chaves Pix se chama assim
        "dict": 3, "consulta de chave pix": 3,
        "chaves pix": 1, "tipo de chave": 1, "tipo da chave": 1, "participante": 1, "ispb": 1, "evp": 1,
        "chave aleatoria": 1, "posse": 1, "banco central": 1,
    },
    "operadora": {
        "imei x linha": 3, "bilhetagem": 3, "call detail records": 3, "registros de chamadas": 3,
        "registro de llamadas": 3, "estacao radio base": 3, "calling number": 2, "called number": 2, "callee": 2,
        "b number": 2, "a number": 2, "numero chamado": 2, "numero chamador": 2, "dados cadastrais das linhas": 3,
        "subscriber data": 2,
        # "dados cadastrais" sozinho é o título de qualquer resposta a ofício (corretora, registrador, loja)
        "dados cadastrais": 1, "msisdn": 2, "erb": 2, "cell id": 2, "imsi": 2, "iccid": 2, "assinante": 2,
        "subscriber": 1, "abonado": 1, "telecomunicacoes": 2, "telecom": 1, "operadora": 1, "linha consultada": 2,
        "target line": 2, "linea consultada": 2, "ativacao": 1, "activated": 1, "pre-pago": 1, "pos-pago": 1,
        "pre-paga": 1, "pos-paga": 1, "linha movel": 1,
        "chamadas": 1, "duracao": 1, "duration": 1, "numero a": 1, "numero b": 1, "plano": 1,
        # a resposta em carta: a operadora se nomeia no timbre e fala do terminal ou da linha habilitada (o nome sozinho
        # não decide: "PAGTO CLARO S.A." é uma linha de extrato)
        "claro s.a.": 2, "claro s a": 2, "telefonica brasil": 2, "tim s.a.": 2, "tim s a": 2, "oi s.a.": 2,
        "algar telecom": 2, "sercomtel": 2, "terminal": 1, "habilitado": 1, "habilitada": 1, "linha telefonica": 2,
        # o cadastro da linha contado em carta, sem tabela nem o nome de uma operadora conhecida: "a linha (21) ... está
        # habilitada em nome de ..., na modalidade pré-paga"
        "habilitada em nome de": 3, "habilitado em nome de": 3, "linha habilitada": 2, "terminal habilitado": 2,
        "modalidade pre-paga": 2, "modalidade pos-paga": 2, "titular da linha": 2,
        # a resposta sobre quem usava um IP público e uma porta (CGNAT): sessões de dados e blocos de portas
        "conexoes de dados": 3, "conexao de dados": 3, "sessao de dados": 2, "cgnat": 2, "apn": 2, "porta inicial": 2,
        # a mesma resposta em carta: "o IP ..., porta lógica ..., em ... estava atribuído ao cliente ..." (quem dá o
        # IP ao assinante é o provedor de conexão, a operadora de telefonia ou de internet fixa; não "porta lógica",
        # que o provedor da aplicação também escreve no log dele)
        "atribuido ao cliente": 2, "atribuido ao assinante": 2, "alocado ao cliente": 2,
        "alocado ao assinante": 2, "provedor de conexao": 2, "provedor de acesso": 1,
        # a mesma frase sem "cliente" ("o IP ... estava atribuído a RAFAEL ..."): só quem dá a conexão atribui um IP
        "estava atribuido a": 2, "esteve atribuido a": 2, "estava alocado a": 2, "esteve alocado a": 2,
        # o prefixo IPv6 delegado ao cliente da banda larga ("o prefixo ... esteve delegado ao cliente ...")
        "delegado ao cliente": 2, "delegado ao assinante": 2, "prefixo ipv6": 1,
    },
    "relato": {
        "delegacia": 1, "policia civil": 2, "policia federal": 2, "vitima": 1, "comunicante": 1, "declarante": 1,
        "investigado": 1, "relata": 1, "declarou": 1, "narra": 1, "transcrevemos": 1, "inquerito": 1,
        "codigo penal": 1, "estelionato": 1, "depoimento": 1,
    },
}
#: o título de um log de acessos, de banco ou de provedor
_TITULO_DE_LOG: dict[str, int] = {"registros de acesso": 1, "access log": 1, "registros de acceso": 1}
#: a resposta sobre uma chave escrita em carta: "a chave Pix (11) 91234-0000, do tipo celular, está vinculada à conta
#: ... de titularidade de ..." (o Banco Central responde assim, sem tabela nem a sigla DICT). Só conta para cadastro Pix
#: num documento sem quantia em reais: a carta de um banco diz o mesmo da chave e conta o crédito que a conta recebeu
_CHAVE_EM_CARTA: dict[str, int] = {
    "chave pix": 1, "vinculada a conta": 2, "vinculada a mesma conta": 2, "vinculo da chave": 2, "vinculos da chave": 2,
    "titular da chave": 3, "titularidade da chave": 3,
}
_QUANTIA_EM_REAIS = re.compile(r"r\$\s*-?\s*\d")
#: o código de uma operação Pix num log de sistema ("PIX_TRANSFER_OUT", "PIX_CASH_IN", "pix_sent"; o "_" já virou
#: espaço): só quem guarda a conta registra o Pix que sai dela ou entra nela. Não o pagamento por Pix ("PIX_PAYMENT"):
#: uma loja registra o pedido pago por Pix e não é banco
_OPERACAO_PIX = re.compile(r"(?<!\w)pix (?:- )?(?:transfer\w*|transf|out|in|cash (?:out|in)|sent|send|received|receive"
                           r"|debit|credit|refund|devolucao|estorno|envio|recebimento)(?!\w)")
#: consultas a bases policiais (INFOSEG, Sinesp) e relatórios de inteligência financeira (RIF do COAF): repetem dados
#: de outras fontes (o cadastro que alguém declarou, a comunicação que um banco fez) e não são a resposta da fonte; o
#: "Nome | CPF | Telefone" de uma pesquisa por terminal não é o assinante na operadora, nem o RIF é um extrato
_CONSULTA: dict[str, int] = {
    "infoseg": 3, "sinesp": 3, "relatorio de inteligencia financeira": 3, "coaf": 3, "siscoaf": 3,
    "conselho de controle de atividades financeiras": 3, "unidade de inteligencia financeira": 3,
    "comunicacao de operacao suspeita": 2, "comunicacoes de operacoes suspeitas": 2,
    "comunicacao de operacao em especie": 2, "pesquisa por terminal": 2,
}
#: timbre policial nas primeiras linhas (quem escreve é a polícia: ofício, relatório, boletim); uma resposta
#: endereçada à polícia ("Ao Delegado de Polícia...") não começa pelo timbre
_TIMBRE_POLICIAL = re.compile(
    r"^(policia (civil|federal|militar|judiciaria)|delegacia\b|\d+[ºo°]? distrito policial|departamento de policia"
    r"|departamento estadual de|superintendencia (regional )?de policia"
    r"|secretaria (de estado )?(da |de )?seguranca publica|secretaria (de estado )?da defesa social)"
)
LINHAS_DO_TIMBRE = 3
#: o timbre de um banco no topo de uma carta ("BANCO HORIZONTE S.A.", "NU PAGAMENTOS S.A. - INSTITUIÇÃO DE PAGAMENTO",
#: "COOPERATIVA DE CRÉDITO ..."): quem responde se apresenta; não o Banco Central, que responde pelo DICT
_TIMBRE_DE_BANCO = re.compile(
    r"^(?!banco central)(?:(?:banco|bco)\b[^\t;|]*\b(?:s\.?\s?a\b|s/a\b)|[\w ]{0,40}\binstituicao de pagamento\b"
    r"|cooperativa de credito\b|[\w ]{0,40}\bpagamentos s\.?\s?a\b)")
#: o operador de apostas que se apresenta no timbre ("SORTEBET APOSTAS LTDA.", "... Apostas de Quota Fixa"): uma aplicação
#: de internet (o cadastro do usuário, os acessos com IP e os depósitos que recebeu), não um banco, ainda que liste Pix
#: o timbre de uma operadora no topo da carta ("CLARO S.A. - Resposta ao Ofício", "TIM S.A.", "TELEFÔNICA BRASIL S.A.",
#: "VIVO - Atendimento a ofícios", "ALGAR TELECOM"): quem responde se apresenta, como o banco; no meio de um extrato,
#: "PAGTO CLARO S.A." é um lançamento, não timbre
_TIMBRE_DE_OPERADORA = re.compile(
    r"^(?:claro s\.?\s?a\b|tim s\.?\s?a\b|telefonica brasil\b|vivo\b|oi s\.?\s?a\b|oi movel\b|algar telecom\b"
    r"|sercomtel\b|brisanet\b|ligga telecom\b|unifique\b|nextel\b|[\w ]{0,40}\btelecomunicacoes\b)")
_TIMBRE_DE_APOSTAS = re.compile(r"^[\w .,&-]{0,60}\b(?:apostas|quota fixa|betting)\b")
#: linhas não vazias do topo, onde quem escreve se apresenta; e quantas linhas juntas fazem um trecho colado
LINHAS_DO_TOPO = 5
LINHAS_DE_UM_BLOCO = 6
#: o tipo do documento policial, escrito no título (topo): decide `relato` mesmo com tabelas dentro
_TITULOS_DE_RELATO = re.compile(
    r"\b(boletim de ocorrencia|noticia[- ]crime|termo de (declarac|depoimento|oitiva|interrogatorio)"
    r"|registro de ocorrencia|relatorio (de investigacao|policial|final)|auto de (prisao|apreensao|exibicao)"
    r"|denuncia anonima|ocorrencia policial"
    # o boletim feito pela internet ("BOLETIM ELETRÔNICO - DELEGACIA VIRTUAL", "Ocorrência on-line nº ...")
    r"|boletim eletronico|delegacia (?:virtual|eletronica|online|on-line|digital|interativa)"
    r"|ocorrencia (?:eletronica|online|on-line|virtual)|b\.?\s?o\.? (?:eletronico|online|on-line)"
    # o documento de análise da polícia ("INFORMAÇÃO POLICIAL Nº 77/2025", o relatório da diligência ou da missão, a
    # representação do delegado por medidas): escrito pela polícia, mesmo com a tabela dos Pix das vítimas
    r"|informacao (?:policial|de investigacao|de inteligencia)|relatorio de (?:missao|diligencia|inteligencia policial)"
    r"|ordem de missao|representacao (?:policial|por (?:quebra|busca|prisao|medidas))"
    # os nomes de cada estado: o REDS de Minas, o RAI de Goiás, o boletim unificado, o termo circunstanciado; a sigla
    # só com o número dela ("REDS 2025-000123456-001", "RAI nº 31234567")
    r"|registro de eventos de defesa social|registro de atendimento integrado|boletim unificado"
    r"|termo circunstanciado|comunicacao de ocorrencia|reds\s*(?:n[o.]*\s*)?\d|rai\s*(?:n[o.]*\s*)?\d"
    # a análise do celular apreendido (extração com Cellebrite, IPED): escrita pela polícia, mesmo sem timbre
    r"|relatorio (de analise|de extracao|tecnico)|laudo (pericial|de pericia|de exame)"
    # o relatório da ferramenta de extração, em inglês no título ("Cellebrite UFED Physical Analyzer - Extraction
    # Report", "Magnet AXIOM", "Oxygen Forensic", "XRY"): o aparelho apreendido lido pela perícia, não a operadora
    r"|extraction report|cellebrite|\bufed\b|physical analyzer|magnet axiom|oxygen forensic|\bxry\b"
    # o laudo pelo número ("LAUDO Nº 3381/2025") e o órgão de perícia no timbre
    r"|laudo\s+n[o.]*\s*\d|instituto de criminalistica|instituto geral de pericias|superintendencia de policia tecnico)"
)
#: palavras de cabeçalho que só uma operadora usa para o número ou o titular da linha
_COLUNAS_DE_OPERADORA = frozenset({"linha", "msisdn", "assinante", "subscriber", "abonado", "imsi", "iccid"})
_PALAVRA = {frase: re.compile(r"(?<![\w])" + re.escape(frase) + r"(?![\w])")
            for v in (*_VOCABULARIO.values(), _CONSULTA, _CHAVE_EM_CARTA) for frase in v}


@dataclass(frozen=True)
class Classificacao:
    familia: str
    pontos: dict[str, int]
    #: por que essa família (ou por que a dúvida), em pt-BR
    motivo: str


def classificar(documento: Documento) -> Classificacao:
    trechos = documento.trechos[:TRECHOS_LIDOS]
    # "CONSULTA_SALDO", "Data/Hora": o sublinhado e a barra separam palavras
    # o nome de cada aba da planilha é o título dela ("Access Logs", "Fiat Deposit History", "Anúncios")
    abas = dict.fromkeys(t.aba for t in documento.trechos if t.aba)
    texto = dobrar(" \n ".join([*abas, *(t.texto for t in trechos)]).replace("_", " ").replace("/", " ")) if trechos else ""
    titulo = _titulo_de_relato(t.texto for t in trechos)
    if titulo:
        return Classificacao("relato", {}, f"documento policial pelo título ou timbre ({titulo!r})")
    if _conversa_exportada(t.texto for t in trechos):
        return Classificacao("relato", {}, "conversa exportada de aplicativo de mensagens: a vítima a entrega com o "
                             "relato, e conta como ele (não é resposta de provedor)")
    if _pontos_do_vocabulario(texto, _CONSULTA) >= MINIMO:
        termos = ", ".join(repr(f) for f in _CONSULTA if f in texto and _PALAVRA[f].search(texto))
        return Classificacao(DESCONHECIDA, {}, f"consulta a base policial ou relatório de inteligência ({termos}): repete "
                             "dados de outras fontes e não conta como família independente")
    pontos = {familia: _pontos_do_vocabulario(texto, vocabulario) for familia, vocabulario in _VOCABULARIO.items()}
    if not _QUANTIA_EM_REAIS.search(texto):
        pontos["registro"] += _pontos_do_vocabulario(texto, _CHAVE_EM_CARTA)
    if _OPERACAO_PIX.search(texto):
        pontos["banco"] += 2
    if _no_topo(trechos, _TIMBRE_DE_BANCO):
        pontos["banco"] += MINIMO  # a carta de um banco que nenhuma palavra de extrato diz
    elif _no_topo(trechos, _TIMBRE_DE_APOSTAS):
        pontos["provedor"] += MINIMO
    elif _no_topo(trechos, _TIMBRE_DE_OPERADORA):
        pontos["operadora"] += MINIMO  # a carta de uma operadora, sem tabela de bilhetagem nem a palavra assinante
    das_tabelas = _pontos_das_tabelas(documento, trechos)
    for familia, extra in das_tabelas.items():
        pontos[familia] += extra
    # "registros de acesso" é o título do log de um banco e do de um provedor: não diz de quem é
    banco_sem_o_titulo_do_log = pontos["banco"] - _pontos_do_vocabulario(texto, _TITULO_DE_LOG)
    if (not banco_sem_o_titulo_do_log and not pontos["registro"] and not pontos["operadora"]
            and _log_de_acessos_da_aplicacao(documento, trechos)):
        # quem guarda o IP e a porta de cada acesso e não fala de conta, saldo, chave nem linha é o provedor da
        # aplicação (os "registros de acesso a aplicações" do Marco Civil): a planilha "Logins" de uma loja ou de um
        # aplicativo sem uma palavra de provedor. O log de um banco diz de quem é (banco, agência, Pix)
        pontos["provedor"] += MINIMO
    decidida = decidir(pontos)
    if decidida.familia not in (DESCONHECIDA, "relato") and not das_tabelas.get(decidida.familia):
        if (colado := _bloco_colado(trechos, decidida.familia, pontos)) is not None:
            return Classificacao(DESCONHECIDA, pontos, colado)
    return decidida


def _bloco_colado(trechos: list, familia: str, pontos: dict[str, int]) -> str | None:
    """Um relato com um trecho de outra família colado no meio ou no fim (três linhas de cabeçalho de operadora
    no fim de um boletim): o vocabulário dela vem todo de poucas linhas juntas, longe do topo, sem registros
    (tabela) que o sustentem. Quem escreveu o documento se diz no topo; o trecho colado não o muda de família,
    e o documento fica na dúvida em vez de contar como fonte independente daquela família."""
    if pontos.get("relato", 0) < MINIMO:
        return None
    linhas = [dobrar(t.texto.replace("_", " ").replace("/", " ")) for t in trechos if t.texto.strip()]
    vocabulario = _VOCABULARIO[familia]
    com_vocabulario = [n for n, linha in enumerate(linhas) if _pontos_do_vocabulario(linha, vocabulario)]
    if not com_vocabulario or com_vocabulario[0] < LINHAS_DO_TOPO:
        return None
    if com_vocabulario[-1] - com_vocabulario[0] >= LINHAS_DE_UM_BLOCO:
        return None
    juntas = com_vocabulario[-1] - com_vocabulario[0] + 1
    return (f"relato com um trecho de {familia} colado ({plural(juntas, 'linha', 'linhas juntas')}, longe do topo, "
            f"sem registros que o sustentem): família na dúvida ({_resumo(pontos)})")


def decidir(pontos: dict[str, int]) -> Classificacao:
    """A família com mais pontos, se passa do mínimo e da folga sobre a segunda; senão `desconhecida`."""
    ordem = sorted(pontos.items(), key=lambda par: -par[1])
    (primeira, maior), segunda = ordem[0], ordem[1] if len(ordem) > 1 else ("", 0)
    if maior < MINIMO:
        return Classificacao(DESCONHECIDA, pontos, f"nenhuma família reconhecida com segurança ({_resumo(pontos)})")
    if maior - segunda[1] < FOLGA:
        return Classificacao(
            DESCONHECIDA, pontos, f"conteúdo dividido entre {primeira} e {segunda[0]} ({_resumo(pontos)})"
        )
    return Classificacao(primeira, pontos, f"{primeira} pelo conteúdo ({_resumo(pontos)})")


def _resumo(pontos: dict[str, int]) -> str:
    return ", ".join(f"{f} {p}" for f, p in sorted(pontos.items(), key=lambda par: -par[1]) if p) or "nenhum sinal"


def _pontos_do_vocabulario(texto: str, vocabulario: dict[str, int]) -> int:
    return sum(peso for frase, peso in vocabulario.items() if frase in texto and _PALAVRA[frase].search(texto))


#: o pedido de um ofício de requisição ("Requisito a Vossa Senhoria", "Solicito informar", "Determino"), nas linhas do
#: topo de um documento da polícia que não é boletim, termo nem relatório
_PEDIDO = re.compile(r"\b(requisit[oa]|requisitamos|requisita-se|solicit[oa](?:mos)?|determin[oa]|requer(?:emos)?"
                     r"|fornecer|informar\s+(?:a|o|os|as)\b)")
_OFICIO = re.compile(r"\boficio\b")
#: linhas lidas para achar o pedido (o ofício diz o que quer logo depois do destinatário)
LINHAS_DO_OFICIO = 20


def requisicao(documento: Documento) -> bool:
    """O documento é um ofício de requisição da polícia (o que ele conta dos fatos é relato; o que ele pede, não)."""
    trechos = documento.trechos[:TRECHOS_LIDOS]
    return bool(_titulo_de_relato(t.texto for t in trechos)) and _oficio_requisitorio(t.texto for t in trechos) is not None


def pede(texto: str) -> bool:
    """A frase do pedido ("Requisito a identificação do assinante que utilizava o IP ..."): o dado nela é o que a
    polícia pede, copiado de outra resposta, e não uma prova a mais."""
    return _PEDIDO.search(dobrar(texto)) is not None


def _oficio_requisitorio(textos: Iterable[str]) -> str | None:
    """O pedido de um ofício requisitório da polícia ("Ofício nº ..." e "Requisito ..."), que não é um relato dos fatos."""
    linhas = [dobrar(t) for t in textos if t.strip()][:LINHAS_DO_OFICIO]
    if not any(_OFICIO.search(linha) for linha in linhas) or any(_TITULOS_DE_RELATO.search(linha) for linha in linhas):
        return None
    return next((m.group(0) for linha in linhas if (m := _PEDIDO.search(linha))), None)


#: a linha em que a resposta de um terceiro cita o documento da polícia a que responde ("Ref.:", "Referência:",
#: "Assunto:", "Em resposta ao ..."): o título citado ali não é o do documento
_REFERENCIA = re.compile(r"^\s*(?:ref(?:\.|erencia)?\b|assunto\b|em\s+resposta|em\s+atencao|resposta\s+ao)")


def _no_topo(trechos: list, timbre: re.Pattern[str]) -> bool:
    """O timbre numa das primeiras linhas não vazias do documento."""
    # o timbre é uma linha de título, não uma linha de tabela (o PSP de cada chave numa resposta do DICT)
    linhas = (dobrar(t.texto) for t in trechos if t.texto.strip() and _linha_de_titulo(t) and "\t" not in t.texto)
    return any(timbre.match(linha) for linha in islice(linhas, LINHAS_DO_TIMBRE))


def _linha_de_titulo(trecho) -> bool:
    """Uma linha de texto, ou a linha de CSV de uma célula só (o título em cima da tabela: "Banco Beta S.A. -
    Relatório de operações com IP"); não a célula de uma linha de tabela."""
    return trecho.celulas is None or sum(1 for c in trecho.celulas if c.strip()) <= 1


#: a linha de uma conversa exportada do WhatsApp: "14/07/2025 15:10 - +55 11 98765-4321: texto" (Android) ou
#: "[14/07/2025, 15:10:22] Ana: texto" (iPhone); o remetente antes dos dois-pontos
_LINHA_DE_CONVERSA = re.compile(
    r"^\s*(?:\[\d{1,2}/\d{1,2}/\d{2,4},?\s+\d{1,2}:\d{2}(?::\d{2})?\]\s+|\d{1,2}/\d{1,2}/\d{2,4},?\s+\d{1,2}:\d{2}"
    r"(?::\d{2})?\s+-\s+)(?P<remetente>\+?\d[\d ()-]{7,20}\d|[A-ZÀ-Ý][\wÀ-ÿ.'’]*(?: [\wÀ-ÿ.'’]+){0,4}):\s")
#: o que vem antes dos dois-pontos num log ("14/07/2025 15:10 - IP: ...", "- ERROR: ..."), nunca um remetente
_ROTULOS_DE_LOG = frozenset({"ip", "porta", "port", "login", "logout", "error", "erro", "info", "warn", "warning",
                             "debug", "user", "usuario", "evento", "event", "status", "acesso", "sessao", "device"})
#: linhas lidas e a fração delas que precisa ser de conversa
_LINHAS_DA_CONVERSA, _FRACAO_DA_CONVERSA = 40, 0.6


def _conversa_exportada(textos: Iterable[str]) -> bool:
    """O arquivo é uma conversa exportada de aplicativo de mensagens (a maioria das primeiras linhas com data, hora e
    remetente)."""
    linhas = [t for t in islice((t for t in textos if t.strip()), _LINHAS_DA_CONVERSA)]
    remetentes = [m.group("remetente") for t in linhas if (m := _LINHA_DE_CONVERSA.match(t))]
    # duas pessoas ao menos (uma conversa), nenhuma com nome de campo de log
    return (len(linhas) >= 3 and len(remetentes) >= _FRACAO_DA_CONVERSA * len(linhas) and len(set(remetentes)) >= 2
            and not any(dobrar(r).split()[0] in _ROTULOS_DE_LOG for r in remetentes))


def _titulo_de_relato(textos: Iterable[str]) -> str | None:
    """O título (tipo do documento policial) ou o timbre da polícia no topo do documento."""
    linhas = 0
    for texto in textos:
        if not texto.strip():
            continue
        dobrado = dobrar(texto)
        if _REFERENCIA.match(dobrado):
            linhas += 1
            continue  # "Ref.: Ofício nº 1733/2025 – Registro de Ocorrência 052-04418/2025": a resposta cita o relato
        if m := _TITULOS_DE_RELATO.search(dobrado):
            return m.group(0)
        if linhas < LINHAS_DO_TIMBRE and (m := _TIMBRE_POLICIAL.match(dobrado)):
            return m.group(0)
        linhas += 1
        if linhas >= LINHAS_DO_TITULO:
            return None
    return None


def _pontos_das_tabelas(documento: Documento, trechos: list) -> dict[str, int]:
    """Pontos pela forma das tabelas: o cabeçalho diz que dados a família guarda."""
    pontos: dict[str, int] = {}
    for celulas in _cabecalhos(trechos, documento.registros):
        papeis = {"cpf" if p == "documento" else p for p in colunas.papeis(celulas).values()}
        if len(papeis) < 2:
            continue
        # uma lista de lançamentos (valor, crédito, débito) com a chave de destino é a relação de Pix de um banco, não
        # o DICT (que não tem valor)
        if _chave_com_titular(papeis):
            familia = "banco" if papeis & _LANCAMENTO else "registro"
            pontos[familia] = max(pontos.get(familia, 0), 4)
        if "imei" in papeis and "telefone" in papeis or "erb" in papeis:
            pontos["operadora"] = max(pontos.get("operadora", 0), 3)
        if {"telefone", "nome", "cpf"} <= papeis and "chave_pix" not in papeis:
            # cadastro de linhas: a coluna do número chamada como a operadora a chama ("Linha", "MSISDN")
            da_operadora = any(set(colunas.palavras(c)) & _COLUNAS_DE_OPERADORA for c in celulas)
            pontos["operadora"] = max(pontos.get("operadora", 0), 3 if da_operadora else 2)
        if {"ip", "porta_final"} <= papeis and papeis & {"nome", "cpf"}:
            # o bloco de portas de um IP público atribuído a um cliente: só quem dá a conexão (a operadora, o provedor
            # de acesso) o atribui ("IP_PUBLICO;PORTA_INICIAL;PORTA_FINAL;...;CLIENTE;CPF_CNPJ")
            pontos["operadora"] = max(pontos.get("operadora", 0), 3)
        if "saldo" in papeis and papeis & {"valor", "historico"}:
            pontos["banco"] = max(pontos.get("banco", 0), 3)
        if _lista_de_lancamentos(papeis) and not any(set(colunas.palavras(c)) & _COLUNAS_DE_PEDIDO for c in celulas):
            # a exportação do extrato sem saldo ("Data, Valor, Identificador, Descrição" do aplicativo do banco): o dia,
            # a quantia e o histórico de cada lançamento
            pontos["banco"] = max(pontos.get("banco", 0), 3)
        if "ip" in papeis and any("canal" in colunas.palavras(c) for c in celulas):
            # o log de acessos do internet banking: o canal (APP, IB, ATM) de cada acesso é coisa de banco
            pontos["banco"] = max(pontos.get("banco", 0), 3)
    registros = documento.registros or []
    if 1 < len(registros) <= _SECOES_DE_UMA_RESPOSTA:
        # a resposta estruturada curta dividida em seções ({"consulta": {"chave": ...}, "vinculo": {"titular": ...,
        # "conta": ...}}): a chave numa, o titular e a conta noutra; juntas, são a resposta do cadastro Pix
        papeis = {"cpf" if p == "documento" else p for r in registros
                  for p in colunas.papeis([c.rotulo for c in r.campos if c.rotulo]).values()}
        if _chave_com_titular(papeis) and not papeis & _LANCAMENTO:
            pontos["registro"] = max(pontos.get("registro", 0), 4)
    return pontos


#: colunas de lançamento: uma lista de Pix com valor é de um banco, não o DICT (que não tem valor)
_LANCAMENTO = frozenset({"valor", "credito", "debito"})
#: quantos registros estruturados uma resposta sobre uma chave tem, no máximo, quando vem em seções (um log tem mais)
_SECOES_DE_UMA_RESPOSTA = 6


#: a lista de pedidos de uma loja ("Data | Pedido | Descrição | Valor | Status"): dia, valor e descrição, mas de uma
#: venda, não de um lançamento em conta
_COLUNAS_DE_PEDIDO = frozenset({"pedido", "pedidos", "order", "produto", "produtos", "product", "item", "itens",
                                "quantidade", "qtd", "sku", "anuncio", "frete"})


def _lista_de_lancamentos(papeis: set[str]) -> bool:
    """O dia, a quantia e o histórico de cada linha, sem o que faz a linha ser de outra família (o número chamado de
    uma fatura de telefone, o IP de um log, o IMEI, a ERB)."""
    return (bool(papeis & {"data", "data_hora"}) and {"valor", "historico"} <= papeis
            and not papeis & {"telefone", "ip", "porta", "imei", "erb"})


def _chave_com_titular(papeis: set[str]) -> bool:
    """A chave Pix com quem a tem: o nome ou o CPF, e o banco, o tipo da chave ou os dois documentos da pessoa."""
    return ("chave_pix" in papeis and bool(papeis & {"nome", "cpf"})
            and bool(papeis & {"banco", "tipo_chave"} or {"nome", "cpf"} <= papeis))


#: a coluna de quem usa a aplicação ("uid", "user_id", "username", "login_ip"): o log de logins de um aplicativo, mesmo sem
#: a porta (o do TikTok: "uid,login_time,login_ip,device_model,region")
_DA_APLICACAO = frozenset({"uid", "user", "username", "usuario", "login", "userid"})


def _log_de_acessos_da_aplicacao(documento: Documento, trechos: list) -> bool:
    """Uma tabela de acessos: colunas de IP, do quando e da porta (ou do usuário da aplicação)."""
    for celulas in _cabecalhos(trechos, documento.registros):
        papeis = set(colunas.papeis(celulas).values())
        if "ip" in papeis and papeis & {"data_hora", "data", "hora", "tempo_unix"} and (
                "porta" in papeis or any(set(colunas.palavras(c)) & _DA_APLICACAO for c in celulas)):
            return True
    return False


def _cabecalhos(trechos: list, registros: list | None = None) -> Iterator[list[str]]:
    """Linhas que podem ser cabeçalho de tabela: células de CSV/DOCX/HTML, linhas de planilha, texto em colunas, e
    as chaves de cada registro estruturado (um objeto de JSON é uma linha de tabela com os rótulos ao lado)."""
    for registro in (registros or [])[:_REGISTROS_LIDOS]:
        yield [campo.rotulo for campo in registro.campos if campo.rotulo]
    planilha: dict[tuple, list[str]] = {}
    de_cima: list[tuple[int, str]] = []  # as partes da linha de texto de cima, com onde cada uma começa
    for trecho in trechos:
        if trecho.celulas is not None and len(trecho.celulas) > 1:
            yield list(trecho.celulas)
        elif trecho.coluna is not None:
            planilha.setdefault((trecho.aba, trecho.linha_tabela), []).append(trecho.texto)
        else:
            if len(de_cima) >= 3 and trecho.texto.strip() and not any(c.isdigit() for c in trecho.texto) and (
                    completos := completados([p for _, p in de_cima], [i for i, _ in de_cima], trecho.texto)):
                yield completos  # o cabeçalho em duas linhas ("PORTA   PORTA" / "INICIAL FINAL")
            de_cima = [(m.start(), m.group(0)) for m in _PARTES_DA_LINHA.finditer(trecho.texto)]
            yield [p for _, p in de_cima]
    yield from planilha.values()


#: as partes de uma linha de texto em colunas: separadas por dois espaços ou mais, TAB, "|" ou ";"
_PARTES_DA_LINHA = re.compile(r"[^\s|;]+(?: [^\s|;]+)*")
