"""O que o investigador pede a uma análise (`Parametros`) e o que ela devolve (`Resultado`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from perito.erros import Saida
from perito.leitura.documento import Documento
from perito.leitura.inventario import ArquivoCaso
from perito.leitura.isolamento import Limites
from perito.llm.configuracao import ConfiguracaoLLM


@dataclass
class Parametros:
    caso: Path
    saida: Path | None = None
    caso_id: str | None = None
    data_analise: str | None = None
    janela_segundos: int = 300
    limites: Limites = field(default_factory=Limites)
    #: "regras" (padrão, sem rede) ou "claude"
    motor: str = "regras"
    llm: ConfiguracaoLLM = field(default_factory=ConfiguracaoLLM)
    #: número do procedimento (inquérito) e quem analisa: vão ao manifesto, à trilha e aos relatórios
    inquerito: str | None = None
    analista: str | None = None
    #: aceita uma pasta de saída não vazia que não é de uma análise anterior deste caso
    sobrescrever: bool = False
    #: matrícula de quem analisa (bloco de assinatura) e a faixa SEGREDO DE JUSTIÇA nos relatórios
    matricula: str | None = None
    sigilo: bool = False
    #: fuso IANA dos horários do relatorio.html (linha do tempo, setas do gráfico); convertido em Python
    fuso_relatorio: str = "America/Sao_Paulo"
    #: reaproveita do armazém do caso (na pasta de saída) as leituras e validações de execuções anteriores;
    #: False (`--reler-tudo`): lê e valida tudo de novo (e guarda o que leu para a próxima)
    reaproveitar: bool = True
    #: onde a leitura e a extração rodam: "local" (os auxiliares desta máquina) ou "dask://host:porta"
    executor: str = "local"


@dataclass
class Resultado:
    caso: Path
    saida: Path
    inventario: list[ArquivoCaso]
    documentos: list[Documento]
    lotes: list[dict[str, Any]]
    conclusoes: dict[str, Any]  # saída do principal, antes da validação
    validacoes: dict[str, Any]
    finais: dict[str, Any]  # conclusoes.json
    contraditas: list[dict[str, Any]]
    arquivos: list[dict[str, Any]]  # linhas do manifesto
    escritos: dict[str, str] = field(default_factory=dict)
    #: motor Claude: configuração (sem a chave) e resumo (consumo, descartes, falhas); None com as regras
    llm_parametros: dict[str, Any] | None = None
    llm: dict[str, Any] | None = None
    #: plano_diligencias.json: painel do caso, passos datados e hipóteses de autoria
    plano: dict[str, Any] | None = None
    #: diferencas.json: o que mudou desde a execução anterior na mesma pasta de saída
    diferencas: dict[str, Any] | None = None
    #: o que veio do armazém do caso em vez de ser lido ou validado de novo: {"leituras": n, "validacoes": n}
    reaproveitado: dict[str, int] = field(default_factory=dict)

    @property
    def com_erro(self) -> list[dict[str, Any]]:
        return [a for a in self.arquivos if a["situacao"] in ("erro", "parcial")]

    @property
    def total_dados(self) -> int:
        return sum(lote["total_dados"] for lote in self.lotes)

    @property
    def codigo_saida(self) -> Saida:
        claude_falhou = bool(self.llm and self.llm["incompleta"])
        return Saida.INCOMPLETA if self.com_erro or claude_falhou or self.total_dados == 0 else Saida.OK
