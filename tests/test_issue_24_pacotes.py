"""Issue 24, achado 5: a citação `pacote.zip!/caminho` tem de apontar para um só conjunto de bytes.

Antes: dois membros com o mesmo nome eram listados como lidos, com hashes diferentes, mas só o último era lido
(e reaberto pelo validador); uma pasta de verdade chamada `pacote2.zip!/` colidia com a citação de um membro, e
o validador então contradizia a conclusão legítima.
"""

from __future__ import annotations

import json
import warnings
import zipfile

from perito.erros import Saida
from tests.conftest import DATA, rodar_cli


def _manifesto(saida):
    return {a["arquivo"]: a for a in json.loads((saida / "manifesto.json").read_text(encoding="utf-8"))["arquivos"]}


def _dados(saida):
    return [d for lote in sorted((saida / "lotes").glob("*.json"))
            for d in json.loads(lote.read_text(encoding="utf-8"))["dados_extraidos"]]


def _digitos(texto):
    return "".join(c for c in texto if c.isdigit())


def test_issue_24_membros_com_o_mesmo_nome_nao_sao_lidos_e_a_analise_fica_incompleta(tmp_path):
    caso, saida = tmp_path / "caso", tmp_path / "saida"
    caso.mkdir()
    with warnings.catch_warnings(), zipfile.ZipFile(caso / "resposta.zip", "w") as z:
        warnings.simplefilter("ignore")  # o zipfile avisa do nome repetido, e grava assim mesmo
        z.writestr("relato.txt", "Telefone do autor: +55 11 98765-4321\n")
        z.writestr("relato.txt", "Telefone do autor: +55 21 97777-3333\n")
        z.writestr("outro.txt", "Telefone da vítima: +55 31 96666-1111\n")
    (caso / "boletim.txt").write_text("Boletim: telefone +55 31 96666-1111 da vítima.\n", encoding="utf-8")
    codigo, texto = rodar_cli("analisar", caso, "--saida", saida, "--data-analise", DATA)
    assert codigo == Saida.INCOMPLETA, texto
    linhas = [a for a in json.loads((saida / "manifesto.json").read_text(encoding="utf-8"))["arquivos"]
              if a["arquivo"] == "resposta.zip!/relato.txt"]
    assert len(linhas) == 2 and linhas[0]["sha256"] != linhas[1]["sha256"]
    assert all(a["situacao"] == "erro" and "mesmo caminho" in a["motivo"] for a in linhas)
    valores = {_digitos(d["dado"]) for d in _dados(saida)}
    assert not {"5511987654321", "5521977773333"} & valores
    # a armadilha: o membro de nome único do mesmo pacote continua lido e citado
    assert _manifesto(saida)["resposta.zip!/outro.txt"]["situacao"] == "lido"
    assert any(d["arquivo_fonte"] == "resposta.zip!/outro.txt" for d in _dados(saida))


def test_issue_24_pasta_de_verdade_com_nome_de_citacao_de_membro_nao_e_lida(tmp_path):
    caso, saida = tmp_path / "caso", tmp_path / "saida"
    (caso / "pacote2.zip!").mkdir(parents=True)
    (caso / "pacote2.zip!" / "relato.txt").write_text("Telefone do autor: +55 21 91111-2222\n", encoding="utf-8")
    with zipfile.ZipFile(caso / "pacote2.zip", "w") as z:
        z.writestr("relato.txt", "Telefone do autor: +55 11 98765-4321\n")
    codigo, texto = rodar_cli("analisar", caso, "--saida", saida, "--data-analise", DATA)
    assert codigo == Saida.INCOMPLETA, texto
    linhas = [a for a in json.loads((saida / "manifesto.json").read_text(encoding="utf-8"))["arquivos"]
              if a["arquivo"] == "pacote2.zip!/relato.txt"]
    assert [a["situacao"] for a in linhas].count("erro") == 1 and [a["situacao"] for a in linhas].count("lido") == 1
    assert any("'!/'" in (a.get("motivo") or "") for a in linhas)
    citados = {_digitos(d["dado"]) for d in _dados(saida) if d["arquivo_fonte"] == "pacote2.zip!/relato.txt"}
    assert citados == {"5511987654321"}  # só o membro do pacote, relido pelo validador pela mesma citação


def test_issue_24_validador_nao_reabre_membro_de_nome_repetido(tmp_path):
    """A citação `resposta.zip!/relato.txt` não pode ser relida de um pacote com dois membros desse nome: o
    zipfile daria o último, que pode não ser o citado."""
    import pytest

    from perito.leitura import pacote

    with warnings.catch_warnings(), zipfile.ZipFile(tmp_path / "resposta.zip", "w") as z:
        warnings.simplefilter("ignore")
        z.writestr("relato.txt", "primeiro\n")
        z.writestr("relato.txt", "segundo\n")
        z.writestr("outro.txt", "único\n")
    with pytest.raises(pacote.MembroIlegivel, match="mais de um membro"):
        pacote.ler_membro(tmp_path / "resposta.zip", ("relato.txt",))
    assert pacote.ler_membro(tmp_path / "resposta.zip", ("outro.txt",)) == "único\n".encode()
