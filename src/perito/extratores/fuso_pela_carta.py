"""O fuso dos horários de um anexo, dito na carta que o encaminha.

Um provedor ou um banco responde com uma carta e um arquivo à parte: "encaminhamos em anexo o arquivo
acessos_conta_5511987654321.csv ... Todos os horários do arquivo estão em UTC." O arquivo não diz o fuso; a carta o diz
uma vez, para ele. É contexto declarado uma vez (FORMATOS.md §1), noutro documento: vale para as datas-horas sem fuso
do arquivo que a carta nomeia, e cada dado guarda onde foi declarado (`contexto_fuso` com o arquivo da carta), para o
principal citar a linha da carta e o validador a reler.

Só com o nome do arquivo escrito na mesma linha (ou parágrafo) que a frase do fuso, e uma palavra que fale do anexo
(arquivo, planilha, anexo, registros); só para o arquivo que não declara fuso nenhum; com duas cartas que dizem fusos
diferentes para o mesmo arquivo, nenhum. O arquivo volumoso lido em partes (gravado em disco pelos auxiliares) fica
como está: o fuso da carta não chega aos dados dele (limite registrado no README).
"""

from __future__ import annotations

from typing import Any

from perito.chaves import tempo
from perito.extratores import contexto
from perito.extratores.arquivos_citados import DO_ANEXO, NOME_DE_ARQUIVO, e_carta
from perito.leitura.documento import Documento


def declaracoes(documento: Documento) -> list[dict[str, Any]]:
    """As frases do documento que dão o fuso dos horários de um arquivo que elas nomeiam: cada uma com o nome (em
    minúsculas), o fuso e o local dela (como `contexto_fuso`)."""
    if not e_carta(documento):
        return []
    saida = []
    for trecho in documento.trechos:
        texto = trecho.texto
        if "." not in texto or not DO_ANEXO.search(texto):
            continue
        nomes = {m.group(0).lower() for m in NOME_DE_ARQUIVO.finditer(texto)}
        if not nomes or (fuso := contexto.fuso_declarado_na_linha(texto)) is None:
            continue
        local: dict[str, Any] = {"valor": fuso, "escopo": "carta", "arquivo": documento.arquivo,
                                 "pagina": trecho.pagina, "linha_ou_celula": trecho.localizacao, "texto": texto}
        saida += [{"anexo": nome, "fuso": fuso, "local": local} for nome in sorted(nomes)]
    return saida


def fuso_unico(declaradas: list[dict[str, Any]]) -> dict[str, Any] | None:
    """A declaração que vale quando todas dizem o mesmo fuso; None com fusos diferentes."""
    fusos = [d["fuso"] for d in declaradas]
    if not fusos or not contexto.equivalentes(list(dict.fromkeys(fusos))):
        return None
    return declaradas[0]


def aplicar(dados: list[dict[str, Any]], declaracao: dict[str, Any], extrator_carta: str) -> bool:
    """Dá o fuso da carta às datas-horas dos `dados` de um arquivo que não declara fuso nenhum; False (nada muda) se
    algum dado já tem o seu."""
    if any(d["metadados"].get("instante_utc") or d["metadados"].get("fuso") or d.get("fuso_horario_original")
           for d in dados):
        return False
    fuso = declaracao["fuso"]
    local = {**declaracao["local"], "extrator_id": extrator_carta}
    for dado in dados:
        meta = dado["metadados"]
        if not meta.get("data") or not meta.get("hora"):
            continue
        if (momento := tempo.instante(meta["data"], meta["hora"], fuso)) is None:
            continue
        meta["instante_utc"] = tempo.iso_utc(momento)
        meta["contexto_fuso"] = local
        if tempo.ambiguo(meta["data"], meta["hora"], fuso):
            meta["hora_ambigua"] = True
        if dado["campo"] == "data_evento":
            dado["fuso_horario_original"] = fuso
        else:
            meta["fuso"] = fuso
    return True
