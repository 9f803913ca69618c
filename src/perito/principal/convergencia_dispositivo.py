"""convergencia_dispositivo: o mesmo modelo de aparelho em fontes diferentes.

Um modelo é compartilhado por milhões de aparelhos: sozinho, é sempre fraco, e a
afirmação diz isso. Só vale entre famílias de fonte diferentes.
"""

from __future__ import annotations

from typing import Any

from perito.chaves.dispositivo import nome_comercial
from perito.principal import graus
from perito.principal.indice import Indice
from perito.principal.parametros import Parametros
from perito.principal.referencias import amostra_por_arquivo, referencias

#: linha da tabela de regras do README: o que compara, quando é forte, quando é moderado
DESCRICAO = (
    "mesmo modelo (código normalizado; nome comercial quando conhecido) em famílias diferentes; sempre fraco",
    "nunca",
    "nunca",
)


def concluir(indice: Indice, parametros: Parametros) -> list[dict[str, Any]]:
    conclusoes = []
    modelos = indice.do_campo("modelo_dispositivo")
    for modelo, grupo in indice.agrupar_entre_arquivos(modelos, lambda o: o.meta.get("modelo_normalizado")).items():
        familias = {o.familia for o in grupo}
        if len(graus.independentes(familias)) < 2:
            continue
        comercial = nome_comercial(modelo)
        descricao = f"{modelo} ({comercial})" if comercial else modelo
        amostra, lugares = amostra_por_arquivo(grupo)
        conclusoes.append({
            "tipo": "convergencia_dispositivo",
            "afirmacao": (
                f"O modelo de aparelho {descricao} aparece em {graus.explicar_familias(familias)}: {lugares}. "
                "Grau fraco: o mesmo modelo é usado por muitas pessoas; só reforça vínculos que outras provas "
                "(IMEI, linha, IP) estabeleçam."
            ),
            "grau_confianca": "fraco",
            "referencias": referencias(amostra),
            "chave_ordenacao": modelo,
        })
    return conclusoes
