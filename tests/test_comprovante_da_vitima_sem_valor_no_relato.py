"""O boletim que não diz o valor ("realizou uma transferência Pix, conforme comprovante que apresenta") e o
comprovante, noutro arquivo do caso, em que a vítima é quem pagou.

Achado por sonda (27ª sessão; listado nos limites desde a 26ª): nenhuma materialidade saía — o relato não tinha valor a
achar no extrato de quem recebeu. Agora a transferência é a do comprovante (valor, data, hora e chave dele), com a
vítima do relato, e o crédito no extrato de quem recebeu a confirma; o próprio comprovante nunca confirma a si mesmo.
"""

from __future__ import annotations

from pathlib import Path

from tests.conftest import conclusoes_dos_textos

_BO = """POLÍCIA CIVIL DO ESTADO DE MINAS GERAIS
REDS nº 2025-031877402-001
Vítima: LÚCIA HELENA PRADO, CPF 204.518.336-00
Histórico: A vítima relata que, após receber mensagem de suposto sobrinho, realizou uma transferência Pix, conforme comprovante que apresenta.
"""
_COMPROVANTE = """Comprovante de transferência Pix
Banco Inter
Data e hora: 14/07/2025 - 15:21:07
Valor: R$ 2.350,00
Quem pagou
Nome: {pagador}
CPF: ***.518.336-**
Quem recebeu
Nome: RAFAEL SOUZA PINTO
CPF: ***.271.946-**
Chave Pix: rafael.pinto88@gmail.com
"""
_EXTRATO = """NU PAGAMENTOS S.A. - Extrato de conta
Titular: RAFAEL SOUZA PINTO - CPF 083.271.946-31
Agência 0001 Conta 91823-4
14/07/2025 15:21:09 Transferência recebida pelo Pix LÚCIA HELENA PRADO 2.350,00
14/07/2025 15:38:40 Transferência enviada pelo Pix LUCIANA FERREIRA DIAS -2.300,00
"""


def _conclusoes(tmp_path: Path, bo: str = _BO, pagador: str = "LÚCIA HELENA PRADO", extrato: bool = True) -> list[dict]:
    arquivos = {"bo.txt": bo, "comprovante_pix.txt": _COMPROVANTE.format(pagador=pagador)}
    if extrato:
        arquivos["extrato_rafael.txt"] = _EXTRATO
    return conclusoes_dos_textos(tmp_path, arquivos)


def _do_tipo(conclusoes: list[dict], tipo: str) -> list[dict]:
    return [c for c in conclusoes if c["tipo"] == tipo]


def test_a_transferencia_do_comprovante_esta_creditada(tmp_path: Path) -> None:
    conclusoes = _conclusoes(tmp_path)
    (materialidade,) = _do_tipo(conclusoes, "materialidade")
    assert materialidade["afirmacao"].startswith(
        "A transferência do comprovante da vítima (comprovante_pix.txt, linha 4: R$ 2.350,00 em 14/07/2025 15:21:07, "
        "comprovante em que a vítima é quem pagou, vítima LÚCIA HELENA PRADO")
    assert "está creditada na conta de quem recebeu (extrato_rafael.txt, linha 4" in materialidade["afirmacao"]
    assert materialidade["grau_confianca"] == "forte"
    assert {r["arquivo"] for r in materialidade["referencias"]} == {"bo.txt", "comprovante_pix.txt", "extrato_rafael.txt"}
    assert materialidade["validacao"]["veredicto_geral"] == "VERIFICADO"
    (laranja,) = _do_tipo(conclusoes, "identificacao_laranja")
    assert "LÚCIA HELENA PRADO apresenta o comprovante (comprovante_pix.txt, linha 4" in laranja["afirmacao"]


def test_armadilha_o_comprovante_sozinho_nao_se_confirma(tmp_path: Path) -> None:
    assert not _do_tipo(_conclusoes(tmp_path, extrato=False), "materialidade")


def test_armadilha_comprovante_de_outro_pagador(tmp_path: Path) -> None:
    assert not _do_tipo(_conclusoes(tmp_path, pagador="FERNANDO ALVES PINTO"), "materialidade")


def test_o_relato_com_valor_segue_o_caminho_de_sempre(tmp_path: Path) -> None:
    bo = _BO.replace("realizou uma transferência Pix,", "realizou uma transferência Pix de R$ 2.350,00 em 14/07/2025,")
    materialidades = _do_tipo(_conclusoes(tmp_path, bo=bo), "materialidade")
    assert materialidades and all(c["afirmacao"].startswith("A transferência relatada (bo.txt") for c in materialidades)
