"""convergencia_ip: o mesmo IP público em arquivos diferentes, com instantes comparados por fuso.

Regras (README, "Cruzamento", convergencia_ip):
- privados, loopback, link-local, reservados e compartilhados (100.64/10) nunca convergem;
- IPv4 (CGNAT serve muitos assinantes ao mesmo tempo): forte só com a mesma porta
  e instantes dentro da janela; sem porta em um dos lados, no máximo moderado;
  portas diferentes ou instantes fora da janela, fraco;
- IPv6: mesmo endereço dentro da janela, forte (a porta só é argumento de CGNAT no IPv4);
  fora dela, moderado; endereços diferentes do mesmo /64 na janela, moderado;
- sem fuso declarado não há afirmação de simultaneidade: fraco;
- um par de arquivos da mesma família (duas respostas da Meta) é uma fonte só, e um instante
  na hora repetida do fim do horário de verão é ambíguo: nos dois casos, no máximo moderado.
Uma conclusão por IP e grupo de arquivos; o par que a sustenta é o de maior grau, e o forte
nomeia as duas famílias independentes.
"""

from __future__ import annotations

import bisect
import datetime as dt
import itertools
from dataclasses import dataclass, replace
from typing import Any

from perito.chaves import ip as chaves_ip
from perito.chaves import tempo
from perito.principal import graus
from perito.principal.graus import ORDEM
from perito.principal.indice import Indice
from perito.principal.ocorrencias import Ocorrencia
from perito.principal.parametros import Parametros
from perito.principal.rede_do_ip import teto_da_rede
from perito.principal.referencias import apoios, juntar, no_local, referencia, unir

#: linha da tabela de regras do README: o que compara, quando é forte, quando é moderado
DESCRICAO = (
    "mesmo IP público em arquivos diferentes (privados, reservados e 100.64/10 nunca), instantes comparados depois de "
    "ler o fuso de cada documento (UTC, GMT, BRT, BRST, AMT, ACT, FNT, deslocamentos, \"horário de Brasília\" com o "
    "horário de verão anterior a 2019); sem fuso declarado, fraco e sem afirmação de simultaneidade; IPv4 com portas "
    "diferentes ou fora da janela, fraco (CGNAT)",
    "IPv4 com a mesma porta (ou a porta dentro do bloco de portas que a operadora deu à conexão), ou o mesmo IPv6 (a "
    "porta não conta), com instantes na janela (`--janela`, 5 min; o instante dentro da sessão de conexão com início e "
    "fim conta como intervalo zero; sem fuso declarado, o IP da sessão fica com o início e o fim vai com ele, no "
    "relógio do documento), em duas famílias independentes, nomeadas na afirmação, ou em respostas de "
    "provedores que se nomeiam como empresas diferentes no topo (Apple e um site de anúncios)",
    "IPv4 sem porta num lado; IPv6 fora da janela, ou outro endereço do mesmo /64 na janela; o que seria forte com "
    "arquivos de uma família só (duas respostas da Meta), com a hora repetida do fim do horário de verão ou com o IP "
    "numa rede de hospedagem ou VPN (base de IP embarcada, dita na afirmação)",
)


@dataclass(frozen=True)
class Par:
    a: Ocorrencia
    b: Ocorrencia
    grau: str
    motivo: str
    intervalo: dt.timedelta | None

    @property
    def fontes_independentes(self) -> bool:
        return _independentes(self.a, self.b)

    def ordem(self) -> tuple:
        segundos = self.intervalo.total_seconds() if self.intervalo is not None else float("inf")
        return (ORDEM[self.grau], self.fontes_independentes, -segundos)


def concluir(indice: Indice, parametros: Parametros) -> list[dict[str, Any]]:
    janela = parametros.janela
    conclusoes = []
    # o IP do servidor do banco ou do destino da conexão é o mesmo para todos os clientes: não liga ninguém
    ips = [o for o in indice.do_tipo("ip") if o.meta.get("papel_ip") != "servidor"]
    for chave, grupo in indice.agrupar_entre_arquivos(ips, lambda o: o.meta.get("ip_canonico")).items():
        if not grupo[0].meta.get("roteavel"):
            continue  # endereço não roteável nunca identifica uma conexão
        por_arquivo: dict[str, list[Ocorrencia]] = {}
        for o in grupo:
            por_arquivo.setdefault(o.arquivo, []).append(o)
        if len(por_arquivo) < 2:
            continue
        if conclusao := _concluir_ip(chave, por_arquivo, janela):
            conclusoes.append(conclusao)
    return conclusoes + _mesmo_prefixo_ipv6(indice, ips, janela)


def _blocos(prefixo: str) -> str:
    """ "2804:14c:65a1:4000::/64" → "2804:14c:65a1:4000" (sem "::", para não parecer um endereço citado)."""
    return prefixo.split("::")[0].removesuffix("/64")


def _mesmo_prefixo_ipv6(indice: Indice, ips: list[Ocorrencia], janela: dt.timedelta) -> list[dict[str, Any]]:
    """Endereços IPv6 diferentes do mesmo /64 em arquivos diferentes: moderado na janela, senão nada.

    Um /64 costuma ser a rede de um só assinante (o dispositivo troca o fim do endereço por
    privacidade), mas não é o mesmo endereço: nunca forte.
    """
    conclusoes = []
    v6 = [o for o in ips if o.meta.get("versao_ip") == 6 and o.meta.get("roteavel") and o.instante]
    for prefixo, grupo in indice.agrupar(v6, lambda o: chaves_ip.prefixo64(o.meta["ip_canonico"])).items():
        ordenados = sorted(grupo, key=lambda o: (o.instante, o.seq))
        pares = [
            (abs(b.instante - a.instante), a, b)
            for a, b in itertools.pairwise(ordenados)
            if a.arquivo != b.arquivo and a.meta["ip_canonico"] != b.meta["ip_canonico"]
        ]
        dentro = [p for p in pares if p[0] <= janela]
        if not dentro:
            continue
        intervalo, a, b = min(dentro, key=lambda p: (p[0], p[1].seq))
        _, ambigua = graus.teto_hora_ambigua("moderado", _horas_ambiguas(a, b))
        afirmacao = (
            f"Os endereços IPv6 {a.literal} ({descrever_acesso(a)}) e {b.literal} ({descrever_acesso(b)}) são da mesma rede /64 "
            f"(os quatro primeiros blocos, {_blocos(prefixo)}, iguais); convertidos para UTC, os instantes distam "
            f"{tempo.duracao(intervalo)}. Grau moderado: o mesmo "
            f"/64 dentro da janela de {tempo.duracao(janela)} costuma ser a rede de um só assinante, mas não é o mesmo endereço"
            + (f"; {ambigua}." if ambigua else ".")
        )
        conclusoes.append({
            "tipo": "convergencia_ip",
            "afirmacao": afirmacao,
            "grau_confianca": "moderado",
            "referencias": referencias_do_ip((a, b)),
            "chave_ordenacao": prefixo,
        })
    return conclusoes


def _concluir_ip(ip: str, por_arquivo: dict[str, list[Ocorrencia]], janela: dt.timedelta) -> dict[str, Any] | None:
    principal = _melhor_par(por_arquivo, janela)
    grau, rede = teto_da_rede(ip, principal.grau)
    if rede:
        principal = replace(principal, grau=grau, motivo=f"{principal.motivo}; {rede}")
    citadas = [principal.a, principal.b]
    for arquivo in sorted(por_arquivo):
        if arquivo not in (principal.a.arquivo, principal.b.arquivo):
            citadas.append(_mais_proxima(por_arquivo[arquivo], principal.a))
    afirmacao = _afirmacao(ip, principal, citadas[2:], janela)
    if alocacoes := _outras_alocacoes(principal, por_arquivo):
        sessao = alocacoes[0]
        afirmacao += (f" A mesma resposta registra esse IP, nesse instante, também em "
                      f"{'; '.join(descrever_acesso(o) for o in alocacoes[1:])}: sem a porta de origem do acesso, o IP "
                      f"não diz qual dessas alocações de {sessao.arquivo} o usou.")
        citadas += alocacoes[1:]
    return {
        "tipo": "convergencia_ip",
        "afirmacao": afirmacao,
        "grau_confianca": principal.grau,
        "referencias": referencias_do_ip(citadas),
        "chave_ordenacao": ip,
    }


#: quantas outras alocações do mesmo IP a afirmação cita
_ALOCACOES_CITADAS = 5


def _outras_alocacoes(par: Par, por_arquivo: dict[str, list[Ocorrencia]]) -> list[Ocorrencia]:
    """Quando o acesso sem porta cai na sessão (ou no bloco de portas) que a operadora registra, as outras sessões do
    mesmo IP na mesma resposta que também o contêm (a CGNAT dá o IP a vários clientes ao mesmo tempo, cada um com o
    seu bloco): a sessão do par primeiro, depois as outras. Vazio quando não há outra, ou quando o acesso tem porta."""
    if par.intervalo is None or (sessao := _dentro_da_sessao(par.a, par.b)) is None:
        return []
    acesso = par.b if sessao is par.a else par.a
    if acesso.porta:
        return []
    outras = [o for o in por_arquivo.get(sessao.arquivo, []) if o is not sessao and _dentro_da_sessao(o, acesso) is o]
    return [sessao, *outras[:_ALOCACOES_CITADAS]] if outras else []


def _melhor_par(por_arquivo: dict[str, list[Ocorrencia]], janela: dt.timedelta) -> Par:
    """O par de maior grau entre arquivos diferentes, sem comparar todos contra todos.

    Em ordem de instante, o par mais próximo com arquivos (ou famílias) diferentes é sempre
    vizinho na lista: qualquer ocorrência entre os dois seria mais próxima de um deles. Basta
    olhar os vizinhos na lista de todos os instantes e na lista de cada porta (o par forte
    precisa da mesma porta).
    """
    datados = sorted((o for lista in por_arquivo.values() for o in lista if o.instante), key=lambda o: (o.instante, o.seq))
    listas = [datados]
    por_porta: dict[str, list[Ocorrencia]] = {}
    for o in datados:
        if o.porta:
            por_porta.setdefault(o.porta, []).append(o)
    listas += list(por_porta.values())
    # o primeiro par de maior `Par.ordem` (como max() sobre os pares graduados), comparando só grau e
    # intervalo: o texto do motivo é montado para o vencedor, não para cada um dos milhares de vizinhos
    melhor: tuple[Ocorrencia, Ocorrencia] | None = None
    maior: tuple = ()
    for lista in listas:
        for a, b in itertools.pairwise(lista):
            if a.arquivo != b.arquivo and (ordem := ordem_do_par(a, b, janela)) > maior:
                melhor, maior = (a, b), ordem
    # a sessão de conexão ou o bloco de portas da CGNAT: o acesso que cabe nela não é vizinho dela na ordem dos inícios
    # quando outra sessão do mesmo IP começa no meio (duas sessões, dois clientes), nem na lista da porta exata; cada
    # sessão é comparada com os acessos de outros arquivos entre o início e o fim dela (com a janela)
    instantes = [o.instante for o in datados]
    for sessao in datados:
        if sessao.fim_da_sessao is None and not (sessao.portas and sessao.portas[1] > sessao.portas[0]):
            continue
        assert sessao.instante is not None
        fim = max(sessao.fim_da_sessao or sessao.instante, sessao.instante)
        for outro in datados[bisect.bisect_left(instantes, sessao.instante - janela):
                             bisect.bisect_right(instantes, fim + janela)]:
            if outro.arquivo != sessao.arquivo:
                par = (sessao, outro) if (sessao.instante, sessao.seq) <= (outro.instante, outro.seq) else (outro, sessao)
                if (ordem := ordem_do_par(*par, janela)) > maior:
                    melhor, maior = par, ordem
    if melhor is None:
        # nenhum par datado entre arquivos: o primeiro dado de cada um dos dois primeiros arquivos (fraco)
        primeiro, segundo = sorted(por_arquivo)[:2]
        melhor = por_arquivo[primeiro][0], por_arquivo[segundo][0]
    return graduar(*melhor, janela)


def ordem_do_par(a: Ocorrencia, b: Ocorrencia, janela: dt.timedelta) -> tuple[int, bool, float]:
    """O mesmo que `graduar(a, b, janela).ordem()`, sem montar o motivo (a mesma prova e os mesmos tetos)."""
    grau, _, intervalo = _prova_ip(a, b, janela)
    if intervalo is None:
        return ORDEM[grau], _independentes(a, b), float("-inf")
    grau, _ = graus.teto_hora_ambigua(grau, _horas_ambiguas(a, b))
    if not _emissores_diferentes(a, b):
        grau, _ = graus.teto_uma_familia(grau, {a.familia, b.familia})
    return ORDEM[grau], _independentes(a, b), -intervalo.total_seconds()


def graduar(a: Ocorrencia, b: Ocorrencia, janela: dt.timedelta) -> Par:
    """O grau do par pela prova do IP e do instante, com os tetos de família e de hora ambígua."""
    grau, caso, intervalo = _prova_ip(a, b, janela)
    if caso == "sem_instante" and (a if a.instante is None else b).meta.get("ordem_data") == "conflito":
        caso = "ordem_da_data"
    elif caso == "sem_instante" and (a if a.instante is None else b).meta.get("hora_sem_am_pm"):
        caso = "hora_sem_am_pm"
    lado = (a if not a.porta else b) if caso == "sem_porta_de_um_lado" else (a if a.instante is None else b)
    motivo = _MOTIVOS[caso].format(limite=tempo.duracao(janela), arquivo=lado.arquivo, porta_a=a.porta, porta_b=b.porta)
    if intervalo is None:
        return Par(a, b, grau, motivo, None)
    grau, ambigua = graus.teto_hora_ambigua(grau, _horas_ambiguas(a, b))
    if _emissores_diferentes(a, b):
        mesma_familia = None
        fontes = (f"respostas de emissores diferentes ({a.meta['emissor_fonte']}; {b.meta['emissor_fonte']}), fontes "
                  "independentes ainda que da mesma família")
    else:
        grau, mesma_familia = graus.teto_uma_familia(grau, {a.familia, b.familia})
        fontes = graus.explicar_familias({a.familia, b.familia})
    motivo = "; ".join(m for m in (motivo, ambigua, mesma_familia) if m)
    if grau == "forte":
        motivo += f"; {fontes}"
    return Par(a, b, grau, motivo, intervalo)


def _emissores_diferentes(a: Ocorrencia, b: Ocorrencia) -> bool:
    """Dois documentos da mesma família conhecida que nomeiam empresas emissoras diferentes no topo (Apple e um
    site de anúncios): duas respostas, duas fontes. Sem o emissor nomeado nos dois, vale a família."""
    ea, eb = a.meta.get("emissor_fonte"), b.meta.get("emissor_fonte")
    return a.familia == b.familia and graus.independentes({a.familia}) != set() and bool(ea) and bool(eb) and ea != eb


def _independentes(a: Ocorrencia, b: Ocorrencia) -> bool:
    return graus.distintas(a.familia, b.familia) or _emissores_diferentes(a, b)


def _horas_ambiguas(*ocorrencias: Ocorrencia) -> list[str]:
    """Data e hora, como escritas, dos instantes na hora repetida do fim do horário de verão."""
    return [o.quando_escrito or o.literal for o in ocorrencias if o.meta.get("hora_ambigua")]


#: o porquê de cada caso de `_prova_ip`, dito na afirmação
_MOTIVOS = {
    "sem_instante": "sem data-hora com fuso declarado em {arquivo}: não se afirma simultaneidade",
    "ordem_da_data": ("{arquivo} escreve datas nas duas ordens, dia/mês e mês/dia, e esta as duas leem: sem o dia certo, "
                      "não se afirma simultaneidade"),
    "hora_sem_am_pm": ("{arquivo} escreve as horas com AM/PM, mas esta não diz AM nem PM (a célula quebrou a linha): da "
                       "manhã ou da tarde, não se afirma simultaneidade"),
    "ipv6_na_janela": "mesmo endereço IPv6 e intervalo dentro da janela de {limite}",
    "ipv6_fora": "mesmo endereço IPv6, mas fora da janela de {limite}",
    "fora_da_janela": "intervalo maior que a janela de {limite}: sob CGNAT o mesmo IPv4 público atende muitos assinantes",
    "mesma_porta": "IPv4 público, mesma porta de origem e intervalo dentro da janela de {limite}",
    "porta_no_bloco": ("IPv4 público, a porta de origem de um lado dentro do bloco de portas que a operadora atribuiu à "
                       "conexão do outro, e intervalo dentro da janela de {limite}"),
    "portas_diferentes": "portas de origem diferentes ({porta_a} e {porta_b}): sob CGNAT podem ser assinantes distintos",
    "sem_porta": "IPv4 público dentro da janela de {limite}, mas sem porta de origem nos dois lados (CGNAT não excluído)",
    "sem_porta_de_um_lado": ("IPv4 público dentro da janela de {limite}, mas sem porta de origem em {arquivo} (CGNAT não "
                             "excluído)"),
}


def _prova_ip(a: Ocorrencia, b: Ocorrencia, janela: dt.timedelta) -> tuple[str, str, dt.timedelta | None]:
    """O grau que o IP e o instante dão ao par, antes dos tetos; o caso (chave de `_MOTIVOS`); o intervalo."""
    if a.instante is None or b.instante is None:
        return "fraco", "sem_instante", None
    intervalo = distancia(a, b)
    dentro = intervalo <= janela
    if a.meta.get("versao_ip", 4) == 6:
        return ("forte", "ipv6_na_janela", intervalo) if dentro else ("moderado", "ipv6_fora", intervalo)
    if not dentro:
        return "fraco", "fora_da_janela", intervalo
    if a.porta and b.porta:
        if a.porta == b.porta:
            return "forte", "mesma_porta", intervalo
        if _no_bloco(a, b):
            return "forte", "porta_no_bloco", intervalo
        return "fraco", "portas_diferentes", intervalo
    return "moderado", "sem_porta_de_um_lado" if a.porta or b.porta else "sem_porta", intervalo


def distancia(a: Ocorrencia, b: Ocorrencia) -> dt.timedelta:
    """O intervalo entre os dois instantes; zero quando um cai dentro da sessão de conexão do outro (do início ao fim
    que a operadora registrou), e senão a distância até a borda mais próxima da sessão."""
    assert a.instante is not None and b.instante is not None
    for sessao, outro in ((a, b), (b, a)):
        if (fim := sessao.fim_da_sessao) is not None:
            assert sessao.instante is not None and outro.instante is not None
            if sessao.instante <= outro.instante <= fim:
                return dt.timedelta(0)
            return min(abs(outro.instante - sessao.instante), abs(outro.instante - fim))
    return abs(a.instante - b.instante)


def _dentro_da_sessao(a: Ocorrencia, b: Ocorrencia) -> Ocorrencia | None:
    """A ocorrência cuja sessão contém o instante da outra, ou None."""
    for sessao, outro in ((a, b), (b, a)):
        fim = sessao.fim_da_sessao
        if fim is not None and sessao.instante is not None and outro.instante is not None \
                and sessao.instante <= outro.instante <= fim:
            return sessao
    return None


def _no_bloco(a: Ocorrencia, b: Ocorrencia) -> bool:
    """A porta de um lado está no bloco de portas do outro (porta inicial a final, a alocação da CGNAT)."""
    pa, pb = a.portas, b.portas
    if pa is None or pb is None:
        return False
    return (pa[0] <= pb[0] and pb[1] <= pa[1]) or (pb[0] <= pa[0] and pa[1] <= pb[1])


def _mais_proxima(candidatas: list[Ocorrencia], alvo: Ocorrencia) -> Ocorrencia:
    if alvo.instante is None:
        return candidatas[0]
    return min(candidatas, key=lambda o: abs(o.instante - alvo.instante) if o.instante else dt.timedelta.max)


def _ip_com_porta(o: Ocorrencia) -> str:
    """O IP com a porta como o documento escreve os dois juntos (`1.2.3.4:51234`, `[2804::1]:443`); senão o IP só."""
    ip = o.dado["dado"]
    if not o.porta:
        return ip
    junto = f"[{ip}]:{o.porta}" if ":" in ip else f"{ip}:{o.porta}"
    return junto if junto in o.dado.get("texto_original", "") else ip


def referencias_do_ip(citadas) -> list[dict[str, Any]]:
    """IP (com a porta, quando escrita junto) e instante no local do IP; data-hora, porta e fuso escritos
    noutra célula, linha ou declaração, cada um no seu local."""
    refs = []
    for o in citadas:
        porta_fora = any(a.get("papel") == "porta" for a in o.meta.get("apoio", []))
        principal = o.dado["dado"] if porta_fora else _ip_com_porta(o)
        partes = no_local(o, principal)
        if not porta_fora and o.porta and principal == o.dado["dado"]:
            partes.insert(1, o.porta)  # a porta noutra coluna da mesma linha: citada como está, à parte
        final = o.meta.get("porta_final")
        if final and not any(a.get("papel") == "porta_final" for a in o.meta.get("apoio", [])):
            partes.insert(2, final)  # o fim do bloco de portas, na mesma linha
        refs.append(referencia(o, unir(partes)))
        refs.extend(apoios(o))
    return juntar(refs)


def descrever_acesso(o: Ocorrencia) -> str:
    quando = o.quando_escrito or "sem data-hora"
    if fim := o.meta.get("data_hora_fim"):  # a sessão de conexão: do início ao fim, no mesmo fuso
        quando += f" até {fim}"
    porta = f", porta {o.porta}" if o.porta else ""
    if o.portas and o.portas[1] != o.portas[0]:
        porta = f", bloco de portas {o.porta} a {o.meta['porta_final']}"
    declaracao = o.meta.get("contexto_fuso")
    origem = ""
    if declaracao:
        onde = ", ".join(p for p in (f"p. {declaracao['pagina']}" if declaracao.get("pagina") else "",
                                      f"aba {declaracao['aba_planilha']}" if declaracao.get("aba_planilha") else "",
                                      declaracao["linha_ou_celula"]) if p)
        valor = declaracao["valor"]
        # "fuso de Brasília" já diz que é fuso: "fuso fuso de Brasília declarado" não
        nome = valor if valor.lower().startswith("fuso") else f"fuso {valor}"
        origem = f"; {nome} declarado uma vez no documento, em {onde}"
        if declaracao.get("arquivo", o.arquivo) != o.arquivo:  # a carta que encaminha o arquivo
            origem = f"; {nome} declarado na carta que encaminha o arquivo, {declaracao['arquivo']}, {onde}"
    ambigua = "; hora repetida no fim do horário de verão: instante ambíguo" if o.meta.get("hora_ambigua") else ""
    return f"{o.onde} ({quando}{porta}{origem}{ambigua})"


def _afirmacao(ip: str, par: Par, outras: list[Ocorrencia], janela: dt.timedelta) -> str:
    texto = f"O IP {ip} aparece em {descrever_acesso(par.a)} e em {descrever_acesso(par.b)}"
    if par.intervalo is not None and (sessao := _dentro_da_sessao(par.a, par.b)) is not None:
        outro = par.b if sessao is par.a else par.a
        texto += (f"; convertido para UTC, o instante em {outro.arquivo} cai dentro da sessão de conexão registrada em "
                  f"{sessao.arquivo}")
    elif par.intervalo is not None:
        texto += f"; convertidos para UTC, os instantes distam {tempo.duracao(par.intervalo)}"
    texto += f". Grau {par.grau}: {par.motivo}."
    if outras:
        texto += " Também aparece em " + "; ".join(descrever_acesso(o) for o in outras) + "."
    return texto
