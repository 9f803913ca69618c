"""O assinante que a resposta da operadora declara uma vez, fora do registro da conexão (sonda da 26ª sessão): a aba
"Dados do assinante" (nome, CPF, linha) e a aba "Conexões" (IP, bloco de portas, início e fim). Antes a convergência
com o acesso do provedor saía, mas nenhuma conclusão dizia de quem era a conexão: o nome não estava no registro do IP."""

from __future__ import annotations

from pathlib import Path

from openpyxl import Workbook

from tests.conftest import conclusoes_do_caso

_ACESSO = ("event_time,client_ip,client_port,account_email,action\n"
           "20250714T182107Z,189.40.77.212,50123,marcela.fontes@email.com,LOGIN\n")


def _operadora(caminho: Path) -> None:
    wb = Workbook()
    ws = wb.active
    ws.title = "Dados do assinante"
    for linha in (["Campo", "Informação"], ["Nome", "RAFAEL SOUZA PINTO"], ["CPF", "083.016.613-05"],
                  ["Linha", "(11) 98765-4321"]):
        ws.append(linha)
    conexoes = wb.create_sheet("Conexões")
    conexoes.append(["Conexões do contrato - horário de Brasília"])
    conexoes.append(["IP", "Porta inicial", "Porta final", "Início", "Fim"])
    conexoes.append(["189.40.77.212", 50000, 50255, "14/07/2025 14:02:00", "14/07/2025 16:40:00"])
    wb.save(caminho)


def test_o_assinante_da_outra_aba_e_o_cliente_da_conexao(tmp_path: Path) -> None:
    caso = tmp_path / "caso"
    caso.mkdir()
    _operadora(caso / "resposta_operadora.xlsx")
    (caso / "acessos.csv").write_text(_ACESSO, encoding="utf-8")
    conclusoes = conclusoes_do_caso(caso)
    (titular,) = [c for c in conclusoes if c["tipo"] == "identificacao_titular"]
    assert titular["afirmacao"].startswith("O IP 189.40.77.212 estava atribuído pela operadora a RAFAEL SOUZA PINTO, "
                                           "CPF/CNPJ 083.016.613-05, o assinante que a resposta declara uma vez")
    citados = {(r.get("aba_planilha"), r["linha_ou_celula"]) for r in titular["referencias"]}
    assert {("Dados do assinante", "celula B2"), ("Conexões", "celula A3")} <= citados
    assert {c["validacao"]["veredicto_geral"] for c in conclusoes} == {"VERIFICADO"}


def test_quem_assina_a_carta_nao_e_o_assinante(tmp_path: Path) -> None:
    """Armadilha: a carta sem o nome do cliente, assinada pela analista da operadora (com CPF), não dá titular."""
    caso = tmp_path / "caso"
    caso.mkdir()
    (caso / "resposta_operadora.txt").write_text(
        "TIM S.A. - Resposta ao Ofício 556/2025\nAo Ilmo. Sr. Delegado de Polícia Dr. CARLOS EDUARDO MENEZES\n\n"
        "Seguem as conexões solicitadas (horário de Brasília):\n"
        "IP               Porta inicial  Porta final  Início               Fim\n"
        "189.40.77.212    50000          50255        14/07/2025 14:02:00  14/07/2025 16:40:00\n\n"
        "Atenciosamente,\nMARIA LIMA SANTOS\nAnalista de Atendimento a Ofícios - CPF 390.533.447-05\n", encoding="utf-8")
    (caso / "acessos.csv").write_text(_ACESSO, encoding="utf-8")
    conclusoes = conclusoes_do_caso(caso)
    assert [c["tipo"] for c in conclusoes] == ["convergencia_ip"]
