"""Leitura de TXT: uma linha física por trecho ("linha N", contando as vazias)."""

from __future__ import annotations

from pathlib import Path

from perito.leitura import localizacao
from perito.leitura.codificacao import decodificar, linhas_fisicas, sem_terminador
from perito.leitura.documento import Documento, Trecho

METODO = "texto"


def ler_texto(caminho: Path, nome: str) -> Documento:
    texto, codificacao = decodificar(caminho.read_bytes())
    doc = Documento(arquivo=nome, tipo="txt", metodo_extracao=METODO, codificacao=codificacao)
    for numero, bruta in enumerate(linhas_fisicas(texto), start=1):
        conteudo = sem_terminador(bruta)
        if conteudo.strip():
            doc.trechos.append(Trecho(None, localizacao.linha(numero), conteudo, METODO))
    if "\x00" in texto:
        doc.alertas.append(f"{nome}: contém bytes NUL; o texto pode estar incompleto")
    return doc
