"""Issue 28: a leitura de um arquivo volumoso (dados gravados em disco pelo auxiliar, `perito.derrame`) também entra
no armazém, e a execução incremental não o lê de novo.

Antes, `armazem.leituras.cabe` deixava de fora todo documento com derrame: o maior arquivo de um caso (o log de
200 mil linhas) era lido e extraído de novo em toda execução incremental, que passou de 0,30 a 0,54 da completa.
Os dados guardados ficam ao lado do banco (`armazem.derrames/`), pelo SHA-256 que o cabeçalho da leitura registra:
um arquivo adulterado ou ausente faz a leitura ser refeita do caso.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from perito.analise import Parametros, analisar
from perito.armazem import derrames
from perito.derrame import Derrame, Gravador
from perito.erros import Saida
from perito.leitura.isolamento import Limites
from perito.saida.volateis import diferencas_de_conteudo

DATA = "2025-04-01"
IP = "187.34.56.78"
#: todo TXT ou CSV é volumoso: lido em partes, com os dados em disco
VOLUMOSO = Limites(bytes_em_partes=1)


def _analisar(caso: Path, saida: Path, **outros):
    return analisar(Parametros(caso, saida, data_analise=DATA, limites=VOLUMOSO, **outros))


def _lidos(saida: Path) -> dict[str, bool]:
    """arquivo → se a última execução o reaproveitou do armazém."""
    entradas = [json.loads(linha) for linha in (saida / "auditoria.jsonl").read_text(encoding="utf-8").splitlines()]
    inicio = max(n for n, e in enumerate(entradas) if e["acao"] == "iniciar")
    return {next(iter(e["entradas"])): "reaproveitado_do_armazem" in e["detalhes"]
            for e in entradas[inicio:] if e["acao"] == "ler"}


def _log(ips: list[str]) -> str:
    linhas = [f"15/03/2025;14:{n % 60:02d}:00 BRT;{ip};{51000 + n}" for n, ip in enumerate(ips)]
    return "data;hora;ip;porta\n" + "\n".join(linhas) + "\n"


def _caso(pasta: Path) -> Path:
    caso = pasta / "caso"
    caso.mkdir()
    (caso / "relato.txt").write_text(
        f"Acesso do IP {IP} em 15/03/2025 14:32:17 BRT pelo telefone +55 11 98765-4321.\n", encoding="utf-8")
    (caso / "log.csv").write_text(_log([IP] + [f"10.0.{n // 250}.{n % 250}" for n in range(300)]), encoding="utf-8")
    return caso


def _guardados(saida: Path) -> list[str]:
    return sorted(p.name for p in (saida / derrames.PASTA).iterdir())


def test_volumoso_reaproveitado_e_a_saida_e_a_de_uma_execucao_completa(tmp_path):
    caso, saida = _caso(tmp_path), tmp_path / "saida"
    assert _analisar(caso, saida).codigo_saida == Saida.OK
    assert "lido e extraído em partes" in (saida / "lotes" / "extrator_generico_01.json").read_text(encoding="utf-8")
    # os dois arquivos são volumosos aqui: os blocos, o índice de junção e o JSON comprimido de cada um
    assert sorted(n.split(".", 1)[1] for n in _guardados(saida)) == sorted(["dados", "dados.chaves", "dados.json.z"] * 2)

    (caso / "novo.txt").write_text(f"O IP {IP} também aparece aqui, em 16/03/2025 10:00:00 BRT.\n", encoding="utf-8")
    copia = tmp_path / "copia"
    shutil.copytree(saida, copia)
    incremental = _analisar(caso, saida)
    assert _lidos(saida) == {"log.csv": True, "novo.txt": False, "relato.txt": True}
    assert incremental.reaproveitado["leituras"] == 2

    completa_em = tmp_path / "completa"
    copia.rename(completa_em)
    saida.rename(tmp_path / "incremental")
    completa_em.rename(saida)  # a mesma pasta (os relatórios citam o caminho dela)
    completa = _analisar(caso, saida, reaproveitar=False)
    assert not any(_lidos(saida).values())
    assert diferencas_de_conteudo(tmp_path / "incremental", saida) == []
    assert completa.total_dados == incremental.total_dados > 300


def test_dados_guardados_adulterados_ou_ausentes_fazem_a_leitura_ser_refeita(tmp_path):
    caso, saida = _caso(tmp_path), tmp_path / "saida"
    _analisar(caso, saida)
    # os guardados do log (os nomes são o SHA-256 dos blocos: a ordem da pasta não diz de que arquivo são)
    dados = next(p for p in (saida / derrames.PASTA).iterdir() if p.name.endswith(".dados")
                 and next(Derrame(p, 0).blocos())[0]["arquivo_fonte"] == "log.csv")
    # o índice de junção trocado por outro válido não basta: o cabeçalho registrou o SHA-256 dele também
    indice = dados.with_name(dados.name + ".chaves")
    conteudo = indice.read_bytes()
    indice.unlink()  # um vínculo (hard link) ao que o auxiliar gravou: reescrever no lugar mudaria os dois
    indice.write_bytes(conteudo[:-1] + bytes([conteudo[-1] ^ 1]))

    resultado = _analisar(caso, saida)
    assert _lidos(saida) == {"log.csv": False, "relato.txt": True}
    assert "não conferem com o SHA-256 registrado" in (saida / "perito.log").read_text(encoding="utf-8")
    assert IP in (saida / "lotes" / "extrator_generico_01.json").read_text(encoding="utf-8")
    assert resultado.codigo_saida == Saida.OK

    # relido, voltou ao armazém: a próxima reaproveita; e sem o arquivo, de novo relido
    _analisar(caso, saida)
    assert _lidos(saida) == {"log.csv": True, "relato.txt": True}
    for guardado in (saida / derrames.PASTA).iterdir():
        guardado.unlink()
    _analisar(caso, saida)
    assert _lidos(saida)["log.csv"] is False
    assert "ausentes" in (saida / "perito.log").read_text(encoding="utf-8")


def test_dados_de_arquivo_mudado_ou_removido_saem_da_pasta(tmp_path):
    caso, saida = _caso(tmp_path), tmp_path / "saida"
    (caso / "log.csv").unlink()
    _analisar(caso, saida)
    do_relato = _guardados(saida)
    (caso / "log.csv").write_text(_log([IP]), encoding="utf-8")
    _analisar(caso, saida)
    com_o_log = _guardados(saida)
    (caso / "log.csv").write_text(_log([IP, "10.9.9.9"]), encoding="utf-8")
    _analisar(caso, saida)
    mudado = _guardados(saida)
    assert len(do_relato) == 3 and len(com_o_log) == len(mudado) == 6
    assert set(com_o_log) & set(mudado) == set(do_relato)  # os do log antigo saíram, os do novo entraram
    (caso / "log.csv").unlink()
    _analisar(caso, saida)
    assert _guardados(saida) == do_relato


def test_guardar_e_restaurar_conferem_cada_arquivo(tmp_path):
    gravador = Gravador(tmp_path / "a.dados", "log.csv", por_bloco=2)
    for n in range(5):
        gravador.acrescentar({"tipo": "ip", "valor": f"10.0.0.{n}", "metadados": {"familia_fonte": "acesso"}})
    derrame = gravador.fechar()
    pasta = tmp_path / "guardados"
    descritores = derrames.guardar(pasta, [derrame])
    assert descritores[0]["total"] == 5 and descritores[0]["familia"] == "acesso"
    assert derrames.guardar(pasta, [derrame]) == descritores  # o mesmo conteúdo: os mesmos nomes, nada duplicado
    restaurado = derrames.restaurar(pasta, descritores)[0]
    assert [d["valor"] for b in restaurado.blocos() for d in b] == [f"10.0.0.{n}" for n in range(5)]
    assert [list(i.chaves) for i in restaurado.indices()] == [list(i.chaves) for i in derrame.indices()]
    # o JSON de cada bloco vem do guardado comprimido: os mesmos bytes que o auxiliar gravou
    assert b"".join(restaurado.itens_em_json()) == b"".join(derrame.itens_em_json())
    assert not restaurado.caminho.with_name(restaurado.caminho.name + ".json").exists()
    derrame.apagar()  # o que o auxiliar gravou sai no fim da análise; o guardado fica
    assert [d["valor"] for b in restaurado.blocos() for d in b][-1] == "10.0.0.4"
    assert b'"10.0.0.4"' in b"".join(restaurado.itens_em_json())
    for campo in ("dados", "indice", "json"):
        with pytest.raises(ValueError, match="não conferem|ausentes"):
            derrames.restaurar(pasta, [{**descritores[0], campo: "0" * 64}])
    derrames.limpar(pasta, set())
    assert list(pasta.iterdir()) == []
