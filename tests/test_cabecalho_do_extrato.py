"""Cabeçalhos de extrato que sondas acharam mal lidos.

- O extrato exportado do aplicativo diz só "Agência ;0001" e "Conta ;1234567-8", sem o nome: antes a conta não
  governava os lançamentos, e o crédito da vítima não se ligava à conta que o DICT dá para a chave Pix (sem
  vínculo financeiro). Agora a conta declarada vale para os lançamentos abaixo dela, como o nome valeria.
- O Santander põe o nome sozinho antes da agência ("JOAO VICTOR MENDES Agência: 0231 Conta Corrente: 01.012345.6"):
  o nome não virava titular e a conta saía cortada em "01.012".
"""

from __future__ import annotations

from pathlib import Path

from perito.extratores.reconhecedores import reconhecer
from tests.conftest import conclusoes_do_caso

_BOLETIM = (
    "POLÍCIA CIVIL DO ESTADO DE SÃO PAULO\nBoletim de Ocorrência nº 4521/2025\n"
    "Vítima: ANA PAULA RODRIGUES, CPF 284.617.395-82\n"
    "Histórico: em 10/06/2025, por volta das 14h22, a vítima efetuou um Pix de R$ 2.870,00\n"
    "para a chave Pix (19) 99812-4410, cujo favorecido aparecia como JOAO VICTOR MENDES.\n"
)
_DICT = (
    "Chave;Tipo;Nome;CPF/CNPJ;ISPB;Instituição;Agência;Conta;Data abertura conta;Data criação chave\n"
    "+5519998124410;PHONE;JOAO VICTOR MENDES;731.502.864-17;00416968;BANCO INTER S.A.;0001;1234567-8;28/05/2025;"
    "28/05/2025 16:40:12\n"
)
_EXTRATO_SO_COM_CONTA = (
    "Extrato Conta Corrente\nAgência ;0001\nConta ;1234567-8\nPeríodo ;01/06/2025 a 30/06/2025\n\n"
    "Data Lançamento;Histórico;Descrição;Valor;Saldo\n"
    '10/06/2025;Pix recebido ;"Cp :00000000-ANA PAULA RODRIGUES";2.870,00;2.940,00\n'
    '10/06/2025;Pix enviado ;"Cp :60746948-CARLOS EDUARDO NUNES";-2.800,00;140,00\n'
)


def test_conta_sem_nome_no_cabecalho_liga_o_credito_ao_dict(tmp_path: Path) -> None:
    caso = tmp_path / "caso"
    caso.mkdir()
    (caso / "boletim.txt").write_text(_BOLETIM, encoding="utf-8")
    (caso / "resposta_dict.csv").write_text(_DICT, encoding="utf-8")
    (caso / "extrato.csv").write_text(_EXTRATO_SO_COM_CONTA, encoding="utf-8")
    vinculo = next(c for c in conclusoes_do_caso(caso) if c["tipo"] == "vinculo_financeiro")
    assert vinculo["grau_confianca"] == "forte", vinculo["afirmacao"]
    assert "extrato.csv, linha 7: 2.870,00" in vinculo["afirmacao"]
    assert vinculo["validacao"]["veredicto_geral"] == "VERIFICADO"


def _titulares_e_contas(texto: str) -> list[tuple[str, str]]:
    return [(a.campo, a.dado) for a in reconhecer(texto) if a.campo in ("nome_titular", "conta_bancaria")]


def test_nome_antes_da_agencia_e_conta_com_pontos() -> None:
    assert _titulares_e_contas("JOAO VICTOR MENDES Agência: 0231 Conta Corrente: 01.012345.6") == [
        ("nome_titular", "JOAO VICTOR MENDES"), ("conta_bancaria", "Agência: 0231 Conta Corrente: 01.012345.6")]
    # armadilhas: o histórico de um lançamento e o nome do banco não são o titular
    assert ("nome_titular", "Banco Inter") not in _titulares_e_contas("Banco Inter Agência: 0001 Conta: 1234-5")
    nomes = [a for a in reconhecer("PIX RECEBIDO JOAO SILVA Agência: 0231 Conta: 1234-5") if a.campo == "nome_titular"]
    assert [a.metadados["papel"] for a in nomes] == ["remetente"]
    # o ponto final da frase não entra na conta
    assert _titulares_e_contas("Agência: 0231 Conta: 123.456-7.") == [("conta_bancaria", "Agência: 0231 Conta: 123.456-7")]
