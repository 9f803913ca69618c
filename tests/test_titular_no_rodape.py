"""O titular dito só no rodapé do extrato, achado por sonda: "Cliente: MARIA ... - CPF ... - Agência 0001 Conta
12345-6" depois dos lançamentos. O titular dito uma vez valia só para os registros de baixo, e a conta de passagem era
"de titular não declarado". O do rodapé governa os registros de cima, até um cabeçalho que diga outro.
"""

from __future__ import annotations

from pathlib import Path

from tests.conftest import conclusoes_do_caso, dados_da_pasta

LANCAMENTOS = ("Data       Histórico                                   Valor        Saldo\n"
               "14/03/2025 SALDO ANTERIOR                                            100,00\n"
               "15/03/2025 PIX RECEBIDO JOSE PEREIRA SANTOS          2.500,00 C   2.600,00\n"
               "15/03/2025 PIX ENVIADO CARLOS ALBERTO SOUZA          2.400,00 D     200,00\n")
TOPO = "EXTRATO DE CONTA CORRENTE - BANCO EXEMPLO S.A.\nPeríodo: 01/03/2025 a 31/03/2025\n"
RODAPE = ("\nCliente: MARIA OLIVEIRA LIMA - CPF 111.444.777-35 - Agência 0001 Conta 12345-6\n"
          "Documento emitido em 20/03/2025 às 10:15:00\n")


def _titulares(pasta: Path, texto: str) -> set[tuple[str | None, str | None]]:
    (pasta / "extrato.txt").write_text(texto, encoding="utf-8")
    return {((ctx := d["metadados"].get("contexto_titular") or {}).get("nome"), ctx.get("cpf"))
            for d in dados_da_pasta(pasta) if d["campo"] == "valor_transacao"}


def test_o_rodape_governa_os_lancamentos_de_cima(tmp_path: Path) -> None:
    assert _titulares(tmp_path, TOPO + LANCAMENTOS + RODAPE) == {("MARIA OLIVEIRA LIMA", "111.444.777-35")}


def test_o_cabecalho_continua_valendo(tmp_path: Path) -> None:
    # com o titular no cabeçalho, o "Cliente:" do rodapé não o troca
    topo = TOPO + "Titular: ANA PAULA DIAS  CPF: 123.456.789-09\n\nAgência 0002 Conta 99999-9\n\n"
    assert _titulares(tmp_path, topo + LANCAMENTOS + RODAPE) == {("ANA PAULA DIAS", "123.456.789-09")}


def test_nome_generico_no_rodape_nao_e_titular(tmp_path: Path) -> None:
    # "Nome:" no fim pode ser o de quem emitiu o documento
    rodape = "\nAtendimento - Nome: JOAO CARLOS ATENDENTE\n"
    assert _titulares(tmp_path, TOPO + LANCAMENTOS + rodape) == {(None, None)}


def test_conta_de_passagem_com_o_titular_do_rodape(tmp_path: Path) -> None:
    caso = tmp_path / "caso"
    caso.mkdir()
    (caso / "extrato.txt").write_text(TOPO + LANCAMENTOS + RODAPE, encoding="utf-8")
    (caso / "bo.txt").write_text(
        "BOLETIM DE OCORRÊNCIA Nº 1234/2025\nVítima: JOSE PEREIRA SANTOS, CPF 987.654.321-00\n"
        "Histórico: A vítima relata que no dia 15/03/2025 transferiu via Pix R$ 2.500,00 para a chave (11) "
        "91234-0000.\n", encoding="utf-8")
    [laranja] = [c for c in conclusoes_do_caso(caso) if c["tipo"] == "identificacao_laranja"]
    assert laranja["afirmacao"].startswith("A conta de MARIA OLIVEIRA LIMA CPF/CNPJ 11144477735 (extrato.txt)")
    assert laranja["validacao"]["veredicto_geral"] == "VERIFICADO"
    assert any(r["linha_ou_celula"] == "linha 8" and "MARIA OLIVEIRA LIMA" in r["dado_citado"]
               for r in laranja["referencias"])
