"""Issue 27: uma planilha XLSX volumosa tem os dados gravados em disco pelo auxiliar (como um CSV volumoso) e a
releitura do validador traz só o preâmbulo, o pé e a vizinhança das linhas citadas. Medido num caso g com a planilha
de 200 mil linhas: o principal passava de 1 GB (os dados da planilha no lote e a releitura inteira na validação).

O oráculo é o caminho de sempre: o mesmo caso analisado com o limiar padrão (a planilha pequena volta pelo canal e é
relida inteira) dá as mesmas conclusões, os mesmos vereditos, os mesmos dados nos lotes e os mesmos ofícios."""

from __future__ import annotations

import json
import re
from pathlib import Path

import openpyxl

from perito.derrame import linha_do_dado, linha_do_registro
from perito.leitura import em_partes, planilha
from perito.leitura.isolamento import Limites
from perito.leitura.leitor import ler_documento
from tests.conftest import exemplo_pelos_dois_caminhos, mesmas_saidas

#: a linha da planilha com o acesso que o caso de exemplo também tem (longe do preâmbulo e do pé)
LINHA_DO_CASO = 1001


def _planilha_de_acessos(caminho: Path, linhas: int = 1500) -> None:
    """Log de acessos em XLSX: cabeçalho com o fuso, IPs que o caso não conhece e, no meio, o IP e a porta da conta
    alvo no caso de exemplo."""
    livro = openpyxl.Workbook()
    aba = livro.active
    aba.title = "Acessos"
    aba.append(["Data/hora (UTC)", "Endereço IP", "Porta"])
    for i in range(linhas - 1):
        aba.append([f"2025-03-{1 + i % 28:02d} {i % 24:02d}:{i % 60:02d}:{(i * 7) % 60:02d}",
                    f"200.{i % 250}.{(i // 250) % 250}.{1 + i % 199}", 20000 + i])
    aba.cell(LINHA_DO_CASO, 1, "2025-03-15 14:33:10")
    aba.cell(LINHA_DO_CASO, 2, "187.34.56.78")
    aba.cell(LINHA_DO_CASO, 3, 51234)
    livro.save(caminho)


def test_planilha_volumosa_da_as_mesmas_conclusoes_lotes_e_oficios_com_menos_memoria(tmp_path):
    caso, comum, volumosa = exemplo_pelos_dois_caminhos(
        tmp_path, lambda pasta: _planilha_de_acessos(pasta / "acessos_site.xlsx"), Limites(bytes_inteiro_em_disco=1))

    alertas = [a for a in mesmas_saidas(comum, volumosa) if "planilha volumosa" in a]
    conclusoes = json.loads((volumosa / "conclusoes.json").read_text(encoding="utf-8"))["conclusoes"]
    citadas = [r for c in conclusoes for r in c["referencias"] if r["arquivo"] == "acessos_site.xlsx"]
    linhas_citadas = {int(re.sub(r"\D", "", r["linha_ou_celula"])) for r in citadas}
    assert linhas_citadas == {1, LINHA_DO_CASO}  # o fuso do cabeçalho e a linha do meio, longe do preâmbulo e do pé
    assert all(c["validacao"]["veredicto_geral"] == "VERIFICADO" for c in conclusoes
               if any(r["arquivo"] == "acessos_site.xlsx" for r in c["referencias"]))

    # o limiar de 1 byte manda ao disco toda planilha do caso (o exemplo tem outra, pequena: todos os dados lidos)
    do_log = [a for a in alertas if a.startswith("acessos_site.xlsx: planilha volumosa")]
    assert len(do_log) == 1 and len(alertas) == len({p.name for p in caso.glob("*.xlsx")})
    total, lidos = map(int, re.search(r"(\d+) dados no lote, dos quais o cruzamento leu (\d+)", do_log[0]).groups())
    assert total >= 2900 and lidos < 600  # o preâmbulo e o registro do IP do caso, não as 1.500 linhas
    assert not list(volumosa.glob(".derrames*"))


def test_releitura_da_planilha_traz_o_preambulo_o_pe_e_a_vizinhanca_das_citadas(tmp_path):
    arquivo = tmp_path / "acessos.xlsx"
    _planilha_de_acessos(arquivo, linhas=2000)
    inteira = ler_documento(arquivo, "acessos.xlsx", "xlsx")
    parcial = ler_documento(arquivo, "acessos.xlsx", "xlsx", linhas=(LINHA_DO_CASO,))
    linhas = sorted({t.linha_tabela for t in parcial.trechos})
    janela = range(LINHA_DO_CASO - planilha.JANELA, LINHA_DO_CASO + planilha.JANELA + 1)
    pe = range(2000 - planilha.EPILOGO + 1, 2001)
    assert linhas == sorted({*range(1, planilha.PREAMBULO + 1), *janela, *pe})
    por_local = {t.localizacao: t for t in inteira.trechos}
    assert all(por_local[t.localizacao] == t for t in parcial.trechos)  # as mesmas células, nada a mais
    assert parcial.abas == inteira.abas and parcial.erro is None
    # sem linha pedida, ou no caminho comum da análise: a planilha inteira
    assert len(ler_documento(arquivo, "acessos.xlsx", "xlsx").trechos) == len(inteira.trechos)


def test_so_planilha_grande_e_solta_vai_ao_disco(tmp_path):
    arquivo = tmp_path / "a.xlsx"
    _planilha_de_acessos(arquivo, linhas=50)
    tamanho = arquivo.stat().st_size
    assert em_partes.inteiro_em_disco(arquivo, "xlsx", None, limiar=tamanho)
    assert not em_partes.inteiro_em_disco(arquivo, "xlsx", None, limiar=tamanho + 1)
    assert not em_partes.inteiro_em_disco(arquivo, "xlsx", ("membro.xlsx",), limiar=1)  # membro de pacote: pelo canal
    assert not em_partes.inteiro_em_disco(arquivo, "csv", None, limiar=1)
    assert not em_partes.inteiro_em_disco(tmp_path / "sumiu.xlsx", "xlsx", None, limiar=1)


def test_linha_de_um_dado_de_planilha_e_a_linha_da_aba():
    dado = {"linha_ou_celula": "celula B1001", "metadados": {"registro": "Acessos!1001"}}
    assert linha_do_registro(dado) == 1001 and linha_do_dado(dado) == 1001
    assert linha_do_registro({"linha_ou_celula": "celula AA7", "metadados": {}}) == 7
    # os locais de sempre continuam como eram
    assert linha_do_registro({"linha_ou_celula": "tabela 2 linha 5", "metadados": {"registro": "tabela 2 linha 5"}}) == 5
    assert linha_do_registro({"linha_ou_celula": "paragrafo 3", "metadados": {}}) == 0
    assert linha_do_dado({"linha_ou_celula": "linha 12"}) == 12


def test_disco_cheio_ao_gravar_a_planilha_vira_erro_do_arquivo_sem_dados_pela_metade(tmp_path, monkeypatch):
    import errno

    from perito import derrame as modulo
    from perito.extratores.em_partes import extrair_inteiro_em_disco

    arquivo = tmp_path / "acessos.xlsx"
    _planilha_de_acessos(arquivo, linhas=300)
    pasta = tmp_path / "derrames"
    pasta.mkdir()
    inteiro = extrair_inteiro_em_disco(arquivo, "acessos.xlsx", "xlsx", pasta)
    assert inteiro.erro is None and inteiro.extraido.derrames[0].total >= 500 and not inteiro.trechos

    def cheio(self) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    for antigo in pasta.iterdir():
        antigo.unlink()
    monkeypatch.setattr(modulo.Gravador, "_gravar", cheio)
    documento = extrair_inteiro_em_disco(arquivo, "acessos.xlsx", "xlsx", pasta)
    assert "sem espaço em disco na pasta de saída" in documento.erro and "--saida" in documento.erro
    assert documento.extraido is None and not list(pasta.iterdir())
