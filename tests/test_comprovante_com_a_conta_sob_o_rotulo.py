"""O comprovante do aplicativo com cada rótulo numa linha e o número na de baixo (sonda da 25ª sessão):
`Agência` / `0001` / `Conta` / `4471239-8`, nos dados de quem recebeu e nos de quem pagou. Antes: nenhuma das duas
contas era lida (o rótulo "Conta" sozinho em cima não basta a um número sem agência ao lado)."""

from __future__ import annotations

from pathlib import Path

from tests.conftest import dados_da_pasta

_COMPROVANTE = """Comprovante de transferência
14 JUL 2025 - 15:21:07
Valor
R$ 2.350,00
Destino
Nome
RAFAEL SOUZA PINTO
Instituição
BANCO HORIZONTE S.A.
Agência
0001
Conta
4471239-8
Origem
Nome
ANA BEATRIZ MOREIRA
Agência
0001
Conta
9876543-2
"""


def _contas(tmp_path: Path, texto: str) -> list[tuple[str, str, str]]:
    caso = tmp_path / "caso"
    caso.mkdir(exist_ok=True)
    (caso / "comprovante.txt").write_text(texto, encoding="utf-8")
    return [(d["dado"], d["metadados"]["agencia"], d["linha_ou_celula"]) for d in dados_da_pasta(caso)
            if d["campo"] == "conta_bancaria"]


def test_as_duas_contas_com_a_agencia(tmp_path: Path) -> None:
    assert _contas(tmp_path, _COMPROVANTE) == [("4471239-8", "0001", "linha 13"), ("9876543-2", "0001", "linha 20")]


def test_a_agencia_e_citada_no_local_dela(tmp_path: Path) -> None:
    caso = tmp_path / "caso"
    caso.mkdir()
    (caso / "comprovante.txt").write_text(_COMPROVANTE, encoding="utf-8")
    (conta, _) = [d for d in dados_da_pasta(caso) if d["campo"] == "conta_bancaria"]
    assert conta["metadados"]["apoio"] == [{"papel": "agencia", "pagina": None, "linha_ou_celula": "linha 11",
                                            "dado": "0001"}]


def test_sem_os_rotulos_na_ordem_nao_e_conta(tmp_path: Path) -> None:
    # armadilhas: o número sob "Valor" ou sob "Protocolo", e a conta sem a agência logo acima dela
    assert _contas(tmp_path, "Protocolo\n0001\nConta\n4471239-8\n") == []
    assert _contas(tmp_path, "Agência\n0001\nValor\n2350\n") == []
