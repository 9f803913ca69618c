"""Issue 25, critério "cada PDF citado é aberto no máximo duas vezes": a releitura do validador desenha as páginas
citadas na mesma abertura, e o relatório corta o recorte dali em vez de abrir o PDF de novo (os mesmos pixels)."""

from __future__ import annotations

import base64
import io

from PIL import Image

from perito.leitura import desenho as recortes
from perito.leitura.inventario import sha256_arquivo
from perito.validador.fonte import FonteIndependente
from tests.fabrica_hostis import _pdf_texto

LINHAS = ["EXTRATO DE CONTA", "Titular: MARIA LIMA", "15/03/2025 PIX RECEBIDO 3.500,00", "16/03/2025 TARIFA 10,00"]


def _caso(tmp_path):
    caso = tmp_path / "caso"
    caso.mkdir()
    (caso / "extrato.pdf").write_bytes(_pdf_texto(LINHAS, paginas=2))
    return caso, {"extrato.pdf": sha256_arquivo(caso / "extrato.pdf")}


def test_releitura_desenha_so_as_paginas_citadas_e_o_recorte_e_o_mesmo_do_pdf_reaberto(tmp_path):
    caso, hashes = _caso(tmp_path)
    fonte = FonteIndependente(caso, hashes, paginas_citadas={"extrato.pdf": {2}}, desenhar=True)
    documento = fonte.abrir("extrato.pdf").documento
    assert documento is not None and set(documento.paginas_desenhadas) == {2}
    desenho = documento.paginas_desenhadas[2]
    assert desenho.medidas and desenho.medidas[2][0] == LINHAS[2]
    do_desenho = recortes.recorte_da_pagina(desenho, LINHAS[2], 2, len(LINHAS))
    # o caminho antigo: abrir o PDF de novo e desenhar (o relatorio sem a releitura, `perito relatorio`)
    reaberto = recortes.recortar(caso, hashes, [("extrato.pdf", 2, LINHAS[2], 2, len(LINHAS))])
    assert do_desenho == reaberto[("extrato.pdf", 2, LINHAS[2])]
    with Image.open(io.BytesIO(base64.b64decode(do_desenho))) as faixa:
        assert faixa.mode == "L" and faixa.height == 80 and faixa.getextrema()[0] < 128  # há texto escuro na faixa


def test_validar_sem_relatorio_nao_desenha_e_texto_deslocado_acha_a_linha_pela_medida(tmp_path):
    caso, hashes = _caso(tmp_path)
    documento = FonteIndependente(caso, hashes, paginas_citadas={"extrato.pdf": {1}}).abrir("extrato.pdf").documento
    assert documento is not None and documento.paginas_desenhadas == {}  # `perito validar` não paga o desenho
    desenho = FonteIndependente(caso, hashes, paginas_citadas={"extrato.pdf": {1}}, desenhar=True) \
        .abrir("extrato.pdf").documento.paginas_desenhadas[1]
    # a posição não confere (linha lida por outro método): acha-se pelo texto, e a faixa é a mesma da posição certa
    assert recortes.recorte_da_pagina(desenho, LINHAS[3], 0, len(LINHAS)) == \
        recortes.recorte_da_pagina(desenho, LINHAS[3], 3, len(LINHAS))


def test_teto_de_recortes_conta_os_prontos_e_os_pedidos(tmp_path, monkeypatch):
    """Issue 27: com o teto já ocupado pelos recortes das páginas desenhadas, as outras referências não viram pedidos
    (antes, o relatório desenhava mais um teto inteiro, num processo copiado do principal, que no caso g tinha 1 GB)."""
    from pathlib import Path

    from perito.saida import revisao
    from perito.validador import trechos

    caso, hashes = _caso(tmp_path)
    monkeypatch.setattr(trechos, "MAXIMO_RECORTES", 1)
    fonte = FonteIndependente(caso, hashes, paginas_citadas={"extrato.pdf": {1}}, desenhar=True)
    conclusao = {"id": 1, "tipo": "vinculo_financeiro", "afirmacao": "crédito de 3.500,00"}
    itens = [revisao.Item(conclusao, n, {"arquivo": "extrato.pdf", "pagina": n, "linha_ou_celula": "linha 3",
                                          "dado": "3.500,00", "texto_original": LINHAS[2]}, {})
             for n in (1, 2)]
    analise = revisao.PastaAnalise(Path(tmp_path), {}, [], hashes)
    nas_paginas: dict = {}
    _, _, pedidos = trechos._contextos(caso, analise, itens, {}, {}, {}, fonte, nas_paginas)
    assert _rotulos(nas_paginas) == [itens[0].rotulo] and pedidos == {}
    # sem teto ocupado, a página que a releitura não desenhou vira pedido (o `perito relatorio` a desenha)
    monkeypatch.setattr(trechos, "MAXIMO_RECORTES", 5)
    nas_paginas = {}
    _, _, pedidos = trechos._contextos(caso, analise, itens, {}, {}, {}, fonte, nas_paginas)
    assert _rotulos(nas_paginas) == [itens[0].rotulo] and list(pedidos) == [itens[1].rotulo]


def _rotulos(nas_paginas: dict) -> list[str]:
    """Os rótulos dos recortes a tirar das páginas desenhadas, na ordem."""
    return [pedido[0] for _, pedidos in nas_paginas.values() for pedido in pedidos]


def test_issue_27_recortes_em_fundo_sao_os_mesmos_bytes_de_um_por_um(tmp_path):
    """Issue 27: os recortes das páginas desenhadas saem de um processo à parte (`perito.em_fundo`), cada página aberta
    uma vez para todos os recortes dela, enquanto os relatórios montam as planilhas; os bytes são os de
    `recorte_da_pagina`, um por um."""
    from perito.em_fundo import EmFundo

    caso, hashes = _caso(tmp_path)
    documento = FonteIndependente(caso, hashes, paginas_citadas={"extrato.pdf": {1, 2}}, desenhar=True) \
        .abrir("extrato.pdf").documento
    pedidos = [(documento.paginas_desenhadas[p], [(f"{p}.{n}", LINHAS[n], n, len(LINHAS)) for n in range(len(LINHAS))])
               for p in (1, 2)]
    um_por_um = {rotulo: recortes.recorte_da_pagina(d, texto, posicao, total)
                 for d, lista in pedidos for rotulo, texto, posicao, total in lista}
    assert len(set(um_por_um.values())) == len(LINHAS)  # faixas diferentes por linha (as duas páginas são iguais)
    em_fundo = EmFundo(recortes.recortes_das_paginas, pedidos)
    em_fundo.comecar()
    assert em_fundo._processo is not None  # de fato num processo à parte
    assert em_fundo.resultado() == um_por_um
    assert recortes.recortes_das_paginas(pedidos) == um_por_um


def test_issue_27_so_as_paginas_dos_recortes_sao_desenhadas_e_a_segunda_leitura_le_todas(tmp_path):
    """Issue 27: a validação desenha só as páginas dos recortes que os relatórios mostram (as das primeiras
    referências), não todas as citadas (537 páginas num caso de 950 conclusões, para 200 recortes em 24 delas); a
    segunda leitura continua lendo todas as citadas."""
    caso, hashes = _caso(tmp_path)
    fonte = FonteIndependente(caso, hashes, paginas_citadas={"extrato.pdf": {1, 2}}, desenhar=True,
                              paginas_a_desenhar={"extrato.pdf": {2}})
    documento = fonte.abrir("extrato.pdf").documento
    assert set(documento.paginas_desenhadas) == {2}
    assert set(fonte.segunda_leitura("extrato.pdf").paginas) == {1, 2}


def test_issue_27_paginas_dos_recortes_sao_as_das_primeiras_referencias():
    from perito.validador.agente import paginas_dos_recortes

    conclusoes = {"conclusoes": [
        {"referencias": [{"arquivo": "a.pdf", "pagina": 3}, {"arquivo": "log.csv", "pagina": None},
                         {"arquivo": "a.pdf", "pagina": 3}]},
        {"referencias": [{"arquivo": "b.pdf", "pagina": 1}, {"arquivo": "a.pdf", "pagina": 9}]},
    ]}
    assert paginas_dos_recortes(conclusoes, recortes=3) == {"a.pdf": {3}, "b.pdf": {1}}
    assert paginas_dos_recortes(conclusoes, recortes=10) == {"a.pdf": {3, 9}, "b.pdf": {1}}


def test_issue_27_recorte_da_pagina_nao_desenhada_e_o_mesmo_da_desenhada_com_a_linha_fora_do_lugar(tmp_path):
    """Uma página que a validação não desenhou é desenhada pelos relatórios (`recortar`) e cortada pela mesma função:
    também quando a linha não está na posição dita (lida por outro método), o recorte é o mesmo."""
    caso, hashes = _caso(tmp_path)
    desenho = FonteIndependente(caso, hashes, paginas_citadas={"extrato.pdf": {1}}, desenhar=True) \
        .abrir("extrato.pdf").documento.paginas_desenhadas[1]
    for texto, posicao in ((LINHAS[3], 0), ("16/03/2025 TARIFA", 1), ("linha que não existe", 2)):
        reaberto = recortes.recortar(caso, hashes, [("extrato.pdf", 1, texto, posicao, len(LINHAS))])
        assert reaberto[("extrato.pdf", 1, texto)] == recortes.recorte_da_pagina(desenho, texto, posicao, len(LINHAS))
