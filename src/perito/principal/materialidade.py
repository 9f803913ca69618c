"""materialidade: a transferência que a vítima relata (valor e data) está no extrato de quem recebeu.

Valor e dia do relato devem bater com um crédito num extrato; o nome da vítima como
pagadora no histórico do crédito eleva o grau a forte. Mesmo valor em outro dia não
é materialidade. Uma conclusão por crédito, citando todos os relatos que batem.
"""

from __future__ import annotations

from typing import Any

from perito.principal.indice import Indice
from perito.principal.ocorrencias import Ocorrencia
from perito.principal.parametros import Parametros
from perito.principal.referencias import referencias
from perito.principal.transacoes import Transacao, transacoes


def concluir(indice: Indice, parametros: Parametros) -> list[dict[str, Any]]:
    creditos = [t for t in transacoes(indice, "banco") if t.direcao == "credito" and t.dia]
    por_valor_e_dia: dict[tuple, list[int]] = {}
    for i, credito in enumerate(creditos):
        por_valor_e_dia.setdefault((credito.quantia, credito.dia), []).append(i)
    relatos: dict[int, list[tuple[Transacao, list[Ocorrencia]]]] = {}
    for relato in transacoes(indice, "relato"):
        if relato.dia is None:
            continue
        vitimas = [o for o in indice.do_arquivo(relato.valor.arquivo, "nome_titular") if o.meta.get("papel") == "vitima"]
        for i in por_valor_e_dia.get((relato.quantia, relato.dia), []):
            relatos.setdefault(i, []).append((relato, vitimas))
    conclusoes = []
    for i, encontrados in sorted(relatos.items()):
        credito = creditos[i]
        nomes_vitima = {o.meta["nome_normalizado"] for _, vitimas in encontrados for o in vitimas}
        pagou = credito.nome_contraparte in nomes_vitima
        grau = "forte" if pagou else "moderado"
        motivo = (
            "valor e data do relato batem com o crédito, e o pagador no histórico é a vítima"
            if pagou else "valor e data do relato batem com o crédito, mas o histórico não nomeia a vítima como pagadora"
        )
        descricoes = "; ".join(
            f"{r.valor.onde}: {r.valor.literal} em {r.valor.meta.get('data')}"
            + (f", vítima {v[0].literal}" if v else "")
            for r, v in encontrados
        )
        citados = [o for r, v in encontrados for o in (*r.ocorrencias, *v[:1])]
        conclusoes.append({
            "tipo": "materialidade",
            "afirmacao": (
                f"A transferência relatada ({descricoes}) está no extrato de quem recebeu ({credito.descrever()}). "
                f"Grau {grau}: {motivo}."
            ),
            "grau_confianca": grau,
            "referencias": referencias([*citados, *credito.ocorrencias]),
            "chave_ordenacao": f"{credito.valor.arquivo}|{credito.valor.dado['linha_ou_celula']}",
        })
    return conclusoes
