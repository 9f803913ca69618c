"""Extração dos documentos de exemplo contra a verdade de cada um (examples/verdade/)."""

from __future__ import annotations

import shutil
import subprocess
import sys

import pytest

from perito.extratores.registro import escolher
from perito.leitura.inventario import listar
from perito.leitura.leitor import ler_documento
from tests.conftest import CASO_DEMO, RAIZ

FAMILIAS_ESPERADAS = {
    "boletim_ocorrencia.txt": "extrator_generico_01",
    "auto_apreensao.txt": "extrator_generico_01",
    "oficio_escaneado.pdf": "extrator_generico_01",
    "extrato_conta_corrente.pdf": "extrator_bancario_01",
    "extrato_maria_oliveira.pdf": "extrator_bancario_01",
    "log_internet_banking.csv": "extrator_bancario_01",
    "resposta_dict_bacen.pdf": "extrator_bancario_01",
    "operadora_cdr_chamadas.csv": "extrator_operadora_01",
    "operadora_vivo_dados_cadastrais.xlsx": "extrator_operadora_01",
    "resposta_meta_whatsapp.pdf": "extrator_provedores_01",
    "resposta_meta_whatsapp_completa.pdf": "extrator_provedores_01",
}


def test_todo_exemplo_tem_verdade():
    assert {p.name for p in CASO_DEMO.iterdir()} == set(FAMILIAS_ESPERADAS)
    assert {p.stem for p in (RAIZ / "examples" / "verdade").glob("*.json")} == set(FAMILIAS_ESPERADAS)


def test_familia_escolhida_pelo_conteudo_nao_pelo_nome(tmp_path):
    for indice, nome in enumerate(sorted(FAMILIAS_ESPERADAS)):
        neutro = tmp_path / f"arquivo_{indice}{(CASO_DEMO / nome).suffix}"
        shutil.copy(CASO_DEMO / nome, neutro)
    for arquivo in listar(tmp_path):
        indice = int(arquivo.nome.split("_")[1].split(".")[0])
        nome, esperado = sorted(FAMILIAS_ESPERADAS.items())[indice]
        documento = ler_documento(arquivo.caminho, arquivo.nome, arquivo.tipo)
        assert escolher(documento).extrator_id == esperado, nome


@pytest.mark.skipif(shutil.which("tesseract") is None, reason="Tesseract ausente: o ofício escaneado precisa de OCR")
def test_revocacao_total_e_nenhum_campo_falso():
    processo = subprocess.run(
        [sys.executable, str(RAIZ / "scripts" / "avaliar_extracao.py")], capture_output=True, text=True, timeout=300
    )
    assert processo.returncode == 0, processo.stdout[-3000:] + processo.stderr[-2000:]
    total = next(linha for linha in processo.stdout.splitlines() if linha.startswith("total"))
    assert total.split()[3] == "100.0%" and total.split()[5] == "100.0%", total


def test_imei_com_luhn_invalido_fica_como_dado_marcado_e_com_alerta(analise_demo):
    resultado, _ = analise_demo
    lote = next(l for l in resultado.lotes if l["extrator_id"] == "extrator_operadora_01")
    imei = next(d for d in lote["dados_extraidos"] if d["dado"] == "352091176630415")
    assert imei["campo"] == "imei" and imei["metadados"]["luhn_valido"] is False
    assert any("352091176630415" in a and "Luhn" in a for a in lote["alertas"])


def test_transacao_leva_data_direcao_e_contraparte(analise_demo):
    resultado, _ = analise_demo
    dados = [d for l in resultado.lotes for d in l["dados_extraidos"] if d["arquivo_fonte"] == "extrato_maria_oliveira.pdf"]
    recebido = next(d for d in dados if d["campo"] == "valor_transacao" and d["dado"] == "3.500,00")
    meta = recebido["metadados"]
    assert (meta["direcao"], meta["contraparte"], meta["data"], meta["hora"]) == ("credito", "JOSE CARLOS DA SILVA", "15/03/2025", "11:36:40")
    assert meta["instante_utc"] == "2025-03-15T14:36:40Z" and meta["saldo_apos"] == "3.630,00"
    enviado = next(d for d in dados if d["campo"] == "valor_transacao" and d["dado"] == "-3.300,00")
    assert (enviado["metadados"]["direcao"], enviado["metadados"]["contraparte"]) == ("debito", "RICARDO PEREIRA SANTOS")


def test_planilha_com_cabecalho_abaixo_do_titulo_e_datas_como_mostradas(analise_demo):
    resultado, _ = analise_demo
    dados = [d for l in resultado.lotes for d in l["dados_extraidos"] if d["arquivo_fonte"] == "operadora_vivo_dados_cadastrais.xlsx"]
    nomes = {d["dado"]: d for d in dados if d["campo"] == "nome_titular"}
    ricardo = nomes["RICARDO PEREIRA SANTOS"]
    assert ricardo["aba_planilha"] == "Dados Cadastrais" and ricardo["linha_ou_celula"].startswith("celula B")
    mesma_linha = [d for d in dados if d["metadados"]["registro"] == ricardo["metadados"]["registro"]]
    assert {d["campo"] for d in mesma_linha} >= {"telefone", "nome_titular", "cpf", "endereco", "data_evento"}
    datas = [d["dado"] for d in dados if d["campo"] == "data_evento"]
    assert datas and all("/" in d for d in datas)  # dd/mm/aaaa, como a célula mostra


def test_ocr_do_oficio_escaneado_tem_metodo_e_alerta(analise_demo):
    resultado, _ = analise_demo
    if shutil.which("tesseract") is None:
        pytest.skip("Tesseract ausente")
    lote = next(l for l in resultado.lotes if l["extrator_id"] == "extrator_generico_01")
    arquivo = next(a for a in lote["arquivos_processados"] if a["arquivo"] == "oficio_escaneado.pdf")
    assert arquivo["metodo_extracao"] == "ocr-tesseract"
    assert any("oficio_escaneado.pdf: página 1 lida por OCR (confiança média" in a for a in lote["alertas"])
    cpf = next(d for d in lote["dados_extraidos"] if d["arquivo_fonte"] == "oficio_escaneado.pdf" and d["campo"] == "cpf")
    assert cpf["dado"] == "111.444.777-35" and cpf["metadados"]["metodo_extracao"] == "ocr-tesseract"
    assert (cpf["metadados"]["digitos"], cpf["metadados"]["digito_verificador_valido"]) == ("11144477735", True)
