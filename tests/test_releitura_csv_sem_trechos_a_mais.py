"""A releitura de um CSV volumoso em volta das linhas citadas (`em_partes.ler_linhas`) monta só os trechos que guarda
(desde a 23ª sessão da issue 27) e guarda os mesmos que a montagem de todos: mesmo texto, células, linha e marca de
omissão, também com registros de várias linhas, registros vazios e CSV malformado (o alerta e o `parcial`)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from perito.leitura import em_partes


def _como_antes(caminho: Path, pedidas: set[int], pontuais: set[int], preambulo: int) -> tuple[list, str | None]:
    fonte, leitor = em_partes._fonte(caminho, "csv", em_partes.codificacao_do_arquivo(caminho))
    faixas = em_partes.intervalos(pedidas, 2, pontuais, em_partes.JANELA_PONTUAL_CSV)
    guardados, proxima, omitiu = [], 0, False
    for posicao, (numero, trecho) in enumerate(fonte):
        while proxima < len(faixas) and faixas[proxima][1] < numero:
            proxima += 1
        if posicao < preambulo or (proxima < len(faixas) and faixas[proxima][0] <= numero):
            guardados.append(replace(trecho, apos_omissao=True) if omitiu else trecho)
            omitiu = False
        else:
            omitiu = True
    assert leitor is not None
    return guardados, leitor.parcial


_PEDACOS = ["01/02/2025;1.2.3.4;x\n", ";;\n", "\n", '"a\nb";c;d\n', "x;y;z\r\n", '"q"w;1;2\n', "  ; ;\n", "9;8;7\n"]


def test_guarda_os_mesmos_trechos(tmp_path: Path) -> None:
    from hypothesis import given, settings
    from hypothesis import strategies as st

    caminho = tmp_path / "log.csv"

    @settings(max_examples=300, deadline=None)
    @given(st.lists(st.sampled_from(_PEDACOS), max_size=40), st.sets(st.integers(1, 45), max_size=4),
           st.sets(st.integers(1, 45), max_size=4), st.integers(0, 3))
    def conferir(linhas: list[str], pedidas: set[int], pontuais: set[int], preambulo: int) -> None:
        caminho.write_bytes(("Data;IP;Obs\n" + "".join(linhas)).encode("utf-8"))
        em_partes._codificacao.cache_clear()
        doc = em_partes.ler_linhas(caminho, "log.csv", "csv", pedidas, janela=2, preambulo=preambulo, pontuais=pontuais)
        guardados, parcial = _como_antes(caminho, pedidas, pontuais, preambulo)
        assert doc.trechos == guardados and doc.parcial == parcial
        assert doc.alertas == ([f"log.csv: {parcial}"] if parcial else [])

    conferir()
