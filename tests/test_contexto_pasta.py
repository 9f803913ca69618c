"""O fuso dito uma vez numa aba vale para a pasta de trabalho inteira, quando é o único dela.

Variantes (semente 202): a resposta do provedor diz "(horarios en -03:00)" no título da aba de aparelhos; os
registros de IP ficam noutra aba, sem fuso nenhum, e a convergência de IP saía `fraco` ("sem data-hora com fuso
declarado"). Armadilha: duas abas que dizem fusos diferentes não emprestam o fuso a uma terceira.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from openpyxl import Workbook

from perito.extratores.registro import escolher
from perito.leitura.planilha import ler_xlsx


def _pasta(caminho: Path, fuso_cadastro: str, fuso_outra_aba: str | None = None) -> None:
    livro = Workbook()
    cadastro = livro.active
    cadastro.title = "Aparelhos"
    cadastro.append(["Telegrafo Messenger — Respuesta a requerimiento judicial"])
    cadastro.append([f"(horarios en {fuso_cadastro})"])
    cadastro.append(["Cuenta creada: 2024-11-28"])
    cadastro.append([])
    cadastro.append(["Dispositivo", "Modelo", "IMEI"])
    cadastro.append(["Motorola moto g54", "XT2343-2", "35467112716585"])
    if fuso_outra_aba:
        outra = livro.create_sheet("Mensajes")
        outra.append([f"Horarios en {fuso_outra_aba}"])
        outra.append(["Fecha/Hora", "Tipo"])
        outra.append([dt.datetime(2025, 3, 9, 10, 0, 0), "texto"])
    registros = livro.create_sheet("Registros IP")
    registros.append(["Acción", "IP de origen", "Fecha/Hora"])
    registros.append(["Conexión", "191.22.75.13:43161", dt.datetime(2025, 3, 10, 21, 0, 20)])
    registros.append(["Inicio de sesión", "179.58.194.42:9504", dt.datetime(2025, 3, 7, 17, 49, 44)])
    livro.save(caminho)


def _ips(caminho: Path) -> dict[str, dict]:
    documento = ler_xlsx(caminho, caminho.name)
    return {d["dado"]: d for d in escolher(documento).extrair(documento).dados if d["campo"] == "ip_acesso"}


def test_fuso_unico_do_titulo_de_uma_aba_vale_na_aba_dos_registros(tmp_path: Path) -> None:
    _pasta(tmp_path / "resposta.xlsx", "-03:00")
    ip = _ips(tmp_path / "resposta.xlsx")["179.58.194.42"]
    assert ip["metadados"]["instante_utc"] == "2025-03-07T20:49:44Z"
    contexto = ip["metadados"]["contexto_fuso"]
    assert (contexto["aba_planilha"], contexto["linha_ou_celula"], contexto["valor"]) == ("Aparelhos", "celula A2", "-03:00")


def test_armadilha_abas_com_fusos_diferentes_nao_emprestam_fuso(tmp_path: Path) -> None:
    _pasta(tmp_path / "resposta.xlsx", "-03:00", fuso_outra_aba="UTC")
    ip = _ips(tmp_path / "resposta.xlsx")["179.58.194.42"]
    assert "instante_utc" not in ip["metadados"] and "contexto_fuso" not in ip["metadados"]
