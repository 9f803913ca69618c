"""Ligações com sentido, tiradas dos registros que uma conclusão cita (nunca da mera presença na mesma conclusão).

Regras (cada uma lê um registro — a linha da planilha, o bloco do DICT, o lançamento do extrato):
- `titular_de` pessoa → conta, telefone, chave Pix ou e-mail: registro de cadastro de uma fonte que o
  mantém (banco, operadora, DICT, provedor), com uma pessoa só e nenhum lançamento ou acesso. Relato policial
  não conta: "apreendido com RICARDO o telefone X" não diz de quem é a linha.
- `chave_de` chave Pix → conta: o mesmo bloco do DICT, com uma conta só.
- `usado_em` telefone → aparelho: a linha e o IMEI do mesmo registro da operadora.
- `modelo_de` modelo → aparelho: o IMEI e o modelo do mesmo registro.
- `transferiu` pessoa → pessoa, com valor e instante: o lançamento do extrato, com o titular dito no cabeçalho
  (`contexto_titular`), a contraparte do lançamento e o sentido (crédito: a contraparte pagou ao titular).
- `usou` sujeito → IP (instante, porta) ou modelo de aparelho: o registro de acesso, com o sujeito que o
  documento diz uma vez — a conta do titular do extrato, a conta-alvo no topo da resposta do provedor — ou,
  quando o documento não o diz, um "titular não identificado" daquele arquivo (nunca um palpite).
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from typing import Any

from perito.chaves import tempo
from perito.saida.entidades import PAPEIS_TITULAR, Entidade, Resolvedor, chave_registro, do_dado

ROTULOS_LIGACAO = {"titular_de": "titular de", "chave_de": "chave Pix da conta", "usado_em": "linha usada no aparelho",
                   "modelo_de": "modelo do aparelho", "transferiu": "transferiu para", "usou": "usou"}
#: fontes que mantêm cadastro (o registro delas diz de quem é a conta, a linha, a chave)
FAMILIAS_CADASTRO = ("banco", "operadora", "registro", "provedor")
_IDENTIFICADORES = ("conta", "telefone", "chave_pix", "email")
_ORDEM_GRAU = {"forte": 3, "moderado": 2, "fraco": 1}
Citacao = tuple[dict[str, Any], dict[str, Any]]


def _ref(ref: dict[str, Any]) -> dict[str, Any]:
    return {c: ref.get(c) for c in ("arquivo", "pagina", "linha_ou_celula", "aba_planilha", "dado_citado")}


@dataclass
class Ligacao:
    tipo: str
    origem: Entidade
    destino: Entidade
    instante_utc: str | None = None
    escrito: str | None = None  # a data e a hora como o documento as escreveu, com o fuso escrito
    valor: str | None = None
    porta: str | None = None
    grau: str = "fraco"
    conclusoes: set[int] = field(default_factory=set)
    referencias: list[dict[str, Any]] = field(default_factory=list)
    #: onde o documento disse uma vez o sujeito (cabeçalho do extrato, conta-alvo do provedor)
    contexto: list[dict[str, Any]] = field(default_factory=list)
    id: str = ""

    @property
    def pontas(self) -> tuple[Entidade, Entidade]:
        return (self.origem, self.destino)

    def chave(self) -> tuple[Any, ...]:
        return (self.tipo, self.origem.id, self.destino.id, self.instante_utc or self.escrito, self.valor, self.porta)

    def chave_ordem(self) -> tuple[str, ...]:
        return tuple("" if parte is None else str(parte) for parte in self.chave())

    def somar(self, outra: Ligacao) -> None:
        self.conclusoes |= outra.conclusoes
        if _ORDEM_GRAU.get(outra.grau, 0) > _ORDEM_GRAU.get(self.grau, 0):
            self.grau = outra.grau
        for lista, novas in ((self.referencias, outra.referencias), (self.contexto, outra.contexto)):
            for ref in novas:
                if ref not in lista:
                    lista.append(ref)

    def como_dict(self) -> dict[str, Any]:
        return {"id": self.id, "tipo": self.tipo, "rotulo": ROTULOS_LIGACAO.get(self.tipo, self.tipo),
                "origem": self.origem.id, "destino": self.destino.id, "instante_utc": self.instante_utc,
                "escrito": self.escrito, "valor": self.valor, "porta": self.porta, "grau": self.grau,
                "conclusoes": sorted(self.conclusoes), "referencias": self.referencias, "contexto": self.contexto}


@dataclass
class Contexto:
    """O que um documento diz uma vez e vale para os registros dele: a conta-alvo de uma resposta de provedor."""

    alvos: dict[str, tuple[Entidade, dict[str, Any]]] = field(default_factory=dict)
    resolvedor: Resolvedor | None = None

    @classmethod
    def dos_lotes(cls, lotes: list[dict[str, Any]], arquivos: set[str], resolvedor: Resolvedor) -> Contexto:
        """A conta-alvo de cada resposta de provedor citada: o telefone ou e-mail do primeiro registro do
        documento (o cabeçalho "Account Identifier"), quando ele tem um só."""
        primeiro: dict[str, str] = {}
        candidatos: dict[str, dict[str, tuple[Entidade, dict[str, Any]]]] = defaultdict(dict)
        for lote in lotes:
            for dado in lote.get("dados_extraidos", []):
                arquivo = dado["arquivo_fonte"]
                meta = dado.get("metadados") or {}
                if arquivo not in arquivos or meta.get("familia_fonte") != "provedor":
                    continue
                registro = chave_registro(dado)[1]
                primeiro.setdefault(arquivo, registro)
                if registro == primeiro[arquivo] and dado["campo"] in ("telefone", "email"):
                    if (entidade := do_dado(dado, resolvedor)) is not None:
                        candidatos[arquivo].setdefault(entidade.id, (entidade, _local_dito(dado)))
        alvos = {arquivo: next(iter(achados.values())) for arquivo, achados in candidatos.items() if len(achados) == 1}
        return cls(alvos, resolvedor)


def _local_dito(dado: dict[str, Any]) -> dict[str, Any]:
    return {"arquivo": dado["arquivo_fonte"], "pagina": dado.get("pagina"), "linha_ou_celula": dado["linha_ou_celula"],
            "aba_planilha": dado.get("aba_planilha"), "dado_citado": dado["dado"]}


def das_citacoes(usados: list[Citacao], resolvedor: Resolvedor, contexto: Contexto) -> list[Ligacao]:
    """As ligações que os registros citados por uma conclusão afirmam."""
    ligacoes: list[Ligacao] = []
    grupos: dict[tuple[str, str], list[Citacao]] = defaultdict(list)
    for dado, ref in usados:
        grupos[chave_registro(dado)].append((dado, ref))
    for grupo in grupos.values():
        ligacoes += _do_registro(grupo, resolvedor)
    for dado, ref in usados:
        meta = dado.get("metadados") or {}
        if dado["campo"] == "valor_transacao":
            if (ligacao := _transferencia(dado, ref, resolvedor)) is not None:
                ligacoes.append(ligacao)
        elif dado["campo"] in ("ip_acesso", "ip_transacao") and meta.get("roteavel") is not False:
            if (ligacao := _acesso(dado, ref, resolvedor, contexto, grupos[chave_registro(dado)])) is not None:
                ligacoes.append(ligacao)
        elif dado["campo"] == "modelo_dispositivo" and meta.get("familia_fonte") in FAMILIAS_CADASTRO:
            # o modelo no registro de acesso do banco ou nas informações do aparelho do provedor; num relato,
            # o modelo só se liga ao IMEI do mesmo registro (`modelo_de`)
            registro = grupos[chave_registro(dado)]
            if not any(d["campo"] == "imei" for d, _ in registro):
                if (ligacao := _acesso(dado, ref, resolvedor, contexto, registro)) is not None:
                    ligacoes.append(ligacao)
    return ligacoes


def _do_registro(grupo: list[Citacao], resolvedor: Resolvedor) -> list[Ligacao]:
    """Cadastro (titular_de), DICT (chave_de), operadora (usado_em) e aparelho (modelo_de) num registro só."""
    por_tipo: dict[str, dict[str, tuple[Entidade, list[dict[str, Any]]]]] = defaultdict(dict)
    tem_evento = False
    familias = set()
    for dado, ref in grupo:
        meta = dado.get("metadados") or {}
        familias.add(meta.get("familia_fonte"))
        if dado["campo"] in ("valor_transacao", "ip_acesso", "ip_transacao"):
            tem_evento = True
        if dado["campo"] == "nome_titular" and meta.get("papel") not in PAPEIS_TITULAR:
            continue  # remetente ou destinatário de um lançamento: não é titular do registro
        if (entidade := do_dado(dado, resolvedor)) is None:
            continue
        tipo = "chave" if dado["campo"] == "chave_pix" else entidade.tipo
        _, refs = por_tipo[tipo].setdefault(entidade.id, (entidade, []))
        refs.append(_ref(ref))
    ligacoes = []
    cadastro = not tem_evento and bool(familias & set(FAMILIAS_CADASTRO))
    pessoas = por_tipo.get("pessoa", {})
    if cadastro and len(pessoas) == 1:
        pessoa, refs_p = next(iter(pessoas.values()))
        for tipo in _IDENTIFICADORES:
            for entidade, refs in por_tipo.get(tipo, {}).values():
                ligacoes.append(Ligacao("titular_de", pessoa, entidade, referencias=refs_p + refs))
        for entidade, refs in por_tipo.get("chave", {}).values():
            ligacoes.append(Ligacao("titular_de", pessoa, entidade, referencias=refs_p + refs))
    contas = por_tipo.get("conta", {})
    if len(contas) == 1:
        conta, refs_c = next(iter(contas.values()))
        for chave, refs in por_tipo.get("chave", {}).values():
            ligacoes.append(Ligacao("chave_de", chave, conta, referencias=refs + refs_c))
    aparelhos = por_tipo.get("aparelho", {})
    if len(aparelhos) == 1:
        aparelho, refs_a = next(iter(aparelhos.values()))
        if "relato" not in familias:
            for telefone, refs in por_tipo.get("telefone", {}).values():
                ligacoes.append(Ligacao("usado_em", telefone, aparelho, referencias=refs + refs_a))
        for modelo, refs in por_tipo.get("modelo", {}).values():
            ligacoes.append(Ligacao("modelo_de", modelo, aparelho, referencias=refs + refs_a))
    return ligacoes


def quando(meta: dict[str, Any], dado: dict[str, Any]) -> tuple[str | None, str | None]:
    """(instante UTC, data e hora como escritas com o fuso escrito)."""
    fuso = dado.get("fuso_horario_original") or meta.get("fuso") or meta.get("contexto_fuso")
    # a data de ordem incerta (mês antes do dia) não tem leitura: vai como escrita
    data = meta.get("data_escrita") if meta.get("ordem_data") else meta.get("data")
    escrito = " ".join(str(p) for p in (data, meta.get("hora"), fuso) if p) or None
    utc = meta.get("instante_utc")
    if not utc and meta.get("data") and meta.get("hora") and fuso:
        momento = tempo.instante(str(meta["data"]), str(meta["hora"]), str(fuso))
        utc = tempo.iso_utc(momento) if momento else None
    return (str(utc) if utc else None, escrito)


def _titular(meta: dict[str, Any], resolvedor: Resolvedor) -> tuple[Entidade | None, Entidade | None, list[dict[str, Any]]]:
    """(pessoa, conta, locais) do titular dito no cabeçalho do documento."""
    titular = meta.get("contexto_titular") or {}
    if not titular:
        return None, None, []
    pessoa = resolvedor.pessoa(nome=titular.get("nome"), cpf=titular.get("cpf"))
    conta = None
    if titular.get("conta"):
        conta = resolvedor.conta_do_literal(str(titular["conta"]))
    locais = [{"arquivo": None, **{c: local.get(c) for c in ("pagina", "linha_ou_celula")}, "dado_citado": local.get("dado")}
              for local in titular.get("locais", [])]
    return pessoa, conta, locais


def _transferencia(dado: dict[str, Any], ref: dict[str, Any], resolvedor: Resolvedor) -> Ligacao | None:
    meta = dado.get("metadados") or {}
    pessoa, _, locais = _titular(meta, resolvedor)
    contraparte = meta.get("contraparte")
    if pessoa is None or not contraparte:
        return None
    outra = resolvedor.pessoa(nome=str(contraparte))
    if outra is None or outra.id == pessoa.id:
        return None
    try:
        valor = Decimal(str(meta.get("valor")))
    except InvalidOperation:
        return None
    direcao = meta.get("direcao") or ("debito" if valor < 0 else "credito")
    origem, destino = (outra, pessoa) if direcao == "credito" else (pessoa, outra)
    utc, escrito = quando(meta, dado)
    return Ligacao("transferiu", origem, destino, instante_utc=utc, escrito=escrito, valor=f"{abs(valor):.2f}",
                   referencias=[_ref(ref)], contexto=_no_arquivo(locais, dado))


def _acesso(dado: dict[str, Any], ref: dict[str, Any], resolvedor: Resolvedor, contexto: Contexto,
            registro: list[Citacao]) -> Ligacao | None:
    meta = dado.get("metadados") or {}
    destino = do_dado(dado, resolvedor)
    if destino is None:
        return None
    pessoa, conta, locais = _titular(meta, resolvedor)
    sujeito = conta or pessoa
    dito = _no_arquivo(locais, dado)
    if sujeito is None and dado["arquivo_fonte"] in contexto.alvos:
        sujeito, local = contexto.alvos[dado["arquivo_fonte"]]
        dito = [local]
    if sujeito is None:
        arquivo = dado["arquivo_fonte"]
        sujeito = Entidade(f"desconhecido:{arquivo}", "desconhecido", f"titular não identificado em {arquivo}")
    fonte = meta if meta.get("data") else next(((d.get("metadados") or {}) for d, _ in registro
                                                  if (d.get("metadados") or {}).get("data")), {})
    utc, escrito = quando(fonte, dado)
    return Ligacao("usou", sujeito, destino, instante_utc=utc, escrito=escrito,
                   porta=str(meta["porta"]) if meta.get("porta") else None, referencias=[_ref(ref)], contexto=dito)


def _no_arquivo(locais: list[dict[str, Any]], dado: dict[str, Any]) -> list[dict[str, Any]]:
    return [{**local, "arquivo": dado["arquivo_fonte"]} for local in locais]
