"""Lacunas que a prova mostra: o que o caso cita e a resposta que falta (base dos ofícios).

- IP público com porta, instante ao segundo e fuso, sem resposta de operadora que dê o
  assinante daquele IP (na mesma porta e instante, quando a resposta os traz);
- chave Pix citada fora do DICT, sem linha do DICT com a mesma chave;
- conta (agência e conta) citada sem extrato (lançamentos com a conta no cabeçalho) nem SIMBA;
- IMEI citado sem nenhuma linha de operadora com o mesmo IMEI (corpo de 14 dígitos).

Só dados dos lotes, cada um com o seu local (arquivo, página, linha ou célula); a
conferência com o documento fica para quem escreve o ofício (validador). Mora no principal
porque achar a resposta que falta é cruzar os dados (o plano e os ofícios só a usam).
"""

from __future__ import annotations

import datetime as dt
import ipaddress
import re
from dataclasses import dataclass, field
from typing import Any

from perito.chaves import imei, marcadores, tempo, tempo_formas

IP, PIX, CONTA, IMEI = "ip", "pix", "conta", "imei"
CAMPOS_IP = ("ip_acesso", "ip_transacao")


@dataclass
class Lacuna:
    tipo: str  # ip | pix | conta | imei
    chave: str  # o IP, a chave normalizada, agência|conta, os 15 dígitos do IMEI
    #: os dados que a citam, na ordem dos lotes (cada um com o seu local)
    dados: list[dict[str, Any]] = field(default_factory=list)
    #: atributos do pedido (tipo da chave, banco...) tirados dos metadados
    atributos: dict[str, str] = field(default_factory=dict)


def familia(dado: dict[str, Any]) -> str:
    return str((dado.get("metadados") or {}).get("familia_fonte") or "")


def _registro(dado: dict[str, Any]) -> tuple[str, str]:
    meta = dado.get("metadados") or {}
    return dado["arquivo_fonte"], str(meta.get("registro") or dado["linha_ou_celula"])


def fuso(dado: dict[str, Any]) -> str:
    meta = dado.get("metadados") or {}
    return str(dado.get("fuso_horario_original") or meta.get("fuso") or meta.get("contexto_fuso") or "")


def instante_utc(dado: dict[str, Any]) -> str | None:
    """Instante ao segundo em UTC (ISO), ou None se a hora não tem segundos ou o fuso falta. A hora de 12 h com
    segundos ("1:10:44 PM", das respostas de empresas americanas) também é ao segundo."""
    meta = dado.get("metadados") or {}
    hora, data = str(meta.get("hora") or ""), str(meta.get("data") or "")
    if tempo.hora(hora) is None or not tempo_formas.tem_segundos(hora) or not data or not fuso(dado):
        return None
    if meta.get("instante_utc"):
        return str(meta["instante_utc"])
    momento = tempo.instante(data, hora, fuso(dado))
    return tempo.iso_utc(momento) if momento else None


# --- IP -------------------------------------------------------------------------------------------------------


def _ips(todos: list[dict[str, Any]]) -> list[Lacuna]:
    titulares = {_registro(d) for d in todos if d["campo"] in ("nome_titular", "cpf")}
    respondidos = [d for d in todos if d["campo"] in CAMPOS_IP and familia(d) == "operadora"
                   and _registro(d) in titulares]  # a operadora deu o assinante daquele IP
    lacunas: dict[str, Lacuna] = {}
    for dado in todos:
        meta = dado.get("metadados") or {}
        if dado["campo"] not in CAMPOS_IP or meta.get("roteavel") is not True or familia(dado) == "operadora":
            continue  # IP privado (ou de versão desconhecida) não identifica ninguém fora da rede local
        ip, porta, utc = str(meta.get("ip_canonico") or dado["dado"]), str(meta.get("porta") or ""), instante_utc(dado)
        if not porta or utc is None or any(responde(r, ip, porta, utc) for r in respondidos):
            continue
        lacuna = lacunas.setdefault(ip, Lacuna(IP, ip))
        if all((instante_utc(d), str(d["metadados"].get("porta"))) != (utc, porta) for d in lacuna.dados):
            lacuna.dados.append(dado)
    for lacuna in lacunas.values():
        lacuna.dados.sort(key=lambda d: (instante_utc(d) or "", _ordem_local(d)))  # a ordem do pedido é a do tempo
    return list(lacunas.values())


def responde(resposta: dict[str, Any], ip: str, porta: str, utc: str) -> bool:
    """A resposta da operadora cobre o acesso: o mesmo IP, a porta (ou o bloco de portas da CGNAT que a contém) e o
    instante (ou a sessão, do início ao fim, que o contém)."""
    meta = resposta.get("metadados") or {}
    if not na_rede_da_resposta(meta, str(resposta["dado"]), ip):
        return False
    if meta.get("porta"):
        primeira = str(meta["porta"])
        ultima = str(meta.get("porta_final") or primeira)
        if not (primeira.isdigit() and ultima.isdigit() and porta.isdigit()
                and int(primeira) <= int(porta) <= int(ultima)):
            return False
    outro = instante_utc(resposta)
    if outro is None:
        return True
    if fim := meta.get("instante_fim_utc"):
        return _momento(outro) <= _momento(utc) <= _momento(str(fim))
    return outro == utc


def na_rede_da_resposta(meta: dict[str, Any], literal: str, ip: str) -> bool:
    """O IP do acesso é o da resposta, ou está no prefixo IPv6 que ela atribui ao cliente ("2804:14c:65a1:4f2e::/64")."""
    canonico = str(meta.get("ip_canonico") or literal)
    if canonico == ip:
        return True
    if not meta.get("prefixo") or ":" not in ip:
        return False
    try:
        return ipaddress.ip_address(ip) in ipaddress.ip_network(f"{canonico}/{meta['prefixo']}", strict=False)
    except ValueError:
        return False


def _momento(iso: str) -> dt.datetime:
    return dt.datetime.fromisoformat(iso.replace("Z", "+00:00"))


# --- chave Pix ------------------------------------------------------------------------------------------------


def _chave_pix(dado: dict[str, Any]) -> str:
    meta = dado.get("metadados") or {}
    return str(meta.get("chave_normalizada") or dado["dado"]).strip().lower()


def tipo_chave(dado: dict[str, Any]) -> str:
    meta = dado.get("metadados") or {}
    if meta.get("tipo_chave"):
        return str(meta["tipo_chave"])
    chave = _chave_pix(dado)
    digitos = re.sub(r"\D", "", chave)
    if "@" in chave:
        return "email"
    if chave.startswith("+"):
        return "telefone"
    if re.fullmatch(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}", chave):
        return "aleatoria"
    return {11: "cpf", 14: "cnpj"}.get(len(digitos), "não identificado")


def _pix(todos: list[dict[str, Any]]) -> list[Lacuna]:
    no_dict = {_chave_pix(d) for d in todos if d["campo"] == "chave_pix" and familia(d) == "registro"}
    lacunas: dict[str, Lacuna] = {}
    for dado in todos:
        if dado["campo"] != "chave_pix" or familia(dado) == "registro" or _chave_pix(dado) in no_dict:
            continue
        chave = _chave_pix(dado)
        lacunas.setdefault(chave, Lacuna(PIX, chave, atributos={"tipo_chave": tipo_chave(dado)})).dados.append(dado)
    return list(lacunas.values())


# --- conta ----------------------------------------------------------------------------------------------------


def chave_conta(meta: dict[str, Any]) -> str | None:
    """agência|conta sem zeros à esquerda (o banco nem sempre vem dos dois lados)."""
    if isinstance(meta.get("conta"), dict):  # SIMBA
        conta = meta["conta"]
        numero = str(conta.get("conta_normalizada") or "").lstrip("0")
        return f"{str(conta.get('agencia_normalizada') or '').lstrip('0')}|{numero}" if numero else None
    if meta.get("conta"):
        agencia = re.sub(r"\D", "", str(meta.get("agencia") or "")).lstrip("0")
        return f"{agencia}|{re.sub(r'[^0-9Xx]', '', str(meta['conta'])).lstrip('0')}"
    return None


def _contas(todos: list[dict[str, Any]]) -> list[Lacuna]:
    extratos = {d["arquivo_fonte"] for d in todos if d["campo"] == "valor_transacao" and familia(d) == "banco"}
    cobertas = set()
    for dado in todos:
        meta = dado.get("metadados") or {}
        if meta.get("simba") and (chave := chave_conta(meta)):
            cobertas.add(chave)  # SIMBA: a conta do conjunto
        elif dado["campo"] == "conta_bancaria" and familia(dado) == "banco" and dado["arquivo_fonte"] in extratos:
            if chave := chave_conta(meta):
                cobertas.add(chave)  # a conta do extrato
    lacunas: dict[str, Lacuna] = {}
    for dado in todos:
        meta = dado.get("metadados") or {}
        if dado["campo"] != "conta_bancaria" or meta.get("simba") or not (chave := chave_conta(meta)):
            continue
        if chave in cobertas or not meta.get("agencia"):
            continue  # sem agência o pedido não identifica a conta
        escrita = {"agencia": str(meta["agencia"]), "conta": str(meta["conta"])}  # como no documento, com zeros
        lacuna = lacunas.setdefault(chave, Lacuna(CONTA, chave, atributos=escrita))
        lacuna.dados.append(dado)
        if meta.get("banco") and "banco" not in lacuna.atributos:
            lacuna.atributos["banco"] = str(meta["banco"])
            lacuna.atributos["banco_literal"] = dado["dado"]
    return list(lacunas.values())


# --- IMEI -----------------------------------------------------------------------------------------------------


def _corpo_imei(dado: dict[str, Any]) -> str:
    meta = dado.get("metadados") or {}
    return str(meta.get("imei_corpo") or imei.IMEI.normalizar(dado["dado"]) or "")


def _imeis(todos: list[dict[str, Any]]) -> list[Lacuna]:
    da_operadora = {_corpo_imei(d) for d in todos if d["campo"] == "imei" and familia(d) == "operadora"}
    lacunas: dict[str, Lacuna] = {}
    for dado in todos:
        corpo = _corpo_imei(dado)
        if dado["campo"] != "imei" or familia(dado) == "operadora" or len(corpo) != 14 or corpo in da_operadora:
            continue
        lacunas.setdefault(corpo, Lacuna(IMEI, corpo)).dados.append(dado)
    return list(lacunas.values())


def _ordem_local(dado: dict[str, Any]) -> tuple[Any, ...]:
    # "linha 9" antes de "linha 10"
    partes = re.split(r"(\d+)", dado["linha_ou_celula"])
    natural = tuple((0, int(p), "") if p.isdigit() else (1, 0, p) for p in partes)
    return dado["arquivo_fonte"], str(dado.get("aba_planilha") or ""), dado.get("pagina") or 0, natural


#: os campos de que alguma lacuna precisa (além dos IPs e de toda linha SIMBA); o resto nem é ordenado
_CAMPOS_USADOS = frozenset({"nome_titular", "cpf", "chave_pix", "conta_bancaria", "valor_transacao", "imei"})


def _usados(lotes: list[dict[str, Any]], ips: set[str] | None) -> list[dict[str, Any]]:
    """Os dados de que alguma lacuna precisa, numa passada sem chamada de função por dado (600 mil no caso g)."""
    usados = []
    for lote in lotes:
        for dado in lote.get("dados_extraidos", []):
            campo = dado["campo"]
            if (dado.get("metadados") or {}).get("citacao"):
                continue  # mensagem transcrita num relato: o que o suspeito escreveu não se pede a ninguém
            if campo in CAMPOS_IP:
                if ips is None or (ips and str((dado.get("metadados") or {}).get("ip_canonico") or dado["dado"]).lower()
                                   in ips):
                    usados.append(dado)
            elif campo in _CAMPOS_USADOS or (dado.get("metadados") or {}).get("simba"):
                if not marcadores.dado_nao_informado(dado):  # "não informado" não é chave a pedir a ninguém
                    usados.append(dado)
    return usados


def encontrar(lotes: list[dict[str, Any]], ips: set[str] | None = None) -> list[Lacuna]:
    """Todas as lacunas, em ordem estável (tipo, chave).

    `ips` (em minúsculas): só esses IPs podem ser lacuna (os que estão numa conclusão); None: todos. Os dados
    que nenhuma lacuna usa ficam fora antes da ordenação (num log de 200 mil acessos, quase todos).
    """
    todos = sorted(_usados(lotes, ips), key=_ordem_local)
    achadas = _ips(todos) + _pix(todos) + _contas(todos) + _imeis(todos)
    ordem = {IP: 0, PIX: 1, CONTA: 2, IMEI: 3}
    return sorted(achadas, key=lambda lacuna: (ordem[lacuna.tipo], lacuna.chave))
