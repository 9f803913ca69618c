"""Issue 27: o ofício de um IP lista cada ocorrência dele, também as de um arquivo volumoso que as conclusões não
citam. O validador relê um TXT, CSV ou XLSX volumoso só em volta das linhas citadas pelas conclusões; a conferência
dos dados de ofício fora dessas vizinhanças dava EXTRACAO_FALHOU e o dado saía do ofício em silêncio (no caso g do
benchmark, 598 das 1.000 ocorrências). Agora a releitura traz também as linhas dos dados de ofício.

Oráculo: o mesmo caso com o log lido inteiro (o limiar padrão) dá os mesmos ofícios e as mesmas conferências."""

from __future__ import annotations

import json
from pathlib import Path

from perito.leitura.isolamento import Limites
from tests.conftest import exemplo_pelos_dois_caminhos

#: as linhas do log com o IP e a porta da conta alvo do caso de exemplo, espalhadas (longe umas das outras)
LINHAS_DO_CASO = range(100, 1500, 35)


def _log(caminho: Path) -> None:
    corpo = [f"2025-03-{1 + i % 28:02d} {i % 24:02d}:{i % 60:02d}:{(i * 7) % 60:02d}   "
             f"{f'200.{i % 250}.{(i // 250) % 250}.{1 + i % 199}':<18} {20000 + i}" for i in range(1500)]
    for n in LINHAS_DO_CASO:
        corpo[n] = f"2025-03-15 {n % 24:02d}:33:10   {'187.34.56.78':<18} 51234"
    caminho.write_text("Registros de conexão - resposta à requisição judicial\nHorários em UTC.\n\n"
                       "Data/Hora             Endereço IP        Porta\n" + "\n".join(corpo) + "\n", encoding="utf-8")


def _conferencias(pasta: Path) -> list[tuple[str, str]]:
    contextos = json.loads((pasta / "contextos.json").read_text(encoding="utf-8"))
    return sorted((c["chave"], c["detalhe"]["status"]) for c in contextos["conferencias"])


def test_oficio_lista_as_ocorrencias_do_volumoso_que_as_conclusoes_nao_citam(tmp_path):
    caso, inteiro, volumoso = exemplo_pelos_dois_caminhos(
        tmp_path, lambda pasta: _log(pasta / "registros_conexao_provedor.txt"), Limites(bytes_em_partes=1))

    citadas = {r["linha_ou_celula"] for c in json.loads((volumoso / "conclusoes.json").read_text(encoding="utf-8"))[
        "conclusoes"] for r in c["referencias"] if r["arquivo"] == "registros_conexao_provedor.txt"}
    do_caso = {f"linha {n + 5}" for n in LINHAS_DO_CASO}  # 4 linhas de preâmbulo, numeração a partir de 1
    assert citadas and do_caso - citadas  # há ocorrências que nenhuma conclusão cita (o que o teste exercita)

    assert _conferencias(volumoso) == _conferencias(inteiro)
    assert "EXTRACAO_FALHOU" not in {status for _, status in _conferencias(volumoso)}
    oficios = sorted(p.name for p in (inteiro / "oficios").glob("*.md"))
    assert oficios == sorted(p.name for p in (volumoso / "oficios").glob("*.md"))
    do_ip = [nome for nome in oficios if "187.34.56.78" in (inteiro / "oficios" / nome).read_text(encoding="utf-8")]
    assert do_ip
    for nome in oficios:
        assert (volumoso / "oficios" / nome).read_bytes() == (inteiro / "oficios" / nome).read_bytes(), nome
    texto = (volumoso / "oficios" / do_ip[0]).read_text(encoding="utf-8")
    # o ofício cita ocorrências que nenhuma conclusão cita (as linhas fora das vizinhanças relidas antes)
    assert any(f"registros_conexao_provedor.txt, {linha} — " in texto for linha in do_caso - citadas)


def test_linhas_dos_oficios_vem_so_com_as_vizinhas_de_perto(tmp_path):
    """As linhas dos dados de ofício (pontuais) vêm com `JANELA_PONTUAL` vizinhas, não com as 200 de uma citada: num
    log com milhares de dados de ofício, a janela larga trazia o arquivo quase inteiro (o gm passava de 1 GB)."""
    from perito.leitura import em_partes, planilha
    from perito.leitura.leitor import ler_documento
    from tests.test_issue_27_planilha_volumosa import _planilha_de_acessos

    arquivo = tmp_path / "conexoes.txt"
    _log(arquivo)
    documento = em_partes.ler_linhas(arquivo, "conexoes.txt", "txt", {700}, janela=200, preambulo=10, pontuais=(1200,))
    numeros = {int(t.localizacao.split()[-1]) for t in documento.trechos}
    perto = em_partes.JANELA_PONTUAL
    assert set(range(500, 901)) | set(range(1200 - perto, 1200 + perto + 1)) <= numeros
    assert not numeros & (set(range(901, 1200 - perto)) | set(range(1200 + perto + 1, 1400)))
    assert em_partes.intervalos([10, 30], 5, [16, 100], 2) == [(5, 18), (25, 35), (98, 102)]  # as vizinhas juntas
    # a janela pontual cobre o que o validador olha para conferir um dado fora da linha; num CSV, que ele não junta
    # linhas, nenhuma
    from perito.validador import multilinha
    assert perto >= multilinha.JANELA_DE_LOG >= multilinha.DISTANCIA_MAXIMA
    assert "csv" not in multilinha.TIPOS_COM_LINHAS and "xlsx" not in multilinha.TIPOS_COM_LINHAS
    csv = tmp_path / "conexoes.csv"
    csv.write_text("Data;IP;Porta\n" + "".join(f"2025-03-01 10:00:{i % 60:02d};200.1.1.{i % 250};{i}\n"
                                                 for i in range(1500)), encoding="utf-8")
    so_a_linha = em_partes.ler_linhas(csv, "conexoes.csv", "csv", {700}, janela=5, preambulo=10, pontuais=(1200,))
    assert [t.localizacao for t in so_a_linha.trechos][-1] == "linha 1200"

    planilha_xlsx = tmp_path / "acessos.xlsx"
    _planilha_de_acessos(planilha_xlsx, linhas=2000)
    parcial = ler_documento(planilha_xlsx, "acessos.xlsx", "xlsx", linhas=(1001,), pontuais=(1700,))
    linhas = {t.linha_tabela for t in parcial.trechos}
    assert set(range(1700 - perto, 1700 + perto + 1)) <= linhas
    assert not linhas & set(range(1202, 1700 - perto)) and not linhas & set(range(1700 + perto + 1, 2001 - planilha.EPILOGO))
