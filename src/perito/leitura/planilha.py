"""Leitura de XLSX (openpyxl, modo somente leitura): um trecho por célula não vazia.

O texto de cada célula é o que o Excel em português mostra, pelo formato de número
(regras em `formato_excel`; época 1904 respeitada); quando o valor gravado difere do
mostrado (0,5 com formato "0" aparece como 1), ele fica em `Trecho.valor_bruto`.
Uma célula só com espaços ou quebra de linha conta como vazia. Célula de erro
(#REF!, #N/A...): texto do erro, marcada para nenhum extrator usar.
"""

from __future__ import annotations

from collections import deque

import openpyxl
from defusedxml import DefusedXmlException
from openpyxl.utils import get_column_letter

# openpyxl_dimensao: importado, a aba sem <dimension> não é percorrida duas vezes ao abrir o livro; openpyxl_textos:
# o texto simples de cada célula sem montar o `Text` do openpyxl
from perito.leitura import em_partes, formato_excel, localizacao, openpyxl_dimensao, openpyxl_textos, tetos  # noqa: F401
from perito.leitura.documento import Documento, Trecho
from perito.leitura.entrada import Entrada, abrir

METODO = "openpyxl"


def xml_protegido() -> bool:
    """openpyxl só usa defusedxml (contra bombas de entidades XML) quando ele está instalado."""
    return bool(getattr(openpyxl, "DEFUSEDXML", False))


def texto_celula(valor: object, formato: str | None = None) -> str:
    """Texto da célula como o Excel em português a mostra (regras em formato_excel)."""
    return formato_excel.texto(valor, formato)


def _motivo_falha(erro: BaseException, nome: str) -> str:
    """Motivo em pt-BR pela causa real (openpyxl embrulha a do defusedxml), sem o caminho absoluto."""
    causa: BaseException | None = erro
    while causa is not None:
        if isinstance(causa, DefusedXmlException):
            return "planilha XLSX com entidades XML proibidas (DOCTYPE/ENTITY): possível bomba de entidades; não lida"
        causa = causa.__cause__ or causa.__context__
    texto = str(erro)[:100]
    return f"planilha XLSX corrompida ou ilegível ({type(erro).__name__}: {texto})"


#: releitura de uma planilha volumosa (`linhas`): as primeiras linhas de cada aba (o cabeçalho e o contexto dito uma
#: vez), as últimas (a nota no pé da aba) e as vizinhas de cada linha citada, com as medidas da releitura de um CSV
#: volumoso (`leitura.em_partes.ler_linhas`); o pé é menor (uma nota de rodapé, não o epílogo de um texto)
PREAMBULO = em_partes.PREAMBULO
EPILOGO = 50
JANELA = em_partes.SOBREPOSICAO


def ler_xlsx(entrada: Entrada, nome: str, linhas: frozenset[int] | None = None,
             pontuais: frozenset[int] = frozenset()) -> Documento:
    """`linhas`: só as células do preâmbulo, do pé e da vizinhança destas linhas de cada aba (a releitura do
    validador numa planilha volumosa), e as de perto das `pontuais` (`em_partes.JANELA_PONTUAL`); None: todas."""
    doc = Documento(arquivo=nome, tipo="xlsx", metodo_extracao=METODO)
    tetos.conferir_zip(entrada)  # antes de qualquer XML ser descomprimido
    # aberto por descritor: o openpyxl recusa nomes sem extensão .xlsx, mas o tipo veio do conteúdo
    arquivo = abrir(entrada)
    try:
        livro = openpyxl.load_workbook(arquivo, read_only=True, data_only=True)
    except Exception as erro:
        arquivo.close()
        doc.erro = _motivo_falha(erro, nome)
        return doc
    try:
        for aba in livro.worksheets:
            doc.abas.append(aba.title)
            if getattr(aba, "sheet_state", "visible") != "visible":
                # lida e citada como as outras; quem abrir a planilha precisa reexibi-la para ver o que foi citado
                estado = "muito oculta" if aba.sheet_state == "veryHidden" else "oculta"
                doc.alertas.append(f"{nome}: a aba '{aba.title}' está {estado} na planilha; foi lida e pode ser citada "
                                   "(no Excel: Página Inicial > Formatar > Ocultar e Reexibir)")
            try:
                _ler_aba(doc, aba, None if linhas is None else em_partes.intervalos(linhas, JANELA, pontuais))
            except Exception as erro:
                motivo = f"aba '{aba.title}' não pôde ser lida por inteiro ({str(erro)[:100]})"
                doc.alertas.append(f"{nome}: {motivo}")
                doc.parcial = "; ".join(filter(None, (doc.parcial, motivo)))  # arquivo parcial: código de saída 1
    finally:
        livro.close()
        arquivo.close()
    return doc


def _ler_aba(doc: Documento, aba, faixas: list[tuple[int, int]] | None = None) -> None:
    """`faixas`: só as linhas do preâmbulo, do pé e dessas faixas (`em_partes.intervalos`); None: todas."""
    if faixas is None:
        for linha in aba.iter_rows():
            doc.trechos.extend(_trechos_da_linha(linha, aba.title))
        return
    proxima = 0  # a próxima faixa ainda à frente
    pe: deque[list[Trecho]] = deque(maxlen=EPILOGO)  # as últimas linhas não guardadas (o pé da aba)
    for linha in aba.iter_rows():
        trechos = _trechos_da_linha(linha, aba.title)
        if not trechos:
            continue
        numero = trechos[0].linha_tabela or 0
        while proxima < len(faixas) and faixas[proxima][1] < numero:
            proxima += 1
        if numero <= PREAMBULO or (proxima < len(faixas) and faixas[proxima][0] <= numero):
            doc.trechos.extend(trechos)
            pe.clear()  # o pé é o que vem depois da última linha guardada
        else:
            pe.append(trechos)
    for trechos in pe:
        doc.trechos.extend(trechos)


def _trechos_da_linha(linha, titulo: str) -> list[Trecho]:
    trechos = []
    for celula in linha:
            valor = getattr(celula, "value", None)
            if valor is None or (isinstance(valor, str) and not valor.strip()):
                continue
            coluna = get_column_letter(celula.column)
            estilo = getattr(celula, "style_array", None)  # o id do formato diz se é a data "do sistema"
            formato = formato_excel.formato_do_sistema(estilo.numFmtId if estilo is not None else None,
                                                      getattr(celula, "number_format", None))
            texto = texto_celula(valor, formato)
            bruto = None if isinstance(valor, str) else str(valor)
            trechos.append(
                Trecho(
                    None,
                    localizacao.celula(coluna, celula.row),
                    texto,
                    METODO,
                    aba=titulo,
                    linha_tabela=celula.row,
                    coluna=coluna,
                    erro_celula=getattr(celula, "data_type", None) == "e",
                    valor_bruto=bruto if bruto != texto else None,
                )
            )
    return trechos
