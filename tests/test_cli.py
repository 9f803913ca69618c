"""Linha de comando: mensagens em pt-BR, códigos de saída documentados, nenhum traceback."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from perito.erros import Saida
from tests.conftest import CASO_DEMO, CORPUS, DATA, hashes_da_arvore, rodar_cli

BIN = Path(sys.executable).parent


_rodar = rodar_cli


def test_caso_inexistente(tmp_path):
    codigo, saida = _rodar("analisar", tmp_path / "nao_existe")
    assert codigo == Saida.CASO_INVALIDO == 3
    assert "A pasta do caso não existe" in saida


def test_arquivo_no_lugar_da_pasta(tmp_path):
    arquivo = tmp_path / "caso.txt"
    arquivo.write_text("x")
    codigo, saida = _rodar("analisar", arquivo)
    assert codigo == Saida.CASO_INVALIDO
    assert "é um arquivo, não uma pasta" in saida


def test_caso_vazio(tmp_path):
    (tmp_path / "vazio").mkdir()
    codigo, saida = _rodar("analisar", tmp_path / "vazio")
    assert codigo == Saida.CASO_INVALIDO
    assert "está vazia" in saida


def test_saida_dentro_do_caso_e_recusada(caso_demo):
    antes = hashes_da_arvore(caso_demo)
    codigo, saida = _rodar("analisar", caso_demo, "--saida", caso_demo / "resultado")
    assert codigo == Saida.SAIDA_INVALIDA == 4
    assert "dentro da pasta do caso" in saida
    assert hashes_da_arvore(caso_demo) == antes


def test_saida_padrao_fica_ao_lado_do_caso(caso_demo):
    codigo, saida = _rodar("analisar", caso_demo, "--data-analise", DATA)
    assert codigo == 0, saida
    assert (caso_demo.parent / "caso-analise" / "conclusoes.json").is_file()
    assert "Referências não verificadas" not in saida  # tudo verificado no exemplo


def test_console_scripts_analisar_e_perito_analisar_dao_o_mesmo(tmp_path):
    saidas = []
    for comando, pasta in (([BIN / "analisar"], "a"), ([BIN / "perito", "analisar"], "b")):
        processo = subprocess.run(
            [*map(str, comando), str(CASO_DEMO), "--saida", str(tmp_path / pasta), "--data-analise", DATA],
            capture_output=True, text=True, env={"PATH": f"{BIN}:/usr/bin:/bin", "PERITO_LARGURA": "200"}, timeout=300,
        )
        assert processo.returncode == 0, processo.stderr
        assert "Traceback" not in processo.stderr
        saidas.append((tmp_path / pasta / "conclusoes.json").read_bytes())
    assert saidas[0] == saidas[1]


def test_relatorio_mostra_resumo_e_conclusoes(caso_demo, tmp_path):
    codigo, saida = _rodar("analisar", caso_demo, "--saida", tmp_path / "s", "--data-analise", DATA)
    assert codigo == 0
    assert "Conclusões por tipo, grau e veredicto" in saida
    assert "convergencia_ip" in saida and "VERIFICADO" in saida
    assert "187.34.56.78" in saida


def test_caso_com_arquivos_ruins_termina_e_relata_cada_um(caso_demo, tmp_path):
    """Um arquivo ruim nunca para os outros: a análise conclui e cada falha aparece."""
    (caso_demo / "vazio.pdf").write_bytes(b"")
    (caso_demo / "truncado.pdf").write_bytes((CASO_DEMO / "extrato_conta_corrente.pdf").read_bytes()[:700])
    (caso_demo / "zip_disfarcado.pdf").write_bytes(b"PK\x03\x04" + b"\x00" * 100)
    (caso_demo / "binario.dat").write_bytes(bytes(range(256)) * 4)
    if CORPUS.is_dir():
        shutil.copy(CORPUS / "pdf_malformados" / "password-example.pdf", caso_demo / "cifrado.pdf")
        shutil.copy(CORPUS / "pdf_malformados" / "REDHAT-1531897-0.pdf", caso_demo / "zero_paginas.pdf")
    antes = hashes_da_arvore(caso_demo)
    codigo, saida = _rodar("analisar", caso_demo, "--saida", tmp_path / "s", "--data-analise", DATA)
    assert codigo == Saida.INCOMPLETA == 1
    assert hashes_da_arvore(caso_demo) == antes
    manifesto = json.loads((tmp_path / "s" / "manifesto.json").read_text(encoding="utf-8"))
    situacao = {a["arquivo"]: (a["situacao"], a.get("motivo") or "") for a in manifesto["arquivos"]}
    assert situacao["vazio.pdf"] == ("erro", "arquivo vazio (0 bytes)")  # issue 13: 0 byte é falha
    assert situacao["truncado.pdf"][0] == "erro"
    assert situacao["zip_disfarcado.pdf"][0] == "ignorado"
    assert situacao["binario.dat"][0] == "ignorado"
    if CORPUS.is_dir():
        assert situacao["cifrado.pdf"] == ("erro", "PDF protegido por senha: não foi lido (nenhuma senha é tentada)")
        assert "nenhuma página legível" in situacao["zero_paginas.pdf"][1]
    # os arquivos bons continuam dando a convergência verificada
    conclusoes = json.loads((tmp_path / "s" / "conclusoes.json").read_text(encoding="utf-8"))
    assert any(c["grau_confianca"] == "forte" and "187.34.56.78" in c["afirmacao"] for c in conclusoes["conclusoes"])
    lotes = [json.loads(p.read_text(encoding="utf-8")) for p in (tmp_path / "s" / "lotes").glob("*.json")]
    alertas = " ".join(a for lote in lotes for a in lote["alertas"])
    assert "ERRO em truncado.pdf" in alertas


def test_link_simbolico_nao_e_seguido(caso_demo, tmp_path):
    segredo = tmp_path / "fora_do_caso.txt"
    segredo.write_text("IP 200.200.200.200 em 15/03/2025 11:34:02 BRT\n")
    (caso_demo / "atalho.txt").symlink_to(segredo)
    codigo, _ = _rodar("analisar", caso_demo, "--saida", tmp_path / "s", "--data-analise", DATA)
    assert codigo == 0
    manifesto = json.loads((tmp_path / "s" / "manifesto.json").read_text(encoding="utf-8"))
    linha = next(a for a in manifesto["arquivos"] if a["arquivo"] == "atalho.txt")
    assert linha["situacao"] == "ignorado" and "link simbólico" in linha["motivo"]
    lotes = (tmp_path / "s" / "lotes").glob("*.json")
    assert not any("200.200.200.200" in p.read_text(encoding="utf-8") for p in lotes)


def test_esquemas_imprime_json_valido():
    codigo, saida = _rodar("esquemas", "--nome", "conclusoes")
    assert codigo == 0
    assert json.loads(saida)["$schema"] == "https://json-schema.org/draft/2020-12/schema"


def test_validar_conclusoes_malformadas_lista_erros_com_caminho(tmp_path):
    arquivo = tmp_path / "conclusoes.json"
    arquivo.write_text(json.dumps({"conclusoes": [{"id": 1, "tipo": "palpite", "referencias": []}], "caso_id": "x"}))
    codigo, saida = _rodar("validar", arquivo, "--caso", CASO_DEMO)
    assert codigo == Saida.ENTRADA_INVALIDA == 6
    assert "$.conclusoes[0].tipo" in saida
    assert "$.conclusoes[0].referencias" in saida


def test_validar_json_quebrado(tmp_path):
    arquivo = tmp_path / "conclusoes.json"
    arquivo.write_text("{ isto não é json")
    codigo, saida = _rodar("validar", arquivo, "--caso", CASO_DEMO)
    assert codigo == Saida.ENTRADA_INVALIDA
    assert "não é um JSON válido" in saida


def test_validar_revalida_as_conclusoes_da_analise(analise_demo, tmp_path):
    resultado, _ = analise_demo
    destino = tmp_path / "revalidado.json"
    codigo, saida = _rodar("validar", resultado.saida / "conclusoes.json", "--caso", CASO_DEMO, "--saida", destino, "--data-validacao", DATA)
    assert codigo == 0, saida
    revalidado = json.loads(destino.read_text(encoding="utf-8"))
    assert revalidado == resultado.validacoes


@pytest.mark.parametrize("args", [["--help"], ["analisar", "--help"], ["validar", "--help"]])
def test_ajuda_em_portugues(args):
    codigo, saida = _rodar(*args)
    assert codigo == 0
    assert "caso" in saida.lower()


def test_relatorio_lista_referencia_contradita_com_o_texto_encontrado(analise_demo):
    """Uma referência derrubada pelo validador aparece na revisão com o texto do documento."""
    import copy

    from rich.console import Console

    from perito.saida.relatorio import tabela_revisao
    from perito.validador.agente import validar

    resultado, _ = analise_demo
    conclusoes = copy.deepcopy(resultado.conclusoes)
    referencia = next(r for c in conclusoes["conclusoes"] for r in c["referencias"] if "3.500,00" in r["dado_citado"])
    referencia["dado_citado"] = referencia["dado_citado"].replace("3.500,00", "3.600,00", 1)
    validacoes = validar(conclusoes, CASO_DEMO, DATA)
    console = Console(width=250, record=True)
    console.print(tabela_revisao(validacoes))
    texto = console.export_text()
    assert "CONTRADITO" in texto and "3.600,00" in texto


def _caso_pequeno(tmp_path):
    caso = tmp_path / "caso"
    caso.mkdir()
    (caso / "relato.txt").write_text("Acesso do IP 187.34.56.78 em 15/03/2025 14:32:17 BRT.\n", encoding="utf-8")
    return caso


@pytest.mark.parametrize(("opcao", "valor", "mensagem"), [
    ("--data-analise", "2025-02-30", "Data da análise inválida: '2025-02-30'"),
    ("--data-analise", "20/03/2025", "Data da análise inválida: '20/03/2025'"),
    ("--data-analise", "2025-3-20", "use AAAA-MM-DD"),
])
def test_issue12_argumento_invalido_sai_com_2_antes_de_ler(tmp_path, opcao, valor, mensagem):
    """Issue 12, defeito 4: `20/03/2025` lia o caso inteiro e saía com 70; `2025-02-30` era aceito.

    Argumentos são conferidos antes de qualquer trabalho: código 2, mensagem em português, nada gravado.
    """
    saida = tmp_path / "saida"
    codigo, texto = _rodar("analisar", _caso_pequeno(tmp_path), "--saida", saida, opcao, valor)
    assert codigo == Saida.USO == 2
    assert mensagem in texto
    assert not saida.exists()


@pytest.mark.parametrize("conteudo", ["{ corrompido", "[1, 2]", '"texto"', '{"auditoria": []}'])
def test_issue12_auditoria_com_manifesto_corrompido_sai_com_7(tmp_path, conteudo):
    """Issue 12, defeito 4: `perito auditoria verificar` com manifesto.json corrompido ou que não é objeto saía com 70.

    Manifesto ilegível é adulteração da saída: código 7 e o problema listado.
    """
    saida = tmp_path / "saida"
    assert _rodar("analisar", _caso_pequeno(tmp_path), "--saida", saida, "--data-analise", DATA)[0] == Saida.OK
    (saida / "manifesto.json").write_text(conteudo, encoding="utf-8")
    codigo, texto = _rodar("auditoria", "verificar", saida)
    assert codigo == Saida.AUDITORIA_INVALIDA == 7
    assert "manifesto.json" in texto


def test_issue12_data_de_validacao_invalida_sai_com_2(tmp_path):
    """Issue 12, defeito 4 (o mesmo em `perito validar`): `--data-validacao 2025-02-30` era aceita."""
    conclusoes = tmp_path / "conclusoes.json"
    conclusoes.write_text('{"conclusoes": [], "caso_id": "x", "data_analise": "2025-03-20"}', encoding="utf-8")
    codigo, texto = _rodar("validar", conclusoes, "--caso", _caso_pequeno(tmp_path), "--data-validacao", "2025-02-30")
    assert codigo == Saida.USO and "Data da validação inválida: '2025-02-30'" in texto
