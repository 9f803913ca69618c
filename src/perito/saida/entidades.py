"""Entidades resolvidas: um dado dos lotes → a pessoa, conta, aparelho, telefone, IP... que ele denota.

Cada tipo tem a sua identidade, qualquer que seja a notação em que o documento a escreveu:
- pessoa pelo CPF/CNPJ; o nome sozinho só se junta a um CPF quando, no caso inteiro, esse nome aparece
  com um CPF só (dois CPFs para o mesmo nome: o nome fica sozinho, a dúvida não se resolve no gráfico);
- conta por agência e conta sem zeros à esquerda (com ou sem o dígito verificador separado) e pelo banco
  em qualquer notação (COMPE ou ISPB): notações de banco que não se contradizem são a mesma conta;
- aparelho pelo corpo de 14 dígitos do IMEI (IMEI, IMEI sem DV e IMEISV do mesmo aparelho são um nó que
  guarda as notações vistas);
- telefone pelo E.164 (uma chave Pix de tipo telefone é o próprio número);
- IP pela forma canônica, só os roteáveis (um IP privado não identifica ninguém).
"""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

from perito.chaves import conta as chave_conta
from perito.chaves.nome import dobrar

ROTULOS_TIPO = {"pessoa": "Pessoa", "telefone": "Telefone", "chave_pix": "Chave Pix", "ip": "IP", "conta": "Conta",
                "aparelho": "Aparelho", "modelo": "Modelo de aparelho", "email": "E-mail",
                "desconhecido": "Titular não identificado"}
#: nome dito como titular/cliente (não o remetente ou o destinatário de um lançamento)
PAPEIS_TITULAR = ("titular", "cliente", "nome", "identificado_por_cpf", "assinante", "usuario")


def _digitos(texto: str) -> str:
    return re.sub(r"\D", "", texto)


@dataclass
class Entidade:
    id: str
    tipo: str
    rotulo: str
    #: as notações vistas nos documentos (IMEI e IMEISV; banco 989 e ISPB...)
    notacoes: set[str] = field(default_factory=set)
    conclusoes: set[int] = field(default_factory=set)

    def como_dict(self) -> dict[str, Any]:
        return {"id": self.id, "tipo": self.tipo, "tipo_rotulo": ROTULOS_TIPO.get(self.tipo, self.tipo),
                "rotulo": self.rotulo, "notacoes": sorted(self.notacoes), "conclusoes": sorted(self.conclusoes)}


class Resolvedor:
    """Identidades a partir de todos os lotes do caso (quem é o CPF de um nome, em que bancos está uma conta)."""

    def __init__(self, lotes: list[dict[str, Any]]) -> None:
        cpfs_do_nome: dict[str, set[str]] = defaultdict(set)
        nome_do_cpf: dict[str, str] = {}
        self._bancos_da_conta: dict[str, set[tuple[str, str]]] = defaultdict(set)
        self._meta_da_conta: dict[str, dict[str, Any]] = {}
        for dado in _todos(lotes):
            meta = dado.get("metadados") or {}
            if dado["campo"] == "conta_bancaria":
                self._meta_da_conta.setdefault(dado["dado"], meta)
                if (base := self._base_conta(meta)) and (banco := chave_conta.banco(_partes_da_conta(meta)[0])):
                    self._bancos_da_conta[base].add(next(iter(banco.items())))
        #: o CPF do registro do nome ("MARIA LIMA 111.444.777-35" na mesma linha do cadastro), quando o registro tem
        #: um nome só e um CPF só (o ofício que cita a titular e a vítima no mesmo parágrafo não dá o CPF dela a ele)
        self.cpf_do_registro: dict[tuple[str, str], str] = {}
        for chave, registro in _por_registro(lotes).items():
            documentos = {_digitos(d["dado"]) for d in registro if _documento(d)}
            pessoas = {dobrar(d["dado"]) for d in registro if d["campo"] == "nome_titular"}
            if len(documentos) == 1 and len(pessoas) == 1:
                self.cpf_do_registro[chave] = next(iter(documentos))
            nomes = {(dobrar(d["dado"]), d["dado"]) for d in registro if d["campo"] == "nome_titular"
                     and (d.get("metadados") or {}).get("papel") in PAPEIS_TITULAR}
            cpfs = {_digitos(d["dado"]) for d in registro if _documento(d)}
            if len(nomes) == 1 and len(cpfs) == 1:
                (normal, literal), cpf = next(iter(nomes)), next(iter(cpfs))
                cpfs_do_nome[normal].add(cpf)
                nome_do_cpf.setdefault(cpf, literal)
        self.cpf_do_nome = {nome: next(iter(cpfs)) for nome, cpfs in cpfs_do_nome.items() if len(cpfs) == 1}
        self.nome_do_cpf = nome_do_cpf

    # --- pessoa ---------------------------------------------------------------------------------------------
    def pessoa(self, nome: str | None = None, cpf: str | None = None) -> Entidade | None:
        digitos = _digitos(cpf or "")
        if len(digitos) not in (11, 14):
            digitos = self.cpf_do_nome.get(dobrar(nome), "") if nome else ""
        if digitos:
            rotulo = self.nome_do_cpf.get(digitos) or nome or _formatar_documento(digitos)
            entidade = Entidade(f"pessoa:{digitos}", "pessoa", rotulo, {_formatar_documento(digitos)})
        elif nome and dobrar(nome):
            entidade = Entidade(f"pessoa:nome:{dobrar(nome)}", "pessoa", nome)
        else:
            return None
        if nome:
            entidade.notacoes.add(nome)
        return entidade

    # --- conta ----------------------------------------------------------------------------------------------
    @staticmethod
    def _base_conta(meta: dict[str, Any]) -> str | None:
        _, agencia, conta = _partes_da_conta(meta)
        numero = chave_conta.normalizar(conta)
        if not numero:
            return None
        return f"{chave_conta.agencia(agencia)}|{numero}"

    def conta_do_literal(self, literal: str) -> Entidade | None:
        """A conta escrita como no cabeçalho do extrato (o `contexto_titular` guarda o texto, não as partes)."""
        meta = self._meta_da_conta.get(literal)
        return self.conta(meta, literal) if meta is not None else None

    def conta(self, meta: dict[str, Any], literal: str) -> Entidade | None:
        base = self._base_conta(meta)
        if base is None:
            return None
        banco = chave_conta.banco(_partes_da_conta(meta)[0])
        vistos = self._bancos_da_conta.get(base, set())
        # a mesma agência e conta em bancos que se contradizem (dois COMPE, dois ISPB, ou um par da tabela que não
        # casa) são contas diferentes; sem contradição, uma conta só, com as notações de banco todas
        identidade = f"conta:{base}"
        if banco and _bancos_em_conflito(vistos):
            tipo, codigo = next(iter(banco.items()))
            identidade = f"conta:{tipo}:{codigo}|{base}"
        return Entidade(identidade, "conta", literal, {literal})


def _partes_da_conta(meta: dict[str, Any]) -> tuple[str, str, str]:
    """(banco, agência, conta) como escritos: nos metadados do dado (extrato, DICT, ficha) ou, numa linha do SIMBA, no
    dicionário `conta` dela. Antes, o SIMBA passava o dicionário inteiro como o número da conta, e os algarismos de
    todos os campos dele viravam uma conta que nenhum outro documento tinha: a mesma conta do DICT e do SIMBA eram
    dois nós no gráfico. A conta do SIMBA com um marcador de "não informado" não é conta de ninguém."""
    conta = meta.get("conta")
    if isinstance(conta, dict):
        if conta.get("nao_informado"):
            return "", "", ""
        return str(conta.get("banco") or ""), str(conta.get("agencia") or ""), str(conta.get("conta") or "")
    return str(meta.get("banco") or ""), str(meta.get("agencia") or ""), str(conta or "")


def _bancos_em_conflito(bancos: set[tuple[str, str]]) -> bool:
    compe = {c for t, c in bancos if t == "compe"}
    ispb = {c for t, c in bancos if t == "ispb"}
    if len(compe) > 1 or len(ispb) > 1:
        return True
    if compe and ispb:
        par = chave_conta.ISPB_DO_COMPE.get(next(iter(compe)))
        return par is not None and par != next(iter(ispb))
    return False


def _documento(dado: dict[str, Any]) -> bool:
    meta = dado.get("metadados") or {}
    if dado["campo"] == "cpf":
        return True
    return dado["campo"] == "outro" and meta.get("documento") in ("cpf", "cnpj")


def _formatar_documento(digitos: str) -> str:
    if len(digitos) == 11:
        return f"{digitos[:3]}.{digitos[3:6]}.{digitos[6:9]}-{digitos[9:]}"
    if len(digitos) == 14:
        return f"{digitos[:2]}.{digitos[2:5]}.{digitos[5:8]}/{digitos[8:12]}-{digitos[12:]}"
    return digitos


def _todos(lotes: list[dict[str, Any]]) -> Any:
    for lote in lotes:
        yield from lote.get("dados_extraidos", [])


def chave_registro(dado: dict[str, Any]) -> tuple[str, str]:
    """O registro do dado no arquivo (o bloco, quando o documento agrupa registros: a resposta do DICT)."""
    meta = dado.get("metadados") or {}
    registro = meta.get("bloco") or meta.get("registro")
    if not registro:
        pagina = f"p{dado['pagina']}:" if dado.get("pagina") is not None else ""
        registro = f"{dado.get('aba_planilha') or ''}{pagina}{dado['linha_ou_celula']}"
    return (dado["arquivo_fonte"], str(registro))


def _por_registro(lotes: list[dict[str, Any]]) -> dict[tuple[str, str], list[dict[str, Any]]]:
    """Só os dados de pessoa e documento (o mapa nome → CPF); num log de 200 mil acessos não há nenhum."""
    grupos: dict[tuple[str, str], list[dict[str, Any]]] = defaultdict(list)
    for dado in _todos(lotes):
        if dado["campo"] == "nome_titular" or _documento(dado):
            grupos[chave_registro(dado)].append(dado)
    return grupos


def do_dado(dado: dict[str, Any], resolvedor: Resolvedor) -> Entidade | None:
    """A entidade que o dado denota, ou None (datas, valores, IP privado, marcadores)."""
    meta = dado.get("metadados") or {}
    campo = dado["campo"]
    if campo == "nome_titular":
        return resolvedor.pessoa(nome=dado["dado"], cpf=resolvedor.cpf_do_registro.get(chave_registro(dado)))
    if _documento(dado):
        return resolvedor.pessoa(cpf=dado["dado"])
    if campo == "conta_bancaria":
        return resolvedor.conta(meta, dado["dado"])
    if campo == "telefone" or (campo == "chave_pix" and meta.get("tipo_chave") == "telefone"):
        numero = str(meta.get("e164") or meta.get("chave_normalizada") or "")
        return Entidade(f"telefone:{numero}", "telefone", numero, {dado["dado"]}) if numero.startswith("+") else None
    if campo == "chave_pix":
        chave = str(meta.get("chave_normalizada") or dado["dado"])
        return Entidade(f"chave_pix:{chave}", "chave_pix", chave, {dado["dado"]})
    if campo == "email":
        email = str(meta.get("email_normalizado") or dado["dado"]).casefold()
        return Entidade(f"email:{email}", "email", email, {dado["dado"]})
    if campo in ("ip_acesso", "ip_transacao"):
        if meta.get("roteavel") is False:
            return None
        ip = str(meta.get("ip_canonico") or dado["dado"])
        return Entidade(f"ip:{ip}", "ip", ip, {dado["dado"]})
    if campo == "imei":
        corpo = str(meta.get("imei_corpo") or _digitos(dado["dado"])[:14])
        if len(corpo) != 14:
            return None
        return Entidade(f"aparelho:{corpo}", "aparelho", f"IMEI {corpo}", {dado["dado"]})
    if campo == "modelo_dispositivo":
        modelo = str(meta.get("modelo_normalizado") or dado["dado"])
        return Entidade(f"modelo:{modelo.casefold()}", "modelo", modelo, {dado["dado"]})
    return None
