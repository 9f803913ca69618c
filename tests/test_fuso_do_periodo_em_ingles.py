"""O fuso dito no título da lista, em inglês, pela palavra "period": "IP addresses and ports used by the account in the
requested period (UTC):" (resposta do Telegram, achada por sonda na 27ª sessão). "período" já valia; "period" não,
e os acessos ficavam sem fuso: a convergência com a operadora caía para fraca ("não se afirma simultaneidade")."""

from __future__ import annotations

from pathlib import Path

import pytest

from perito.extratores.contexto import fuso_declarado_na_linha
from tests.conftest import dados_da_pasta


@pytest.mark.parametrize("linha, fuso", [
    ("IP addresses and ports used by the account in the requested period (UTC):", "UTC"),
    ("Period (UTC-3): 2025-07-01 to 2025-07-31", "UTC-3"),
    ("Requested period: 2025-07-01 to 2025-07-31", None),  # nenhum fuso escrito
    ("Periodic report of IP addresses", None),  # "periodic" não é "period"
])
def test_linha_que_declara_o_fuso(linha: str, fuso: str | None) -> None:
    assert fuso_declarado_na_linha(linha) == fuso


def test_os_acessos_da_lista_levam_o_fuso(tmp_path: Path) -> None:
    (tmp_path / "telegram.txt").write_text(
        "Telegram Messenger Inc.\nUser ID: 5528811734\nPhone number: +55 11 97730-1845\n"
        "IP addresses and ports used by the account in the requested period (UTC):\n"
        "177.9.144.212:40122 (2025-07-14 18:21:07)\n", encoding="utf-8")
    (ip,) = [d for d in dados_da_pasta(tmp_path) if d["campo"] == "ip_acesso"]
    assert (ip["metadados"]["fuso"], ip["metadados"]["instante_utc"]) == ("UTC", "2025-07-14T18:21:07Z")
    assert ip["metadados"]["contexto_fuso"]["linha_ou_celula"] == "linha 4"
