"""A carta do banco que conta os créditos e a saída em prosa (vigésima primeira sessão, caso inteiro c20).

"... foram identificados os seguintes créditos: R$ 2.350,00 em 14/07/2025, às 15:21:07, de ANA" / "BEATRIZ MOREIRA,
CPF 526.018.159-06; e R$ 1.450,00 ..., de JORGE ...", "... a conta efetuou transferência Pix no valor de R$ 2.300,00 para
LUCIANA ...". Antes: "créditos" (no plural) e "efetuou transferência" não davam o sentido, o nome cortado pela linha
ficava "BEATRIZ MOREIRA", e a prosa não tinha contraparte: nenhuma materialidade nem conta de passagem. Agora os
créditos e débitos contados têm sentido, quem pagou é o nome depois do valor na mesma frase (com o CPF dele), quem
recebeu é o favorecido, e o nome cortado é inteiro. Armadilhas: o bloqueio cautelar e a devolução pelo MED não são
repasse; "conforme o RG" / "MARIA ..." não junta o rótulo ao nome.
"""

from __future__ import annotations

from pathlib import Path

from tests.conftest import BO_DA_ANA as BO
from tests.conftest import conclusoes_dos_textos, dados_da_pasta

CARTA = """BANCO DIGITAL ÔMEGA S.A.
Ofício DJ-1123/2025 - Resposta ao Ofício 4471/2025-1ºDP

Informamos que a conta 4471239-8, agência 0001, é de titularidade de RAFAEL SOUZA PINTO, CPF 083.016.613-05.
No período solicitado, foram identificados os seguintes créditos: R$ 2.350,00 em 14/07/2025, às 15:21:07, de ANA
BEATRIZ MOREIRA, CPF 526.018.159-06; e R$ 1.450,00 em 14/07/2025, às 16:02:11, de JORGE LUIS PACHECO, CPF 993.518.190-19.
Em 14/07/2025, às 15:40:52, a conta efetuou transferência Pix no valor de R$ 2.300,00 para LUCIANA FERREIRA DIAS,
CPF 186.091.390-34.
Em 15/07/2025 foi efetuado o bloqueio cautelar do saldo de R$ 1.500,00, por suspeita de fraude.
Em 16/07/2025, por meio do Mecanismo Especial de Devolução (MED), foi devolvido o valor de R$ 1.450,00 ao pagador
JORGE LUIS PACHECO.
"""


def test_creditos_e_saida_contados_na_carta(tmp_path: Path) -> None:
    conclusoes = {c["tipo"]: c for c in conclusoes_dos_textos(tmp_path, {"bo.txt": BO, "oficio_banco.txt": CARTA})}
    materialidade, laranja = conclusoes["materialidade"], conclusoes["identificacao_laranja"]
    assert "contraparte ANA BEATRIZ MOREIRA CPF/CNPJ 52601815906" in materialidade["afirmacao"]
    assert "o pagador no registro bancário é a vítima (CPF igual)" in materialidade["afirmacao"]
    assert "entra R$ 2.350,00 em 14/07/2025 15:21:07 e saem R$ 2.300,00" in laranja["afirmacao"]
    assert "1.500,00" not in laranja["afirmacao"] and "16/07/2025" not in laranja["afirmacao"]
    for conclusao in (materialidade, laranja):
        assert conclusao["validacao"]["veredicto_geral"] == "VERIFICADO", conclusao["validacao"]


def test_sentido_contraparte_e_documento_de_cada_valor(tmp_path: Path) -> None:
    (tmp_path / "oficio_banco.txt").write_text(CARTA, encoding="utf-8")
    valores = {(d["dado"], d["linha_ou_celula"]): d["metadados"] for d in dados_da_pasta(tmp_path)
               if d["campo"] == "valor_transacao"}
    primeiro, segundo = valores[("R$ 2.350,00", "linha 5")], valores[("R$ 1.450,00", "linha 6")]
    saida = valores[("R$ 2.300,00", "linha 7")]
    assert (primeiro["direcao"], primeiro["contraparte"], primeiro["contraparte_cpf"]) == (
        "credito", "ANA BEATRIZ MOREIRA", "52601815906")
    assert (segundo["direcao"], segundo["contraparte"], segundo["contraparte_cpf"]) == (
        "credito", "JORGE LUIS PACHECO", "99351819019")
    assert (saida["direcao"], saida["contraparte"], saida["contraparte_cpf"]) == (
        "debito", "LUCIANA FERREIRA DIAS", "18609139034")
    # a devolução pelo MED, escrita antes do valor na oração dele, não é pagamento de ninguém a ninguém
    assert valores[("R$ 1.450,00", "linha 10")]["operacao"] == "devolucao"
    assert "operacao" not in primeiro


def test_rotulo_no_fim_da_linha_nao_e_comeco_de_nome(tmp_path: Path) -> None:
    (tmp_path / "oficio.txt").write_text(
        "BANCO DIGITAL ÔMEGA S.A.\nInformamos que a conta foi aberta conforme o RG\nMARIA DA SILVA COSTA, CPF "
        "526.018.159-06, apresentou os documentos.\n", encoding="utf-8")
    nomes = [d["dado"] for d in dados_da_pasta(tmp_path) if d["campo"] == "nome_titular"]
    assert "MARIA DA SILVA COSTA" in nomes and not any(n.startswith("RG") for n in nomes)
