"""convergencia_nome: o mesmo nome (acentos, caixa e espaços dobrados; com ou sem partícula) em fontes independentes.

- duas ocorrências com CPFs diferentes são homônimos: nunca convergem;
- havendo mais de um CPF para o nome, ocorrências sem CPF não são atribuídas a nenhum;
- o mesmo CPF válido em famílias diferentes: forte; o CPF inteiro numa família e a máscara compatível com ele
  noutra ("***.982.247-**" de um extrato): forte; nome igual sem CPF dos dois lados, em famílias diferentes:
  moderado (pode ser homônimo);
- uma família só não é fonte independente: nenhuma conclusão;
- escrito com e sem partícula ("RAFAEL DE SOUZA PINTO", "RAFAEL SOUZA PINTO"): com o mesmo CPF, forte; sem ele, no
  máximo fraco ("MARIA DA SILVA" e "MARIA SILVA" podem ser duas pessoas).
"""

from __future__ import annotations

import re
from typing import Any

from perito.chaves import mascara
from perito.chaves.digitos import somente_digitos
from perito.principal import graus
from perito.principal.cpf_da_pessoa import cpfs_da_pessoa
from perito.principal.indice import Indice
from perito.principal.ocorrencias import Ocorrencia
from perito.principal.parametros import Parametros
from perito.principal.referencias import amostra_por_arquivo, referencias

#: linha da tabela de regras do README: o que compara, quando é forte, quando é moderado
DESCRICAO = (
    "nome dobrado (acento, caixa, espaços; com ou sem as partículas de, da, do, das, dos, e) em famílias diferentes; "
    "CPFs diferentes são homônimos e nunca convergem; o marcador de \"não informado\" (99999999999) não é CPF; uma "
    "família só, nada; escrito com e sem partícula sem o mesmo CPF, no máximo fraco",
    "o mesmo CPF (o CNPJ, de pessoa jurídica) com o nome em duas famílias, nomeadas na afirmação; ou o CPF inteiro "
    "numa família e, noutra, o CPF "
    "mascarado junto do nome com os dígitos visíveis dele (\"***.982.247-**\" de um extrato)",
    "nome igual sem o CPF dos dois lados (nem a máscara compatível com ele)",
)


def concluir(indice: Indice, parametros: Parametros) -> list[dict[str, Any]]:
    conclusoes = []
    nomes = indice.do_campo("nome_titular")
    for grupo in indice.agrupar_entre_arquivos(nomes, _sem_particulas).values():
        if len({o.arquivo for o in grupo}) < 2:
            continue
        cpfs = {id(o): _cpf(indice, o) for o in grupo}
        distintos = sorted({c.meta["digitos"] for c in cpfs.values() if c is not None})
        if len(distintos) > 1:
            # homônimos: um grupo por CPF (na ordem do grupo, separados numa passada só), e os sem CPF ficam de fora
            por_cpf: dict[str, list[Ocorrencia]] = {}
            for o in grupo:
                if (cpf := cpfs[id(o)]) is not None:
                    por_cpf.setdefault(cpf.meta["digitos"], []).append(o)
            for digitos in distintos:
                conclusoes += _concluir(por_cpf[digitos], cpfs, homonimos=len(distintos))
        else:
            for parte, homonimos in _separar_mascarados(grupo, cpfs, distintos):
                conclusoes += _concluir(parte, cpfs, homonimos=homonimos)
    return conclusoes


#: a máscara escrita logo depois do nome ("FULANO, CPF ***.949.958-**"), casada a partir do fim do nome: compilada uma
#: vez (antes, um padrão por nome: milhares de compilações do padrão da máscara, metade do cruzamento de 300 mil dados)
_MASCARA_DEPOIS_DO_NOME = re.compile(r"\s*[,\-–]?\s+(?:CPF\s*:?\s*)?(" + mascara.PADRAO_CPF_MASCARADO.pattern + ")")


def mascara_escrita_depois(literal: str, texto: str) -> str | None:
    """A primeira ocorrência do nome em `texto` seguida da máscara (o mesmo que `re.search(re.escape(literal) +
    padrão)`: a ocorrência mais à esquerda em que o resto casa)."""
    inicio = texto.find(literal)
    while inicio >= 0:
        if (casou := _MASCARA_DEPOIS_DO_NOME.match(texto, inicio + len(literal))) is not None:
            return casou.group(1)
        inicio = texto.find(literal, inicio + 1)
    return None


def _mascara(o: Ocorrencia) -> str | None:
    """Os 11 lugares do CPF mascarado que acompanha o nome ("***.949.958-**" → "***949958**"), ou None.

    O extrator o guarda em `cpf_mascarado`; quando o nome veio de outro padrão (histórico "PIX RECEBIDO NOME"),
    a máscara escrita logo depois do nome na mesma linha (`texto_original`) serve igual."""
    escrito = o.meta.get("cpf_mascarado")
    texto = o.dado.get("texto_original", "")
    if not escrito:
        escrito = mascara_escrita_depois(o.literal, texto)
    if not escrito:
        # extrato escaneado: o OCR desfez a máscara, mas o miolo visível logo depois do nome ainda diz quem não é
        posicao = texto.find(o.literal)
        return mascara.miolo_apos_nome(texto[posicao + len(o.literal):]) if posicao >= 0 else None
    lugares = mascara.normalizar(escrito)
    return lugares if len(lugares) == 11 else None


def _compativel(lugares: str, digitos: str) -> bool:
    """Os dígitos visíveis da máscara são os do CPF nas mesmas posições (a regra é a de chaves/mascara)."""
    return mascara.cabe(digitos, lugares)


def _separar_mascarados(
    grupo: list[Ocorrencia], cpfs: dict[int, Ocorrencia | None], distintos: list[str]
) -> list[tuple[list[Ocorrencia], int]]:
    """Um CPF (ou nenhum) no grupo: o nome com CPF mascarado cujos dígitos visíveis não batem é outra pessoa.

    Extratos mascaram o CPF da contraparte ("***.949.958-**"); os dígitos visíveis bastam para separar um homônimo
    do assinante com o CPF inteiro. Sem CPF inteiro, máscaras que se contradizem separam o grupo por máscara.
    Devolve as partes e quantas identidades diferentes o nome tem nos documentos."""
    mascaras = {id(o): m for o in grupo if cpfs[id(o)] is None and (m := _mascara(o))}
    if not mascaras:
        return [(grupo, 0)]
    if distintos:
        outras = {m for m in mascaras.values() if not _compativel(m, distintos[0])}
        if not outras:
            return [(grupo, 0)]
        restantes = [o for o in grupo if mascaras.get(id(o)) not in outras]
        return [(restantes, 1 + len(outras))]
    unicas = sorted(set(mascaras.values()))
    if all(x == "*" or y == "*" or x == y for a in unicas for b in unicas for x, y in zip(a, b, strict=True)):
        return [(grupo, 0)]
    # máscaras diferentes e nenhum CPF inteiro: cada máscara é uma identidade; os sem CPF ficam de fora
    return [([o for o in grupo if mascaras.get(id(o)) == m], len(unicas)) for m in unicas]


#: as partículas que um documento escreve e outro omite ("RAFAEL DE SOUZA PINTO" no boletim, "RAFAEL SOUZA PINTO" no
#: banco): o mesmo nome
_PARTICULAS = frozenset({"de", "da", "do", "das", "dos", "e"})


def _sem_particulas(o: Ocorrencia) -> str | None:
    nome = o.meta.get("nome_normalizado")
    return " ".join(p for p in nome.split() if p not in _PARTICULAS) if nome else None


def _cpf(indice: Indice, o: Ocorrencia) -> Ocorrencia | None:
    junto = [c for c in cpfs_da_pessoa(indice, o) if c.meta.get("digito_verificador_valido")]
    if not junto:
        # a pessoa jurídica: o CNPJ válido no mesmo local que o nome ("AUTO PRIME VEÍCULOS LTDA - CNPJ 11.222...")
        junto = [c for c in indice.no_local(o, "outro")
                 if c.meta.get("documento") == "cnpj" and c.meta.get("digito_verificador_valido")]
    if not junto and len({n.meta.get("nome_normalizado") for n in indice.no_registro(o, "nome_titular")}) == 1:
        # o CNPJ que a quebra de linha levou para a de baixo ("emitido em nome de RAPIDO COBRANCAS LTDA, CNPJ" /
        # "11.222.333/0001-81, ..."): o único do registro, que só nomeia essa pessoa
        do_registro = {c.meta.get("digitos"): c for c in indice.no_registro(o, "outro")
                       if c.meta.get("documento") == "cnpj" and c.meta.get("digito_verificador_valido")}
        junto = list(do_registro.values()) if len(do_registro) == 1 else []
    return junto[0] if junto else None


def _cpf_e_mascara(grupo: list[Ocorrencia], cpfs: dict[int, Ocorrencia | None],
                   familias_com_cpf: set[str]) -> tuple[str, str, set[str]] | None:
    """O CPF inteiro (um só no grupo) e a máscara compatível com ele escrita junto do nome noutra família: (o CPF como
    escrito, a máscara como escrita, as famílias da máscara), ou None. A máscara sem dígito visível não diz nada."""
    inteiros = {c.meta["digitos"]: c for o in grupo if (c := cpfs[id(o)]) is not None}
    if len(inteiros) != 1 or not familias_com_cpf:
        return None
    digitos, cpf = next(iter(inteiros.items()))
    escritas, familias_da_mascara = [], set()
    for o in grupo:
        if cpfs[id(o)] is not None or o.familia in familias_com_cpf:
            continue
        lugares = _mascara(o)
        if lugares and any(c.isdigit() for c in lugares) and _compativel(lugares, digitos):
            familias_da_mascara.add(o.familia)
            escritas.append(o.meta.get("cpf_mascarado") or mascara_escrita_depois(o.literal, o.dado.get("texto_original", ""))
                            or lugares)
    if not familias_da_mascara or len(graus.independentes(familias_com_cpf | familias_da_mascara)) < 2:
        return None
    return cpf.literal, escritas[0], familias_da_mascara


def _concluir(grupo: list[Ocorrencia], cpfs: dict[int, Ocorrencia | None], homonimos: int) -> list[dict[str, Any]]:
    familias = {o.familia for o in grupo}
    if len(graus.independentes(familias)) < 2:
        return []
    familias_com_cpf = graus.independentes(o.familia for o in grupo if cpfs[id(o)] is not None)
    escrito = grupo[0].literal
    formas = list(dict.fromkeys(o.literal for o in grupo if o.meta.get("nome_normalizado") != grupo[0].meta.get(
        "nome_normalizado")))
    if formas and len(familias_com_cpf) < 2:
        # com e sem partícula e sem o mesmo CPF nos dois lados: pode ser outra pessoa ("MARIA DA SILVA", "MARIA SILVA")
        grau = "fraco"
        motivo = (f"o nome está escrito também como {', '.join(formas)} (com ou sem partícula) em "
                  f"{graus.explicar_familias(familias)}, sem o mesmo CPF nos dois lados: pode ser outra pessoa")
    elif len(familias_com_cpf) >= 2:
        # o primeiro CPF (na ordem do nome inteiro) que acompanha alguém deste grupo, sem varrer o grupo por CPF
        do_grupo = {id(c) for o in grupo if (c := cpfs[id(o)]) is not None}
        cpf = next(c for c in cpfs.values() if c is not None and id(c) in do_grupo).literal
        grau = "forte"
        sigla = "CNPJ" if len(somente_digitos(cpf)) == 14 else "CPF"
        motivo = f"o mesmo {sigla} {cpf} acompanha o nome em {graus.explicar_familias(familias_com_cpf)}"
        if formas:
            motivo += f" (escrito também como {', '.join(formas)}, com ou sem partícula)"
    elif mascarado := _cpf_e_mascara(grupo, cpfs, familias_com_cpf):
        # o CPF inteiro de um lado e, do outro, a máscara do extrato com os dígitos visíveis dele: a mesma pessoa,
        # como na materialidade (um homônimo com os mesmos seis dígitos do meio do CPF é improvável demais)
        cpf, mascara_escrita, familias_da_mascara = mascarado
        grau = "forte"
        motivo = (f"o CPF {cpf} acompanha o nome na fonte da família {graus.nomes_de_familias(familias_com_cpf)}, e "
                  f"os dígitos visíveis do CPF mascarado {mascara_escrita} que o acompanha na da família "
                  f"{graus.nomes_de_familias(familias_da_mascara)} são os dele; "
                  f"{graus.explicar_familias(familias_com_cpf | familias_da_mascara)}")
    else:
        grau = "moderado"
        motivo = (
            f"nome igual em {graus.explicar_familias(familias)}, mas sem o mesmo CPF nos dois lados: "
            "um homônimo não está descartado"
        )
    if homonimos:
        motivo += (f"; há {homonimos} CPFs diferentes com este nome nos documentos (um CPF mascarado conta pelos dígitos "
                   "visíveis): os homônimos ficaram separados")
    amostra, lugares = amostra_por_arquivo(grupo)
    citados = [*amostra, *(c for o in amostra if (c := cpfs[id(o)]) is not None)]
    return [{
        "tipo": "convergencia_nome",
        "afirmacao": f"O nome {escrito} aparece em {lugares}. Grau {grau}: {motivo}.",
        "grau_confianca": grau,
        "referencias": referencias(citados),
        # o nome como o primeiro o escreve (a chave do grupo tira as partículas): a mesma ordem de sempre
        "chave_ordenacao": f"{grupo[0].meta.get('nome_normalizado')}|"
                           f"{cpfs[id(grupo[0])].meta['digitos'] if cpfs[id(grupo[0])] else ''}",
    }]
