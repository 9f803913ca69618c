"""`perito revisar`: decisões humanas em revisao.json e na trilha, sem tocar no veredicto da máquina."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from perito.cli.app import app
from perito.saida import revisao
from perito.saida.auditoria import NOME, Trilha, ler, verificar
from tests.saida_pequena import montar


def _revisar(*args, entrada=None):
    resultado = CliRunner().invoke(app, ["revisar", *map(str, args)], input=entrada)
    texto = resultado.stdout + (resultado.stderr or "")
    assert "Traceback" not in texto
    return resultado.exit_code, texto


def test_decisao_nao_interativa_vai_a_revisao_e_a_trilha(tmp_path):
    _, saida = montar(tmp_path)
    validacao_antes = (saida / "validacao.json").read_bytes()
    codigo, texto = _revisar(saida, "--analista", "Bruno (mat. 42)", "--decisao", "1.2=confirmado:o número está na linha 2")
    assert codigo == 0, texto
    decisoes = json.loads((saida / revisao.NOME).read_text(encoding="utf-8"))["decisoes"]
    assert len(decisoes) == 1
    d = decisoes[0]
    assert (d["conclusao_id"], d["indice_referencia"], d["decisao"]) == (1, 2, "confirmado")
    assert d["status_maquina"] == "AMBIGUO" and d["analista"] == "Bruno (mat. 42)"
    assert d["motivo"] == "o número está na linha 2" and len(d["sha256_arquivo"]) == 64
    assert (saida / "validacao.json").read_bytes() == validacao_antes  # o veredicto da máquina fica
    entradas, problemas = ler(saida / NOME)
    assert problemas == []
    registro = next(e for e in entradas if e["acao"] == "revisar_referencia")
    assert registro["agente"] == "Bruno (mat. 42)" and registro["detalhes"]["motivo"] == "o número está na linha 2"
    assert entradas[-1]["acao"] == "gravar_manifesto"
    assert verificar(saida) == []
    assert _revisar.__name__ and CliRunner().invoke(app, ["auditoria", "verificar", str(saida)]).exit_code == 0


def test_revisao_interativa_mostra_o_documento_e_exige_motivo(tmp_path):
    _, saida = montar(tmp_path)
    # 1.2: confirma (o motivo vazio é recusado e perguntado de novo); 2.1: rejeita
    codigo, texto = _revisar(saida, entrada="x\nc\n\nconferido no original\nr\nlinha inexistente\n")
    assert codigo == 0, texto
    assert "Telefone do autor: (11) 91234-0000" in texto  # relido do documento, com a vizinhança
    assert "Valor: R$ 3.500,00 em 15/03/2025" in texto
    assert "O motivo é obrigatório" in texto and "Resposta não reconhecida" in texto
    decisoes = {d["indice_referencia"] + 10 * d["conclusao_id"]: d for d in revisao.ler(saida)["decisoes"]}
    assert decisoes[12]["decisao"] == "confirmado" and decisoes[12]["analista"] == "Ana"  # analista do manifesto
    assert decisoes[21]["decisao"] == "rejeitado" and decisoes[21]["status_maquina"] == "EXTRACAO_FALHOU"
    assert decisoes[21]["motivo"] == "linha inexistente"
    assert [e["acao"] for e in ler(saida / NOME)[0]].count("revisar_referencia") == 2
    assert verificar(saida) == []
    # nada mais a perguntar: as duas têm decisão vigente
    codigo, texto = _revisar(saida)
    assert codigo == 0 and "0 decisões registradas" in texto


def test_decisao_sem_motivo_ou_em_referencia_verificada_e_recusada(tmp_path):
    _, saida = montar(tmp_path)
    codigo, texto = _revisar(saida, "--decisao", "1.2=confirmado:")
    assert codigo == 2 and "precisa de um motivo" in texto
    codigo, texto = _revisar(saida, "--decisao", "1.1=rejeitado:não gostei")
    assert codigo == 2 and "saiu VERIFICADO" in texto
    assert not (saida / revisao.NOME).exists()
    assert verificar(saida) == []


def test_arquivo_de_decisoes(tmp_path):
    _, saida = montar(tmp_path)
    arquivo = tmp_path / "decisoes.json"
    arquivo.write_text(json.dumps([{"conclusao_id": 2, "referencia": 1, "decisao": "pendente", "motivo": "pedir cópia"}]))
    codigo, texto = _revisar(saida, "--decisoes", arquivo)
    assert codigo == 0, texto
    assert revisao.ler(saida)["decisoes"][0]["decisao"] == "pendente"


def test_nova_execucao_mantem_decisao_dos_mesmos_bytes_e_marca_a_do_documento_alterado(tmp_path):
    caso, saida = montar(tmp_path)
    assert _revisar(saida, "--decisao", "1.2=confirmado:ok", "--decisao", "2.1=rejeitado:não existe")[0] == 0
    pasta = revisao.abrir_pasta(saida)
    trilha = Trilha(saida)
    revisao.reconciliar(saida, pasta.conclusoes, pasta.hashes, trilha)
    assert {d["situacao"] for d in revisao.ler(saida)["decisoes"]} == {revisao.VIGENTE}
    alterados = {**pasta.hashes, "relato.txt": "0" * 64}
    saidas = revisao.reconciliar(saida, pasta.conclusoes, alterados, trilha)
    revisao.regravar_manifesto(saida, trilha, saidas)
    assert {d["situacao"] for d in revisao.ler(saida)["decisoes"]} == {revisao.ALTERADO}
    sem_a_conclusao_2 = [c for c in pasta.conclusoes if c["id"] != 2]
    revisao.reconciliar(saida, sem_a_conclusao_2, pasta.hashes, trilha)
    revisao.regravar_manifesto(saida, trilha, {})
    situacoes = {d["conclusao_id"]: d["situacao"] for d in revisao.ler(saida)["decisoes"]}
    assert situacoes == {1: revisao.VIGENTE, 2: revisao.AUSENTE}
    assert verificar(saida) == []


def test_trilha_adulterada_impede_a_revisao(tmp_path):
    _, saida = montar(tmp_path)
    linhas = (saida / NOME).read_text(encoding="utf-8").splitlines()
    (saida / NOME).write_text("\n".join(linhas[1:]) + "\n", encoding="utf-8")
    codigo, texto = _revisar(saida, "--decisao", "1.2=confirmado:ok")
    assert codigo == 7 and "adulterada" in texto


def test_validar_diz_quais_decisoes_humanas_seguem_valendo_para_os_mesmos_bytes(tmp_path):
    """Issue 11: uma nova `perito validar` mantém as decisões cuja referência aponta para os mesmos bytes e
    avisa as do documento que mudou (só lê: nada é gravado na pasta da análise)."""
    caso, saida = montar(tmp_path)
    assert _revisar(saida, "--decisao", "1.2=confirmado:conferido no original")[0] == 0
    antes = (saida / revisao.NOME).read_bytes()
    resultado = CliRunner().invoke(app, ["validar", str(saida / "conclusoes.json"), "--caso", str(caso)])
    assert "1 vigente para os mesmos bytes, 0 com o documento alterado" in resultado.stdout
    arquivo = caso / json.loads((saida / revisao.NOME).read_text(encoding="utf-8"))["decisoes"][0]["referencia"]["arquivo"]
    arquivo.write_bytes(arquivo.read_bytes() + b"\n")
    resultado = CliRunner().invoke(app, ["validar", str(saida / "conclusoes.json"), "--caso", str(caso)])
    assert "0 vigentes para os mesmos bytes, 1 com o documento alterado" in resultado.stdout
    assert (saida / revisao.NOME).read_bytes() == antes
