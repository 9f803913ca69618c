"""Issue 15: uma tabela pura (CSV, planilha) é extraída em rodadas de registros, e dá o mesmo que de uma vez.

No auxiliar, cada rodada vira dados conferidos e empacotados antes da próxima: a memória é a de uma rodada,
não a do arquivo. O titular declarado acima da tabela vale através das rodadas; os alertas saem na mesma
ordem. Arquivos reais gerados aqui, com rodadas pequenas para cruzar várias fronteiras.
"""

from __future__ import annotations

from pathlib import Path

import openpyxl
import pytest

from perito.extratores import base
from perito.extratores.lotes import Extraido, extrair_documento
from perito.extratores.registro import escolher
from perito.leitura.leitor import ler_documento


def _csv(pasta: Path) -> Path:
    linhas = ["Cliente: MARIA OLIVEIRA LIMA", "CPF: 111.444.777-35", "Data;Hora (BRT);Endereço IP;Porta;Observação"]
    for i in range(53):
        hora = f"{i % 24:02d}:{i % 60:02d}:00"
        obs = "TRANSAÇÃO PIX R$ 10,00" if i % 7 == 0 else ("sem fuso" if i % 11 == 0 else "LOGIN")
        linhas.append(f"{1 + i % 28:02d}/03/2025;{hora};177.{i}.0.1;{30000 + i};{obs}")
    linhas.append("31/03/2025;25:99:00;999.1.1.1;1;linha com hora e IP inválidos")
    caminho = pasta / "log.csv"
    caminho.write_text("\n".join(linhas) + "\n", encoding="utf-8")
    return caminho


def _xlsx(pasta: Path) -> Path:
    livro = openpyxl.Workbook()
    primeira = livro.active
    primeira.title = "Acessos"
    primeira.append(["Data/hora (UTC-03:00)", "IP", "Porta"])
    for i in range(23):
        primeira.append([f"{1 + i:02d}/03/2025 10:{i:02d}:00", f"189.{i}.0.7", 50000 + i])
    segunda = livro.create_sheet("Cadastro")
    segunda.append(["Nome", "CPF", "Telefone"])
    for i in range(9):
        segunda.append([f"PESSOA NUMERO {i}", "111.444.777-35", f"(11) 9{i}876-5432"])
    caminho = pasta / "acessos.xlsx"
    livro.save(caminho)
    return caminho


@pytest.mark.parametrize("gerar, tipo", [(_csv, "csv"), (_xlsx, "xlsx")])
@pytest.mark.parametrize("por_rodada", [1, 4, 10, 10_000])
def test_em_rodadas_da_o_mesmo_que_de_uma_vez(tmp_path, monkeypatch, gerar, tipo, por_rodada):
    caminho = gerar(tmp_path)
    documento = ler_documento(caminho, caminho.name, tipo)
    extrator = escolher(documento)
    inteiro = extrator.extrair(ler_documento(caminho, caminho.name, tipo))  # sem coletor: uma rodada só
    monkeypatch.setattr(base, "_REGISTROS_POR_RODADA", por_rodada)
    rodadas: list[list[dict]] = []
    em_rodadas = extrator.extrair(documento, rodadas.append)
    assert em_rodadas.dados == [] and len(rodadas) >= (2 if por_rodada < 10 else 1)
    assert [d for r in rodadas for d in r] == inteiro.dados and len(inteiro.dados) > 20
    assert em_rodadas.alertas == inteiro.alertas


def test_no_auxiliar_as_rodadas_vao_empacotadas_e_voltam_na_ordem(tmp_path, monkeypatch):
    from perito.extratores import lotes

    caminho = _csv(tmp_path)
    esperado = extrair_documento(ler_documento(caminho, caminho.name, "csv"))
    monkeypatch.setattr(base, "_REGISTROS_POR_RODADA", 5)
    monkeypatch.setattr(lotes, "POR_PARTE", 7)
    empacotado = extrair_documento(ler_documento(caminho, caminho.name, "csv"), empacotar=True)
    assert isinstance(empacotado, Extraido) and len(empacotado.partes) >= 5  # empacotado durante a extração
    assert empacotado.alertas == esperado.alertas
    assert empacotado.todos() == esperado.dados


def test_titular_declarado_acima_da_tabela_vale_em_todas_as_rodadas(tmp_path, monkeypatch):
    """Nome e CPF declarados acima do cabeçalho (e uma linha de título sem dado entre eles) chegam ao contexto
    do titular de cada acesso, mesmo com uma rodada por registro."""
    caminho = tmp_path / "log.csv"
    caminho.write_text(
        "Cliente: MARIA OLIVEIRA LIMA\nRelatório de acessos\nCPF: 111.444.777-35\n"
        "Data;Hora (BRT);Endereço IP\n01/03/2025;10:00:00;177.1.2.3\n02/03/2025;11:00:00;177.1.2.4\n",
        encoding="utf-8",
    )
    monkeypatch.setattr(base, "_REGISTROS_POR_RODADA", 1)
    dados = extrair_documento(ler_documento(caminho, caminho.name, "csv"), empacotar=True).todos()
    ips = [d for d in dados if d["tipo_dado"] == "ip"]
    assert len(ips) == 2
    for ip in ips:
        contexto = ip["metadados"]["contexto_titular"]
        assert contexto["nome"] == "MARIA OLIVEIRA LIMA" and contexto["cpf"] == "111.444.777-35"
