"""OCR de uma página renderizada, com Tesseract (por + eng).

A linha N de uma página por OCR é a N-ésima linha física da página, na ordem do Tesseract (blocos,
parágrafos e linhas), palavras unidas por espaço. As colunas de uma tabela escaneada, que a análise de layout
dele separa em blocos, voltam a ser uma linha por registro: a linha de um bloco de células (duas linhas ou
mais, quase todas curtas) que está ao lado de uma linha já lida, na mesma altura, junta-se a ela, da esquerda
para a direita, separadas por um espaço (a mesma linha de tabela que a camada de texto de um PDF dá). Duas
colunas de prosa, ou um título ao lado de um parágrafo, seguem separadas.

Uma página escaneada de lado ou de cabeça para baixo dá ao Tesseract letras sem sentido (confiança média ~50%) e
nenhum dado. Quando a confiança fica abaixo de `CONFIANCA_PARA_ORIENTAR`, a detecção de orientação do próprio
Tesseract (OSD, `osd.traineddata`, que o pacote tesseract-ocr instala) diz quanto girar; a página é girada em ângulo
reto (sem perder pixel) e lida de novo, e vale a leitura girada só se a confiança dela for maior. As linhas são as da
página endireitada; o alerta diz o giro. A releitura do validador faz o mesmo caminho e chega às mesmas linhas.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import subprocess
import unicodedata
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from perito.leitura import ocr_guardado

IDIOMAS = "por+eng"
TEMPO_LIMITE_S = 60


class OCRIndisponivel(RuntimeError):
    pass


@dataclass(frozen=True)
class ResultadoOCR:
    linhas: list[str]
    confianca_media: float  # 0-100; -1 quando não houve palavras
    #: tomado do OCR que a leitura da mesma execução fez sobre os mesmos pixels (`ocr_guardado`)
    guardado: bool = False
    #: graus, no sentido horário, em que a página foi girada antes da leitura (0, 90, 180 ou 270)
    giro: int = 0

    def resumo(self) -> str:
        """A confiança (e o giro, se houve) para o alerta da página."""
        texto = f"confiança média {self.confianca_media:.0f}%"
        if self.giro:
            estava = "de cabeça para baixo" if self.giro == 180 else "de lado"
            texto += f"; a página estava {estava} e foi lida depois de girada {self.giro}° no sentido horário"
        return texto


#: abaixo desta confiança média a página pode estar de lado ou de cabeça para baixo: girada, ela deu 52% (o ofício de
#: exemplo a 90° e a 180°); reta, 94-95% (também torta, a 2,5°), e 57-66% nos escaneados ruidosos do benchmark. A OSD
#: custa ~0,7 s por página: com o limiar em 75%, aqueles cinco escaneados retos pagavam 3 s a mais (6,6 → 9,7 s) para
#: nada; em 60%, pagam só os de leitura pior, onde uma página girada é plausível
CONFIANCA_PARA_ORIENTAR = 60.0


@cache
def versao_tesseract() -> str | None:
    try:
        import pytesseract

        return str(pytesseract.get_tesseract_version())
    except Exception:  # binário ausente ou quebrado: tratado como indisponível
        return None


@cache
def dados_de_idioma() -> dict[str, str]:
    """SHA-256 dos arquivos .traineddata usados (por, eng, e osd, que decide o giro da página): o resultado do OCR
    depende deles."""
    try:
        saida = subprocess.run(["tesseract", "--list-langs"], capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.SubprocessError):
        return {}
    pasta = re.search(r'"([^"]+)"', saida.stdout + saida.stderr)
    if not pasta:
        return {}
    hashes = {}
    for idioma in (*IDIOMAS.split("+"), "osd"):
        arquivo = Path(pasta.group(1)) / f"{idioma}.traineddata"
        if arquivo.is_file():
            hashes[idioma] = hashlib.sha256(arquivo.read_bytes()).hexdigest()
    return hashes


def motor() -> tuple[str, ...]:
    """O que, além dos pixels, decide o resultado do OCR: idiomas, versão do Tesseract, dados de idioma."""
    return IDIOMAS, str(versao_tesseract()), json.dumps(dados_de_idioma(), sort_keys=True)


def reconhecer(imagem) -> ResultadoOCR:  # imagem: PIL.Image
    if versao_tesseract() is None:
        raise OCRIndisponivel("Tesseract não está instalado (pacotes tesseract-ocr e tesseract-ocr-por)")
    linhas, media, guardado = ocr_guardado.reconhecer_guardando(imagem, motor, _reconhecer)
    if 0 <= media < CONFIANCA_PARA_ORIENTAR and (giro := _giro(imagem)):
        endireitada = imagem.transpose(_transposicoes()[giro])
        linhas_g, media_g, guardado_g = ocr_guardado.reconhecer_guardando(endireitada, motor, _reconhecer)
        if media_g > media:
            return ResultadoOCR(linhas_g, media_g, guardado_g, giro)
    return ResultadoOCR(linhas, media, guardado)


#: os giros em ângulo reto (graus no sentido horário) que a OSD pode pedir
_GIROS = (90, 180, 270)


@cache
def _transposicoes() -> dict[int, object]:
    """A transposição do Pillow de cada giro (importado só quando uma página gira: o principal não carrega o Pillow)."""
    from PIL import Image

    # o giro do Tesseract é no sentido horário; os de ROTATE_* do Pillow, no anti-horário
    return {90: Image.Transpose.ROTATE_270, 180: Image.Transpose.ROTATE_180, 270: Image.Transpose.ROTATE_90}


def _giro(imagem) -> int:
    """Quanto girar a página (sentido horário) para endireitá-la, pela OSD do Tesseract; 0 quando ela não decide
    (poucas letras, tempo esgotado) ou a página já está reta."""
    import pytesseract

    try:
        osd = pytesseract.image_to_osd(imagem, output_type=pytesseract.Output.DICT, timeout=TEMPO_LIMITE_S)
        giro = int(osd.get("rotate", 0)) % 360
    except Exception:  # TesseractError ("Too few characters"), RuntimeError do tempo limite, saída inesperada
        return 0
    return giro if giro in _GIROS else 0


def _reconhecer(imagem) -> tuple[list[str], float]:
    import pytesseract

    # O OpenMP do Tesseract com 2 núcleos é ~7x mais lento que uma thread por página.
    os.environ.setdefault("OMP_THREAD_LIMIT", "1")
    dados = pytesseract.image_to_data(
        imagem, lang=IDIOMAS, output_type=pytesseract.Output.DICT, timeout=TEMPO_LIMITE_S
    )
    grupos: dict[tuple[int, int, int], _Segmento] = {}
    confiancas: list[float] = []
    for i, palavra in enumerate(dados["text"]):
        palavra = (palavra or "").strip()
        if not palavra:
            continue
        chave = (dados["block_num"][i], dados["par_num"][i], dados["line_num"][i])
        caixa = (dados["left"][i], dados["top"][i], dados["left"][i] + dados["width"][i], dados["top"][i] + dados["height"][i])
        grupos.setdefault(chave, _Segmento([], *caixa, bloco=chave[0])).acrescentar(palavra, caixa)
        conf = float(dados["conf"][i])
        if conf >= 0:
            confiancas.append(conf)
    linhas = [unicodedata.normalize("NFC", linha) for linha in linhas_fisicas([grupos[c] for c in sorted(grupos)])]
    media = round(sum(confiancas) / len(confiancas), 1) if confiancas else -1.0
    return linhas, media


@dataclass
class _Segmento:
    """Uma linha do Tesseract: as palavras e a caixa que as contém (pixels)."""

    palavras: list[str]
    esquerda: int
    topo: int
    direita: int
    base: int
    bloco: int = 0

    def acrescentar(self, palavra: str, caixa: tuple[int, int, int, int]) -> None:
        self.palavras.append(palavra)
        self.esquerda, self.topo = min(self.esquerda, caixa[0]), min(self.topo, caixa[1])
        self.direita, self.base = max(self.direita, caixa[2]), max(self.base, caixa[3])

    def lado_a_lado(self, outro: _Segmento) -> bool:
        """Na mesma altura (metade da menor altura em comum) e sem se sobrepor na horizontal."""
        comum = min(self.base, outro.base) - max(self.topo, outro.topo)
        menor = min(self.base - self.topo, outro.base - outro.topo)
        return comum * 2 >= max(menor, 1) and (self.direita <= outro.esquerda or outro.direita <= self.esquerda)


#: uma célula de tabela tem poucas palavras; duas linhas longas lado a lado são duas colunas de texto corrido
PALAVRAS_DE_CELULA = 4


def _blocos_de_uma_linha(segmentos: list[_Segmento]) -> set[int]:
    contagem: dict[int, int] = {}
    for segmento in segmentos:
        contagem[segmento.bloco] = contagem.get(segmento.bloco, 0) + 1
    return {bloco for bloco, linhas in contagem.items() if linhas == 1}


def _colunas_de_celulas(segmentos: list[_Segmento]) -> tuple[set[int], set[int]]:
    """Os blocos do Tesseract que são células de tabela: duas linhas ou mais, quase todas curtas (uma coluna), ou
    uma linha só e curta (o valor, o "C"/"D" ou o pedaço do cabeçalho que ele isola num bloco). Uma coluna de
    prosa não é; um título curto é, mas só vai para a linha de outro bloco se chega depois dela, ao lado.
    Devolve (células, colunas): colunas são as células de duas linhas ou mais (uma coluna inteira da tabela)."""
    por_bloco: dict[int, list[_Segmento]] = {}
    for segmento in segmentos:
        por_bloco.setdefault(segmento.bloco, []).append(segmento)
    celulas, colunas = set(), set()
    for bloco, linhas in por_bloco.items():
        curtas = sum(len(s.palavras) <= PALAVRAS_DE_CELULA for s in linhas)
        if len(linhas) >= 2 and curtas * 4 >= len(linhas) * 3:
            celulas.add(bloco)
            colunas.add(bloco)
        elif len(linhas) == 1 and len(linhas[0].palavras) <= PALAVRAS_DE_CELULA:
            celulas.add(bloco)
    return celulas, colunas


def linhas_fisicas(segmentos: list[_Segmento]) -> list[str]:
    """As linhas do Tesseract reunidas em linhas físicas da página (ver o topo do módulo), na ordem dele: cada
    segmento de uma coluna de tabela vai para a linha já aberta ao lado da qual ele está (a mesma altura); os
    outros abrem a sua. Duas colunas de prosa seguem uma depois da outra, como o Tesseract as lê.

    Também a linha longa (o histórico "PIX RECEBIDO - 09:53:42 R$ 1.265,00", num bloco à parte) vai para a linha
    aberta só por células de colunas de tabela (a data e o documento lidos antes): a coluna curta veio primeiro.
    E o bloco de uma linha só, longa ou curta (o nome comprido da contraparte, o fim do cabeçalho), que o Tesseract
    isolou e leu depois: vai para a linha ao lado dele, que ficou com o vão."""
    celulas, colunas = _colunas_de_celulas(segmentos)
    sozinhos = _blocos_de_uma_linha(segmentos)
    fisicas: list[list[_Segmento]] = []
    for segmento in segmentos:
        destino = None
        for linha in fisicas:
            # uma linha longa não se junta a um título curto ao lado, nem a outra linha de prosa
            junta = segmento.bloco in celulas or segmento.bloco in sozinhos or all(p.bloco in colunas for p in linha)
            if junta and all(p.bloco != segmento.bloco and p.lado_a_lado(segmento) for p in linha):
                destino = linha
                break
        if destino is None:
            fisicas.append([segmento])
        else:
            destino.append(segmento)
    return [" ".join(" ".join(p.palavras) for p in sorted(linha, key=lambda s: s.esquerda)) for linha in fisicas]
