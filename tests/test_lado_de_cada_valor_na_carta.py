"""A carta do banco que conta, no mesmo parágrafo, um crédito e uma saída (sonda da 23ª sessão): "Destaca-se o crédito de
R$ 2.350,00 em 14/07/2025, remetido por ANA ..., e a transferência de R$ 2.300,00 na mesma data para LUCIANA ...". O lado
era o da primeira palavra de lado do parágrafo para todos os valores: a saída de R$ 2.300,00 virava um crédito pago pela
vítima, e a conta de passagem (recebe da vítima, repassa no mesmo dia) não era vista. Agora cada valor tem o lado escrito
junto dele; e o total que a carta soma ("recebeu 7 créditos via Pix, no total de R$ 12.400,00") fica nos dados como
`operacao: total`, fora de toda conta de dinheiro."""

from __future__ import annotations

from pathlib import Path

from tests.conftest import conclusoes_do_caso, dados_da_pasta

_CARTA = (
    "NU PAGAMENTOS S.A. - INSTITUIÇÃO DE PAGAMENTO\nSão Paulo, 22 de julho de 2025.\n"
    "Ref.: Ofício nº 331/2025 - Quebra de sigilo bancário\n\n"
    "Em atenção ao ofício em referência, informamos que a conta 91823-4, agência 0001, de titularidade de RAFAEL SOUZA "
    "PINTO, CPF 083.271.946-50, no período de 10/07/2025 a 15/07/2025 recebeu 7 créditos via Pix, no total de "
    "R$ 12.400,00, de pessoas físicas diversas.\n"
    "Destaca-se o crédito de R$ 2.350,00 em 14/07/2025, remetido por ANA BEATRIZ MOREIRA, CPF 526.018.159-06, e a "
    "transferência de R$ 2.300,00 na mesma data para LUCIANA FERREIRA DIAS, CPF 412.305.611-00.\n"
    "Sem mais para o momento, colocamo-nos à disposição.\n")
_BO = ("BOLETIM DE OCORRÊNCIA Nº 5120/2025\nVítima: ANA BEATRIZ MOREIRA, CPF 526.018.159-06.\n"
       "Em 14/07/2025 a vítima transferiu R$ 2.350,00 via Pix para RAFAEL SOUZA PINTO.\n")


def _valores(tmp_path: Path, arquivos: dict[str, str]) -> dict[str, tuple]:
    pasta = tmp_path / "caso"
    pasta.mkdir(parents=True)
    for nome, texto in arquivos.items():
        (pasta / nome).write_text(texto, encoding="utf-8")
    return {d["dado"]: (d["metadados"].get("direcao"), d["metadados"].get("contraparte"), d["metadados"].get("operacao"))
            for d in dados_da_pasta(pasta) if d["campo"] == "valor_transacao"}


def test_cada_valor_com_o_seu_lado(tmp_path: Path) -> None:
    assert _valores(tmp_path, {"carta.txt": _CARTA}) == {
        "R$ 12.400,00": ("credito", None, "total"),
        "R$ 2.350,00": ("credito", "ANA BEATRIZ MOREIRA", None),
        "R$ 2.300,00": ("debito", "LUCIANA FERREIRA DIAS", None),
    }


def test_a_conta_de_passagem_aparece(tmp_path: Path) -> None:
    pasta = tmp_path / "caso"
    pasta.mkdir()
    (pasta / "carta.txt").write_text(_CARTA, encoding="utf-8")
    (pasta / "bo.txt").write_text(_BO, encoding="utf-8")
    [laranja] = [c for c in conclusoes_do_caso(pasta) if c["tipo"] == "identificacao_laranja"]
    assert "saem R$ 2.300,00" in laranja["afirmacao"] and "12.400" not in laranja["afirmacao"]
    assert laranja["validacao"]["veredicto_geral"] == "VERIFICADO"


def test_listas_de_um_lado_so_continuam(tmp_path: Path) -> None:
    # as armadilhas: a lista de créditos e a lista de saídas, um valor por oração, sem palavra de lado junto de cada um
    creditos = ("BANCO EXEMPLO S.A.\nEm atenção ao ofício, informamos que a conta 12345-6, agência 0001, recebeu os "
                "seguintes créditos: R$ 2.350,00 de ANA BEATRIZ MOREIRA; e R$ 1.450,00 de JORGE LUIZ PRADO, ambos "
                "em 14/07/2025.\nAtenciosamente, a gerência.\nSem mais para o momento.\n")
    saidas = ("BANCO EXEMPLO S.A.\nEm atenção ao ofício, informamos que a conta 12345-6, agência 0001, realizou as "
              "seguintes transferências: em 14/07/2025, R$ 2.300,00 a LUCIANA FERREIRA DIAS; em 15/07/2025, R$ 500,00 a "
              "MARCOS TEIXEIRA LIMA.\nAtenciosamente, a gerência.\nSem mais para o momento.\n")
    assert {d for d, _, _ in _valores(tmp_path / "c", {"carta.txt": creditos}).values()} == {"credito"}
    assert {d for d, _, _ in _valores(tmp_path / "s", {"carta.txt": saidas}).values()} == {"debito"}


def test_o_total_do_relato_nao_e_um_pix(tmp_path: Path) -> None:
    relato = ("BOLETIM DE OCORRÊNCIA Nº 5120/2025\nVítima: ANA BEATRIZ MOREIRA.\nEm 14/07/2025 a vítima fez dois Pix, "
              "de R$ 1.000,00 e de R$ 1.350,00, totalizando R$ 2.350,00, para RAFAEL SOUZA PINTO.\n")
    valores = _valores(tmp_path, {"bo.txt": relato})
    assert valores["R$ 2.350,00"][2] == "total"
    assert valores["R$ 1.000,00"][2] is None and valores["R$ 1.350,00"][2] is None


_CARTA_COM_HORAS = (
    "BANCO ORIGINAL S.A.\nOfício nº 4412/2025 - Resposta\n"
    "Informamos que a conta 55012-3, agência 0001, de titularidade de RAFAEL SOUZA PINTO, recebeu em 14/07/2025, às "
    "15:21:07, crédito via Pix de R$ 2.350,00, proveniente de ANA BEATRIZ MOREIRA, CPF 526.018.159-06, e, às 15:38:40 do "
    "mesmo dia, efetuou transferência Pix de R$ 2.300,00 a LUCIANA FERREIRA DIAS, CPF 412.305.611-00.\n"
    "Permanecemos à disposição.\n")


def test_cada_valor_com_a_sua_hora(tmp_path: Path) -> None:
    # sonda da 23ª sessão: a saída ficava com a hora do crédito (15:21:07), a única data-hora da frase; a hora solta
    # entre ela e o valor é a dele
    valores = {d["dado"]: (d["metadados"].get("direcao"), d["metadados"].get("hora"))
               for d in dados_da_pasta(_pasta(tmp_path, _CARTA_COM_HORAS)) if d["campo"] == "valor_transacao"}
    assert valores == {"R$ 2.350,00": ("credito", "15:21:07"), "R$ 2.300,00": ("debito", "15:38:40")}


def test_a_hora_depois_do_valor_nao_e_dele(tmp_path: Path) -> None:
    carta = ("BANCO ORIGINAL S.A.\nInformamos que a conta 55012-3, agência 0001, recebeu em 14/07/2025, às 15:21:07, "
             "crédito via Pix de R$ 2.350,00 (autenticação registrada às 15:21:09), proveniente de ANA BEATRIZ MOREIRA.\n")
    [valor] = [d for d in dados_da_pasta(_pasta(tmp_path, carta)) if d["campo"] == "valor_transacao"]
    assert valor["metadados"]["hora"] == "15:21:07"


def test_o_repasse_rapido_e_o_titular_da_frase(tmp_path: Path) -> None:
    pasta = _pasta(tmp_path, _CARTA_COM_HORAS)
    (pasta / "bo.txt").write_text(_BO, encoding="utf-8")
    [laranja] = [c for c in conclusoes_do_caso(pasta) if c["tipo"] == "identificacao_laranja"]
    assert laranja["afirmacao"].startswith("A conta de RAFAEL SOUZA PINTO (carta.txt)")
    assert "17min33s depois" in laranja["afirmacao"] and laranja["validacao"]["veredicto_geral"] == "VERIFICADO"


def _pasta(tmp_path: Path, carta: str) -> Path:
    pasta = tmp_path / "caso"
    pasta.mkdir()
    (pasta / "carta.txt").write_text(carta, encoding="utf-8")
    return pasta
