"""CSV com qualquer delimitador usual (`;` `,` TAB `|`), bloco de título acima do cabeçalho, cp1252 e CRLF.

Bug que estes testes fixam: um CSV com `|` e título em cima era lido como uma célula por linha (o leitor
não conhecia `|` e decidia pelas primeiras linhas, que são o título).
"""

from __future__ import annotations

import pytest

from perito.leitura.tabela_csv import detectar_delimitador, ler_csv
from perito.validador.localizar import localizar

_TITULO = [
    "BANCO EXEMPLO S.A. — Registros de acesso",
    "Titular: Fulana de Tal",
    "Período: 01/02/2025 a 28/02/2025",
    "",
]
_CABECALHO = ["Data e hora", "Endereço IP", "Porta", "Ação"]
_LINHAS = [
    ["03/02/2025 10:11:12", "200.1.2.3", "51234", "Login"],
    ["04/02/2025 11:12:13", "2804:14c:1::1", "40000", "Pix, envio"],
    ["05/02/2025 12:13:14", "200.1.2.4", "40001", "Saída"],
]


def _escrever(tmp_path, delimitador: str, titulo: bool, codificacao: str, fim: str):
    import csv
    import io

    corpo = io.StringIO()
    escritor = csv.writer(corpo, delimiter=delimitador, lineterminator=fim)
    escritor.writerow(_CABECALHO)
    escritor.writerows(_LINHAS)
    texto = (fim.join(_TITULO) + fim if titulo else "") + corpo.getvalue()
    caminho = tmp_path / "acessos.csv"
    caminho.write_bytes(texto.encode(codificacao))
    return caminho


@pytest.mark.parametrize("delimitador", [";", ",", "\t", "|"])
@pytest.mark.parametrize("titulo", [False, True])
@pytest.mark.parametrize(("codificacao", "fim"), [("utf-8", "\n"), ("utf-8-sig", "\n"), ("cp1252", "\r\n")])
def test_delimitador_pela_estrutura_e_linha_fisica(tmp_path, delimitador, titulo, codificacao, fim):
    caminho = _escrever(tmp_path, delimitador, titulo, codificacao, fim)
    doc = ler_csv(caminho, caminho.name)
    assert doc.delimitador == delimitador
    com_campos = [t for t in doc.trechos if t.celulas and len(t.celulas) > 1]
    assert [list(t.celulas) for t in com_campos] == [_CABECALHO, *_LINHAS]
    # a localização é a linha física: o título (4 linhas, uma em branco) empurra o cabeçalho para a linha 5
    primeira = 1 + (len(_TITULO) if titulo else 0)
    assert com_campos[0].localizacao == f"linha {primeira}"
    assert com_campos[-1].localizacao == f"linha {primeira + len(_LINHAS)}"
    # o validador relê pela mesma localização e acha o registro (com o acento do cp1252 intacto)
    trecho, _ = localizar(ler_csv(caminho, caminho.name), {"linha_ou_celula": f"linha {primeira + 3}", "pagina": None})
    assert trecho is not None and "Saída" in trecho.texto and "200.1.2.4" in trecho.texto


def test_titulo_com_virgulas_nao_decide_o_delimitador():
    """Armadilha: o título tem vírgulas (e o mesmo número delas em duas linhas); os dados usam `|`."""
    texto = "\n".join([
        "Relatório, gerado em 01/03/2025, pelo sistema",
        "Filtros: conta 123, agência 45, período fevereiro",
        "Data|IP|Porta",
        "03/02/2025 10:11:12|200.1.2.3|51234",
        "03/02/2025 10:12:12|200.1.2.3|51235",
        "03/02/2025 10:13:12|200.1.2.3|51236",
        "",
    ])
    assert detectar_delimitador(texto) == "|"


def test_virgula_decimal_em_extrato_sem_cabecalho_fica_com_ponto_e_virgula():
    """Armadilha: `,` decimal dá o mesmo número de campos em toda linha; `;` é o delimitador."""
    texto = "03/02/2025;PIX RECEBIDO;1.234,56\n04/02/2025;PIX ENVIADO;-200,00\n05/02/2025;TED;10,00\n"
    assert detectar_delimitador(texto) == ";"


def test_valor_com_virgula_decimal_em_csv_de_barras():
    """Armadilha: cada linha de dados tem uma vírgula decimal (2 campos com `,`), mas o `|` separa o cabeçalho
    e os dados num bloco maior."""
    texto = "Data|Histórico|Valor\n03/02/2025|PIX|1.234,56\n04/02/2025|TED|200,00\n05/02/2025|DOC|10,00\n"
    assert detectar_delimitador(texto) == "|"


def test_aspas_que_atravessam_linhas_contam_as_linhas_que_ocupam():
    """Armadilha (arquivo hostil): aspas sem fechamento seguidas de linhas com `,` e `;`. Lido com `;`, o campo
    aberto é um registro só que ocupa o resto; com `,`, cada linha do texto viraria um registro de 21 campos."""
    texto = "Data;IP;Obs\n2025-01-15 10:00:00;1.2.3.4;antes\n2025-01-15 11:00:00;1.2.3.5;\"aberto "
    texto += ("texto, sem fim; " * 20 + "\n") * 80
    assert detectar_delimitador(texto) == ";"
