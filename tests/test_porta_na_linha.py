"""A porta de origem de um IP em tabela de texto (PDF, TXT), onde quer que a coluna de porta esteja na linha.

- o cabeçalho anuncia a porta colada a um prefixo ("src_port") e a porta vem logo depois do IP;
- a coluna de porta vem antes do IP ("Puerto Fecha/Hora ... IP"): o único número solto da linha;
- "IP Address: ... Source Port: ..." na mesma linha do IP.
Armadilhas: linha sem porta não ganha a de outra; um status 200 ou uma duração não são porta; dois números
soltos não dão porta.
"""

from __future__ import annotations

from pathlib import Path

from perito.extratores.registro import escolher
from perito.leitura.texto import ler_texto


def _portas(tmp_path: Path, texto: str) -> dict[str, str | None]:
    caminho = tmp_path / "resposta.txt"
    caminho.write_text(texto, encoding="utf-8")
    documento = ler_texto(caminho, "resposta.txt")
    dados = escolher(documento).extrair(documento).dados
    return {d["metadados"]["ip_canonico"]: d["metadados"].get("porta") for d in dados if d["tipo_dado"] == "ip"}


def test_porta_depois_do_ip_com_cabecalho_src_port(tmp_path):
    texto = ("Registros de acesso - horários em UTC\n"
             "Event Time Client IP src_port Activity Timezone Status\n"
             "02/09/23 21:46:50 ::ffff:143.59.174.58 45790 Message sent +00:00 SUCCESS\n"
             "07/09/23 05:43:15 2804:24ea:2dc5:acea::c2bb:422d Session start +00:00 SUCCESS\n")
    portas = _portas(tmp_path, texto)
    assert portas["143.59.174.58"] == "45790"
    assert portas["2804:24ea:2dc5:acea::c2bb:422d"] is None


def test_porta_antes_do_ip_e_o_unico_numero_solto(tmp_path):
    texto = ("Horarios expresados en UTC-3\n"
             "Puerto Fecha/Hora Versión de la app IP Evento\n"
             "49869 March 2, 2025 2:07:23 PM 24.28.66 ::ffff:143.155.109.63 Inicio de sesión\n"
             "March 5, 2025 10:02:31 PM 18.28.30 187.34.56.78 Conexión\n"
             "March 6, 2025 10:02:31 PM 18.28.30 187.34.56.79 Conexión 200\n"
             "51000 March 7, 2025 10:02:31 PM 18.28.30 187.34.56.80 Conexión 52000\n")
    portas = _portas(tmp_path, texto)
    assert portas["143.155.109.63"] == "49869"
    assert portas["187.34.56.78"] is None  # sem porta escrita, nenhuma
    assert portas["187.34.56.79"] is None  # 200 é status, não porta efêmera
    assert portas["187.34.56.80"] is None  # dois candidatos: não se adivinha


def test_porta_rotulada_na_mesma_linha_do_ip(tmp_path):
    texto = ("Registro de acessos (horário de Brasília)\n"
             "Sign-in 21/01/2018 08:19:51 -03:00\n"
             "IP Address: 170.102.96.147 Source Port: 27934\n")
    assert _portas(tmp_path, texto)["170.102.96.147"] == "27934"


def test_palavra_transport_nao_anuncia_porta(tmp_path):
    texto = ("Transport Time IP Status\n"
             "02/09/2023 21:46:50 UTC 187.34.56.78 45790\n")
    assert _portas(tmp_path, texto)["187.34.56.78"] is None
