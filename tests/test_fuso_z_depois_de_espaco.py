"""O "Z" (UTC) escrito depois de um espaço ("2025-08-02 13:10:44 Z"), como no registro de atividade de IP do Google.

Achado por uma sonda com leiautes que nenhum exemplo tinha: o "Z" só era fuso colado à hora; separado, o instante
ficava sem fuso, a convergência com a Meta saía `fraco` ("sem data-hora com fuso declarado") e o IPv6 de 8 s de
distância era trocado por outro par. Armadilhas: um "Z" que começa palavra ("Z-Library", "Zona Sul") ou uma letra
solta longe da hora nunca é fuso.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from perito.chaves import tempo
from perito.chaves.valores import decompor
from perito.extratores.provedores import ExtratorProvedores
from perito.leitura.leitor import ler_documento


@pytest.mark.parametrize(("texto", "fuso"), [
    ("2025-08-02 13:10:44 Z      187.34.56.78", "Z"),
    ("2025-08-02 13:10:44 Z", "Z"),
    ("2025-08-02 13:10:44\tZ\t187.34.56.78", "Z"),
    ("2025-08-02 13:10:44Z", "Z"),
    ("2025-08-02 13:10:44 Z-Library", None),
    ("02/08/2025 13:10:44 Zona Sul", None),
    ("02/08/2025 13:10:44 ZZ", None),
])
def test_z_depois_da_hora(texto: str, fuso: str | None) -> None:
    m = tempo.PADRAO_DATA_HORA.search(texto)
    assert m is not None and tempo.fuso_do_achado(m) == fuso


def _ips(caminho: Path) -> dict[str, tuple[str | None, str | None]]:
    resultado = ExtratorProvedores().extrair(ler_documento(caminho, caminho.name, "txt"))
    return {d["dado"]: (d["metadados"].get("fuso"), d["metadados"].get("instante_utc"))
            for d in resultado.dados if d["tipo_dado"] == "ip"}


def test_registro_de_ip_do_google_com_z_separado(tmp_path: Path) -> None:
    caminho = tmp_path / "google_subscriber_info.txt"
    caminho.write_text(
        "GOOGLE LLC\nSubscriber Information\nName: Pedro Henrique Alves\n\nIP Activity\n"
        "Timestamp                  IP Address                                   Activity Type\n"
        "2025-08-02 13:10:44 Z      187.34.56.78                                 Login\n"
        "2025-08-02 13:31:02 Z      2804:0A1B:0C00:0012:0000:0000:0000:00F3      Login\n"
        "2025-08-05 18:02:11        177.12.200.4                                 Classe Z\n",
        encoding="utf-8",
    )
    obtidos = _ips(caminho)
    assert obtidos["187.34.56.78"] == ("Z", "2025-08-02T13:10:44Z")
    assert obtidos["2804:0A1B:0C00:0012:0000:0000:0000:00F3"] == ("Z", "2025-08-02T13:31:02Z")
    # o "Z" de "Classe Z", longe da hora, não é o fuso desta linha: sem fuso declarado, sem instante
    assert obtidos["177.12.200.4"] == (None, None)


def test_validador_le_o_z_separado_como_fuso() -> None:
    # o validador divide o citado nos valores que contém: o "Z" separado é o fuso, conferido no local
    tipos = {v.tipo: v.texto for v in decompor("187.34.56.78 | 2025-08-02 13:10:44 Z")}
    assert tipos.get("fuso") == "Z"
