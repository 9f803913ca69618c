"""Issue 28, item 4: a análise é uma lista de etapas, e a trilha de auditoria as escuta por um barramento.

Um observador novo entra sem mexer nas etapas: recebe o começo e o fim de cada uma, na ordem, e cada passo da
trilha com o mesmo hash que foi encadeado em `auditoria.jsonl`.
"""

from __future__ import annotations

import ast
import json
from pathlib import Path

from perito.analise import Observador, Parametros, analisar
from perito.analise.etapas import ETAPAS
from perito.erros import ErroPerito, Saida

PACOTE = Path(__file__).resolve().parents[1] / "src" / "perito" / "analise" / "etapas"


def _caso_pequeno(pasta: Path) -> Path:
    caso = pasta / "caso"
    caso.mkdir()
    (caso / "relato.txt").write_text(
        "Acesso do IP 187.34.56.78 em 15/03/2025 14:32:17 BRT pelo telefone +55 11 98765-4321.\n", encoding="utf-8")
    (caso / "log.csv").write_text("data;hora;ip;porta\n15/03/2025;14:33:00 BRT;187.34.56.78;51234\n", encoding="utf-8")
    return caso


class Escuta(Observador):
    def __init__(self) -> None:
        self.ouvido: list[tuple[str, str]] = []
        self.eventos: list[tuple[str, str, str]] = []

    def etapa_comecou(self, etapa, analise) -> None:
        self.ouvido.append(("comecou", etapa.nome))

    def etapa_terminou(self, etapa, analise) -> None:
        self.ouvido.append(("terminou", etapa.nome))

    def registrado(self, evento) -> None:
        self.eventos.append((evento.agente, evento.acao, evento.hash))


def test_um_observador_novo_ouve_cada_etapa_e_cada_passo_da_trilha(tmp_path):
    escuta = Escuta()
    saida = tmp_path / "saida"
    resultado = analisar(Parametros(_caso_pequeno(tmp_path), saida, data_analise="2025-04-01"), observadores=[escuta])
    assert resultado.codigo_saida == Saida.OK

    nomes = [e.nome for e in ETAPAS]
    assert escuta.ouvido == [(lado, nome) for nome in nomes for lado in ("comecou", "terminou")]
    trilha = [json.loads(linha) for linha in (saida / "auditoria.jsonl").read_text(encoding="utf-8").splitlines()]
    # todos os passos da trilha, na ordem e com o hash encadeado (o primeiro, "iniciar", vem antes das etapas)
    assert escuta.eventos == [(e["agente"], e["acao"], e["hash"]) for e in trilha]
    assert [a for a, _, _ in escuta.eventos][:2] == ["perito", "inventario"]
    # o cronômetro é um observador como os outros: mede as etapas medidas, nenhuma outra
    manifesto = json.loads((saida / "manifesto.json").read_text(encoding="utf-8"))
    assert list(manifesto["etapas"]) == [e.nome for e in ETAPAS if e.medida]
    assert list(manifesto["memoria_etapas"]) == list(manifesto["etapas"])


def test_uma_etapa_que_falha_nao_termina_e_a_trilha_diz_por_que(tmp_path):
    """O caso apagado no meio (entre o inventário e as saídas): a etapa das saídas falha, nenhuma depois dela roda."""

    class ApagaOCaso(Escuta):
        def etapa_terminou(self, etapa, analise) -> None:
            super().etapa_terminou(etapa, analise)
            if etapa.nome == "validacao":
                (analise.caso / "relato.txt").unlink()

    escuta = ApagaOCaso()
    caso = _caso_pequeno(tmp_path)
    saida = tmp_path / "saida"
    try:
        analisar(Parametros(caso, saida, data_analise="2025-04-01"), observadores=[escuta])
    except ErroPerito as erro:
        assert erro.codigo == Saida.CASO_ALTERADO
    else:
        raise AssertionError("a análise de um caso que mudou terminou")
    assert escuta.ouvido[-1] == ("comecou", "saidas")
    assert escuta.eventos[-1][:2] == ("perito", "interromper")
    assert not (saida / "conclusoes.json").exists()


def _importados(arquivo: Path) -> set[str]:
    nomes: set[str] = set()
    for no in ast.walk(ast.parse(arquivo.read_text(encoding="utf-8"))):
        if isinstance(no, ast.ImportFrom):
            nomes.update(a.name for a in no.names)
        elif isinstance(no, ast.Import):
            nomes.update(a.name for a in no.names)
    return nomes


def test_nenhuma_etapa_fala_com_a_trilha_diretamente():
    arquivos = sorted(PACOTE.glob("*.py"))
    assert len(arquivos) >= len(ETAPAS)
    assert [a.name for a in arquivos if "Trilha" in _importados(a)] == []


def test_cada_etapa_mora_no_seu_modulo_e_os_nomes_nao_se_repetem():
    nomes = [e.nome for e in ETAPAS]
    assert len(set(nomes)) == len(nomes)
    modulos = [e.executar.__module__ for e in ETAPAS]
    assert len(set(modulos)) == len(modulos)
    assert ETAPAS[-1].nome == "manifesto" and not ETAPAS[-1].medida
