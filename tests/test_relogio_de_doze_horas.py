"""A hora sem AM/PM numa resposta que escreve as horas com AM/PM, achada por sonda (Instagram em PDF: a célula quebra a
linha entre "12:05:01" e "AM UTC"): lida como de 24 horas, dava 12 horas de erro e uma convergência de IP que some ou
aparece. Agora a hora de 1 a 12 sem marcador, num documento de 12 horas, fica sem instante e com alerta; 13 a 23 não
têm dúvida, e num documento de 24 horas nada muda.
"""

from __future__ import annotations

from pathlib import Path

from perito.extratores.provedores import ExtratorProvedores
from perito.leitura.leitor import ler_documento

_REGISTROS = (
    "Meta Platforms Business Record\nService Instagram\nIp Addresses\nTime IP Address\n"
    "Aug 2, 2025 at 1:10:44 PM UTC 177.45.210.33:52811\n"
    "Aug 4, 2025 at 12:05:01 [2804:d59:8a1f:3c00:5d2e:1a7b:9f04:22c1]:38112\nAM UTC\n"
    "Aug 5, 2025 at 11:15:40 AM UTC 191.32.77.140\n"
)


def _extrair(tmp_path: Path, texto: str) -> tuple[dict[str, dict], list[str]]:
    caminho = tmp_path / "records.txt"
    caminho.write_text(texto, encoding="utf-8")
    resultado = ExtratorProvedores().extrair(ler_documento(caminho, caminho.name, "txt"))
    ips = {d["dado"]: d["metadados"] for d in resultado.dados if d["tipo_dado"] == "ip"}
    return ips, resultado.alertas


def test_hora_sem_am_pm_num_documento_de_doze_horas_fica_sem_instante(tmp_path: Path) -> None:
    ips, alertas = _extrair(tmp_path, _REGISTROS)
    assert ips["177.45.210.33"]["instante_utc"] == "2025-08-02T13:10:44Z"
    assert "instante_utc" not in ips["2804:d59:8a1f:3c00:5d2e:1a7b:9f04:22c1"]
    assert any("não diz AM nem PM" in a for a in alertas)


def test_documento_de_vinte_e_quatro_horas_nao_muda(tmp_path: Path) -> None:
    ips, alertas = _extrair(tmp_path, "Meta Platforms Business Record\nService Instagram\nIp Addresses\n"
                                      "Time (UTC) IP Address\n2025-08-02 13:10:44 UTC 177.45.210.33:52811\n"
                                      "2025-08-04 12:05:01 UTC [2804:d59:8a1f:3c00:5d2e:1a7b:9f04:22c1]:38112\n")
    assert ips["2804:d59:8a1f:3c00:5d2e:1a7b:9f04:22c1"]["instante_utc"] == "2025-08-04T12:05:01Z"
    assert not any("AM nem PM" in a for a in alertas)
