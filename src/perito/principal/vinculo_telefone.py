"""vinculo_telefone: o mesmo número (E.164) em fontes de famílias diferentes.

Número igual dígito a dígito é identidade da linha: forte com duas famílias ou mais.
Um celular antigo de 8 dígitos, ligado ao número atual pelo nono dígito acrescentado,
é vínculo provável, não identidade: moderado. Números com um dígito de diferença
não se ligam.
"""

from __future__ import annotations

from typing import Any

from perito.principal import graus
from perito.principal.indice import Indice
from perito.principal.parametros import Parametros
from perito.principal.referencias import referencias
from perito.principal.telefones import por_numero, usos_por_papel


def concluir(indice: Indice, parametros: Parametros) -> list[dict[str, Any]]:
    conclusoes = []
    for numero, grupo in por_numero(indice).items():
        familias = {o.familia for o in grupo}
        if len(familias) < 2:
            continue
        antigos = [o for o in grupo if o.meta.get("nono_digito_acrescentado")]
        exatos = {o.familia for o in grupo if not o.meta.get("nono_digito_acrescentado")}
        if len(exatos) >= 2:
            grau, motivo = "forte", f"o mesmo número, dígito a dígito, em {graus.explicar_familias(exatos)}"
        else:
            grau = "moderado"
            motivo = "o vínculo depende de número antigo de 8 dígitos, ligado ao atual pelo nono dígito acrescentado"
        if antigos and grau == "forte":
            motivo += f"; {', '.join(sorted({o.literal for o in antigos}))} é a forma antiga de 8 dígitos (vínculo provável)"
        citados, usos = usos_por_papel(grupo)
        conclusoes.append({
            "tipo": "vinculo_telefone",
            "afirmacao": f"O número {numero} aparece como {usos}. Grau {grau}: {motivo}.",
            "grau_confianca": grau,
            "referencias": referencias(citados),
            "chave_ordenacao": numero,
        })
    return conclusoes
