"""O boletim feito pela internet ("BOLETIM ELETRÔNICO - DELEGACIA VIRTUAL", sonda da 26ª sessão) é relato policial:
antes era família desconhecida, e a transferência que a vítima contava nele ficava sem materialidade."""

from __future__ import annotations

from pathlib import Path

import pytest

from perito.extratores import familias
from perito.leitura.texto import ler_texto

_CORPO = ("Nome da vítima: CARLA FERNANDES DIAS\nCPF: 390.533.447-05\nDescrição: Comprei um iPhone anunciado por "
          "R$ 2.100,00. Paguei por Pix na chave loja.celularesbr@gmail.com em 12/10/2025 às 19h05.\n")


@pytest.mark.parametrize(("titulo", "familia"), [
    ("BOLETIM ELETRÔNICO - DELEGACIA VIRTUAL", "relato"),
    ("Delegacia Online - Ocorrência nº 2025/118822", "relato"),
    ("B.O. ELETRÔNICO Nº 55/2025", "relato"),
    ("Ocorrência on-line registrada em 13/10/2025", "relato"),
    # armadilha: a carta do banco que só cita o boletim na referência continua do banco
    ("BANCO DIGITAL S.A.\nRef.: B.O. eletrônico nº 55/2025\nExtrato da conta 55443-2\nData;Descrição;Valor\n"
     "12/10/2025;Pix recebido - CARLA FERNANDES DIAS;2100,00", "banco"),
])
def test_o_boletim_feito_pela_internet_e_relato(tmp_path: Path, titulo: str, familia: str) -> None:
    caminho = tmp_path / "documento.txt"
    caminho.write_text(titulo + "\n" + (_CORPO if familia == "relato" else ""), encoding="utf-8")
    assert familias.classificar(ler_texto(caminho, caminho.name)).familia == familia
