"""Papéis das colunas de uma tabela pelos nomes do cabeçalho, em português e inglês."""

from __future__ import annotations

import re

from perito.chaves.nome import dobrar

# papel → padrões (sobre o nome dobrado: sem acento, minúsculo); o primeiro que casa vence
PAPEIS: tuple[tuple[str, str], ...] = (
    ("porta", r"^(porta|port|porta de origem|porta origem|source port|src port|sender port|from port)$"),
    ("ip", r"^(ip|ip address|endereco ip|endereco de ip|sender ip|from ip|access ip|ip origem|ip de origem|ip de acesso)$"),
    ("fuso", r"^(fuso|fuso horario|timezone|time zone|tz)$"),
    ("data_hora", r"^(data/hora|data e hora|data hora|datahora|timestamp|date/time|date time|time|last seen|access time)$"),
    ("hora", r"^(hora|horario|hour)$"),
    ("data", r"^(data|date|data do evento|data da transacao|data de ativacao|data inicio|data fim|data de abertura"
             r"|data de criacao|data de criacao da chave|data de abertura da conta|account creation date)$"),
    ("saldo", r"^(saldo|balance|saldo \(r\$\))$"),
    ("valor", r"^(valor|amount|valor \(r\$\)|quantia|valor da transacao)$"),
    ("historico", r"^(historico|descricao|description|lancamento|operacao)$"),
    ("imei", r"^(imei|imeisv|imei do aparelho)$"),
    ("cpf", r"^(cpf|cpf/cnpj|cnpj|documento do titular|cpf do titular)$"),
    ("chave_pix", r"^(chave|chave pix|key|pix key)$"),
    ("tipo_chave", r"^(tipo|tipo de chave|tipo da chave)$"),
    ("nome", r"^(titular|nome|nome do titular|cliente|favorecido|name|subscriber|assinante|push name|usuario)$"),
    ("endereco", r"^(endereco|address|logradouro|endereco de instalacao)$"),
    ("modelo", r"^(dispositivo|device|device model|device type|modelo|aparelho|modelo do aparelho)$"),
    ("telefone", r"^(linha|telefone|numero|numero a|numero b|phone|phone number|from|to|sender|recipients|msisdn|terminal"
                 r"|numero de origem|numero de destino|origem|destino)$"),
    ("banco", r"^(banco|ispb|instituicao|participante|compe)$"),
    ("erb", r"^(erb|erb de origem|erb de destino|cell id|estacao radio base|antena)$"),
    ("agencia", r"^(agencia|ag)$"),
    ("conta", r"^(conta|numero da conta|conta corrente)$"),
)
_COMPILADOS = tuple((papel, re.compile(padrao)) for papel, padrao in PAPEIS)


def papel(nome_coluna: str) -> str | None:
    dobrado = " ".join(dobrar(nome_coluna).replace("_", " ").split())
    return next((p for p, padrao in _COMPILADOS if padrao.match(dobrado)), None)


def papeis(cabecalho: tuple[str, ...] | list[str]) -> dict[int, str]:
    """Índice da coluna → papel, só para as colunas reconhecidas."""
    return {i: p for i, nome in enumerate(cabecalho) if (p := papel(nome))}


def parece_cabecalho(celulas: tuple[str, ...] | list[str]) -> bool:
    """Linha de cabeçalho: ao menos duas células com nome de coluna conhecido e nenhum número solto."""
    conhecidas = sum(1 for c in celulas if papel(c))
    return conhecidas >= 2 and not any(re.fullmatch(r"[\d.,/: -]+", c.strip()) for c in celulas if c.strip())
