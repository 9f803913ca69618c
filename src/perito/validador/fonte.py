"""Reabre os arquivos do caso por conta própria (leitor novo por execução, nada dos extratores).

Antes de ler, confere o caminho (relativo ao caso, sem links) e o SHA-256 com o
manifesto. Os arquivos citados são lidos juntos, num auxiliar isolado, e os PDFs
também pelo PDFium (segunda camada de texto), só nas páginas citadas.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import Iterable

from perito.leitura.documento import Documento
from perito.leitura.inventario import detectar_tipo, sha256_arquivo
from perito.leitura.isolamento import Limites, Tarefa, ler_isolados
from perito.validador.segunda_leitura import Pedido, SegundaLeitura, ler_varios


@dataclass
class Aberto:
    documento: Documento | None
    motivo: str = ""  # por que não pôde ser lido (EXTRACAO_FALHOU)
    caminho: Path | None = None  # caminho real conferido (para a segunda leitura)
    sha256: str = ""  # dos bytes conferidos: a segunda leitura só lê esses mesmos bytes


class FonteIndependente:
    def __init__(
        self,
        caso: Path,
        hashes_esperados: dict[str, str] | None = None,
        limites: Limites = Limites(),
        paginas_citadas: dict[str, set[int]] | None = None,
    ) -> None:
        self.caso = caso.resolve()
        self.limites = Limites(limites.segundos_por_arquivo, limites.memoria_bytes, processos=1)
        self.hashes = hashes_esperados or {}
        #: páginas que a segunda leitura precisa ler por arquivo (None: todas)
        self.paginas_citadas = paginas_citadas
        self._abertos: dict[str, Aberto] = {}
        self._segundas: dict[str, SegundaLeitura] = {}

    def preparar(self, arquivos: Iterable[str]) -> None:
        """Confere e lê de uma vez os arquivos ainda não abertos (um auxiliar para todos), e a segunda leitura dos PDFs."""
        tarefas: dict[str, tuple[Tarefa, str]] = {}
        for arquivo in sorted(set(arquivos) - self._abertos.keys()):
            conferido = self._conferir(arquivo)
            if isinstance(conferido, Aberto):
                self._abertos[arquivo] = conferido
            else:
                tarefas[arquivo] = conferido
        documentos = ler_isolados([t for t, _ in tarefas.values()], self.limites)
        pedidos = []
        for (arquivo, (tarefa, sha)), documento in zip(tarefas.items(), documentos, strict=True):
            if documento.erro:
                self._abertos[arquivo] = Aberto(None, documento.erro)
                continue
            self._abertos[arquivo] = Aberto(documento, caminho=tarefa.caminho, sha256=sha)
            if documento.tipo == "pdf":
                paginas = None if self.paginas_citadas is None else tuple(sorted(self.paginas_citadas.get(arquivo, ())))
                pedidos.append(Pedido(arquivo, tarefa.caminho, paginas, sha))
        self._segundas.update(ler_varios(pedidos, self.limites))

    def abrir(self, arquivo: str) -> Aberto:
        if arquivo not in self._abertos:
            self.preparar([arquivo])
        return self._abertos[arquivo]

    def segunda_leitura(self, arquivo: str) -> SegundaLeitura:
        """Texto do PDFium das páginas citadas de um PDF aberto e conferido."""
        self.abrir(arquivo)
        return self._segundas.get(arquivo) or SegundaLeitura(erro="arquivo sem segunda leitura")

    def _conferir(self, arquivo: str) -> Aberto | tuple[Tarefa, str]:
        """Motivo de não ler (Aberto sem documento) ou (tarefa de leitura, SHA-256 conferido)."""
        partes = PurePosixPath(arquivo).parts
        if not partes or PurePosixPath(arquivo).is_absolute() or ".." in partes or "\\" in arquivo:
            return Aberto(None, "o nome do arquivo citado não é um caminho relativo ao caso (sem '..' nem caminho absoluto)")
        caminho = self.caso / arquivo
        try:
            real = caminho.resolve()
        except (OSError, RuntimeError):
            return Aberto(None, "caminho do arquivo não pôde ser resolvido")
        if not real.is_relative_to(self.caso):
            return Aberto(None, "o arquivo citado está fora da pasta do caso")
        if caminho.is_symlink():
            return Aberto(None, "o arquivo citado é um link simbólico: não é seguido")
        if not real.is_file():
            return Aberto(None, "o arquivo citado não existe na pasta do caso")
        try:
            sha = sha256_arquivo(real)
            with real.open("rb") as f:
                inicio = f.read(8192)
        except OSError as erro:
            return Aberto(None, f"o arquivo não pôde ser lido ({erro.strerror or erro})")
        esperado = self.hashes.get(arquivo)
        if esperado and esperado != sha:
            return Aberto(None, f"o arquivo mudou desde a análise: SHA-256 {sha[:16]}… difere do manifesto ({esperado[:16]}…)")
        tipo, motivo, _ = detectar_tipo(real, inicio, real.stat().st_size)
        if tipo is None:
            return Aberto(None, f"formato não legível: {motivo}")
        # o mesmo isolamento da análise: um arquivo citado hostil não trava o validador
        return Tarefa(real, arquivo, tipo), sha
