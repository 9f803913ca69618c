"""A data e a hora compactas de uma planilha em células diferentes da mesma linha (`20250315` na coluna Data e `143502`
na coluna Hora, gravadas como números por um sistema de banco), compostas pelo validador no instante que a afirmação diz.

Só com o que ele mesmo releu: a célula da hora é da coluna cujo cabeçalho, citado pela referência (é nele que o fuso
foi declarado: `HORA (BRT)`) e relido, fala de hora; a data é a célula citada da mesma linha e da mesma aba, oito
dígitos que são uma data válida. Um número de outra coluna da linha (a porta `51234`, que seria 5:12:34) nunca vira hora.
O fuso é o do cabeçalho da hora ou, sem ele, um dos que as referências do arquivo citam.
"""

from __future__ import annotations

from typing import Any

from perito.chaves import tempo_formas
from perito.chaves.nome import dobrar
from perito.chaves.valores import Valor, decompor
from perito.leitura import localizacao
from perito.validador.instantes import Momento, data_compacta

#: palavras de um cabeçalho de coluna de hora (sem acento, minúsculas)
_PALAVRAS_DE_HORA = frozenset({"hora", "horas", "horario", "hour", "time", "hr", "hh"})


def momentos(referencias: list[dict[str, Any]], detalhes: list[dict[str, Any]],
             citados: list[list[Valor]]) -> list[Momento]:
    por_aba: dict[tuple[str, str | None], list[tuple[localizacao.Local, str, list[Valor]]]] = {}
    for ref, detalhe, valores in zip(referencias, detalhes, citados, strict=True):
        local = localizacao.interpretar(str(ref.get("linha_ou_celula") or ""))
        if local is not None and local.tipo == "celula":
            por_aba.setdefault((ref["arquivo"], ref.get("aba_planilha")), []).append(
                (local, detalhe.get("texto_encontrado") or "", valores))
    saida: list[Momento] = []
    for celulas in por_aba.values():
        cabecalhos = {local.coluna: texto for local, texto, _ in celulas if _cabecalho_de_hora(texto)}
        if not cabecalhos:
            continue
        datas = {local.numero: data for local, _, valores in celulas
                 if len(valores) == 1 and (data := data_compacta(valores[0])) is not None}
        do_arquivo = [v for _, _, valores in celulas for v in valores if v.tipo == "fuso"]
        for local, _, valores in celulas:
            if local.coluna not in cabecalhos or local.numero not in datas or len(valores) != 1:
                continue
            if valores[0].tipo != "digitos" or (lida := tempo_formas.ler_hora_compacta(valores[0].normal)) is None:
                continue
            data = datas[local.numero]
            hora = Valor("hora", valores[0].texto, lida.strftime("%H:%M:%S"))
            fusos = [v for v in decompor(cabecalhos[local.coluna]) if v.tipo == "fuso"] or do_arquivo
            saida += [Momento(data, hora, Valor("fuso", f.texto, f.normal, data=data.normal)) for f in fusos]
    return saida


def _cabecalho_de_hora(texto: str) -> bool:
    """O texto relido é o nome de uma coluna de hora ("HORA (BRT)", "Hora da transação"): sem dígitos, com a palavra."""
    return bool(texto) and not any(c.isdigit() for c in texto) and bool(
        set(dobrar(texto).replace("(", " ").replace(")", " ").replace("_", " ").split()) & _PALAVRAS_DE_HORA)
