"""Planilha com o cabeçalho em dois níveis: a linha de grupos ("Data/hora do acesso (BRT)" mesclada sobre Data e Hora,
"Origem" sobre IP e Porta) e, embaixo, os nomes das colunas. Antes a linha de grupos abria a tabela e a de nomes era
lida como dado: data sem hora, IP sem porta nem fuso, e a convergência caía a fraco.

Armadilhas: o fuso do grupo vale só para as colunas que ele cobre; sem fuso no grupo, nenhum instante é inventado.
"""

from __future__ import annotations

import openpyxl

from perito.extratores.registro import escolher
from perito.leitura.inventario import listar
from perito.leitura.leitor import ler_documento
from tests.conftest import conclusoes_do_caso

_META = ("Meta Platforms, Inc. - Law Enforcement Response\nAccount Identifier +5511987654321\n"
         "IP Addresses\nTime (UTC) IP Address Port\n2025-03-15 14:34:02 UTC 187.34.56.78 51234\n")


def _planilha(pasta, grupo: str) -> None:
    livro = openpyxl.Workbook()
    aba = livro.active
    aba.title = "Acessos"
    aba.append(["Banco Destino S.A. - Acessos da conta 0001/12345-6 - MARIA OLIVEIRA LIMA"])
    aba.append([])
    aba.append([grupo, None, "Origem", None, "Operação"])
    aba.append(["Data", "Hora", "IP", "Porta", None])
    aba.append(["15/03/2025", "11:34:02", "187.34.56.78", "51234", "Login"])
    aba.merge_cells("A3:B3")
    aba.merge_cells("C3:D3")
    aba.merge_cells("E3:E4")
    livro.save(pasta / "acessos.xlsx")


def _ips(pasta):
    arquivo = next(a for a in listar(pasta) if a.nome == "acessos.xlsx")
    documento = ler_documento(arquivo.caminho, arquivo.nome, arquivo.tipo)
    return [d for d in escolher(documento).extrair(documento).dados if d["tipo_dado"] == "ip"]


def test_grupo_com_fuso_sobre_os_nomes_das_colunas(tmp_path):
    caso = tmp_path / "caso"
    caso.mkdir()
    _planilha(caso, "Data/hora do acesso (BRT)")
    (ip,) = _ips(caso)
    assert ip["metadados"]["porta"] == "51234" and ip["metadados"]["instante_utc"] == "2025-03-15T14:34:02Z"
    (caso / "meta.txt").write_text(_META, encoding="utf-8")
    convergencia = next(c for c in conclusoes_do_caso(caso) if c["tipo"] == "convergencia_ip")
    assert convergencia["grau_confianca"] in ("forte", "moderado") and "porta 51234" in convergencia["afirmacao"]
    assert convergencia["validacao"]["veredicto_geral"] == "VERIFICADO"


def test_armadilha_grupo_sem_fuso_nao_inventa_instante(tmp_path):
    _planilha(tmp_path, "Data/hora do acesso")
    (ip,) = _ips(tmp_path)
    assert ip["metadados"]["porta"] == "51234" and "instante_utc" not in ip["metadados"]


def test_ip_e_porta_empilhados_na_mesma_celula(tmp_path):
    """"IP\\nPorta" no cabeçalho e "187.34.56.78\\n51234" na célula: a segunda linha é a porta do IP (antes perdida).
    Armadilha: sem "Porta" no cabeçalho, o número de baixo não vira porta."""
    for cabecalho, porta in (("IP\nPorta", "51234"), ("IP\nObservação", None)):
        pasta = tmp_path / ("com" if porta else "sem")
        pasta.mkdir()
        livro = openpyxl.Workbook()
        aba = livro.active
        aba.append(["Horários em BRT"])
        aba.append(["Data\nHora", cabecalho, "Operação"])
        aba.append(["15/03/2025\n11:34:02", "187.34.56.78\n51234", "Login"])
        livro.save(pasta / "acessos.xlsx")
        (ip,) = _ips(pasta)
        assert ip["metadados"].get("porta") == porta
