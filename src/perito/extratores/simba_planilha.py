"""O conjunto SIMBA gravado em planilha (XLSX, ODS): as colunas do leiaute numa aba, uma célula por trecho.

O banco que responde ao afastamento do sigilo com o leiaute do BACEN numa planilha, ou a cópia que um analista abriu
no Excel e salvou, tem as mesmas tabelas e colunas do TXT (FORMATOS.md §4), mas a leitura da planilha dá uma célula
por trecho. Aqui as células de cada linha da aba viram uma linha de texto com TAB (o que `simba_linha.Linha` lê), e
cada dado volta à célula de onde veio: a referência cita a célula ("celula J2"), que o validador reabre como qualquer
célula, e o registro é a linha da aba.
"""

from __future__ import annotations

import bisect
from dataclasses import dataclass, replace

from openpyxl.utils import column_index_from_string

from perito.extratores.achado import Achado
from perito.leitura.documento import Documento, Trecho

#: células lidas por linha da aba (como `simba_celulas.MAXIMO_COLUNAS`, um teto contra a linha hostil)
_MAXIMO_COLUNAS = 1000


@dataclass
class LinhaDaAba:
    """Uma linha da aba como linha de texto com TAB, e a célula (trecho) de cada coluna (None: vazia)."""

    trecho: Trecho
    celulas: list[Trecho | None]
    inicios: list[int]

    def devolver(self, achado: Achado) -> tuple[Achado, Trecho, int]:
        """O achado da linha de texto, na célula de onde ele veio (posições relativas ao texto da célula), e o índice
        da coluna."""
        indice = bisect.bisect_right(self.inicios, achado.inicio) - 1
        celula = self.celulas[indice]
        if celula is None:  # não acontece: um achado vem do texto de uma célula preenchida
            return achado, self.trecho, indice
        deslocamento = self.inicios[indice]
        achado.metadados["registro"] = f"{celula.aba}!{celula.linha_tabela}" if celula.aba else self.trecho.localizacao
        return replace(achado, inicio=achado.inicio - deslocamento, fim=achado.fim - deslocamento), celula, indice


def de_celulas(documento: Documento) -> bool:
    """A leitura deu uma célula de planilha por trecho (coluna e linha da aba)."""
    return bool(documento.trechos) and all(t.coluna is not None and t.linha_tabela is not None
                                           for t in documento.trechos[:50])


def linhas(documento: Documento, trechos: int | None = None) -> list[LinhaDaAba]:
    """As linhas de cada aba, na ordem do documento, cada uma com o texto das células unido por TAB (`trechos`: só as
    das primeiras células, para achar o cabeçalho sem montar a planilha inteira)."""
    grupos: dict[tuple[str | None, int], dict[int, Trecho]] = {}
    for trecho in documento.trechos[:trechos]:
        if trecho.coluna is None or trecho.linha_tabela is None or trecho.erro_celula:
            continue
        coluna = column_index_from_string(trecho.coluna)
        if coluna <= _MAXIMO_COLUNAS:
            grupos.setdefault((trecho.aba, trecho.linha_tabela), {})[coluna] = trecho
    resultado = []
    for (aba, numero), por_coluna in grupos.items():
        celulas: list[Trecho | None] = [por_coluna.get(i) for i in range(1, max(por_coluna) + 1)]
        textos = [c.texto.replace("\t", " ") if c is not None else "" for c in celulas]
        inicios, posicao = [], 0
        for texto in textos:
            inicios.append(posicao)
            posicao += len(texto) + 1
        primeira = next(c for c in celulas if c is not None)
        trecho = Trecho(None, f"linha {numero}", "\t".join(textos), primeira.metodo, aba=aba, linha_tabela=numero,
                        celulas=tuple(textos))
        resultado.append(LinhaDaAba(trecho, celulas, inicios))
    return resultado
