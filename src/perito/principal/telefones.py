"""Telefones do caso: números de telefone e chaves Pix do tipo telefone, pela forma E.164."""

from __future__ import annotations

from perito.principal.indice import Indice
from perito.principal.ocorrencias import Ocorrencia
from perito.principal.referencias import amostra_por_arquivo

PAPEL_DA_FAMILIA = {
    "provedor": "conta ou contato no provedor",
    "operadora": "linha na operadora",
    "registro": "chave Pix no DICT",
    "banco": "registro bancário",
    "relato": "número citado em relato",
    "desconhecida": "número em documento de família desconhecida",
}


def e164(o: Ocorrencia) -> str | None:
    """O número para cruzar; nenhum para o de atendimento (0800, 4004) e o da repartição (timbre, destinatário do
    ofício, solicitante), que aparecem em documentos de famílias diferentes sem ligar ninguém."""
    if o.meta.get("servico") or o.meta.get("institucional"):
        return None
    if o.campo == "telefone":
        return o.meta.get("e164")
    if o.campo == "chave_pix" and o.meta.get("tipo_chave") == "telefone":
        # o telefone sob o rótulo "Chave" vira chave Pix com o E.164 que o reconhecedor de telefone deu
        return o.meta.get("chave_normalizada") or o.meta.get("e164")
    return None


def antigo(o: Ocorrencia) -> bool:
    """Celular de 8 dígitos guardado com o nono dígito acrescentado: vínculo provável, não identidade."""
    return bool(o.meta.get("nono_digito_acrescentado"))


def por_numero(indice: Indice) -> dict[str, list[Ocorrencia]]:
    return indice.agrupar(indice.do_campo("telefone", "chave_pix"), e164)


def papel(o: Ocorrencia) -> str:
    if o.campo == "chave_pix":
        return "chave Pix"
    if o.familia == "operadora" and o.meta.get("em_chamada"):
        return "número em chamada registrada na bilhetagem da operadora"
    texto = PAPEL_DA_FAMILIA.get(o.familia, o.familia)
    return texto.replace("número", "e-mail") if o.campo == "email" else texto


def usos_por_papel(ocorrencias: list[Ocorrencia]) -> tuple[list[Ocorrencia], str]:
    """Amostra a citar e o texto "papel em arquivo (locais)" de cada papel em que o número aparece."""
    por_papel: dict[str, list[Ocorrencia]] = {}
    for o in ocorrencias:
        por_papel.setdefault(papel(o), []).append(o)
    citados, usos = [], []
    for nome_papel, lista in sorted(por_papel.items()):
        amostra, onde = amostra_por_arquivo(lista)
        citados += amostra
        usos.append(f"{nome_papel} em {onde}")
    return citados, "; ".join(usos)
