"""IP de hospedagem nunca é forte (issue 26): de ponta a ponta, sobre um TXT de provedor e um CSV de banco reais."""

from __future__ import annotations

import json

from tests.test_convergencia_ip import _caso


def test_mesma_porta_na_janela_num_ip_da_amazon_fica_moderado_e_diz_por_que(tmp_path):
    conclusoes = _caso(tmp_path, ["2025-03-15 14:32:17 UTC 1.44.96.10 51234"], ["15/03/2025;11:34:02;BRT;1.44.96.10;51234"])
    [conclusao] = [c for c in conclusoes if c["tipo"] == "convergencia_ip"]
    assert conclusao["grau_confianca"] == "moderado"
    assert "AS16509 Amazon.com, Inc." in conclusao["afirmacao"] and "hospedagem" in conclusao["afirmacao"]
    assert "pela base de IP embarcada" in conclusao["afirmacao"]
    manifesto = json.loads((tmp_path / "saida" / "manifesto.json").read_text(encoding="utf-8"))
    assert manifesto["parametros"]["base_ip"]["data"] == "2026-06-17" and manifesto["parametros"]["base_ip"]["sha256"]
    plano = json.loads((tmp_path / "saida" / "plano_diligencias.json").read_text(encoding="utf-8"))
    [grupo] = [h for h in plano["hipoteses"] if h["conclusao_id"] == conclusao["id"]]
    por_codigo = {h["codigo"]: h for h in grupo["hipoteses"]}
    assert por_codigo["hospedagem_vpn"]["situacao"] == "sustentada"
    assert por_codigo["cgnat"]["situacao"] == "afastada"
    # o IP sem assinante vira passo dirigido à organização da rede, com a data da base
    [passo] = [p for p in plano["passos"] if p["tipo"] == "ip"]
    assert "Amazon.com, Inc. (AS16509)" in passo["destinatario"] and "17/06/2026" in passo["destinatario"]
    oficio = (tmp_path / "saida" / "oficios" / "ip_1.44.96.10.md").read_text(encoding="utf-8")
    assert "**A:** Amazon.com, Inc. (AS16509)" in oficio and "Lei 12.965/2014 (Marco Civil da Internet), art. 13" in oficio
    assert f"passo {passo['numero']}" in oficio and "Guarda obrigatória até 15/03/2026" in oficio


def test_mesma_porta_num_ip_de_provedor_de_acesso_continua_forte(tmp_path):
    conclusoes = _caso(tmp_path, ["2025-03-15 14:32:17 UTC 177.20.30.40 51234"], ["15/03/2025;11:34:02;BRT;177.20.30.40;51234"])
    [conclusao] = [c for c in conclusoes if c["tipo"] == "convergencia_ip"]
    assert conclusao["grau_confianca"] == "forte" and "hospedagem" not in conclusao["afirmacao"]
