"""identificacao_titular pelo IP: o cliente a quem a operadora (o provedor de conexão) atribuiu o IP de um acesso.

A resposta da operadora a um pedido de IP diz quem tinha aquela conexão: o IP público, a porta (ou o bloco de portas
da CGNAT) e o instante (ou a sessão, do início ao fim), com o nome do cliente no mesmo registro ("o IP ..., porta ...,
em ... estava atribuído ao cliente FULANO, CPF ..."). Um acesso de outra fonte (o log de um provedor, de um banco)
identifica esse cliente quando a resposta o cobre, como o plano de diligências entende uma resposta
(`lacunas.responde`): o mesmo IP, a porta dentro da porta ou do bloco, o instante ao segundo igual ou dentro da sessão.
Sem tolerância: a resposta vale para o instante perguntado, e outro instante sob CGNAT pode ser outro cliente.

A resposta que só dá a linha (MSISDN) do registro, sem nome (a sessão de dados da CGNAT), identifica a linha; o
titular dela, quando outro registro da operadora com o mesmo número o nomeia, é dito com o lugar de onde vem.

O grau segue o dos outros titulares (famílias independentes: duas, moderado; três, forte). Uma resposta sem porta
sobre um IPv4 fica no máximo fraca: atrás de CGNAT o mesmo IP serve muitos clientes ao mesmo tempo. A operadora
identifica quem contratou a conexão, não quem usava o aparelho: a afirmação diz assim.
"""

from __future__ import annotations

from typing import Any

from perito.chaves.nome import dobrar
from perito.principal import graus
from perito.principal.convergencia_ip import descrever_acesso, referencias_do_ip
from perito.principal.cpf_da_pessoa import cpfs_da_pessoa
from perito.principal.indice import Indice
from perito.principal.lacunas import CAMPOS_IP, instante_utc, na_rede_da_resposta, responde
from perito.principal.ocorrencias import OUTROS_QUE_O_TITULAR, Ocorrencia
from perito.principal.referencias import juntar, referencias, titular_declarado

#: acessos citados por resposta (os demais contados na afirmação)
ACESSOS_CITADOS = 3


def concluir(indice: Indice) -> list[dict[str, Any]]:
    ips = [o for o in indice.do_campo(*CAMPOS_IP) if o.meta.get("roteavel") is True]
    respostas = [o for o in ips if o.familia == "operadora" and (indice.no_registro(o, "nome_titular", "telefone")
                                                                  or _declarado(o) is not None)]
    if not respostas:
        return []
    por_ip: dict[str, list[Ocorrencia]] = {}
    for o in ips:
        if o.familia != "operadora":
            por_ip.setdefault(_ip(o), []).append(o)
    conclusoes = []
    v6 = [o for o in ips if o.familia != "operadora" and ":" in _ip(o)]
    for resposta in respostas:
        # a resposta sobre um prefixo IPv6 cobre os endereços da rede dele, não só o escrito
        candidatos = [o for o in v6 if na_rede_da_resposta(resposta.meta, resposta.literal, _ip(o))] \
            if resposta.meta.get("prefixo") else por_ip.get(_ip(resposta), [])
        cobertos = [o for o in candidatos if _coberto(resposta, o)]
        if not cobertos:
            continue
        if (titular := _titular(indice, resposta)) is not None:
            conclusoes.append(_conclusao(indice, resposta, titular, cobertos))
        elif (linha := _linha(indice, resposta)) is not None:
            conclusoes.append(_conclusao_da_linha(indice, resposta, linha, cobertos))
        elif (declarado := _declarado(resposta)) is not None:
            conclusoes.append(_conclusao_do_declarado(resposta, declarado, cobertos))
    return conclusoes


def _declarado(resposta: Ocorrencia) -> dict[str, Any] | None:
    """O assinante que a resposta da operadora declara uma vez, fora do registro do IP (a aba "Dados do assinante"
    antes da aba "Conexões", o cabeçalho acima da tabela de sessões): o `contexto_titular` do IP, com o nome."""
    declarado = resposta.meta.get("contexto_titular")
    return declarado if declarado and declarado.get("nome") else None


def _conclusao_do_declarado(resposta: Ocorrencia, declarado: dict[str, Any], cobertos: list[Ocorrencia]) -> dict[str, Any]:
    citados, mais, grau, motivo = _acessos_e_grau(resposta, cobertos)
    nome = declarado["nome"]
    documento = f", CPF/CNPJ {declarado['cpf']}" if declarado.get("cpf") else ""
    onde = next((local for local in declarado.get("locais", []) if local.get("papel") == "nome"), {})
    lugar = ", ".join(p for p in (f"aba {onde['aba_planilha']}" if onde.get("aba_planilha") else "",
                                  f"p. {onde['pagina']}" if onde.get("pagina") else "", onde.get("linha_ou_celula", "")) if p)
    afirmacao = (
        f"O {_o_ip(resposta)} estava atribuído pela operadora a {nome}{documento}, o assinante que a resposta declara "
        f"uma vez ({resposta.arquivo}, {lugar}) para as conexões que ela lista, segundo a resposta em "
        f"{descrever_acesso(resposta)}. A resposta cobre o acesso com {_o_mesmo_ip(resposta)}"
        f"{', a porta' if resposta.porta else ''} e o instante convertido para UTC em "
        f"{'; '.join(descrever_acesso(o) for o in citados)}{mais}: quem contratou a conexão usada nesse acesso é "
        f"{nome}, o que não diz por si quem usava o aparelho. Grau {grau}: {motivo}."
    )
    return {
        "tipo": "identificacao_titular",
        "afirmacao": afirmacao,
        "grau_confianca": grau,
        "referencias": juntar([*referencias_do_ip([resposta, *citados]), *titular_declarado(resposta)]),
        "chave_ordenacao": f"ip|{_ip(resposta)}|{resposta.registro}|{dobrar(nome)}",
    }


def _ip(o: Ocorrencia) -> str:
    return str(o.meta.get("ip_canonico") or o.literal)


def _coberto(resposta: Ocorrencia, acesso: Ocorrencia) -> bool:
    utc = instante_utc(acesso.dado)
    if utc is None or instante_utc(resposta.dado) is None:
        return False  # sem o segundo dos dois lados, a resposta não diz de que acesso fala
    return responde(resposta.dado, _ip(acesso), acesso.porta or "", utc)


def _titular(indice: Indice, resposta: Ocorrencia) -> Ocorrencia | None:
    """O nome do cliente no registro da resposta; num registro com dois IPs (a tabela lida como texto), só o nome do
    mesmo local do IP."""
    nomes = [n for n in indice.no_registro(resposta, "nome_titular") if n.meta.get("papel") not in OUTROS_QUE_O_TITULAR]
    if not nomes:
        return None
    if len({_ip(o) for o in indice.no_registro(resposta, *CAMPOS_IP)}) <= 1:
        return nomes[0]
    return next(iter(indice.no_local(resposta, "nome_titular")), None)


def _acessos_e_grau(resposta: Ocorrencia, cobertos: list[Ocorrencia]) -> tuple[list[Ocorrencia], str, str, str]:
    """Os acessos citados, o "(e mais N acessos cobertos)", o grau e o porquê: pelas famílias que mostram o mesmo
    acesso, no máximo fraco sem a porta de um IPv4."""
    citados = sorted(cobertos, key=lambda o: o.ordem)[:ACESSOS_CITADOS]
    familias = {resposta.familia} | {o.familia for o in cobertos}
    grau = graus.por_familias(len(graus.independentes(familias)))
    motivo = f"{graus.explicar_familias(familias)} mostram o mesmo acesso"
    if not resposta.porta and ":" not in _ip(resposta):
        grau = graus.no_maximo(grau, "fraco")
        motivo += (", mas a resposta da operadora não dá a porta de um IPv4: atrás de CGNAT o mesmo IP serve muitos "
                   "clientes ao mesmo tempo, por isso no máximo fraco")
    resto = len(cobertos) - len(citados)
    mais = f" (e mais {resto} acesso{'s' if resto > 1 else ''} coberto{'s' if resto > 1 else ''})" if resto else ""
    return citados, mais, grau, motivo


def _conclusao(indice: Indice, resposta: Ocorrencia, titular: Ocorrencia, cobertos: list[Ocorrencia]) -> dict[str, Any]:
    cpfs = cpfs_da_pessoa(indice, titular)
    citados, mais, grau, motivo = _acessos_e_grau(resposta, cobertos)
    documento = f", CPF/CNPJ {cpfs[0].literal}" if cpfs else ""
    afirmacao = (
        f"O {_o_ip(resposta)} estava atribuído pela operadora a {titular.literal}{documento}, segundo a resposta em "
        f"{descrever_acesso(resposta)}. A resposta cobre o acesso com {_o_mesmo_ip(resposta)}"
        f"{', a porta' if resposta.porta else ''} e o instante convertido para UTC em "
        f"{'; '.join(descrever_acesso(o) for o in citados)}{mais}: quem contratou a conexão usada nesse acesso é "
        f"{titular.literal}, o que não diz por si quem usava o aparelho. Grau {grau}: {motivo}."
    )
    return {
        "tipo": "identificacao_titular",
        "afirmacao": afirmacao,
        "grau_confianca": grau,
        "referencias": juntar([*referencias_do_ip([resposta, *citados]), *referencias([titular, *cpfs])]),
        "chave_ordenacao": f"ip|{_ip(resposta)}|{resposta.registro}|{titular.meta.get('nome_normalizado')}",
    }


def _linha(indice: Indice, resposta: Ocorrencia) -> Ocorrencia | None:
    """A linha (MSISDN) do registro da resposta que não nomeia o cliente ("ip_publico, porta_ini, porta_fim, dt_ini,
    dt_fim, msisdn, imsi": a conexão de dados da CGNAT): a única, ou nenhuma."""
    linhas = {o.meta.get("e164"): o for o in indice.no_registro(resposta, "telefone") if o.meta.get("e164")}
    return next(iter(linhas.values())) if len(linhas) == 1 else None


def _titular_da_linha(indice: Indice, linha: Ocorrencia) -> tuple[Ocorrencia, list[Ocorrencia], Ocorrencia] | None:
    """Quem a operadora dá como titular da linha noutro registro dela (a ficha cadastral, o histórico de IMEI): o nome
    e o CPF do registro com o mesmo número, quando todos os registros assim nomeiam a mesma pessoa; senão nada."""
    if "linhas_da_operadora" not in indice.memoria:
        por_numero: dict[str, list[Ocorrencia]] = {}
        for o in indice.do_campo("telefone"):
            if o.familia == "operadora" and o.meta.get("e164"):
                por_numero.setdefault(o.meta["e164"], []).append(o)
        indice.memoria["linhas_da_operadora"] = por_numero
    mesmas: list[Ocorrencia] = indice.memoria["linhas_da_operadora"].get(linha.meta.get("e164"), [])  # type: ignore[union-attr]
    achados = []
    for o in mesmas:
        if o.registro == linha.registro or indice.no_registro(o, *CAMPOS_IP):
            continue  # a própria resposta, ou outra sessão de dados da mesma linha: não um cadastro
        if nomes := indice.no_registro(o, "nome_titular"):
            achados.append((nomes[0], o))
    if not achados or len({nome.meta.get("nome_normalizado") for nome, _ in achados}) > 1:
        return None
    nome, numero = achados[0]
    return nome, cpfs_da_pessoa(indice, nome), numero


def _conclusao_da_linha(indice: Indice, resposta: Ocorrencia, linha: Ocorrencia,
                        cobertos: list[Ocorrencia]) -> dict[str, Any]:
    """A resposta que dá a linha (MSISDN), sem nome: a conexão do acesso é a dessa linha; quem a operadora dá como
    titular dela, noutro registro, é dito com o lugar de onde vem."""
    citados, mais, grau, motivo = _acessos_e_grau(resposta, cobertos)
    numero = linha.meta["e164"]
    extras: list[Ocorrencia] = []
    cadastro = ""
    if (titular := _titular_da_linha(indice, linha)) is not None:
        nome, cpfs, registro = titular
        documento = f", CPF/CNPJ {cpfs[0].literal}" if cpfs else ""
        cadastro = f", que a operadora dá em nome de {nome.literal}{documento} ({registro.onde})"
        extras = [registro, nome, *cpfs[:1]]
    afirmacao = (
        f"O {_o_ip(resposta)} estava atribuído pela operadora à linha {numero} ({linha.literal}), segundo a resposta em "
        f"{descrever_acesso(resposta)}. A resposta cobre o acesso com {_o_mesmo_ip(resposta)}"
        f"{', a porta' if resposta.porta else ''} e o instante convertido para UTC em "
        f"{'; '.join(descrever_acesso(o) for o in citados)}{mais}: a conexão usada nesse acesso é a da linha {numero}"
        f"{cadastro}, o que não diz por si quem usava o aparelho. Grau {grau}: {motivo}."
    )
    return {
        "tipo": "identificacao_titular",
        "afirmacao": afirmacao,
        "grau_confianca": grau,
        "referencias": juntar([*referencias_do_ip([resposta, *citados]), *referencias([linha, *extras])]),
        "chave_ordenacao": f"ip|{_ip(resposta)}|{resposta.registro}|{numero}",
    }


def _o_ip(resposta: Ocorrencia) -> str:
    if prefixo := resposta.meta.get("prefixo"):
        return f"prefixo IPv6 {_ip(resposta)}/{prefixo}"
    return f"IP {_ip(resposta)}"


def _o_mesmo_ip(resposta: Ocorrencia) -> str:
    return "um IP dentro do prefixo" if resposta.meta.get("prefixo") else "o mesmo IP"
