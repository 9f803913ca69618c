"""Marcadores de "não informado": o valor que o documento põe onde não tem o dado (FORMATOS.md §4).

Corridas de 9 (`9999`, `99999999999`), CPF/CNPJ de dígitos repetidos (`000.000.000-00`,
`111.111.111-11`, que até passam nos dígitos verificadores), agência ou conta de 9s ou de zeros e
textos como `NAO INFORMADO` não identificam ninguém: nunca são chave de convergência, de titularidade
ou de laranja. O dado continua no lote (é o que o documento diz); quem compara pergunta aqui.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from perito.chaves.nome import dobrar

#: textos que dizem "sem o dado" (sem acento, maiúsculas, espaços simples)
TEXTOS = frozenset({
    "NAO INFORMADO", "NAO INFORMADA", "NAO CORRENTISTA", "NAO IDENTIFICADO", "NAO IDENTIFICADA", "SEM INFORMACAO",
    "NAO CONSTA", "NAO DISPONIVEL", "SEM CADASTRO", "N/I", "N/A", "NULL", "NONE", "*",
})
#: "DEPOSITANTE NAO IDENTIFICADO", "CLIENTE NAO INFORMADO": o marcador com o papel na frente
_MARCADOR_NO_FIM = re.compile(r"\bNAO (?:INFORMAD[OA]|IDENTIFICAD[OA]|CORRENTISTA)$")
_SEPARADORES = re.compile(r"[\s.\-/|]")
#: campos cujo valor identifica alguém ou algo: só neles um marcador é procurado
CAMPOS_DE_CHAVE = frozenset({"cpf", "nome_titular", "telefone", "imei", "conta_bancaria", "chave_pix", "outro"})
#: as perguntas sobre um texto são puras e os textos se repetem (o nome de cada linha de um extrato, o IMEI de
#: cada chamada): com um milhão de dados, o cruzamento fazia a mesma pergunta centenas de milhares de vezes
_LEMBRAR = lru_cache(maxsize=1 << 16)


@_LEMBRAR
def texto_nao_informado(valor: str) -> bool:
    if valor.isascii() and valor.upper() == valor.lower() and "*" not in valor:
        # sem letra nenhuma (um telefone, um IMEI): todo marcador de texto tem letras, salvo o "*"; os milhões de
        # números de um caso grande não passam pela dobra de acentos
        return False
    normal = " ".join(re.split(r"[\s\-_]+", dobrar(valor).upper())).strip()
    return normal in TEXTOS or bool(_MARCADOR_NO_FIM.search(normal))


def digitos_de_marcador(digitos: str, repetidos: bool = True) -> bool:
    """Corrida de 9 (três ou mais) ou, com `repetidos`, um número de um dígito só repetido (CPF/CNPJ/IMEI de
    zeros, de uns...)."""
    if not digitos:
        return False
    # comparações de texto, sem expressão regular nem conjunto: os milhões de números de um caso grande passam aqui
    um_so = digitos == digitos[0] * len(digitos)
    return um_so and ((digitos[0] == "9" and len(digitos) >= 3) or (repetidos and len(digitos) >= 8))


@_LEMBRAR
def nao_informado(valor: str, repetidos: bool = True) -> bool:
    """O valor inteiro é um marcador: texto de "não informado" ou dígitos de marcador (com pontuação).

    `repetidos=False`: só corridas de 9 e textos (no SIMBA, `00000000` é a data vazia, lida à parte)."""
    texto = valor.strip()
    if not texto:
        return False
    limpo = _SEPARADORES.sub("", texto)
    if limpo.isdigit():
        return digitos_de_marcador(limpo, repetidos)
    return texto_nao_informado(texto)


@_LEMBRAR
def conta_nao_informada(conta_normalizada: str) -> bool:
    """`banco|agência|conta`: agência ou conta de 9s ou de zeros é o não correntista do SIMBA, não uma conta."""
    partes = conta_normalizada.split("|")
    return any(digitos_de_marcador(p) or (p and set(p) == {"0"}) for p in partes[1:])


@_LEMBRAR
def telefone_nao_informado(e164: str) -> bool:
    """Número cujos dígitos depois do DDD são todos iguais (`(11) 99999-9999`, `(00) 0000-0000`)."""
    # o E.164 ("+5511...") sem expressão regular; outra forma, pelos algarismos
    digitos = e164[1:] if e164[:1] == "+" and e164[1:].isascii() and e164[1:].isdigit() else re.sub(r"\D", "", e164)
    nacional = digitos[2:] if digitos.startswith("55") and len(digitos) >= 12 else digitos
    assinante = nacional[2:]
    return len(assinante) >= 8 and len(set(assinante)) == 1


def dado_nao_informado(dado: dict[str, Any]) -> bool:
    """Um dado extraído (seção 1) cujo valor é marcador, pelo campo: nunca chave para o principal nem lacuna."""
    meta = dado.get("metadados") or {}
    if meta.get("nao_informado"):
        return True
    campo = dado.get("campo")
    if campo not in CAMPOS_DE_CHAVE:
        return False
    literal = str(dado.get("dado") or "")
    if campo == "conta_bancaria":
        return conta_nao_informada(str(meta.get("conta_normalizada") or "")) or nao_informado(literal)
    if campo == "telefone":
        return nao_informado(literal) or telefone_nao_informado(str(meta.get("e164") or literal))
    if campo == "chave_pix":
        chave = str(meta.get("chave_normalizada") or literal)
        return nao_informado(literal) or nao_informado(chave) or (
            meta.get("tipo_chave") == "telefone" and telefone_nao_informado(chave))
    if campo == "outro" and meta.get("documento") != "cnpj":
        return False  # só o CNPJ, entre os `outro`, é chave
    return nao_informado(literal) or nao_informado(str(meta.get("digitos") or "x"))
