"""Issue 27: o documento relido viaja do auxiliar em tuplas e é consultado por índices, sem mudar o que se lê.

O validador consulta milhares de vezes documentos de centenas de milhares de trechos; as varreduras lineares
(e a igualdade de dataclass em `list.index`) custavam dezenas de segundos num caso grande. Aqui: o documento que
volta de um auxiliar de verdade é igual ao lido no próprio processo, e os índices dizem o mesmo que a varredura.
"""

from __future__ import annotations

import csv
import pickle
from pathlib import Path

from openpyxl import Workbook

from perito.leitura.documento import Documento, Trecho
from perito.leitura.isolamento import Limites, Tarefa, ler_isolados
from perito.leitura.leitor import ler_documento


def _csv(pasta: Path) -> Path:
    caminho = pasta / "acessos.csv"
    with caminho.open("w", encoding="utf-8", newline="") as f:
        escritor = csv.writer(f)
        escritor.writerow(["Data", "IP", "Porta"])
        for i in range(300):
            escritor.writerow([f"2025-03-{1 + i % 28:02d} 10:{i % 60:02d}:00", f"200.1.{i % 250}.10", 20000 + i])
    return caminho


def _xlsx(pasta: Path) -> Path:
    livro = Workbook()
    aba = livro.active
    aba.title = "Acessos"
    aba.append(["Relatório de acessos"])  # título acima do cabeçalho
    aba.append(["Data", "IP", "Porta"])
    for i in range(200):
        aba.append([f"2025-03-{1 + i % 28:02d} 10:{i % 60:02d}:00", f"200.1.{i % 250}.10", 20000 + i])
    outra = livro.create_sheet("Resumo")
    outra.append(["total", 200])
    caminho = pasta / "acessos.xlsx"
    livro.save(caminho)
    return caminho


def test_documento_do_auxiliar_igual_ao_lido_aqui(tmp_path: Path) -> None:
    for caminho, tipo in ((_csv(tmp_path), "csv"), (_xlsx(tmp_path), "xlsx")):
        local = ler_documento(caminho, caminho.name, tipo, None, ())
        [remoto] = ler_isolados([Tarefa(caminho, caminho.name, tipo)], Limites(processos=1))
        assert remoto.erro is None
        assert remoto.trechos == local.trechos and len(local.trechos) > 200
        assert all(type(t) is Trecho for t in remoto.trechos)
        assert (remoto.abas, remoto.codificacao, remoto.delimitador) == (local.abas, local.codificacao, local.delimitador)


def test_indices_concordam_com_a_varredura(tmp_path: Path) -> None:
    doc = ler_documento(_xlsx(tmp_path), "acessos.xlsx", "xlsx", None, ())
    for aba in ("Acessos", "Resumo"):
        assert doc.trechos_da_pagina(None, aba) == [t for t in doc.trechos if t.pagina is None and t.aba == aba]
    for trecho in doc.trechos[::37]:
        da_pagina = [t for t in doc.trechos if t.pagina == trecho.pagina and t.aba == trecho.aba]
        assert doc.posicao_na_pagina(trecho) == next(i for i, t in enumerate(da_pagina) if t is trecho)
        assert doc.posicao_no_documento(trecho) == doc.trechos.index(trecho)
        assert doc.linha_da_planilha(trecho.aba, trecho.linha_tabela) == [
            t for t in doc.trechos if t.aba == trecho.aba and t.linha_tabela == trecho.linha_tabela]
    # um trecho igual que não é objeto do documento não tem posição (quem chama cai na igualdade)
    copia = Trecho(**{c: getattr(doc.trechos[5], c) for c in Trecho.__slots__})
    assert copia == doc.trechos[5] and doc.posicao_na_pagina(copia) is None


def test_indice_refeito_quando_os_trechos_mudam() -> None:
    doc = Documento("a.txt", "txt", [Trecho(None, "linha 1", "um", "texto")])
    assert len(doc.trechos_da_pagina(None)) == 1
    doc.trechos.append(Trecho(None, "linha 2", "dois", "texto"))
    assert [t.texto for t in doc.trechos_da_pagina(None)] == ["um", "dois"]
    doc.trechos = [Trecho(None, "linha 1", "outro", "texto")]
    assert [t.texto for t in doc.trechos_da_pagina(None)] == ["outro"]


def test_registros_mantem_a_identidade_dos_trechos() -> None:
    """Com `registros`, o pickle comum: os campos apontam os mesmos objetos da lista de trechos."""
    from perito.leitura.registro import Campo, RegistroLido

    trecho = Trecho(None, "linha 1", '"ip": "200.1.1.1"', "json")
    doc = Documento("a.json", "json", [trecho], registros=[RegistroLido("linha 1", [Campo("ip", "200.1.1.1", trecho, 7)])])
    volta = pickle.loads(pickle.dumps(doc))
    assert volta.registros[0].campos[0].trecho is volta.trechos[0]
