"""O preâmbulo do extrato em CSV com rótulos e valores em células vizinhas (vigésima primeira sessão, caso c34).

`"Cliente";"RAFAEL SOUZA PINTO";"CPF";"083.016.613-05"` e `"Agência";"0001";"Conta";"4471239-8"` em cima do cabeçalho:
relida como texto, a linha não dava o nome (sem os dois-pontos, o nome não tinha rótulo) nem a conta, e a conta de
passagem ficava "de titular não declarado". Agora as células que se alternam entre rótulo conhecido e valor são lidas
como "Rótulo: valor", e cada achado cita o texto da célula do valor; numa planilha, o mesmo nas células antes do
cabeçalho, e o validador não toma a linha de pares por par das linhas de dados (o CPF do titular citado com o débito de
outra linha era "de outro registro"). Armadilha: a linha que não alterna rótulos
conhecidos ("Período";"01/07/2025 a 31/07/2025") segue lida como sempre.
"""

from __future__ import annotations

from pathlib import Path

from perito.extratores import pares_de_celulas
from perito.leitura.documento import Trecho
from tests.conftest import BO_DA_ANA as BO
from tests.conftest import conclusoes_dos_textos

EXTRATO = ('"Extrato de Conta Corrente - Banco Horizonte S.A."\n"Cliente";"RAFAEL SOUZA PINTO";"CPF";"083.016.613-05"\n'
           '"Agência";"0001";"Conta";"4471239-8"\n""\n"Data";"Tipo";"Valor";"Favorecido/Pagador";"Documento"\n'
           '"14/07/2025 15:21";"C";"2350,00";"ANA BEATRIZ MOREIRA";"526.018.159-06"\n'
           '"14/07/2025 15:40";"D";"2300,00";"LUCIANA FERREIRA DIAS";"186.091.390-34"\n')


def _linha(texto: str, celulas: tuple[str, ...]) -> Trecho:
    return Trecho(None, "linha 2", texto, "csv", celulas=celulas)


def test_pares_de_celulas_citam_o_valor() -> None:
    achados = pares_de_celulas.achados(_linha('"Agência";"0001";"Conta";"4471239-8"', ("Agência", "0001", "Conta",
                                                                                      "4471239-8")))
    [conta] = [a for a in achados or [] if a.campo == "conta_bancaria"]
    assert conta.dado == "4471239-8" and conta.metadados["agencia"] == "0001"
    texto = '"Cliente";"RAFAEL SOUZA PINTO";"CPF";"083.016.613-05"'
    nomes = [a for a in pares_de_celulas.achados(_linha(texto, ("Cliente", "RAFAEL SOUZA PINTO", "CPF",
                                                                 "083.016.613-05"))) or [] if a.campo == "nome_titular"]
    assert [(n.dado, n.metadados["papel"], texto[n.inicio:n.fim]) for n in nomes] == [
        ("RAFAEL SOUZA PINTO", "cliente", "RAFAEL SOUZA PINTO")]


def test_linha_sem_rotulos_alternados_segue_como_texto() -> None:
    assert pares_de_celulas.achados(_linha('"Período";"01/07/2025 a 31/07/2025"',
                                           ("Período", "01/07/2025 a 31/07/2025"))) is None


def test_titular_declarado_no_preambulo(tmp_path: Path) -> None:
    conclusoes = {c["tipo"]: c for c in conclusoes_dos_textos(tmp_path, {"bo.txt": BO, "extrato.csv": EXTRATO})}
    laranja = conclusoes["identificacao_laranja"]
    assert laranja["afirmacao"].startswith("A conta de RAFAEL SOUZA PINTO CPF/CNPJ 08301661305 (extrato.csv)")
    assert laranja["validacao"]["veredicto_geral"] == "VERIFICADO"


def test_preambulo_de_pares_na_planilha(tmp_path: Path) -> None:
    import datetime as dt

    from openpyxl import Workbook

    from tests.conftest import conclusoes_do_caso

    caso = tmp_path / "caso"
    caso.mkdir()
    livro = Workbook()
    aba = livro.active
    aba.title = "Extrato"
    for linha in (["Extrato de Conta Corrente - Banco Horizonte S.A."], ["Cliente", "RAFAEL SOUZA PINTO", "CPF",
                  "083.016.613-05"], ["Agência", "0001", "Conta", "4471239-8"], [],
                  ["Data", "Tipo", "Valor", "Favorecido/Pagador", "Documento"],
                  [dt.datetime(2025, 7, 14, 15, 21), "C", 2350.0, "ANA BEATRIZ MOREIRA", "526.018.159-06"],
                  [dt.datetime(2025, 7, 14, 15, 40), "D", 2300.0, "LUCIANA FERREIRA DIAS", "186.091.390-34"]):
        aba.append(linha)
    for celula in aba["A"][5:]:
        celula.number_format = "DD/MM/YYYY HH:MM"
    for celula in aba["C"][5:]:
        celula.number_format = "#,##0.00"
    livro.save(caso / "extrato.xlsx")
    (caso / "bo.txt").write_text(BO, encoding="utf-8")
    [laranja] = [c for c in conclusoes_do_caso(caso) if c["tipo"] == "identificacao_laranja"]
    assert laranja["afirmacao"].startswith("A conta de RAFAEL SOUZA PINTO CPF/CNPJ 08301661305 (extrato.xlsx)")
    assert laranja["validacao"]["veredicto_geral"] == "VERIFICADO"
