"""Reabre os arquivos do caso por conta própria (leitor novo por execução, nada dos extratores)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from perito.leitura.documento import Documento
from perito.leitura.inventario import detectar_tipo, sha256_arquivo
from perito.leitura.isolamento import Limites, Tarefa, ler_isolados


@dataclass
class Aberto:
    documento: Documento | None
    motivo: str = ""  # por que não pôde ser lido (EXTRACAO_FALHOU)


class FonteIndependente:
    def __init__(self, caso: Path, hashes_esperados: dict[str, str] | None = None, limites: Limites = Limites()) -> None:
        self.caso = caso.resolve()
        self.limites = Limites(limites.segundos_por_arquivo, limites.memoria_bytes, processos=1)
        self.hashes = hashes_esperados or {}
        self._abertos: dict[str, Aberto] = {}

    def abrir(self, arquivo: str) -> Aberto:
        if arquivo not in self._abertos:
            self._abertos[arquivo] = self._abrir(arquivo)
        return self._abertos[arquivo]

    def _abrir(self, arquivo: str) -> Aberto:
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
        [documento] = ler_isolados([Tarefa(real, arquivo, tipo)], self.limites)
        if documento.erro:
            return Aberto(None, documento.erro)
        return Aberto(documento)
