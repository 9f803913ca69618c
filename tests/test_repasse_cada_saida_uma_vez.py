"""Uma saída repassa um crédito só; a saída maior leva junto os créditos que chegaram antes dela.

Achado por uma sonda (um BO em .docx com dois Pix da vítima e o extrato da conta que recebeu): dois créditos,
R$ 2.350,00 às 15:21 e R$ 1.200,00 às 15:33, e uma transferência de R$ 3.500,00 às 15:41. A conclusão dizia
"repasse rápido em 2 de 2 créditos: entra 2.350,00 ... e saem -3.500,00, 148% do que entrou; entra 1.200,00 ...
e saem -3.500,00, 291% do que entrou": a mesma saída contada como dois repasses, e porcentagens que não dizem
o que aconteceu (as duas entradas juntas saíram numa transferência). Sem vítima relatada, a saída única bastava
para o indício ("dois repasses"). Agora: "entram 2.350,00 ... e 1.200,00 ... e saem -3.500,00, 98% do que
entrou"; e o validador refaz a conta somando o que entrou antes de "saem".
"""

from __future__ import annotations

from pathlib import Path

from perito.validador import figuras
from tests.conftest import conclusoes_do_caso

_CABECALHO = """Extrato Conta Corrente
Conta ;7712345-0
Agência ;0001
Titular ;RAFAEL SOUZA PINTO
CPF ;083.271.946-31

Data/Hora;Histórico;Descrição;Valor;Saldo
"""


def _laranja(tmp_path: Path, linhas: list[str]) -> dict | None:
    caso = tmp_path / "caso"
    caso.mkdir()
    (caso / "extrato.csv").write_text(_CABECALHO + "\n".join(linhas) + "\n", encoding="utf-8")
    achadas = [c for c in conclusoes_do_caso(caso) if c["tipo"] == "identificacao_laranja"]
    assert len(achadas) <= 1
    return achadas[0] if achadas else None


def _pix(quando: str, quem: str, valor: str, recebido: bool = True) -> str:
    return f'{quando};Pix {"recebido" if recebido else "enviado"};"Cp :00000000-{quem}";{valor};0,00'


_TRES_PAGADORES = [  # três pagadores distintos: o indício que, com o repasse, faz a conclusão
    _pix("14/07/2025 09:00:00", "JOAO CARLOS LIMA", "100,00"),
    _pix("14/07/2025 09:30:00", "MARCOS PAULO REIS", "100,00"),
]


def test_dois_creditos_e_uma_saida_sao_um_grupo(tmp_path: Path) -> None:
    laranja = _laranja(tmp_path, [
        *_TRES_PAGADORES,
        _pix("14/07/2025 15:21:07", "ANA BEATRIZ MOREIRA", "2.350,00"),
        _pix("14/07/2025 15:33:40", "CARLOS EDUARDO NUNES", "1.200,00"),
        _pix("14/07/2025 15:41:02", "LUCIANA FERREIRA DIAS", "-3.500,00", recebido=False),
    ])
    assert laranja is not None
    afirmacao = laranja["afirmacao"]
    assert ("repasse rápido em 2 de 4 créditos: entram 2.350,00 em 14/07/2025 15:21:07 e 1.200,00 em 14/07/2025 "
            "15:33:40 e saem -3.500,00, 98% do que entrou, até 14/07/2025 15:41:02, 19min55s depois do primeiro "
            "crédito") in afirmacao
    assert "148%" not in afirmacao and "291%" not in afirmacao
    assert laranja["validacao"]["veredicto_geral"] == "VERIFICADO"


def test_uma_saida_nao_faz_dois_repasses(tmp_path: Path) -> None:
    """Armadilha: a saída cobre só o primeiro crédito; o segundo não tem saída sua. Um repasse só, e sem vítima
    relatada isso não é indício (antes: "2 de 4", a mesma saída contada para os dois)."""
    laranja = _laranja(tmp_path, [
        *_TRES_PAGADORES,
        _pix("14/07/2025 15:21:07", "ANA BEATRIZ MOREIRA", "2.350,00"),
        _pix("14/07/2025 15:33:40", "CARLOS EDUARDO NUNES", "1.200,00"),
        _pix("14/07/2025 15:41:02", "LUCIANA FERREIRA DIAS", "-2.000,00", recebido=False),
    ])
    assert laranja is None or "repasse" not in laranja["afirmacao"]


def test_repasses_separados_continuam_separados(tmp_path: Path) -> None:
    """Armadilha: cada crédito com a sua saída logo depois são dois repasses, cada um com a sua porcentagem."""
    laranja = _laranja(tmp_path, [
        *_TRES_PAGADORES,
        _pix("14/07/2025 15:21:07", "ANA BEATRIZ MOREIRA", "2.350,00"),
        _pix("14/07/2025 15:25:00", "LUCIANA FERREIRA DIAS", "-2.300,00", recebido=False),
        _pix("14/07/2025 15:33:40", "CARLOS EDUARDO NUNES", "1.200,00"),
        _pix("14/07/2025 15:41:02", "LUCIANA FERREIRA DIAS", "-1.150,00", recebido=False),
    ])
    assert laranja is not None
    afirmacao = laranja["afirmacao"]
    assert "repasse rápido em 2 de 4 créditos: entra 2.350,00 em 14/07/2025 15:21:07 e saem -2.300,00, 97%" in afirmacao
    assert "entra 1.200,00 em 14/07/2025 15:33:40 e saem -1.150,00, 95%" in afirmacao
    assert "entram" not in afirmacao
    assert laranja["validacao"]["veredicto_geral"] == "VERIFICADO"


def test_a_devolucao_a_quem_pagou_nao_junta_o_credito(tmp_path: Path) -> None:
    """Armadilha: a saída grande vai para quem pagou o segundo crédito (a devolução): o segundo não entra no grupo
    e, como a saída volta para ele, também não é repasse dele."""
    laranja = _laranja(tmp_path, [
        *_TRES_PAGADORES,
        _pix("14/07/2025 15:21:07", "ANA BEATRIZ MOREIRA", "2.350,00"),
        _pix("14/07/2025 15:33:40", "CARLOS EDUARDO NUNES", "1.200,00"),
        _pix("14/07/2025 15:41:02", "CARLOS EDUARDO NUNES", "-3.500,00", recebido=False),
    ])
    assert laranja is None or "entram" not in laranja["afirmacao"]


def test_validador_soma_o_que_entrou_antes_de_saem() -> None:
    citados = [{"arquivo": "e.csv", "pagina": None, "linha_ou_celula": f"linha {n}", "dado_citado": d}
               for n, d in enumerate(["2.350,00 | 14/07/2025", "1.200,00 | 14/07/2025", "-3.500,00 | 14/07/2025"])]
    conclusao = {"referencias": citados}
    certa = ("repasse rápido em 2 de 2 créditos: entram 2.350,00 em 14/07/2025 e 1.200,00 em 14/07/2025 e saem "
             "-3.500,00, 98% do que entrou")
    assert figuras.conferir(conclusao, certa) == []
    errada = certa.replace("98%", "148%")
    (problema,) = figuras.conferir(conclusao, errada)
    assert problema.grave and "resulta 98%" in str(problema)
    # o grupo conta os créditos que descreve: "1 de 2" com um item de dois créditos não fecha
    (problema,) = figuras.conferir(conclusao, certa.replace("2 de 2", "1 de 2"))
    assert problema.grave and "2 descritos" in str(problema)
    # a forma de um crédito só continua: a base é o primeiro valor
    assert figuras.conferir(conclusao, "1 de 2 créditos: entra 3.500,00 em X e saem -2.350,00, 67% do que entrou") == []


def test_a_cadeia_do_relato_diz_o_grupo(tmp_path: Path) -> None:
    """O vínculo financeiro (relato → DICT → crédito → saídas) dizia "-3.500,00 ..., 291% dos 1.200,00 recebidos":
    a saída que levou os dois créditos da vítima, medida contra um deles. Agora a cadeia diz o grupo."""
    caso = tmp_path / "caso"
    caso.mkdir()
    (caso / "extrato.csv").write_text(_CABECALHO + "\n".join([
        _pix("14/07/2025 15:21:07", "ANA BEATRIZ MOREIRA", "2.350,00"),
        _pix("14/07/2025 15:33:40", "ANA BEATRIZ MOREIRA", "1.200,00"),
        _pix("14/07/2025 15:41:02", "LUCIANA FERREIRA DIAS", "-3.500,00", recebido=False),
    ]) + "\n", encoding="utf-8")
    (caso / "bo.txt").write_text(
        "BOLETIM DE OCORRÊNCIA Nº 4512/2025\nVítima: ANA BEATRIZ MOREIRA, CPF 318.274.519-04.\nHistórico: em 14/07/2025, "
        "às 15h21, a vítima transferiu R$ 2.350,00 via Pix para a chave +55 11 98765-4321, e às 15h33 mais R$ 1.200,00 "
        "para a mesma chave.\n", encoding="utf-8")
    (caso / "dict.csv").write_text(
        "Chave;Tipo;Nome;CPF/CNPJ;ISPB;Agência;Conta\n"
        "+5511987654321;PHONE;RAFAEL SOUZA PINTO;083.271.946-31;00416968;0001;7712345-0\n", encoding="utf-8")
    cadeias = [c for c in conclusoes_do_caso(caso) if c["tipo"] == "vinculo_financeiro"]
    assert len(cadeias) == 2
    for cadeia in cadeias:
        assert ("o crédito sai junto com outros que entraram antes da saída: entram 2.350,00 em 14/07/2025 15:21:07 e "
                "1.200,00 em 14/07/2025 15:33:40 e saem -3.500,00, 98% do que entrou") in cadeia["afirmacao"]
        assert "291%" not in cadeia["afirmacao"] and "148%" not in cadeia["afirmacao"]
        assert cadeia["validacao"]["veredicto_geral"] == "VERIFICADO"
