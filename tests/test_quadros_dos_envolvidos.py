"""O boletim da delegacia eletrônica com um quadro por envolvido (sonda da 25ª sessão): "Vítima" / "Nome: ANA ..." /
"CPF: ..." / "Telefone: ..." e, logo abaixo, "Autor" / "Nome: Não identificado" / "Telefone: (11) 98765-4321". Antes:
os dois quadros eram um registro só (o telefone do autor no registro da vítima), e a vítima ficava sem o CPF escrito
na linha de baixo do nome."""

from __future__ import annotations

from pathlib import Path

from tests.conftest import conclusoes_dos_textos, dados_da_pasta

_BO = """BOLETIM DE OCORRÊNCIA Nº ED1234/2025
Natureza: Estelionato (art. 171 CP) - fraude eletrônica

PARTES ENVOLVIDAS
Vítima
Nome: ANA BEATRIZ MOREIRA
CPF: 318.274.519-04
Telefone: (11) 97766-1234
Autor
Nome: Não identificado
Telefone: (11) 98765-4321

HISTÓRICO
No dia 14/07/2025, às 15h20, a vítima transferiu R$ 2.350,00 por Pix para a chave informada pelo autor.
"""
_EXTRATO = ("Banco Horizonte S.A. - Extrato\nTitular: RAFAEL SOUZA PINTO - CPF 083.016.613-05 - Agência 0001 - Conta "
            "4471239-8\nData;Hora;Descrição;Valor;Saldo\n"
            "14/07/2025;15:21:07;PIX RECEBIDO ANA BEATRIZ MOREIRA;2.350,00;2.410,55\n")


def test_cada_quadro_um_registro(tmp_path: Path) -> None:
    caso = tmp_path / "caso"
    caso.mkdir()
    (caso / "bo.txt").write_text(_BO, encoding="utf-8")
    registros = {d["dado"]: d["metadados"]["registro"] for d in dados_da_pasta(caso)
                 if d["campo"] in ("telefone", "nome_titular", "cpf")}
    assert registros["ANA BEATRIZ MOREIRA"] == registros["318.274.519-04"] == registros["(11) 97766-1234"]
    assert registros["(11) 98765-4321"] != registros["(11) 97766-1234"]


def test_a_vitima_com_o_cpf_do_quadro(tmp_path: Path) -> None:
    conclusoes = conclusoes_dos_textos(tmp_path, {"bo.txt": _BO, "extrato.csv": _EXTRATO})
    (materialidade,) = [c for c in conclusoes if c["tipo"] == "materialidade"]
    assert "vítima ANA BEATRIZ MOREIRA CPF/CNPJ 31827451904" in materialidade["afirmacao"]
    assert materialidade["validacao"]["veredicto_geral"] == "VERIFICADO"


def test_o_cpf_de_outra_pessoa_no_registro_nao_e_da_vitima(tmp_path: Path) -> None:
    # armadilha: num quadro com duas pessoas, o CPF da linha de baixo não se sabe de quem é
    bo = _BO.replace("CPF: 318.274.519-04", "Declarante: JOSE CARLOS LIMA\nCPF: 529.982.247-25")
    conclusoes = conclusoes_dos_textos(tmp_path, {"bo.txt": bo, "extrato.csv": _EXTRATO})
    (materialidade,) = [c for c in conclusoes if c["tipo"] == "materialidade"]
    assert "52998224725" not in materialidade["afirmacao"]
