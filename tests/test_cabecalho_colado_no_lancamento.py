"""O cabeçalho do extrato colado na primeira linha de lançamento (sonda da vigésima segunda sessão).

O extrato salvo da página do banco (HTML com `<div>`, sem tabela nem linha em branco) dá "Cliente: RAFAEL ... - CPF
..." / "Agência 0001 Conta ..." / "14/07/2025 15:21 Pix recebido ANA ... + R$ 2.350,00": as três linhas eram um
registro só, e o nome do cliente, num registro com valor, não declarava o titular ("A conta de titular não
declarado"). A linha que começa pela data e tem o valor, logo abaixo do cabeçalho, é outro registro. Armadilha: o
bloco "Pagador: ANA ... - CPF ..." sobre a linha da data e do valor (uma relação de Pix, um registro por pagador)
continua um registro só: o pagador é a contraparte do lançamento.
"""

from __future__ import annotations

from tests.conftest import BO_DA_ANA, conclusoes_dos_textos, dados_da_pasta

_HTML = """<html><body>
<div class="cab"><h2>Banco Horizonte S.A. - Extrato</h2><p>Cliente: <b>RAFAEL SOUZA PINTO</b> - CPF 083.016.613-05</p>
<p>Agência 0001 Conta 4471239-8</p></div>
<div class="lista">
 <div class="lanc"><span>14/07/2025 15:21</span><span>Pix recebido</span><span>ANA BEATRIZ MOREIRA</span><span>+ R$ 2.350,00</span></div>
 <div class="lanc"><span>14/07/2025 15:40</span><span>Pix enviado</span><span>LUCIANA FERREIRA DIAS</span><span>- R$ 2.300,00</span></div>
</div></body></html>
"""


def test_o_cabecalho_declara_o_titular(tmp_path):
    conclusoes = conclusoes_dos_textos(tmp_path, {"bo.txt": BO_DA_ANA, "extrato.html": _HTML})
    laranja = next(c for c in conclusoes if c["tipo"] == "identificacao_laranja")
    assert laranja["afirmacao"].startswith("A conta de RAFAEL SOUZA PINTO CPF/CNPJ 08301661305 (extrato.html)")
    assert laranja["validacao"]["veredicto_geral"] == "VERIFICADO"


def test_o_pagador_sobre_a_linha_do_lancamento_continua_do_registro(tmp_path):
    (tmp_path / "relacao.txt").write_text(
        "Relação de Pix recebidos pela conta 4471239-8\n"
        "Pagador: ANA BEATRIZ MOREIRA - CPF 526.018.159-06\n"
        "14/07/2025 15:21:07 PIX RECEBIDO R$ 2.350,00\n\n"
        "Pagador: JORGE ALVES NUNES - CPF 311.402.118-30\n"
        "14/07/2025 16:00:00 PIX RECEBIDO R$ 500,00\n", encoding="utf-8")
    contrapartes = {d["dado"]: d["metadados"].get("contraparte") for d in dados_da_pasta(tmp_path)
                    if d["campo"] == "valor_transacao"}
    assert contrapartes == {"R$ 2.350,00": "ANA BEATRIZ MOREIRA", "R$ 500,00": "JORGE ALVES NUNES"}
