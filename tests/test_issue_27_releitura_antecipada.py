"""Issue 27: a releitura canônica do validador começa enquanto o principal monta os lotes e cruza
(`validador.antecipada`). Medido no caso g: a validação de 10,5 s para ~6 s, a análise de 47 para 41 s.

O oráculo é a análise sem a antecipação (`Limites.antecipar_releitura=False`): as mesmas saídas, byte a byte, com os
recortes das páginas citadas (desenhados à parte, dos mesmos bytes) iguais aos desenhados na mesma abertura. As
armadilhas: um arquivo que muda depois de antecipado não é tomado; um documento antecipado com erro não vira o
veredicto; o que a validação não pede não é lido."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from perito.analise import Parametros, analisar
from perito.leitura.isolamento import DISPENSADA, Empacotado, Limites, Tarefa, ler_isolados_empacotados
from perito.leitura.pdf import desenhar_pdf, ler_pdf
from perito.validador.fonte import FonteIndependente
from tests.conftest import CASO_DEMO, DATA, mesmas_saidas, pdf_de_linhas

DOIS = Limites(processos=2)


def _evento_do_validador(saida: Path) -> dict:
    eventos = [json.loads(linha) for linha in (saida / "auditoria.jsonl").read_text(encoding="utf-8").splitlines()]
    return next(e for e in eventos if e.get("acao") == "validar")


def test_com_e_sem_antecipacao_as_saidas_sao_as_mesmas(tmp_path):
    com, sem = tmp_path / "com", tmp_path / "sem"
    analisar(Parametros(CASO_DEMO, com, data_analise=DATA, limites=DOIS))
    analisar(Parametros(CASO_DEMO, sem, data_analise=DATA, limites=Limites(processos=2, antecipar_releitura=False)))

    mesmas_saidas(sem, com)
    # o relatório diz a pasta de saída, que é outra
    assert ((com / "relatorio.txt").read_text(encoding="utf-8").replace(str(com), "SAIDA")
            == (sem / "relatorio.txt").read_text(encoding="utf-8").replace(str(sem), "SAIDA"))

    # a antecipação de fato aconteceu (a trilha da validação diz de quais arquivos), e os recortes de PDF que os
    # contextos mostram vieram do desenho à parte
    antecipados = _evento_do_validador(com)["detalhes"]["releitura_antecipada"]
    assert "releitura_antecipada" not in _evento_do_validador(sem)["detalhes"]
    citados = {r["arquivo"] for c in json.loads((com / "conclusoes.json").read_text(encoding="utf-8"))["conclusoes"]
               for r in c["referencias"]}
    assert set(antecipados) == citados  # nenhum arquivo do exemplo é volumoso: todos os citados vêm antecipados
    contextos = (com / "contextos.json").read_text(encoding="utf-8")
    assert any(a.endswith(".pdf") for a in antecipados) and '"recorte"' in contextos


def _caso_pequeno(pasta: Path) -> Path:
    pasta.mkdir()
    (pasta / "log.txt").write_text("2025-03-15 14:33:10 UTC 187.34.56.78 login\n", encoding="utf-8")
    pdf_de_linhas(pasta / "extrato.pdf", ["Extrato da conta 12345-6", "15/03/2025 PIX RECEBIDO 1.500,00"])
    return pasta


def test_arquivo_mudado_depois_de_antecipado_e_lido_de_novo(tmp_path):
    caso = _caso_pequeno(tmp_path / "caso")
    antecipada = FonteIndependente(caso, limites=DOIS).antecipar(["log.txt", "extrato.pdf"])
    assert antecipada is not None
    (caso / "log.txt").write_text("2025-03-16 09:00:00 UTC 10.0.0.1 logout\n", encoding="utf-8")

    fonte = FonteIndependente(caso, limites=DOIS, antecipada=antecipada)  # sem manifesto: o arquivo novo vale
    fonte.preparar(["log.txt", "extrato.pdf"])
    assert fonte.antecipados == ["extrato.pdf"]  # o log mudou: a leitura antecipada (dos bytes velhos) não serve
    texto = [t.texto for t in fonte.abrir("log.txt").documento.trechos]
    assert any("10.0.0.1" in t for t in texto) and not any("187.34" in t for t in texto)


def test_arquivo_mudado_contra_o_manifesto_continua_recusado(tmp_path):
    caso = _caso_pequeno(tmp_path / "caso")
    hashes = {nome: FonteIndependente(caso)._conferir(nome)[1] for nome in ("log.txt", "extrato.pdf")}
    antecipada = FonteIndependente(caso, hashes, DOIS).antecipar(["log.txt"])
    (caso / "log.txt").write_text("outro conteúdo\n", encoding="utf-8")
    fonte = FonteIndependente(caso, hashes, DOIS, antecipada=antecipada)
    fonte.preparar(["log.txt"])
    aberto = fonte.abrir("log.txt")
    assert aberto.documento is None and "mudou desde a análise" in aberto.motivo and not fonte.antecipados


def test_o_que_a_validacao_nao_pede_e_dispensado_ou_descartado(tmp_path):
    caso = tmp_path / "caso"
    caso.mkdir()
    for n in range(6):
        (caso / f"log_{n}.txt").write_text(f"2025-03-1{n} 10:00:00 UTC 10.0.0.{n}\n", encoding="utf-8")
    antecipada = FonteIndependente(caso, limites=DOIS).antecipar([f"log_{n}.txt" for n in range(6)])
    fonte = FonteIndependente(caso, limites=DOIS, antecipada=antecipada)
    fonte.preparar(["log_2.txt"])  # já: o auxiliar mal nasceu, no máximo um arquivo começou a ser lido
    assert fonte.antecipados == ["log_2.txt"]
    assert antecipada is not None and not antecipada._prontos  # os outros não ficam na memória
    assert antecipada.dispensadas >= 4  # nem foram lidos
    # a segunda preparação (mais arquivos, depois) lê por conta própria
    fonte.preparar(["log_4.txt"])
    assert fonte.antecipados == ["log_2.txt"] and fonte.abrir("log_4.txt").documento is not None


def test_ler_isolados_nao_le_a_tarefa_dispensada(tmp_path):
    existe = tmp_path / "a.txt"
    existe.write_text("conteúdo\n", encoding="utf-8")
    tarefas = [Tarefa(existe, "a.txt", "txt"), Tarefa(tmp_path / "nao_existe.txt", "b.txt", "txt"),
               Tarefa(tmp_path / "tambem_nao.txt", "c.txt", "txt")]
    perguntadas = []

    def dispensada(tarefa: Tarefa) -> bool:
        perguntadas.append(tarefa.nome)
        return tarefa.nome != "a.txt"

    documentos = ler_isolados_empacotados(tarefas, DOIS, dispensada=dispensada)
    assert sorted(perguntadas) == ["a.txt", "b.txt", "c.txt"]
    # o lido volta como o auxiliar o mandou, aberto só quando pedido
    assert isinstance(documentos[0], Empacotado)
    lido = documentos[0].abrir()
    assert not lido.erro and [t.texto for t in lido.trechos] == ["conteúdo"]
    # lidas, as que não existem voltariam com "erro de leitura"; dispensadas, nem chegaram a um auxiliar
    assert documentos[1].erro == documentos[2].erro == DISPENSADA
    # todas dispensadas: nenhum auxiliar fica esperando
    assert all(d.erro == DISPENSADA for d in ler_isolados_empacotados(tarefas[1:], DOIS, dispensada=lambda _: True))


def test_as_paginas_citadas_saem_desenhadas_como_sem_antecipacao(tmp_path):
    caso = _caso_pequeno(tmp_path / "caso")
    citadas = {"extrato.pdf": {1}}
    antecipada = FonteIndependente(caso, limites=DOIS).antecipar(["extrato.pdf", "log.txt"])
    com = FonteIndependente(caso, limites=DOIS, paginas_citadas=citadas, desenhar=True, antecipada=antecipada)
    sem = FonteIndependente(caso, limites=DOIS, paginas_citadas=citadas, desenhar=True)
    for fonte in (com, sem):
        fonte.preparar(["extrato.pdf", "log.txt"])
    assert com.antecipados == ["extrato.pdf", "log.txt"]
    desenhadas = com.abrir("extrato.pdf").documento.paginas_desenhadas
    assert set(desenhadas) == {1} and desenhadas == sem.abrir("extrato.pdf").documento.paginas_desenhadas
    assert com.segunda_leitura("extrato.pdf").paginas == sem.segunda_leitura("extrato.pdf").paginas


def test_o_desenho_a_parte_e_o_mesmo_da_mesma_abertura(tmp_path):
    from reportlab.pdfgen import canvas

    pdf = tmp_path / "extrato.pdf"
    tela = canvas.Canvas(str(pdf))
    for pagina in range(3):
        for n in range(30):
            tela.drawString(40, 800 - 15 * n, f"página {pagina + 1} linha {n} 15/03/2025 PIX {n},00")
        tela.showPage()
    tela.save()
    junto = ler_pdf(pdf, pdf.name, desenhar=(1, 2, 9))
    so_desenho = desenhar_pdf(pdf, pdf.name, (1, 2, 9))
    assert set(junto.paginas_desenhadas) == set(so_desenho.paginas_desenhadas) == {1, 2}
    for pagina, desenhada in junto.paginas_desenhadas.items():
        assert so_desenho.paginas_desenhadas[pagina] == desenhada
    assert not so_desenho.trechos  # só desenha

    quebrado = tmp_path / "quebrado.pdf"
    quebrado.write_bytes(b"%PDF-1.4\nnada aqui\n")
    falho = desenhar_pdf(quebrado, quebrado.name, (1,))
    assert falho.erro and not falho.paginas_desenhadas


@pytest.mark.parametrize("processos, ligada", [(1, True), (2, False)])
def test_sem_dois_nucleos_ou_desligada_nada_e_antecipado(tmp_path, processos, ligada):
    caso = tmp_path / "caso"
    shutil.copytree(CASO_DEMO, caso)
    saida = tmp_path / "saida"
    analisar(Parametros(caso, saida, data_analise=DATA,
                        limites=Limites(processos=processos, antecipar_releitura=ligada)))
    assert "releitura_antecipada" not in _evento_do_validador(saida)["detalhes"]


def test_abandonada_nao_deixa_leitura_correndo(tmp_path):
    caso = _caso_pequeno(tmp_path / "caso")
    antecipada = FonteIndependente(caso, limites=DOIS).antecipar(["log.txt", "extrato.pdf"])
    assert antecipada is not None
    antecipada.abandonar()
    assert not antecipada._linha.is_alive() and not antecipada._prontos


def test_documento_antecipado_com_erro_nao_vira_o_veredicto(tmp_path):
    """A antecipação corre com o principal disputando a máquina: um prazo estourado ali não é o do arquivo. Aqui o
    prazo dela é zero (toda leitura estoura); a validação lê de novo, com o prazo dela."""
    caso = _caso_pequeno(tmp_path / "caso")
    sem_prazo = Limites(processos=2, segundos_por_arquivo=0.0, folga_do_prazo=0.0)
    antecipada = FonteIndependente(caso, limites=sem_prazo).antecipar(["log.txt"])
    fonte = FonteIndependente(caso, limites=DOIS, antecipada=antecipada)
    fonte.preparar(["log.txt"])
    assert fonte.abrir("log.txt").documento is not None and not fonte.antecipados
