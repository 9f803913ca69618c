"""Entidades, vínculos e eventos para os relatórios: só o que uma referência validada sustenta.

Uma referência conta quando a máquina a deu VERIFICADO ou uma pessoa a confirmou
(decisão vigente). As entidades vêm dos dados dos lotes no mesmo local citado cujo
valor aparece no `dado_citado`; as arestas ligam a entidade principal de cada
conclusão (a mais citada) às outras, com o grau da conclusão.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from perito.chaves import tempo
from perito.saida import revisao

#: campo do dado → (tipo de entidade, chave normalizada nos metadados)
ENTIDADES = {
    "cpf": ("documento", "digitos"),
    "nome_titular": ("pessoa", "nome_normalizado"),
    "telefone": ("telefone", "e164"),
    "chave_pix": ("chave_pix", "chave_normalizada"),
    "ip_acesso": ("ip", "ip_canonico"),
    "ip_transacao": ("ip", "ip_canonico"),
    "conta_bancaria": ("conta", "conta_normalizada"),
    "imei": ("imei", "digitos"),
    "modelo_dispositivo": ("aparelho", "modelo_normalizado"),
}
ROTULOS_TIPO = {"documento": "CPF/CNPJ", "pessoa": "Pessoa", "telefone": "Telefone", "chave_pix": "Chave Pix",
                "ip": "IP", "conta": "Conta", "imei": "IMEI", "aparelho": "Aparelho"}


def _digitos(texto: str) -> str:
    return re.sub(r"\D", "", texto)


def _local(arquivo: str, pagina: Any, linha: str, aba: Any) -> tuple[str, Any, str, Any]:
    return (arquivo, pagina, linha, aba)


def indice_dos_lotes(
    lotes: list[dict[str, Any]], locais: set[tuple[str, Any, str, Any]]
) -> dict[tuple[str, Any, str, Any], list[dict[str, Any]]]:
    """Os dados de cada um dos `locais` (os citados: num log de 200 mil acessos, indexar todo dado para
    consultar uns poucos custava segundos e centenas de MB)."""
    indice: dict[tuple[str, Any, str, Any], list[dict[str, Any]]] = {}
    arquivos = {local[0] for local in locais}
    for lote in lotes:
        for dado in lote.get("dados_extraidos", []):
            if dado["arquivo_fonte"] not in arquivos:
                continue
            chave = _local(dado["arquivo_fonte"], dado.get("pagina"), dado["linha_ou_celula"], dado.get("aba_planilha"))
            if chave in locais:
                indice.setdefault(chave, []).append(dado)
    return indice


def citado(dado: dict[str, Any], citado: str) -> bool:
    valor = dado["dado"]
    if valor and valor.casefold() in citado.casefold():
        return True
    digitos = _digitos(valor)
    return len(digitos) >= 8 and digitos in _digitos(citado)


def referencia_valida(item: revisao.Item, decisao: dict[str, Any] | None) -> bool:
    if decisao is not None and decisao.get("situacao", revisao.VIGENTE) == revisao.VIGENTE:
        return decisao["decisao"] == "confirmado"
    return item.status == "VERIFICADO"


@dataclass
class Modelo:
    nos: dict[str, dict[str, Any]] = field(default_factory=dict)
    arestas: list[dict[str, Any]] = field(default_factory=list)
    eventos: list[dict[str, Any]] = field(default_factory=list)
    #: conclusão → ids dos nós que ela toca
    por_conclusao: dict[int, list[str]] = field(default_factory=dict)


def montar(conclusoes: list[dict[str, Any]], lotes: list[dict[str, Any]], rev: dict[str, Any]) -> Modelo:
    """Nós, arestas e eventos das conclusões não CONTRADITO, a partir das referências validadas."""
    citados = {_local(ref["arquivo"], ref.get("pagina"), ref["linha_ou_celula"], ref.get("aba_planilha"))
               for conclusao in conclusoes for ref in conclusao["referencias"]}
    indice = indice_dos_lotes(lotes, citados)
    modelo = Modelo()
    eventos: dict[tuple[str, str, str], dict[str, Any]] = {}
    for conclusao in conclusoes:
        if (conclusao.get("validacao") or {}).get("veredicto_geral") == "CONTRADITO":
            continue
        contagem: Counter[str] = Counter()
        for item in revisao.itens([conclusao]):
            if not referencia_valida(item, revisao.decisao_de(rev, item)):
                continue
            ref = item.referencia
            local = _local(ref["arquivo"], ref.get("pagina"), ref["linha_ou_celula"], ref.get("aba_planilha"))
            for dado in indice.get(local, []):
                if not citado(dado, ref["dado_citado"]):
                    continue
                if (no := _no(dado)) is not None:
                    modelo.nos.setdefault(no["id"], no)
                    modelo.nos[no["id"]]["conclusoes"].add(conclusao["id"])
                    contagem[no["id"]] += 1
                if (evento := _evento(dado)) is not None:
                    chave = (evento["utc"], dado["arquivo_fonte"], dado["linha_ou_celula"])
                    eventos.setdefault(chave, evento)["conclusoes"].add(conclusao["id"])
        if not contagem:
            continue
        ordem = [no for no, _ in sorted(contagem.items(), key=lambda par: (-par[1], par[0]))]
        modelo.por_conclusao[conclusao["id"]] = ordem
        for outro in ordem[1:]:
            modelo.arestas.append({"origem": ordem[0], "destino": outro, "conclusao_id": conclusao["id"],
                                   "tipo": conclusao["tipo"], "grau": conclusao["grau_confianca"]})
    for no in modelo.nos.values():
        no["conclusoes"] = sorted(no["conclusoes"])
    modelo.eventos = sorted(({**e, "conclusoes": sorted(e["conclusoes"])} for e in eventos.values()),
                            key=lambda e: (e["utc"], e["arquivo"], e["local"]))
    return modelo


def _no(dado: dict[str, Any]) -> dict[str, Any] | None:
    if dado["campo"] not in ENTIDADES:
        return None
    tipo, campo_chave = ENTIDADES[dado["campo"]]
    meta = dado.get("metadados") or {}
    if dado["campo"] == "ip_acesso" or dado["campo"] == "ip_transacao":
        if meta.get("roteavel") is False:
            return None  # IP privado não identifica ninguém
    chave = str(meta.get(campo_chave) or dado["dado"])
    rotulo = dado["dado"] if tipo in ("pessoa", "conta") else chave
    return {"id": f"{tipo}:{chave}", "tipo": tipo, "rotulo": rotulo, "conclusoes": set()}


def _evento(dado: dict[str, Any]) -> dict[str, Any] | None:
    meta = dado.get("metadados") or {}
    utc = meta.get("instante_utc")
    fuso = dado.get("fuso_horario_original") or meta.get("contexto_fuso")
    if not utc and meta.get("data") and meta.get("hora"):
        momento = tempo.instante(str(meta["data"]), str(meta["hora"]), fuso)
        utc = tempo.iso_utc(momento) if momento else None
    if not utc:
        return None
    local = (f"p. {dado['pagina']}, " if dado.get("pagina") is not None else "") + dado["linha_ou_celula"]
    return {"utc": utc, "fuso": fuso or "", "original": dado["texto_original"], "campo": dado["campo"],
            "dado": dado["dado"], "arquivo": dado["arquivo_fonte"], "local": local, "conclusoes": set()}
