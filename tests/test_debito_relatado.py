"""A transferência que o relato conta, achada no extrato de quem pagou (vigésima sessão, caso inteiro: o boletim da
vítima e a exportação do extrato do aplicativo dela, "Data,Valor,Identificador,Descrição", sem saldo nem titular).

Antes: a exportação sem coluna de saldo, com um boleto da "CLARO S.A." pago, ficava de família desconhecida (o nome da
operadora pesava mais que a forma de extrato), e, mesmo lida como banco, nenhuma conclusão dizia que o Pix relatado saiu
da conta: a materialidade só olhava créditos. Armadilhas: o débito de mesmo valor e dia no extrato de outro titular (o
repasse de quem recebeu) e o que paga outra pessoa não são a transferência relatada; sem nada que ligue o débito ao
relato (sem titular, sem recebedor, sem chave), mesmo valor e dia não bastam; a fatura de telefone (data, número chamado,
duração, valor) não vira extrato.
"""

from __future__ import annotations

import copy
from pathlib import Path

from perito.validador.agente import validar
from tests.conftest import conclusoes_dos_textos, dados_da_pasta

_BOLETIM = ("POLÍCIA CIVIL DO ESTADO DO RIO DE JANEIRO\nREGISTRO DE OCORRÊNCIA 012-04567/2025\n"
            "Comunicante: ANA PAULA RIBEIRO, CPF 111.444.777-35, telefone (21) 99123-4567.\n"
            "Relata a comunicante que em 12/06/2025, às 14h30, fez uma transferência Pix de R$ 2.890,00 para FELIPE "
            "AUGUSTO MOURA, acreditando falar com a filha.\n")
_EXPORTACAO = ("Data,Valor,Identificador,Descrição\n"
               "01/06/2025,-45.90,6652a1f0-1111,Compra no débito - PADARIA REAL\n"
               "12/06/2025,-2890.00,6652a1f0-3333,Transferência enviada pelo Pix - {recebedor} - •••.091.390-•• - "
               "MERCADO PAGO IP LTDA. (0323) Agência: 1 Conta: 12345678-9\n"
               "20/06/2025,-120.00,6652a1f0-5555,Pagamento de boleto efetuado - CLARO S.A.\n")


def _materialidades(tmp_path: Path, extrato: str, boletim: str = _BOLETIM) -> list[dict]:
    tmp_path.mkdir(exist_ok=True)
    conclusoes = conclusoes_dos_textos(tmp_path, {"boletim.txt": boletim, "NU_93812_JUN2025.csv": extrato})
    return [c for c in conclusoes if c["tipo"] == "materialidade"]


def test_exportacao_sem_saldo_e_extrato(tmp_path: Path) -> None:
    (tmp_path / "c").mkdir()
    (tmp_path / "c" / "nu.csv").write_text(_EXPORTACAO.format(recebedor="FELIPE AUGUSTO MOURA"), encoding="utf-8")
    assert {d["metadados"]["familia_fonte"] for d in dados_da_pasta(tmp_path / "c")} == {"banco"}


def test_fatura_de_telefone_nao_vira_extrato(tmp_path: Path) -> None:
    (tmp_path / "c").mkdir()
    (tmp_path / "c" / "fatura.csv").write_text(
        "Data,Hora,Número chamado,Duração,Valor\n12/06/2025,14:09:51,21988776655,00:12:33,1.90\n"
        "12/06/2025,16:02:44,21999990000,00:01:05,0.40\n", encoding="utf-8")
    assert "banco" not in {d["metadados"]["familia_fonte"] for d in dados_da_pasta(tmp_path / "c")}


def test_a_lista_de_pedidos_de_uma_loja_nao_e_extrato(tmp_path: Path) -> None:
    (tmp_path / "c").mkdir()
    (tmp_path / "c" / "pedidos.csv").write_text(
        "Loja Virtual XPTO - Pedidos do cliente\nData;Pedido;Descrição;Valor;Status\n"
        "10/09/2025;8812;iPhone 15 Pro 256GB;4.899,00;Pago via Pix\n"
        "11/09/2025;8813;Capa de silicone;59,90;Pago via Pix\n", encoding="utf-8")
    assert "banco" not in {d["metadados"]["familia_fonte"] for d in dados_da_pasta(tmp_path / "c")}


def test_o_debito_que_nomeia_o_recebedor_do_relato(tmp_path: Path) -> None:
    [debito] = _materialidades(tmp_path, _EXPORTACAO.format(recebedor="FELIPE AUGUSTO MOURA"))
    assert debito["grau_confianca"] == "forte"
    assert ("está debitada no extrato de quem pagou (NU_93812_JUN2025.csv, linha 3: 2890.00 (R$ 2.890,00) em "
            "12/06/2025, contraparte FELIPE AUGUSTO MOURA") in debito["afirmacao"]
    assert "o débito nomeia quem a vítima diz ter pago (FELIPE AUGUSTO MOURA" in debito["afirmacao"]
    assert {(r["arquivo"], r["linha_ou_celula"]) for r in debito["referencias"]} >= {
        ("NU_93812_JUN2025.csv", "linha 3"), ("boletim.txt", "linha 4")}
    assert debito["validacao"]["veredicto_geral"] == "VERIFICADO"


def test_o_debito_que_paga_outra_pessoa_nao_e_o_relatado(tmp_path: Path) -> None:
    assert _materialidades(tmp_path / "a", _EXPORTACAO.format(recebedor="RENATA SOUZA PINTO")) == []
    # nem no extrato que declara a vítima: ela pagou o mesmo valor, no mesmo dia, a outra pessoa
    extrato = ("EXTRATO DE CONTA CORRENTE\nCliente: ANA PAULA RIBEIRO   CPF: 111.444.777-35\n"
               "Data;Histórico;Valor;Saldo\n12/06/2025;PIX ENVIADO RENATA SOUZA PINTO;-2.890,00;1.110,00\n")
    assert _materialidades(tmp_path / "b", extrato) == []


def test_sem_nada_que_ligue_o_debito_ao_relato(tmp_path: Path) -> None:
    # o débito de mesmo valor e dia sem contraparte, num extrato sem titular: pode ser de qualquer conta
    sem_contraparte = _EXPORTACAO.format(recebedor="X").replace(
        "Transferência enviada pelo Pix - X - •••.091.390-•• - MERCADO PAGO IP LTDA. (0323) Agência: 1 Conta: 12345678-9",
        "Transferência enviada pelo Pix")
    assert _materialidades(tmp_path, sem_contraparte) == []


def test_o_extrato_da_vitima_sem_contraparte(tmp_path: Path) -> None:
    extrato = ("EXTRATO DE CONTA CORRENTE\nCliente: ANA PAULA RIBEIRO   CPF: 111.444.777-35\n"
               "Data;Histórico;Valor;Saldo\n12/06/2025;PIX ENVIADO;-2.890,00;1.110,00\n")
    [debito] = _materialidades(tmp_path, extrato)
    assert "o extrato declara a vítima como titular (ANA PAULA RIBEIRO" in debito["afirmacao"]
    assert debito["validacao"]["veredicto_geral"] == "VERIFICADO"


def test_o_repasse_no_extrato_de_quem_recebeu_nao_e_o_relatado(tmp_path: Path) -> None:
    # o recebedor repassa o mesmo valor no mesmo dia: o débito é dele, não da vítima
    extrato = ("EXTRATO DE CONTA CORRENTE\nCliente: FELIPE AUGUSTO MOURA   CPF: 186.091.390-34\n"
               "Data;Histórico;Valor;Saldo\n12/06/2025;PIX RECEBIDO ANA PAULA RIBEIRO;2.890,00;2.950,00\n"
               "12/06/2025;PIX ENVIADO;-2.890,00;60,00\n")
    assert not [c for c in _materialidades(tmp_path, extrato) if "debitada" in c["afirmacao"]]


def test_a_afirmacao_com_outro_recebedor_nao_fica_verificada(tmp_path: Path) -> None:
    caso = tmp_path / "caso"
    [debito] = _materialidades(tmp_path, _EXPORTACAO.format(recebedor="FELIPE AUGUSTO MOURA"))
    trocada = copy.deepcopy(debito)
    trocada["afirmacao"] = trocada["afirmacao"].replace("FELIPE AUGUSTO MOURA", "FELIPE AUGUSTO MOTTA")
    trocada["validacao"] = None
    [validacao] = validar({"conclusoes": [trocada]}, caso, "2025-12-01")["validacoes"]
    assert validacao["veredicto_geral"] != "VERIFICADO"


def test_o_nome_em_maiusculas_logo_depois_do_pix_por_extenso() -> None:
    """"Transferência recebida pelo Pix JOAO SILVA SOUZA" (um espaço só, sem traço): o nome em maiúsculas é a
    contraparte; "QR CODE" e "Pagamento Pix QR Code" não são nome."""
    from perito.extratores.reconhecedores import reconhecer

    def nomes(texto: str) -> list[tuple[str, str]]:
        return [(a.dado, a.metadados["papel"]) for a in reconhecer(texto) if a.campo == "nome_titular"]

    assert nomes("Transferência recebida pelo Pix JOAO SILVA SOUZA") == [("JOAO SILVA SOUZA", "remetente")]
    assert nomes("Transferência enviada pelo Pix MARIA LIMA") == [("MARIA LIMA", "destinatario")]
    assert nomes("Transferência enviada pelo Pix QR CODE") == []
    assert nomes("Pagamento Pix QR Code") == []
