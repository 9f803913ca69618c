"""O CPF dito de uma pessoa na afirmação ("JOAO PAULO RAMOS, CPF/CNPJ 157.368.193-84") é o do registro dela.

Cada referência pode estar certa sozinha (o CPF está na linha 2, o nome na linha 3) e a afirmação juntar duas pessoas:
o CPF da assinante da linha de cima dado ao assinante da linha de baixo. A conferência por registro (`pertinencia`) não
o vê quando as duas referências citam a mesma espécie (cada uma um CPF). Esta confere o par escrito na afirmação: se
nenhum registro citado tem o nome e o CPF juntos, e o registro citado do nome tem outro CPF seu (e não esse), o CPF
foi tomado de outro registro → CONTRADITO nas referências que o citam, com os dois registros na observação.

Um registro sem CPF (a linha "Vítima: ANA ..." com o CPF na linha de baixo) não contradiz nada: o validador não sabe
se o CPF de baixo é dela.
"""

from __future__ import annotations

import re
from typing import Any

from perito.chaves import documento
from perito.chaves.nome import dobrar
from perito.chaves.valores import Valor, decompor
from perito.validador.fonte import FonteIndependente
from perito.validador.localizar import localizar
from perito.validador.registros import Registro, registro_de

#: o documento de uma pessoa na afirmação, como o principal o escreve: "NOME, CPF/CNPJ 157.368.193-84"
_DOCUMENTO_NA_AFIRMACAO = re.compile(r"\bCPF/CNPJ\s+(?P<doc>\d[\d./-]{9,17}\d)")
#: palavras antes do documento em que o nome da pessoa é procurado
_PALAVRAS_DO_NOME = 10


def conferir(conclusao: dict[str, Any], detalhes: list[dict[str, Any]], fonte: FonteIndependente) -> None:
    referencias = conclusao["referencias"]
    decompostos = [decompor(r["dado_citado"]) for r in referencias]
    nomes = {nome for valores in decompostos for nome in _nomes(valores)}
    for nome, doc in _pares(conclusao.get("afirmacao", ""), nomes):
        _conferir_par(nome, doc, referencias, decompostos, detalhes, fonte)


def _nomes(valores: list[Valor]) -> set[str]:
    """Os nomes citados: as sequências de duas palavras ou mais da referência, dobradas."""
    saida, atual = set(), []
    for v in [*valores, None]:
        if v is not None and v.tipo == "palavra" and v.texto[:1].isupper():
            atual.append(v.normal)
            continue
        if len(atual) >= 2:
            saida.add(dobrar(" ".join(atual)))
        atual = []
    return saida


def _pares(afirmacao: str, nomes: set[str]) -> list[tuple[str, str]]:
    """(nome, dígitos do documento) escritos juntos na afirmação, com o nome entre os citados."""
    pares = []
    for m in _DOCUMENTO_NA_AFIRMACAO.finditer(afirmacao):
        digitos = re.sub(r"\D", "", m.group("doc"))
        if not (documento.cpf_valido(digitos) or documento.cnpj_valido(digitos)):
            continue
        antes = " ".join(dobrar(afirmacao[:m.start()]).rstrip(" ,").split()[-_PALAVRAS_DO_NOME:])
        if nome := max((n for n in nomes if antes.endswith(n)), key=len, default=None):
            pares.append((nome, digitos))
    return pares


def _conferir_par(nome: str, doc: str, referencias: list[dict[str, Any]], decompostos: list[list[Valor]],
                  detalhes: list[dict[str, Any]], fonte: FonteIndependente) -> None:
    for arquivo in {r["arquivo"] for r in referencias}:
        do_arquivo = [(i, r) for i, r in enumerate(referencias) if r["arquivo"] == arquivo
                      and detalhes[i]["status"] in ("VERIFICADO", "AMBIGUO")]
        com_doc = [i for i, _ in do_arquivo if any(v.normal == doc for v in decompostos[i])]
        com_nome = [i for i, _ in do_arquivo if nome in _nomes(decompostos[i])]
        if not com_doc or not com_nome:
            continue
        registros: dict[int, Registro] = {}
        for i in {*com_doc, *com_nome}:
            if (registro := _registro(referencias[i], fonte)) is not None:
                registros[i] = registro
        if len(registros) < len({*com_doc, *com_nome}):
            continue  # um local que o validador não relê: nada a dizer daqui
        juntos = [r for r in registros.values() if nome in _texto(r) and doc in _documentos(r)]
        if juntos:
            donos = [_dono_na_linha(r, doc) for r in juntos]
            if any(dono is None or _mesmo_nome(dono, nome) for dono in donos):
                continue  # um registro citado tem os dois juntos (na linha de tabela com duas pessoas, do mesmo lado)
            _contradizer(com_doc, detalhes, (
                f"o CPF/CNPJ {doc} está em {juntos[0].nome} ao lado de {str(donos[0]).upper()}, não de "
                f"{nome.upper()}: numa linha com duas pessoas, o documento é o da coluna ao lado do nome"))
            continue
        do_nome = next((registros[i] for i in com_nome if _documentos(registros[i]) - {doc}), None)
        if do_nome is None or doc in _documentos(do_nome):
            continue
        proprio = sorted(_documentos(do_nome))[0]
        for i in com_doc:
            _contradizer([i], detalhes, (
                f"o CPF/CNPJ {doc} ({registros[i].nome}) e o nome {nome.upper()} ({do_nome.nome}), ditos da mesma "
                f"pessoa, são de registros diferentes: {do_nome.nome} tem o CPF/CNPJ {proprio}"))


def _contradizer(indices: list[int], detalhes: list[dict[str, Any]], motivo: str) -> None:
    for i in indices:
        detalhes[i]["status"] = "CONTRADITO"
        if motivo not in detalhes[i]["observacao"]:
            detalhes[i]["observacao"] = "; ".join(p for p in (detalhes[i]["observacao"], motivo) if p)


def _dono_na_linha(registro: Registro, doc: str) -> str | None:
    """Numa linha de tabela com mais de uma pessoa (pagador e recebedor, cada um com o seu CPF), o nome da célula
    mais perto antes da do documento; None fora de tabela ou com uma pessoa só (o registro inteiro é dela)."""
    if registro.familia == "formulario" or not _uma_linha_de_tabela(registro):
        return None  # a ficha (rótulo | valor) e o texto são de uma pessoa por registro
    celulas = [c for t in registro.trechos for c in (t.celulas if t.celulas is not None else (t.texto,))]
    if len(celulas) < 3:
        return None
    nomes = [(i, n) for i, c in enumerate(celulas) for n in _nomes(decompor(c)) if not set(n.split()) & _ROTULOS]
    distintos: list[str] = []
    for _, n in nomes:
        if not any(_mesmo_nome(n, d) for d in distintos):
            distintos.append(n)
    if len(distintos) < 2:
        return None  # uma pessoa só (o nome da célula que quebrou em linhas, lido inteiro e em parte, é o mesmo)
    posicao = next((i for i, c in enumerate(celulas) if doc in _documentos_do_texto(c)), None)
    antes = [(i, n) for i, n in nomes if posicao is not None and i < posicao]
    return max(antes)[1] if antes else None


def _registro(ref: dict[str, Any], fonte: FonteIndependente) -> Registro | None:
    doc = fonte.abrir(ref["arquivo"]).documento
    if doc is None:
        return None
    trecho, _ = localizar(doc, ref)
    return registro_de(doc, trecho) if trecho is not None else None


def _texto(registro: Registro) -> str:
    return dobrar(" ".join(registro.textos))


#: palavras de rótulo de coluna que nunca fazem parte do nome de uma pessoa ("CPF/CNPJ", "Nome Recebedor")
_ROTULOS = frozenset({"cpf", "cnpj", "nome", "titular", "chave", "tipo", "conta", "agencia", "banco", "data", "valor",
                      "pagador", "recebedor", "documento", "cliente", "contraparte", "favorecido", "situacao",
                      # os mesmos rótulos nas planilhas exportadas em inglês ("Account holder | NOME | Tax ID | CPF")
                      "tax", "id", "name", "holder", "account", "customer", "client", "counterparty", "payer", "payee",
                      "bank", "branch", "date", "amount", "type", "status"})


def _mesmo_nome(a: str, b: str) -> bool:
    """O mesmo nome, também em parte: "joao otavio" e "joao otavio marques guimaraes seixas" (a célula que quebrou)."""
    pa, pb = a.split(), b.split()
    return pa == pb[:len(pa)] or pb == pa[:len(pb)]


def _uma_linha_de_tabela(registro: Registro) -> bool:
    """O registro é uma linha de tabela: um trecho com células (CSV, HTML, DOCX) ou as células de uma linha de
    planilha."""
    trechos = registro.trechos
    if len(trechos) == 1:
        return trechos[0].celulas is not None
    return len({t.linha_tabela for t in trechos}) == 1 and trechos[0].linha_tabela is not None


def _documentos(registro: Registro) -> set[str]:
    return _documentos_do_texto(" ".join(registro.textos))


def _documentos_do_texto(texto: str) -> set[str]:
    return {v.normal for v in decompor(texto) if v.tipo == "digitos"
            and (documento.cpf_valido(v.normal) or documento.cnpj_valido(v.normal))}
