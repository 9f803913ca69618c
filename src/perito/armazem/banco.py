"""O banco SQLite do armazém (`armazem.sqlite3` na pasta de saída): tabelas, chaves e transações.

SQLite, da biblioteca padrão: o armazém guarda blocos por chave (a leitura de um documento, a validação de uma
conclusão) e as execuções, com um escritor só por vez; não precisa de motor colunar. Um banco ilegível, de outro
formato ou travado não derruba a análise: ela segue sem reaproveitar nada e o diz (`Armazem.aviso`).
"""

from __future__ import annotations

import json
import sqlite3
from contextlib import closing
from pathlib import Path
from typing import Any, Iterable

from perito import registro
from perito.armazem.derrames import PASTA as PASTA_DOS_DERRAMES

NOME = "armazem.sqlite3"
#: versão do esquema abaixo (PRAGMA user_version); outra versão é recriada do zero
ESQUEMA = 2

_TABELAS = """
CREATE TABLE leituras (
    chave TEXT PRIMARY KEY,     -- SHA-256 de (nome, SHA-256 do arquivo, tipo, membro, impressão do código)
    nome TEXT NOT NULL,
    sha256_arquivo TEXT NOT NULL,
    sha256_conteudo TEXT NOT NULL,  -- o do cabeçalho e das partes (leituras.sha256_de): o que a trilha registrou
    conteudo BLOB NOT NULL          -- o cabeçalho (metadados do documento)
);
CREATE TABLE partes (               -- os dados extraídos, nas partes empacotadas em que vieram do auxiliar
    chave TEXT NOT NULL,
    ordem INTEGER NOT NULL,
    conteudo BLOB NOT NULL,
    PRIMARY KEY (chave, ordem)
);
CREATE TABLE validacoes (
    chave TEXT PRIMARY KEY,     -- SHA-256 da conclusão (sem o id), dos arquivos citados e da impressão do código
    sha256_conteudo TEXT NOT NULL,
    conteudo TEXT NOT NULL
);
CREATE TABLE execucoes (
    id INTEGER PRIMARY KEY,
    inicio TEXT NOT NULL,
    fim TEXT NOT NULL,
    cabeca_trilha TEXT NOT NULL,   -- a cabeça da trilha quando a execução foi registrada (antes do manifesto)
    sha256_conteudo TEXT NOT NULL, -- o que a trilha registrou (passo registrar_execucao)
    resumo TEXT NOT NULL           -- JSON: arquivos (nome → SHA-256) e conclusões (id, tipo, grau, veredicto, refs)
);
"""


class Armazem:
    def __init__(self, pasta: Path, somente_leitura: bool = False) -> None:
        """`somente_leitura` (quem só consulta o histórico): nada é criado, refeito nem posto de lado."""
        self.caminho = pasta / NOME
        self.aviso: str | None = None
        self._conexao: sqlite3.Connection | None = None
        if somente_leitura:
            self._abrir_para_ler()
            return
        try:
            self._conexao = self._abrir()
        except sqlite3.DatabaseError as erro:
            # ilegível (truncado, outro tipo de arquivo): fica de lado, com o nome dito, e um novo começa vazio
            ao_lado = self.caminho.with_name(f"{NOME}.ilegivel")
            try:
                self.caminho.replace(ao_lado)
                self._conexao = self._abrir()
                self.aviso = f"o armazém {NOME} estava ilegível ({erro}); ficou como {ao_lado.name} e foi refeito"
            except (OSError, sqlite3.Error) as outro:
                self.aviso = f"o armazém {NOME} não pôde ser aberto ({outro}); nada foi reaproveitado nem guardado"
        except (OSError, sqlite3.Error) as erro:
            self.aviso = f"o armazém {NOME} não pôde ser aberto ({erro}); nada foi reaproveitado nem guardado"

    def _abrir_para_ler(self) -> None:
        if not self.caminho.is_file():
            self.aviso = f"a pasta não tem o armazém do caso ({NOME}): foi gravada por uma versão do perito sem ele"
            return
        try:
            conexao = sqlite3.connect(f"{self.caminho.resolve().as_uri()}?mode=ro", uri=True)
            versao = conexao.execute("PRAGMA user_version").fetchone()[0]
        except sqlite3.Error as erro:
            self.aviso = f"o armazém {NOME} não pôde ser lido ({erro})"
            return
        if versao != ESQUEMA:
            conexao.close()
            self.aviso = f"o armazém {NOME} é de outro formato ({versao}); uma nova análise o refaz"
            return
        self._conexao = conexao

    def _abrir(self) -> sqlite3.Connection:
        conexao = sqlite3.connect(self.caminho, isolation_level=None, timeout=5)
        try:
            if conexao.execute("PRAGMA quick_check").fetchone()[0] != "ok":
                raise sqlite3.DatabaseError("o banco não passou na conferência de integridade")
            versao = conexao.execute("PRAGMA user_version").fetchone()[0]
            if versao != ESQUEMA:
                if versao != 0:
                    self.aviso = f"o armazém {NOME} era de outro formato ({versao}); foi refeito"
                for (tabela,) in conexao.execute("SELECT name FROM sqlite_master WHERE type = 'table'").fetchall():
                    conexao.execute(f'DROP TABLE "{tabela}"')
                conexao.executescript(_TABELAS)
                conexao.execute(f"PRAGMA user_version = {ESQUEMA}")
        except sqlite3.Error:
            conexao.close()
            raise
        return conexao

    @property
    def pasta_dos_derrames(self) -> Path:
        """Onde ficam os dados dos arquivos volumosos das leituras guardadas (`armazem.derrames`)."""
        return self.caminho.with_name(PASTA_DOS_DERRAMES)

    @property
    def aberto(self) -> bool:
        return self._conexao is not None

    def fechar(self) -> None:
        if self._conexao is not None:
            self._conexao.close()
            self._conexao = None

    # leituras

    def leituras(self, chaves: Iterable[str]) -> dict[str, tuple[str, bytes, list[bytes]]]:
        """chave → (SHA-256 registrado, cabeçalho, partes na ordem) das leituras guardadas."""
        if self._conexao is None:
            return {}
        achadas: dict[str, tuple[str, bytes, list[bytes]]] = {}
        with closing(self._conexao.cursor()) as cursor:
            for chave in chaves:
                linha = cursor.execute("SELECT sha256_conteudo, conteudo FROM leituras WHERE chave = ?", (chave,)).fetchone()
                if linha is not None:
                    partes = [bytes(p) for (p,) in cursor.execute(
                        "SELECT conteudo FROM partes WHERE chave = ? ORDER BY ordem", (chave,)).fetchall()]
                    achadas[chave] = (str(linha[0]), bytes(linha[1]), partes)
        return achadas

    def cabecalhos(self) -> list[bytes] | None:
        """O cabeçalho de cada leitura guardada; None se o banco não pôde ser lido (nada deve ser limpo por ele)."""
        if self._conexao is None:
            return None
        try:
            return [bytes(c) for (c,) in self._conexao.execute("SELECT conteudo FROM leituras").fetchall()]
        except sqlite3.Error:
            return None

    def guardar_leituras(self, itens: Iterable[tuple[str, str, str, str, bytes, list[bytes]]]) -> None:
        """(chave, nome, SHA-256 do arquivo, SHA-256 do conteúdo, cabeçalho, partes); uma leitura do mesmo nome com
        outros bytes sai (o arquivo mudou: a antiga não voltaria a valer)."""
        def gravar(c: sqlite3.Connection) -> None:
            for chave, nome, sha, sha_conteudo, cabecalho, partes in itens:
                for (antiga,) in c.execute("SELECT chave FROM leituras WHERE nome = ? OR chave = ?", (nome, chave)).fetchall():
                    c.execute("DELETE FROM partes WHERE chave = ?", (antiga,))
                    c.execute("DELETE FROM leituras WHERE chave = ?", (antiga,))
                c.execute("INSERT INTO leituras VALUES (?, ?, ?, ?, ?)", (chave, nome, sha, sha_conteudo, cabecalho))
                c.executemany("INSERT INTO partes VALUES (?, ?, ?)", ((chave, n, p) for n, p in enumerate(partes)))
        self._em_transacao(gravar)

    def manter_leituras(self, nomes: set[str]) -> None:
        """Tira as leituras de arquivos que não estão mais no caso (removidos ou renomeados): o armazém de uma
        operação de meses não cresce com o que já saiu dela. Um arquivo que volte é lido de novo."""
        def limpar(c: sqlite3.Connection) -> None:
            for chave, nome in c.execute("SELECT chave, nome FROM leituras").fetchall():
                if nome not in nomes:
                    c.execute("DELETE FROM partes WHERE chave = ?", (chave,))
                    c.execute("DELETE FROM leituras WHERE chave = ?", (chave,))
        self._em_transacao(limpar)

    # validações

    def validacoes(self, chaves: Iterable[str]) -> dict[str, tuple[str, str]]:
        if self._conexao is None:
            return {}
        achadas: dict[str, tuple[str, str]] = {}
        with closing(self._conexao.cursor()) as cursor:
            for chave in chaves:
                linha = cursor.execute("SELECT sha256_conteudo, conteudo FROM validacoes WHERE chave = ?", (chave,)).fetchone()
                if linha is not None:
                    achadas[chave] = (str(linha[0]), str(linha[1]))
        return achadas

    def guardar_validacoes(self, itens: Iterable[tuple[str, str, str]], manter: set[str]) -> None:
        """(chave, SHA-256, conteúdo) novas; as guardadas fora de `manter` saem (conclusões que deixaram de existir)."""
        def gravar(c: sqlite3.Connection) -> None:
            for chave, sha, conteudo in itens:
                c.execute("INSERT OR REPLACE INTO validacoes VALUES (?, ?, ?)", (chave, sha, conteudo))
            for (chave,) in c.execute("SELECT chave FROM validacoes").fetchall():
                if chave not in manter:
                    c.execute("DELETE FROM validacoes WHERE chave = ?", (chave,))
        self._em_transacao(gravar)

    # execuções

    def registrar_execucao(self, inicio: str, fim: str, cabeca: str, sha256_conteudo: str, resumo: str) -> None:
        self._em_transacao(lambda c: c.execute(
            "INSERT INTO execucoes (inicio, fim, cabeca_trilha, sha256_conteudo, resumo) VALUES (?, ?, ?, ?, ?)",
            (inicio, fim, cabeca, sha256_conteudo, resumo)))

    def execucoes(self) -> list[tuple[dict[str, Any], str, str]]:
        """Todas as execuções, da mais antiga à mais nova: (dados da execução e resumo, SHA-256 registrado, resumo
        como foi guardado — quem usa confere um com o outro e com a trilha)."""
        if self._conexao is None:
            return []
        linhas = self._conexao.execute(
            "SELECT id, inicio, fim, cabeca_trilha, sha256_conteudo, resumo FROM execucoes ORDER BY id").fetchall()
        execucoes = []
        for i, a, b, c, sha, texto in linhas:
            try:
                resumo = json.loads(texto)
            except json.JSONDecodeError:
                resumo = {}
            execucoes.append(({"id": i, "inicio": a, "fim": b, "cabeca_trilha": c, **resumo}, str(sha), str(texto)))
        return execucoes

    def _em_transacao(self, fazer: Any) -> None:
        if self._conexao is None:
            return
        try:
            self._conexao.execute("BEGIN IMMEDIATE")
            fazer(self._conexao)
            self._conexao.execute("COMMIT")
        except sqlite3.Error as erro:
            if self._conexao.in_transaction:
                self._conexao.execute("ROLLBACK")
            self.aviso = f"o armazém {NOME} não pôde ser atualizado ({erro}); a próxima execução lerá tudo de novo"
            registro.LOGGER.warning("%s", self.aviso)
