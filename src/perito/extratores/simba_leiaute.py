"""Leiaute SIMBA (BACEN, Carta-Circular 3.454/2010; PGR/SPPEA MI001): tabelas e papéis das colunas.

Um conjunto SIMBA é reconhecido pelos nomes oficiais das colunas na primeira linha
(comparados sem caixa nem acentos, com espaço ou hífen no lugar de `_`); o nome do
arquivo (`..._EXTRATO.txt`) só reforça, nunca basta sozinho.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import PurePosixPath

from perito.chaves.nome import dobrar

#: colunas que identificam cada tabela (as comuns, como NUMERO_CONTA, não distinguem)
TABELAS: dict[str, frozenset[str]] = {
    "CONTAS": frozenset({
        "CODIGO_CHAVE_CONTA", "DATA_ABERTURA", "DATA_ENCERRAMENTO", "TIPO_PESSOA_TITULAR", "CPF_CNPJ_TITULAR",
        "NOME_TITULAR_CONTA",
    }),
    "TITULARES": frozenset({
        "CODIGO_CHAVE_TITULAR", "TIPO_RELACIONAMENTO", "TIPO_PESSOA", "CPF_CNPJ", "NOME_TITULAR",
        "DATA_INICIO_RELACIONAMENTO", "DATA_FIM_RELACIONAMENTO", "VALOR_RENDA",
    }),
    "EXTRATO": frozenset({
        "DATA_LANCAMENTO", "DESCRICAO_LANCAMENTO", "TIPO_LANCAMENTO", "VALOR_LANCAMENTO", "NATUREZA_LANCAMENTO",
        "VALOR_SALDO", "NATUREZA_SALDO", "LOCAL_TRANSACAO",
    }),
    "ORIGEM_DESTINO": frozenset({
        "CODIGO_CHAVE_OD", "VALOR_TRANSACAO", "NUMERO_DOCUMENTO_TRANSACAO", "NUMERO_BANCO_OD", "NUMERO_AGENCIA_OD",
        "NUMERO_CONTA_OD", "TIPO_CONTA_OD", "TIPO_PESSOA_OD", "CPF_CNPJ_OD", "NOME_PESSOA_OD",
    }),
}
#: colunas de várias tabelas (contam para reconhecer o conjunto, não a tabela)
COMUNS = frozenset({
    "CODIGO_CHAVE_EXTRATO", "NUMERO_BANCO", "NUMERO_AGENCIA", "NUMERO_CONTA", "TIPO_CONTA", "NUMERO_DOCUMENTO",
    "NOME_AGENCIA",
})
CONHECIDAS = COMUNS.union(*TABELAS.values())
#: sufixos de nome de arquivo do leiaute (`<CASO>_<TABELA>.txt`)
SUFIXOS = ("ORIGEM_DESTINO", "TITULARES", "AGENCIAS", "EXTRATO", "CONTAS")

# papel de cada coluna pelo nome normalizado; o lado (_OD) é tratado à parte
_PAPEIS_EXATOS = {
    "NUMERO_BANCO": "banco", "BANCO": "banco", "ISPB": "banco",
    "NUMERO_AGENCIA": "agencia", "AGENCIA": "agencia",
    "NUMERO_CONTA": "conta", "CONTA": "conta",
    "DESCRICAO_LANCAMENTO": "descricao", "HISTORICO": "descricao",
    "TIPO_LANCAMENTO": "tipo_lancamento",
    "VALOR_LANCAMENTO": "valor", "VALOR_TRANSACAO": "valor",
    "NATUREZA_LANCAMENTO": "natureza",
    "VALOR_SALDO": "saldo", "NATUREZA_SALDO": "natureza_saldo",
    "LOCAL_TRANSACAO": "texto",
    "TIPO_PESSOA": "tipo_pessoa", "TIPO_PESSOA_TITULAR": "tipo_pessoa",
    "CPF_CNPJ": "documento", "CPF_CNPJ_TITULAR": "documento", "CPF": "documento", "CNPJ": "documento",
    "NOME_TITULAR": "nome", "NOME_TITULAR_CONTA": "nome", "NOME_PESSOA": "nome", "NOME": "nome",
    "TIPO_RELACIONAMENTO": "relacionamento",
    "VALOR_RENDA": "renda", "RENDA": "renda",
    "ENDERECO": "endereco", "ENDERECO_LOGRADOURO": "endereco", "LOGRADOURO": "endereco",
    "NUMERO_TELEFONE": "telefone", "TELEFONE": "telefone",
    "EMAIL": "email", "ENDERECO_EMAIL": "email",
}
#: papel das datas pelo nome da coluna (o principal procura `abertura_conta`)
PAPEIS_DE_DATA = {
    "DATA_ABERTURA": "abertura_conta", "DATA_ENCERRAMENTO": "encerramento_conta",
    "DATA_INICIO_RELACIONAMENTO": "inicio_relacionamento", "DATA_FIM_RELACIONAMENTO": "fim_relacionamento",
}
#: colunas que só trazem códigos internos ou tipos: nunca são dado
_CODIGOS = re.compile(r"^(TIPO_|NATUREZA|NUMERO_DOCUMENTO|NOME_DOC|NUMERO_DOC|DOCUMENTO_IDENT|CODIGO_(?!CHAVE)|SITUACAO)")
#: papéis que só fazem sentido nas tabelas do leiaute (numa tabela desconhecida, NOME_AGENCIA não é pessoa)
PAPEIS_DAS_CONHECIDAS = frozenset({"nome", "endereco", "valor", "saldo", "renda", "descricao", "natureza",
                                   "natureza_saldo", "relacionamento", "tipo_lancamento"})


@dataclass(frozen=True)
class Coluna:
    nome: str  # como escrito no cabeçalho (ou `coluna_sem_nome_N`)
    normalizado: str
    papel: str  # banco, conta, valor, data, chave, ignorar, texto...
    lado_od: bool = False  # coluna da contraparte (`..._OD`)
    papel_data: str | None = None


def normalizar(nome: str) -> str:
    """`Descrição Lançamento` → `DESCRICAO_LANCAMENTO`."""
    return "_".join(re.split(r"[\s_\-]+", dobrar(nome).upper().strip()))


def coluna(nome: str) -> Coluna:
    normal = normalizar(nome)
    lado_od = normal.endswith("_OD") and normal != "CODIGO_CHAVE_OD"
    base = normal[: -len("_OD")] if lado_od else normal
    if base.startswith("CODIGO_CHAVE"):
        return Coluna(nome, normal, "chave")
    if base in _PAPEIS_EXATOS:
        return Coluna(nome, normal, _PAPEIS_EXATOS[base], lado_od)
    if base.startswith("DATA"):
        return Coluna(nome, normal, "data", lado_od, PAPEIS_DE_DATA.get(base))
    if _CODIGOS.match(base):  # antes do nome: NOME_DOC_IDENTIFICACAO_OD é o tipo do documento ("CNPJ", "RG")
        return Coluna(nome, normal, "ignorar", lado_od)
    if base == "NOME_PESSOA" or (lado_od and base.startswith("NOME")):
        return Coluna(nome, normal, "nome", lado_od)
    if _CODIGOS.match(base):
        return Coluna(nome, normal, "ignorar", lado_od)
    return Coluna(nome, normal, "texto", lado_od)


def sem_nome(posicao: int) -> Coluna:
    """Coluna além das que o cabeçalho nomeia (posição 1-based)."""
    nome = f"coluna_sem_nome_{posicao}"
    return Coluna(nome, nome.upper(), "texto")


def sufixo_do_arquivo(arquivo: str) -> str | None:
    """A tabela que o nome do arquivo anuncia (`CASO_EXTRATO.txt` → `EXTRATO`)."""
    tronco = normalizar(PurePosixPath(arquivo).stem)
    return next((s for s in SUFIXOS if tronco == s or tronco.endswith("_" + s)), None)


@lru_cache(maxsize=256)
def conjunto(arquivo: str) -> str:
    """Identidade do conjunto SIMBA do arquivo, para as junções: pasta + prefixo do nome sem a tabela.

    As chaves (CODIGO_CHAVE_*) só são únicas dentro de uma resposta; sem sufixo de tabela
    no nome, o conjunto é a pasta.
    """
    caminho = PurePosixPath(arquivo)
    pasta = str(caminho.parent) if str(caminho.parent) != "." else ""
    sufixo = sufixo_do_arquivo(arquivo)
    if sufixo is None:
        return f"{pasta}/"
    tronco = caminho.stem
    prefixo = tronco[: max(0, len(tronco) - len(sufixo))].rstrip("_- ")
    return f"{pasta}/{prefixo}"


def tabela(celulas: list[str] | tuple[str, ...], arquivo: str) -> str | None:
    """Nome da tabela SIMBA cujo cabeçalho são estas células; None se não for cabeçalho SIMBA.

    Conjunto SIMBA: ao menos 3 nomes oficiais, ou 2 e o nome do arquivo com sufixo do leiaute.
    Tabela: a que tem mais colunas próprias (ao menos 2; o sufixo do arquivo desempata); senão
    a do sufixo, ou `DESCONHECIDA`.
    """
    nomes = {normalizar(c) for c in celulas if c.strip()}
    if any(not re.fullmatch(r"[A-Z0-9_]+", n) for n in nomes):
        return None  # um cabeçalho SIMBA só tem nomes de coluna, nunca dados
    conhecidas = len(nomes & CONHECIDAS)
    sufixo = sufixo_do_arquivo(arquivo)
    if conhecidas < 3 and not (conhecidas >= 2 and sufixo):
        return None
    pontos = {t: len(nomes & proprias) + (0.5 if t == sufixo else 0) for t, proprias in TABELAS.items()}
    melhor = max(pontos, key=lambda t: pontos[t])
    if pontos[melhor] >= 2:
        return melhor
    return sufixo or "DESCONHECIDA"
