"""As formas de junção de um dado: as chaves pelas quais o cruzamento compara um valor entre arquivos.

Fora de `extratores/` e de `principal/`: o auxiliar que extrai um arquivo volumoso as calcula bloco a bloco ao gravar
os dados (`perito.derrame`), e o principal as usa para escolher o que cruzar (`principal.selecao`) sem desempacotar
os blocos de novo. Texto, não `hash()`: o hash de um texto muda de um processo para o outro.
"""

from __future__ import annotations

import zlib
from typing import Any

from perito.chaves import ip as chaves_ip

#: campos que o cruzamento compara entre fontes
CAMPOS_DE_JUNCAO = frozenset({
    "ip_acesso", "ip_transacao", "telefone", "imei", "nome_titular", "cpf", "conta_bancaria", "chave_pix", "email",
    "modelo_dispositivo",
})
#: metadados com a forma normalizada de um valor: as chaves pelas quais as regras agrupam (`agrupar*` em
#: `principal/`); uma regra nova que agrupe por outra forma tem de entrar aqui (teste de cada uma)
NORMALIZADOS = ("ip_canonico", "e164", "digitos", "chave_normalizada", "nome_normalizado", "imei_corpo",
               "modelo_normalizado", "conta_normalizada", "email")


def formas(dado: dict[str, Any]) -> list[str]:
    """As formas de um valor de junção (vazio para os outros campos); generoso de propósito."""
    if dado.get("campo") not in CAMPOS_DE_JUNCAO:
        return []
    meta = dado.get("metadados") or {}
    if canonico := str(meta.get("ip_canonico") or ""):
        # um IP se compara pela forma canônica (e o IPv6 também pelo /64): num log de milhões de acessos, as outras
        # formas só encheriam a memória do conjunto de chaves
        achadas = {canonico.casefold()}
        if ":" in canonico:
            try:
                achadas.add(chaves_ip.prefixo64(canonico) or "")  # o mesmo /64: convergencia_ip
            except ValueError:
                pass
        achadas.discard("")
        return list(achadas)
    achadas = {str(dado.get("dado") or "").casefold().strip()}
    achadas.update(str(meta[c]).casefold() for c in NORMALIZADOS if meta.get(c))
    if isinstance(meta.get("conta"), dict):
        achadas.update(str(meta["conta"][c]) for c in ("chave", "conta_normalizada") if meta["conta"].get(c))
    digitos = "".join(c for c in str(dado.get("dado") or "") if c.isdigit())
    if len(digitos) >= 8:
        achadas.add(digitos)
        achadas.add(digitos[-11:])  # telefone com e sem DDI, CPF com pontuação
    achadas.discard("")
    return list(achadas)


def chave(forma: str) -> int:
    """A forma como número de 64 bits, o mesmo em todo processo (o `hash()` de um texto muda de um processo para o
    outro): o CRC-32 e o Adler-32 dos bytes lado a lado, um terço do custo de um BLAKE2b (o auxiliar calcula um por
    forma de cada dado de um log). Não é resumo criptográfico, nem precisa: uma colisão só faz o cruzamento ler um
    registro a mais, nunca perder um."""
    texto = forma.encode("utf-8", "surrogatepass")
    return (zlib.crc32(texto) << 32) | zlib.adler32(texto)


def registro(dado: dict[str, Any]) -> tuple[str, str]:
    """A identidade do registro do dado (arquivo, bloco ou registro ou local): os dados de um registro vão juntos."""
    meta = dado.get("metadados") or {}
    return dado["arquivo_fonte"], str(meta.get("bloco") or meta.get("registro") or dado.get("linha_ou_celula"))
