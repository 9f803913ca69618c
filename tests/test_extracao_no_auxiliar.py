"""Issue 15: a extração roda no processo auxiliar que leu o arquivo, e dá o mesmo que no principal.

Arquivos reais do caso de exemplo (PDF, CSV, XLSX, TXT): lidos e extraídos no auxiliar, os dados
são os mesmos, na mesma ordem, que a extração do mesmo documento no processo principal; os
trechos não voltam pelo canal (só a contagem), salvo quando pedidos (motor Claude).
"""

from __future__ import annotations

import pytest

from perito.extratores.lotes import Extraido, extrair_documento, extrair_no_auxiliar, extrair_no_auxiliar_com_trechos
from perito.leitura.inventario import listar
from perito.leitura.isolamento import Limites, Tarefa, ler_isolados
from perito.leitura.leitor import ler_documento
from tests.conftest import CASO_DEMO

LIMITES = Limites(segundos_por_arquivo=120, processos=2)
NOMES = ("extrato_maria_oliveira.pdf", "log_internet_banking.csv", "operadora_vivo_dados_cadastrais.xlsx", "boletim_ocorrencia.txt")


@pytest.fixture(scope="module")
def arquivos():
    por_nome = {a.nome: a for a in listar(CASO_DEMO)}
    return [por_nome[nome] for nome in NOMES]


def test_extracao_no_auxiliar_da_os_mesmos_dados_que_no_principal_e_descarta_os_trechos(arquivos):
    tarefas = [Tarefa(a.caminho, a.nome, a.tipo or "") for a in arquivos]
    documentos = ler_isolados(tarefas, LIMITES, depois_de_ler=extrair_no_auxiliar)
    for arquivo, documento in zip(arquivos, documentos, strict=True):
        assert isinstance(documento.extraido, Extraido), arquivo.nome
        no_principal = ler_documento(arquivo.caminho, arquivo.nome, arquivo.tipo or "")
        esperado = extrair_documento(no_principal)
        assert esperado.dados, arquivo.nome  # o arquivo tem dados: a comparação diz algo
        assert documento.extraido.partes and documento.extraido.dados == [], arquivo.nome  # chegam empacotados
        assert documento.extraido.todos() == esperado.dados, arquivo.nome
        assert (documento.extraido.extrator_id, documento.extraido.alertas) == (esperado.extrator_id, esperado.alertas)
        assert documento.trechos == [] and documento.total_trechos == len(no_principal.trechos) > 0


def test_com_o_motor_claude_os_trechos_voltam(arquivos):
    (documento,) = ler_isolados([Tarefa(arquivos[1].caminho, arquivos[1].nome, "csv")], LIMITES,
                                depois_de_ler=extrair_no_auxiliar_com_trechos)
    assert isinstance(documento.extraido, Extraido) and documento.extraido.todos()
    assert documento.trechos and documento.total_trechos == len(documento.trechos)


def test_sem_extracao_pedida_o_auxiliar_so_le(arquivos):
    """O validador relê pelo mesmo caminho e nunca recebe dados de um extrator."""
    (documento,) = ler_isolados([Tarefa(arquivos[0].caminho, arquivos[0].nome, "pdf")], LIMITES)
    assert documento.extraido is None and documento.trechos


def _sem_memoria(documento, coletor=None):
    raise MemoryError


def _extrair_sem_memoria(documento):
    """Roda no auxiliar (recebido pelo nome): o extrator de lá fica sem memória, como num arquivo enorme."""
    from perito.extratores.registro import EXTRATORES

    for extrator in EXTRATORES:
        extrator.extrair = _sem_memoria
    extrair_no_auxiliar(documento)


def test_sem_memoria_no_auxiliar_os_trechos_voltam_e_o_principal_extrai(arquivos):
    """O teto de memória do auxiliar não pode perder dados: o documento volta com os trechos, sem extração, e a
    montagem dos lotes extrai no principal o mesmo que a extração normal daria."""
    from perito.extratores.lotes import extrair_lotes

    (documento,) = ler_isolados([Tarefa(arquivos[1].caminho, arquivos[1].nome, "csv")], LIMITES,
                                depois_de_ler=_extrair_sem_memoria)
    assert documento.extraido is None and documento.trechos and documento.parcial is None
    (lote,), _ = extrair_lotes([documento])
    esperado = extrair_documento(ler_documento(arquivos[1].caminho, arquivos[1].nome, "csv"))
    assert lote["dados_extraidos"] == esperado.dados and esperado.dados and lote["status"] == "OK"


def test_issue15_dados_empacotados_em_partes_voltam_na_ordem():
    """O empacotamento em partes (no auxiliar) e o desempacotamento (no principal) não mudam nem reordenam nada,
    com partes que dividem a lista em tamanhos desiguais; os dados que ainda não foram empacotados vêm antes."""
    dados = [{"dado": str(i), "metadados": {"n": i, "lista": [i] * (i % 3)}} for i in range(23)]
    for por_parte in (1, 5, 22, 23, 100):
        extraido = Extraido("x", dados=[dict(d) for d in dados])
        extraido.empacotar(por_parte)
        assert extraido.dados == [] and len(extraido.partes) == -(-23 // por_parte)
        assert extraido.todos() == dados
        assert extraido.partes == [] and extraido.todos() == []  # consumidos


def test_issue15_auxiliar_inchado_e_trocado_e_o_ocioso_sai_sem_perder_arquivo(arquivos, monkeypatch):
    """Com o limite de renovação em 1 byte, todo auxiliar é trocado por um novo depois de cada arquivo, e cada um
    sai quando não há mais tarefa: os documentos chegam todos, na ordem das tarefas, com os mesmos dados."""
    from perito.leitura import isolamento

    iniciados = []
    original = isolamento._Auxiliar.__init__

    def contando(self, *args, **kwargs):
        original(self, *args, **kwargs)
        iniciados.append(self.processo.pid)

    monkeypatch.setattr(isolamento._Auxiliar, "__init__", contando)
    tarefas = [Tarefa(a.caminho, a.nome, a.tipo or "") for _ in range(2) for a in arquivos]
    renovando = Limites(segundos_por_arquivo=120, processos=2, memoria_para_renovar=1)
    documentos = ler_isolados(tarefas, renovando, depois_de_ler=extrair_no_auxiliar)
    assert [d.arquivo for d in documentos] == [t.nome for t in tarefas]
    assert all(isinstance(d.extraido, Extraido) and not d.erro for d in documentos)
    # 2 no início; um novo depois de cada arquivo enquanto havia tarefa pendente (8 tarefas, 2 primeiras em paralelo)
    assert len(set(iniciados)) == len(iniciados) >= 2 + len(tarefas) - 2
    assert documentos[0].extraido.todos() == documentos[len(arquivos)].extraido.todos()


def test_issue15_arquivos_mais_caros_sao_lidos_primeiro(arquivos):
    """O PDF e a planilha (caros por byte) e o CSV maior vão antes do texto pequeno: um núcleo não fica ocioso
    esperando o arquivo grande que sobrou para o fim. A ordem do resultado segue a das tarefas."""
    from perito.leitura.isolamento import custo_estimado

    tarefas = [Tarefa(a.caminho, a.nome, a.tipo or "") for a in reversed(arquivos)]
    terminados = []
    documentos = ler_isolados(tarefas, Limites(segundos_por_arquivo=120, processos=1),
                              lambda tarefa, documento: terminados.append(tarefa.nome))
    assert [d.arquivo for d in documentos] == [t.nome for t in tarefas]
    assert terminados == [t.nome for t in sorted(tarefas, key=custo_estimado, reverse=True)]
    assert terminados[0] == "operadora_vivo_dados_cadastrais.xlsx" and terminados != [t.nome for t in tarefas]


def test_issue15_servidor_encerrado_entre_leituras_renasce_na_seguinte(arquivos):
    """Depois de `encerrar_servidor` (fim da leitura do caso), uma nova leitura (a do validador) funciona."""
    import os
    from multiprocessing import forkserver

    from perito.leitura.isolamento import encerrar_servidor

    tarefa = Tarefa(arquivos[1].caminho, arquivos[1].nome, "csv")
    (primeiro,) = ler_isolados([tarefa], LIMITES)
    pid = forkserver._forkserver._forkserver_pid
    assert pid is not None
    encerrar_servidor()
    assert forkserver._forkserver._forkserver_pid is None
    try:
        os.kill(pid, 0)
        vivo = True
    except ProcessLookupError:
        vivo = False
    assert not vivo
    (segundo,) = ler_isolados([Tarefa(arquivos[1].caminho, arquivos[1].nome, "csv")], LIMITES)
    assert segundo.trechos == primeiro.trechos and not segundo.erro
