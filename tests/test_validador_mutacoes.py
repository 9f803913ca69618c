"""Um teste por tipo de mutação de scripts/mutacoes.py: nenhuma sai VERIFICADO.

Cada referência abaixo é correta no caso de exemplo; a mutação troca uma coisa só
e o teste diz o status que ela precisa dar. O IMEI vem de uma resposta de
operadora gerada no teste (o caso de exemplo não tem IMEI).
"""

from __future__ import annotations

import copy
import hashlib
import importlib.util
import shutil
import sys

import pytest

from perito.validador.agente import validar
from tests.conftest import CASO_DEMO, DATA, RAIZ
from tests.referencias_demo import CPF_MARIA as CPF
from tests.referencias_demo import EXTRATO, LOG, META

TELEFONE = {"arquivo": "boletim_ocorrencia.txt", "pagina": None, "linha_ou_celula": "linha 6",
            "dado_citado": "(11) 93456-7890", "extrator_id": "t"}
CONTA_META = {"arquivo": "resposta_meta_whatsapp.pdf", "pagina": 1, "linha_ou_celula": "linha 4",
              "dado_citado": "+5511987654321", "extrator_id": "t"}
IMEI = {"arquivo": "operadora.pdf", "pagina": 1, "linha_ou_celula": "linha 2",
        "dado_citado": "IMEI 356938035643809", "extrator_id": "t"}


@pytest.fixture(scope="module")
def caso(tmp_path_factory):
    """O caso de exemplo mais uma resposta de operadora com IMEI."""
    from reportlab.pdfgen import canvas

    destino = tmp_path_factory.mktemp("mutacoes") / "caso"
    shutil.copytree(CASO_DEMO, destino)
    tela = canvas.Canvas(str(destino / "operadora.pdf"), invariant=1)
    tela.setFont("Helvetica", 10)
    for i, linha in enumerate(("Operadora Exemplo S.A.", "IMEI 356938035643809 Aparelho SM-A546E", "IMEI 490154203237518")):
        tela.drawString(50, 800 - 18 * i, linha)
    tela.save()
    return destino


def _conclusao(id_, *refs, afirmacao="teste"):
    return {"id": id_, "tipo": "outro", "afirmacao": afirmacao, "grau_confianca": "fraco", "referencias": list(refs), "validacao": None}


def _validar(caso, *conclusoes, hashes=None):
    envelope = {"conclusoes": list(conclusoes), "caso_id": "t", "data_analise": DATA}
    return validar(envelope, caso, DATA, hashes)["validacoes"]


def _status(caso, ref, **mudancas):
    ref = {**copy.deepcopy(ref), **mudancas}
    [validacao] = _validar(caso, _conclusao(1, ref))
    return validacao["detalhes"][0]["status"], validacao["detalhes"][0]


@pytest.mark.parametrize("ref", [META, LOG, EXTRATO, CPF, TELEFONE, CONTA_META, IMEI])
def test_sem_mutacao_e_verificado(caso, ref):
    status, detalhe = _status(caso, ref)
    assert status == "VERIFICADO", detalhe["observacao"]


@pytest.mark.parametrize("dado", ["187.34.56.79:51234 2025-03-15 14:32:17 UTC", "187.35.56.78:51234 2025-03-15 14:32:17 UTC",
                                  "197.34.56.78:51234 2025-03-15 14:32:17 UTC"])
def test_ip_com_um_digito_trocado_e_contradito(caso, dado):
    status, detalhe = _status(caso, META, dado_citado=dado)
    assert status == "CONTRADITO"
    assert "187.34.56.78" in detalhe["observacao"]


@pytest.mark.parametrize("dado", ["IMEI 356938035643808", "IMEI 356938135643809"])
def test_imei_com_um_digito_trocado_e_contradito(caso, dado):
    status, detalhe = _status(caso, IMEI, dado_citado=dado)
    assert status == "CONTRADITO"
    assert "356938035643809" in detalhe["observacao"]


def test_cpf_com_um_digito_trocado_e_contradito(caso):
    status, detalhe = _status(caso, CPF, dado_citado="MARIA OLIVEIRA LIMA 111.444.777-36")
    assert status == "CONTRADITO"
    assert "111.444.777-35" in detalhe["observacao"]


@pytest.mark.parametrize("ref,dado", [(TELEFONE, "(11) 93456-7891"), (TELEFONE, "(12) 93456-7890"),
                                      (CONTA_META, "+5511987654320"), (CONTA_META, "+65 11 98765-4321")])
def test_telefone_com_um_digito_trocado_e_contradito(caso, ref, dado):
    assert _status(caso, ref, dado_citado=dado)[0] == "CONTRADITO"


@pytest.mark.parametrize("dado", ["15/03/2025 11:36:40 BRT MARIA OLIVEIRA LIMA -3.600,00",
                                  "15/03/2025 11:36:40 BRT MARIA OLIVEIRA LIMA -3.500,01"])
def test_valor_trocado_e_contradito(caso, dado):
    assert _status(caso, EXTRATO, dado_citado=dado)[0] == "CONTRADITO"


@pytest.mark.parametrize("ref,dado", [(LOG, "187.34.56.78:51234 16/03/2025 11:34:02 BRT"),
                                      (META, "187.34.56.78:51234 2025-03-14 14:32:17 UTC")])
def test_data_trocada_e_contradita(caso, ref, dado):
    assert _status(caso, ref, dado_citado=dado)[0] == "CONTRADITO"


@pytest.mark.parametrize("dado", ["187.34.56.78:51234 15/03/2025 11:34:01 BRT", "187.34.56.78:51234 15/03/2025 11:34:03 BRT"])
def test_hora_um_segundo_a_mais_ou_a_menos_e_ambigua(caso, dado):
    status, detalhe = _status(caso, LOG, dado_citado=dado)
    assert status == "AMBIGUO"
    assert "11:34:02" in detalhe["observacao"]


@pytest.mark.parametrize("ref,dado", [(META, "187.34.56.78:51234 2025-03-15 14:32:17 BRT"),
                                      (LOG, "187.34.56.78:51234 15/03/2025 11:34:02 UTC")])
def test_fuso_trocado_utc_brt_e_ambiguo(caso, ref, dado):
    status, detalhe = _status(caso, ref, dado_citado=dado)
    assert status == "AMBIGUO"
    assert "fuso" in detalhe["observacao"]


def test_pagina_errada_nao_e_verificada(caso):
    assert _status(caso, META, pagina=3)[0] == "EXTRACAO_FALHOU"
    assert _status(caso, CONTA_META, pagina=2)[0] != "VERIFICADO"  # a página 2 existe e tem outra coisa na linha 4
    assert _status(caso, LOG, pagina=1)[0] == "EXTRACAO_FALHOU"  # CSV não tem páginas


@pytest.mark.parametrize("linha,esperado", [("linha 11", "CONTRADITO"), ("linha 13", "CONTRADITO"), ("linha 14", "AMBIGUO"),
                                            ("linha 40", "EXTRACAO_FALHOU")])
def test_linha_errada_nao_e_verificada(caso, linha, esperado):
    status, detalhe = _status(caso, META, linha_ou_celula=linha)
    assert status == esperado, detalhe["observacao"]


@pytest.mark.parametrize("arquivo,pagina", [("extrato_conta_corrente.pdf", 1), ("boletim_ocorrencia.txt", None),
                                            ("log_internet_banking.csv", None), ("operadora.pdf", 1)])
def test_arquivo_errado_nao_e_verificado(caso, arquivo, pagina):
    status, _ = _status(caso, META, arquivo=arquivo, pagina=pagina)
    assert status != "VERIFICADO"


@pytest.mark.parametrize("arquivo", ["resposta_meta_whatsapp.pdf", "log_internet_banking.csv", "operadora.pdf"])
def test_arquivo_alterado_depois_da_analise_falha_mesmo_com_o_texto_igual(caso, tmp_path, arquivo):
    """Um byte trocado (mesmo fora do texto) muda o SHA-256 do manifesto: nada daquele arquivo vale mais."""
    hashes = {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in caso.iterdir()}
    alterado = tmp_path / "alterado"
    shutil.copytree(caso, alterado)
    dados = bytearray((alterado / arquivo).read_bytes())
    dados[len(dados) // 2] ^= 0x01
    (alterado / arquivo).write_bytes(bytes(dados))
    refs = {"resposta_meta_whatsapp.pdf": META, "log_internet_banking.csv": LOG, "operadora.pdf": IMEI}
    intacta = _conclusao(2, TELEFONE)
    validacoes = _validar(alterado, _conclusao(1, refs[arquivo]), intacta, hashes=hashes)
    detalhe = validacoes[0]["detalhes"][0]
    assert detalhe["status"] == "EXTRACAO_FALHOU"
    assert "mudou desde a análise" in detalhe["observacao"]
    assert validacoes[1]["veredicto_geral"] == "VERIFICADO"  # o que não cita o arquivo alterado segue valendo


def test_dado_de_outra_conclusao_nao_e_verificado(caso):
    """dado_citado trocado entre duas conclusões: cada local tem o dado da sua, não o da outra."""
    primeira = _conclusao(1, META, TELEFONE)
    segunda = _conclusao(2, CPF, EXTRATO)
    trocadas = copy.deepcopy([primeira, segunda])
    trocadas[0]["referencias"][0]["dado_citado"], trocadas[1]["referencias"][1]["dado_citado"] = (
        EXTRATO["dado_citado"], META["dado_citado"])
    trocadas[0]["referencias"][1]["dado_citado"], trocadas[1]["referencias"][0]["dado_citado"] = (
        CPF["dado_citado"], TELEFONE["dado_citado"])
    originais = _validar(caso, primeira, segunda)
    assert [v["veredicto_geral"] for v in originais] == ["VERIFICADO", "VERIFICADO"]
    for validacao in _validar(caso, *trocadas):
        assert all(d["status"] != "VERIFICADO" for d in validacao["detalhes"]), validacao


def test_script_de_mutacoes_atinge_a_meta(capsys, monkeypatch):
    """scripts/mutacoes.py: ≥ 200 mutações, nenhuma VERIFICADO, nenhuma conclusão intacta sinalizada."""
    especificacao = importlib.util.spec_from_file_location("mutacoes", RAIZ / "scripts" / "mutacoes.py")
    modulo = importlib.util.module_from_spec(especificacao)
    monkeypatch.setitem(sys.modules, "mutacoes", modulo)  # dataclasses do script precisam do módulo registrado
    especificacao.loader.exec_module(modulo)
    codigo = modulo.main([])
    saida = capsys.readouterr().out
    assert codigo == 0, saida
    assert "conclusões intactas sinalizadas: 0" in saida
    total = next(linha for linha in saida.splitlines() if linha.startswith("total"))
    assert int(total.split()[1]) >= 200
    assert int(total.split()[5]) == 0  # coluna VERIFICADO
