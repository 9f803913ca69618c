"""Passos do plano de diligências: cada lacuna e cada Pix da materialidade vira um pedido datado e fundamentado.

Um passo diz a quem pedir, com que fundamento, exatamente o quê (IP + porta + instante ao segundo + fuso; a chave;
a conta; o IMEI; o período), até quando o dado deve existir pela lei (contado da data do próprio registro contra a
data da análise) e, se esse dia está perto ou passou, o pedido de guarda cautelar a mandar antes. Cada item cita o
local do dado (arquivo, página, linha ou célula) como os ofícios.
"""

from __future__ import annotations

import datetime as dt
import re
from typing import Any, Callable

from perito.plano import prazos
from perito.plano.fundamentos import citar
from perito.plano.texto import br
from perito.principal import lacunas as mod_lacunas
from perito.principal.lacunas import CONTA, IMEI, IP, PIX, Lacuna
from perito.saida.oficios import local, nome_arquivo, referencia

#: tipos de passo além das lacunas
MED, PORTA = "med_pix", "porta_logica"
#: meses de guarda de cada tipo de lacuna e a norma que os fixa (None: a lei não fixa prazo para o dado pedido)
GUARDA: dict[str, tuple[int, str] | None] = {IP: (12, "MCI_13"), CONTA: (60, "LEI_9613_10"), IMEI: (60, "LEI_12850_17"),
                                            PIX: None, PORTA: (6, "MCI_15")}
#: dias da janela do MED contados da transação (notificação de infração pela instituição da vítima)
DIAS_MED = 80
#: onde a guarda cautelar tem base legal (registros de internet)
PRESERVAVEIS = {IP: "MCI_13_2", PORTA: "MCI_15_2"}

#: ip → descrição da rede (AS, organização, base); None quando a base não conhece o endereço
Rede = Callable[[str], Any]


def _data(texto: str | None) -> dt.date | None:
    """Data de um dado: ISO (2025-03-15), brasileira (15/03/2025) ou o começo de um instante ISO."""
    if not texto:
        return None
    if m := re.match(r"(\d{4})-(\d{2})-(\d{2})", texto):
        ano, mes, dia = map(int, m.groups())
    elif m := re.match(r"(\d{1,2})/(\d{1,2})/(\d{4})", texto):
        dia, mes, ano = map(int, m.groups())
    else:
        return None
    try:
        return dt.date(ano, mes, dia)
    except ValueError:
        return None


def data_do_registro(dado: dict[str, Any]) -> dt.date | None:
    """A data do registro: a mais antiga entre a escrita no documento e a do instante em UTC (o prazo mais curto)."""
    meta = dado.get("metadados") or {}
    datas = [d for d in (_data(str(meta.get("data") or "")), _data(mod_lacunas.instante_utc(dado))) if d]
    return min(datas) if datas else None


#: a data de um dado da lacuna: a dele ou, sem ela, a do registro onde ele está (a conta numa linha de extrato datada)
DataDe = Callable[[dict[str, Any]], dt.date | None]


def _prazo(tipo: str, dados: list[dict[str, Any]], analise: dt.date,
           data_de: DataDe = data_do_registro) -> tuple[dict[str, Any] | None, list[Any]]:
    """O prazo do passo (o do registro mais antigo) e o de cada item."""
    guarda = GUARDA.get(tipo)
    if guarda is None:
        return None, [None] * len(dados)
    meses, norma = guarda
    cada = [prazos.prazo(d, meses, analise) if (d := data_de(dado)) else None for dado in dados]
    datados = [p for p in cada if p is not None]
    if not datados:
        return None, cada
    primeiro = min(datados, key=lambda p: p.guardado_ate)
    return {**primeiro.como_dict(), "norma": norma}, cada


def _preservar(tipo: str, prazo: dict[str, Any] | None, analise: dt.date) -> dict[str, Any] | None:
    """O pedido de guarda cautelar a mandar antes, quando o fim da guarda está perto (ou passou) e a lei o prevê."""
    if tipo not in PRESERVAVEIS or prazo is None or prazo["urgencia"] == prazos.ESTRATEGICA:
        return None
    ate = prazos.pedido_judicial_ate(analise)
    return {
        "fundamento": citar(PRESERVAVEIS[tipo])[0],
        "texto": (f"Requerer hoje ao provedor a guarda cautelar dos registros (guarda obrigatória até "
                  f"{br(prazo['guardado_ate'])}); feito o requerimento em {br(analise.isoformat())}, protocolar o pedido "
                  f"de autorização judicial até {br(ate.isoformat())} (60 dias), sob pena de o requerimento perder a eficácia."),
        "pedido_judicial_ate": ate.isoformat(),
    }



def _item(dado: dict[str, Any], lacuna: Lacuna, prazo: prazos.Prazo | None) -> dict[str, Any]:
    meta = dado.get("metadados") or {}
    item: dict[str, Any] = {"dado": str(meta.get("ip_canonico") or dado["dado"]), "local": local(dado),
                            "texto_original": dado.get("texto_original", ""), "referencia": referencia(dado, lacuna)}
    if lacuna.tipo in (IP, PORTA):
        item.update({"porta": str(meta.get("porta") or "") or None,
                     "quando_escrito": " ".join(str(meta[c]) for c in ("data", "hora") if meta.get(c)) or None,
                     "fuso": mod_lacunas.fuso(dado) or None, "utc": mod_lacunas.instante_utc(dado)})
    if prazo is not None:
        item["data"] = prazo.data_registro.isoformat()
        item["guardado_ate"] = prazo.guardado_ate.isoformat()
    elif lacuna.tipo not in (IP, PORTA) and (data := data_do_registro(dado)) is not None:
        item["data"] = data.isoformat()
    return item


#: dias entre o registro e a fotografia da base acima dos quais o bloco pode ter mudado de dono
DIAS_BASE_DISTANTE = 180


def _destinatario_ip(ip: str, rede: Rede, datas: list[dt.date]) -> tuple[str, dict[str, Any] | None]:
    info = rede(ip)
    if info is None or info.asn is None:
        return ("Provedor de conexão responsável pelo IP (identificar pelo registro do bloco no NIC.br/LACNIC antes do "
                "envio)"), None
    descricao: dict[str, Any] = {"asn": info.asn, "organizacao": info.organizacao, "classes": list(info.classes),
                                 "data_base": info.data_base, "fonte": info.fonte}
    texto = (f"{info.organizacao or 'organização não informada'} (AS{info.asn}), provedor de conexão que anuncia o IP "
             f"segundo a base de {br(info.data_base)}")
    base = dt.date.fromisoformat(info.data_base)
    if datas and max(abs((base - d).days) for d in datas) > DIAS_BASE_DISTANTE:
        # blocos de IP mudam de dono: a base diz quem anuncia o bloco na data dela, não na do acesso
        acessos = (f"o acesso é de {br(min(datas).isoformat())}" if min(datas) == max(datas)
                   else f"os acessos vão de {br(min(datas).isoformat())} a {br(max(datas).isoformat())}")
        descricao["aviso"] = (f"a base é de {br(info.data_base)} e {acessos}: confirme o titular do bloco na data dos fatos "
                              "(registro.br, LACNIC) antes do envio")
        texto += f" ({descricao['aviso']})"
    return texto, descricao


_PEDIDOS = {
    IP: ("Identificar o assinante do IP {chave}",
         "dados cadastrais (nome, CPF/CNPJ, endereço, telefone, e-mail) do assinante a quem o IP estava atribuído em cada "
         "instante abaixo, na porta lógica de origem indicada (data e hora ao segundo, fuso como escrito e em UTC), com o "
         "identificador da conexão e o período de atribuição"),
    PIX: ("Identificar o titular da chave Pix {chave}",
          "titular (nome, CPF/CNPJ), instituição (ISPB), agência e conta vinculadas à chave, datas de registro, "
          "portabilidade e exclusão, e o histórico de vínculos"),
    CONTA: ("Obter o extrato e o cadastro da conta {chave}",
            "qualificação do titular e dos representantes, extrato do período de interesse com contrapartes identificadas, "
            "registros de acesso (IP, porta lógica, data, hora e fuso) e dispositivos cadastrados, de preferência no leiaute "
            "SIMBA"),
    IMEI: ("Obter o histórico de linhas do aparelho IMEI {chave}",
           "linhas em que o aparelho operou (número, IMSI, ICCID, períodos) e os dados cadastrais dos assinantes"),
}
_FUNDAMENTOS = {
    IP: ("MCI_13", "MCI_22", "STJ_PORTA"),
    PIX: ("LEI_9613_17B", "LEI_12850_15", "LC_105"),
    CONTA: ("LC_105", "LEI_9613_17B", "LEI_9613_10"),
    IMEI: ("LEI_12850_17", "LEI_9613_17B"),
}
_MODALIDADE = {
    IP: "ordem judicial (registros de conexão: art. 10, § 1º, e art. 22 do Marco Civil)",
    PIX: "requisição direta dos dados cadastrais; ordem judicial para vínculos de conta e movimentação",
    CONTA: "ordem judicial para o extrato (sigilo bancário); requisição direta para o cadastro",
    IMEI: "ordem judicial (dados telefônicos); requisição direta para o cadastro dos assinantes",
}


def _destinatario(lacuna: Lacuna, rede: Rede) -> tuple[str, dict[str, Any] | None]:
    if lacuna.tipo == IP:
        return _destinatario_ip(lacuna.chave, rede, [d for d in map(data_do_registro, lacuna.dados) if d])
    if lacuna.tipo == PIX:
        return "Banco Central do Brasil — DICT (Diretório de Identificadores de Contas Transacionais)", None
    if lacuna.tipo == CONTA:
        banco = lacuna.atributos.get("banco")
        return (f"Instituição financeira da conta (banco/ISPB {banco}, como citado)" if banco
                else "Instituição financeira da conta (identificar o banco antes do envio)"), None
    return "Operadoras de telefonia móvel (Claro, TIM, Vivo e demais prestadoras do SMP)", None


def passo_da_lacuna(lacuna: Lacuna, analise: dt.date, rede: Rede, conclusoes: list[int],
                    data_de: DataDe = data_do_registro) -> dict[str, Any]:
    prazo, cada = _prazo(lacuna.tipo, lacuna.dados, analise, data_de)
    acao, pedido = _PEDIDOS[lacuna.tipo]
    chave = (f"agência {lacuna.atributos.get('agencia')}, conta {lacuna.atributos.get('conta')}" if lacuna.tipo == CONTA
             else lacuna.chave)
    destinatario, rede_ip = _destinatario(lacuna, rede)
    urgencia = prazo["urgencia"] if prazo else prazos.ESTRATEGICA
    passo: dict[str, Any] = {
        "tipo": lacuna.tipo, "chave": lacuna.chave, "acao": acao.format(chave=chave), "destinatario": destinatario,
        "modalidade": _MODALIDADE[lacuna.tipo], "fundamentos": citar(*_FUNDAMENTOS[lacuna.tipo]), "pedido": pedido,
        "itens": [_item(d, lacuna, p) for d, p in zip(lacuna.dados, cada, strict=True)],
        "prazo": prazo, "urgencia": urgencia, "preservar_antes": _preservar(lacuna.tipo, prazo, analise),
        "conclusoes": conclusoes,
        # o rascunho de ofício da mesma lacuna (sai quando um dado dela é relido no documento pelo validador)
        "oficio": nome_arquivo(lacuna),
    }
    if rede_ip is not None:
        passo["rede"] = rede_ip
    if prazo is None:
        passo["sem_prazo"] = ("a lei não fixa prazo de guarda para o dado pedido" if GUARDA.get(lacuna.tipo) is None
                              else "nenhum dado da lacuna tem data: o prazo de guarda não pode ser contado")
    return passo


def passo_da_porta(lacuna: Lacuna, analise: dt.date, rede: Rede, conclusoes: list[int]) -> dict[str, Any]:
    """IPv4 público sem porta lógica numa conclusão de autoria: pedir a porta ao provedor de aplicação que o registrou."""
    prazo, cada = _prazo(PORTA, lacuna.dados, analise)
    emissor = lacuna.atributos.get("emissor")
    arquivo = lacuna.dados[0]["arquivo_fonte"]
    info = rede(lacuna.chave)
    movel = " A rede do IP é de operadora móvel, onde o CGNAT é a regra." if info and "operadora_movel" in info.classes else ""
    return {
        "tipo": PORTA, "chave": lacuna.chave, "acao": f"Obter a porta lógica de origem dos acessos pelo IP {lacuna.chave}",
        "destinatario": (f"{emissor}, provedor de aplicação que registrou os acessos" if emissor
                         else f"Provedor de aplicação que forneceu {arquivo}"),
        "modalidade": "ordem judicial (registros de acesso a aplicações: art. 15, § 3º, e art. 22 do Marco Civil)",
        "fundamentos": citar("STJ_PORTA", "MCI_15", "MCI_22", "RFC_6598"),
        "pedido": ("a porta lógica de origem de cada acesso abaixo (data e hora ao segundo, com o fuso): o IPv4 público sem "
                   "porta pode ser compartilhado por CGNAT entre muitos assinantes, e sem ela o provedor de conexão não "
                   "identifica o assinante." + movel),
        "itens": [_item(d, lacuna, p) for d, p in zip(lacuna.dados, cada, strict=True)],
        "prazo": prazo, "urgencia": prazo["urgencia"] if prazo else prazos.ESTRATEGICA,
        "preservar_antes": _preservar(PORTA, prazo, analise), "conclusoes": conclusoes,
    }


def _reais(dado: dict[str, Any]) -> str:
    """O valor em reais pelo valor normalizado ("1250.90" → "R$ 1.250,90"); sem ele, o literal do documento."""
    valor = str((dado.get("metadados") or {}).get("valor") or "")
    if not re.fullmatch(r"-?\d+(\.\d{1,2})?", valor):
        return dado["dado"]
    inteiro, _, centavos = valor.lstrip("-").partition(".")
    return f"R$ {int(inteiro):,}".replace(",", ".") + f",{centavos.ljust(2, '0')}"


def passo_do_med(transacao: dict[str, Any], analise: dt.date, conclusao: dict[str, Any]) -> dict[str, Any] | None:
    """Pix da materialidade: a janela do MED, contada da transação, para a instituição da vítima agir."""
    data = data_do_registro(transacao)
    if data is None:
        return None
    ate = data + dt.timedelta(days=DIAS_MED)
    dias = (ate - analise).days
    devolucao = data + dt.timedelta(days=90)
    prazo = {"data_registro": data.isoformat(), "guardado_ate": ate.isoformat(), "dias_restantes": dias,
             "urgencia": prazos.urgencia(dias), "norma": "PIX_MED"}
    situacao = (f"a janela de notificação terminou em {br(ate.isoformat())}: confirmar se a notificação foi feita a tempo"
                if dias < 0 else f"a instituição da vítima pode notificar a infração até {br(ate.isoformat())}")
    return {
        "tipo": MED, "chave": f"{_reais(transacao)} em {br(data.isoformat())}",
        "acao": f"Acionar o Mecanismo Especial de Devolução do Pix de {_reais(transacao)} ({br(data.isoformat())})",
        "destinatario": "Instituição financeira da vítima (pagadora), que notifica a instituição recebedora pelo DICT",
        "modalidade": "comunicação da autoridade e orientação à vítima; o bloqueio é feito pela instituição recebedora",
        "fundamentos": citar("PIX_MED"),
        "pedido": (f"confirmar se a vítima contestou a transação e se houve notificação de infração e bloqueio cautelar; "
                   f"{situacao}; a devolução deve começar até {br(devolucao.isoformat())} (90 dias da transação)."),
        "itens": [{"dado": transacao["dado"], "local": local(transacao), "texto_original": transacao.get("texto_original", ""),
                   "data": data.isoformat(), "guardado_ate": ate.isoformat(),
                   "referencia": _referencia_simples(transacao)}],
        "prazo": prazo, "urgencia": prazo["urgencia"], "preservar_antes": None, "conclusoes": [conclusao["id"]],
    }


def _referencia_simples(dado: dict[str, Any]) -> dict[str, Any]:
    meta = dado.get("metadados") or {}
    return {"arquivo": dado["arquivo_fonte"], "pagina": dado.get("pagina"), "linha_ou_celula": dado["linha_ou_celula"],
            "aba_planilha": dado.get("aba_planilha"), "dado_citado": dado["dado"],
            "extrator_id": str(dado.get("extrator_id") or meta.get("extrator_id") or "")}


_ORDEM_TIPO = {MED: 0, IP: 1, PORTA: 2, PIX: 3, CONTA: 4, IMEI: 5}


def ordenar(passos: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Mais urgente primeiro; na mesma urgência, o que vence antes; depois pelo tipo e pela chave. Numerados de 1."""
    def chave(p: dict[str, Any]) -> tuple:
        fim = p["prazo"]["guardado_ate"] if p.get("prazo") else "9999-12-31"
        return prazos.ORDEM_URGENCIA[p["urgencia"]], fim, _ORDEM_TIPO[p["tipo"]], p["chave"]

    return [{"numero": n, **p} for n, p in enumerate(sorted(passos, key=chave), start=1)]
