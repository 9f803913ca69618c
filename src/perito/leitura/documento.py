"""O documento lido: trechos localizados (linha de página, registro CSV, célula).

Leitores e validador constroem a mesma estrutura, de modo que uma localização
(`pagina`, `linha_ou_celula`, `aba_planilha`) significa a mesma coisa para todos.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class Trecho:
    """Menor unidade localizável: uma linha de página, um registro CSV ou uma célula."""

    pagina: int | None
    localizacao: str  # "linha 23", "celula B7"
    texto: str  # texto literal (NFC), sem terminador de linha
    metodo: str  # "pypdfium2", "pdfplumber", "ocr-tesseract", "texto", "csv", "openpyxl"
    aba: str | None = None
    linha_tabela: int | None = None  # linha da planilha (XLSX) a que a célula pertence
    coluna: str | None = None  # letra da coluna (XLSX)
    celulas: tuple[str, ...] | None = None  # campos do registro (CSV, TXT com TAB, linha de tabela HTML/DOCX)
    erro_celula: bool = False  # célula com erro de fórmula (#REF!, #N/A...): não é dado
    valor_bruto: str | None = None  # valor gravado na célula, quando difere do texto mostrado
    #: tabela a que a linha pertence ("tabela 2"): agrupa as linhas de uma tabela com o cabeçalho dela
    tabela: str | None = None

    def onde(self) -> str:
        """O local para uma pessoa ler num alerta: "página 2, linha 14", "aba Acessos, celula B7"."""
        partes = [f"página {self.pagina}"] if self.pagina else []
        if self.aba:
            partes.append(f"aba {self.aba}")
        partes.append(self.localizacao)
        return ", ".join(partes)


@dataclass
class Documento:
    arquivo: str  # caminho relativo à pasta do caso, com "/"
    tipo: str  # "pdf", "csv", "xlsx", "txt", "docx", "html", "imagem"
    trechos: list[Trecho] = field(default_factory=list)
    metodo_extracao: str = ""
    total_paginas: int | None = None
    paginas_com_falha: list[int] = field(default_factory=list)
    alertas: list[str] = field(default_factory=list)
    codificacao: str | None = None
    delimitador: str | None = None
    abas: list[str] = field(default_factory=list)
    #: motivo em pt-BR quando o arquivo inteiro não pôde ser lido
    erro: str | None = None
    #: confiança média do OCR por página (0-100), só para páginas lidas por OCR
    confianca_ocr: dict[int, float] = field(default_factory=dict)
    #: leitura parcial: motivo em pt-BR (CSV cortado num registro malformado, páginas com falha)
    parcial: str | None = None
    #: tempo de leitura e, quando feita no auxiliar, de extração (voláteis: só vão ao manifesto)
    segundos: float | None = None
    segundos_extracao: float | None = None
    #: o que o processo auxiliar extraiu do documento, quando a extração roda junto da leitura
    #: (`extratores.lotes.Extraido`); None quando só houve leitura
    extraido: object | None = None
    #: registros que a estrutura do documento forma (`leitura.registro.RegistroLido`: objetos de um JSON), cada
    #: campo apontando um dos `trechos`; vazio quando o leitor só entrega linhas
    registros: list[Any] = field(default_factory=list)
    #: páginas de PDF desenhadas na mesma abertura da leitura, a pedido (`Tarefa.desenhar`: as citadas, na releitura
    #: do validador), para os recortes do relatório sem abrir o PDF de novo: página → `desenho.PaginaDesenhada`
    paginas_desenhadas: dict[int, Any] = field(default_factory=dict)
    #: quantos trechos o documento tinha quando eles foram descartados depois da extração (None: não descartados)
    trechos_descartados: int | None = None

    def __post_init__(self) -> None:
        self._indice: dict[tuple[int | None, str | None, str], Trecho] | None = None

    def trecho(self, pagina: int | None, localizacao: str, aba: str | None = None) -> Trecho | None:
        if self._indice is None:
            self._indice = {(t.pagina, t.aba, t.localizacao): t for t in self.trechos}
        return self._indice.get((pagina, aba, localizacao))

    def trechos_da_pagina(self, pagina: int | None, aba: str | None = None) -> list[Trecho]:
        return [t for t in self.trechos if t.pagina == pagina and t.aba == aba]

    @property
    def total_trechos(self) -> int:
        return len(self.trechos) if self.trechos_descartados is None else self.trechos_descartados

    @property
    def texto_completo(self) -> str:
        return "\n".join(t.texto for t in self.trechos)
