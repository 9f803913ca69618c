"""Issue 13: o que um usuário novo encontrou na linha de comando, um teste por item.

Cada teste falhava antes da correção (a descrição diz o que acontecia).
"""

from __future__ import annotations

import copy
import json
import shutil

from rich.console import Console

from perito.erros import Saida
from perito.saida.auditoria import NOME as TRILHA
from perito.saida.auditoria import ler
from tests.conftest import CASO_DEMO, DATA, rodar_cli

_rodar = rodar_cli


def _analisar(caso, saida):
    codigo, texto = _rodar("analisar", caso, "--saida", saida, "--data-analise", DATA)
    return codigo, texto


def _caso_pequeno(tmp_path):
    caso = tmp_path / "caso"
    caso.mkdir()
    (caso / "relato.txt").write_text(
        "Acesso do IP 187.34.56.78 em 15/03/2025 14:32:17 BRT pelo telefone +55 11 98765-4321.\n", encoding="utf-8"
    )
    (caso / "log.csv").write_text(
        "data;hora;ip;porta\n15/03/2025;14:33:00 BRT;187.34.56.78;51234\n", encoding="utf-8"
    )
    return caso


# 1. `perito validar` destruía a entrada


def test_item1_validar_recusa_saida_que_e_a_propria_entrada(analise_demo, tmp_path):
    """Antes: `--saida OUT/conclusoes.json` saía com 0 e trocava as conclusões pelas validações."""
    resultado, _ = analise_demo
    copia = tmp_path / "saida"
    shutil.copytree(resultado.saida, copia)
    conclusoes = copia / "conclusoes.json"
    antes = conclusoes.read_bytes()
    codigo, texto = _rodar("validar", conclusoes, "--caso", CASO_DEMO, "--saida", conclusoes)
    assert codigo == Saida.SAIDA_INVALIDA == 4
    assert "é um arquivo que este comando lê; gravar nele destruiria a entrada" in texto
    assert conclusoes.read_bytes() == antes


def test_item1_validar_recusa_arquivo_registrado_na_trilha(analise_demo, tmp_path):
    """Antes: gravar por cima de validacao.json de uma análise saía com 0 e a trilha acusava adulteração."""
    resultado, _ = analise_demo
    copia = tmp_path / "saida"
    shutil.copytree(resultado.saida, copia)
    fora = tmp_path / "conclusoes.json"
    shutil.copy(copia / "conclusoes.json", fora)
    for nome in ("validacao.json", "manifesto.json", "conclusoes.csv"):
        antes = (copia / nome).read_bytes()
        codigo, texto = _rodar("validar", fora, "--caso", CASO_DEMO, "--saida", copia / nome)
        assert codigo == Saida.SAIDA_INVALIDA, nome
        assert "registrada na trilha de auditoria" in texto
        assert (copia / nome).read_bytes() == antes
    assert _rodar("auditoria", "verificar", copia)[0] == Saida.OK


# 2. nada lido não é "os dados não convergem"


def test_item2_caso_so_com_imagem_em_branco_e_pdf_vazio_sai_com_1(tmp_path):
    """Antes: código 0 e "Nenhuma conclusão: os dados extraídos não convergem entre as fontes."."""
    from PIL import Image

    caso = tmp_path / "caso"
    caso.mkdir()
    Image.new("RGB", (200, 100), "white").save(caso / "foto.png")
    (caso / "vazio.pdf").write_bytes(b"")
    codigo, texto = _analisar(caso, tmp_path / "s")
    assert codigo == Saida.INCOMPLETA == 1
    assert "Nenhum dado extraído de 2 arquivos" in texto
    assert "não convergem" not in texto
    assert "ERRO: arquivo vazio (0 bytes)" in texto
    assert "ANÁLISE INCOMPLETA: 1 arquivo com erro" in texto


# 3. auditoria verificar: pasta errada e execução interrompida não são adulteração


def test_item3_auditoria_em_pasta_inexistente_ou_sem_trilha_sai_com_3(tmp_path):
    """Antes: código 7 e "Trilha de auditoria com 1 problema(s)" por um erro de digitação."""
    codigo, texto = _rodar("auditoria", "verificar", tmp_path / "nao_existe")
    assert codigo == Saida.CASO_INVALIDO == 3
    assert "não existe; informe a pasta de saída de uma análise" in texto
    assert "problema" not in texto
    (tmp_path / "qualquer").mkdir()
    codigo, texto = _rodar("auditoria", "verificar", tmp_path / "qualquer")
    assert codigo == Saida.CASO_INVALIDO
    assert "não tem trilha de auditoria (auditoria.jsonl)" in texto


def test_item3_execucao_interrompida_fica_na_trilha_e_e_relatada_assim(tmp_path, monkeypatch):
    """Antes: Ctrl-C no meio não registrava nada e `auditoria verificar` dizia "entradas finais removidas?" (7)."""
    import perito.analise.etapas.cruzamento as etapa_cruzamento

    caso, saida = _caso_pequeno(tmp_path), tmp_path / "s"
    assert _analisar(caso, saida)[0] == Saida.OK

    def interromper(*_args, **_kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(etapa_cruzamento, "cruzar", interromper)
    codigo, texto = _analisar(caso, saida)
    assert codigo == Saida.INTERROMPIDA == 130
    entradas, problemas = ler(saida / TRILHA)
    assert not problemas
    assert entradas[-1]["acao"] == "interromper"
    assert entradas[-1]["detalhes"]["motivo"] == "interrompida pelo usuário (Ctrl-C)"
    codigo, texto = _rodar("auditoria", "verificar", saida)
    assert codigo == Saida.INCOMPLETA
    assert "Trilha íntegra, mas a execução iniciada em" in texto
    assert "foi interrompida: interrompida pelo usuário (Ctrl-C)" in texto
    assert "removidas" not in texto


def test_item3_execucao_que_morreu_sem_registrar_depois_de_uma_completa(tmp_path):
    """Um processo morto (kill) deixa entradas sem manifesto depois de uma análise completa: interrompida, não removida."""
    caso, saida = _caso_pequeno(tmp_path), tmp_path / "s"
    assert _analisar(caso, saida)[0] == Saida.OK
    completa = (saida / TRILHA).read_text(encoding="utf-8")
    outra = tmp_path / "outra"
    shutil.copytree(saida, outra)
    assert _analisar(caso, outra)[0] == Saida.OK
    # a segunda execução "morreu" antes de cruzar: só as entradas dela até ali chegaram ao disco
    segunda = (outra / TRILHA).read_text(encoding="utf-8").splitlines()[len(completa.splitlines()):]
    corte = next(i for i, linha in enumerate(segunda) if json.loads(linha)["acao"] == "cruzar")
    (saida / TRILHA).write_text(completa + "\n".join(segunda[:corte]) + "\n", encoding="utf-8")
    codigo, texto = _rodar("auditoria", "verificar", saida)
    assert codigo == Saida.INCOMPLETA, texto
    assert "não terminou (processo encerrado antes de gravar o manifesto)" in texto


def test_item3_entradas_finais_removidas_continuam_sendo_adulteracao(tmp_path):
    caso, saida = _caso_pequeno(tmp_path), tmp_path / "s"
    assert _analisar(caso, saida)[0] == Saida.OK
    linhas = (saida / TRILHA).read_text(encoding="utf-8").splitlines()
    (saida / TRILHA).write_text("\n".join(linhas[:-2]) + "\n", encoding="utf-8")
    codigo, _ = _rodar("auditoria", "verificar", saida)
    assert codigo == Saida.AUDITORIA_INVALIDA


# 4. mensagens de validar


def test_item4_json_quebrado_diz_linha_coluna_em_portugues(tmp_path):
    """Antes: "Expecting property name enclosed in double quotes: line 1 column 3 (char 2)"."""
    arquivo = tmp_path / "conclusoes.json"
    arquivo.write_text('{\n  "conclusoes": [\n    {"id": 1,\n  ]\n}', encoding="utf-8")
    codigo, texto = _rodar("validar", arquivo, "--caso", CASO_DEMO)
    assert codigo == Saida.ENTRADA_INVALIDA
    assert "não é um JSON válido: linha 4, coluna 3: esperava o nome de um campo entre aspas duplas." in texto
    assert "Expecting" not in texto and "char" not in texto


def test_item4_texto_sem_fechar(tmp_path):
    """Antes: "Unterminated string starting at: line 1 column 17 (char 16)"."""
    arquivo = tmp_path / "conclusoes.json"
    arquivo.write_text('{"conclusoes": "abc', encoding="utf-8")
    codigo, texto = _rodar("validar", arquivo, "--caso", CASO_DEMO)
    assert "linha 1, coluna 16: texto entre aspas que não se fecha" in texto
    assert "Unterminated" not in texto


def test_item4_lista_solta_da_uma_linha_curta_sem_repr(tmp_path):
    """Antes: 1,5 KB de repr Python ("[1, 2] is not of type 'object'", o esquema inteiro)."""
    arquivo = tmp_path / "conclusoes.json"
    arquivo.write_text("[1, 2]", encoding="utf-8")
    codigo, texto = _rodar("validar", arquivo, "--caso", CASO_DEMO)
    assert codigo == Saida.ENTRADA_INVALIDA
    assert "- $ (linha 1, coluna 1): deveria ser um objeto {...}, mas é uma lista [...]" in " ".join(texto.split())
    assert "is not of type" not in texto and "\\x0a" not in texto
    assert len(texto) < 600
    assert "seção" not in texto
    assert "perito esquemas --nome conclusoes" in texto


def test_item4_erros_de_formato_com_caminho_linha_e_coluna_em_portugues(tmp_path):
    """Antes: textos do jsonschema em inglês ("'palpite' is not one of [...]") com \\x0a no lugar das quebras."""
    arquivo = tmp_path / "conclusoes.json"
    arquivo.write_text(json.dumps({
        "conclusoes": [{"id": 1, "tipo": "palpite", "afirmacao": "x\ny", "grau_confianca": "forte", "referencias": []}],
        "caso_id": "x", "data_analise": "2025-03-20",
    }, indent=2), encoding="utf-8")
    codigo, texto = _rodar("validar", arquivo, "--caso", CASO_DEMO)
    assert codigo == Saida.ENTRADA_INVALIDA
    plano = " ".join(texto.split())
    assert '- $.conclusoes[0].tipo (linha 5, coluna 15): "palpite" não é um valor aceito; use um de: ' in plano
    assert "- $.conclusoes[0].referencias (linha 8, coluna 22): lista vazia" in plano
    assert "is not one of" not in texto and "\\x0a" not in texto
    assert texto.count("\n  - ") == 2


# 5. o veredicto de validar no código de saída


def test_item5_prova_alterada_sai_com_10_e_faixa_no_topo(analise_demo, caso_demo, tmp_path):
    """Antes: código 0 quando o SHA-256 de um arquivo citado diferia do manifesto."""
    resultado, _ = analise_demo
    saida = tmp_path / "saida"
    shutil.copytree(resultado.saida, saida)
    with (caso_demo / "log_internet_banking.csv").open("a", encoding="utf-8") as f:
        f.write("\n")
    codigo, texto = _rodar("validar", saida / "conclusoes.json", "--caso", caso_demo, "--data-validacao", DATA)
    assert codigo == Saida.PROVA_ALTERADA == 10
    assert texto.index("PROVA ALTERADA") < texto.index("Conclusões revalidadas")
    assert "log_internet_banking.csv" in texto.split("Conclusões revalidadas")[0]


def test_item5_referencia_contradita_sai_com_11(analise_demo, tmp_path):
    """Antes: código 0 com referências CONTRADITO."""
    resultado, _ = analise_demo
    conclusoes = copy.deepcopy(resultado.conclusoes)
    referencia = next(r for c in conclusoes["conclusoes"] for r in c["referencias"] if "3.500,00" in r["dado_citado"])
    referencia["dado_citado"] = referencia["dado_citado"].replace("3.500,00", "3.600,00", 1)
    arquivo = tmp_path / "conclusoes.json"
    arquivo.write_text(json.dumps(conclusoes), encoding="utf-8")
    codigo, texto = _rodar("validar", arquivo, "--caso", CASO_DEMO, "--data-validacao", DATA)
    assert codigo == Saida.REFERENCIAS_CONTRADITAS == 11
    assert texto.index("REFERÊNCIAS CONTRADITAS") < texto.index("Conclusões revalidadas")


def test_item5_ajuda_diz_que_sem_saida_nada_e_gravado_e_os_codigos():
    codigo, texto = _rodar("validar", "--help")
    assert codigo == 0
    plano = " ".join(texto.split())
    assert "Sem --saida nada é gravado" in plano
    assert "10 um arquivo citado mudou" in plano and "11 alguma referência foi contradita" in plano


def test_item5_defeito_interno_em_validar_nao_aponta_para_log_inexistente(monkeypatch, tmp_path):
    """Antes: "os detalhes ficam em perito.log na pasta de saída" — validar não grava log."""
    import perito.cli.validar

    def quebrar(*_args, **_kwargs):
        raise RuntimeError("defeito simulado")

    monkeypatch.setattr(perito.cli.validar, "validar", quebrar)
    arquivo = tmp_path / "conclusoes.json"
    arquivo.write_text('{"conclusoes": [], "caso_id": "x", "data_analise": "2025-03-20"}', encoding="utf-8")
    codigo, texto = _rodar("validar", arquivo, "--caso", CASO_DEMO)
    assert codigo == Saida.ERRO_INTERNO == 70
    assert "defeito simulado" in texto
    assert "perito.log" not in texto


# 7. o fim do relatório diz o que fazer


def test_item7_totais_nada_para_revisar_e_relatorio_txt(caso_demo, tmp_path):
    saida = tmp_path / "s"
    codigo, texto = _analisar(caso_demo, saida)
    assert codigo == Saida.OK
    from collections import Counter

    conclusoes = json.loads((saida / "conclusoes.json").read_text(encoding="utf-8"))["conclusoes"]
    graus = Counter(c["grau_confianca"] for c in conclusoes)
    total = (f"Total: {len(conclusoes)} conclusões — {graus['forte']} forte / {graus['moderado']} moderado / "
             f"{graus['fraco']} fraco; {len(conclusoes)} verificadas, 0 ambíguas, 0 contraditas.")
    assert total in " ".join(texto.split())
    assert "Nada para revisar: todas as referências foram verificadas" in texto
    assert f"perito auditoria verificar {saida}" in " ".join(texto.split())
    relatorio = (saida / "relatorio.txt").read_text(encoding="utf-8")
    assert "Conclusões por tipo, grau e veredicto" in relatorio and "Nada para revisar" in relatorio
    assert "\x1b[" not in relatorio
    manifesto = json.loads((saida / "manifesto.json").read_text(encoding="utf-8"))
    assert "relatorio.txt" in manifesto["saidas"]
    entradas, _ = ler(saida / TRILHA)
    assert any("relatorio.txt" in e["saidas"] for e in entradas if e["acao"] == "gravar_relatorios")
    assert _rodar("auditoria", "verificar", saida)[0] == Saida.OK


def test_item7_analise_incompleta_diz_quantos_e_onde(caso_demo, tmp_path):
    (caso_demo / "truncado.pdf").write_bytes((CASO_DEMO / "extrato_conta_corrente.pdf").read_bytes()[:700])
    codigo, texto = _analisar(caso_demo, tmp_path / "s")
    assert codigo == Saida.INCOMPLETA
    plano = " ".join(texto.split())
    assert "ANÁLISE INCOMPLETA: 1 arquivo com erro — veja a tabela Arquivos do caso" in plano


def test_item7_com_referencia_ambigua_o_proximo_passo_e_perito_revisar(analise_demo):
    from perito.saida.relatorio import relatorio_analise

    resultado, _ = analise_demo
    ambiguo = copy.copy(resultado)
    ambiguo.validacoes = copy.deepcopy(resultado.validacoes)
    ambiguo.validacoes["validacoes"][0]["detalhes"][0]["status"] = "AMBIGUO"
    console = Console(width=80, record=True)
    console.print(relatorio_analise(ambiguo))
    texto = " ".join(console.export_text().split())
    assert f"1 referência para revisar: perito revisar {resultado.saida}" in texto
    assert "Nada para revisar" not in texto


# 8. extensão conhecida com conteúdo de outro tipo


def test_item8_docx_que_nao_e_docx_diz_isso(tmp_path):
    """Antes: "falso.docx: extensão .docx desconhecida; lido como texto"."""
    caso = _caso_pequeno(tmp_path)
    (caso / "falso.docx").write_text("isto é texto, não um DOCX\n", encoding="utf-8")
    codigo, texto = _analisar(caso, tmp_path / "s")
    assert codigo == Saida.OK
    assert "falso.docx: a extensão é .docx, mas o conteúdo não é DOCX; lido como texto" in " ".join(texto.split())
    assert "desconhecida" not in texto


# 9. um modo só para as saídas


def test_item9_saidas_com_um_modo_so(tmp_path):
    """Antes: JSON e CSV com 0600 (mkstemp) e a trilha com 0644."""
    import stat

    from perito.saida.escrita import MODO

    saida = tmp_path / "s"
    assert _analisar(_caso_pequeno(tmp_path), saida)[0] == Saida.OK
    for nome in ("conclusoes.json", "conclusoes.csv", "validacao.json", "manifesto.json", "relatorio.txt", TRILHA):
        assert stat.S_IMODE((saida / nome).stat().st_mode) == MODO == 0o644, nome
