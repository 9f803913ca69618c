"""Formas de data-hora de provedores americanos que nenhum exemplo tinha, achadas por sondas.

- `2025/08/02-13:10:44-UTC` (registro de atividade de IP do Google em texto): o ano na frente com barras, o hífen
  antes da hora e antes da sigla. Antes nenhuma data saía e a convergência de IP caía para fraco ("sem data-hora").
- `Sat Aug 02 10:10:44 BRT 2025` (Date.toString do Java) e `Sat Aug 02 13:10:44 +0000 2025` (created_at do X): o
  fuso entre a hora e o ano.
O validador decompõe as mesmas formas (o dado citado e a afirmação), senão a conclusão certa sairia AMBIGUO.
"""

from __future__ import annotations

from pathlib import Path

from perito.chaves import tempo
from perito.chaves.valores import decompor
from perito.extratores.reconhecedores import reconhecer
from tests.conftest import conclusoes_do_caso


def _instantes(texto: str) -> list[tuple[str, str | None]]:
    return [(a.dado, a.metadados.get("instante_utc")) for a in reconhecer(texto) if a.campo == "data_evento"]


def test_ano_na_frente_com_barras_e_hifens() -> None:
    assert _instantes("2025/08/02-13:10:44-UTC\t177.45.210.33:41822") == [
        ("2025/08/02-13:10:44", "2025-08-02T13:10:44Z")]
    assert _instantes("2025/08/02 13:10:44 UTC") == [("2025/08/02 13:10:44", "2025-08-02T13:10:44Z")]
    assert tempo.data("2025/08/02") is not None
    # armadilhas: mês 13 não é data; o hífen antes de um deslocamento continua sendo o sinal dele
    assert _instantes("2025/13/02 13:10:44 UTC") == []
    assert _instantes("2025-08-02T13:10:44-03:00") == [("2025-08-02T13:10:44", "2025-08-02T16:10:44Z")]


def test_date_tostring_do_java_e_created_at_do_x() -> None:
    assert _instantes("Sat Aug 02 10:10:44 BRT 2025;177.45.210.33;41822") == [
        ("Sat Aug 02 10:10:44 BRT 2025", "2025-08-02T13:10:44Z")]
    assert _instantes('"created_at": "Sat Aug 02 13:10:44 +0000 2025"') == [
        ("Sat Aug 02 13:10:44 +0000 2025", "2025-08-02T13:10:44Z")]
    tipos = [(v.tipo, v.normal) for v in decompor("Sat Aug 02 10:10:44 BRT 2025")]
    assert tipos == [("data", "2025-08-02"), ("hora", "10:10:44"), ("fuso", "BRT")]


def test_convergencia_ip_com_o_registro_do_google(tmp_path: Path) -> None:
    caso = tmp_path / "caso"
    caso.mkdir()
    (caso / "Google_SubscriberInfo.txt").write_text(
        "GOOGLE SUBSCRIBER INFORMATION\nName: Carlos Eduardo Ramos\n\nIP ACTIVITY\n"
        "Timestamp\tIP Address\tActivity Type\n"
        "2025/08/02-13:10:44-UTC\t177.45.210.33:41822\tLogin\n", encoding="utf-8")
    (caso / "log_internet_banking.csv").write_text(
        "Data;Hora;Fuso;IP;Porta;Dispositivo;Operação\n"
        "01/08/2025;08:00:00;BRT;191.10.20.30;40000;Android SM-A155M;Consulta de saldo\n"
        "02/08/2025;10:11:20;BRT;177.45.210.33;41822;Android SM-A155M;Login\n", encoding="utf-8")
    ip = next(c for c in conclusoes_do_caso(caso) if c["tipo"] == "convergencia_ip")
    assert ip["grau_confianca"] == "forte", ip["afirmacao"]
    assert "distam 36s" in ip["afirmacao"]
    assert ip["validacao"]["veredicto_geral"] == "VERIFICADO"


def test_siglas_de_fuso_dos_eua() -> None:
    # a Apple escreve a hora de Cupertino: PDT (verão, UTC-7) e PST (inverno, UTC-8), cada uma com o seu deslocamento
    assert _instantes("Aug 2, 2025 6:10:44 AM PDT") == [("Aug 2, 2025 6:10:44 AM", "2025-08-02T13:10:44Z")]
    assert _instantes("Jan 15, 2025 10:00:00 PST") == [("Jan 15, 2025 10:00:00", "2025-01-15T18:00:00Z")]
    # "EST." como abreviatura de "Estado" não é fuso
    assert _instantes("EST. DE SAO PAULO 02/08/2025 10:00") == [("02/08/2025 10:00", None)]
    assert tempo.zona("CST") is None  # Central dos EUA ou China: ambíguo, sem leitura
