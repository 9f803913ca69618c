"""`Analise`: o que uma análise em curso já sabe, passado de etapa em etapa.

Cada etapa lê os campos das anteriores e preenche os seus; nenhuma chama outra. Os campos começam vazios
(ou None) e a ordem das etapas (`perito.analise.etapas.ETAPAS`) garante que estejam prontos quando lidos.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

from perito.analise.eventos import Eventos
from perito.analise.parametros import Parametros
from perito.armazem.banco import Armazem
from perito.leitura.documento import Documento
from perito.leitura.executor import Executor, ExecutorLocal
from perito.leitura.inventario import ArquivoCaso
from perito.saida.gravacao import Preparadas

if TYPE_CHECKING:
    from perito.llm.motor import MotorClaude
    from perito.saida.vinculos import Modelo
    from perito.validador.antecipada import ReleituraAntecipada
    from perito.validador.fonte import FonteIndependente

#: progresso(etapa, feitos, total, arquivo atual)
Progresso = Callable[[str, int, int, str], None]


@dataclass
class Analise:
    parametros: Parametros
    caso: Path
    saida: Path
    eventos: Eventos
    avisar: Progresso
    preparadas: Preparadas
    motor: MotorClaude | None
    inicio: str
    caso_id: str
    data_analise: str
    #: os parâmetros como vão ao manifesto e à trilha
    configuracao: dict[str, Any]
    #: o armazém do caso na pasta de saída (None: não pôde ser aberto; a análise segue sem reaproveitar)
    armazem: Armazem | None = None
    #: onde a leitura e a extração rodam (os auxiliares locais, ou um cluster Dask)
    executor: Executor = field(default_factory=ExecutorLocal)

    # inventário e leitura
    inventario: list[ArquivoCaso] = field(default_factory=list)
    documentos: list[Documento] = field(default_factory=list)
    #: os arquivos que a leitura desta execução leu (os outros vieram do armazém)
    lidos_agora: set[str] = field(default_factory=set)
    #: a releitura canônica do validador, começada enquanto o principal monta os lotes e cruza
    antecipada: ReleituraAntecipada | None = None
    # lotes
    lotes: list[dict[str, Any]] = field(default_factory=list)
    atribuicao: dict[str, str] = field(default_factory=dict)  # arquivo → extrator_id
    hashes_caso: dict[str, str] = field(default_factory=dict)  # arquivo lido → SHA-256
    hashes_lotes: dict[str, str] = field(default_factory=dict)
    # cruzamento
    conclusoes: dict[str, Any] = field(default_factory=dict)  # antes da validação
    hash_conclusoes: str = ""
    # validação: a leitura independente vive até os relatórios (os trechos relidos e os recortes vêm dela)
    fonte: FonteIndependente | None = None
    validacoes: dict[str, Any] = field(default_factory=dict)
    #: saídas já serializadas (nome → bytes): o hash da trilha e a gravação usam os mesmos bytes
    serializados: dict[str, bytes] = field(default_factory=dict)
    finais: dict[str, Any] = field(default_factory=dict)
    contraditas: list[dict[str, Any]] = field(default_factory=list)
    # saídas
    modelo: Modelo | None = None
    plano: dict[str, Any] | None = None
    arquivos: list[dict[str, Any]] = field(default_factory=list)  # linhas do manifesto
    #: o que veio do armazém em vez de ser lido ou validado de novo: {"leituras": n, "validacoes": n}
    reaproveitado: dict[str, int] = field(default_factory=dict)
    #: diferencas.json: o que mudou desde a execução anterior nesta pasta
    diferencas: dict[str, Any] | None = None
    escritos: dict[str, str] = field(default_factory=dict)
    llm_parametros: dict[str, Any] | None = None
    llm: dict[str, Any] | None = None
