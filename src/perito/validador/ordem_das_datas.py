"""A ordem das datas numéricas de cada arquivo citado, decidida pelo validador no que ele mesmo releu.

O extrator lê `8/2/2025` como 2 de agosto num documento que escreve o mês antes do dia (`chaves/ordem_das_datas`), e
a afirmação diz 02/08/2025. O validador não toma a ordem do lote: decide-a de novo, pelas mesmas regras, sobre o texto
que releu do arquivo (só as páginas ou linhas citadas, quando não o relê inteiro), e lê nessa ordem o que as
referências daquele arquivo citam. Se a releitura não tiver prova da ordem (nenhuma data com número acima de 12, nenhum
AM/PM), as datas ficam na ordem brasileira e a afirmação lida de outra ordem não se sustenta: a conclusão vai à revisão,
nunca a VERIFICADO por uma leitura que o validador não fez.
"""

from __future__ import annotations

from perito.chaves import ordem_das_datas
from perito.leitura.documento import PLANILHAS
from perito.validador.fonte import FonteIndependente


class OrdemDosArquivos:
    def __init__(self, fonte: FonteIndependente) -> None:
        self._fonte = fonte
        self._decididas: dict[str, bool] = {}

    def mes_primeiro(self, arquivo: str) -> bool:
        """O arquivo escreve as datas numéricas com o mês antes do dia, pelo que o validador releu dele?"""
        if arquivo not in self._decididas:
            aberto = self._fonte.aberto(arquivo)
            documento = aberto.documento if aberto is not None else None
            self._decididas[arquivo] = documento is not None and ordem_das_datas.decidir(
                (t.texto for t in documento.trechos), planilha=documento.tipo in PLANILHAS).ordem == ordem_das_datas.MES_DIA
        return self._decididas[arquivo]
