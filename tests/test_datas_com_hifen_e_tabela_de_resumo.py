"""O relatório de movimentações de uma carteira digital (achado por uma sonda): datas `02-08-2025` e a tabela de resumo
acima dos lançamentos (`INITIAL_BALANCE;CREDITS;DEBITS;FINAL_BALANCE`).

Antes: `02-08-2025` não era data (os lançamentos ficavam sem dia, e a materialidade, que compara valor e dia, não
achava o crédito); os totais do resumo viravam dois lançamentos (um crédito de 4.440,90 e um débito de 4.250,00).
Armadilhas: o pedaço de um número de processo do CNJ (`0001221-12.2025.8.26.0100`), um IMEI com hífens e o dia 31
de fevereiro não são datas; uma tabela com saldo (só o corrente) continua de lançamentos.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from perito.chaves import tempo
from perito.extratores.bancario import ExtratorBancario
from perito.leitura.leitor import ler_documento


@pytest.mark.parametrize(("texto", "data"), [
    ("02-08-2025;Transferência", "2025-08-02"),
    ("em 02.08.2025 às 10:13", "2025-08-02"),
    ("21-12-2025 10:00 BRT", "2025-12-21"),
    ("Processo 0001221-12.2025.8.26.0100", None),
    ("IMEI 35-332811-234567-1", None),
    ("31-02-2025", None),
])
def test_data_com_hifen_ou_ponto(texto: str, data: str | None) -> None:
    m = tempo.PADRAO_DATA_HORA.search(texto) or tempo.PADRAO_DATA.search(texto)
    lida = tempo.data(m.group("data")) if m else None
    assert (lida.isoformat() if lida else None) == data


def _lancamentos(tmp_path: Path, conteudo: str) -> list[tuple[str, str | None, str | None]]:
    caminho = tmp_path / "movimentacoes.csv"
    caminho.write_text(conteudo, encoding="utf-8")
    dados = ExtratorBancario().extrair(ler_documento(caminho, caminho.name, "csv")).dados
    return [(d["dado"], d["metadados"].get("direcao"), d["metadados"].get("data"))
            for d in dados if d["campo"] == "valor_transacao"]


_LANCAMENTOS = (
    "RELEASE_DATE;TRANSACTION_TYPE;REFERENCE_ID;TRANSACTION_NET_AMOUNT;PARTIAL_BALANCE\n"
    "02-08-2025;Transferência Pix recebida MARIA APARECIDA SOUZA;88123456789;1.250,90;1.300,90\n"
    "02-08-2025;Transferência Pix enviada JOAO CARLOS PEREIRA;88123456790;-1.200,00;100,90\n"
)


def test_resumo_nao_e_lancamento_e_data_com_hifen_vai_com_o_valor(tmp_path: Path) -> None:
    conteudo = ("Relatório de movimentações\nINITIAL_BALANCE;CREDITS;DEBITS;FINAL_BALANCE\n50,00;4.440,90;4.250,00;240,90\n\n"
                + _LANCAMENTOS)
    assert _lancamentos(tmp_path, conteudo) == [("1.250,90", "credito", "02-08-2025"),
                                                ("-1.200,00", "debito", "02-08-2025")]


def test_tabela_so_com_saldo_corrente_continua_de_lancamentos(tmp_path: Path) -> None:
    assert len(_lancamentos(tmp_path, _LANCAMENTOS)) == 2
