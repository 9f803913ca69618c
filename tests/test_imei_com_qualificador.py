"""O IMEI com um qualificador entre o rótulo e os dois-pontos (vigésima primeira sessão, caso c30).

A ficha da operadora em PDF com pares lado a lado: "IMEI atual: 35 678910 451233 8   Data do IMEI: 28/07/2025". O
rótulo só aceitava "IMEI:", "IMEI 1:", "IMEI/SV:": o IMEI agrupado em espaços (que sem rótulo não se lê) ficava de
fora, e a convergência com o aparelho da resposta do provedor se perdia. Agora "atual", "anterior", "do aparelho",
"(slot 2)" entram no rótulo. Armadilha: sem os dois-pontos, o qualificador não faz rótulo.
"""

from __future__ import annotations

from pathlib import Path

from perito.extratores.reconhecedores import reconhecer
from tests.conftest import conclusoes_dos_textos


def _imeis(texto: str) -> list[str]:
    return [a.dado for a in reconhecer(texto) if a.tipo_dado == "imei"]


def test_qualificadores_do_rotulo() -> None:
    for rotulo in ("IMEI atual", "IMEI anterior", "IMEI do aparelho", "IMEI (slot 2)"):
        assert _imeis(f"{rotulo}: 35 678910 451233 8   Data do IMEI: 28/07/2025") == ["35 678910 451233 8"], rotulo
    assert _imeis("IMEI atual 35 678910 451233 8") == []


def test_aparelho_da_ficha_e_do_provedor(tmp_path: Path) -> None:
    ficha = ("CLARO S.A. - FICHA CADASTRAL DO ASSINANTE\nNome: CARLOS EDUARDO NUNES     CPF: 993.518.190-19\n"
             "Linha: (21) 97654-3210     Ativação: 01/06/2025\nIMEI atual: 35 678910 451233 8     Data do IMEI: 28/07/2025\n")
    provedor = ("Meta Platforms - Records\nAccount Identifier: +5521976543210\nDevice Information\n"
                "Device Model: SM-A155M\nIMEI: 356789104512338\n")
    [conclusao] = [c for c in conclusoes_dos_textos(tmp_path, {"ficha.txt": ficha, "provedor.txt": provedor})
                   if c["tipo"] == "convergencia_imei"]
    assert "ficha.txt, linha 4: 35 678910 451233 8" in conclusao["afirmacao"]
    assert conclusao["validacao"]["veredicto_geral"] == "VERIFICADO"
