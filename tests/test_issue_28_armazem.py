"""Issue 28, item 1: o armazém do caso e as execuções incrementais.

Um segundo `analisar` sobre um caso que ganhou um arquivo lê só ele, valida de novo só as conclusões que mudaram
e grava o mesmo que uma execução completa. O armazém fica na pasta de saída, então nada dele é confiado às cegas:
uma entrada adulterada (mesmo com o hash recalculado no banco) não confere com a trilha e é refeita.
"""

from __future__ import annotations

import json
import os
import pickle
import shutil
import sqlite3
from pathlib import Path

import pytest

from perito.analise import Parametros, analisar
from perito.armazem.banco import NOME as NOME_ARMAZEM
from perito.armazem.banco import Armazem
from perito.armazem.leituras import FORMATO, restaurar, sha256_de
from perito.erros import Saida
from perito.pickle_seguro import carregar
from perito.saida.volateis import diferencas_de_conteudo

DATA = "2025-04-01"
IP = "187.34.56.78"
FALSO = "187.34.56.79"


def _analisar(caso: Path, saida: Path, **outros):
    return analisar(Parametros(caso, saida, data_analise=DATA, **outros))


def _ultima_execucao(saida: Path) -> list[dict]:
    entradas = [json.loads(linha) for linha in (saida / "auditoria.jsonl").read_text(encoding="utf-8").splitlines()]
    inicio = max(n for n, e in enumerate(entradas) if e["acao"] == "iniciar")
    return entradas[inicio:]


def _lidos(saida: Path) -> dict[str, bool]:
    """arquivo → se a última execução o reaproveitou do armazém (em vez de lê-lo)."""
    return {next(iter(e["entradas"])): "reaproveitado_do_armazem" in e["detalhes"]
            for e in _ultima_execucao(saida) if e["acao"] == "ler"}


def _caso_pequeno(pasta: Path) -> Path:
    caso = pasta / "caso"
    caso.mkdir()
    (caso / "relato.txt").write_text(
        f"Acesso do IP {IP} em 15/03/2025 14:32:17 BRT pelo telefone +55 11 98765-4321.\n", encoding="utf-8")
    (caso / "log.csv").write_text(f"data;hora;ip;porta\n15/03/2025;14:33:00 BRT;{IP};51234\n", encoding="utf-8")
    return caso


def test_um_arquivo_novo_e_o_unico_lido_e_a_saida_e_a_de_uma_execucao_completa(caso_demo, tmp_path):
    novo = caso_demo / "log_internet_banking.csv"
    guardado = tmp_path / novo.name
    shutil.move(novo, guardado)
    saida = tmp_path / "saida"
    antes = _analisar(caso_demo, saida)
    assert json.loads((saida / "diferencas.json").read_text(encoding="utf-8")) == {"desde_a_execucao": None}
    shutil.move(guardado, novo)
    copia = tmp_path / "copia"
    shutil.copytree(saida, copia)  # a mesma história, para a execução completa comparada abaixo

    depois = _analisar(caso_demo, saida)
    assert depois.codigo_saida == antes.codigo_saida == Saida.OK
    lidos = _lidos(saida)
    assert [nome for nome, reaproveitado in lidos.items() if not reaproveitado] == [novo.name]
    assert len(lidos) == 11
    # o arquivo novo mudou conclusões: só elas foram validadas de novo
    validar = next(e for e in _ultima_execucao(saida) if e["acao"] == "validar")
    reaproveitadas = validar["detalhes"]["reaproveitadas_do_armazem"]
    assert 0 < reaproveitadas < validar["detalhes"]["total_conclusoes"]
    assert {json.dumps(c["referencias"]) for c in depois.finais["conclusoes"]} != \
        {json.dumps(c["referencias"]) for c in antes.finais["conclusoes"]}
    assert depois.reaproveitado == {"leituras": 10, "validacoes": reaproveitadas}
    assert depois.diferencas["desde_a_execucao"] == 1
    assert depois.diferencas["arquivos"] == {"incluidos": [novo.name], "removidos": [], "alterados": []}
    mudancas = depois.diferencas["conclusoes"]["novas"] + depois.diferencas["conclusoes"]["mudaram"]
    assert mudancas and all(c["arquivos_que_mudaram"] == [novo.name] for c in mudancas)
    assert "Desde a execução anterior (nº 1 desta pasta)" in (saida / "relatorio.html").read_text(encoding="utf-8")

    # a completa: a mesma pasta (os caminhos nos relatórios são os mesmos), a mesma história, tudo relido
    incremental = tmp_path / "incremental"
    saida.rename(incremental)
    copia.rename(saida)
    completa = _analisar(caso_demo, saida, reaproveitar=False)
    assert not any(_lidos(saida).values())
    assert diferencas_de_conteudo(incremental, saida) == []
    assert completa.total_dados == depois.total_dados


def _adulterar(saida: Path, tabela: str, trocar) -> int:
    """Troca o conteúdo das entradas de `tabela` e recalcula, no próprio banco, o SHA-256 delas (o que um
    adulterador faria); devolve quantas trocou."""
    import hashlib

    with sqlite3.connect(saida / NOME_ARMAZEM) as banco:
        linhas = banco.execute(f"SELECT chave, conteudo FROM {tabela}").fetchall()
        trocadas = 0
        for chave, conteudo in linhas:
            novo = trocar(conteudo)
            if novo != conteudo:
                trocadas += 1
                sha = hashlib.sha256(novo.encode() if isinstance(novo, str) else novo).hexdigest()
                banco.execute(f"UPDATE {tabela} SET conteudo = ?, sha256_conteudo = ? WHERE chave = ?", (novo, sha, chave))
    return trocadas


def test_leitura_adulterada_no_armazem_nao_entra_no_caso(tmp_path):
    caso, saida = _caso_pequeno(tmp_path), tmp_path / "saida"
    assert _analisar(caso, saida).codigo_saida == Saida.OK

    # o IP trocado nas partes (mesmo tamanho: o pickle continua legível) e o SHA-256 da entrada recalculado no banco
    with sqlite3.connect(saida / NOME_ARMAZEM) as banco:
        for chave, cabecalho in banco.execute("SELECT chave, conteudo FROM leituras").fetchall():
            partes = [p.replace(IP.encode(), FALSO.encode()) for (p,) in banco.execute(
                "SELECT conteudo FROM partes WHERE chave = ? ORDER BY ordem", (chave,)).fetchall()]
            banco.execute("DELETE FROM partes WHERE chave = ?", (chave,))
            banco.executemany("INSERT INTO partes VALUES (?, ?, ?)", ((chave, n, p) for n, p in enumerate(partes)))
            banco.execute("UPDATE leituras SET sha256_conteudo = ? WHERE chave = ?", (sha256_de(cabecalho, partes), chave))
    resultado = _analisar(caso, saida)
    assert _lidos(saida) == {"log.csv": False, "relato.txt": False}  # relidos do caso, não do armazém
    textos = json.dumps(resultado.lotes, ensure_ascii=False)
    assert IP in textos and FALSO not in textos
    assert "não confere com a trilha" in (saida / "perito.log").read_text(encoding="utf-8")
    # e o que foi relido voltou ao armazém, registrado: a próxima execução o reaproveita
    _analisar(caso, saida)
    assert _lidos(saida) == {"log.csv": True, "relato.txt": True}


def test_validacao_adulterada_no_armazem_e_refeita(tmp_path):
    caso, saida = _caso_pequeno(tmp_path), tmp_path / "saida"
    primeira = _analisar(caso, saida)
    assert primeira.validacoes["validacoes"]

    def contradizer(conteudo: str) -> str:
        return conteudo.replace('"VERIFICADO"', '"CONTRADITO"')

    assert _adulterar(saida, "validacoes", contradizer) >= 1
    segunda = _analisar(caso, saida)
    validar = next(e for e in _ultima_execucao(saida) if e["acao"] == "validar")
    assert "reaproveitadas_do_armazem" not in validar["detalhes"]
    assert segunda.validacoes["validacoes"] == primeira.validacoes["validacoes"]


def test_arquivo_mudado_e_relido_e_a_leitura_antiga_sai_do_armazem(tmp_path):
    caso, saida = _caso_pequeno(tmp_path), tmp_path / "saida"
    _analisar(caso, saida)
    with (caso / "log.csv").open("a", encoding="utf-8") as f:
        f.write(f"16/03/2025;09:00:00 BRT;{IP};40000\n")
    resultado = _analisar(caso, saida)
    assert _lidos(saida) == {"log.csv": False, "relato.txt": True}
    assert "16/03/2025" in json.dumps(resultado.lotes)
    with sqlite3.connect(saida / NOME_ARMAZEM) as banco:
        assert banco.execute("SELECT count(*) FROM leituras WHERE nome = 'log.csv'").fetchone()[0] == 1


def test_reler_tudo_nao_reaproveita_mas_guarda(tmp_path):
    caso, saida = _caso_pequeno(tmp_path), tmp_path / "saida"
    _analisar(caso, saida)
    _analisar(caso, saida, reaproveitar=False)
    assert _lidos(saida) == {"log.csv": False, "relato.txt": False}
    assert next(e for e in _ultima_execucao(saida) if e["acao"] == "armazenar")["detalhes"] == {"leituras": 2}
    _analisar(caso, saida)
    assert _lidos(saida) == {"log.csv": True, "relato.txt": True}


def test_armazem_ilegivel_fica_de_lado_e_a_analise_segue(tmp_path):
    caso, saida = _caso_pequeno(tmp_path), tmp_path / "saida"
    _analisar(caso, saida)
    (saida / NOME_ARMAZEM).write_bytes(b"isto nao e um banco sqlite" * 100)
    resultado = _analisar(caso, saida)
    assert resultado.codigo_saida == Saida.OK
    assert (saida / f"{NOME_ARMAZEM}.ilegivel").read_bytes().startswith(b"isto nao")
    assert not any(_lidos(saida).values())
    assert "ilegível" in (saida / "perito.log").read_text(encoding="utf-8")


def test_cada_execucao_fica_no_historico_com_arquivos_e_conclusoes(tmp_path):
    caso, saida = _caso_pequeno(tmp_path), tmp_path / "saida"
    primeira = _analisar(caso, saida)
    (caso / "log.csv").unlink()
    _analisar(caso, saida)
    armazem = Armazem(saida)
    try:
        execucoes = armazem.execucoes()
    finally:
        armazem.fechar()
    assert [sorted(e["arquivos"]) for e, _, _ in execucoes] == [["log.csv", "relato.txt"], ["relato.txt"]]
    # a leitura do arquivo que saiu do caso saiu do armazém (o armazém não cresce com o que já saiu da operação)
    with sqlite3.connect(saida / NOME_ARMAZEM) as banco:
        assert banco.execute("SELECT nome FROM leituras").fetchall() == [("relato.txt",)]
        assert banco.execute("SELECT count(*) FROM partes WHERE chave NOT IN (SELECT chave FROM leituras)").fetchone()[0] == 0
    assert [c["id"] for c in execucoes[0][0]["conclusoes"]] == [c["id"] for c in primeira.finais["conclusoes"]]
    # o resumo de cada execução está na trilha, logo antes do manifesto, com o SHA-256 do que foi guardado
    ultima = _ultima_execucao(saida)
    assert [e["acao"] for e in ultima[-2:]] == ["registrar_execucao", "gravar_manifesto"]
    assert execucoes[-1][0]["cabeca_trilha"] == ultima[-2]["hash"]
    assert list(ultima[-2]["saidas"].values()) == [execucoes[-1][1]]


class _Bomba:
    def __reduce__(self):
        return (os.system, ("echo pwned",))


def test_conteudo_forjado_nunca_executa_codigo(tmp_path):
    """Mesmo que alguém forje a trilha junto com o banco, o conteúdo guardado só pode trazer dados puros."""
    with pytest.raises(pickle.UnpicklingError, match="os.system|posix.system"):
        carregar(pickle.dumps(_Bomba()))
    cabecalho = {"formato": FORMATO, "documento": {"arquivo": "a.txt", "tipo": "txt"}, "extrator_id": "x",
                 "alertas": [], "derrames": []}
    forjada = [pickle.dumps([{"dado": _Bomba()}])]
    with pytest.raises(ValueError, match="ilegível"):
        restaurar(pickle.dumps({**cabecalho, "alertas": _Bomba()}), [], tmp_path)
    documento = restaurar(pickle.dumps(cabecalho), forjada, tmp_path)  # a parte forjada só é aberta no lote, pelo mesmo carregador
    with pytest.raises(pickle.UnpicklingError):
        documento.extraido.todos()
    assert carregar(pickle.dumps({"a": [1, 2.5, None, True, ("t",), b"b"]})) == {"a": [1, 2.5, None, True, ("t",), b"b"]}


def test_o_terminal_diz_o_que_veio_do_armazem_e_o_relatorio_txt_nao(tmp_path):
    from tests.conftest import rodar_cli

    caso, saida = _caso_pequeno(tmp_path), tmp_path / "saida"
    codigo, texto = rodar_cli("analisar", caso, "--saida", saida, "--data-analise", DATA)
    assert codigo == 0 and "Armazém do caso" not in texto  # nada reaproveitado na primeira
    codigo, texto = rodar_cli("analisar", caso, "--saida", saida, "--data-analise", DATA)
    assert codigo == 0
    assert "Armazém do caso: 2 arquivos reaproveitados de 2" in " ".join(texto.split())
    # o relatorio.txt não diz: sai igual ao de uma execução que releu tudo (a seção de diferenças é a mesma)
    assert "Armazém do caso" not in (saida / "relatorio.txt").read_text(encoding="utf-8")
    codigo, texto = rodar_cli("analisar", caso, "--saida", saida, "--data-analise", DATA, "--reler-tudo")
    assert codigo == 0 and "Armazém do caso" not in texto


def test_validacao_que_nao_se_repetiria_nao_e_guardada(tmp_path):
    """EXTRACAO_FALHOU, ou um arquivo citado que a releitura não leu por inteiro (tempo, memória: a máquina, não o
    documento), não vira veredicto guardado; o resto sim."""
    from perito.analise.etapas.validacao import estavel
    from perito.validador.fonte import FonteIndependente

    caso = _caso_pequeno(tmp_path)
    fonte = FonteIndependente(caso)
    fonte.preparar(["log.csv", "relato.txt"])
    conclusao = {"referencias": [{"arquivo": "log.csv"}, {"arquivo": "relato.txt"}]}
    verificada = {"detalhes": [{"status": "VERIFICADO"}, {"status": "VERIFICADO"}]}
    assert estavel(fonte, conclusao, verificada)
    assert not estavel(fonte, conclusao, {"detalhes": [{"status": "VERIFICADO"}, {"status": "EXTRACAO_FALHOU"}]})
    assert not estavel(fonte, {"referencias": [{"arquivo": "sumiu.csv"}]}, {"detalhes": [{"status": "VERIFICADO"}]})
    fonte.aberto("log.csv").documento.parcial = "prazo estourado na página 3"
    assert not estavel(fonte, conclusao, verificada)
