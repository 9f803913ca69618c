"""Arquivos hostis: cada um é relatado com o motivo, nenhum traceback, o caso intacto, o controle lido.

Um caso só (todos os hostis de `tests/fabrica_hostis.py`, os PDFs malformados e
cifrados do corpus compartilhado quando presente, e um CSV de controle válido) é
analisado uma vez pelo CLI; cada teste confere um tipo de arquivo hostil nesse
resultado. Tempo limite, teto de memória e serial × paralelo usam a função
`analisar` com `Limites` próprios.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import textwrap
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from perito.analise import Parametros, analisar
from perito.cli.app import app
from perito.leitura.isolamento import Limites
from tests import fabrica_hostis as fab

CORPUS = Path(__file__).resolve().parents[2] / "shared" / "corpus"
PDFS_CORPUS = CORPUS / "pdf_malformados"
DATA = "2025-03-20"
MIB = 1 << 20
AMBIENTE = {"PERITO_LARGURA": "200", "COLUMNS": "200"}
RAIZ = Path(__file__).resolve().parents[1]

runner = CliRunner()


# ---------------------------------------------------------------------------
# auxiliares
# ---------------------------------------------------------------------------


def arvore(pasta: Path) -> dict[str, str]:
    """Cada entrada da pasta: SHA-256 do arquivo, destino do link (nunca seguido) ou "pasta"."""
    resultado: dict[str, str] = {}
    for raiz, pastas, arquivos in os.walk(pasta, followlinks=False):
        for nome in pastas:
            caminho = Path(raiz, nome)
            chave = caminho.relative_to(pasta).as_posix()
            resultado[chave + "/"] = f"link:{os.readlink(caminho)}" if caminho.is_symlink() else "pasta"
        for nome in arquivos:
            caminho = Path(raiz, nome)
            chave = caminho.relative_to(pasta).as_posix()
            if caminho.is_symlink():
                resultado[chave] = f"link:{os.readlink(caminho)}"
            else:
                resultado[chave] = hashlib.sha256(caminho.read_bytes()).hexdigest()
    return resultado


def entradas_do_caso(pasta: Path) -> set[str]:
    return {nome.rstrip("/") for nome, valor in arvore(pasta).items() if valor != "pasta"}


@dataclass
class Execucao:
    caso: Path
    saida: Path
    codigo: int
    stdout: str
    stderr: str
    excecao: BaseException | None
    manifesto: dict[str, Any] = field(default_factory=dict)
    lotes: list[dict[str, Any]] = field(default_factory=list)

    @property
    def por_nome(self) -> dict[str, dict[str, Any]]:
        return {a["arquivo"]: a for a in self.manifesto.get("arquivos", [])}

    def dados_de(self, arquivo: str) -> list[str]:
        return [d["dado"] for lote in self.lotes for d in lote["dados_extraidos"] if d["arquivo_fonte"] == arquivo]

    @property
    def todos_os_dados(self) -> list[str]:
        return [d["dado"] for lote in self.lotes for d in lote["dados_extraidos"]]

    @property
    def alertas(self) -> list[str]:
        return [a for lote in self.lotes for a in lote["alertas"]]

    def processado(self, arquivo: str) -> dict[str, Any]:
        for lote in self.lotes:
            for a in lote["arquivos_processados"]:
                if a["arquivo"] == arquivo:
                    return a
        raise AssertionError(f"{arquivo!r} não está em nenhum lote")

    def textos_de_saida(self) -> dict[str, bytes]:
        return {str(p.relative_to(self.saida)): p.read_bytes() for p in sorted(self.saida.rglob("*")) if p.is_file()}


def executar_cli(caso: Path, saida: Path, ambiente: dict[str, str] | None = None) -> Execucao:
    resultado = runner.invoke(
        app, ["analisar", str(caso), "--saida", str(saida), "--data-analise", DATA], env={**AMBIENTE, **(ambiente or {})}
    )
    execucao = Execucao(caso, saida, resultado.exit_code, resultado.stdout, resultado.stderr or "", resultado.exception)
    if (saida / "manifesto.json").is_file():
        execucao.manifesto = json.loads((saida / "manifesto.json").read_text(encoding="utf-8"))
        execucao.lotes = [json.loads(p.read_text(encoding="utf-8")) for p in sorted((saida / "lotes").glob("*.json"))]
    return execucao


def situacao(execucao: Execucao, nome: str) -> tuple[str, str]:
    linha = execucao.por_nome[nome]
    return linha["situacao"], linha.get("motivo") or ""


# ---------------------------------------------------------------------------
# o caso hostil, analisado uma vez pelo CLI
# ---------------------------------------------------------------------------


@dataclass
class CasoHostil:
    caso: Path
    fabricados: dict[str, str]  # nome → descrição
    corpus: list[str]  # nomes (relativos ao caso) dos PDFs do corpus copiados
    antes: dict[str, str]
    depois: dict[str, str]
    execucao: Execucao


@pytest.fixture(scope="module")
def hostil(tmp_path_factory) -> CasoHostil:
    raiz = tmp_path_factory.mktemp("hostis")
    caso = raiz / "caso"
    caso.mkdir()
    fabricados = {h.nome: h.descricao for h in fab.construir_todos(caso)}
    corpus: list[str] = []
    if PDFS_CORPUS.is_dir():
        destino = caso / "corpus"
        destino.mkdir()
        for pdf in sorted(PDFS_CORPUS.glob("*.pdf")):
            shutil.copy2(pdf, destino / pdf.name)
            corpus.append(f"corpus/{pdf.name}")
    antes = arvore(caso)
    execucao = executar_cli(caso, raiz / "saida")
    return CasoHostil(caso, fabricados, corpus, antes, arvore(caso), execucao)


def test_analise_termina_sem_traceback(hostil):
    e = hostil.execucao
    assert e.excecao is None or isinstance(e.excecao, SystemExit), repr(e.excecao)
    assert e.codigo == 1, e.stdout + e.stderr  # concluída, com arquivos ilegíveis
    assert "Traceback" not in e.stdout
    assert "Traceback" not in e.stderr
    for nome, conteudo in e.textos_de_saida().items():
        assert b"Traceback" not in conteudo, nome


def test_caso_fica_byte_a_byte_igual(hostil):
    assert hostil.depois == hostil.antes


def test_toda_entrada_esta_no_manifesto(hostil):
    relatados = set(hostil.execucao.por_nome)
    assert entradas_do_caso(hostil.caso) <= relatados
    assert set(hostil.fabricados) <= relatados
    for linha in hostil.execucao.manifesto["arquivos"]:
        assert linha["situacao"] in {"lido", "parcial", "erro", "ignorado", "pacote"}
        if linha["situacao"] != "lido":
            assert linha.get("motivo"), linha


def test_controle_e_lido_com_o_dado(hostil):
    assert situacao(hostil.execucao, fab.NOME_CONTROLE)[0] == "lido"
    assert fab.IP_CONTROLE in hostil.execucao.dados_de(fab.NOME_CONTROLE)


def test_bomba_de_entidades_xml(hostil):
    estado, motivo = situacao(hostil.execucao, "bomba_entidades.xlsx")
    assert estado == "erro"
    assert "XLSX" in motivo
    assert hostil.execucao.dados_de("bomba_entidades.xlsx") == []


def test_bomba_de_entidades_xml_motivo_diz_o_problema(hostil):
    _, motivo = situacao(hostil.execucao, "bomba_entidades.xlsx")
    assert "entidade" in motivo.lower()
    assert str(hostil.caso) not in motivo


def test_bomba_zip(hostil):
    estado, motivo = situacao(hostil.execucao, "bomba_zip.xlsx")
    assert estado == "erro"
    assert "bomba ZIP" in motivo and "200" in motivo


def test_csv_com_campo_sem_fim(hostil):
    e = hostil.execucao
    estado, motivo = situacao(e, "campo_sem_fim.csv")
    assert estado == "parcial" and "a partir da linha 3" in motivo, motivo
    assert fab.IP_ANTES_DO_DEFEITO in e.dados_de("campo_sem_fim.csv")  # o que vem antes do defeito fica
    assert any(a.startswith("campo_sem_fim.csv: CSV malformado a partir da linha 3") for a in e.alertas), e.alertas


def test_csv_com_campo_maior_que_o_teto(hostil):
    e = hostil.execucao
    estado, motivo = situacao(e, "campo_gigante.csv")
    assert estado == "parcial" and "campo maior que o teto de 1 MB" in motivo, motivo
    assert fab.IP_ANTES_DO_CAMPO_GIGANTE in e.dados_de("campo_gigante.csv")
    assert any(a.startswith("campo_gigante.csv: CSV malformado a partir da linha 3") for a in e.alertas), e.alertas
    assert not any("x" * 1000 in d for d in e.todos_os_dados)


def test_txt_binario_com_nul(hostil):
    estado, motivo = situacao(hostil.execucao, "binario_com_nul.txt")
    assert estado == "ignorado"
    assert "binário" in motivo


def test_csv_com_nul_num_campo_e_lido(hostil):
    estado, _ = situacao(hostil.execucao, "nul_no_campo.csv")
    assert estado == "lido"
    assert "177.4.4.4" in hostil.execucao.dados_de("nul_no_campo.csv")


def test_zip_com_extensao_pdf(hostil):
    estado, motivo = situacao(hostil.execucao, "oficio_zip.pdf")
    assert estado == "pacote"
    assert "extensão é '.pdf', mas o conteúdo é ZIP" in motivo
    # o conteúdo manda: o membro é lido como texto, citado pelo caminho dentro do pacote
    assert situacao(hostil.execucao, "oficio_zip.pdf!/dentro.txt")[0] == "lido"
    assert "177.3.3.3" in hostil.execucao.dados_de("oficio_zip.pdf!/dentro.txt")


def test_html_com_extensao_pdf(hostil):
    estado, motivo = situacao(hostil.execucao, "pagina_html.pdf")
    assert estado == "ignorado"
    assert "não é PDF" in motivo
    assert fab.IP_HTML not in hostil.execucao.todos_os_dados


def test_arquivo_vazio(hostil):
    estado, motivo = situacao(hostil.execucao, "vazio.pdf")
    assert estado == "erro"  # issue 13: um arquivo de 0 byte é falha relatada, não ignorado
    assert "vazio" in motivo


def test_pagina_gigante_em_branco_vai_ao_ocr_com_resolucao_reduzida(hostil):
    import pypdfium2 as pdfium

    from perito.leitura.pdf import MAXIMO_PIXELS_OCR, RESOLUCAO_OCR, _resolucao_segura

    e = hostil.execucao
    assert situacao(e, "pagina_gigante.pdf")[0] == "lido"  # a 200 dpi seriam 1,6 gigapixel: estouraria a memória
    assert "ocr" in e.processado("pagina_gigante.pdf")["metodo_extracao"]
    assert "pagina_gigante.pdf: página 1 sem texto; o OCR não encontrou nada" in e.alertas
    assert e.dados_de("pagina_gigante.pdf") == []
    pdf = pdfium.PdfDocument(str(hostil.caso / "pagina_gigante.pdf"))
    try:
        largura, altura = pdf[0].get_size()
    finally:
        pdf.close()
    resolucao = _resolucao_segura(largura, altura)
    assert (largura, altura) == (14400, 14400)
    assert resolucao < RESOLUCAO_OCR
    assert (largura * resolucao / 72) * (altura * resolucao / 72) <= MAXIMO_PIXELS_OCR


def test_pagina_gigantesca_respeita_o_teto_de_pixels(tmp_path):
    import pypdfium2 as pdfium
    from reportlab.pdfgen import canvas

    from perito.leitura.pdf import MAXIMO_PIXELS_OCR, _resolucao_segura

    caminho = tmp_path / "enorme.pdf"
    c = canvas.Canvas(str(caminho), pagesize=(200_000, 200_000), invariant=1)
    c.showPage()
    c.save()
    pdf = pdfium.PdfDocument(str(caminho))
    try:
        resolucao = _resolucao_segura(*pdf[0].get_size())
    finally:
        pdf.close()
    # nem a 20 dpi ela cabe no teto: a página não é renderizada (vai para paginas_com_falha)
    assert resolucao is None
    from perito.leitura.pdf import ler_pdf

    documento = ler_pdf(caminho, "enorme.pdf")
    assert documento.paginas_com_falha == [1]
    assert any("grande demais para OCR" in a for a in documento.alertas)
    assert MAXIMO_PIXELS_OCR == 40_000_000


def test_link_simbolico_para_fora_do_caso(hostil):
    estado, motivo = situacao(hostil.execucao, "link_para_fora.txt")
    assert estado == "ignorado"
    assert "link simbólico" in motivo
    for nome, conteudo in hostil.execucao.textos_de_saida().items():
        assert fab.IP_FORA_DO_CASO.encode() not in conteudo, nome


def test_nome_com_caracteres_de_controle(hostil):
    e = hostil.execucao
    nome = fab.NOME_COM_CONTROLE
    # JSON: o nome literal (json.loads devolve ESC e BEL de volta)
    assert situacao(e, nome)[0] == "lido"
    assert fab.IP_NOME_CONTROLE in e.dados_de(nome)
    # terminal: escapado, nunca cru
    assert "\x1b" not in e.stdout and "\x07" not in e.stdout
    assert "\x1b" not in e.stderr and "\x07" not in e.stderr
    assert r"relat\x1b[31mório\x07.txt" in e.stdout


def test_pdf_truncado(hostil):
    estado, motivo = situacao(hostil.execucao, "truncado.pdf")
    assert estado == "erro"
    assert "PDF" in motivo and ("corrompido" in motivo or "ilegível" in motivo)
    assert fab.IP_TRUNCADO not in hostil.execucao.todos_os_dados


# ---------------------------------------------------------------------------
# corpus compartilhado (PDFs cifrados e malformados de outros projetos)
# ---------------------------------------------------------------------------

CIFRADOS = ["password-example.pdf", "pdfminer-encryption-rc4-40.pdf", "pdfminer-encryption-aes-128.pdf",
            "pdfminer-encryption-aes-256.pdf"]
ZERO_PAGINAS = ["GHOSTSCRIPT-698804-1-fuzzed.pdf", "REDHAT-1531897-0.pdf", "issue-297-example.pdf"]
LEGIVEIS = ["xref_command_missing.pdf", "helloworld-bad.pdf", "bad-PageLabels.pdf", "scan-bad.pdf",
            "pdfjsbad1586.pdf", "boundingBox_invalid.pdf"]


def _do_corpus(hostil: CasoHostil, nomes: list[str]) -> list[str]:
    presentes = [f"corpus/{n}" for n in nomes if f"corpus/{n}" in hostil.corpus]
    if not presentes:
        pytest.skip(f"corpus compartilhado ausente em {PDFS_CORPUS}")
    return presentes


def test_corpus_pdfs_cifrados_protegidos_por_senha(hostil):
    for nome in _do_corpus(hostil, CIFRADOS):
        estado, motivo = situacao(hostil.execucao, nome)
        assert estado == "erro", nome
        assert "protegido por senha" in motivo, (nome, motivo)


def test_corpus_pdfs_sem_paginas_e_ilegiveis_sao_erro(hostil):
    for nome in _do_corpus(hostil, ZERO_PAGINAS):
        estado, motivo = situacao(hostil.execucao, nome)
        assert (estado, "nenhuma página legível" in motivo) == ("erro", True), (nome, motivo)
    for nome in _do_corpus(hostil, ["pdfplumber-empty.pdf"]):
        assert situacao(hostil.execucao, nome) == ("erro", "arquivo vazio (0 bytes)")  # issue 13: 0 byte é falha


def test_corpus_pdf_que_o_pdfminer_recusa_e_lido_pelo_pdfium(hostil):
    """PDFBOX-3148-2-fuzzed.pdf: o pdfminer recusa um filtro ASCII85 estragado; o PDFium (leitura canônica) abre a página."""
    for nome in _do_corpus(hostil, ["PDFBOX-3148-2-fuzzed.pdf"]):
        estado, _ = situacao(hostil.execucao, nome)
        processado = hostil.execucao.processado(nome)
        assert estado == "lido" and processado["total_paginas"] == 1, processado
        assert processado["metodo_extracao"] in ("ocr-tesseract", "pypdfium2"), processado  # página sem texto: OCR
        assert not any(nome in a and "leitor de reserva" in a for a in hostil.execucao.alertas)


def test_corpus_pdfs_com_paginas_quebradas_marcam_a_pagina(hostil):
    for nome in _do_corpus(hostil, ["poppler-90-0-fuzzed.pdf"]):
        # o pdfplumber estourava na página 1; o PDFium a abre sem camada de texto e ela vai ao OCR, com alerta
        estado, motivo = situacao(hostil.execucao, nome)
        assert estado in ("lido", "parcial"), (nome, motivo)
        assert any(a.startswith(f"{nome}: página 1 ") for a in hostil.execucao.alertas), nome
        assert hostil.execucao.processado(nome)["total_paginas"] == 16, nome
    for nome in _do_corpus(hostil, ["poppler-395-0-fuzzed.pdf"]):
        # o PDFium não abre (erro de formato); o leitor de reserva pdfplumber abre, e a única página falha
        estado, motivo = situacao(hostil.execucao, nome)
        assert (estado, motivo) == ("erro", "nenhuma página pôde ser lida (1 página com falha)")
        assert hostil.execucao.processado(nome)["paginas_com_falha"] == [1]
        assert any(nome in a and "leitor de reserva pdfplumber" in a for a in hostil.execucao.alertas), nome


def test_corpus_pdfs_recuperaveis_sao_lidos(hostil):
    for nome in _do_corpus(hostil, LEGIVEIS):
        assert situacao(hostil.execucao, nome)[0] == "lido", nome
        assert hostil.execucao.processado(nome)["total_paginas"] >= 1, nome


# ---------------------------------------------------------------------------
# isolamento: tempo limite, teto de memória, serial × paralelo
# ---------------------------------------------------------------------------


def _analisar(caso: Path, saida: Path, limites: Limites):
    return analisar(Parametros(caso, saida, data_analise=DATA, limites=limites))


def _manifesto(resultado) -> dict[str, dict[str, Any]]:
    return {a["arquivo"]: a for a in resultado.arquivos}


def test_tempo_limite_so_para_o_arquivo_lento(tmp_path):
    caso = tmp_path / "caso"
    caso.mkdir()
    lento = fab.pdf_lento(caso).nome  # 3 a 8 s na camada de texto do PDFium
    fab.controle(caso)
    antes = arvore(caso)
    inicio = time.monotonic()
    # sem a folga proporcional ao tamanho: o prazo é só a base (o proporcional tem o seu teste)
    resultado = _analisar(caso, tmp_path / "saida", Limites(segundos_por_arquivo=2, processos=2, folga_do_prazo=0))
    assert time.monotonic() - inicio < 15
    linhas = _manifesto(resultado)
    assert linhas[lento]["situacao"] == "erro"
    assert "tempo limite de 2 s" in linhas[lento]["motivo"]
    # até onde chegou (bytes lidos pelo auxiliar, de /proc) e o que fazer (issue 24, achado 11)
    # "o arquivo inteiro chegou a ser lido" ou "a leitura tinha chegado a cerca de N%": depende de quanto o auxiliar
    # leu antes do prazo, numa máquina ocupada ou não
    assert re.search(r"cheg(ou|ado)", linhas[lento]["motivo"]) and "--tempo-por-arquivo" in linhas[lento]["motivo"]
    assert linhas[fab.NOME_CONTROLE]["situacao"] == "lido"
    assert fab.IP_CONTROLE in [d["dado"] for lote in resultado.lotes for d in lote["dados_extraidos"]]
    assert resultado.codigo_saida == 1
    assert arvore(caso) == antes


def test_teto_de_memoria_so_para_o_arquivo_grande(tmp_path):
    caso = tmp_path / "caso"
    caso.mkdir()
    grande = fab.texto_grande(caso, megabytes=64).nome
    fab.controle(caso)
    # lido inteiro (limiar da leitura em partes acima do tamanho), o arquivo passa do teto: ERRO só para ele
    resultado = _analisar(caso, tmp_path / "saida", Limites(memoria_bytes=300 * MIB, processos=2, bytes_em_partes=1 << 40))
    linhas = _manifesto(resultado)
    assert linhas[grande]["situacao"] == "erro"
    assert "memória" in linhas[grande]["motivo"]
    assert linhas[fab.NOME_CONTROLE]["situacao"] == "lido"
    assert fab.IP_CONTROLE in [d["dado"] for lote in resultado.lotes for d in lote["dados_extraidos"]]


def test_issue_24_o_mesmo_arquivo_grande_lido_em_partes_cabe_no_teto(tmp_path):
    """Acima do limiar (2 MiB), o TXT de linhas curtas é lido em partes, dentro do teto em que o de 64 MiB lido
    inteiro não cabe (o de 64 MiB lido em partes também cabe: 3 min aqui, por isso 10 MiB; ver
    scripts/benchmark_grandes.py para 200 MB)."""
    caso = tmp_path / "caso"
    caso.mkdir()
    grande = fab.texto_grande(caso, megabytes=10).nome
    fab.controle(caso)
    resultado = _analisar(caso, tmp_path / "saida", Limites(memoria_bytes=300 * MIB, processos=2))
    linhas = _manifesto(resultado)
    assert linhas[grande]["situacao"] == "lido", linhas[grande]
    assert linhas[fab.NOME_CONTROLE]["situacao"] == "lido"
    assert fab.IP_CONTROLE in [d["dado"] for lote in resultado.lotes for d in lote["dados_extraidos"]]


def test_serial_e_paralelo_dao_saidas_identicas(hostil, tmp_path):
    saidas = {}
    for processos in (1, 2):
        destino = tmp_path / f"p{processos}"
        _analisar(hostil.caso, destino, Limites(processos=processos))
        nomes = ["conclusoes.json", "validacao.json", *sorted(f"lotes/{p.name}" for p in (destino / "lotes").glob("*.json"))]
        saidas[processos] = {nome: (destino / nome).read_bytes() for nome in nomes}
    assert saidas[1].keys() == saidas[2].keys()
    for nome in saidas[1]:
        assert saidas[1][nome] == saidas[2][nome], nome
    assert arvore(hostil.caso) == hostil.antes


# ---------------------------------------------------------------------------
# defeitos encontrados e corrigidos (cada teste fixa a correção)
# ---------------------------------------------------------------------------


def test_memoria_esgotada_ao_devolver_o_resultado_nao_mostra_traceback(tmp_path):
    programa = textwrap.dedent(
        """
        import multiprocessing as mp
        import resource
        from pathlib import Path

        from perito.leitura import isolamento, leitor
        from perito.leitura.documento import Documento

        class Pesado(Documento):
            def __reduce__(self):
                raise MemoryError()

        leitor.ler_documento = lambda caminho, nome, tipo: Pesado(arquivo=nome, tipo=tipo)
        pai, filho = mp.Pipe()
        pai.send(isolamento.Tarefa(Path("x.txt"), "x.txt", "txt"))
        pai.send(None)
        isolamento._trabalhador(filho, resource.RLIM_INFINITY)
        print("resposta:", pai.recv() if pai.poll(1) else None)
        """
    )
    processo = subprocess.run(
        [sys.executable, "-c", programa], capture_output=True, text=True, timeout=60, cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(RAIZ / "src")},
    )
    assert "Traceback" not in processo.stderr, processo.stderr


def test_caminho_com_markup_na_mensagem_de_erro(tmp_path):
    resultado = runner.invoke(app, ["analisar", str(tmp_path / "nao[/]existe")], env=AMBIENTE)
    assert resultado.exception is None or isinstance(resultado.exception, SystemExit), repr(resultado.exception)
    assert resultado.exit_code == 3


def test_barra_de_progresso_escapa_o_nome(tmp_path):
    caso = tmp_path / "caso"
    caso.mkdir()
    fab.nome_com_controle(caso)
    execucao = executar_cli(caso, tmp_path / "saida", {"FORCE_COLOR": "1", "TERM": "xterm"})
    assert execucao.codigo == 0, execucao.stdout + execucao.stderr
    assert "leitura" in execucao.stderr  # a barra apareceu (terminal forçado)
    assert "\x1b[31mório" not in execucao.stderr


def test_cabecalho_do_relatorio_escapa_o_nome_do_caso(tmp_path):
    caso = tmp_path / "caso\x1b[31mX"
    caso.mkdir()
    fab.controle(caso)
    execucao = executar_cli(caso, tmp_path / "saida\x1b[32mY")
    assert execucao.codigo == 0, execucao.stdout + execucao.stderr
    assert "\x1b" not in execucao.stdout


def test_nome_de_arquivo_que_nao_e_utf8_nao_derruba_a_analise(tmp_path):
    caso = tmp_path / "caso"
    caso.mkdir()
    nome = fab.nome_nao_utf8(caso).nome
    fab.controle(caso)
    execucao = executar_cli(caso, tmp_path / "saida")
    assert execucao.codigo in (0, 1), execucao.stdout + execucao.stderr
    assert fab.IP_CONTROLE in execucao.dados_de(fab.NOME_CONTROLE)
    assert len(execucao.manifesto["arquivos"]) == 2, nome
