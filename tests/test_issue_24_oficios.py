"""Issue 24, achado 7: rascunhos de ofício citam a prova escapada e numa linha só.

Antes: `<script>` e `<img onerror>` de uma prova rodavam num visualizador de Markdown; um campo de CSV com
quebras de linha acrescentava um título `# OFÍCIO JÁ DEFERIDO` e uma segunda linha de destinatário.
"""

from __future__ import annotations

import hashlib

from perito.principal import lacunas
from perito.saida import oficios
from perito.validador.fonte import FonteIndependente
from perito.validador.referencia import validar_referencia

_LINHA = "Paguei para a chave +5511912340000 <img src=x onerror=alert(1)><script>alert(2)</script> | [link](javascript:x)"
_BANCO = "BANCO X\n# OFÍCIO JÁ DEFERIDO\n**A:** Delegado Titular"


def _caso(tmp_path):
    pasta = tmp_path / "caso"
    pasta.mkdir()
    texto = f"Boletim\n{_LINHA}\n"
    (pasta / "relato.txt").write_text(texto, encoding="utf-8")
    return pasta, {"relato.txt": hashlib.sha256(texto.encode()).hexdigest()}


def _lote():
    pix = {"dado": "+5511912340000", "campo": "chave_pix", "arquivo_fonte": "relato.txt", "pagina": None,
           "linha_ou_celula": "linha 2", "texto_original": _LINHA, "tipo_dado": "outro",
           "metadados": {"familia_fonte": "relato", "chave_normalizada": "+5511912340000", "tipo_chave": "telefone"}}
    return [{"extrator_id": "extrator_generico_01", "dados_extraidos": [pix]}]


def test_issue_24_prova_hostil_e_citada_escapada_e_numa_linha(tmp_path):
    pasta, hashes = _caso(tmp_path)
    fonte = FonteIndependente(pasta, hashes)
    achadas = lacunas.encontrar(_lote())
    for lacuna in achadas:
        lacuna.atributos["tipo_chave"] = _BANCO  # um atributo tirado da prova, com quebras de linha
    (oficio,) = oficios.montar(achadas, {}, lambda ref: validar_referencia(ref, fonte))
    texto = oficio.texto
    assert "<script" not in texto and "<img" not in texto and "&lt;script&gt;" in texto
    assert "\\[link\\](javascript:x)" in texto and "[link](" not in texto  # o link vira texto
    assert not any(linha.startswith("# OFÍCIO JÁ DEFERIDO") for linha in texto.splitlines())
    assert sum(linha.startswith("**A:**") for linha in texto.splitlines()) == 1
    citacao = next(linha for linha in texto.splitlines() if linha.startswith("[1]"))
    assert "+5511912340000" in citacao and "alert(2)" in citacao  # o texto continua lá, inteiro e legível
    assert oficio.referencias[0]["status_validador"] == "VERIFICADO"
