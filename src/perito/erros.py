"""Códigos de saída documentados e o erro com mensagem para o usuário."""

from __future__ import annotations

from enum import IntEnum


class Saida(IntEnum):
    OK = 0
    #: a análise terminou, mas algum arquivo não pôde ser lido (também um arquivo de 0 byte), nenhum dado foi
    #: extraído, ou uma chamada ao Claude falhou (veja o relatório)
    INCOMPLETA = 1
    #: argumentos inválidos (typer usa o mesmo código)
    USO = 2
    #: pasta do caso inexistente, vazia ou não é pasta; em `auditoria verificar`, pasta inexistente ou sem trilha
    CASO_INVALIDO = 3
    #: pasta de saída inválida (dentro do caso, contém o caso, de outro caso sem --sobrescrever, não gravável)
    SAIDA_INVALIDA = 4
    #: a pasta do caso mudou durante a análise (integridade violada)
    CASO_ALTERADO = 5
    #: arquivo de conclusões malformado (perito validar)
    ENTRADA_INVALIDA = 6
    #: trilha de auditoria adulterada (perito auditoria verificar)
    AUDITORIA_INVALIDA = 7
    #: instalação incompleta (p.ex. defusedxml ausente: XML de planilhas sem proteção)
    AMBIENTE_INVALIDO = 8
    #: --motor claude sem a variável de ambiente ANTHROPIC_API_KEY (nada é lido nem gravado)
    SEM_CHAVE_API = 9
    #: perito validar: um arquivo citado mudou desde a análise (SHA-256 diferente do manifesto)
    PROVA_ALTERADA = 10
    #: perito validar: alguma referência foi contradita pelo documento
    REFERENCIAS_CONTRADITAS = 11
    INTERROMPIDA = 130
    ERRO_INTERNO = 70


class ErroPerito(Exception):
    def __init__(self, mensagem: str, codigo: Saida) -> None:
        super().__init__(mensagem)
        self.mensagem = mensagem
        self.codigo = codigo
