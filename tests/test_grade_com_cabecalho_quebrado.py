"""A tabela com grade num PDF cujo cabeçalho quebra em duas linhas só em algumas células (sonda da 25ª sessão): a
resposta da operadora com `Porta` / `inicial`, `Início da sessão` / `(horário de Brasília)` e, ao lado, `IP público`
numa linha só, alinhado ao pé da célula. A linha de cima de cada célula, juntas, não é linha nenhuma da camada de
texto: o cabeçalho ficava sem células, o IP sem o bloco de portas e sem o fim da sessão, e a convergência com o acesso
dentro da sessão era fraca ("distam 1h19min07s")."""

from __future__ import annotations

from pathlib import Path

from tests.conftest import conclusoes_do_caso, dados_da_pasta

_WHATSAPP = """WhatsApp Inc. - Response to Legal Process
Account Identifier: +55 11 98765-4321

Message Log
Timestamp 2025-07-14 18:21:07 UTC
Message Id 3EB0C431A1F2
Sender Ip 189.40.77.212
Sender Port 50123
"""


def _resposta(caminho: Path) -> None:
    from reportlab.lib import colors
    from reportlab.lib.pagesizes import A4
    from reportlab.lib.styles import getSampleStyleSheet
    from reportlab.platypus import Paragraph, SimpleDocTemplate, Table, TableStyle

    tabela = Table([
        ["IP público", "Porta\ninicial", "Porta\nfinal", "Início da sessão\n(horário de Brasília)",
         "Fim da sessão\n(horário de Brasília)", "Cliente", "CPF"],
        ["189.40.77.212", "50000", "50255", "14/07/2025 14:02:00", "14/07/2025 16:40:00", "RAFAEL SOUZA PINTO",
         "083.016.613-05"],
    ])
    tabela.setStyle(TableStyle([("GRID", (0, 0), (-1, -1), 0.5, colors.black), ("FONTSIZE", (0, 0), (-1, -1), 7)]))
    SimpleDocTemplate(str(caminho), pagesize=A4).build(
        [Paragraph("TIM S.A. - Resposta ao Ofício 55/2025 - Identificação de usuário de IP",
                   getSampleStyleSheet()["Normal"]), tabela])


def test_o_ip_com_o_bloco_e_a_sessao(tmp_path: Path) -> None:
    caso = tmp_path / "caso"
    caso.mkdir()
    _resposta(caso / "resposta_operadora.pdf")
    (ip,) = [d for d in dados_da_pasta(caso) if d["campo"] == "ip_acesso"]
    assert (ip["metadados"]["porta"], ip["metadados"]["porta_final"]) == ("50000", "50255")
    assert ip["metadados"]["data_hora_fim"] == "14/07/2025 16:40:00"


def test_o_acesso_dentro_da_sessao_e_o_cliente(tmp_path: Path) -> None:
    caso = tmp_path / "caso"
    caso.mkdir()
    _resposta(caso / "resposta_operadora.pdf")
    (caso / "records.txt").write_text(_WHATSAPP, encoding="utf-8")
    conclusoes = conclusoes_do_caso(caso)
    (convergencia,) = [c for c in conclusoes if c["tipo"] == "convergencia_ip"]
    assert "cai dentro da sessão de conexão" in convergencia["afirmacao"] and convergencia["grau_confianca"] == "forte"
    assert any(c["tipo"] == "identificacao_titular" and "RAFAEL SOUZA PINTO" in c["afirmacao"] for c in conclusoes)
    assert {c["validacao"]["veredicto_geral"] for c in conclusoes} == {"VERIFICADO"}
