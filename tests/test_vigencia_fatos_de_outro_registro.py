"""A identificação do titular cita as datas dos fatos (o primeiro e o último uso do número) para dizer que o cadastro
os cobre. Achado por sondas: quando os usos estão numa tabela só (o Message Log de um records.html de uma página) ou em
linhas vizinhas de um termo, o validador lia a data de outra mensagem como o quando do número e dava CONTRADITO a uma
conclusão certa. A data dos fatos citada com o uso de um número é contexto; citada com o nome ou o CPF de outro
registro, continua erro (o teste de pertinência do nome segue valendo).
"""

from __future__ import annotations

from pathlib import Path

from tests.conftest import conclusoes_do_caso

_OPERADORA = ("CLARO S.A. - Dados cadastrais (horário de Brasília)\n"
              "Linha;Nome do assinante;CPF;Data de ativação\n"
              "{linha};MARCOS VINICIUS ALVES PEREIRA;418.273.659-19;{ativacao}\n")


def _caso(tmp_path: Path, provedor: tuple[str, str], ativacao: str, linha: str = "21998123456") -> list[dict]:
    caso = tmp_path / "caso"
    caso.mkdir()
    (caso / provedor[0]).write_text(provedor[1], encoding="utf-8")
    (caso / "operadora.csv").write_text(_OPERADORA.format(linha=linha, ativacao=ativacao), encoding="utf-8")
    return conclusoes_do_caso(caso)


def test_mensagens_numa_tabela_so(tmp_path: Path) -> None:
    registro = ("Meta Platforms, Inc. - Records\nService: WhatsApp\nAccount Identifier: +5521998123456\n"
                "Message Log\nTimestamp;Sender;Recipients;Sender Ip;Sender Port\n"
                "2025-08-02 13:09:58 UTC;+5521998123456;+5511976543210;177.45.210.33;41822\n"
                "2025-08-03 10:00:00 UTC;+5511976543210;+5521998123456;189.1.2.3;5000\n"
                "2025-08-05 09:30:00 UTC;+5521998123456;+5511976543210;177.45.210.33;41830\n")
    conclusoes = _caso(tmp_path, ("records.csv", registro), "15/01/2025")
    titular = next(c for c in conclusoes if c["tipo"] == "identificacao_titular")
    assert "o cadastro vale desde 15/01/2025" in titular["afirmacao"]
    assert titular["validacao"]["veredicto_geral"] == "VERIFICADO", titular["validacao"]


def test_cadastro_que_comeca_depois_dos_fatos_num_termo(tmp_path: Path) -> None:
    termo = ("TERMO DE DECLARAÇÕES\nDeclarante: Ana Lúcia Ferreira Gomes, CPF 418.273.605-26.\n"
             "QUE no dia 18 de setembro de 2025, por volta de 13h55min, recebeu mensagem do número +55 31 98412-5570;\n"
             "QUE por volta das 14h40min recebeu uma ligação do número 31 97120-3344, de um homem que pedia dinheiro;\n")
    conclusoes = _caso(tmp_path, ("termo.txt", termo), "14/10/2025", linha="31971203344")
    titular = next(c for c in conclusoes if c["tipo"] == "identificacao_titular")
    assert titular["grau_confianca"] == "fraco"
    assert "está cadastrado" in titular["afirmacao"] and "começa em 14/10/2025, depois dos fatos" in titular["afirmacao"]
    assert titular["validacao"]["veredicto_geral"] == "VERIFICADO", titular["validacao"]
