"""Inventário do caso: arquivos em ordem, SHA-256 de cada um e tipo real pelo conteúdo.

Um pacote ZIP (que não é XLSX nem DOCX) entra como o próprio pacote e, logo depois
dele, um item por membro (`pacote.zip!/caminho`), cada um com seu tamanho, SHA-256
e tipo; nada é extraído para o disco (veja `pacote`).
"""

from __future__ import annotations

import csv
import hashlib
import io
import os
import re
import zipfile
from dataclasses import dataclass, replace
from pathlib import Path, PurePath, PurePosixPath

from perito.leitura import mensagem_email, pacote, tetos
from perito.leitura.entrada import Entrada, ler_bytes
from perito.texto_ptbr import plural

_BLOCO = 1 << 20
#: texto; o JSON também (o leitor de texto reconhece a estrutura e lê cada objeto como registro)
# ".js": o arquivo de dados do X/Twitter (`ip-audit.js`) é JSON atribuído a uma variável
_SUFIXOS_TEXTO = {".txt", ".log", ".text", "", ".json", ".jsonl", ".ndjson", ".js", ".ofx", ".qfx", ".xml"}
_SUFIXOS_CSV = {".csv", ".tsv"}
_SUFIXOS_HTML = {".html", ".htm", ".xhtml"}
_IMAGENS = (b"\x89PNG\r\n\x1a\n", b"\xff\xd8\xff", b"II*\x00", b"MM\x00*")
_OLE2 = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"
_SUFIXOS_XLS = {".xls", ".xlt"}
#: Office 97-2003 (OLE2): o que fazer, pela extensão
_OLE2_MOTIVOS = {
    ".doc": "documento do Word 97-2003 (.doc): converta para .docx ou PDF numa cópia do caso",
    ".dot": "documento do Word 97-2003 (.dot): converta para .docx ou PDF numa cópia do caso",
    ".ppt": "apresentação do PowerPoint 97-2003 (.ppt): converta para PDF numa cópia do caso",
    ".msg": "mensagem do Outlook (.msg): exporte o texto e os anexos para PDF numa cópia do caso",
}
_OLE2_GENERICO = (
    "arquivo do Office 97-2003 (formato OLE2) que não é planilha: converta para .docx ou PDF numa cópia do caso"
)
#: tipo interno de um ZIP que não é XLSX nem DOCX: o inventário lista os membros
PACOTE = "pacote"


@dataclass(frozen=True)
class ArquivoCaso:
    caminho: Path  # para um membro de pacote, o caminho do pacote no disco
    nome: str  # relativo à pasta do caso, com "/"; membro: "pacote.zip!/caminho/interno"
    tamanho: int
    sha256: str
    tipo: str | None  # "pdf", "csv", "xlsx", "txt", "docx", "html", "imagem"; None quando ignorado (ou pacote)
    motivo_ignorado: str | None = None
    alerta: str | None = None  # p.ex. extensão que não corresponde ao conteúdo
    #: membro de pacote: caminho interno em cada nível (("records.html",)); None para arquivo solto
    membro: tuple[str, ...] | None = None
    #: pacote ZIP: quantos membros foram listados (None: não é pacote)
    membros: int | None = None
    #: ignorado porque não pôde ser lido (permissão, erro de E/S, pasta ilegível): a análise fica incompleta
    falha: bool = False


def sha256_arquivo(caminho: Path) -> str:
    h = hashlib.sha256()
    with caminho.open("rb") as f:
        while bloco := f.read(_BLOCO):
            h.update(bloco)
    return h.hexdigest()


def listar(caso: Path) -> list[ArquivoCaso]:
    """Todos os arquivos do caso em ordem de nome; nada é aberto para escrita."""
    itens: list[ArquivoCaso] = []

    def pasta_ilegivel(erro: OSError) -> None:
        # sem isto, os.walk pula a pasta em silêncio e as provas dela somem do inventário e do manifesto
        caminho = Path(erro.filename) if erro.filename else caso
        motivo = f"pasta ilegível ({erro.strerror or erro}): nada dentro dela entrou na análise"
        itens.append(replace(_ignorado(caso, caminho, motivo), falha=True))

    for raiz, pastas, arquivos in os.walk(caso, followlinks=False, onerror=pasta_ilegivel):
        pastas.sort()
        for nome in sorted(arquivos):
            caminho = Path(raiz) / nome
            itens.extend(_descrever(caso, caminho))
        # Pastas que são links simbólicos não são seguidas; ficam registradas.
        for pasta in list(pastas):
            caminho = Path(raiz) / pasta
            if caminho.is_symlink():
                itens.append(_ignorado(caso, caminho, "link simbólico para pasta: não seguido"))
    return sorted(itens, key=lambda a: a.nome)


def _relativo(caso: Path, caminho: Path) -> str:
    return caminho.relative_to(caso).as_posix()


def _ignorado(caso: Path, caminho: Path, motivo: str) -> ArquivoCaso:
    return ArquivoCaso(caminho, _relativo(caso, caminho), 0, "", None, motivo)


def _descrever(caso: Path, caminho: Path) -> list[ArquivoCaso]:
    """O arquivo; se é um pacote ZIP, ele e, depois, cada membro."""
    arquivo = _descrever_arquivo(caso, caminho)
    if arquivo.tipo != PACOTE:
        return [arquivo]
    try:
        with caminho.open("rb") as f:
            email = pacote.e_pacote_de_email(f.read(4))
        membros = pacote.membros(caminho, arquivo.nome)
    except (tetos.TetoExcedido, pacote.MembroIlegivel, OSError) as erro:
        return [replace(arquivo, tipo=None, motivo_ignorado=f"pacote não aberto: {erro}")]
    itens = [_pacote(arquivo, len(membros), email)]
    for membro in membros:
        itens.extend(_descrever_membro(caminho, membro))
    return itens


def _pacote(arquivo: ArquivoCaso, quantidade: int, email: bool = False) -> ArquivoCaso:
    sufixo = PurePosixPath(arquivo.nome).suffix.lower()
    if email:
        motivo = (f"mensagem de e-mail com {plural(quantidade, 'parte', 'partes')} (cabeçalho, corpo e anexos): "
                  f"{'é lida' if quantidade == 1 else 'cada uma é lida'} como {arquivo.nome}!/parte, sem extrair")
        return replace(arquivo, tipo=None, motivo_ignorado=motivo, membros=quantidade)
    extensao = "" if sufixo == ".zip" else f" (a extensão é '{sufixo or '(nenhuma)'}', mas o conteúdo é ZIP)"
    motivo = (f"pacote ZIP{extensao} com {plural(quantidade, 'membro', 'membros')}: "
              f"{'é lido' if quantidade == 1 else 'cada um é lido'} como {arquivo.nome}!/caminho, sem extrair")
    return replace(arquivo, tipo=None, motivo_ignorado=motivo, membros=quantidade)


def _descrever_membro(caminho: Path, membro: pacote.Membro) -> list[ArquivoCaso]:
    base = ArquivoCaso(caminho, membro.nome, membro.tamanho, membro.sha256, None, membro.motivo_ignorado,
                       membro=membro.cadeia, falha=membro.falha)
    if membro.motivo_ignorado:
        return [base]
    if membro.tamanho == 0:
        return [replace(base, motivo_ignorado=VAZIO)]
    tipo, motivo, alerta = detectar_tipo(PurePosixPath(membro.cadeia[-1]), membro.inicio, membro.tamanho, membro.conteudo)
    if tipo != PACOTE:
        return [replace(base, tipo=tipo, motivo_ignorado=motivo, alerta=alerta)]
    try:
        internos = pacote.membros_internos(membro, membro.nome.split(pacote.SEPARADOR)[0])
    except (tetos.TetoExcedido, pacote.MembroIlegivel) as erro:
        return [replace(base, motivo_ignorado=f"pacote interno não aberto: {erro}")]
    itens = [_pacote(base, len(internos), pacote.e_pacote_de_email(membro.inicio))]
    for interno in internos:
        itens.extend(_descrever_membro(caminho, interno))
    return itens


def _descrever_arquivo(caso: Path, caminho: Path) -> ArquivoCaso:
    nome = _relativo(caso, caminho)
    try:
        nome.encode("utf-8")
    except UnicodeEncodeError:
        # bytes que não são UTF-8 no nome (mídia antiga do Windows): o arquivo é relatado, não lido,
        # pois nenhum JSON poderia citá-lo pelo nome exato
        legivel = os.fsencode(nome).decode("utf-8", "backslashreplace")
        try:
            sha, tamanho = sha256_arquivo(caminho), caminho.stat().st_size
        except OSError:
            sha, tamanho = "", 0
        return ArquivoCaso(
            caminho, legivel, tamanho, sha, None,
            "o nome do arquivo não é UTF-8 válido (bytes mostrados como \\xNN); renomeie-o numa cópia do caso para lê-lo",
        )
    if pacote.SEPARADOR in nome:
        # "x.zip!/m.csv" no disco seria citado igual ao membro m.csv do pacote x.zip: o validador abriria o outro
        return replace(_ignorado(caso, caminho, f"o caminho tem '{pacote.SEPARADOR}', que o perito usa para citar membros "
                                 "de pacotes ZIP: a citação seria ambígua e o arquivo não foi lido (renomeie a pasta "
                                 "numa cópia do caso)"), falha=True)
    if caminho.is_symlink():
        return _ignorado(caso, caminho, "link simbólico: não seguido (pode apontar para fora do caso)")
    if not caminho.is_file():
        return _ignorado(caso, caminho, "não é um arquivo regular")
    try:
        tamanho = caminho.stat().st_size
        sha = sha256_arquivo(caminho)
        with caminho.open("rb") as f:
            inicio = f.read(8192)
    except OSError as erro:
        return replace(_ignorado(caso, caminho, f"não foi possível ler o arquivo ({erro.strerror or erro})"), falha=True)
    tipo, motivo, alerta = detectar_tipo(caminho, inicio, tamanho)
    return ArquivoCaso(caminho, _relativo(caso, caminho), tamanho, sha, tipo, motivo, alerta)


#: motivo de um arquivo de 0 byte: uma falha a relatar (a cópia do caso pode ter falhado), não um arquivo a ignorar
VAZIO = "arquivo vazio (0 bytes)"
#: o fim do motivo de um arquivo binário com extensão de documento (.xlsx, .pdf, .docx...) cujo conteúdo não é nenhum
#: formato conhecido: a resposta de um ofício que não se lê é falha a relatar, como o arquivo vazio, não um arquivo a
#: ignorar (o texto com bytes NUL num .txt e a página HTML num .pdf continuam ignorados: são outra coisa)
CORROMPIDO = "arquivo corrompido ou de outro formato; não foi lido (peça uma nova cópia à fonte)"
_EXTENSOES_DE_DOCUMENTO = {
    ".xlsx": "uma planilha XLSX (um pacote ZIP)", ".xlsm": "uma planilha XLSX (um pacote ZIP)",
    ".docx": "um documento DOCX (um pacote ZIP)", ".ods": "uma planilha ODS (um pacote ZIP)",
    ".odt": "um documento ODT (um pacote ZIP)", ".zip": "um pacote ZIP", ".pdf": "PDF (sem cabeçalho %PDF-)",
}


def e_falha(motivo: str | None) -> bool:
    """O arquivo não lido por um motivo que deixa a análise incompleta (vazio, corrompido), não por ser de outro tipo."""
    return motivo is not None and (motivo == VAZIO or motivo.endswith(CORROMPIDO))


def detectar_tipo(
    caminho: PurePath, inicio: bytes, tamanho: int, conteudo: Entrada | None = None
) -> tuple[str | None, str | None, str | None]:
    """(tipo, motivo se ignorado, alerta) pelo conteúdo; a extensão só desempata texto.

    `conteudo`: os bytes de um membro de pacote (o ZIP interno é aberto por eles); sem ele, abre `caminho`.
    Um ZIP que não é XLSX nem DOCX devolve o tipo PACOTE: quem chama lista os membros.
    """
    sufixo = caminho.suffix.lower()
    if tamanho == 0:
        return None, VAZIO, None
    if b"%PDF-" in inicio[:1024]:
        return "pdf", None, _alerta_extensao(sufixo, {".pdf"}, "PDF")
    if inicio.startswith(b"PK\x03\x04"):
        return _tipo_zip(conteudo if conteudo is not None else Path(caminho), sufixo)
    if inicio.startswith(_OLE2):
        planilha = _planilha_ole2(conteudo if conteudo is not None else Path(caminho), tamanho, sufixo)
        if planilha or (planilha is None and sufixo in _SUFIXOS_XLS):  # a leitura diz por que a .xls não abre
            return "xls", None, _alerta_extensao(sufixo, _SUFIXOS_XLS, "XLS (Excel 97-2003)")
        if planilha is None and sufixo not in _OLE2_MOTIVOS:
            return None, "arquivo do Office 97-2003 (formato OLE2) corrompido: o diretório interno não se lê", None
        return None, _OLE2_MOTIVOS.get(sufixo, _OLE2_GENERICO), None
    if inicio.startswith(_IMAGENS):
        return "imagem", None, None
    if sufixo == ".pdf" and not _parece_binario(inicio):  # a página HTML salva como .pdf: outro formato, à parte
        return None, "extensão .pdf, mas o conteúdo não é PDF (sem cabeçalho %PDF-)", None
    if _parece_rtf(inicio):  # também o .doc que é RTF (o Word e sistemas salvam assim)
        return "rtf", None, _alerta_extensao(sufixo, {".rtf"}, "RTF")
    if (midia := _midia_conhecida(inicio)) is not None:
        return None, midia, None
    if _parece_binario(inicio):
        if sufixo in _EXTENSOES_DE_DOCUMENTO:
            return None, f"extensão {sufixo}, mas o conteúdo não é {_EXTENSOES_DE_DOCUMENTO[sufixo]}: {CORROMPIDO}", None
        return None, "arquivo binário de formato não reconhecido", None
    if _parece_planilha_xml_2003(inicio):  # a "Planilha XML 2003", muitas vezes com a extensão .xls
        return "xml2003", None, _alerta_extensao(sufixo, {".xml"}, "planilha XML 2003 do Excel")
    if sufixo == ".eml" or mensagem_email.parece_email(inicio):
        # a mensagem de e-mail é um pacote: o cabeçalho, o corpo e cada anexo são membros (`mensagem_email.py`)
        return PACOTE, None, None
    if sufixo in _SUFIXOS_HTML:
        return "html", None, None
    if _parece_html(inicio):
        return "html", None, f"conteúdo é HTML, mas a extensão é '{sufixo or '(nenhuma)'}'; lido como HTML"
    if sufixo in _SUFIXOS_CSV:
        return "csv", None, None
    if sufixo in _SUFIXOS_TEXTO and sufixo in (".txt", ".text", "") and (delimitador := _delimitado(inicio)):
        # a exportação do internet banking salva como .txt ("Data";"Historico";"Valor"): lida como texto, cada linha
        # era prosa e nenhum valor saía
        return "csv", None, f"texto delimitado por '{delimitador}' (extensão {sufixo or '(nenhuma)'}); lido como CSV"
    if sufixo in _SUFIXOS_TEXTO:
        return "txt", None, None
    if sufixo in _CONTEUDO_ESPERADO:
        return "txt", None, f"a extensão é {sufixo}, mas o conteúdo não é {_CONTEUDO_ESPERADO[sufixo]}; lido como texto"
    return "txt", None, f"extensão {sufixo or '(nenhuma)'} desconhecida; lido como texto"


#: linhas do começo do arquivo olhadas para decidir se o texto é uma tabela delimitada
_LINHAS_DELIMITADAS = 40
#: fração mínima das linhas não vazias com o mesmo número (≥ 3) de campos
_FRACAO_DELIMITADA = 0.6


def _delimitado(inicio: bytes) -> str | None:
    """O `;` ou `|` que separa campos em quase todas as linhas do começo do texto (3 campos ou mais, o mesmo número na
    maioria delas); a vírgula não decide sozinha (a prosa a tem)."""
    texto = inicio.removeprefix(b"\xef\xbb\xbf").decode("utf-8", errors="replace")
    linhas = [linha for linha in texto.splitlines()[:_LINHAS_DELIMITADAS] if linha.strip()]
    if len(linhas) > 1:
        linhas = linhas[:-1]  # a última pode estar cortada
    if len(linhas) < 3:
        return None
    for delimitador in (";", "|"):
        contagens = [len(campos) for campos in csv.reader(linhas, delimiter=delimitador)]
        comum = max(set(contagens), key=contagens.count)
        if comum >= 3 and contagens.count(comum) >= _FRACAO_DELIMITADA * len(linhas):
            return delimitador
    return None


#: extensões conhecidas cujo conteúdo não foi reconhecido: dizer isso, e não "extensão desconhecida"
_CONTEUDO_ESPERADO = {
    ".docx": "DOCX", ".xlsx": "XLSX", ".xlsm": "XLSX", ".zip": "ZIP", ".jpg": "JPEG", ".jpeg": "JPEG", ".png": "PNG",
    ".tif": "TIFF", ".tiff": "TIFF", ".doc": "um documento do Word", ".xls": "uma planilha do Excel",
}


def _planilha_ole2(fonte: Entrada, tamanho: int, sufixo: str) -> bool | None:
    """Um OLE2 é uma planilha do Excel 97-2003 pelos fluxos que tem (um .doc e um .msg também são OLE2); None quando o
    diretório dele não se lê. Acima do teto de tamanho, pela extensão: a leitura o recusa com o motivo, sem o
    inventário carregá-lo na memória."""
    if tamanho > tetos.TAMANHO_MAXIMO:
        return sufixo in _SUFIXOS_XLS
    from perito.leitura import xls  # o xlrd só quando há um OLE2 no caso (o inventário roda no principal)

    try:
        return xls.e_planilha(ler_bytes(fonte))
    except OSError:
        return None  # a leitura dá o motivo


def _tipo_zip(fonte: Entrada, sufixo: str) -> tuple[str | None, str | None, str | None]:
    try:
        with zipfile.ZipFile(fonte if isinstance(fonte, Path) else io.BytesIO(fonte)) as z:
            nomes = set(z.namelist())
    except (zipfile.BadZipFile, OSError, ValueError, EOFError):
        return None, "arquivo ZIP corrompido", None
    if "xl/workbook.xml" in nomes:
        return "xlsx", None, _alerta_extensao(sufixo, {".xlsx", ".xlsm"}, "XLSX")
    if "word/document.xml" in nomes:
        return "docx", None, _alerta_extensao(sufixo, {".docx"}, "DOCX")
    if (odf := _tipo_odf(fonte, nomes)) is not None:
        # um OpenDocument é um ZIP, mas não um pacote: lido como pacote, o content.xml virava uma linha de XML e a
        # miniatura da primeira página ia ao OCR, o mesmo dado em dois "arquivos"
        if odf == "application/vnd.oasis.opendocument.text":
            return "odt", None, _alerta_extensao(sufixo, {".odt"}, "ODT")
        if odf == "application/vnd.oasis.opendocument.spreadsheet":
            return "ods", None, _alerta_extensao(sufixo, {".ods"}, "ODS")
        formato = odf.rsplit(".", 1)[-1]
        return None, (f"documento OpenDocument ({formato}) sem leitor nesta versão: converta para .xlsx, CSV, .docx ou "
                      "PDF numa cópia do caso"), None
    return PACOTE, None, None


def _tipo_odf(fonte: Entrada, nomes: set[str]) -> str | None:
    """O tipo que o membro `mimetype` de um OpenDocument declara (`application/vnd.oasis.opendocument.text`)."""
    if "mimetype" not in nomes:
        return None
    try:
        with zipfile.ZipFile(fonte if isinstance(fonte, Path) else io.BytesIO(fonte)) as z:
            info = z.getinfo("mimetype")
            declarado = z.read(info).decode("ascii", "replace").strip() if info.file_size <= 256 else ""
    except (zipfile.BadZipFile, OSError, ValueError, EOFError, KeyError):
        return None
    return declarado if declarado.startswith("application/vnd.oasis.opendocument") else None


def _parece_html(inicio: bytes) -> bool:
    """Começa (depois de BOM e espaços) por <!DOCTYPE html ou <html."""
    texto = inicio[:1024].lstrip(b"\xef\xbb\xbf \t\r\n").lower()
    return texto.startswith((b"<!doctype html", b"<html"))


def _alerta_extensao(sufixo: str, esperados: set[str], nome_tipo: str) -> str | None:
    if sufixo in esperados:
        return None
    return f"conteúdo é {nome_tipo}, mas a extensão é '{sufixo or '(nenhuma)'}'; lido como {nome_tipo}"


#: as marcas ("brands") de um arquivo ISO BMFF (a caixa `ftyp` nos bytes 4 a 12) e o que ele é
_MARCAS_ISO = {
    **dict.fromkeys((b"heic", b"heix", b"hevc", b"heim", b"heis", b"hevx", b"mif1", b"msf1"),
                    "foto HEIC/HEIF (o formato das fotos do iPhone): sem leitor nesta versão; converta para JPEG numa "
                    "cópia do caso (no iPhone: Ajustes > Câmera > Formatos > Mais Compatível)"),
    b"avif": "imagem AVIF: sem leitor nesta versão; converta para PNG ou JPEG numa cópia do caso",
    **dict.fromkeys((b"M4A ", b"M4B "), "áudio M4A: áudios não são analisados (transcreva-o num documento do caso)"),
    b"qt  ": "vídeo QuickTime (.mov): vídeos não são analisados",
}
#: o começo de mídias e pacotes comprimidos que aparecem numa pasta de caso, e o que dizer deles
_ASSINATURAS = (
    (b"OggS\x00", "áudio Ogg/Opus (a mensagem de voz do WhatsApp): áudios não são analisados (transcreva-o num "
              "documento do caso)"),
    # a versão do ID3 depois da sigla (um CSV cuja primeira coluna se chama "ID3" não é áudio)
    (b"ID3\x03\x00", "áudio MP3: áudios não são analisados (transcreva-o num documento do caso)"),
    (b"ID3\x04\x00", "áudio MP3: áudios não são analisados (transcreva-o num documento do caso)"),
    (b"\x1aE\xdf\xa3", "vídeo WebM/MKV: vídeos não são analisados"),
    (b"GIF89a", "imagem GIF: sem leitor nesta versão; converta para PNG numa cópia do caso"),
    (b"GIF87a", "imagem GIF: sem leitor nesta versão; converta para PNG numa cópia do caso"),
    (b"7z\xbc\xaf\x27\x1c", "pacote 7-Zip: sem leitor nesta versão; extraia-o numa cópia do caso"),
    (b"Rar!\x1a\x07", "pacote RAR: sem leitor nesta versão; extraia-o numa cópia do caso"),
    (b"\x1f\x8b\x08", "arquivo comprimido gzip (.gz): sem leitor nesta versão; descomprima-o numa cópia do caso"),
)


def _midia_conhecida(inicio: bytes) -> str | None:
    """O que é um arquivo de mídia ou um pacote comprimido que o perito não lê, pelo começo dele; None se não for um
    desses. Diz ao investigador o que fazer, em vez de "arquivo binário de formato não reconhecido"."""
    if inicio[4:8] == b"ftyp":
        marca = inicio[8:12]
        return _MARCAS_ISO.get(marca, "vídeo MP4 (ou outra mídia ISO): vídeos não são analisados")
    if inicio.startswith(b"RIFF") and inicio[8:12] in (b"WAVE", b"WEBP", b"AVI "):
        return {b"WAVE": "áudio WAV: áudios não são analisados (transcreva-o num documento do caso)",
                b"WEBP": "imagem WebP: sem leitor nesta versão; converta para PNG numa cópia do caso",
                b"AVI ": "vídeo AVI: vídeos não são analisados"}[inicio[8:12]]
    return next((motivo for assinatura, motivo in _ASSINATURAS if inicio.startswith(assinatura)), None)


def _parece_rtf(inicio: bytes) -> bool:
    return inicio.lstrip(b"\xef\xbb\xbf \t\r\n").startswith(b"{\\rtf")


#: o espaço de nomes da planilha XML 2003 do Excel, ou a instrução que o Excel põe no começo dela
_PLANILHA_XML_2003 = re.compile(r"<\?mso-application\s+progid=\"Excel\.Sheet\"|urn:schemas-microsoft-com:office:spreadsheet")


def _parece_planilha_xml_2003(inicio: bytes) -> bool:
    """Um XML com `<Workbook` e o espaço de nomes da planilha do Excel 2003 no começo (`leitura/spreadsheetml.py`)."""
    texto = inicio[:4096].decode("utf-8", errors="ignore")
    return (texto.lstrip("\ufeff \t\r\n").startswith("<") and "<Workbook" in texto
            and _PLANILHA_XML_2003.search(texto) is not None)


def _parece_binario(inicio: bytes) -> bool:
    """Binário quando há NULs ou caracteres de controle demais; um NUL perdido num log não basta."""
    if inicio.startswith((b"\xff\xfe", b"\xfe\xff")):
        return False  # UTF-16 com BOM tem NULs legítimos
    controles = sum(1 for b in inicio if b < 0x20 and b not in (0x09, 0x0A, 0x0C, 0x0D))
    return inicio.count(0) > max(1, len(inicio) * 0.01) or controles > max(1, len(inicio) * 0.1)
