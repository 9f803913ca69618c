"""TXT separado por TAB (SIMBA, exportações): campos por linha, localização física intacta."""

from perito.leitura.texto import ler_texto


def _ler(tmp_path, conteudo: bytes):
    caminho = tmp_path / "caso_EXTRATO.txt"
    caminho.write_bytes(conteudo)
    return ler_texto(caminho, caminho.name)


def test_tabela_por_tab_leva_celulas_e_tabela(tmp_path):
    doc = _ler(tmp_path, "NUMERO_CONTA\tVALOR_LANCAMENTO\tNOME\r\n304186\t125090\tJOSÉ\r\n\r\n304186\t-500\tMARIA\r\n".encode("cp1252"))
    assert [t.localizacao for t in doc.trechos] == ["linha 1", "linha 2", "linha 4"]
    assert doc.trechos[0].celulas == ("NUMERO_CONTA", "VALOR_LANCAMENTO", "NOME")
    assert doc.trechos[2].celulas == ("304186", "-500", "MARIA")
    assert doc.trechos[1].texto == "304186\t125090\tJOSÉ"
    assert {t.tabela for t in doc.trechos} == {"tabela 1"}


def test_linha_com_mais_campos_que_o_cabecalho_guarda_todos(tmp_path):
    doc = _ler(tmp_path, b"A\tB\n1\t2\n3\t4\t5\t6\n7\t8\n")
    assert doc.trechos[2].celulas == ("3", "4", "5", "6")


def test_texto_com_tab_esparso_nao_vira_tabela(tmp_path):
    doc = _ler(tmp_path, b"Relato\tda vitima\nno dia 02/08/2017 ela foi ao banco\nsem tab aqui\noutra linha\n")
    assert all(t.celulas is None and t.tabela is None for t in doc.trechos)


def test_linha_de_5000_colunas(tmp_path):
    cabecalho = "\t".join(f"C{i}" for i in range(5000))
    linha = "\t".join(str(i) for i in range(5000))
    doc = _ler(tmp_path, f"{cabecalho}\n{linha}\n".encode())
    assert len(doc.trechos[1].celulas) == 5000
    assert doc.trechos[1].celulas[4999] == "4999"
