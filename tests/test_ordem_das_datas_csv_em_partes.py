"""As decisões de um TXT ou CSV volumoso tomadas pelas linhas (`leitura.registros_de_uma_linha`) são as dos trechos.

Desde a 23ª sessão da issue 27, cada faixa de um CSV lido em partes decide a ordem das datas pelas linhas físicas
quando todo registro é de uma linha, sem montar um trecho por registro; com um registro de várias linhas (aspas com
quebra de linha: a hora de 12 h na linha de baixo é da mesma data) ou um CSV malformado (o que vem depois do erro
não é lido), a decisão volta aos trechos. Aqui as duas formas decidem igual, também com blocos pequenos (o registro
cortado na divisa de dois blocos). Num TXT, a ordem das datas e a notação dos números (só das linhas que não são da
tabela) saem das linhas não vazias.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from perito.chaves import ordem_das_datas as od
from perito.extratores import quantias
from perito.extratores.em_partes import _ordem_das_datas
from perito.leitura import em_partes, registros_de_uma_linha


def _pelos_trechos(caminho: Path) -> od.Ordem:
    return od.decidir(t.texto for t in em_partes.trechos(caminho, "csv"))


@pytest.mark.parametrize(("conteudo", "simples", "esperada"), [
    ("Data;IP\n13/03/2025;1.2.3.4\n01/02/2025;5.6.7.8\n", True, od.DIA_MES),
    ("Data;IP\n01/02/2025;1.2.3.4\n3/13/2025;5.6.7.8\n", True, od.MES_DIA),
    ("Data;IP\n01/02/2025;1.2.3.4\n\n;;\n3/13/2025;5.6.7.8\n13/3/2025;x\n", True, od.CONFLITO),
    # a hora de 12 h na linha de baixo do mesmo registro é desta data; na linha de baixo de outro registro, não
    ('Data;Obs\n"01/02/2025\n1:00 PM";x\n', False, od.MES_DIA),
    ("Data;Obs\n01/02/2025\n1:00 PM;x\n", True, od.DIA_MES),
    # malformado: o 3/13 depois das aspas sem fechamento não é lido
    ('Data;IP\n13/03/2025;1.2.3.4\n"x;y\n3/13/2025;z\n', False, od.DIA_MES),
    ('Data;IP\n01/02/2025 1:00 PM;1.2.3.4\n"a"b;3/13/2025\n', False, od.MES_DIA),
    # o ponto de interrogação grego vira ";" na normalização (NFC), antes do leitor de CSV
    ("Data;IP\n01/02/2025\u037e1.2.3.4\n3/13/2025;z\n", True, od.MES_DIA),
    ("Data,IP\r\n01/02/2025 9:05 AM,1.2.3.4\r\n", True, od.MES_DIA),
])
def test_pelas_linhas_e_o_mesmo_que_pelos_trechos(tmp_path: Path, conteudo: str, simples: bool, esperada: str) -> None:
    caminho = tmp_path / "log.csv"
    caminho.write_bytes(conteudo.encode("utf-8"))
    try:
        list(registros_de_uma_linha.textos(caminho))
        pelas_linhas = True
    except registros_de_uma_linha.NaoSimples:
        pelas_linhas = False
    assert pelas_linhas == simples
    assert _ordem_das_datas(caminho, "csv") == _pelos_trechos(caminho)
    assert _ordem_das_datas(caminho, "csv").ordem == esperada


_PEDACOS = ["01/02/2025", "3/13/2025", "13/3/25", "1:00 PM", " 9:05 am", " 13:10 PDT", ";", ";", ";", ",", '"', '""',
            "\n", "\n", "\r\n", "\r", " ", "x", "/", "12", "\u037e", "\x00"]


def test_linhas_e_trechos_decidem_igual_em_qualquer_csv(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from hypothesis import given, settings
    from hypothesis import strategies as st

    monkeypatch.setattr(registros_de_uma_linha, "_LINHAS_POR_VEZ", 2)  # registros cortados na divisa dos blocos
    caminho = tmp_path / "log.csv"

    @settings(max_examples=600, deadline=None)
    @given(st.lists(st.sampled_from(_PEDACOS), max_size=30).map("".join))
    def conferir(corpo: str) -> None:
        caminho.write_bytes(("Data;IP;Obs\n" + corpo).encode("utf-8"))
        em_partes._codificacao.cache_clear()  # o mesmo caminho com outro conteúdo no mesmo instante
        assert _ordem_das_datas(caminho, "csv") == _pelos_trechos(caminho)

    conferir()


_PEDACOS_TXT = ["01/02/2025", "3/13/2025", "13/3/25", "1:00 PM", " 13:10 PDT", "\t", ";", "|", " ", "   ", "\n", "\n",
                "\r\n", "\r", "x", "1.234,56", "1,234.56", "99.50", "R$ 10,00", "valores em centavos", "Valor", "12",
                '"', "\u037e", "{"]


def test_txt_linhas_e_trechos_decidem_igual(tmp_path: Path) -> None:
    from hypothesis import given, settings
    from hypothesis import strategies as st

    caminho = tmp_path / "log.txt"

    @settings(max_examples=600, deadline=None)
    @given(st.lists(st.sampled_from(_PEDACOS_TXT), max_size=40).map("".join), st.sampled_from(["", "a;b;c\n" * 3,
                                                                                              "a|b|c\n" * 3, "a\tb\n" * 3]))
    def conferir(corpo: str, cabeca: str) -> None:
        caminho.write_bytes(("Registro de acessos\n" + cabeca + corpo).encode("utf-8"))
        em_partes._codificacao.cache_clear()
        trechos = list(em_partes.trechos(caminho, "txt"))
        assert _ordem_das_datas(caminho, "txt") == od.decidir(t.texto for t in trechos)
        assert (quantias.notacao_das_linhas(registros_de_uma_linha.textos_do_txt(caminho, so_sem_celulas=True))
                == quantias.notacao_das_linhas(t.texto for t in trechos if t.celulas is None))

    conferir()
