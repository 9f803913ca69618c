"""Extrato em planilha com os valores guardados como números sem formato na coluna "Valor (R$)": "3500" e "-3300"
(sondas de data e valor). O débito negativo não era lido (o sinal não cabia), a laranja não saía; lido, a afirmação
escrevia "saem 3300, 94%" e o validador não achava de que valores saía a conta.

Agora o débito é lido com o sinal, a afirmação escreve "3300 (R$ 3.300,00)" e o validador confere o número da
célula e a conta. Armadilhas: sem "R$" no cabeçalho um inteiro pode estar em centavos (SIMBA) e não é lido; com uma
casa decimal ("-3300,5") não está em centavos e é lido; um valor em reais entre parênteses que não é o do número ao
lado não se sustenta por ele.
"""

from __future__ import annotations

import openpyxl

from perito.extratores.quantias import em_reais_na_coluna
from perito.validador.afirmacao import _reais_de_centavos
from tests.conftest import conclusoes_do_caso, dados_da_pasta


def test_numero_sem_formato_na_coluna_em_reais():
    assert em_reais_na_coluna("-3300", "Valor (R$)") == "-3300,00"
    assert em_reais_na_coluna("3500", "Valor") is None  # pode ser centavos
    assert em_reais_na_coluna("-3300,5", "Valor") == "-3300,50"


def test_reais_entre_parenteses_so_do_mesmo_numero():
    assert _reais_de_centavos("saem 3300 (R$ 3.300,00), 94%") == {"3300.00"}
    assert _reais_de_centavos("saem 3300 (R$ 3.900,00), 94%") == set()


def test_laranja_com_valores_sem_formato_e_verificada(tmp_path):
    caso = tmp_path / "caso"
    caso.mkdir()
    livro = openpyxl.Workbook()
    aba = livro.active
    aba.title = "Extrato"
    aba.append(["Extrato de conta corrente - MARIA OLIVEIRA LIMA - CPF 111.444.777-35 - Agência 0001 - Conta 12345-6"])
    aba.append(["Horários de Brasília"])
    aba.append(["Data/Hora", "Histórico", "Documento", "Valor (R$)", "Saldo (R$)"])
    aba.append(["15/03/2025 11:36:40", "PIX RECEBIDO - JOSE CARLOS DA SILVA", "815366", 3500, 3630])
    aba.append(["15/03/2025 12:04:55", "PIX ENVIADO - RICARDO PEREIRA SANTOS", "815649", -3300, 330])
    livro.save(caso / "extrato.xlsx")
    (caso / "boletim.txt").write_text(
        "POLÍCIA CIVIL DO ESTADO DE SÃO PAULO\nBoletim de Ocorrência nº 1234/2025\n"
        "Vítima: JOSÉ CARLOS DA SILVA, CPF 529.982.247-25\n"
        "Histórico: a vítima enviou um PIX de R$ 3.500,00 às 11:36 de 15/03/2025 para MARIA OLIVEIRA LIMA.\n",
        encoding="utf-8")
    laranja = next(c for c in conclusoes_do_caso(caso) if c["tipo"] == "identificacao_laranja")
    assert "3300 (R$ 3.300,00)" in laranja["afirmacao"] and "94%" in laranja["afirmacao"]
    assert laranja["validacao"]["veredicto_geral"] == "VERIFICADO"


def test_coluna_sem_moeda_com_casas_decimais_noutra_linha(tmp_path):
    """"TRANSACTION_NET_AMOUNT" sem "R$" no nome, com 40, 1800, -1750 e 62,3: a célula com casas decimais mostra que a
    coluna está em reais, e os inteiros dela também são lidos (antes só o 62,3). Armadilha: sem nenhuma célula com
    casas, o inteiro continua sem leitura (pode ser centavos)."""

    def valores(pasta, linhas):
        pasta.mkdir()
        livro = openpyxl.Workbook()
        aba = livro.active
        aba.append(["RELEASE_DATE", "TRANSACTION_TYPE", "TRANSACTION_NET_AMOUNT"])
        for linha in linhas:
            aba.append(linha)
        livro.save(pasta / "extrato.xlsx")
        return sorted(d["metadados"]["valor"] for d in dados_da_pasta(pasta)
                      if d["campo"] == "valor_transacao")

    assert valores(tmp_path / "com", [["11-03-2025", "Pix recebido", 1800], ["11-03-2025", "Pix enviado", -1750],
                                      ["15-03-2025", "Pagamento", -62.3]]) == ["-1750.00", "-62.30", "1800.00"]
    assert valores(tmp_path / "sem", [["11-03-2025", "Pix recebido", 1800], ["11-03-2025", "Pix enviado", -1750]]) == []
