"""Escolhe o leitor pelo tipo detectado; nenhuma exceção escapa daqui."""

from __future__ import annotations

from pathlib import Path

from perito.leitura import tetos
from perito.leitura.documento import Documento
from perito.leitura.docx import ler_docx
from perito.leitura.pdf import ler_pdf
from perito.leitura.planilha import ler_xlsx
from perito.leitura.tabela_csv import ler_csv
from perito.leitura.texto import ler_texto

LEITORES = {"pdf": ler_pdf, "csv": ler_csv, "xlsx": ler_xlsx, "txt": ler_texto, "docx": ler_docx}


def ler_documento(caminho: Path, nome: str, tipo: str) -> Documento:
    """Lê um arquivo do caso. Falhas viram `Documento.erro` com motivo em pt-BR."""
    leitor = LEITORES[tipo]
    try:
        tetos.conferir_tamanho(caminho)
        return leitor(caminho, nome)
    except tetos.TetoExcedido as erro:
        return Documento(arquivo=nome, tipo=tipo, metodo_extracao=tipo, erro=str(erro))
    except MemoryError:
        return Documento(arquivo=nome, tipo=tipo, metodo_extracao=tipo, erro="memória insuficiente para ler o arquivo")
    except OSError as erro:
        return Documento(
            arquivo=nome, tipo=tipo, metodo_extracao=tipo, erro=f"erro de leitura do arquivo ({erro.strerror or erro})"
        )
    except Exception as erro:  # leitor de terceiro quebrou: o arquivo fica em ERRO, o caso segue
        return Documento(
            arquivo=nome,
            tipo=tipo,
            metodo_extracao=tipo,
            erro=f"falha inesperada ao ler o arquivo ({type(erro).__name__}: {str(erro)[:120]})",
        )
