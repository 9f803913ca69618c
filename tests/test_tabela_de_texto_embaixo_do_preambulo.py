"""A resposta de provedor em texto com um preâmbulo maior que a tabela (vigésima primeira sessão, caso inteiro c1).

"Account Identifier", "Service", "Date Range", o título "Connection Log (all times UTC)" e, embaixo,
"Timestamp | IP Address | Port" com três acessos: a maioria das linhas não era da tabela, o TXT era lido como texto, e
a porta da coluna de baixo se perdia (a convergência com a CGNAT ficava "sem porta", e escolhia o cliente errado
dos dois que a operadora registrava no mesmo IP). Agora um bloco de linhas seguidas com o mesmo número de separadores,
encabeçado por rótulos curtos e com uma coluna de dados, faz a tabela. Armadilhas: a prosa com `;` em três linhas
seguidas, com datas, continua texto; duas linhas de `|` cujo "cabeçalho" tem algarismos também.
"""

from __future__ import annotations

from pathlib import Path

from perito.leitura.leitor import ler_documento
from tests.conftest import dados_da_pasta

PREAMBULO = ("WhatsApp Inc. - Response to Law Enforcement Request\nAccount Identifier: +5511987654321\n"
             "Service: WhatsApp\nDate Range: 2025-07-13 00:00:00 UTC to 2025-07-15 23:59:59 UTC\n\n"
             "Connection Log (all times UTC)\n")


def _celulas(caminho: Path, texto: str) -> list[tuple[str, ...] | None]:
    caminho.write_text(texto, encoding="utf-8")
    return [t.celulas for t in ler_documento(caminho, caminho.name, "txt").trechos]


def test_tabela_de_barras_embaixo_do_preambulo_tem_celulas(tmp_path: Path) -> None:
    celulas = _celulas(tmp_path / "r.txt", PREAMBULO + "Timestamp | IP Address | Port\n"
                       "2025-07-14 18:05:11 | 177.45.12.9 | 51234\n2025-07-14 18:47:30 | 177.45.12.9 | 51301\n")
    assert celulas[:5] == [None] * 5
    assert celulas[5:] == [("Timestamp", "IP Address", "Port"), ("2025-07-14 18:05:11", "177.45.12.9", "51234"),
                           ("2025-07-14 18:47:30", "177.45.12.9", "51301")]


def test_tabela_de_tab_e_de_ponto_e_virgula_embaixo_do_preambulo(tmp_path: Path) -> None:
    tab = _celulas(tmp_path / "t.txt", PREAMBULO + "Timestamp\tIP Address\tPort\n2025-07-14 18:05:11\t177.45.12.9\t51234\n")
    assert tab[-1] == ("2025-07-14 18:05:11", "177.45.12.9", "51234")
    ponto = _celulas(tmp_path / "p.txt", PREAMBULO + "Timestamp;IP Address;Port\n2025-07-14 18:05:11;177.45.12.9;51234\n"
                     "2025-07-14 18:47:30;177.45.12.9;51301\n")
    assert ponto[-1] == ("2025-07-14 18:47:30", "177.45.12.9", "51301")


def test_a_porta_da_coluna_de_baixo_vai_ao_ip(tmp_path: Path) -> None:
    (tmp_path / "whatsapp.txt").write_text(
        PREAMBULO + "Timestamp               | IP Address     | Port\n2025-07-14 18:05:11     | 177.45.12.9    | 51234\n",
        encoding="utf-8")
    [ip] = [d for d in dados_da_pasta(tmp_path) if d["tipo_dado"] == "ip"]
    assert (ip["dado"], ip["metadados"]["porta"], ip["metadados"]["instante_utc"]) == (
        "177.45.12.9", "51234", "2025-07-14T18:05:11Z")


def test_prosa_com_ponto_e_virgula_e_datas_continua_texto(tmp_path: Path) -> None:
    prosa = ("BOLETIM DE OCORRÊNCIA 55/2025\nNatureza: estelionato\nComunicante: ANA\nHistórico:\n"
             "A vítima relata que recebeu mensagens; que pagou no dia 12/06/2025; que depois percebeu o golpe\n"
             "Que o autor usava o número 11 98765-4321; que pediu mais R$ 500,00; que ela recusou em 13/06\n"
             "Que registrou a ocorrência em 14/06/2025; que entregou os comprovantes; que nada mais disse\n")
    assert all(c is None for c in _celulas(tmp_path / "bo.txt", prosa))


def test_cabecalho_com_algarismos_nao_faz_tabela(tmp_path: Path) -> None:
    texto = PREAMBULO + "Ofício 55/2025 | Protocolo 8812 | 12/06/2025\n2025-07-14 18:05:11 | 177.45.12.9 | 51234\n"
    assert all(c is None for c in _celulas(tmp_path / "r.txt", texto))
