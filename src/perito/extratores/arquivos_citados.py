"""O arquivo que uma carta nomeia ao encaminhá-lo: "Segue em anexo o extrato da conta (arquivo nubank_extrato.csv)".

A resposta ao ofício costuma vir em duas peças: a carta, que diz de quem é a conta ou em que fuso estão os horários,
e o arquivo exportado, que não diz nada disso. O nome do arquivo escrito na carta é o que liga as duas. Cada nome
escrito numa linha que fala do anexo vira um dado (`outro`, com `arquivo_citado` em minúsculas), citável e
relido pelo validador como qualquer outro; o principal o usa para dar ao extrato o titular da carta
(`principal.titular_pela_carta`). O fuso dito na carta usa os mesmos padrões (`fuso_pela_carta`).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from perito.chaves.arquivo import nome_do_anexo
from perito.leitura.documento import PLANILHAS, Documento

#: o nome de um arquivo escrito na carta ("acessos_conta_5511987654321.csv", "Registros (1).xlsx")
NOME_DE_ARQUIVO = re.compile(r"[\w\-.()]+\.(?:csv|tsv|txt|xlsx|xls|ods|json|ndjson|jsonl|pdf|html?|xml|docx?)\b", re.I)
#: a frase fala do anexo, não de um arquivo qualquer
DO_ANEXO = re.compile(r"(?i)\b(?:arquivos?|planilhas?|anexos?|anexas?|anexad[oa]s?|registros|tabelas?|relat[óo]rios?"
                      r"|attached|attachments?|files?|spreadsheets?|records)\b")
#: linhas que uma carta tem, no máximo (um log ou um extrato não é carta)
LINHAS_DA_CARTA = 400


def e_carta(documento: Documento) -> bool:
    """Um documento de texto curto (não planilha, não log): o que pode encaminhar um arquivo."""
    return documento.tipo not in PLANILHAS and len(documento.trechos) <= LINHAS_DA_CARTA


def dados(documento: Documento, familia: Callable[[], str]) -> list[dict[str, Any]]:
    """Um dado por nome de arquivo escrito numa linha que fala do anexo; `familia`: a do documento, calculada só
    quando há um nome (quase nunca)."""
    if not e_carta(documento):
        return []
    saida: list[dict[str, Any]] = []
    for trecho in documento.trechos:
        texto = trecho.texto
        if "." not in texto or not DO_ANEXO.search(texto):
            continue
        for m in NOME_DE_ARQUIVO.finditer(texto):
            if nome_do_anexo(documento.arquivo) == m.group(0).lower():
                continue  # a carta que diz o próprio nome não encaminha nada
            saida.append({
                "dado": m.group(0), "campo": "outro", "arquivo_fonte": documento.arquivo, "pagina": trecho.pagina,
                "linha_ou_celula": trecho.localizacao, "texto_original": texto, "tipo_dado": "outro",
                "metadados": {"arquivo_citado": m.group(0).lower(), "metodo_extracao": trecho.metodo,
                              "familia_fonte": ""},
            })
    if saida:
        nome_da_familia = familia()
        for dado in saida:
            dado["metadados"]["familia_fonte"] = nome_da_familia
    return saida
