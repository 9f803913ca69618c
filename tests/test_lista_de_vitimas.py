"""O relatório de investigação com a lista de vítimas (sonda da 23ª sessão): "Foram identificadas as seguintes vítimas:"
e "1) ANA BEATRIZ MOREIRA, CPF ..., que em 14/07/2025 transferiu R$ 2.350,00 via Pix;". Os nomes não eram vítimas: cada
materialidade ficava moderada e dizia, falsamente, que "o registro bancário não nomeia a vítima como pagadora (o pagador
ali é ANA BEATRIZ MOREIRA)". Agora o nome que abre cada item é uma vítima; e, quando o relato não nomeia quem pagou, a
materialidade diz isso, não que o banco não nomeia a vítima."""

from __future__ import annotations

from pathlib import Path

from tests.conftest import conclusoes_dos_textos, dados_da_pasta

_RELATORIO = (
    "POLÍCIA CIVIL DO ESTADO DE SÃO PAULO\nRELATÓRIO DE INVESTIGAÇÃO Nº 77/2025 - DEIC\n"
    "Foram identificadas as seguintes vítimas:\n"
    "1) ANA BEATRIZ MOREIRA, CPF 526.018.159-06, que em 14/07/2025 transferiu R$ 2.350,00 via Pix;\n"
    "2) MARIANA SOUZA LEITE, que em 15/07/2025 transferiu R$ 890,00 via Pix.\n"
    "Testemunha: PAULO ROBERTO DIAS, CPF 111.444.777-35.\n"
    "Todas as transferências tiveram como destino a conta de JULIANA COSTA RAMOS.\n")
_EXTRATO = ("BANCO SANTANDER (BRASIL) S.A. - Extrato de conta corrente\nTitular: JULIANA COSTA RAMOS\n\n"
            "Data        Histórico                                        Valor\n"
            "14/07/2025  PIX RECEBIDO ANA BEATRIZ MOREIRA                  2.350,00\n"
            "15/07/2025  PIX RECEBIDO MARIANA SOUZA LEITE                    890,00\n")


def test_o_nome_de_cada_item_e_vitima(tmp_path: Path) -> None:
    pasta = tmp_path / "caso"
    pasta.mkdir()
    (pasta / "relatorio.txt").write_text(_RELATORIO, encoding="utf-8")
    papeis = {d["dado"]: d["metadados"]["papel"] for d in dados_da_pasta(pasta) if d["campo"] == "nome_titular"}
    assert papeis["ANA BEATRIZ MOREIRA"] == "vitima" and papeis["MARIANA SOUZA LEITE"] == "vitima"
    # a lista acaba no primeiro não-item: a testemunha e a dona da conta não são vítimas
    assert papeis.get("PAULO ROBERTO DIAS") != "vitima" and papeis.get("JULIANA COSTA RAMOS") != "vitima"


def test_cada_materialidade_e_forte(tmp_path: Path) -> None:
    conclusoes = conclusoes_dos_textos(tmp_path, {"relatorio.txt": _RELATORIO, "extrato.txt": _EXTRATO})
    materialidades = [c for c in conclusoes if c["tipo"] == "materialidade"]
    assert len(materialidades) == 2 and {c["grau_confianca"] for c in materialidades} == {"forte"}
    assert {c["validacao"]["veredicto_geral"] for c in materialidades} == {"VERIFICADO"}


def test_sem_a_vitima_no_relato_a_materialidade_diz_que_o_relato_nao_nomeia_quem_pagou(tmp_path: Path) -> None:
    relato = ("BOLETIM DE OCORRÊNCIA Nº 5120/2025\nHistórico: em 14/07/2025 foi feito um Pix de R$ 2.350,00 para a conta "
              "de JULIANA COSTA RAMOS.\n")
    [materialidade] = [c for c in conclusoes_dos_textos(tmp_path, {"bo.txt": relato, "extrato.txt": _EXTRATO})
                       if c["tipo"] == "materialidade"]
    assert materialidade["grau_confianca"] == "moderado"
    assert "o relato não nomeia quem pagou (no registro bancário, o pagador é ANA BEATRIZ MOREIRA)" in (
        materialidade["afirmacao"])
    assert "não nomeia a vítima" not in materialidade["afirmacao"]
