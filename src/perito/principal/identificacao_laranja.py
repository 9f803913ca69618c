"""identificacao_laranja: indícios de conta de passagem, cada um dito com seus números.

Por conta (um extrato, ou uma conta dentro de um conjunto SIMBA):
1. muitos pagadores: N pagadores distintos em até D dias (parâmetros `muitos_pagadores`, `dias_pagadores`);
2. vítimas: créditos que relatos contam como transferência da vítima (família relato);
3. repasse rápido: depois de um crédito, saídas que somam ao menos X% dele em até M minutos
   (`fracao_repasse`, `janela_repasse`), salto por salto, e a conta de destino quando todas vão
   para a mesma pessoa; com o SIMBA do destino no caso, os créditos que ele confirma. Num extrato que só
   dá o dia, "repasse no mesmo dia": as saídas do dia escritas logo depois do crédito (abaixo dele; acima, no
   extrato do mais recente para o mais antigo), sem intervalo afirmado;
4. conta recente: aberta pouco antes do primeiro crédito (`conta_recente`), pela data de abertura
   declarada (SIMBA CONTAS, DICT, extrato).
Conclui com dois indícios ou mais. Grau: forte só com indícios de ao menos duas famílias
independentes (um extrato sozinho, ou o extrato e o SIMBA, que são ambos banco, dão no máximo
moderado); senão moderado.
"""

from __future__ import annotations

from typing import Any

from perito.principal.dinheiro import Lancamento, Modelo, Pessoa, dias_do_relato, modelo
from perito.principal.graus import explicar_familias, independentes
from perito.principal.identidades import pode_ser
from perito.principal.indice import Indice
from perito.principal.ocorrencias import Ocorrencia
from perito.principal.parametros import Parametros
from perito.principal.referencias import referencias, titular_declarado
from perito.principal.repasse import Repasse, repasses, salto
from perito.principal.titular_pela_carta import TitularPelaCarta
from perito.principal.vinculo_financeiro import confirmacao_simba
from perito.texto_ptbr import conforme, plural

DESCRICAO = (
    "indícios de conta de passagem com números: pagadores distintos em D dias, vítimas de relatos, repasse de X% em M "
    "minutos salto por salto (num extrato só com o dia, no mesmo dia, sem intervalo afirmado), conta aberta pouco antes",
    "dois indícios ou mais, de ao menos duas famílias independentes",
    "dois indícios ou mais de uma família só (um extrato, ou extrato e SIMBA)",
)


class _Indicio:
    def __init__(self, texto: str, provas: list[Ocorrencia], familias: set[str]) -> None:
        self.texto, self.provas, self.familias = texto, provas, familias


def concluir(indice: Indice, parametros: Parametros) -> list[dict[str, Any]]:
    dinheiro = modelo(indice)
    por_conta: dict[str, list[Lancamento]] = {}
    for lancamento in dinheiro.lancamentos:
        por_conta.setdefault(lancamento.extrato, []).append(lancamento)
    conclusoes = []
    for conta, lancamentos in sorted(por_conta.items()):
        creditos = [t for t in lancamentos if t.direcao == "credito" and t.dia]
        if not creditos:
            continue
        indicios = [
            *_muitos_pagadores(creditos, parametros),
            *_vitimas(dinheiro, creditos),
            *_repasse(dinheiro, creditos, parametros),
            *_conta_recente(indice, creditos, parametros),
        ]
        if len(indicios) >= 2:
            carta = None if creditos[0].simba else dinheiro.titulares_pelas_cartas.get(creditos[0].arquivo)
            conclusoes.append(_conclusao(conta, creditos, indicios, carta))
    return conclusoes


def _conclusao(conta: str, creditos: list[Lancamento], indicios: list[_Indicio],
               carta: TitularPelaCarta | None) -> dict[str, Any]:
    familias = set().union(*(i.familias for i in indicios))
    grau = "forte" if len(independentes(familias)) >= 2 else "moderado"
    motivo = (
        f"{len(indicios)} indícios de {explicar_familias(familias)}" if grau == "forte"
        else f"{len(indicios)} indícios, mas de uma só família de fonte ({explicar_familias(familias)}): no máximo moderado"
    )
    titular = next((t.titular for t in creditos if t.titular), None)
    quem = titular.descrever() if titular else "titular não declarado"
    lista = "; ".join(f"({n}) {i.texto}" for n, i in enumerate(indicios, start=1))
    citados = [o for i in indicios for o in i.provas]
    extras = titular_declarado(creditos[0].valor) if titular else []
    if titular and (creditos[0].simba or carta):  # o titular declarado fora das linhas do extrato é citado onde está
        citados += titular.provas
    onde = creditos[0].valor.arquivo + (f"; {carta.descricao}" if carta else "")
    return {
        "tipo": "identificacao_laranja",
        "afirmacao": (
            f"A conta de {quem} ({onde}) tem {len(indicios)} indícios de conta de passagem: "
            f"{lista}. Grau {grau}: {motivo}."
        ),
        "grau_confianca": grau,
        "referencias": referencias(citados, extras),
        "chave_ordenacao": conta,
    }


def _chave_pessoa(pessoa: Pessoa) -> str | None:
    return pessoa.cpf or pessoa.nome


def _muitos_pagadores(creditos: list[Lancamento], parametros: Parametros) -> list[_Indicio]:
    pagadores: dict[str, Lancamento] = {}
    for t in sorted(creditos, key=lambda t: t.dia):
        if t.contraparte is not None and (chave := _chave_pessoa(t.contraparte)):
            if t.titular is None or not t.contraparte.mesma(t.titular):  # transferência entre contas da titular não conta
                pagadores.setdefault(chave, t)
    if len(pagadores) < parametros.muitos_pagadores:
        return []
    primeiro = min(pagadores.values(), key=lambda t: t.dia)
    ultimo = max(pagadores.values(), key=lambda t: t.dia)
    if (ultimo.dia - primeiro.dia).days > parametros.dias_pagadores:
        return []
    listados = list(pagadores.values())[:LISTADOS]
    nomes = ", ".join(t.contraparte.literal or "?" for t in listados if t.contraparte)
    nomes += _e_mais(len(pagadores) - len(listados), "pagador", "pagadores")
    # as datas como os lançamentos as escrevem (o validador as acha nas linhas citadas)
    texto = f"{len(pagadores)} pagadores distintos entre {_data_escrita(primeiro)} e {_data_escrita(ultimo)} ({nomes})"
    provas = [o for t in (*listados, primeiro, ultimo) for o in t.provas]
    return [_Indicio(texto, provas, {t.familia for t in pagadores.values()})]


#: quantos pagadores, relatos e repasses cada indício descreve e cita, na ordem da conta; os outros só são
#: contados ("e mais 1.234"). Como a amostra por arquivo das convergências: num extrato com dezenas de milhares
#: de créditos, descrever todos fazia uma afirmação de megabytes, que ninguém lê, e o número total já está dito.
LISTADOS = 10
#: até quantos créditos da conta o indício de repasse cita (o "de C créditos" só se confere com todos citados);
#: acima disso o validador diz que a contagem não está citada (AMBIGUO), em vez de a conclusão citar milhares
CREDITOS_CITADOS = 200


def _e_mais(restantes: int, singular: str, plural_: str, separador: str = ",") -> str:
    return f"{separador} e mais {plural(restantes, singular, plural_)}" if restantes > 0 else ""


def _data_escrita(t: Lancamento) -> str:
    """A data como o documento a escreve: o "10/07" do extrato com o ano no título (o ano não está na linha, e o
    validador não o acharia), salvo o documento que escreve o mês antes do dia (como `Ocorrencia.quando_escrito`)."""
    meta = t.valor.meta
    mes_dia = meta.get("ordem_data") == "mes_dia"
    return (meta.get("data_literal") or (None if mes_dia else meta.get("data_escrita")) or meta.get("data")
            or t.dia.strftime("%d/%m/%Y"))


def _por_valor_e_dia(creditos: list[Lancamento]) -> dict[tuple, list[Lancamento]]:
    """Créditos por (valor, dia), na ordem da conta: cada relato só olha os que podem ser o seu (comparar
    cada relato com cada crédito da conta cresce com o produto dos dois)."""
    grupos: dict[tuple, list[Lancamento]] = {}
    for credito in creditos:
        for dia in dias_do_relato(credito):  # o dia local que o relato conta
            grupos.setdefault((credito.quantia, dia), []).append(credito)
    return grupos


def _vitimas(dinheiro: Modelo, creditos: list[Lancamento]) -> list[_Indicio]:
    achadas = []
    por_valor_e_dia = _por_valor_e_dia(creditos)
    for narrada in dinheiro.narradas:
        if narrada.do_investigado:
            continue  # o investigado conta o que entrou na conta dele: não é uma vítima que relatou
        for credito in por_valor_e_dia.get((narrada.quantia, narrada.dia), ()):
            if narrada.e_o_proprio(credito):
                continue
            if narrada.vitima is None or credito.contraparte is None or pode_ser(credito.contraparte, narrada.vitima):
                achadas.append((narrada, credito))
                break
    if not achadas:
        return []
    listadas = achadas[:LISTADOS]
    partes = [
        f"{n.vitima.literal if n.vitima and n.vitima.literal else 'a vítima'} "
        f"{'apresenta o comprovante' if n.pelo_comprovante else 'relata'} ({n.descrever()}) do crédito de "
        f"{c.valor.literal}" if n.pelo_comprovante else
        f"{n.vitima.literal if n.vitima and n.vitima.literal else 'a vítima'} relata ({n.descrever()}) o crédito de "
        f"{c.valor.literal}" for n, c in listadas
    ]
    provas = [o for n, c in listadas for o in (*n.provas, *(n.vitima.provas if n.vitima else []), *c.provas)]
    texto = "recebeu de vítima que relatou a transferência: " + "; ".join(partes)
    texto += _e_mais(len(achadas) - len(listadas), "crédito relatado", "créditos relatados", ";")
    # a família do relato conta pela vítima que ele qualifica (também quando o valor é o do comprovante dela)
    familias = {n.valor.familia for n, _ in achadas} | {o.familia for n, _ in achadas if n.vitima for o in n.vitima.provas}
    return [_Indicio(texto, provas, familias)]


def _repasse(dinheiro: Modelo, creditos: list[Lancamento], parametros: Parametros) -> list[_Indicio]:
    achados = repasses(dinheiro, creditos, parametros)
    saltos = sum(len(r.creditos) for r in achados)  # créditos repassados (um grupo leva vários)
    descritos: list[str] = []
    provas: list[Ocorrencia] = []
    destinos: list[Pessoa | None] = []
    confirmados: list[Lancamento] = []
    familias: set[str] = set()
    for n, achado in enumerate(achados):
        if n < LISTADOS:  # os outros só entram na conta
            descritos.append(salto(achado))
            provas += [o for t in (*achado.creditos, *achado.saidas) for o in t.provas]
        familias.update(c.familia for c in achado.creditos)
        destinos += [t.contraparte for t in achado.saidas]
        titular = achado.creditos[0].titular
        for t in achado.saidas:
            if confirmado := confirmacao_simba(dinheiro, t, titular):
                confirmados.append(confirmado)
                if len(confirmados) <= LISTADOS:
                    provas += confirmado.provas
    repassados = {id(c) for r in achados for c in r.creditos}
    por_valor_e_dia = _por_valor_e_dia(creditos)
    relatados = {id(c) for n in dinheiro.narradas for c in por_valor_e_dia.get((n.quantia, n.dia), ())}
    # um repasse rápido isolado é comum (pagar uma conta logo depois de receber): o indício pede dois créditos
    # repassados, ou o do crédito que uma vítima relatou
    if saltos < 2 and not (saltos and relatados & repassados):
        return []
    if len(creditos) <= CREDITOS_CITADOS:  # "S de C créditos": os C citados, para o validador os contar
        provas += [o for c in creditos for o in c.provas]
    # num extrato só com o dia, "rápido" não se afirma: o repasse é do mesmo dia
    so_dia = all(r.so_dia for r in achados)
    nome, nomes = ("repasse no mesmo dia", "repasses no mesmo dia") if so_dia else ("repasse rápido", "repasses rápidos")
    texto = (f"{nome} em {saltos} de {plural(len(creditos), 'crédito', 'créditos')}: " + "; ".join(descritos)
             + _mais_repasses(achados[LISTADOS:], nome, nomes))
    if len(destinos) >= 2 and all(d is not None for d in destinos) and all(d.mesma(destinos[0]) for d in destinos[1:]):
        texto += f"; todas as saídas vão para {destinos[0].descrever()}"
    if confirmados:
        vindos = conforme(len(confirmados), "vindo", "vindos")
        texto += f"; o SIMBA da conta de destino registra {len(confirmados)} desses créditos {vindos} da titular"
    return [_Indicio(texto, provas, familias)]


def _mais_repasses(restantes: list[Repasse], nome: str, nomes: str) -> str:
    """Os repasses não descritos, contados em créditos (o "S" de "S de C créditos" soma os descritos e estes)."""
    creditos = sum(len(r.creditos) for r in restantes)
    if creditos == len(restantes):
        return _e_mais(creditos, nome, nomes, ";")
    return _e_mais(creditos, "crédito repassado", "créditos repassados", ";")


def _conta_recente(indice: Indice, creditos: list[Lancamento], parametros: Parametros) -> list[_Indicio]:
    primeiro = min(t.dia for t in creditos if t.dia)
    titular = next((t.titular for t in creditos if t.titular), None)
    arquivos = {t.valor.arquivo for t in creditos}
    for abertura in _aberturas(indice):
        if (dia := abertura.dia) is None or dia > primeiro:
            continue
        mesma_conta = abertura.arquivo in arquivos or (titular is not None and _do_titular(indice, abertura, titular))
        if mesma_conta and primeiro - dia <= parametros.conta_recente:
            # sem "N dias" escrito: o validador só aceita intervalos entre instantes citados
            texto = (f"conta aberta em {abertura.literal} ({abertura.onde}), pouco antes do primeiro crédito "
                     f"(dentro do limite de conta recente do manifesto)")
            return [_Indicio(texto, [abertura], {abertura.familia})]
    return []


def _aberturas(indice: Indice) -> list[Ocorrencia]:
    """Datas de abertura de conta, na ordem do índice: separadas uma vez, não a cada conta (num log grande,
    quase todo dado é uma data de evento)."""
    if "aberturas" not in indice.memoria:
        indice.memoria["aberturas"] = [
            o for o in indice.do_campo("data_evento") if o.meta.get("papel") == "abertura_conta" and o.dia is not None
        ]
    return indice.memoria["aberturas"]  # type: ignore[return-value]


def _do_titular(indice: Indice, abertura: Ocorrencia, titular: Pessoa) -> bool:
    vizinhos = indice.no_registro(abertura, "cpf", "nome_titular")
    return any(
        (v.campo == "cpf" and titular.cpf and v.meta.get("digitos") == titular.cpf)
        or (v.campo == "nome_titular" and titular.nome and v.meta.get("nome_normalizado") == titular.nome)
        for v in vizinhos
    )

