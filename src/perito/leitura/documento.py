"""O documento lido: trechos localizados (linha de página, registro CSV, célula).

Leitores e validador constroem a mesma estrutura, de modo que uma localização
(`pagina`, `linha_ou_celula`, `aba_planilha`) significa a mesma coisa para todos.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from itertools import starmap
from operator import attrgetter
from typing import Any

from perito.leitura.localizacao import NOME_DA_ABA

#: os tipos lidos célula a célula (`celula B7`, aba pelo nome): a planilha do Excel e a do LibreOffice
PLANILHAS = frozenset({"xlsx", "ods", "xls", "xml2003"})

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
    #: a leitura em partes de um arquivo volumoso omitiu as linhas logo acima desta (`leitura.em_partes`): o salto
    #: na numeração não é de linhas vazias, e uma tabela de largura fixa continua
    apos_omissao: bool = False

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
    tipo: str  # "pdf", "csv", "xlsx", "ods", "xls", "xml2003", "txt", "docx", "odt", "rtf", "html", "imagem"
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
    #: pico de memória (MiB) do processo auxiliar que leu (e extraiu) o documento, até devolvê-lo (volátil)
    memoria_mib: int | None = None
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
    #: decisões do arquivo inteiro tomadas antes, quando o documento é uma parte dele (`extratores.em_partes`): a ordem
    #: das datas, a notação dos números, a hora de 12 h. A parte as usa no lugar de decidir só pelas suas linhas
    decisoes: dict[str, Any] = field(default_factory=dict)
    #: páginas cujo OCR a releitura tomou do que a leitura da mesma execução fez sobre os mesmos pixels
    #: (`leitura.ocr_guardado`; volátil: vai à trilha da validação)
    paginas_ocr_guardado: list[int] = field(default_factory=list)

    def __post_init__(self) -> None:
        self._indice: dict[tuple[int | None, str | None, str], Trecho] | None = None
        self._por_pagina: dict[tuple[int | None, str | None], list[Trecho]] | None = None
        self._indexados: list[Trecho] | None = None  # a lista que o índice por página cobre (e quantos tinha)
        self._total_indexado = 0
        self._posicoes: dict[int, tuple[int, int]] = {}
        self._linhas: dict[tuple[str | None, int], list[Trecho]] = {}

    def __getstate__(self) -> dict[str, Any]:
        """Os trechos viajam entre processos como tuplas (o pickle de 200 mil objetos um a um custava 4 s; tuplas,
        1 s). Só sem `registros`: os campos deles apontam trechos pela identidade, que o pickle comum preserva."""
        estado = {**self.__dict__, "_indice": None, "_por_pagina": None, "_indexados": None, "_total_indexado": 0,
                  "_posicoes": {}, "_linhas": {}}
        if not self.registros:
            estado["trechos"] = list(map(_CAMPOS_DO_TRECHO, self.trechos))
            estado["_trechos_em_tuplas"] = True
        return estado

    def __setstate__(self, estado: dict[str, Any]) -> None:
        if estado.pop("_trechos_em_tuplas", False):
            estado["trechos"] = list(starmap(Trecho, estado["trechos"]))
        self.__dict__.update(estado)

    def trecho(self, pagina: int | None, localizacao: str, aba: str | None = None) -> Trecho | None:
        if self._indice is None:
            self._indice = {(t.pagina, t.aba, t.localizacao): t for t in self.trechos}
        if localizacao == NOME_DA_ABA and pagina is None and aba is not None:
            return self.trecho_do_nome_da_aba(aba)
        return self._indice.get((pagina, aba, localizacao))

    def trecho_do_nome_da_aba(self, aba: str) -> Trecho | None:
        """O nome da aba como um trecho (`nome da aba`): não é célula nem linha, mas é onde a planilha diz, às vezes,
        o contexto das células dela ("Acessos (UTC)"). Só numa planilha, e só de uma aba que existe."""
        if self.tipo not in PLANILHAS or aba not in self.abas:
            return None
        return Trecho(None, NOME_DA_ABA, aba, self.metodo_extracao or self.tipo, aba)

    def trechos_da_pagina(self, pagina: int | None, aba: str | None = None) -> list[Trecho]:
        """Os trechos da página (ou aba) na ordem do documento; só leitura (é a lista do índice, não uma cópia)."""
        return self._indexar()[0].get((pagina, aba), [])

    def linha_da_planilha(self, aba: str | None, linha_tabela: int | None) -> list[Trecho]:
        """As células de uma linha de planilha, na ordem das colunas; só leitura."""
        return self._indexar()[2].get((aba, linha_tabela), []) if linha_tabela is not None else []

    def posicao_na_pagina(self, trecho: Trecho) -> int | None:
        """A posição do trecho (este objeto) em `trechos_da_pagina` da página dele; None se não é deste documento."""
        return self._indexar()[1].get(id(trecho), (None, None))[0]

    def posicao_no_documento(self, trecho: Trecho) -> int | None:
        """A posição do trecho (este objeto) em `trechos`; None se não é deste documento."""
        return self._indexar()[1].get(id(trecho), (None, None))[1]

    def _indexar(self) -> tuple[
        dict[tuple[int | None, str | None], list[Trecho]], dict[int, tuple[int, int]], dict[tuple[str | None, int], list[Trecho]]
    ]:
        """Trechos por (página, aba) e a posição de cada um, feitos na primeira consulta depois de lido (o validador
        consulta milhares de vezes um documento de centenas de milhares de trechos; varrer a lista a cada vez custava
        segundos); refeitos se a lista de trechos for trocada ou mudar de tamanho (os leitores só a alteram antes)."""
        if self._por_pagina is None or self._indexados is not self.trechos or self._total_indexado != len(self.trechos):
            por_pagina: dict[tuple[int | None, str | None], list[Trecho]] = {}
            posicoes: dict[int, tuple[int, int]] = {}
            linhas: dict[tuple[str | None, int], list[Trecho]] = {}
            for n, t in enumerate(self.trechos):
                lista = por_pagina.setdefault((t.pagina, t.aba), [])
                posicoes[id(t)] = (len(lista), n)
                lista.append(t)
                if t.linha_tabela is not None:
                    linhas.setdefault((t.aba, t.linha_tabela), []).append(t)
            self._por_pagina, self._posicoes, self._linhas = por_pagina, posicoes, linhas
            self._indexados, self._total_indexado = self.trechos, len(self.trechos)
        return self._por_pagina, self._posicoes, self._linhas

    @property
    def total_trechos(self) -> int:
        return len(self.trechos) if self.trechos_descartados is None else self.trechos_descartados

    @property
    def texto_completo(self) -> str:
        return "\n".join(t.texto for t in self.trechos)


#: os campos de um Trecho na ordem do construtor: a tupla que o `Documento` põe no pickle
_CAMPOS_DO_TRECHO = attrgetter(*(f.name for f in fields(Trecho)))
