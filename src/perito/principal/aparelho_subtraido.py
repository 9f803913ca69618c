"""identificacao_titular do aparelho subtraído: a linha que usou, depois do fato, o celular que o relato diz levado.

O boletim de roubo ou furto escreve o IMEI do aparelho levado e a data do fato; a operadora responde com que linhas o
aparelho foi usado (o histórico IMEI × linha, a bilhetagem). A linha que começou a usá-lo depois do fato, cadastrada
em nome de outra pessoa que não a vítima, é a pista clássica de quem está com o aparelho: a conclusão diz o titular
dessa linha e desde quando, e diz também o que ela não prova (quem usa o aparelho pode tê-lo comprado).

O relato diz a subtração por um dado (`outro` com `subtracao`, de `extratores.subtracao`); a data do fato é a data
escrita sob o rótulo do fato ("DATA/HORA DO FATO", "Data da ocorrência") ou, sem ele, a do registro da palavra que
conta a subtração. Sem a data do fato, nada: "depois do fato" não se afirma sem ela. A linha da vítima (o número
escrito no relato, ou o titular que é a vítima) não entra. No máximo moderado: duas famílias (relato e operadora) e a
distância entre usar o aparelho e tê-lo subtraído.
"""

from __future__ import annotations

import re
from typing import Any

from perito.principal.graus import explicar_familias
from perito.principal.identidades import Pessoa
from perito.principal.imei_na_operadora import linhas_do_aparelho
from perito.principal.indice import Indice
from perito.principal.ocorrencias import Ocorrencia
from perito.principal.referencias import citar, referencias
from perito.principal.telefones import e164

#: o rótulo da data do fato no boletim ("DATA/HORA DO FATO:", "Data do fato", "Data da ocorrência", "Data do roubo")
_ROTULO_DO_FATO = re.compile(r"(?i)\bdata\b[^:\d]{0,12}\b(?:d[oa]s?\s+)?(?:fatos?|ocorr[êe]ncia|roubo|furto)\b")
#: papéis de data que não são o começo do uso da linha no aparelho
_NAO_E_USO = frozenset({"fim_uso", "cancelamento_linha", "emissao_documento", "nascimento", "abertura_conta"})


def concluir(indice: Indice) -> list[dict[str, Any]]:
    por_arquivo: dict[str, list[Ocorrencia]] = {}
    for o in indice.do_campo("outro"):
        if o.meta.get("subtracao") and o.familia == "relato":
            por_arquivo.setdefault(o.arquivo, []).append(o)
    if not por_arquivo:
        return []
    imeis = indice.do_campo("imei")
    da_operadora = indice.agrupar((o for o in imeis if o.familia == "operadora"), lambda o: o.meta.get("imei_corpo"))
    conclusoes = []
    for subtracoes in por_arquivo.values():
        if (achado := _data_do_fato(indice, subtracoes)) is None:
            continue
        subtracao, fato = achado
        vitimas = [Pessoa(o.meta.get("nome_normalizado"), None, provas=[o])
                   for o in indice.do_arquivo(subtracao.arquivo, "nome_titular") if o.meta.get("papel") == "vitima"]
        do_relato = {n for o in indice.do_arquivo(subtracao.arquivo, "telefone") if (n := e164(o))}
        # um aparelho por corpo de IMEI (o boletim que escreve o IMEI no quadro de objetos e de novo no histórico)
        do_relato_por_corpo = {o.meta.get("imei_corpo"): o for o in reversed(imeis) if o.arquivo == subtracao.arquivo}
        for corpo, imei in sorted(do_relato_por_corpo.items(), key=lambda par: par[1].seq):
            grupo = da_operadora.get(corpo, [])
            for linha, pares in linhas_do_aparelho(indice, grupo).items():
                if linha in do_relato:
                    continue  # a linha da vítima, escrita no relato
                if (achada := _uso_depois_do_fato(indice, pares, fato)) is None:
                    continue
                par, inicio = achada
                titular = _titular(indice, par[1], linha)
                if titular is None or any(titular.mesma(v) for v in vitimas):
                    continue
                conclusoes.append(_conclusao(subtracao, imei, fato, linha, par, inicio, titular))
    return conclusoes


def _data_do_fato(indice: Indice, subtracoes: list[Ocorrencia]) -> tuple[Ocorrencia, Ocorrencia] | None:
    """(a subtração citada, a data do fato): a data sob o rótulo do fato, ou, sem rótulo, a do registro da primeira
    linha que conta a subtração e escreve uma data só (o dia do histórico). Duas datas de fato diferentes: nenhuma."""
    arquivo = subtracoes[0].arquivo
    datas = [d for d in indice.do_arquivo(arquivo, "data_evento") if d.dia is not None and not d.meta.get("papel")]
    rotuladas = [d for d in datas if _ROTULO_DO_FATO.search(d.dado.get("texto_original", ""))]
    if rotuladas:
        return (subtracoes[0], rotuladas[0]) if len({d.dia for d in rotuladas}) == 1 else None
    for subtracao in subtracoes:
        no_registro = [d for d in indice.no_registro(subtracao, "data_evento") if d in datas]
        if len({d.dia for d in no_registro}) == 1:
            return subtracao, no_registro[0]
    return None


def _uso_depois_do_fato(indice: Indice, pares: list[tuple[Ocorrencia, Ocorrencia]], fato: Ocorrencia,
                        ) -> tuple[tuple[Ocorrencia, Ocorrencia], Ocorrencia] | None:
    """O primeiro registro da linha no aparelho e a data dele, quando todos são depois do fato (a linha que já usava o
    aparelho antes é de quem o tinha)."""
    primeiro: tuple[tuple[Ocorrencia, Ocorrencia], Ocorrencia] | None = None
    for par in pares:
        datas = [d for d in indice.no_registro(par[0], "data_evento")
                 if d.dia is not None and d.meta.get("papel") not in _NAO_E_USO]
        if datas and (data := min(datas, key=_ordem_no_tempo)) and (
                primeiro is None or _ordem_no_tempo(data) < _ordem_no_tempo(primeiro[1])):
            primeiro = (par, data)
    if primeiro is None or primeiro[1].dia is None or fato.dia is None or primeiro[1].dia < fato.dia:
        return None
    if primeiro[1].dia == fato.dia:
        # no dia do fato, só os dois instantes (com o fuso) dizem se o uso veio depois; sem eles, nada se afirma
        uso, do_fato = primeiro[1].instante, fato.instante
        return primeiro if uso is not None and do_fato is not None and uso > do_fato else None
    return primeiro


def _ordem_no_tempo(data: Ocorrencia) -> tuple:
    """O dia e, nele, o instante (a data sem hora antes): a data e a data-hora do mesmo dia não se comparam direto."""
    return data.dia, data.instante.timestamp() if data.instante is not None else float("-inf")


def _titular(indice: Indice, numero: Ocorrencia, linha: str) -> Pessoa | None:
    """O titular escrito no registro do uso (o histórico IMEI × linha) ou, na bilhetagem, no cadastro da linha que a
    operadora responde à parte (um titular só entre os cadastros dela; o número do cadastro vai com as provas)."""
    if (titular := _titular_do_registro(indice, numero, [])) is not None:
        return titular
    cadastros = [o for o in indice.do_campo("telefone") if o.familia == "operadora" and e164(o) == linha
                 and o is not numero and indice.no_registro(o, "nome_titular")]
    nomes = {n.meta.get("nome_normalizado") for c in cadastros for n in indice.no_registro(c, "nome_titular")}
    return _titular_do_registro(indice, cadastros[0], [cadastros[0]]) if len(nomes) == 1 else None


def _titular_do_registro(indice: Indice, registro: Ocorrencia, provas: list[Ocorrencia]) -> Pessoa | None:
    nomes = [o for o in indice.no_registro(registro, "nome_titular") if o.meta.get("nome_normalizado")]
    if len({o.meta["nome_normalizado"] for o in nomes}) != 1:
        return None
    cpfs = [o for o in indice.no_registro(registro, "cpf") if o.meta.get("digitos")]
    cpf = cpfs[0] if len({o.meta["digitos"] for o in cpfs}) == 1 else None
    return Pessoa(nomes[0].meta["nome_normalizado"], cpf.meta["digitos"] if cpf else None,
                  provas=[*provas, nomes[0], *([cpf] if cpf else [])], literal=nomes[0].literal)


def _conclusao(subtracao: Ocorrencia, imei: Ocorrencia, fato: Ocorrencia, linha: str,
               par: tuple[Ocorrencia, Ocorrencia], inicio: Ocorrencia, titular: Pessoa) -> dict[str, Any]:
    familias = {subtracao.familia, par[0].familia}
    # o dia do fato basta quando o uso começa noutro dia; a hora do fato (citada longe do IMEI, numa linha sem registro
    # que as una, que o validador não confirma como do mesmo evento) só quando o uso começa no mesmo dia
    mesmo_dia = inicio.dia == fato.dia
    quando = fato.literal if mesmo_dia or not fato.meta.get("data") else fato.meta["data"]
    do_fato = citar(fato) if mesmo_dia else {**citar(fato), "dado_citado": quando}
    afirmacao = (
        f"O aparelho que o relato diz subtraído ({subtracao.arquivo}: {subtracao.literal!r}, {subtracao.local_curto}; "
        f"IMEI {imei.literal}, {imei.local_curto}; fato em {quando}, {fato.local_curto}) foi usado depois do fato "
        f"com a linha {linha} ({par[1].literal}), cadastrada em nome de {titular.descrever()} "
        f"({titular.provas[0].onde}), a partir de {inicio.literal} ({par[0].onde}). "
        f"Grau moderado: {explicar_familias(familias)}; quem usa o aparelho depois "
        "do fato não é, só por isso, quem o subtraiu (pode tê-lo comprado ou recebido): é a pista de quem está com ele."
    )
    return {
        "tipo": "identificacao_titular",
        "afirmacao": afirmacao,
        "grau_confianca": "moderado",
        "referencias": referencias([subtracao, imei, *par, inicio, *titular.provas], [do_fato]),
        "chave_ordenacao": f"subtraido|{imei.meta.get('imei_corpo')}|{linha}",
    }
