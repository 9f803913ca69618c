"""vinculo_telefone: o mesmo número (E.164) em fontes de famílias diferentes; e a chamada relatada que a bilhetagem
registra (`chamada_relatada`).

Número igual dígito a dígito é identidade da linha: forte com duas famílias ou mais.
Um celular antigo de 8 dígitos, ligado ao número atual pelo nono dígito acrescentado,
é vínculo provável, não identidade: é uma conclusão própria, no máximo moderada, e
nunca entra na conta das famílias da conclusão forte. Números com um dígito de
diferença não se ligam.
"""

from __future__ import annotations

from typing import Any

from perito.principal import chamada_relatada, graus
from perito.principal.indice import Indice
from perito.principal.parametros import Parametros
from perito.principal.referencias import referencias
from perito.principal.telefones import antigo, por_numero, usos_por_papel

#: linha da tabela de regras do README: o que compara, quando é forte, quando é moderado
DESCRICAO = (
    "mesmo E.164 (telefone ou chave Pix) em famílias diferentes; ou a chamada que o relato conta, entre o número que "
    "ligou e o telefone da vítima, num registro da bilhetagem do dia do fato; um dígito de diferença ou uma família só "
    "não ligam",
    "o número dígito a dígito em duas famílias ou mais, nomeadas na afirmação (a chamada: os dois números e o dia)",
    "a forma antiga de 8 dígitos (nono dígito acrescentado): conclusão à parte, que nunca conta para o forte",
)


def concluir(indice: Indice, parametros: Parametros) -> list[dict[str, Any]]:
    conclusoes = []
    for numero, grupo in por_numero(indice).items():
        exatos = [o for o in grupo if not antigo(o)]
        antigos = [o for o in grupo if antigo(o)]
        familias = {o.familia for o in exatos}
        if len(graus.independentes(familias)) >= 2:
            citados, usos = usos_por_papel(exatos)
            motivo = f"o mesmo número, dígito a dígito, em {graus.explicar_familias(familias)}"
            conclusoes.append({
                "tipo": "vinculo_telefone",
                "afirmacao": f"O número {numero} aparece como {usos}. Grau forte: {motivo}.",
                "grau_confianca": "forte",
                "referencias": referencias(citados),
                "chave_ordenacao": numero,
            })
        if antigos and exatos and len(graus.independentes(o.familia for o in grupo)) >= 2:
            conclusoes.append(_pelo_numero_antigo(numero, antigos, exatos))
    # a chamada que o relato conta, entre o número do golpista e o telefone da vítima, na bilhetagem
    return conclusoes + chamada_relatada.concluir(indice)


def _pelo_numero_antigo(numero: str, antigos: list, exatos: list) -> dict[str, Any]:
    """A forma antiga de 8 dígitos ligada ao número atual: vínculo provável, moderado."""
    citados_antigos, usos_antigos = usos_por_papel(antigos)
    citados_atuais, usos_atuais = usos_por_papel(exatos)
    formas = ", ".join(sorted({o.literal for o in antigos}))
    afirmacao = (
        f"O número antigo de 8 dígitos {formas} ({usos_antigos}) corresponde a {numero} com o nono dígito "
        f"acrescentado, que aparece como {usos_atuais}. Grau moderado: o nono dígito foi acrescentado pela regra da "
        "migração, o que torna o vínculo provável, mas não prova que seja a mesma linha."
    )
    return {
        "tipo": "vinculo_telefone",
        "afirmacao": afirmacao,
        "grau_confianca": "moderado",
        "referencias": referencias([*citados_antigos, *citados_atuais]),
        "chave_ordenacao": f"{numero}|antigo",
    }
