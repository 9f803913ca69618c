"""A relação de transferências de uma conta com as duas pontas em colunas, sem dizer de quem é a conta.

"Data/Hora | Nome Pagador | CPF/CNPJ Pagador | Nome Recebedor | CPF/CNPJ Recebedor | Valor | Tipo": o crédito entrou na
conta de quem recebeu, o débito saiu da de quem pagou. Sem isso, a conta de passagem era "de titular não declarado" e a
identificação da laranja não dizia quem ela é (nem o CPF dela).
"""

from __future__ import annotations

import copy
import datetime as dt
import json
from pathlib import Path

from openpyxl import Workbook

from perito.validador.agente import validar
from tests.conftest import conclusoes_do_caso, dados_da_pasta

_CABECALHO = ["Data/Hora (Brasília)", "Nome Pagador", "CPF/CNPJ Pagador", "Nome Recebedor", "CPF/CNPJ Recebedor",
              "Valor (R$)", "Tipo"]
_CREDITO = [dt.datetime(2025, 6, 2, 15, 10, 3), "CLAUDIA REGINA PORTO", "410.946.685-75", "WESLEY SANTOS NUNES",
            "234.703.970-90", 1890.00, "CRÉDITO"]
_DEBITO = [dt.datetime(2025, 6, 2, 15, 24, 51), "WESLEY SANTOS NUNES", "234.703.970-90", "DIEGO FERREIRA BRAGA",
           "117.608.650-28", 1800.00, "DÉBITO"]


def _relacao(caminho, linhas: list[list], titulo: str = "Relatório de transações Pix - Banco Cerrado S.A.") -> None:
    livro = Workbook()
    aba = livro.active
    aba.append([titulo])
    aba.append(_CABECALHO)
    for linha in linhas:
        aba.append(linha)
    for celula in aba["A"][2:]:
        celula.number_format = "dd/mm/yyyy hh:mm:ss"
    livro.save(caminho)


def _titulares(pasta) -> dict[str, tuple[str, str | None]]:
    return {d["linha_ou_celula"]: (d["metadados"]["contexto_titular"]["nome"], d["metadados"]["contexto_titular"].get("cpf"))
            for d in dados_da_pasta(pasta) if d["campo"] == "valor_transacao" and "contexto_titular" in d["metadados"]}


def test_o_lado_da_conta_em_cada_linha(tmp_path):
    _relacao(tmp_path / "pix.xlsx", [_CREDITO, _DEBITO])
    assert _titulares(tmp_path) == {"celula F3": ("WESLEY SANTOS NUNES", "234.703.970-90"),
                                    "celula F4": ("WESLEY SANTOS NUNES", "234.703.970-90")}


def test_armadilha_o_titular_declarado_governa(tmp_path):
    # o cabeçalho diz de quem é a conta: o lado de cada linha não o troca
    _relacao(tmp_path / "pix.xlsx", [_CREDITO], titulo="Extrato de conta corrente - MARIA DA SILVA - CPF 111.444.777-35")
    assert _titulares(tmp_path) == {"celula F3": ("MARIA DA SILVA", "111.444.777-35")}


def test_armadilha_o_comprovante_em_texto_nao_e_relacao(tmp_path):
    (tmp_path / "comprovante.txt").write_text(
        "Comprovante de transferência Pix\nPagador: CLAUDIA REGINA PORTO\nRecebedor: WESLEY SANTOS NUNES\n"
        "Data: 02/06/2025 15:10:03  Valor: R$ 1.890,00  Pix enviado\n", encoding="utf-8")
    assert _titulares(tmp_path) == {}


def _laranja_da_relacao(tmp_path) -> tuple[Path, dict]:
    """O caso da relação de Pix (crédito da vítima, débito ao investigado) com o relato da vítima, analisado."""
    caso = tmp_path / "caso"
    caso.mkdir()
    _relacao(caso / "pix.xlsx", [_CREDITO, _DEBITO])
    (caso / "bo.txt").write_text("POLÍCIA CIVIL - BOLETIM DE OCORRÊNCIA\nVítima: CLAUDIA REGINA PORTO, CPF 410.946.685-75."
                                 "\nEm 02/06/2025 fez um Pix de R$ 1.890,00 para WESLEY SANTOS NUNES.\n", encoding="utf-8")
    [laranja] = [c for c in conclusoes_do_caso(caso, "2025-12-01") if c["tipo"] == "identificacao_laranja"]
    return caso, laranja


def test_a_laranja_pelo_lado_da_conta(tmp_path):
    _, laranja = _laranja_da_relacao(tmp_path)
    assert laranja["afirmacao"].startswith("A conta de WESLEY SANTOS NUNES CPF/CNPJ 23470397090")
    assert laranja["validacao"]["veredicto_geral"] == "VERIFICADO"
    citados = {(r["linha_ou_celula"], r["dado_citado"]) for r in laranja["referencias"] if r["arquivo"] == "pix.xlsx"}
    assert ("celula D3", "WESLEY SANTOS NUNES") in citados or ("celula B4", "WESLEY SANTOS NUNES") in citados


def test_armadilha_o_cpf_do_pagador_dado_ao_recebedor_e_contradito(tmp_path):
    # a linha tem as duas pessoas, cada uma com o seu CPF ao lado: o CPF do pagador dito do recebedor não fica VERIFICADO
    caso, laranja = _laranja_da_relacao(tmp_path)
    todas = json.loads((tmp_path / "saida" / "conclusoes.json").read_text(encoding="utf-8"))
    errada = copy.deepcopy(laranja)
    errada["afirmacao"] = errada["afirmacao"].replace("WESLEY SANTOS NUNES CPF/CNPJ 23470397090",
                                                      "WESLEY SANTOS NUNES CPF/CNPJ 41094668575")
    errada["referencias"].append({"arquivo": "pix.xlsx", "pagina": None, "linha_ou_celula": "celula C3",
                                  "dado_citado": "410.946.685-75", "extrator_id": "extrator_bancario_01",
                                  "aba_planilha": "Sheet"})
    errada["validacao"] = None
    validacao = validar({**todas, "conclusoes": [errada]}, caso, "2025-12-01")["validacoes"][0]
    do_pagador = [d for d in validacao["detalhes"] if d["arquivo"] == "pix.xlsx" and d["dado_citado"] == "410.946.685-75"]
    assert do_pagador and all(d["status"] == "CONTRADITO" and "CLAUDIA REGINA PORTO" in d["observacao"]
                              for d in do_pagador)
    assert laranja["validacao"]["veredicto_geral"] == "VERIFICADO"  # a certa, que o perito fez
