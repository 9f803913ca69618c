"""O IP na linha de um lançamento de planilha é o da transação (sonda da 26ª sessão): "Data/Hora | Operação | Valor (R$)
| Favorecido | Endereço IP | Porta" do banco. Numa linha de CSV a linha inteira diz que fala de transação ("PIX
ENVIADO"); numa planilha cada célula era lida sozinha, e o IP ficava de acesso: o padrão temporal (os eventos do
provedor pelo mesmo IP antes da transação) não saía."""

from __future__ import annotations

from pathlib import Path

from openpyxl import Workbook

from tests.conftest import conclusoes_do_caso, dados_da_pasta

_RECORDS = """Instagram - Response to legal process
Ip Addresses (UTC)
Time 2025-07-14 18:21:07 UTC  IP Address 189.40.77.212  Port 50123
Time 2025-07-14 18:40:51 UTC  IP Address 189.40.77.212  Port 50140
"""


def _planilha(caminho: Path, linhas: list[list]) -> None:
    wb = Workbook()
    ws = wb.active
    ws.title = "Transações"
    ws.append(["Banco Horizonte S.A. - Transações Pix da conta 0001/4471239-8 (horário de Brasília)"])
    ws.append([])
    ws.append(["Data/Hora", "Operação", "Valor (R$)", "Favorecido", "Endereço IP", "Porta"])
    for linha in linhas:
        ws.append(linha)
    wb.save(caminho)


def test_o_ip_do_lancamento_e_o_da_transacao(tmp_path: Path) -> None:
    caso = tmp_path / "caso"
    caso.mkdir()
    _planilha(caso / "banco.xlsx", [["14/07/2025 15:44:10", "PIX ENVIADO", 1890.00, "LOJA DIGITAL ME", "189.40.77.212", 50140]])
    (caso / "records.txt").write_text(_RECORDS, encoding="utf-8")
    (ip,) = [d for d in dados_da_pasta(caso) if d["arquivo_fonte"] == "banco.xlsx" and d["tipo_dado"] == "ip"]
    assert ip["campo"] == "ip_transacao"
    conclusoes = conclusoes_do_caso(caso)
    (padrao,) = [c for c in conclusoes if c["tipo"] == "padrao_temporal"]
    assert "vem 3min19s depois do último" in padrao["afirmacao"]
    assert {c["validacao"]["veredicto_geral"] for c in conclusoes} == {"VERIFICADO"}


def test_a_linha_sem_valor_continua_de_acesso(tmp_path: Path) -> None:
    """Armadilha: a linha de um acesso ao aplicativo, sem valor ou com valor zero, com "Pix" no nome da tela, não é
    transação; nem a linha com valor que não fala de transação (uma compra no cartão)."""
    caso = tmp_path / "caso"
    caso.mkdir()
    _planilha(caso / "banco.xlsx", [["14/07/2025 15:40:00", "LOGIN TELA PIX", None, None, "189.40.77.212", 50140],
                                    ["14/07/2025 15:41:00", "ACESSO AREA PIX", "0,00", None, "189.40.77.214", 50142],
                                    ["14/07/2025 15:50:00", "COMPRA CARTAO", 50.00, "PADARIA", "189.40.77.213", 50141]])
    campos = [d["campo"] for d in dados_da_pasta(caso) if d["tipo_dado"] == "ip"]
    assert campos == ["ip_acesso", "ip_acesso", "ip_acesso"]
