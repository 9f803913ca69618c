"""A tabela de regras do README é a que o código declara (`DESCRICAO` de cada módulo de regra)."""

from __future__ import annotations

import sys

import pytest

from perito.principal.agente import REGRAS
from perito.principal.tabela_regras import FIM, INICIO, descricoes, no_readme, readme_com_tabela, tabela
from tests.conftest import RAIZ


def test_tabela_do_readme_e_a_do_codigo():
    readme = (RAIZ / "README.md").read_text(encoding="utf-8")
    assert no_readme(readme) == tabela(), "README desatualizado: rode python scripts/tabela_regras.py --escrever"


def test_toda_regra_tem_uma_linha_na_ordem_do_principal():
    assert [tipo for tipo, _ in descricoes()] == [tipo for tipo, _ in REGRAS]
    assert tabela().count("\n| `") == len(REGRAS)


def test_barra_vertical_no_texto_nao_abre_coluna(monkeypatch):
    modulo = sys.modules[dict(REGRAS)["materialidade"].__module__]
    monkeypatch.setattr(modulo, "DESCRICAO", ("texto | com barra", "sempre", "nunca"))
    assert "| `materialidade` | texto \\| com barra | sempre | nunca |" in tabela()


def test_regra_sem_descricao_completa_e_recusada(monkeypatch):
    modulo = sys.modules[dict(REGRAS)["padrao_temporal"].__module__]
    monkeypatch.setattr(modulo, "DESCRICAO", "só um texto")
    with pytest.raises(ValueError, match="padrao_temporal"):
        tabela()


def test_regravar_o_readme_troca_so_a_tabela():
    texto = f"antes\n{INICIO}\n| velha |\n{FIM}\ndepois\n"
    novo = readme_com_tabela(texto)
    assert novo.startswith(f"antes\n{INICIO}\n") and novo.endswith(f"{FIM}\ndepois\n")
    assert no_readme(novo) == tabela() and "| velha |" not in novo


def test_armadilha_valor_que_atravessa_a_virgula_do_csv(tmp_path):
    """Semente 66: "724-23-6375-28286,35-298160-470377-2" (fim do Cell ID, vírgula do CSV, começo do IMEI) era lido
    como o valor R$ 28.286,35, e o IMEI da coluna sumia. Um valor nunca atravessa a borda da célula; data e hora
    em colunas vizinhas continuam um instante."""
    from perito.extratores.registro import escolher
    from perito.leitura.tabela_csv import ler_csv

    (tmp_path / "cdr.csv").write_text(
        "Timestamp (horário de Brasília),Type,A Number,B Number,Duration,Cell ID,IMEI\n"
        "2022-06-20 16:41:12,SMS-O,(44) 9 6986-9663,(44) 9 8559-7081,0,724-23-6375-28286,35-298160-470377-2\n"
        "2022-06-23 12:29:08,VOZ-O,(44) 9 6986-9663,(44) 9 6673-0056,150,724-31-4721-36671,35-298160-470377-2\n",
        encoding="utf-8")
    documento = ler_csv(tmp_path / "cdr.csv", "cdr.csv")
    dados = escolher(documento).extrair(documento).dados
    assert [d for d in dados if d["campo"] == "valor_transacao"] == []
    assert [d["metadados"]["imei_corpo"] for d in dados if d["campo"] == "imei"] == ["35298160470377"] * 2


def test_hora_com_fuso_na_celula_e_o_dia_noutra_coluna(tmp_path):
    """Semente 73: colunas "Hr" (`13:46:22 +00:00`, o fuso escrito junto) e "Dia", nessa ordem: o IP ficava sem
    data-hora. Armadilha: o fuso da célula vale mais que o de outro lugar do documento."""
    from perito.extratores.registro import escolher
    from perito.leitura.tabela_csv import ler_csv

    (tmp_path / "log.csv").write_text(
        "Registros de conexão (IP) - horários de Brasília\n"
        "Evento,IP,Hr,Resultado,Porta lógica,Dia\n"
        "Login,::ffff:138.222.119.53,00:45:27 +00:00,SUCESSO,50057,02/04/2023\n"
        "Envio de mensagem,::ffff:187.130.198.34,13:46:22 +00:00,SUCESSO,10595,12/04/2023\n", encoding="utf-8")
    documento = ler_csv(tmp_path / "log.csv", "log.csv")
    ips = {d["dado"]: d["metadados"] for d in escolher(documento).extrair(documento).dados if d["tipo_dado"] == "ip"}
    assert ips["187.130.198.34"]["instante_utc"] == "2023-04-12T13:46:22Z" and ips["187.130.198.34"]["porta"] == "10595"
    assert ips["138.222.119.53"]["fuso"] == "+00:00"
