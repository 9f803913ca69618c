"""Escolhe o leitor pelo tipo detectado; nenhuma exceção escapa daqui.

Um membro de pacote ZIP (`membro` com o caminho interno em cada nível) é lido do
pacote para a memória e entregue ao mesmo leitor de um arquivo solto.
"""

from __future__ import annotations

from pathlib import Path

from perito.leitura import em_partes, pacote, tetos
from perito.leitura.documento import Documento
from perito.leitura.docx import ler_docx
from perito.leitura.entrada import Entrada
from perito.leitura.imagem import ler_imagem
from perito.leitura.ods import ler_ods
from perito.leitura.odt import ler_odt
from perito.leitura.pagina_html import ler_html
from perito.leitura.pdf import desenhar_pdf, ler_pdf
from perito.leitura.planilha import ler_xlsx
from perito.leitura.rtf import ler_rtf
from perito.leitura.spreadsheetml import ler_spreadsheetml
from perito.leitura.tabela_csv import ler_csv
from perito.leitura.texto import ler_texto
from perito.leitura.xls import ler_xls

LEITORES = {
    "pdf": ler_pdf, "csv": ler_csv, "xlsx": ler_xlsx, "txt": ler_texto, "docx": ler_docx, "html": ler_html,
    "imagem": ler_imagem, "odt": ler_odt, "ods": ler_ods, "xls": ler_xls, "rtf": ler_rtf,
    "xml2003": ler_spreadsheetml,
}


def ler_documento(caminho: Path, nome: str, tipo: str, membro: tuple[str, ...] | None = None,
                  desenhar: tuple[int, ...] = (), linhas: tuple[int, ...] = (),
                  pontuais: tuple[int, ...] = (), somente_desenhar: bool = False) -> Documento:
    """Lê um arquivo do caso (ou um membro de pacote). Falhas viram `Documento.erro` com motivo em pt-BR.
    `desenhar`: páginas de um PDF a desenhar na mesma abertura (recortes do relatório). `linhas`: de um TXT, CSV, XLSX, JSON ou
    HTML volumoso, só o preâmbulo e a vizinhança destas linhas (a releitura do validador), e a de perto das `pontuais` (os
    dados de ofício que nenhuma conclusão cita). `somente_desenhar`: de um PDF, só as páginas `desenhar`, sem ler o
    texto (quem pede já tem a releitura: `validador.antecipada`)."""
    leitor = LEITORES.get(tipo)
    if leitor is None:
        return Documento(arquivo=nome, tipo=tipo, metodo_extracao=tipo, erro=f"tipo de arquivo sem leitor: {tipo}")
    try:
        entrada: Entrada = caminho
        if membro:
            entrada = pacote.ler_membro(caminho, membro)
        tetos.conferir_tamanho(entrada)
        if tipo == "pdf" and desenhar:
            return desenhar_pdf(entrada, nome, desenhar) if somente_desenhar else ler_pdf(entrada, nome, desenhar=desenhar)
        # quem pede `linhas` (o validador) já decidiu que o arquivo é volumoso, pelos limiares da análise
        if linhas and isinstance(entrada, Path) and em_partes.pede_partes(entrada, tipo, membro, limiar=0):
            return em_partes.ler_linhas(entrada, nome, tipo, set(linhas), pontuais=pontuais)
        if linhas and tipo == "xlsx" and not membro:
            return ler_xlsx(entrada, nome, frozenset(linhas), frozenset(pontuais))
        if linhas and tipo == "txt" and not membro:  # um TXT inteiro (um JSON): já reduzido, sem os trechos das outras linhas
            return ler_texto(entrada, nome, guardar=em_partes.Guardadas(linhas, pontuais))
        if linhas and tipo in em_partes.TIPOS_INTEIROS_EM_DISCO and not membro:  # um HTML
            return em_partes.so_as_linhas(leitor(entrada, nome), linhas, pontuais)
        return leitor(entrada, nome)
    except (tetos.TetoExcedido, pacote.MembroIlegivel) as erro:
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
