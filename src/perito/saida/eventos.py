"""Eventos da linha do tempo: um por registro citado, com tipo (acesso, Pix, chamada, cadastro...) e instante.

O instante é o do documento convertido para UTC só quando o documento diz o fuso (ou o fuso vem do contexto
dito uma vez); sem fuso, o evento fica com a data e a hora escritas e `utc` vazio — a linha do tempo o mostra
como "fuso não informado", nunca num fuso adivinhado.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

from perito.saida.entidades import Resolvedor, chave_registro, do_dado
from perito.saida.ligacoes import Citacao, Contexto, quando

ROTULOS_EVENTO = {"pix": "Pix", "transacao": "Transação", "acesso": "Acesso", "chamada": "Chamada",
                  "cadastro": "Cadastro", "documento": "Emissão de documento", "evento": "Evento"}
#: quando um registro tem vários dados com instante, o tipo mais específico nomeia o evento
_PRIORIDADE = ("pix", "transacao", "acesso", "chamada", "cadastro", "evento", "documento")
_PAPEIS_CADASTRO = ("abertura_conta", "cadastro", "ativacao", "habilitacao", "criacao_conta", "registro_chave")


@dataclass
class Evento:
    tipo: str
    utc: str | None
    escrito: str | None
    fuso: str
    original: str
    arquivo: str
    local: str
    descricao: str
    entidades: set[str] = field(default_factory=set)
    conclusoes: set[int] = field(default_factory=set)

    def chave(self) -> tuple[str, str]:
        return (self.arquivo, self.local)

    def chave_ordem(self) -> tuple[str, str, str, str]:
        return (self.utc or "~", self.escrito or "", self.arquivo, self.local)

    def somar(self, outro: Evento) -> None:
        self.entidades |= outro.entidades
        self.conclusoes |= outro.conclusoes

    def como_dict(self) -> dict[str, Any]:
        return {"tipo": self.tipo, "tipo_rotulo": ROTULOS_EVENTO.get(self.tipo, self.tipo), "utc": self.utc,
                "escrito": self.escrito, "fuso": self.fuso, "original": self.original, "arquivo": self.arquivo,
                "local": self.local, "descricao": self.descricao, "entidades": sorted(self.entidades),
                "conclusoes": sorted(self.conclusoes)}


def _tipo(dado: dict[str, Any], familias: set[str], campos: set[str]) -> str | None:
    meta = dado.get("metadados") or {}
    campo = dado["campo"]
    if campo == "valor_transacao":
        return "pix" if "pix" in str(meta.get("meio") or "").casefold() else "transacao"
    if campo in ("ip_acesso", "ip_transacao"):
        return "acesso"
    if campo != "data_evento":
        return None
    papel = str(meta.get("papel") or "")
    if papel == "emissao_documento":
        return "documento"
    if papel in _PAPEIS_CADASTRO:
        return "cadastro"
    if "operadora" in familias and "telefone" in campos:
        return "chamada"
    return "evento"


def das_citacoes(usados: list[Citacao], resolvedor: Resolvedor, contexto: Contexto) -> list[Evento]:
    grupos: dict[tuple[str, str], list[Citacao]] = defaultdict(list)
    for dado, ref in usados:
        grupos[(dado["arquivo_fonte"], _local(dado))].append((dado, ref))
    eventos = []
    for (arquivo, local), grupo in grupos.items():
        familias = {str((d.get("metadados") or {}).get("familia_fonte")) for d, _ in grupo}
        campos = {d["campo"] for d, _ in grupo}
        candidatos = [(t, d) for d, _ in grupo if (t := _tipo(d, familias, campos)) is not None]
        if not candidatos:
            continue
        tipo, dado = min(candidatos, key=lambda par: _PRIORIDADE.index(par[0]))
        meta = dado.get("metadados") or {}
        if not meta.get("data"):
            meta = next(((d.get("metadados") or {}) for d, _ in grupo if (d.get("metadados") or {}).get("data")), meta)
        utc, escrito = quando(meta, dado)
        if not utc and not escrito:
            continue
        entidades = {e.id for d, _ in grupo if (e := do_dado(d, resolvedor)) is not None}
        titular = (dado.get("metadados") or {}).get("contexto_titular") or {}
        if titular and (pessoa := resolvedor.pessoa(nome=titular.get("nome"), cpf=titular.get("cpf"))) is not None:
            entidades.add(pessoa.id)  # o lançamento e o acesso são da conta do titular dito no cabeçalho
        if dado["campo"] in ("ip_acesso", "ip_transacao") and arquivo in contexto.alvos:
            entidades.add(contexto.alvos[arquivo][0].id)
        fuso = str(dado.get("fuso_horario_original") or meta.get("fuso") or meta.get("contexto_fuso") or "")
        eventos.append(Evento(tipo, utc, escrito, fuso, dado["texto_original"], arquivo, local,
                              _descricao(tipo, dado, grupo), entidades))
    return eventos


def _local(dado: dict[str, Any]) -> str:
    pagina = f"p. {dado['pagina']}, " if dado.get("pagina") is not None else ""
    aba = f"aba {dado['aba_planilha']}, " if dado.get("aba_planilha") else ""
    return f"{aba}{pagina}{dado['linha_ou_celula']}"


def _descricao(tipo: str, dado: dict[str, Any], grupo: list[Citacao]) -> str:
    """Uma frase curta: o que aconteceu, com os valores do registro (o texto original fica ao lado)."""
    meta = dado.get("metadados") or {}
    if tipo in ("pix", "transacao"):
        direcao = str(meta.get("direcao"))
        if tipo == "pix":
            inicio = {"credito": "Pix recebido:", "debito": "Pix enviado:"}.get(direcao, "Pix:")
        else:
            inicio = {"credito": "Crédito de", "debito": "Débito de"}.get(direcao, "Lançamento de")
        contraparte = f" — {meta['contraparte']}" if meta.get("contraparte") else ""
        return f"{inicio} R$ {_brl(meta.get('valor'))}{contraparte}"
    if tipo == "acesso":
        porta = f", porta {meta['porta']}" if meta.get("porta") else ""
        return f"Acesso pelo IP {meta.get('ip_canonico') or dado['dado']}{porta}"
    numeros = sorted({str((d.get("metadados") or {}).get("e164")) for d, _ in grupo if d["campo"] == "telefone"})
    if tipo == "chamada" and numeros:
        return "Chamada: " + " ↔ ".join(numeros)
    return ROTULOS_EVENTO.get(tipo, tipo)


def _brl(valor: Any) -> str:
    try:
        numero = abs(float(str(valor)))
    except ValueError:
        return str(valor)
    return f"{numero:,.2f}".replace(",", "_").replace(".", ",").replace("_", ".")


__all__ = ["ROTULOS_EVENTO", "Evento", "chave_registro", "das_citacoes"]
