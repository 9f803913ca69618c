"""Chave Pix aleatória (EVP) como tipo de valor: a lida por OCR (`4c1d` → `4cld`) compara pela chave que a página
mostra com as trocas de desenho desfeitas; nada além dessas trocas vira chave.

Variantes (semente 161): o boletim escaneado trazia "chave aleatória 08412bd4-09fc-4cld-…" e o DICT a chave certa;
o vínculo financeiro (relato → chave → DICT → conta → repasse) não saía.
"""

from __future__ import annotations

import uuid
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from perito.chaves import evp, valores
from perito.extratores.registro import escolher
from perito.leitura.texto import ler_texto
from perito.validador.agente import validar

CHAVE = "08412bd4-09fc-4c1d-8206-ed167b8c2e57"

_TROCAS_DO_OCR = {"1": "lI|", "0": "Oo", "5": "S", "2": "Z", "6": "G", "9": "g"}


@given(st.uuids(), st.data())
def test_chave_gasta_pelo_ocr_volta_a_ser_a_mesma(chave: uuid.UUID, dados: st.DataObject) -> None:
    escrita = str(chave)
    assert evp.normalizar(escrita.upper()) == escrita and not evp.corrigida(escrita)
    trocaveis = [i for i, c in enumerate(escrita) if c in _TROCAS_DO_OCR]
    if not trocaveis:
        return
    posicoes = dados.draw(st.lists(st.sampled_from(trocaveis), min_size=1, max_size=3, unique=True))
    gasta = list(escrita)
    for i in posicoes:
        gasta[i] = dados.draw(st.sampled_from(_TROCAS_DO_OCR[gasta[i]]))
    lida = "".join(gasta)
    assert evp.normalizar(lida) == escrita and evp.corrigida(lida)


def test_armadilhas_o_que_nao_e_troca_de_ocr_nao_vira_chave() -> None:
    assert evp.normalizar("08412bd4-09fc-4cxd-8206-ed167b8c2e57") is None  # "x" não é desenho de dígito nenhum
    assert evp.normalizar("O84l2bd4-O9fc-4cld-82O6-ed167b8c2e57") is None  # trocas demais: o texto não diz a chave
    assert evp.normalizar("abcdefgh-ijkl-mnop-qrst-uvwxyzabcdef") is None  # palavras com hífens
    assert evp.normalizar("08412bd4-09fc-4c1d-8206-ed167b8c2e5") is None  # um caractere a menos


def test_valores_do_validador_comparam_a_chave_sem_as_trocas() -> None:
    [valor] = [v for v in valores.decompor(f"chave {CHAVE.replace('4c1d', '4cld')}") if v.tipo == "chave"]
    assert valor.normal == CHAVE and valor.texto.endswith("4cld-8206-ed167b8c2e57")


def test_relato_com_chave_gasta_extrai_a_chave_normalizada_e_o_validador_a_confirma(tmp_path: Path) -> None:
    gasta = CHAVE.replace("4c1d", "4cld")
    (tmp_path / "boletim.txt").write_text(
        "BOLETIM DE OCORRÊNCIA\n"
        f"A vítima transferiu o valor de R$ 2.222,50 para a chave aleatória {gasta}, que o golpista indicou.\n",
        encoding="utf-8")
    documento = ler_texto(tmp_path / "boletim.txt", "boletim.txt")
    [chave] = [d for d in escolher(documento).extrair(documento).dados if d["campo"] == "chave_pix"]
    assert chave["dado"] == gasta and chave["metadados"]["chave_normalizada"] == CHAVE
    assert chave["metadados"].get("correcao_ocr") is True
    referencia = {"arquivo": "boletim.txt", "pagina": None, "linha_ou_celula": chave["linha_ou_celula"],
                  "dado_citado": gasta, "extrator_id": "teste"}
    assert _veredicto(tmp_path, referencia) == "VERIFICADO"
    outra = "18412bd4-09fc-4c1d-8206-ed167b8c2e57"  # um dígito real diferente: outra chave
    assert _veredicto(tmp_path, {**referencia, "dado_citado": outra}) != "VERIFICADO"


def _veredicto(caso: Path, referencia: dict) -> str:
    conclusao = {"id": 1, "tipo": "outro", "afirmacao": "chave citada no relato", "grau_confianca": "fraco",
                 "referencias": [referencia], "validacao": None}
    resultado = validar({"conclusoes": [conclusao], "caso_id": "t", "data_analise": "2025-03-20"}, caso, "2025-03-20")
    return resultado["validacoes"][0]["detalhes"][0]["status"]


def test_chave_gasta_na_linha_de_baixo_do_anuncio(tmp_path: Path) -> None:
    """Variantes (semente 216): "...para a chave aleatória" / "7b5f24bc-...-ee09841c73cl, que o aplicativo": a
    quebra de linha da prosa e a troca de OCR juntas."""
    (tmp_path / "registro.txt").write_text(
        "uma transferência via Pix no valor de R$ 644,90 para a chave aleatória\n"
        "7b5f24bc-4587-48db-a0c3-ee09841c73cl, que o aplicativo do banco mostrou\n", encoding="utf-8")
    documento = ler_texto(tmp_path / "registro.txt", "registro.txt")
    chaves = [d for d in escolher(documento).extrair(documento).dados if d["campo"] == "chave_pix"]
    assert [(d["linha_ou_celula"], d["metadados"]["chave_normalizada"]) for d in chaves] == [
        ("linha 2", "7b5f24bc-4587-48db-a0c3-ee09841c73c1")]


def test_chave_com_um_caractere_a_mais_lida_por_ocr_fecha_a_cadeia_com_o_dict(tmp_path: Path) -> None:
    """Variantes (semente 380): o termo escaneado dizia "chave aleatória ca2cfae3-449a-45e3-8e41-6bc2c2cd3decf" —
    um "e" a mais no último grupo (13 caracteres). Não era chave; a cadeia relato → DICT → conta → repasse não
    saía. Agora a forma deformada (um grupo com um a mais ou a menos) compara com as chaves do DICT por uma
    inserção ou perda, e a conclusão diz que comparou assim. Armadilhas: outra chave do DICT a um caractere de
    distância e dois grupos deformados."""
    from tests.fabrica_lotes import Fabrica
    from tests.test_dinheiro_regras import CPF_RECEBEDOR, RECEBEDOR, _extrato

    certa, lida = "ca2cfae3-449a-45e3-8e41-6bc2c2cd3dcf", "ca2cfae3-449a-45e3-8e41-6bc2c2cd3decf"
    assert evp.normalizar(lida) is None and evp.casa_ocr(evp.deformada(lida) or "", certa)
    assert evp.deformada("ca2cfae3-449a-45e3-8e41x-6bc2c2cd3decf") is None  # dois grupos fora da medida
    (tmp_path / "termo.txt").write_text(
        f"via Pix no valor de R$ 1.890,00 para a chave aleatória {lida}, que o aplicativo mostrou\n", encoding="utf-8")
    documento = ler_texto(tmp_path / "termo.txt", "termo.txt")
    [chave] = [d for d in escolher(documento).extrair(documento).dados if d["campo"] == "chave_pix"]
    assert chave["dado"] == lida and chave["metadados"]["evp_deformada"] is True

    def caso(*no_dict: str) -> Fabrica:
        fab = Fabrica()
        relato = fab.relato("boletim.txt")
        relato.valor("R$ 1.890,00", 4, data="10/02/2025", hora="10h20", registro="frase 1")
        relato.dado("chave_pix", "financeiro", lida, 4, registro="frase 1", metadados=chave["metadados"])
        _extrato(fab)
        dict_pix = fab.dict_pix("chaves.csv")
        for linha, outra in enumerate(no_dict, start=2):
            dict_pix.chave_pix(outra, linha, tipo="aleatoria", titular=RECEBEDOR, cpf=CPF_RECEBEDOR)
        return fab

    [c] = caso(certa).do_tipo("vinculo_financeiro")
    assert "um caractere a mais ou a menos" in c["afirmacao"]
    assert caso(certa, "ca2cfae3-449a-45e3-8e41-6bc2c2cd3def").do_tipo("vinculo_financeiro") == []
