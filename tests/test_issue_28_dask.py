"""Issue 28, item 3: a leitura e a extração num cluster Dask (`--executor dask://host:porta`).

Um `LocalCluster` de verdade (dois trabalhadores em processos próprios) lê o caso de exemplo; as saídas têm de ser as
de uma execução local, byte a byte (fora os voláteis). O extra `perito[cluster]` faz parte da preparação dos testes
(`make ambiente`), então o teste roda em toda CI.
"""

from __future__ import annotations

import json
import socket
from pathlib import Path

import dask
import pytest
from distributed import LocalCluster

from perito.analise import Parametros, analisar
from perito.erros import ErroPerito, Saida
from perito.leitura.executor import ler_no_trabalhador
from perito.leitura.inventario import sha256_arquivo
from perito.leitura.isolamento import Limites, Tarefa
from perito.saida.volateis import diferencas_de_conteudo
from tests.conftest import rodar_cli

DATA = "2025-04-01"


def _lidos(saida: Path) -> list[str]:
    entradas = [json.loads(linha) for linha in (saida / "auditoria.jsonl").read_text(encoding="utf-8").splitlines()]
    return [next(iter(e["entradas"])) for e in entradas if e["acao"] == "ler"]


def test_um_cluster_dask_local_le_o_caso_e_as_saidas_sao_as_da_execucao_local(caso_demo, tmp_path):
    saida = tmp_path / "saida"
    # trabalhadores não daemônicos: o isolamento de cada arquivo cria um processo filho
    with dask.config.set({"distributed.worker.daemon": False}), \
            LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
        endereco = "dask://" + cluster.scheduler_address.removeprefix("tcp://")
        no_cluster = analisar(Parametros(caso_demo, saida, data_analise=DATA, executor=endereco))
        # o agendador viu as leituras: uma tarefa por arquivo, feitas pelos trabalhadores
        prefixo = cluster.scheduler.task_prefixes["ler_no_trabalhador"]
        # (contagem acumulada das transições: 11 tarefas chegaram a "memory", o resultado feito num trabalhador)
        assert prefixo.state_counts["memory"] == 11 and prefixo.all_durations["compute"] > 0
    assert no_cluster.codigo_saida == Saida.OK
    assert len(_lidos(saida)) == 11
    manifesto = json.loads((saida / "manifesto.json").read_text(encoding="utf-8"))
    assert manifesto["parametros"]["executor"] == endereco

    pelo_cluster = tmp_path / "pelo_cluster"
    saida.rename(pelo_cluster)
    local = analisar(Parametros(caso_demo, saida, data_analise=DATA))
    assert local.total_dados == no_cluster.total_dados
    assert diferencas_de_conteudo(pelo_cluster, saida) == []


def test_trabalhador_que_ve_outro_arquivo_nao_o_le(tmp_path):
    arquivo = tmp_path / "log.csv"
    arquivo.write_text("data;ip\n15/03/2025;187.34.56.78\n", encoding="utf-8")
    tarefa = Tarefa(arquivo, "log.csv", "csv")
    documento = ler_no_trabalhador(tarefa, Limites(), None, "0" * 64)
    assert documento.erro and "outro SHA-256" in documento.erro and not documento.trechos
    lido = ler_no_trabalhador(tarefa, Limites(), None, sha256_arquivo(arquivo))
    assert lido.erro is None and any("187.34.56.78" in t.texto for t in lido.trechos)


def _porta_fechada() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])  # ninguém escuta nela depois que o socket fecha


def test_cluster_fora_do_ar_e_endereco_invalido_nao_gravam_nada(caso_demo, tmp_path):
    saida = tmp_path / "saida"
    with pytest.raises(ErroPerito) as erro:
        analisar(Parametros(caso_demo, saida, executor=f"dask://127.0.0.1:{_porta_fechada()}"))
    assert erro.value.codigo == Saida.AMBIENTE_INVALIDO and "não respondeu" in erro.value.mensagem
    assert not saida.exists()
    codigo, texto = rodar_cli("analisar", caso_demo, "--saida", saida, "--executor", "spark://x")
    assert codigo == Saida.USO and "dask://host:porta" in texto
    assert not saida.exists()


def _ler_num_daemon(tarefa, sha, fila) -> None:
    fila.put(ler_no_trabalhador(tarefa, Limites(), None, sha).erro)


def test_trabalhador_daemonico_recusa_e_diz_o_que_fazer(tmp_path):
    """Um processo daemônico não pode criar o auxiliar que isola a leitura: o arquivo fica em erro com a variável
    que resolve, em vez de ser lido sem tempo nem memória limitados."""
    import multiprocessing as mp

    arquivo = tmp_path / "log.csv"
    arquivo.write_text("data;ip\n15/03/2025;187.34.56.78\n", encoding="utf-8")
    contexto = mp.get_context("spawn")
    fila = contexto.Queue()
    processo = contexto.Process(target=_ler_num_daemon, args=(Tarefa(arquivo, "log.csv", "csv"), sha256_arquivo(arquivo),
                                                              fila), daemon=True)
    processo.start()
    erro = fila.get(timeout=60)
    processo.join(timeout=30)
    assert erro and "DASK_DISTRIBUTED__WORKER__DAEMON=False" in erro
