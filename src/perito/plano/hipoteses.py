"""Hipóteses concorrentes de cada conclusão de autoria: o que mais explicaria o vínculo, o dado que decide e se o
caso já o tem.

Para um IP: o mesmo assinante, o IPv4 compartilhado por CGNAT (com ou sem porta), Wi-Fi público, rede corporativa,
hospedagem ou VPN. Para um IMEI: o mesmo aparelho, IMEI clonado ou inválido, troca de chip. Para o titular de uma
linha: o titular é quem usa, cadastro com documento de terceiro, linha usada por outra pessoa. Para uma conta de
passagem: operador ativo, titular passivo (conta tomada), conta vendida ou alugada.

`situacao`: "sustentada" (a prova do caso apoia), "afastada" (a prova do caso exclui), "em_aberto" (falta o dado que
decide). Só se diz sustentada ou afastada com o dado à mão; o resto fica em aberto, com o que pedir.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from perito.principal.lacunas import familia as familia_do

SUSTENTADA, AFASTADA, EM_ABERTO = "sustentada", "afastada", "em_aberto"
#: tipos de conclusão de autoria, com o tema das hipóteses
TEMAS = {"convergencia_ip": "ip", "padrao_temporal": "ip", "convergencia_imei": "imei",
         "identificacao_titular": "titular", "identificacao_laranja": "laranja"}

Rede = Callable[[str], Any]


@dataclass
class Fatos:
    """O que o caso tem, além das referências da conclusão, para decidir uma hipótese."""
    #: IMEI (corpo de 14 dígitos) → linhas (E.164) com que a operadora o mostra
    linhas_do_imei: dict[str, set[str]] = field(default_factory=dict)
    #: IPs cujo assinante uma operadora identificou (nome ou CPF no mesmo registro)
    ips_com_assinante: set[str] = field(default_factory=set)
    #: arquivos de banco com registros de acesso (IP) da conta
    bancos_com_acesso: set[str] = field(default_factory=set)
    #: arquivos de operadora com histórico IMEI × linha
    operadoras_com_imei: set[str] = field(default_factory=set)


def fatos_dos_lotes(lotes: list[dict[str, Any]]) -> Fatos:
    """Uma passada pelos dados, olhando só os campos que alguma hipótese consulta."""
    fatos = Fatos()
    por_registro: dict[tuple[str, str], dict[str, list[dict[str, Any]]]] = {}
    for lote in lotes:
        for dado in lote.get("dados_extraidos", []):
            campo = dado["campo"]
            if campo not in ("imei", "telefone", "ip_acesso", "ip_transacao", "nome_titular", "cpf"):
                continue
            familia = familia_do(dado)
            if familia == "banco" and campo in ("ip_acesso", "ip_transacao"):
                fatos.bancos_com_acesso.add(dado["arquivo_fonte"])
            if familia != "operadora":
                continue
            meta = dado.get("metadados") or {}
            registro = (dado["arquivo_fonte"], str(meta.get("registro") or dado["linha_ou_celula"]))
            por_registro.setdefault(registro, {}).setdefault(campo, []).append(dado)
    # IMEI → linhas: numa tabela IMEI × linha o registro tem um telefone só; numa bilhetagem tem dois (o da linha e o
    # do outro lado da chamada), e a linha do aparelho é a que se repete em todo registro do IMEI naquele arquivo
    conjuntos: dict[tuple[str, str], list[set[str]]] = {}
    for (arquivo, _), campos in por_registro.items():
        telefones = {str((t.get("metadados") or {}).get("e164") or t["dado"]) for t in campos.get("telefone", [])}
        for imei in campos.get("imei", []):
            corpo = str((imei.get("metadados") or {}).get("imei_corpo") or "")
            if corpo:
                fatos.operadoras_com_imei.add(arquivo)
                fatos.linhas_do_imei.setdefault(corpo, set())
                if telefones:
                    conjuntos.setdefault((corpo, arquivo), []).append(telefones)
    for (corpo, _), lista in conjuntos.items():
        fatos.linhas_do_imei[corpo].update(set.union(*(t for t in lista if len(t) == 1), set()))
        if varios := [t for t in lista if len(t) > 1]:
            fatos.linhas_do_imei[corpo].update(set.intersection(*varios))
    for campos in por_registro.values():
        if campos.get("nome_titular") or campos.get("cpf"):
            for ip in campos.get("ip_acesso", []) + campos.get("ip_transacao", []):
                fatos.ips_com_assinante.add(str((ip.get("metadados") or {}).get("ip_canonico") or ip["dado"]).lower())
    return fatos


#: hipóteses que, verdadeiras, derrubam a conclusão (as outras dão contexto: a troca de chip não desfaz "o mesmo
#: aparelho"); uma concorrente sustentada pela prova impede o grau forte
CONCORRENTES = frozenset({"cgnat", "wifi_publico", "rede_corporativa", "hospedagem_vpn", "imei_clonado",
                          "documento_de_terceiro", "usada_por_outro", "conta_tomada", "conta_vendida"})


def _h(codigo: str, hipotese: str, situacao: str, porque: str, decide: str, no_caso: bool,
       referencias: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    return {"codigo": codigo, "hipotese": hipotese, "concorrente": codigo in CONCORRENTES, "situacao": situacao,
            "porque": porque, "decide": decide, "no_caso": no_caso, "referencias": referencias or []}


def alternativa_sustentada(lista: list[dict[str, Any]]) -> dict[str, Any] | None:
    return next((h for h in lista if h["concorrente"] and h["situacao"] == SUSTENTADA), None)


def _ref(dado: dict[str, Any]) -> dict[str, Any]:
    return {"arquivo": dado["arquivo_fonte"], "pagina": dado.get("pagina"), "linha_ou_celula": dado["linha_ou_celula"],
            "aba_planilha": dado.get("aba_planilha"), "dado_citado": dado["dado"]}


def _de_ip(dados: list[dict[str, Any]], fatos: Fatos, rede: Rede) -> list[dict[str, Any]]:
    ips = [d for d in dados if d["campo"] in ("ip_acesso", "ip_transacao") and (d.get("metadados") or {}).get("roteavel")]
    if not ips:
        return []
    meta = ips[0].get("metadados") or {}
    ip = str(meta.get("ip_canonico") or ips[0]["dado"])
    v6 = meta.get("versao_ip") == 6
    portas = {str((d.get("metadados") or {}).get("porta") or "") for d in ips}
    com_porta = all(portas) and len(ips) >= 2
    info = rede(ip)
    classes = set(info.classes) if info is not None else set()
    rede_txt = info.descricao() if info is not None else "AS não encontrado na base de IP"
    assinante = ip.lower() in fatos.ips_com_assinante
    refs = [_ref(d) for d in ips]
    if v6:
        cgnat = _h("cgnat", "IP compartilhado por CGNAT entre assinantes da operadora", AFASTADA,
                   "endereço IPv6: cada assinante recebe o seu, sem CGNAT", "—", True, refs)
    elif com_porta and len(portas) == 1:
        cgnat = _h("cgnat", "IPv4 compartilhado por CGNAT entre assinantes da operadora", AFASTADA,
                   "a mesma porta lógica de origem nos registros comparados", "porta lógica de origem", True, refs)
    else:
        cgnat = _h("cgnat", "IPv4 compartilhado por CGNAT entre assinantes da operadora", EM_ABERTO,
                   ("portas diferentes nos registros" if com_porta else "porta lógica de origem ausente em algum registro")
                   + ("; a rede é de operadora móvel, onde o CGNAT é a regra" if "operadora_movel" in classes else ""),
                   "porta lógica de origem de cada acesso, do provedor de aplicação (STJ, REsp 1.777.769/SP), e a "
                   "resposta da operadora para IP + porta + instante", False, refs)
    hospedagem = classes & {"hospedagem", "vpn"}
    return [
        _h("mesmo_assinante", "A mesma conexão (assinante) nos dois registros", EM_ABERTO if not assinante else SUSTENTADA,
           "a operadora identificou o assinante do IP" if assinante else "o assinante do IP ainda não foi identificado",
           "dados cadastrais do assinante do IP no instante e na porta (operadora)", assinante, refs),
        cgnat,
        _h("wifi_publico", "Wi-Fi público ou conexão compartilhada (hotel, café, condomínio)", EM_ABERTO,
           "a base de IP não distingue uma rede aberta de um assinante residencial",
           "tipo de assinante (pessoa física ou estabelecimento) e o endereço da instalação, na resposta da operadora",
           assinante, refs),
        _h("rede_corporativa", "Rede corporativa (muitos usuários atrás do mesmo IP)", EM_ABERTO,
           f"rede: {rede_txt}", "assinante pessoa jurídica na resposta da operadora e os registros internos de NAT da empresa",
           assinante, refs),
        _h("hospedagem_vpn", "Servidor de hospedagem, proxy ou VPN (o IP não é o do usuário final)",
           SUSTENTADA if hospedagem else EM_ABERTO,
           (f"o IP pertence a rede de {'/'.join(sorted(hospedagem))}: {rede_txt}" if hospedagem
            else f"a rede não é de hospedagem nem de VPN conhecida ({rede_txt}); uma VPN ou proxy particular não se exclui"),
           "AS e organização do IP (base de IP) e, se for hospedagem, o cliente do servidor naquele instante", info is not None,
           refs),
    ]


def _de_imei(dados: list[dict[str, Any]], fatos: Fatos) -> list[dict[str, Any]]:
    imeis = [d for d in dados if d["campo"] == "imei"]
    if not imeis:
        return []
    corpo = str((imeis[0].get("metadados") or {}).get("imei_corpo") or "")
    invalidos = [d for d in imeis if (d.get("metadados") or {}).get("luhn_valido") is False
                 and len(str((d.get("metadados") or {}).get("digitos") or "")) == 15]
    linhas = sorted(fatos.linhas_do_imei.get(corpo, set()))
    refs = [_ref(d) for d in imeis]
    return [
        _h("mesmo_aparelho", "O mesmo aparelho físico nas fontes", EM_ABERTO if invalidos else SUSTENTADA,
           "o IMEI é escrito igual nas fontes" + ("; mas há IMEI com dígito de Luhn inválido" if invalidos else ""),
           "exame do aparelho apreendido (IMEI na etiqueta e em *#06#)", False, refs),
        _h("imei_clonado", "IMEI clonado, adulterado ou inválido", SUSTENTADA if invalidos else EM_ABERTO,
           (f"dígito de Luhn inválido em {', '.join(d['dado'] for d in invalidos)}" if invalidos
            else "o dígito de Luhn confere, o que não exclui um IMEI clonado de outro aparelho"),
           "consulta do TAC (modelo do fabricante) e do IMEI na base de aparelhos impedidos; exame do aparelho", bool(invalidos),
           [_ref(d) for d in invalidos] or refs),
        _h("troca_de_chip", "Troca de chip (o aparelho operou com outras linhas, de outras pessoas)",
           SUSTENTADA if len(linhas) > 1 else EM_ABERTO,
           (f"a operadora mostra o aparelho com {len(linhas)} linhas: {', '.join(linhas)}" if len(linhas) > 1
            else "o caso não mostra o aparelho com outra linha" if linhas else "o caso não tem o histórico IMEI × linha"),
           "histórico IMEI × linha da operadora (IMSI, ICCID, períodos)", bool(fatos.operadoras_com_imei), refs),
    ]


def _de_titular(dados: list[dict[str, Any]], conclusoes_imei: bool) -> list[dict[str, Any]]:
    refs = [_ref(d) for d in dados if d["campo"] in ("telefone", "cpf", "nome_titular")][:6]
    return [
        _h("titular_usa", "O titular da linha é quem a usa", EM_ABERTO,
           "o cadastro diz quem contratou a linha, não quem a usava", "aparelho (IMEI) e ERBs da linha nos instantes dos "
           "fatos, comparados com o aparelho e o endereço do titular", conclusoes_imei, refs),
        _h("documento_de_terceiro", "Linha cadastrada com documento de terceiro (laranja de cadastro)", EM_ABERTO,
           "linhas pré-pagas são ativadas com CPF que a operadora nem sempre confere",
           "canal e loja da ativação, documento apresentado, dados da recarga ou do pagamento da fatura", False, refs),
        _h("usada_por_outro", "Linha usada por outra pessoa (familiar, empregado, aparelho emprestado)", EM_ABERTO,
           "nenhum dado do caso liga o titular ao uso nos instantes dos fatos",
           "depoimento do titular; aparelho e local de uso; contas de aplicativo logadas na linha", False, refs),
    ]


def _de_laranja(dados: list[dict[str, Any]], fatos: Fatos) -> list[dict[str, Any]]:
    refs = [_ref(d) for d in dados][:6]
    arquivos = {d["arquivo_fonte"] for d in dados}
    acesso = bool(arquivos & fatos.bancos_com_acesso)
    return [
        _h("operador_ativo", "O titular opera a conta de passagem (recebe e repassa por conta própria)", EM_ABERTO,
           "o padrão de passagem está no extrato; quem comandou as transações não",
           "registros de acesso da conta (IP, porta, aparelho) nos instantes dos repasses, comparados com os do titular",
           acesso, refs),
        _h("conta_tomada", "Titular passivo: conta invadida ou tomada (acesso por terceiro)", EM_ABERTO,
           "o caso " + ("tem registros de acesso da conta: compare os IPs e aparelhos dos repasses com os habituais"
                        if acesso else "não tem registros de acesso da conta"),
           "registros de acesso e troca de senha ou de aparelho cadastrados pelo banco; contestação do titular", acesso, refs),
        _h("conta_vendida", "Conta vendida ou alugada a terceiros", EM_ABERTO,
           "a movimentação não diz quem recebeu o acesso à conta",
           "data de abertura da conta e movimentação anterior aos fatos; depoimento do titular; vínculo do titular com "
           "os destinatários dos repasses", False, refs),
    ]


def hipoteses(conclusao: dict[str, Any], dados: list[dict[str, Any]], fatos: Fatos, rede: Rede,
              com_imei: bool = False) -> list[dict[str, Any]]:
    """As hipóteses de uma conclusão de autoria (lista vazia para os outros tipos)."""
    tema = TEMAS.get(conclusao["tipo"])
    if tema == "ip":
        return _de_ip(dados, fatos, rede)
    if tema == "imei":
        return _de_imei(dados, fatos)
    if tema == "titular":
        return _de_titular(dados, com_imei)
    if tema == "laranja":
        return _de_laranja(dados, fatos)
    return []
