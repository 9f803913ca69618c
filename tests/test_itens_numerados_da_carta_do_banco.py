"""A carta de uma instituição de pagamento que lista as movimentações em itens numerados, cada um numa frase que passa
para a linha de baixo ("1. Em 13/07/2025, às 09h12min, foi recebida transferência Pix no valor de R$ 150,00, tendo
como" / "pagador MARCOS PAULO SILVA, CPF ..."), e diz o lado pela outra parte ("tendo como recebedor JOAO ...").

Achado por sonda: o "1." do item era lido como fim de frase, e a linha do valor e a da outra parte viravam registros
diferentes (o crédito sem o pagador); a saída "foi realizada transferência ..., tendo como recebedor" ficava sem
direção, e o repasse de 97% em 9 minutos não aparecia como indício de conta de passagem.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from perito.analise import Parametros, analisar
from perito.extratores.lotes import extrair_documento
from perito.leitura.leitor import ler_documento

_CARTA = (
    "PICPAY INSTITUIÇÃO DE PAGAMENTO S.A.\n"
    "Ofício nº 880/2025 - 12º DP\n\n"
    "Em atendimento à requisição, informamos que a conta 9876543-2, agência 0001, é de titularidade de\n"
    "RAFAEL DUARTE LIMA, CPF 529.982.247-25, aberta em 02/03/2024. No período solicitado foram registradas\n"
    "as seguintes movimentações:\n\n"
    "1. Em 13/07/2025, às 09h12min, foi recebida transferência Pix no valor de R$ 150,00, tendo como\n"
    "pagador MARCOS PAULO SILVA, CPF 318.765.432-05.\n"
    "2. Em 14/07/2025, às 10h32min, foi recebida transferência Pix no valor de R$ 2.350,00, tendo como\n"
    "pagadora HELENA MARQUES COSTA, CPF 123.456.789-09.\n"
    "3. Em 14/07/2025, às 10h41min, foi realizada transferência Pix no valor de R$ 2.300,00, tendo como\n"
    "recebedor JOAO VITOR ALMEIDA, CPF 111.444.777-35.\n\n"
    "Os horários informados referem-se ao horário de Brasília.\n")
_BOLETIM = (
    "BOLETIM DE OCORRÊNCIA Nº 4521/2025 - 12º DP\n"
    "VÍTIMA: HELENA MARQUES COSTA, CPF 123.456.789-09\n"
    "HISTÓRICO:\n"
    "A vítima relata que no dia 14/07/2025, por volta das 10h30, transferiu via Pix o valor de R$ 2.350,00 para a\n"
    "chave aleatória 7c1e5b2a-3f4d-4e8a-9b6c-2d1f0a9e8b7c, que aparecia em nome de RAFAEL D LIMA.\n")
_DICT = (
    "Chave: 7c1e5b2a-3f4d-4e8a-9b6c-2d1f0a9e8b7c (aleatória)\n"
    "Nome do titular: RAFAEL DUARTE LIMA\nCPF: 529.982.247-25\n"
    "Participante: PICPAY   Agência: 0001   Conta: 9876543-2\n")


def _lancamentos(tmp_path: Path, carta: str) -> list[tuple[str, str | None, str | None]]:
    caminho = tmp_path / "resposta_picpay.txt"
    caminho.write_text(carta, encoding="utf-8")
    dados = extrair_documento(ler_documento(caminho, caminho.name, "txt")).todos()
    return [(d["dado"], d["metadados"].get("direcao"), d["metadados"].get("contraparte")) for d in dados
            if d["campo"] == "valor_transacao"]


def test_cada_item_e_um_lancamento_com_a_outra_parte_e_o_lado(tmp_path: Path) -> None:
    assert _lancamentos(tmp_path, _CARTA) == [
        ("R$ 150,00", "credito", "MARCOS PAULO SILVA"), ("R$ 2.350,00", "credito", "HELENA MARQUES COSTA"),
        ("R$ 2.300,00", "debito", "JOAO VITOR ALMEIDA")]


@pytest.mark.parametrize(("papel", "lado"), [("pagador", "credito"), ("remetente", "credito"),
                                             ("favorecido", "debito"), ("beneficiária", "debito")])
def test_o_papel_da_outra_parte_da_o_lado(tmp_path: Path, papel: str, lado: str) -> None:
    carta = ("Informamos que a conta 9876543-2, agência 0001, é de titularidade de RAFAEL DUARTE LIMA.\n"
             f"1. Em 14/07/2025, às 10h41min, foi processada transferência Pix no valor de R$ 2.300,00, tendo como\n"
             f"{papel} JOAO VITOR ALMEIDA, CPF 111.444.777-35.\n")
    assert [d for _, d, _ in _lancamentos(tmp_path, carta)] == [lado]


def test_relato_sem_lado_continua_sem_direcao(tmp_path: Path) -> None:
    # a armadilha: a vítima conta o Pix sem palavra de lado; nada a põe como crédito ou débito de alguém
    carta = ("A vítima relata que no dia 14/07/2025 transferiu via Pix o valor de R$ 2.350,00 para a chave\n"
             "7c1e5b2a-3f4d-4e8a-9b6c-2d1f0a9e8b7c.\n")
    assert [d for _, d, _ in _lancamentos(tmp_path, carta)] == [None]


def test_repasse_rapido_da_carta_verificado(tmp_path: Path) -> None:
    caso = tmp_path / "caso"
    caso.mkdir()
    (caso / "resposta_picpay.txt").write_text(_CARTA, encoding="utf-8")
    (caso / "boletim.txt").write_text(_BOLETIM, encoding="utf-8")
    (caso / "resposta_dict.txt").write_text(_DICT, encoding="utf-8")
    saida = tmp_path / "saida"
    analisar(Parametros(caso, saida, data_analise="2025-09-01"))
    conclusoes = json.loads((saida / "conclusoes.json").read_text(encoding="utf-8"))["conclusoes"]
    (laranja,) = [c for c in conclusoes if c["tipo"] == "identificacao_laranja"]
    assert "repasse rápido" in laranja["afirmacao"] and "9min00s depois" in laranja["afirmacao"]
    assert all(c["validacao"]["veredicto_geral"] == "VERIFICADO" for c in conclusoes)
