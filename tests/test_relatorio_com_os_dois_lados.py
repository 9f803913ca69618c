"""O relatório de Pix de uma conta com o pagador e o recebedor em cada linha (vigésima sessão: a "relação de Pix" que
o banco manda, "DataHora;EndToEndId;Valor;NomePagador;CpfCnpjPagador;...;NomeRecebedor;CpfCnpjRecebedor;...").

Antes: nenhum lançamento tinha sentido (nem sinal, nem D/C, nem histórico), e nada do dinheiro se concluía. Agora a
conta do relatório é a da pessoa presente em todas as linhas, de um lado ou do outro: recebedora, crédito pago pela
outra parte; pagadora, débito para ela (`principal/dois_lados.py`). Armadilhas: sem uma pessoa só em todas as linhas
(a tabela de transferências entre várias pessoas), ou com uma linha só, nada ganha sentido.
"""

from __future__ import annotations

from pathlib import Path

from tests.conftest import conclusoes_dos_textos

_CABECALHO = ("DataHora;EndToEndId;Valor;NomePagador;CpfCnpjPagador;AgenciaPagador;ContaPagador;NomeRecebedor;"
              "CpfCnpjRecebedor;AgenciaRecebedor;ContaRecebedor;ChaveRecebedor\n")
_ANA_FELIPE = ("2025-06-12T14:30:12-03:00;E182361202025061217300001;2890.00;ANA PAULA RIBEIRO;11144477735;0001;"
               "7777777-1;FELIPE AUGUSTO MOURA;18609139034;0001;123456789;+5521988776655\n")
_FELIPE_JOSE = ("2025-06-12T15:05:02-03:00;E105735212025061218050002;2800.00;FELIPE AUGUSTO MOURA;18609139034;0001;"
                "123456789;JOSE CARLOS LIMA;52998224725;1234;56789-0;\n")
_BOLETIM = ("POLÍCIA CIVIL DO ESTADO DO RIO DE JANEIRO\nREGISTRO DE OCORRÊNCIA 012-04567/2025\n"
            "Vítima: ANA PAULA RIBEIRO, CPF 111.444.777-35.\n"
            "Relata a vítima que em 12/06/2025, às 14h30, fez um Pix de R$ 2.890,00 para FELIPE AUGUSTO MOURA.\n")


def _conclusoes(tmp_path: Path, linhas: str) -> list[dict]:
    tmp_path.mkdir(exist_ok=True)
    return conclusoes_dos_textos(tmp_path, {"bo.txt": _BOLETIM, "relacao_pix.csv": _CABECALHO + linhas})


def test_a_pessoa_de_todas_as_linhas_e_a_conta_do_relatorio(tmp_path: Path) -> None:
    conclusoes = _conclusoes(tmp_path, _ANA_FELIPE + _FELIPE_JOSE)
    [materialidade] = [c for c in conclusoes if c["tipo"] == "materialidade"]
    assert "está creditada na conta de quem recebeu (relacao_pix.csv, linha 2" in materialidade["afirmacao"]
    assert "o pagador no registro bancário é a vítima" in materialidade["afirmacao"]
    [laranja] = [c for c in conclusoes if c["tipo"] == "identificacao_laranja"]
    assert laranja["afirmacao"].startswith("A conta de FELIPE AUGUSTO MOURA CPF/CNPJ 18609139034 (relacao_pix.csv)")
    assert "entra 2890.00 em 2025-06-12 14:30:12 -03:00 e saem 2800.00, 96% do que entrou" in laranja["afirmacao"]
    assert "34min50s depois" in laranja["afirmacao"]
    assert all(c["validacao"]["veredicto_geral"] == "VERIFICADO" for c in (materialidade, laranja))


def test_sem_uma_pessoa_em_todas_as_linhas(tmp_path: Path) -> None:
    outra = _FELIPE_JOSE.replace("FELIPE AUGUSTO MOURA;18609139034", "MARCOS TADEU LEMOS;39053344705").replace(
        "JOSE CARLOS LIMA;52998224725", "RITA DE CASSIA MELO;15350946056")
    conclusoes = _conclusoes(tmp_path / "a", _ANA_FELIPE + outra)
    assert not [c for c in conclusoes if c["tipo"] in ("materialidade", "identificacao_laranja")]
    uma_linha = _conclusoes(tmp_path / "b", _ANA_FELIPE)
    assert not [c for c in uma_linha if c["tipo"] in ("materialidade", "identificacao_laranja")]
