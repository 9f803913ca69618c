"""Issue 24, achado 3: a trilha ancorada fora da pasta, e assinada com a chave do analista.

Antes: trocar todas as saídas pelas de outra análise, ou editar `conclusoes.json` e recalcular a cadeia (não
há chave), passava em `auditoria verificar`; cortar as últimas linhas da trilha e apagar `manifesto.json`
depois de uma edição dava 1 ("não terminou") em vez de 7.
"""

from __future__ import annotations

import hashlib
import json
import shutil

import pytest

from perito.erros import Saida
from perito.saida.ancora import NOME_ASSINATURAS
from perito.saida.auditoria import Trilha, canonico
from tests.conftest import DATA, rodar_cli


def _cli(*args):
    codigo, texto = rodar_cli(*args)
    return codigo, " ".join(texto.split())  # o rich quebra linhas longas


def _caso(pasta, telefone="+55 11 98765-4321"):
    pasta.mkdir(parents=True)
    (pasta / "relato.txt").write_text(f"Telefone {telefone} citado no boletim em 15/03/2025.\n", encoding="utf-8")
    return pasta


@pytest.fixture
def ancorada(tmp_path):
    """(caso, saída, arquivo de âncoras, chave privada, chave pública) de uma análise ancorada e assinada."""
    chave = tmp_path / "guardado" / "analista.pem"
    chave.parent.mkdir()
    assert _cli("chave", "gerar", chave)[0] == 0
    caso, saida, ancoras = _caso(tmp_path / "A"), tmp_path / "saida", tmp_path / "guardado" / "ancoras.jsonl"
    codigo, texto = _cli("analisar", caso, "--saida", saida, "--data-analise", DATA, "--ancora", ancoras, "--chave", chave)
    assert codigo == 0, texto
    assert "Cabeça da trilha de auditoria: seq" in texto and "ancorada em" in texto and "assinada com a chave" in texto
    return caso, saida, ancoras, chave, chave.with_name("analista.pem.pub")


def _recalcular(saida, mudar):
    """O ataque sem chave: muda um arquivo, acerta os hashes dele na trilha e no manifesto e recalcula a cadeia."""
    alvo = saida / "conclusoes.json"
    antigo = hashlib.sha256(alvo.read_bytes()).hexdigest()
    alvo.write_bytes(mudar(alvo.read_bytes()))
    novo = hashlib.sha256(alvo.read_bytes()).hexdigest()
    entradas = [json.loads(linha) for linha in (saida / "auditoria.jsonl").read_text(encoding="utf-8").splitlines()]
    anterior = "0" * 64
    manifesto = json.loads((saida / "manifesto.json").read_text(encoding="utf-8"))
    manifesto["saidas"] = {n: (novo if h == antigo else h) for n, h in manifesto["saidas"].items()}
    for entrada in entradas:
        entrada["saidas"] = {n: (novo if h == antigo else h) for n, h in entrada["saidas"].items()}
        if entrada["acao"] == "gravar_manifesto":
            manifesto["auditoria"]["hash_antes_do_manifesto"] = anterior
            dados = json.dumps(manifesto).encode()
            (saida / "manifesto.json").write_bytes(dados)
            entrada["saidas"]["manifesto.json"] = hashlib.sha256(dados).hexdigest()
        entrada["anterior"] = anterior
        entrada["hash"] = hashlib.sha256(canonico({k: v for k, v in entrada.items() if k != "hash"})).hexdigest()
        anterior = entrada["hash"]
    (saida / "auditoria.jsonl").write_text("".join(json.dumps(e) + "\n" for e in entradas), encoding="utf-8")


def test_issue_24_chave_gerada_so_o_dono_le_e_nunca_e_sobrescrita(ancorada):
    *_, chave, publica = ancorada
    assert chave.stat().st_mode & 0o077 == 0 and publica.is_file()
    antes = chave.read_bytes()
    codigo, texto = _cli("chave", "gerar", chave)
    assert codigo == Saida.USO and "não sobrescreve" in texto and chave.read_bytes() == antes


def test_issue_24_analise_ancorada_e_assinada_confere(ancorada):
    _, saida, ancoras, _, publica = ancorada
    assert _cli("auditoria", "verificar", saida, "--ancora", ancoras)[0] == 0
    assert _cli("auditoria", "verificar", saida, "--chave-publica", publica)[0] == 0
    codigo, texto = _cli("auditoria", "verificar", saida, "--ancora", ancoras, "--chave-publica", publica)
    assert codigo == 0 and "a cabeça ancorada confere" in texto


def test_issue_24_cadeia_recalculada_passa_sem_ancora_e_e_pega_com_ela(ancorada):
    _, saida, ancoras, _, publica = ancorada
    _recalcular(saida, lambda b: b.replace(b'"fraco"', b'"forte"').replace(b'"moderado"', b'"forte"') + b" ")
    assert _cli("auditoria", "verificar", saida)[0] == 0  # o limite da trilha sozinha: sem chave, recalcula-se
    codigo, texto = _cli("auditoria", "verificar", saida, "--ancora", ancoras)
    assert codigo == Saida.AUDITORIA_INVALIDA and "cadeia recalculada, cortada ou pasta trocada" in texto
    assert _cli("auditoria", "verificar", saida, "--chave-publica", publica)[0] == Saida.AUDITORIA_INVALIDA


def test_issue_24_pasta_trocada_pela_de_outra_analise_e_pega(ancorada, tmp_path):
    _, saida, ancoras, _, _ = ancorada
    outra = tmp_path / "outra"
    assert _cli("analisar", _caso(tmp_path / "B", "+55 21 99876-5432"), "--saida", outra, "--data-analise", DATA)[0] == 0
    shutil.rmtree(saida)
    shutil.copytree(outra, saida)
    assert _cli("auditoria", "verificar", saida)[0] == 0
    assert _cli("auditoria", "verificar", saida, "--ancora", ancoras)[0] == Saida.AUDITORIA_INVALIDA


def test_issue_24_fim_cortado_e_manifesto_apagado_e_7_com_a_ancora(ancorada):
    _, saida, ancoras, _, _ = ancorada
    (saida / "conclusoes.json").write_bytes((saida / "conclusoes.json").read_bytes() + b" ")
    linhas = (saida / "auditoria.jsonl").read_text(encoding="utf-8").splitlines()
    (saida / "auditoria.jsonl").write_text("\n".join(linhas[:-3]) + "\n", encoding="utf-8")
    (saida / "manifesto.json").unlink()
    assert _cli("auditoria", "verificar", saida)[0] == Saida.INCOMPLETA  # sem âncora, parece uma execução morta
    codigo, texto = _cli("auditoria", "verificar", saida, "--ancora", ancoras)
    assert codigo == Saida.AUDITORIA_INVALIDA and "não contém a cabeça ancorada" in texto


def test_issue_24_entrada_acrescentada_depois_da_ancora_e_pega(ancorada):
    _, saida, ancoras, _, _ = ancorada
    (saida / "conclusoes.json").write_bytes((saida / "conclusoes.json").read_bytes() + b" ")
    Trilha(saida).registrar("saida", "gravar_relatorios",
                            saidas={"conclusoes.json": hashlib.sha256((saida / "conclusoes.json").read_bytes()).hexdigest()})
    codigo, texto = _cli("auditoria", "verificar", saida, "--ancora", ancoras)
    assert codigo == Saida.AUDITORIA_INVALIDA and "1 entrada depois da última cabeça ancorada" in texto


def test_issue_24_assinatura_de_outra_chave_nao_vale(ancorada, tmp_path):
    _, saida, _, _, publica = ancorada
    intrusa = tmp_path / "intrusa.pem"
    assert _cli("chave", "gerar", intrusa)[0] == 0
    _recalcular(saida, lambda b: b + b" ")
    (saida / NOME_ASSINATURAS).unlink()
    assert _cli("auditoria", "ancorar", saida, "--chave", intrusa)[0] == 0  # o intruso assina a cadeia recalculada
    codigo, texto = _cli("auditoria", "verificar", saida, "--chave-publica", publica)
    assert codigo == Saida.AUDITORIA_INVALIDA and "sem assinatura válida desta chave" in texto


def test_issue_24_revisar_relatorio_e_pasta_movida_seguem_conferindo(ancorada, tmp_path):
    """A armadilha: o uso normal com âncora a cada comando, e a pasta levada para outro lugar, conferem."""
    caso, saida, ancoras, chave, publica = ancorada
    assert _cli("relatorio", saida, "--caso", caso, "--ancora", ancoras, "--chave", chave)[0] == 0
    assert _cli("auditoria", "verificar", saida, "--ancora", ancoras, "--chave-publica", publica)[0] == 0
    movida = tmp_path / "arquivo_morto" / "saida"
    movida.parent.mkdir()
    saida.rename(movida)
    assert _cli("auditoria", "verificar", movida, "--ancora", ancoras, "--chave-publica", publica)[0] == 0


def test_issue_24_ancora_dentro_da_pasta_protegida_e_recusada_antes_de_gravar(tmp_path):
    caso, saida = _caso(tmp_path / "A"), tmp_path / "saida"
    codigo, texto = _cli("analisar", caso, "--saida", saida, "--ancora", saida / "ancoras.jsonl")
    assert codigo == Saida.USO and "dentro da pasta de saída" in texto
    assert not saida.exists()
