"""identificacao_titular pelo CPF: o assinante de uma linha (operadora) é o titular de chaves Pix (DICT).

O cadastro da operadora dá linha, nome e CPF num registro; o DICT dá chave, titular e CPF num bloco.
O mesmo CPF válido (dígitos verificadores certos, nunca um marcador de "não informado") nos dois
cadastros identifica a pessoa por duas famílias independentes: moderado. Cada outra família em que a
linha dela aparece, dígito a dígito (provedor, relato, banco), soma uma fonte: três ou mais, forte.
Nomes diferentes com o mesmo CPF não impedem a conclusão, mas são ditos (grafia ou erro de cadastro).
"""

from __future__ import annotations

from typing import Any

from perito.principal import graus
from perito.principal.indice import Indice
from perito.principal.ocorrencias import Ocorrencia
from perito.principal.referencias import referencias
from perito.principal.telefones import antigo, e164, usos_por_papel


def concluir(indice: Indice) -> list[dict[str, Any]]:
    linhas: dict[str, list[tuple[Ocorrencia, Ocorrencia, Ocorrencia]]] = {}  # CPF → (cpf, nome, telefone)
    chaves: dict[str, list[tuple[Ocorrencia, Ocorrencia, Ocorrencia]]] = {}  # CPF → (cpf, nome, chave)
    for cpf in indice.do_campo("cpf"):
        if not cpf.meta.get("digito_verificador_valido") or cpf.familia not in ("operadora", "registro"):
            continue
        nome = next(iter(indice.no_registro(cpf, "nome_titular")), None)
        if nome is None:
            continue
        if cpf.familia == "operadora":
            telefone = next((t for t in indice.no_registro(cpf, "telefone") if e164(t) and not antigo(t)), None)
            if telefone is not None:
                linhas.setdefault(cpf.meta["digitos"], []).append((cpf, nome, telefone))
        else:
            chave = next(iter(indice.no_registro(cpf, "chave_pix")), None)
            if chave is not None:
                chaves.setdefault(cpf.meta["digitos"], []).append((cpf, nome, chave))
    conclusoes = []
    for digitos in sorted(set(linhas) & set(chaves)):
        conclusoes.append(_conclusao(indice, digitos, linhas[digitos], chaves[digitos]))
    return conclusoes


def _usos_da_linha(indice: Indice, numeros: set[str]) -> list[Ocorrencia]:
    """A linha do assinante, dígito a dígito, em documentos que não são cadastro (provedor, relato, banco)."""
    return [o for o in indice.do_campo("telefone", "chave_pix")
            if o.familia not in ("operadora", "registro") and not antigo(o) and e164(o) in numeros]


def _conclusao(
    indice: Indice, digitos: str, linhas: list[tuple[Ocorrencia, Ocorrencia, Ocorrencia]],
    chaves: list[tuple[Ocorrencia, Ocorrencia, Ocorrencia]],
) -> dict[str, Any]:
    cpf, nome = linhas[0][0], linhas[0][1]
    numeros = {e164(t) for _, _, t in linhas if e164(t)}
    usos = _usos_da_linha(indice, {n for n in numeros if n})
    familias = {"operadora", "registro"} | {o.familia for o in usos}
    grau = graus.por_familias(len(graus.independentes(familias)))
    do_dict = "; ".join(f"chave {c.literal} em {c.onde}" for _, _, c in chaves[:3])
    if len(chaves) > 3:
        do_dict += f"; e mais {len(chaves) - 3}"
    da_operadora = "; ".join(f"linha {t.literal} em {t.onde}" for _, _, t in linhas[:3])
    escrito = cpf.literal
    if zeros := cpf.meta.get("zeros_restaurados"):  # a planilha gravou o CPF como número
        escrito += f" (com {zeros} zero{'s' if zeros > 1 else ''} à esquerda que a planilha tirou)"
    afirmacao = (
        f"O CPF {escrito} é do assinante {nome.literal} na operadora ({da_operadora}) e do titular "
        f"{chaves[0][1].literal} no cadastro Pix ({do_dict})."
    )
    citados_usos: list[Ocorrencia] = []
    if usos:
        citados_usos, onde = usos_por_papel(usos)
        afirmacao += f" A linha do assinante aparece também como {onde}."
    nomes = {n.meta.get("nome_normalizado") for _, n, _ in [*linhas, *chaves]}
    motivo = f"o mesmo CPF, com dígitos verificadores válidos, em {graus.explicar_familias(familias)}"
    if len(nomes) > 1:
        motivo += "; o nome está escrito de formas diferentes nos cadastros (confira a grafia)"
    citados = [o for trio in [*linhas, *chaves] for o in trio] + citados_usos
    return {
        "tipo": "identificacao_titular",
        "afirmacao": f"{afirmacao} Grau {grau}: {motivo}.",
        "grau_confianca": grau,
        "referencias": referencias(citados),
        "chave_ordenacao": f"cpf|{digitos}",
    }
