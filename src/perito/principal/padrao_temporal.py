"""padrao_temporal: atividade pela mesma chave (IP) agrupada no tempo antes de uma transação.

Para cada transação com IP registrado no banco, os eventos do provedor pelo mesmo IP
público na janela anterior (60 min por padrão) formam o padrão: a conexão usada no
provedor minutos antes é a mesma da transação. Grau moderado com a mesma porta (IPv4)
ou o mesmo IPv6; sem porta nos dois lados, fraco. Nunca forte: sequência no tempo não
prova autoria sozinha.
"""

from __future__ import annotations

from typing import Any

from perito.chaves import tempo
from perito.principal import graus
from perito.principal.indice import Indice
from perito.principal.ocorrencias import Ocorrencia
from perito.principal.parametros import Parametros
from perito.principal.referencias import referencias

#: linha da tabela de regras do README: o que compara, quando é forte, quando é moderado
DESCRICAO = (
    "eventos do provedor pelo mesmo IP na hora anterior a uma transação do banco; sem a mesma porta, fraco; a hora "
    "repetida do fim do horário de verão é dita",
    "nunca (sequência no tempo não prova autoria)",
    "mesma porta (IPv4) ou mesmo IPv6",
)


def concluir(indice: Indice, parametros: Parametros) -> list[dict[str, Any]]:
    conclusoes = []
    ips = [o for o in indice.do_tipo("ip") if o.meta.get("roteavel") and o.instante]
    # só os IPs de alguma transação do banco têm padrão a procurar: agrupar e ordenar os outros (quase todos,
    # num log de provedor) era só custo
    com_transacao = {o.meta.get("ip_canonico") for o in ips if o.campo == "ip_transacao" and o.familia == "banco"}
    ips = [o for o in ips if o.meta.get("ip_canonico") in com_transacao]
    for ip, grupo in indice.agrupar(ips, lambda o: o.meta.get("ip_canonico")).items():
        transacoes = [o for o in grupo if o.campo == "ip_transacao" and o.familia == "banco"]
        provedor = sorted((o for o in grupo if o.familia == "provedor"), key=lambda o: o.instante)
        for transacao in transacoes[:1]:  # a primeira transação do IP: uma conclusão por IP
            antes = [
                o for o in provedor
                if transacao.instante - parametros.janela_padrao_temporal <= o.instante <= transacao.instante
            ]
            if not antes:
                continue
            mesma_porta = all(o.porta and o.porta == transacao.porta for o in antes) or ":" in ip
            primeiro, ultimo = antes[0], antes[-1]
            # nunca forte; a hora repetida do fim do horário de verão só precisa ser dita
            grau, ambigua = graus.teto_hora_ambigua(
                "moderado" if mesma_porta else "fraco",
                (o.quando_escrito or o.literal for o in (primeiro, ultimo, transacao) if o.meta.get("hora_ambigua")),
            )
            if len(antes) == 1:  # "1 evento entre A e A" dizia o mesmo evento duas vezes
                sequencia = (
                    f"Pelo IP {ip}, o provedor registra 1 evento, em {primeiro.quando_escrito} ({primeiro.onde}); a "
                    f"transação em {transacao.quando_escrito} ({transacao.onde}) vem "
                    f"{tempo.duracao(transacao.instante - primeiro.instante)} depois dele.")
            else:
                sequencia = (
                    f"Pelo IP {ip}, o provedor registra {len(antes)} eventos entre {primeiro.quando_escrito} "
                    f"({primeiro.onde}) e {ultimo.quando_escrito} ({ultimo.onde}); a transação em "
                    f"{transacao.quando_escrito} ({transacao.onde}) vem {tempo.duracao(transacao.instante - ultimo.instante)} "
                    f"depois do último e {tempo.duracao(transacao.instante - primeiro.instante)} depois do primeiro.")
            afirmacao = (
                f"{sequencia} Grau {grau}: "
                + ("mesma conexão (mesmo IP e porta) nos dois lados, mas sequência no tempo não prova autoria sozinha."
                   if mesma_porta else _sem_a_mesma_porta(antes, transacao))
                + (f" Atenção: {ambigua}." if ambigua else "")
            )
            conclusoes.append({
                "tipo": "padrao_temporal",
                "afirmacao": afirmacao,
                "grau_confianca": grau,
                # todos os eventos contados ("N eventos"), não só o primeiro e o último: o validador os conta
                "referencias": referencias([*antes, transacao, *_datas(indice, *antes, transacao)]),
                "chave_ordenacao": ip,
            })
    return conclusoes


def _sem_a_mesma_porta(antes: list[Ocorrencia], transacao: Ocorrencia) -> str:
    """Por que fraco: nenhum evento com a porta da transação, ou só alguns (dizer "sem a mesma porta nos dois lados"
    quando o último evento tem a mesma porta seria falso)."""
    com_a_porta = [o for o in antes if transacao.porta and o.porta == transacao.porta]
    if not com_a_porta:
        return "sem a mesma porta nos dois lados, a conexão pode ser outra (CGNAT)."
    return (f"a porta da transação ({transacao.porta}) está em {len(com_a_porta)} dos {len(antes)} eventos do provedor; "
            "nos outros, a conexão pode ser outra (CGNAT).")


def _datas(indice: Indice, *ocorrencias) -> list:
    """A data-hora de cada evento, no mesmo local, para a citação carregar o instante com o fuso."""
    datas = []
    for o in ocorrencias:
        mesma = [
            d for d in indice.no_local(o, "data_evento")
            if (d.meta.get("data"), d.meta.get("hora")) == (o.meta.get("data"), o.meta.get("hora"))
        ]
        datas += mesma[:1]
    return datas
