"""Trilha de auditoria, registro sem segredos e exportação CSV segura."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from perito.analise import Parametros, analisar
from perito.cli.app import app
from perito.erros import Saida
from perito.saida.auditoria import NOME, verificar
from perito.saida.planilha_csv import celula_segura
from tests.conftest import CASO_DEMO, DATA

runner = CliRunner()
CANARIO = "sk-ant-api03-CANARIO-nao-pode-vazar-0123456789"


@pytest.fixture
def saida(tmp_path):
    destino = tmp_path / "saida"
    analisar(Parametros(CASO_DEMO, destino, data_analise=DATA))
    return destino


def _linhas(saida):
    return (saida / NOME).read_text(encoding="utf-8").splitlines()


def _regravar(saida, linhas):
    (saida / NOME).write_text("\n".join(linhas) + "\n", encoding="utf-8")


def test_trilha_integra_registra_cada_agente(saida):
    assert verificar(saida) == []
    entradas = [json.loads(linha) for linha in _linhas(saida)]
    acoes = [(e["agente"], e["acao"]) for e in entradas]
    assert acoes[0] == ("perito", "iniciar")
    assert ("extrator_provedores_01", "extrair") in acoes
    assert ("principal", "cruzar") in acoes and ("validador_01", "validar") in acoes
    assert acoes[-1] == ("saida", "gravar_manifesto")
    ler = [e for e in entradas if e["acao"] == "ler"]
    assert {nome for e in ler for nome in e["entradas"]} == {p.name for p in CASO_DEMO.iterdir()}
    gravadas = next(e for e in entradas if e["acao"] == "gravar_saidas")["saidas"]
    assert {"conclusoes.json", "validacao.json"} <= set(gravadas)
    # CSV, XLSX e relatorio.txt são gravados uma vez só, com os relatórios (antes saíam duas vezes na mesma execução)
    relatorios = next(e for e in entradas if e["acao"] == "gravar_relatorios")["saidas"]
    assert {"conclusoes.csv", "conclusoes.xlsx", "relatorio.txt"} <= set(relatorios)
    assert not {"conclusoes.csv", "conclusoes.xlsx", "relatorio.txt"} & set(gravadas)


def test_cli_verifica_trilha_integra(saida):
    resultado = runner.invoke(app, ["auditoria", "verificar", str(saida)])
    assert resultado.exit_code == 0
    assert "Trilha íntegra" in resultado.stdout


def test_entrada_editada_e_detectada(saida):
    linhas = _linhas(saida)
    entrada = json.loads(linhas[3])
    entrada["detalhes"]["trechos"] = 999
    linhas[3] = json.dumps(entrada, ensure_ascii=False, sort_keys=True)
    _regravar(saida, linhas)
    assert any("linha 4: conteúdo alterado" in p for p in verificar(saida))
    resultado = runner.invoke(app, ["auditoria", "verificar", str(saida)])
    assert resultado.exit_code == Saida.AUDITORIA_INVALIDA


def test_entrada_removida_e_detectada(saida):
    linhas = _linhas(saida)
    del linhas[2]
    _regravar(saida, linhas)
    assert any("encadeamento quebrado" in p for p in verificar(saida))


def test_entradas_reordenadas_sao_detectadas(saida):
    linhas = _linhas(saida)
    linhas[2], linhas[3] = linhas[3], linhas[2]
    _regravar(saida, linhas)
    assert any("encadeamento quebrado" in p for p in verificar(saida))


def test_fim_da_trilha_cortado_e_detectado(saida):
    _regravar(saida, _linhas(saida)[:-1])
    assert any("não termina no registro do manifesto" in p for p in verificar(saida))
    _regravar(saida, _linhas(saida)[:-1])
    assert any("guardado no manifesto não está na trilha" in p for p in verificar(saida))


def test_saida_alterada_depois_da_analise_e_detectada(saida):
    conclusoes = saida / "conclusoes.json"
    conclusoes.write_text(conclusoes.read_text(encoding="utf-8").replace("forte", "fraco"), encoding="utf-8")
    assert any("conclusoes.json foi alterado" in p for p in verificar(saida))


def test_nova_analise_na_mesma_pasta_continua_a_cadeia(saida):
    antes = len(_linhas(saida))
    analisar(Parametros(CASO_DEMO, saida, data_analise=DATA))
    assert len(_linhas(saida)) > antes
    assert verificar(saida) == []


def test_trilha_adulterada_impede_nova_analise_na_pasta(saida):
    linhas = _linhas(saida)
    del linhas[1]
    _regravar(saida, linhas)
    resultado = runner.invoke(app, ["analisar", str(CASO_DEMO), "--saida", str(saida), "--data-analise", DATA])
    assert resultado.exit_code == Saida.AUDITORIA_INVALIDA
    assert "adulterada" in resultado.stderr


def test_chave_de_api_canario_nunca_aparece(tmp_path, monkeypatch):
    monkeypatch.setenv("ANTHROPIC_API_KEY", CANARIO)
    destino = tmp_path / "saida"
    resultado = runner.invoke(app, ["analisar", str(CASO_DEMO), "--saida", str(destino), "--data-analise", DATA])
    assert resultado.exit_code == 0
    assert CANARIO not in resultado.stdout + resultado.stderr
    for arquivo in destino.rglob("*"):
        if arquivo.is_file():
            assert CANARIO not in arquivo.read_text(encoding="utf-8", errors="replace"), arquivo


def test_filtro_redige_segredo_em_mensagem_e_traceback(tmp_path, monkeypatch):
    import logging

    from perito import registro

    monkeypatch.setenv("MEU_TOKEN", "valor-secreto-123456")
    handler = registro.abrir(tmp_path)
    try:
        registro.LOGGER.warning("chave %s e token %s", CANARIO, "valor-secreto-123456")
        try:
            raise RuntimeError(f"falhou com {CANARIO}")
        except RuntimeError:
            registro.LOGGER.exception("erro")
    finally:
        registro.fechar(handler)
    texto = (tmp_path / registro.NOME).read_text(encoding="utf-8")
    assert "Traceback" in texto and texto.count(registro.REDIGIDO) >= 3
    assert CANARIO not in texto and "valor-secreto-123456" not in texto
    assert logging.getLogger("perito").handlers == []


@pytest.mark.parametrize("perigoso", ["=HYPERLINK(\"x\")", "+1+1", "-3.500,00", "@SUM(A1)", "\tx", "\x00x", "\rx"])
def test_celula_csv_perigosa_e_neutralizada(perigoso):
    # o apóstrofo na frente; o caractere de controle (TAB, NUL, CR) vira espaço
    assert celula_segura(perigoso) == "'" + perigoso.translate({9: " ", 0: " ", 13: " "})


def test_conclusoes_csv_tem_uma_linha_por_referencia(saida):
    import csv
    import io

    texto = (saida / "conclusoes.csv").read_text(encoding="utf-8-sig")
    linhas = list(csv.DictReader(io.StringIO(texto), delimiter=";"))
    finais = json.loads((saida / "conclusoes.json").read_text(encoding="utf-8"))["conclusoes"]
    assert len(linhas) == sum(len(c["referencias"]) for c in finais)
    assert {linha["status"] for linha in linhas} == {"VERIFICADO"}
    assert "afirmacao" not in linhas[0]  # a afirmação vai uma vez só, em afirmacoes.csv


def test_afirmacoes_csv_tem_uma_linha_por_conclusao_unida_pelo_id(saida):
    """Issue 13, item 9: a afirmação longa não se repete em cada linha de referência."""
    import csv
    import io

    texto = (saida / "afirmacoes.csv").read_text(encoding="utf-8-sig")
    linhas = list(csv.DictReader(io.StringIO(texto), delimiter=";"))
    finais = json.loads((saida / "conclusoes.json").read_text(encoding="utf-8"))["conclusoes"]
    assert [int(linha["conclusao_id"]) for linha in linhas] == [c["id"] for c in finais]
    assert all(linha["afirmacao"] == c["afirmacao"] for linha, c in zip(linhas, finais, strict=True))


def test_manifesto_registra_versoes_e_dados_do_tesseract(saida):
    manifesto = json.loads((saida / "manifesto.json").read_text(encoding="utf-8"))
    versoes = manifesto["versoes"]
    assert versoes["pdfplumber"] and versoes["openpyxl"] and versoes["defusedxml"] != "ausente"
    if versoes["tesseract"] != "ausente":
        assert set(versoes["tesseract_idiomas_sha256"]) == {"por", "eng", "osd"}


def test_conclusoes_xlsx_tem_abas_de_conclusoes_e_referencias_so_com_texto(saida):
    """Issue 13, item 9: a planilha não executa fórmula (toda célula é texto) e tem filtro e cabeçalho congelado."""
    from openpyxl import load_workbook

    livro = load_workbook(saida / "conclusoes.xlsx")
    assert livro.sheetnames == ["Conclusões", "Referências"]
    finais = json.loads((saida / "conclusoes.json").read_text(encoding="utf-8"))["conclusoes"]
    conclusoes, referencias = livro["Conclusões"], livro["Referências"]
    assert conclusoes.max_row == len(finais) + 1
    assert referencias.max_row == sum(len(c["referencias"]) for c in finais) + 1
    assert conclusoes.freeze_panes == "A2" and conclusoes.auto_filter.ref
    # texto, salvo os inteiros (id da conclusão, página): números, para ordenar 1, 2, 10 (issue 25)
    numericas = {"conclusao_id", "pagina"}
    cabecalho = [c.value for c in referencias[1]]
    assert all(c.data_type == ("n" if cabecalho[j] in numericas and isinstance(c.value, int) else "s")
               for linha in referencias.iter_rows(min_row=2) for j, c in enumerate(linha) if c.value is not None)
    assert all(isinstance(c.value, int) for c in conclusoes["A"][1:])


def test_celula_xlsx_com_forma_de_formula_fica_texto(tmp_path):
    from openpyxl import load_workbook

    from perito.saida.planilha_xlsx import bytes_xlsx

    conclusao = {"id": 1, "tipo": "outro", "grau_confianca": "fraco", "afirmacao": "=HYPERLINK(\"x\")", "validacao": None,
                 "referencias": [{"arquivo": "a.txt", "pagina": None, "linha_ou_celula": "linha 1", "dado_citado": "+5511",
                                  "extrator_id": "x"}]}
    destino = tmp_path / "c.xlsx"
    destino.write_bytes(bytes_xlsx([conclusao]))
    assert bytes_xlsx([conclusao]) == destino.read_bytes()  # determinístico
    livro = load_workbook(destino)
    celula = livro["Conclusões"]["G2"]  # a coluna F é a situação exibida depois da revisão (issue 25)
    assert celula.value == "=HYPERLINK(\"x\")" and celula.data_type == "s"
    assert livro["Referências"]["F2"].value == "+5511"


def test_issue15_partes_com_listas_vazias_aninhadas_e_quebras_escapadas():
    """Os blocos reindentados não tocam no que não é indentação: listas e objetos vazios, texto com "\\n"."""
    from perito.saida.escrita import bytes_json, json_em_partes

    itens = [{"a": [], "b": {}, "c": "linha 1\nlinha 2", "d": [{"e": [1, {"f": None}]}]}, {"g": "  x\n  y"}, {}, []]
    objeto = {"id": 1, "itens": itens, "fim": {"h": []}}
    for por_parte in (1, 2, 3, 4, 100):
        assert b"".join(json_em_partes(objeto, "itens", por_parte)) == bytes_json(objeto)


def test_issue15_lote_em_partes_da_os_mesmos_bytes(analise_demo):
    """O lote gravado em partes (sem o JSON inteiro na memória) é byte a byte o JSON do lote inteiro."""
    from perito.saida.escrita import bytes_json, json_em_partes

    resultado, _ = analise_demo
    assert resultado.lotes
    for lote in resultado.lotes:
        assert b"".join(json_em_partes(lote, "dados_extraidos")) == bytes_json(lote)
        for por_parte in (1, 2, 3, 7):  # blocos que dividem a lista em tamanhos desiguais, e o último incompleto
            assert b"".join(json_em_partes(lote, "dados_extraidos", por_parte)) == bytes_json(lote)
        vazio = {**lote, "dados_extraidos": [], "total_dados": 0}
        assert b"".join(json_em_partes(vazio, "dados_extraidos")) == bytes_json(vazio)
        gravado = (resultado.saida / "lotes" / f"{lote['extrator_id']}.json").read_bytes()
        assert gravado == bytes_json(lote)


def test_issue15_preparadas_grava_e_soma_em_paralelo_os_mesmos_bytes(tmp_path):
    """As partes geradas numa thread e somadas e gravadas noutra: o temporário tem os bytes na ordem, e o hash é
    o deles; publicado, o arquivo aparece com o nome final."""
    import hashlib

    from perito.saida.gravacao import Preparadas

    partes = [bytes([i % 256]) * (1000 + i) for i in range(300)]
    preparadas = Preparadas(tmp_path)
    soma = preparadas.preparar("lotes/x.json", iter(partes))
    assert soma == hashlib.sha256(b"".join(partes)).hexdigest()
    assert not (tmp_path / "lotes" / "x.json").exists()  # ainda temporário
    assert preparadas.publicar() == {"lotes/x.json": soma}
    assert (tmp_path / "lotes" / "x.json").read_bytes() == b"".join(partes)


def test_issue15_preparadas_falha_de_um_lado_chega_ao_outro_sem_deixar_temporario(tmp_path):
    """Quem gera as partes falha no meio: a exceção sobe e nenhum temporário fica. A gravação falha (pasta
    que não aceita arquivo): a exceção sobe e quem gera não fica preso na fila."""
    from perito.saida.gravacao import Preparadas

    def quebra():
        for i in range(50):
            yield b"x" * 10_000
            if i == 20:
                raise RuntimeError("serialização quebrou")

    preparadas = Preparadas(tmp_path)
    with pytest.raises(RuntimeError, match="serialização quebrou"):
        preparadas.preparar("lotes/y.json", quebra())
    assert list((tmp_path / "lotes").iterdir()) == [] and preparadas.itens == {}

    (tmp_path / "arquivo").write_text("não é pasta")
    bloqueada = Preparadas(tmp_path / "arquivo")
    with pytest.raises(OSError):
        bloqueada.preparar("lotes/z.json", (b"y" * 10_000 for _ in range(100)))
