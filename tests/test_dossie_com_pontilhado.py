"""O dossiê cadastral de um banco com o valor alinhado por pontilhado, sem dois-pontos (sonda da 25ª sessão):
`IP de origem .......... 177.45.10.2` / `Porta ................. 51234`. Antes: a porta não era lida (o rótulo de
porta pedia os dois-pontos ou o número logo depois), e a convergência com a resposta da operadora não tinha porta."""

from __future__ import annotations

from pathlib import Path

import pytest

from perito.chaves.ip import PADRAO_PORTA_ROTULADA
from perito.extratores.registros.blocos import _classificar
from perito.leitura.documento import Trecho
from tests.conftest import dados_da_pasta


@pytest.mark.parametrize(("texto", "porta"), [
    ("  Porta ................. 51234", "51234"), ("Porta.....: 51234", "51234"), ("Porta . . . . 51234", "51234"),
    ("Porta: 51234", "51234"),
    # armadilhas: pontos sem número depois, e outra palavra que começa por "porta"
    ("Porta ..........", None), ("Portal ....... 51234", None),
])
def test_porta_com_pontilhado(texto: str, porta: str | None) -> None:
    m = PADRAO_PORTA_ROTULADA.search(texto)
    assert (m.group(1) if m else None) == porta


@pytest.mark.parametrize(("texto", "rotulo", "valor"), [
    ("  Nome completo ........ RAFAEL SOUZA PINTO", "Nome completo", "RAFAEL SOUZA PINTO"),
    ("CPF . . . . . 083.016.613-05", "CPF", "083.016.613-05"),
    ("Data de nascimento .... 12/04/1994", "Data de nascimento", "12/04/1994"),
])
def test_rotulo_e_valor_ligados_pelo_pontilhado(texto: str, rotulo: str, valor: str) -> None:
    linha = _classificar(Trecho(None, "linha 1", texto, "texto"))
    assert (linha.tipo, linha.rotulo, linha.valor) == ("rv", rotulo, valor)


def test_reticencias_de_frase_nao_sao_rotulo() -> None:
    # armadilha: as reticências no meio de uma frase não separam rótulo e valor (há mais pontos no "rótulo")
    assert _classificar(Trecho(None, "linha 1", "Ele disse... que ia pagar depois.", "texto")).tipo != "rv"


def test_o_ip_do_dossie_com_a_porta(tmp_path: Path) -> None:
    caso = tmp_path / "caso"
    caso.mkdir()
    (caso / "dossie.txt").write_text(
        "BANCO DIGITAL ALFA S.A.\nDOSSIÊ CADASTRAL\n  Nome completo ........ RAFAEL SOUZA PINTO\n"
        "  CPF ................... 083.016.613-05\nDados da abertura\n  IP de origem .......... 177.45.10.2\n"
        "  Porta ................. 51234\n  Dispositivo ........... Samsung SM-A546E\n", encoding="utf-8")
    (ip,) = [d for d in dados_da_pasta(caso) if d["campo"] == "ip_acesso"]
    assert ip["metadados"]["porta"] == "51234"
