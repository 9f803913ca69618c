"""Conta bancária: banco (COMPE ou ISPB), agência e conta comparáveis como chave.

O mesmo número de conta chega escrito de muitas formas: com o dígito verificador
separado (`30418-6`), colado (`304186`), com zeros à esquerda (`0030418-6`). A forma
normalizada é a sequência de dígitos (com o `X` de dígito verificador de alguns
bancos) sem os zeros à esquerda: as três acima dão `304186`. Quando o documento
separa o dígito, o corpo sem ele (`30418`) também é guardado, para casar com quem
escreveu a conta sem o dígito — ligação provável, não identidade, e dita como tal.
"""

from __future__ import annotations

import re

_SEPARADORES_DV = re.compile(r"^(?P<corpo>[\d.\s]*\d)\s*[-/]\s*(?P<dv>[\dXx])$")
_NAO_DIGITO = re.compile(r"[^\dXx]")


def normalizar(conta: str) -> str:
    """Dígitos (e um `X` final) sem zeros à esquerda: `0030418-6` → `304186`."""
    limpo = _NAO_DIGITO.sub("", conta).upper()
    if "X" in limpo[:-1]:
        limpo = limpo.replace("X", "")  # X só vale como dígito verificador, no fim
    return limpo.lstrip("0") or ("0" if limpo else "")


def corpo(conta: str) -> str | None:
    """A conta sem o dígito verificador, só quando o documento o separa (`30418-6` → `30418`)."""
    m = _SEPARADORES_DV.match(conta.strip())
    if not m:
        return None
    return normalizar(m.group("corpo")) or None


def comparar(a: str, b: str) -> str | None:
    """`igual` (mesma conta normalizada), `sem_dv` (uma é a outra sem o dígito separado) ou None."""
    na, nb = normalizar(a), normalizar(b)
    if not na or not nb:
        return None
    if na == nb:
        return "igual"
    if corpo(a) == nb or corpo(b) == na:
        return "sem_dv"
    return None


def agencia(texto: str) -> str:
    """Agência sem dígito verificador separado e sem zeros à esquerda (`0001-9` → `1`)."""
    m = _SEPARADORES_DV.match(texto.strip())
    base = m.group("corpo") if m else texto
    return re.sub(r"\D", "", base).lstrip("0") or ("0" if re.search(r"\d", base) else "")


def digitos_da_agencia(texto: str) -> str:
    """Os dígitos da agência como escritos, sem o dígito verificador separado (`7788-0` → `7788`, `0001` → `0001`):
    "agência 7788-0" na resposta do banco e "AG 7788" no extrato de quem pagou são a mesma agência."""
    m = _SEPARADORES_DV.match(texto.strip())
    return re.sub(r"\D", "", m.group("corpo") if m else texto)


def banco(texto: str) -> dict[str, str] | None:
    """Código do banco: ISPB (8 dígitos) ou COMPE (até 3 dígitos significativos: `1` → `001`)."""
    digitos = re.sub(r"\D", "", texto)
    if len(digitos) == 8:
        return {"ispb": digitos}
    if digitos and len(digitos.lstrip("0")) <= 3:
        return {"compe": digitos.lstrip("0").zfill(3)}  # `0989` e `989` são o mesmo COMPE
    return None


def chave(banco_texto: str | None, agencia_texto: str | None, conta: str) -> str:
    """Chave de junção `banco|agência|conta` (componentes ausentes ficam vazios)."""
    codigo = banco(banco_texto or "") or {}
    parte_banco = f"compe:{codigo['compe']}" if "compe" in codigo else (f"ispb:{codigo['ispb']}" if codigo else "")
    return f"{parte_banco}|{agencia(agencia_texto or '')}|{normalizar(conta)}"


#: COMPE → ISPB dos bancos mais citados em respostas (lista de participantes do STR do Banco Central). Só serve
#: para dizer que duas notações de banco se CONTRADIZEM (237 e o ISPB do Itaú); um par fora da tabela não
#: contradiz nada e não confirma nada.
ISPB_DO_COMPE = {
    "001": "00000000", "033": "90400888", "041": "92702067", "077": "00416968", "104": "00360305",
    "208": "30306294", "212": "92894922", "237": "60746948", "260": "18236120", "290": "08561701",
    "323": "10573521", "336": "31872495", "341": "60701190", "380": "22896431", "422": "58160789",
    "756": "02038232",
}
