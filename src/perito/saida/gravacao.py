"""Grava os resultados de uma análise na pasta de saída, cada um de forma atômica."""

from __future__ import annotations

import hashlib
import queue
import shutil
import tempfile
import threading
from pathlib import Path
from typing import Any, Iterable, Iterator

from perito.leitura.ocr_guardado import Guarda
from perito.saida.auditoria import Registro
from perito.saida.escrita import bytes_json, escrever_bytes, preparar_bytes, publicar


class Preparadas:
    """Saídas grandes (os lotes) gravadas logo que ficam prontas, em temporários ao lado do destino.

    Os bytes de um lote de um caso grande somam centenas de MB: gravados já na extração, não ficam na
    memória durante o cruzamento e a validação. Só aparecem com o nome final em `gravar`, junto com
    as outras saídas; se a análise cai antes, `descartar` apaga os temporários.
    """

    def __init__(self, saida: Path) -> None:
        self.saida = saida
        self.itens: dict[str, tuple[Path, str]] = {}  # nome → (temporário, SHA-256)
        self._derrames: Path | None = None
        self._ocr: Guarda | None = None

    def pasta_de_derrames(self) -> Path:
        """Pasta temporária (oculta, na saída) para os dados de arquivos volumosos (`perito.derrame`); apagada
        em `descartar`, no fim da análise, com ou sem sucesso."""
        if self._derrames is None:
            self.saida.mkdir(parents=True, exist_ok=True)
            self._derrames = Path(tempfile.mkdtemp(prefix=".derrames.", dir=self.saida))
        return self._derrames

    def guarda_de_ocr(self) -> Guarda:
        """O OCR de cada página lida nesta execução (`leitura.ocr_guardado`), numa pasta temporária oculta da saída,
        que a releitura do validador toma pelos mesmos pixels; apagada em `descartar`, como a dos derrames."""
        if self._ocr is None:
            self.saida.mkdir(parents=True, exist_ok=True)
            self._ocr = Guarda(Path(tempfile.mkdtemp(prefix=".ocr.", dir=self.saida)))
        return self._ocr

    def guarda_de_ocr_existente(self) -> Guarda | None:
        """A guarda do OCR, se a leitura a criou (a releitura não cria uma só para si)."""
        return self._ocr

    def preparar(self, nome: str, partes: Iterable[bytes]) -> str:
        """Grava as partes num temporário e devolve o SHA-256 dos bytes gravados (calculado parte a parte).

        Quem gera as partes (o orjson, que segura o GIL) e quem as soma e grava (o hashlib e a escrita, que o
        soltam) trabalham ao mesmo tempo, em duas threads: num lote de 500 MB, a soma e a escrita custavam
        tanto quanto a serialização. A ordem dos bytes é a das partes; uma falha de um lado chega ao outro.
        """
        soma = hashlib.sha256()
        fila: queue.Queue[bytes | None] = queue.Queue(maxsize=8)
        gravado: dict[str, Any] = {}

        def somando() -> Iterator[bytes]:
            while (parte := fila.get()) is not None:
                soma.update(parte)
                yield parte

        def gravar() -> None:
            try:
                gravado["temporario"] = preparar_bytes(self.saida / nome, somando())
            except BaseException as erro:  # disco cheio, permissão: vai para quem chamou
                gravado["erro"] = erro
                while fila.get() is not None:  # esvazia a fila, para quem produz nunca ficar preso
                    pass

        escritor = threading.Thread(target=gravar, name=f"gravar {nome}", daemon=True)
        escritor.start()
        try:
            for parte in partes:
                fila.put(parte)
        except BaseException:
            fila.put(None)
            escritor.join()
            if temporario := gravado.get("temporario"):
                temporario.unlink(missing_ok=True)  # as partes pararam no meio: nada pela metade fica
            raise
        fila.put(None)
        escritor.join()
        if "erro" in gravado:
            raise gravado["erro"]
        self.itens[nome] = (gravado["temporario"], soma.hexdigest())
        return soma.hexdigest()

    def publicar(self) -> dict[str, str]:
        hashes = {}
        for nome, (temporario, sha) in self.itens.items():
            publicar(temporario, self.saida / nome)
            hashes[nome] = sha
        self.itens = {}
        return hashes

    def descartar(self) -> None:
        for temporario, _ in self.itens.values():
            temporario.unlink(missing_ok=True)
        self.itens = {}
        if self._derrames is not None:
            shutil.rmtree(self._derrames, ignore_errors=True)
            self._derrames = None
        if self._ocr is not None:
            shutil.rmtree(self._ocr.pasta, ignore_errors=True)
            self._ocr = None


def nome_do_lote(lote: dict[str, Any]) -> str:
    return f"lotes/{lote['extrator_id']}.json"


def textos_das_saidas(
    serializados: dict[str, bytes], finais: dict[str, Any], contraditas: dict[str, Any]
) -> dict[str, bytes]:
    """Nome relativo → bytes; `serializados` traz o que já foi serializado para a trilha (validacao.json; os lotes
    vão por `Preparadas`): cada saída é serializada uma vez só, e o hash gravado é o desses mesmos bytes."""
    textos = dict(serializados)
    textos["conclusoes_contraditas.json"] = bytes_json(contraditas)
    textos["conclusoes.json"] = bytes_json(finais)
    # CSV, XLSX e relatorio.txt saem uma vez só, com os relatórios (`relatorios.gravar`), já com as decisões
    return dict(sorted(textos.items()))


def gravar(
    saida: Path, textos: dict[str, bytes | str], trilha: Registro, binarios: dict[str, bytes] | None = None,
    preparadas: Preparadas | None = None,
) -> dict[str, str]:
    """Grava os textos (e os binários), publica as `preparadas` e devolve nome → SHA-256 dos bytes gravados;
    lotes antigos que uma execução anterior gravou (e ninguém mudou) são removidos."""
    atuais = set(textos) | set(preparadas.itens if preparadas else ())
    for antigo in (saida / "lotes").glob("*.json"):
        if f"lotes/{antigo.name}" not in atuais and trilha.gravou(antigo):
            antigo.unlink()  # confundiriam quem audita esta execução
    hashes = preparadas.publicar() if preparadas else {}
    for nome, conteudo in {**textos, **(binarios or {})}.items():
        dados = conteudo.encode("utf-8") if isinstance(conteudo, str) else conteudo
        escrever_bytes(saida / nome, dados)
        hashes[nome] = hashlib.sha256(dados).hexdigest()
    hashes = dict(sorted(hashes.items()))
    trilha.registrar("saida", "gravar_saidas", saidas=hashes)
    return hashes


def gravar_manifesto(saida: Path, manifesto: dict[str, Any], trilha: Registro) -> None:
    dados = bytes_json(manifesto)
    escrever_bytes(saida / "manifesto.json", dados)
    trilha.registrar("saida", "gravar_manifesto", saidas={"manifesto.json": hashlib.sha256(dados).hexdigest()})
