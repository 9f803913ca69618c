"""O modelo de vínculos dos relatórios: entidades resolvidas e ligações com sentido, só o que a prova validada diz.

Uma referência conta quando a máquina a deu VERIFICADO ou uma pessoa a confirmou (decisão vigente); conclusões
CONTRADITO não entram. Das referências que contam saem os dados dos lotes no mesmo local cujo valor está no
`dado_citado`, e deles as entidades (`entidades.py`). Nada se liga por aparecer na mesma conclusão: cada ligação
vem de um registro do documento que a afirma (`ligacoes.py`) e leva a conclusão, as referências que a sustentam
e, quando o sujeito foi dito uma vez no documento (o titular no cabeçalho do extrato, a conta-alvo no topo da
resposta do provedor), o local onde foi dito.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from perito.saida import eventos as mod_eventos
from perito.saida import ligacoes as mod_ligacoes
from perito.saida import revisao
from perito.saida.entidades import ROTULOS_TIPO, Entidade, Resolvedor, do_dado
from perito.saida.eventos import Evento
from perito.saida.ligacoes import ROTULOS_LIGACAO, Ligacao

__all__ = ["ROTULOS_LIGACAO", "ROTULOS_TIPO", "Entidade", "Evento", "Ligacao", "Modelo", "montar"]

Local = tuple[str, Any, str, Any]


def _local(arquivo: str, pagina: Any, linha: str, aba: Any) -> Local:
    return (arquivo, pagina, linha, aba)


def local_do_dado(dado: dict[str, Any]) -> Local:
    return _local(dado["arquivo_fonte"], dado.get("pagina"), dado["linha_ou_celula"], dado.get("aba_planilha"))


def indice_dos_lotes(lotes: list[dict[str, Any]], locais: set[Local]) -> dict[Local, list[dict[str, Any]]]:
    """Os dados de cada um dos `locais` (os citados: num log de 200 mil acessos, indexar todo dado para
    consultar uns poucos custava segundos e centenas de MB)."""
    indice: dict[Local, list[dict[str, Any]]] = {}
    arquivos = {local[0] for local in locais}
    for lote in lotes:
        for dado in lote.get("dados_extraidos", []):
            if dado["arquivo_fonte"] not in arquivos:
                continue
            chave = local_do_dado(dado)
            if chave in locais:
                indice.setdefault(chave, []).append(dado)
    return indice


def citado(dado: dict[str, Any], citado: str) -> bool:
    valor = dado["dado"]
    if valor and valor.casefold() in citado.casefold():
        return True
    digitos = "".join(c for c in valor if c.isdigit())
    return len(digitos) >= 8 and digitos in "".join(c for c in citado if c.isdigit())


def referencia_valida(item: revisao.Item, decisao: dict[str, Any] | None) -> bool:
    if decisao is not None and decisao.get("situacao", revisao.VIGENTE) == revisao.VIGENTE:
        return decisao["decisao"] == "confirmado"
    return item.status == "VERIFICADO"


@dataclass
class Modelo:
    entidades: dict[str, Entidade] = field(default_factory=dict)
    ligacoes: list[Ligacao] = field(default_factory=list)
    eventos: list[Evento] = field(default_factory=list)
    #: conclusão → ids das entidades que ela toca (a mais citada primeiro)
    por_conclusao: dict[int, list[str]] = field(default_factory=dict)
    #: o que se calcula do modelo e dos lotes uma vez por execução (as lacunas: o plano e os ofícios as pedem)
    memoria: dict[str, Any] = field(default_factory=dict, repr=False, compare=False)

    def conclusoes_da_entidade(self, tipo: str, chave: str) -> list[int]:
        entidade = self.entidades.get(f"{tipo}:{chave}")
        return sorted(entidade.conclusoes) if entidade else []

    def como_dict(self) -> dict[str, Any]:
        """O modelo inteiro em JSON (o gráfico e a linha do tempo do HTML leem isto)."""
        return {"entidades": [e.como_dict() for e in sorted(self.entidades.values(), key=lambda e: e.id)],
                "ligacoes": [ligacao.como_dict() for ligacao in self.ligacoes],
                "eventos": [evento.como_dict() for evento in self.eventos]}


def montar(conclusoes: list[dict[str, Any]], lotes: list[dict[str, Any]], rev: dict[str, Any]) -> Modelo:
    """Entidades, ligações e eventos das conclusões não CONTRADITO, a partir das referências que contam."""
    citados = {_local(ref["arquivo"], ref.get("pagina"), ref["linha_ou_celula"], ref.get("aba_planilha"))
               for conclusao in conclusoes for ref in conclusao["referencias"]}
    indice = indice_dos_lotes(lotes, citados)
    resolvedor = Resolvedor(lotes)
    contexto = mod_ligacoes.Contexto.dos_lotes(lotes, {local[0] for local in citados}, resolvedor)
    modelo = Modelo()
    ligacoes: dict[tuple[Any, ...], Ligacao] = {}
    eventos: dict[tuple[str, str], Evento] = {}
    # a situação exibida: a conclusão rejeitada na revisão sai do gráfico como a que a máquina contradisse
    situacoes = revisao.situacoes_exibidas(conclusoes, rev)
    for conclusao in conclusoes:
        if situacoes[int(conclusao["id"])].status == "CONTRADITO":
            continue
        usados: list[tuple[dict[str, Any], dict[str, Any]]] = []  # (dado, referência que o cita)
        vistos: set[int] = set()
        contagem: dict[str, int] = {}
        for item in revisao.itens([conclusao]):
            if not referencia_valida(item, revisao.decisao_de(rev, item)):
                continue
            ref = item.referencia
            local = _local(ref["arquivo"], ref.get("pagina"), ref["linha_ou_celula"], ref.get("aba_planilha"))
            for dado in indice.get(local, []):
                if id(dado) in vistos or not citado(dado, ref["dado_citado"]):
                    continue
                vistos.add(id(dado))
                usados.append((dado, ref))
                if (entidade := do_dado(dado, resolvedor)) is not None:
                    _juntar(modelo.entidades, entidade).conclusoes.add(conclusao["id"])
                    contagem[entidade.id] = contagem.get(entidade.id, 0) + 1
        if not usados:
            continue
        modelo.por_conclusao[conclusao["id"]] = [i for i, _ in sorted(contagem.items(), key=lambda p: (-p[1], p[0]))]
        for ligacao in mod_ligacoes.das_citacoes(usados, resolvedor, contexto):
            for ponta in ligacao.pontas:
                _juntar(modelo.entidades, ponta).conclusoes.add(conclusao["id"])
            ligacao.conclusoes.add(conclusao["id"])
            ligacao.grau = conclusao["grau_confianca"]
            existente = ligacoes.get(ligacao.chave())
            if existente is None:
                ligacoes[ligacao.chave()] = ligacao
            else:
                existente.somar(ligacao)
        for evento in mod_eventos.das_citacoes(usados, resolvedor, contexto):
            evento.conclusoes.add(conclusao["id"])
            existente_ev = eventos.get(evento.chave())
            if existente_ev is None:
                eventos[evento.chave()] = evento
            else:
                existente_ev.somar(evento)
    modelo.ligacoes = sorted(ligacoes.values(), key=lambda lig: lig.chave_ordem())
    for n, ligacao in enumerate(modelo.ligacoes, start=1):
        ligacao.id = f"l{n}"
    modelo.eventos = sorted(eventos.values(), key=lambda e: e.chave_ordem())
    return modelo


def _juntar(entidades: dict[str, Entidade], entidade: Entidade) -> Entidade:
    """A entidade já vista com o mesmo id recebe as notações novas (o IMEISV junto do IMEI)."""
    existente = entidades.setdefault(entidade.id, entidade)
    if existente is not entidade:
        existente.notacoes |= entidade.notacoes
    return existente
