"""O CPF mascarado escrito logo depois do nome no histórico do extrato é do nome (homônimo se não cabe no CPF)."""

from perito.extratores.reconhecedores import reconhecer


def _nome(texto: str) -> dict:
    return next(a.metadados for a in reconhecer(texto) if a.campo == "nome_titular")


def test_mascara_depois_do_nome_no_historico():
    meta = _nome("09/07/2024 12:42:00 PIX RECEBIDO RICARDO PEREIRA SANTOS ***.821.560-** R$ 1.205,00")
    assert meta["cpf_mascarado"] == "***.821.560-**"
    meta = _nome("09/07/2024 PIX RECEBIDO RICARDO PEREIRA SANTOS - CPF •••.821.560-•• R$ 1.205,00")
    assert meta["cpf_mascarado"] == "•••.821.560-••"


def test_armadilha_cpf_inteiro_nao_e_mascara_do_nome():
    assert "cpf_mascarado" not in _nome("09/07/2024 PIX RECEBIDO RICARDO PEREIRA SANTOS 347.821.560-90 R$ 1.205,00")
