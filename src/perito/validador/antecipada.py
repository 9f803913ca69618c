"""A releitura canônica do validador começada antes de haver conclusões, enquanto o principal monta os lotes e cruza.

Por quê: nessas duas etapas só o processo principal trabalha, e os auxiliares ficariam parados (no caso g do
benchmark, ~5 s, com a releitura canônica levando ~9 s de um núcleo dentro da validação). A releitura canônica de um
arquivo não depende do que as conclusões citam, salvo em dois pontos, que ficam para a validação: as páginas a
desenhar de um PDF (desenhadas depois, numa tarefa só de desenho sobre os mesmos bytes: `leitura.pdf.desenhar_pdf`) e
os arquivos volumosos, relidos só em volta das linhas citadas (não antecipados).

Nada muda no que o validador vê: `FonteIndependente.preparar` confere cada arquivo de novo (caminho, SHA-256, tipo)
e só toma o documento antecipado se a tarefa for a mesma e os bytes os mesmos; os outros são lidos como sempre. Um
arquivo que nenhuma conclusão a validar cita não entra na validação (o documento antecipado é jogado fora), e o que
ainda não tinha começado a ser lido quando a validação disse o que quer é dispensado.

Um auxiliar só: o principal trabalha no outro núcleo.
"""

from __future__ import annotations

import threading
from dataclasses import replace
from typing import Iterable

from perito import registro
from perito.leitura.documento import Documento
from perito.leitura.isolamento import Empacotado, Limites, Tarefa, ler_isolados_empacotados


class ReleituraAntecipada:
    def __init__(self, tarefas: dict[str, tuple[Tarefa, str]], limites: Limites) -> None:
        """`tarefas`: arquivo → (tarefa da releitura, sem páginas a desenhar; SHA-256 conferido), como
        `FonteIndependente.preparar` as monta. A leitura começa já, numa linha de execução à parte."""
        self._tarefas = tarefas
        #: os lidos, como o auxiliar os mandou: desserializados só na validação, quando o principal espera a segunda
        #: leitura (na montagem dos lotes, ele é o gargalo)
        self._prontos: dict[str, Documento | Empacotado] = {}
        self._pedidos: set[str] | None = None  # None: a validação ainda não disse o que quer
        self._trava = threading.Lock()
        self._falha: BaseException | None = None
        #: quantas nem chegaram a um auxiliar: a validação já tinha dito que não as queria
        self.dispensadas = 0
        lista = [tarefa for tarefa, _ in tarefas.values()]
        # daemon: um Ctrl-C no principal não espera esta leitura terminar (o auxiliar dela morre com o programa)
        self._linha = threading.Thread(target=self._ler, args=(lista, replace(limites, processos=1)),
                                       name="releitura-antecipada", daemon=True)
        self._linha.start()

    def _pedida(self, tarefa: Tarefa) -> bool:
        with self._trava:
            return self._pedidos is None or tarefa.nome in self._pedidos

    def _dispensada(self, tarefa: Tarefa) -> bool:
        if self._pedida(tarefa):
            return False
        self.dispensadas += 1
        return True

    def _ler(self, tarefas: list[Tarefa], limites: Limites) -> None:
        try:
            documentos = ler_isolados_empacotados(tarefas, limites, dispensada=self._dispensada)
        except BaseException as erro:  # noqa: BLE001 — a validação relê por conta própria o que faltar
            self._falha = erro
            return
        for tarefa, documento in zip(tarefas, documentos, strict=True):
            if self._pedida(tarefa):
                self._prontos[tarefa.nome] = documento

    def concluir(self, pedidos: Iterable[str]) -> None:
        """Diz o que a validação vai querer (o resto que ainda não começou é dispensado) e espera a leitura acabar."""
        with self._trava:
            self._pedidos = set(pedidos)
        self._linha.join()
        if self._falha is not None:
            registro.LOGGER.warning("releitura antecipada interrompida (%s): a validação relê os arquivos",
                                    type(self._falha).__name__)
            self._prontos.clear()

    def tomar(self, arquivo: str, tarefa: Tarefa, sha256: str) -> Documento | None:
        """O documento antecipado do arquivo (depois de `concluir`), se foi lido sem erro, pela mesma tarefa (fora as
        páginas a desenhar) e dos mesmos bytes que a validação acaba de conferir; None: a validação o lê (um erro
        também: o de um prazo estourado com o principal disputando a máquina não vira o veredicto). Entregue uma vez."""
        antes = self._tarefas.get(arquivo)
        pronto = self._prontos.pop(arquivo, None)
        documento = pronto.abrir() if isinstance(pronto, Empacotado) else pronto
        if (antes is None or documento is None or documento.erro or antes[1] != sha256
                or antes[0] != replace(tarefa, desenhar=())):
            return None
        return documento

    def abandonar(self) -> None:
        """A análise acabou (ou caiu) sem precisar dela: nada mais começa a ser lido, e espera o que está sendo lido
        (limitado pelo prazo do arquivo) para nenhum auxiliar sobrar depois da análise."""
        self.concluir(())
        self._prontos.clear()
