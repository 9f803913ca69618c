"""Issue 27: a validação confere o que já pode enquanto as leituras correm nos auxiliares
(`FonteIndependente.preparar(..., em_fundo=True)`, `referencia.conferir_na_canonica`).

`preparar` em fundo volta com os documentos da releitura antecipada abertos e o resto (os arquivos que ela não leu,
o desenho das páginas citadas, a segunda leitura) ainda correndo; quem precisa de um deles espera. O oráculo é a
preparação de sempre (tudo antes de voltar): os mesmos documentos, desenhos e segundas leituras; e o veredicto de
cada referência em dois passos (canônica, depois o confronto) é o de um passo só."""

from __future__ import annotations

import json

from perito.leitura.isolamento import Limites
from perito.validador.agente import linhas_citadas, paginas_citadas
from perito.validador.fonte import FonteIndependente
from perito.validador.referencia import AConfrontar, concluir_referencia, conferir_na_canonica, validar_referencia
from tests.conftest import CASO_DEMO, DATA, pdf_de_linhas

DOIS = Limites(processos=2)


def _caso(pasta):
    pasta.mkdir()
    (pasta / "log.txt").write_text("2025-03-15 14:33:10 UTC 187.34.56.78 login\n", encoding="utf-8")
    pdf_de_linhas(pasta / "extrato.pdf", ["Extrato da conta 12345-6", "15/03/2025 PIX RECEBIDO 1.500,00"])
    pdf_de_linhas(pasta / "outro.pdf", ["Resposta do provedor", "15/03/2025 14:33:10 UTC 187.34.56.78"])
    return pasta


def _estado(fonte: FonteIndependente, arquivos: list[str]) -> dict:
    saida = {}
    for arquivo in arquivos:
        documento = fonte.abrir(arquivo).documento
        assert documento is not None
        saida[arquivo] = ([(t.texto, t.localizacao, t.pagina) for t in documento.trechos],
                          documento.paginas_desenhadas, fonte.segunda_leitura(arquivo).paginas)
    return saida


def test_em_fundo_volta_antes_e_da_o_mesmo(tmp_path):
    caso = _caso(tmp_path / "caso")
    arquivos = ["extrato.pdf", "log.txt", "outro.pdf"]
    citadas = {"extrato.pdf": {1}, "outro.pdf": {1}}
    # só o extrato e o log foram antecipados: o outro PDF fica para a canônica da validação
    antecipada = FonteIndependente(caso, limites=DOIS).antecipar(["extrato.pdf", "log.txt"])
    em_fundo = FonteIndependente(caso, limites=DOIS, paginas_citadas=citadas, desenhar=True, antecipada=antecipada)
    em_fundo.preparar(arquivos, em_fundo=True)
    # voltou com os antecipados abertos; o outro ainda não foi lido, e o desenho do extrato chega depois
    assert em_fundo.pronto("extrato.pdf") and em_fundo.pronto("log.txt") and not em_fundo.pronto("outro.pdf")
    assert em_fundo.antecipados == ["extrato.pdf", "log.txt"]
    # para conferir o texto, o extrato sai já, sem o desenho (que ainda corre); aberto para os relatórios, com ele
    assert em_fundo.abrir("extrato.pdf", sem_desenho=True).documento.paginas_desenhadas == {}
    assert em_fundo._canonica_pendente is not None

    de_uma_vez = FonteIndependente(caso, limites=DOIS, paginas_citadas=citadas, desenhar=True)
    de_uma_vez.preparar(arquivos)
    assert all(de_uma_vez.pronto(a) for a in arquivos)
    esperado = _estado(de_uma_vez, arquivos)
    assert _estado(em_fundo, arquivos) == esperado
    assert set(esperado["extrato.pdf"][1]) == {1} and esperado["outro.pdf"][2]  # desenho e segunda leitura de fato


def test_quem_pede_um_documento_ainda_nao_lido_espera_por_ele(tmp_path):
    caso = _caso(tmp_path / "caso")
    fonte = FonteIndependente(caso, limites=DOIS, paginas_citadas={"outro.pdf": {1}})
    fonte.preparar(["outro.pdf", "log.txt"], em_fundo=True)
    assert not fonte.pronto("outro.pdf")  # sem antecipada, nada aberto ainda
    assert fonte.aberto("log.txt") is not None  # `aberto` (sem abrir) também espera a canônica em curso
    assert fonte.pronto("outro.pdf")
    assert fonte.segunda_leitura("outro.pdf").paginas.keys() == {1}
    # uma preparação nova termina antes a que estava em curso
    fonte.preparar(["extrato.pdf"], em_fundo=True)
    assert fonte._canonica_pendente is not None and fonte._segunda_pendente is not None
    fonte.soltar()
    assert fonte._canonica_pendente is None and fonte._segunda_pendente is None


def test_a_referencia_em_dois_passos_e_a_de_um_passo_so(tmp_path):
    """Cada referência do caso de exemplo: conferida na canônica e depois confrontada, ou de uma vez, dá o mesmo
    detalhe; as de PDF lido pelo pdfium esperam o confronto (AConfrontar), as outras saem prontas."""
    from perito.analise import Parametros, analisar

    saida = tmp_path / "saida"
    analisar(Parametros(CASO_DEMO, saida, data_analise=DATA, limites=DOIS))
    conclusoes = json.loads((saida / "conclusoes.json").read_text(encoding="utf-8"))
    referencias = [r for c in conclusoes["conclusoes"] for r in c["referencias"]]

    def fonte() -> FonteIndependente:
        nova = FonteIndependente(CASO_DEMO, limites=DOIS, paginas_citadas=paginas_citadas(conclusoes),
                                 linhas_citadas=linhas_citadas(conclusoes))
        nova.preparar(r["arquivo"] for r in referencias)
        return nova

    de_uma_vez, em_dois = fonte(), fonte()
    conferidas = [conferir_na_canonica(r, em_dois) for r in referencias]
    assert any(isinstance(c, AConfrontar) for c in conferidas) and any(isinstance(c, dict) for c in conferidas)
    assert [concluir_referencia(c, em_dois) for c in conferidas] == [validar_referencia(r, de_uma_vez)
                                                                      for r in referencias]
