"""Reabre os arquivos do caso por conta própria (leitor novo por execução, nada dos extratores).

Antes de ler, confere o caminho (relativo ao caso, sem links) e o SHA-256 com o
manifesto. Um membro de pacote (`pacote.zip!/caminho`) é reaberto do mesmo jeito
que na análise, sem extrair nada: confere o caminho do pacote, o SHA-256 do pacote
e o do membro. Os arquivos citados são lidos juntos, num auxiliar isolado; os PDFs
também pelo pdfplumber (segunda leitura, só nas páginas citadas, em fatias numa
fila que os dois núcleos esvaziam) e os HTML também pelo lxml (segundo parser).
A página escaneada toma o OCR que a leitura da mesma execução fez sobre os mesmos
pixels (`leitura.ocr_guardado`).
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, replace
from pathlib import Path, PurePosixPath
from typing import Callable, Iterable

from perito.leitura import em_partes, localizacao, pacote, tetos
from perito.leitura.documento import Documento
from perito.leitura.inventario import PACOTE, detectar_tipo, sha256_arquivo
from perito.leitura.isolamento import Limites, Tarefa, contexto_dos_auxiliares, ler_isolados
from perito.leitura.ocr_guardado import Guarda
from perito.validador.antecipada import ReleituraAntecipada
from perito.validador.segunda_leitura import METODOS, Pedido, SegundaLeitura, ler_da_fila


def linhas_das_referencias(referencias: Iterable[dict]) -> dict[str, set[int]]:
    """Linhas citadas ("linha N", e a linha de uma "celula B7") por arquivo: de um TXT, CSV ou XLSX volumoso, a
    releitura só traz o preâmbulo e a vizinhança delas (`leitura.em_partes.ler_linhas`, `leitura.planilha`)."""
    linhas: dict[str, set[int]] = {}
    for ref in referencias:
        local = localizacao.interpretar(str(ref.get("linha_ou_celula") or ""))
        if local is not None and local.tipo in ("linha", "celula"):
            linhas.setdefault(ref["arquivo"], set()).add(local.numero)
    return linhas


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
        desenhar: bool = False,
        linhas_citadas: dict[str, set[int]] | None = None,
        guarda_ocr: Guarda | None = None,
        antecipada: ReleituraAntecipada | None = None,
        paginas_a_desenhar: dict[str, set[int]] | None = None,
    ) -> None:
        """`desenhar`: as páginas citadas de cada PDF saem desenhadas na mesma abertura da releitura (os recortes do
        relatório, que então não abre o PDF de novo); a análise pede, `perito validar` não. `guarda_ocr`: o OCR
        que a leitura da mesma execução fez, tomado só para os mesmos pixels (`leitura.ocr_guardado`)."""
        self.caso = caso.resolve()
        self.limites = limites
        self.hashes = hashes_esperados or {}
        #: páginas que a segunda leitura precisa ler por arquivo (None: todas)
        self.paginas_citadas = paginas_citadas
        self.desenhar = desenhar
        #: com `desenhar`, as páginas a desenhar por arquivo (None: todas as citadas): só as dos recortes que os
        #: relatórios vão mostrar (`validador.agente.paginas_dos_recortes`)
        self.paginas_a_desenhar = paginas_a_desenhar
        #: linhas citadas por arquivo: de um TXT ou CSV volumoso só o preâmbulo e a vizinhança delas são relidos
        self.linhas_citadas = linhas_citadas or {}
        self.guarda_ocr = guarda_ocr
        self._abertos: dict[str, Aberto] = {}
        self._segundas: dict[str, SegundaLeitura] = {}
        #: os arquivos relidos só em volta das linhas citadas (`linhas_citadas`) e das pontuais (dados de ofício)
        self._parciais: set[str] = set()
        self._pontuais: dict[str, set[int]] = {}
        #: a releitura canônica começada antes das conclusões (`antecipar`), que a primeira `preparar` toma
        self._antecipada = antecipada
        #: os arquivos cuja releitura canônica veio dela (a trilha da validação diz quais)
        self.antecipados: list[str] = []
        #: as leituras ainda correndo (`preparar(..., em_fundo=True)`): quem as termina e o que falta guardar delas;
        #: quem precisa de uma (`abrir` de um arquivo ainda não lido, `segunda_leitura`) espera por ela
        self._canonica_pendente: _CanonicaPendente | None = None
        self._segunda_pendente: tuple[Callable[[], dict[str, SegundaLeitura]], set[str]] | None = None

    def preparar(self, arquivos: Iterable[str], em_fundo: bool = False) -> None:
        """Confere e lê de uma vez os arquivos ainda não abertos (um auxiliar para todos), e a segunda leitura dos PDFs.
        Com uma releitura antecipada (`antecipar`), toma dela os documentos que ela já leu dos mesmos bytes.

        `em_fundo`: volta já com os documentos da releitura antecipada abertos, e o resto da canônica (os volumosos em
        volta das linhas citadas, os arquivos que ela não leu, o desenho das páginas citadas) e a segunda leitura
        correndo nos auxiliares; quem precisa de um documento ainda não lido (`abrir`) ou da segunda leitura
        (`segunda_leitura`) espera que termine. O validador confere enquanto isso o que já pode: o núcleo do
        principal trabalha junto com os auxiliares, em vez de esperá-los."""
        self._concluir_segunda()
        tarefas: dict[str, tuple[Tarefa, str]] = {}
        for arquivo in sorted(set(arquivos) - self._abertos.keys()):
            conferido = self._conferir(arquivo)
            if isinstance(conferido, Aberto):
                self._abertos[arquivo] = conferido
                continue
            tarefa, sha = conferido
            a_desenhar = self.paginas_citadas if self.paginas_a_desenhar is None else self.paginas_a_desenhar
            if self.desenhar and tarefa.tipo == "pdf" and a_desenhar and a_desenhar.get(arquivo):
                tarefa = replace(tarefa, desenhar=tuple(sorted(a_desenhar[arquivo])))
            if tarefa.membro is None and self.linhas_citadas.get(arquivo) and self._volumoso(tarefa):
                tarefa = replace(tarefa, linhas=tuple(sorted(self.linhas_citadas[arquivo])),
                                 linhas_pontuais=tuple(sorted(self._pontuais.get(arquivo, ()))))
                self._parciais.add(arquivo)
            tarefas[arquivo] = (self._com_guarda(tarefa), sha)
        antecipados: dict[str, Documento] = {}
        a_ler: dict[str, Tarefa] = {}

        def canonicas() -> list[Tarefa]:
            """As tarefas da leitura canônica: as que a antecipada não leu, e só o desenho das que ela leu."""
            antecipada, self._antecipada = self._antecipada, None  # vale para a primeira preparação, só
            if antecipada is not None:
                antecipada.concluir(tarefas)
            for arquivo, (tarefa, sha) in tarefas.items():
                documento = antecipada.tomar(arquivo, tarefa, sha) if antecipada is not None else None
                if documento is None:
                    a_ler[arquivo] = tarefa
                    continue
                antecipados[arquivo] = documento
                self.antecipados.append(arquivo)
                if tarefa.desenhar:
                    a_ler[arquivo] = replace(tarefa, somente_desenhar=True, guarda_ocr=None)
            return list(a_ler.values())

        pedidos = [p for arquivo, (tarefa, sha) in tarefas.items() if (p := self._pedido(arquivo, tarefa, sha))]
        concluir_canonica, concluir_segunda = _as_duas_leituras(canonicas, pedidos, self.limites, em_fundo)
        com_segunda: set[str] = set()
        self._canonica_pendente = _CanonicaPendente(concluir_canonica, tarefas, antecipados, a_ler, com_segunda)
        self._segunda_pendente = (concluir_segunda, com_segunda)
        for arquivo, (tarefa, sha) in tarefas.items():
            if arquivo in antecipados:  # o desenho das páginas, se houver, chega depois (só os relatórios o usam)
                self._guardar_lido(arquivo, tarefa, sha, antecipados[arquivo], com_segunda)
        if not em_fundo:
            self._concluir_segunda()

    def _guardar_lido(self, arquivo: str, tarefa: Tarefa, sha: str, documento: Documento, com_segunda: set[str]) -> None:
        if documento.erro:
            self._abertos[arquivo] = Aberto(None, documento.erro)
            return
        self._abertos[arquivo] = Aberto(documento, caminho=tarefa.caminho, sha256=sha)
        if documento.tipo in METODOS:
            com_segunda.add(arquivo)

    def _concluir_canonica(self) -> None:
        """Espera a leitura canônica em curso e abre os documentos dela (e junta o desenho aos da antecipada)."""
        if self._canonica_pendente is None:
            return
        pendente, self._canonica_pendente = self._canonica_pendente, None
        lido = dict(zip(pendente.a_ler, pendente.concluir(), strict=True))
        for arquivo, (tarefa, sha) in pendente.tarefas.items():
            if arquivo in pendente.antecipados:
                if arquivo in lido and not lido[arquivo].erro:  # o desenho à parte, dos mesmos bytes
                    pendente.antecipados[arquivo].paginas_desenhadas = lido[arquivo].paginas_desenhadas
                continue
            self._guardar_lido(arquivo, tarefa, sha, lido[arquivo], pendente.com_segunda)

    def _concluir_segunda(self) -> None:
        """Espera a segunda leitura em curso e guarda a dos arquivos que a canônica leu sem erro."""
        self._concluir_canonica()  # ela diz de quais arquivos a segunda vale
        if self._segunda_pendente is None:
            return
        concluir, com_segunda = self._segunda_pendente
        self._segunda_pendente = None
        segundas = concluir()
        for arquivo in com_segunda & segundas.keys():
            self._segundas[arquivo] = segundas[arquivo]

    def _com_guarda(self, tarefa: Tarefa) -> Tarefa:
        return replace(tarefa, guarda_ocr=self.guarda_ocr) if self.guarda_ocr is not None else tarefa

    def antecipar(self, arquivos: Iterable[str]) -> ReleituraAntecipada | None:
        """Começa já, num auxiliar, a releitura canônica destes arquivos (os que não são volumosos: esses esperam
        as linhas citadas), que a primeira `preparar` toma (`validador.antecipada`). None: nada a antecipar."""
        tarefas: dict[str, tuple[Tarefa, str]] = {}
        for arquivo in sorted(set(arquivos)):
            conferido = self._conferir(arquivo)
            if not isinstance(conferido, Aberto) and not (conferido[0].membro is None and self._volumoso(conferido[0])):
                tarefas[arquivo] = (self._com_guarda(conferido[0]), conferido[1])
        self._antecipada = ReleituraAntecipada(tarefas, self.limites) if tarefas else None
        return self._antecipada

    def _volumoso(self, tarefa: Tarefa) -> bool:
        """Um TXT, CSV, XLSX, JSON ou HTML que a análise tratou como volumoso (os limiares dela): relido só em volta
        das linhas citadas."""
        if tarefa.tipo in ("txt", "csv") and em_partes.pede_partes(tarefa.caminho, tarefa.tipo, None,
                                                                   self.limites.bytes_em_partes):
            return True
        return em_partes.inteiro_em_disco(tarefa.caminho, tarefa.tipo, None, self.limites.bytes_inteiro_em_disco)

    def incluir_linhas(self, pedidas: dict[str, set[int]]) -> None:
        """Mais linhas de arquivos já relidos só em volta das citadas (os dados dos ofícios, que as conclusões não
        citam todos): o arquivo que não as tem é relido de novo, com as linhas de antes e as novas."""
        relidos = []
        for arquivo, linhas in pedidas.items():
            ja = self.linhas_citadas.get(arquivo, set()) | self._pontuais.get(arquivo, set())
            if arquivo in self._parciais and not linhas <= ja:
                self._pontuais[arquivo] = self._pontuais.get(arquivo, set()) | linhas  # só com as vizinhas de perto
                self._abertos.pop(arquivo, None)
                relidos.append(arquivo)
        if relidos:
            self.preparar(relidos)

    def _pedido(self, arquivo: str, tarefa: Tarefa, sha: str) -> Pedido | None:
        """A segunda leitura de um PDF (só as páginas citadas) ou de um HTML; None para os outros tipos."""
        if tarefa.tipo == "pdf":
            paginas = None if self.paginas_citadas is None else tuple(sorted(self.paginas_citadas.get(arquivo, ())))
            return Pedido(arquivo, tarefa.caminho, paginas, sha, membro=tarefa.membro)
        if tarefa.tipo == "html":
            return Pedido(arquivo, tarefa.caminho, None, sha, tipo="html", membro=tarefa.membro)
        return None

    def abrir(self, arquivo: str, sem_desenho: bool = False) -> Aberto:
        """O documento conferido e relido; espera a leitura em curso que ainda o lê ou desenha páginas dele.
        `sem_desenho`: para conferir o texto, não espera o desenho das páginas (só os relatórios o usam)."""
        pendente = self._canonica_pendente
        if pendente is not None and (arquivo not in self._abertos or (arquivo in pendente.a_ler and not sem_desenho)):
            self._concluir_canonica()
        if arquivo not in self._abertos:
            self.preparar([arquivo])
        return self._abertos[arquivo]

    def pronto(self, arquivo: str) -> bool:
        """Se `abrir(arquivo, sem_desenho=True)` devolve já, sem esperar leitura nenhuma."""
        return arquivo in self._abertos

    def documentos(self) -> list[Documento | None]:
        """Os documentos já abertos (None nos que não puderam ser lidos)."""
        self._concluir_canonica()
        return [a.documento for a in self._abertos.values()]

    def soltar(self) -> None:
        """Tira da memória os documentos relidos e as segundas leituras (um caso grande: centenas de MB); um arquivo
        pedido depois disso é relido e conferido de novo."""
        self._concluir_segunda()
        self._abertos.clear()
        self._segundas.clear()

    def paginas_ocr_guardado(self) -> dict[str, list[int]]:
        """{arquivo: páginas} cujo OCR a releitura tomou da leitura desta execução, pelos mesmos pixels (a trilha
        da validação diz quais)."""
        return {nome: sorted(a.documento.paginas_ocr_guardado) for nome, a in sorted(self._abertos.items())
                if a.documento is not None and a.documento.paginas_ocr_guardado}

    def aberto(self, arquivo: str) -> Aberto | None:
        """O documento já aberto, sem abrir (None quando ainda não foi lido)."""
        self._concluir_canonica()
        return self._abertos.get(arquivo)

    def segunda_leitura(self, arquivo: str) -> SegundaLeitura:
        """Linhas do pdfplumber das páginas citadas de um PDF (ou linhas do lxml de um HTML) aberto e conferido."""
        self.abrir(arquivo)
        self._concluir_segunda()
        return self._segundas.get(arquivo) or SegundaLeitura(erro="arquivo sem segunda leitura")

    def _conferir(self, arquivo: str) -> Aberto | tuple[Tarefa, str]:
        """Motivo de não ler (Aberto sem documento) ou (tarefa de leitura, SHA-256 conferido)."""
        nome_pacote, cadeia = pacote.dividir(arquivo)
        if cadeia and not (self.caso / arquivo).is_file():  # uma pasta chamada "x.zip!" não é pacote
            return self._conferir_membro(nome_pacote, cadeia, arquivo)
        return self._conferir_arquivo(arquivo)

    def _conferir_membro(self, nome_pacote: str, cadeia: tuple[str, ...], arquivo: str) -> Aberto | tuple[Tarefa, str]:
        conferido = self._conferir_arquivo(nome_pacote, membro=True)
        if isinstance(conferido, Aberto):
            return conferido
        real = conferido[0].caminho
        for interno in cadeia:
            if motivo := pacote.motivo_nome_inseguro(interno):
                return Aberto(None, f"membro citado {interno!r}: {motivo}")
        try:
            sha, inicio, tamanho = pacote.sha256_membro(real, cadeia)
            esperado = self.hashes.get(arquivo)
            if esperado and esperado != sha:
                return Aberto(
                    None, f"o membro mudou desde a análise: SHA-256 {sha[:16]}… difere do manifesto ({esperado[:16]}…)"
                )
            conteudo = pacote.ler_membro(real, cadeia, tetos.PACOTE_INTERNO_MAXIMO) if inicio.startswith(b"PK") else None
        except (tetos.TetoExcedido, pacote.MembroIlegivel) as erro:
            return Aberto(None, f"membro do pacote ilegível: {erro}")
        tipo, motivo, _ = detectar_tipo(PurePosixPath(cadeia[-1]), inicio, tamanho, conteudo)
        if tipo is None or tipo == PACOTE:
            return Aberto(None, f"formato não legível: {motivo or 'pacote ZIP (cite um membro: pacote.zip!/caminho)'}")
        return Tarefa(real, arquivo, tipo, cadeia), sha

    def _conferir_arquivo(self, arquivo: str, membro: bool = False) -> Aberto | tuple[Tarefa, str]:
        """Arquivo solto (ou o pacote de um membro citado, com `membro`): caminho, SHA-256 e tipo."""
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
        if membro:
            if tipo != PACOTE:
                return Aberto(None, f"o arquivo {arquivo!r} citado como pacote não é um pacote ZIP")
            return Tarefa(real, arquivo, PACOTE), sha
        if tipo is None or tipo == PACOTE:
            return Aberto(None, f"formato não legível: {motivo or 'pacote ZIP (cite um membro: pacote.zip!/caminho)'}")
        # o mesmo isolamento da análise: um arquivo citado hostil não trava o validador
        return Tarefa(real, arquivo, tipo), sha


#: páginas da segunda leitura por fatia: a fila que os dois núcleos dividem (o pdfplumber leva ~0,05 s por página;
#: o auxiliar fica vivo e o PDF aberto entre as fatias do mesmo arquivo)
PAGINAS_POR_FATIA = 16


def fatiar(pedidos: list[Pedido], por_fatia: int = PAGINAS_POR_FATIA) -> list[Pedido]:
    """Os pedidos da segunda leitura com as páginas de um PDF em fatias de até `por_fatia` (o mesmo nome em cada
    uma, páginas diferentes). Um pedido de todas as páginas (`paginas` None) ou de HTML fica inteiro."""
    fatias: list[Pedido] = []
    for pedido in pedidos:
        paginas = pedido.paginas
        if paginas is None or pedido.tipo != "pdf" or len(paginas) <= por_fatia:
            fatias.append(pedido)
        else:
            fatias += [replace(pedido, paginas=paginas[i:i + por_fatia]) for i in range(0, len(paginas), por_fatia)]
    return fatias


def juntar_fatias(lidas: Iterable[tuple[str, SegundaLeitura]]) -> dict[str, SegundaLeitura]:
    """A segunda leitura de cada arquivo reunida das fatias: as páginas de todas, em ordem; uma fatia com erro
    deixa o arquivo inteiro sem segunda leitura (como se ela falhasse de uma vez)."""
    juntas: dict[str, SegundaLeitura] = {}
    for nome, leitura in lidas:
        atual = juntas.setdefault(nome, SegundaLeitura())
        if atual.erro:
            continue
        if leitura.erro:
            juntas[nome] = SegundaLeitura(erro=leitura.erro)
        else:
            atual.paginas.update(leitura.paginas)
    for leitura in juntas.values():
        leitura.paginas = dict(sorted(leitura.paginas.items(), key=lambda item: -1 if item[0] is None else item[0]))
    return juntas


@dataclass
class _CanonicaPendente:
    """A leitura canônica de uma `preparar` em fundo: quem a termina (os documentos de `a_ler`, na ordem), e o que
    guardar deles."""

    concluir: Callable[[], list[Documento]]
    tarefas: dict[str, tuple[Tarefa, str]]
    antecipados: dict[str, Documento]
    a_ler: dict[str, Tarefa]
    com_segunda: set[str]


def _as_duas_leituras(
    tarefas: Callable[[], list[Tarefa]], pedidos: list[Pedido], limites: Limites, em_fundo: bool = False,
) -> tuple[Callable[[], list[Documento]], Callable[[], dict[str, SegundaLeitura]]]:
    """A leitura canônica e a segunda leitura ao mesmo tempo, nos dois núcleos: a segunda (o pdfplumber, o passo
    mais caro da validação) em fatias de páginas, numa fila que um auxiliar começa a esvaziar enquanto o outro faz a
    canônica. Devolve quem conclui cada uma: a da segunda, chamada, põe o núcleo do principal a ajudar a esvaziar a
    fila e espera o fim. Sem `em_fundo`, a canônica já vem feita; com ele, ela corre numa linha de execução à parte
    (o principal só espera os auxiliares), que, com os documentos entregues, passa a ajudar a esvaziar a fila da
    segunda (antes o auxiliar dela ficava parado enquanto o principal conferia: num caso de 950 conclusões, 1 s de
    fila a mais no fim). Nunca mais que `limites.processos` auxiliares da segunda ao mesmo tempo. Com um processo
    só, tudo feito antes de voltar, uma depois da outra.
    A segunda é pedida antes de saber se a canônica lê o arquivo; a de um arquivo que a canônica não leu é descartada.
    `tarefas` dá as da canônica quando chamada (sempre antes de voltar): com a releitura antecipada, depois de
    esperá-la, enquanto a segunda já corre."""
    if limites.processos < 2 or not pedidos:
        documentos = ler_isolados(tarefas(), limites)
        segundas = juntar_fatias(ler_da_fila(_fila(fatiar(pedidos)), limites))
        return (lambda: documentos), (lambda: segundas)
    proximo = _fila(fatiar(pedidos))
    lidas: list[tuple[str, SegundaLeitura]] = []
    falha: list[BaseException] = []
    vagas = threading.BoundedSemaphore(limites.processos)  # auxiliares da segunda ao mesmo tempo

    def esvaziar() -> None:
        if not vagas.acquire(blocking=False):
            return  # os núcleos já estão todos na fila: quem chamou só espera
        try:
            lidas.extend(ler_da_fila(proximo, limites))
        except BaseException as erro:  # volta ao principal, que decide
            falha.append(erro)
        finally:
            vagas.release()

    # daemon: um Ctrl-C no principal não espera a segunda leitura terminar (o auxiliar dela morre com o programa)
    contexto_dos_auxiliares()  # o forkserver com os leitores pré-carregados, quem quer que o faça nascer primeiro
    linhas = [threading.Thread(target=esvaziar, name="segunda-leitura", daemon=True)]
    linhas[0].start()

    def concluir_segunda() -> dict[str, SegundaLeitura]:
        esvaziar()  # o núcleo do principal, livre, ajuda a terminar a fila
        for linha in linhas:
            linha.join()
        if falha:
            raise falha[0]
        return juntar_fatias(lidas)

    canonicas = tarefas()
    uma_a_menos = replace(limites, processos=limites.processos - 1)
    if not em_fundo or not canonicas:
        documentos = ler_isolados(canonicas, uma_a_menos)
        return (lambda: documentos), concluir_segunda
    lida: dict[str, list[Documento]] = {}
    falha_canonica: list[BaseException] = []
    entregue = threading.Event()

    def ler() -> None:
        try:
            lida["documentos"] = ler_isolados(canonicas, uma_a_menos)
        except BaseException as erro:
            falha_canonica.append(erro)
        finally:
            entregue.set()
        if not falha_canonica:
            esvaziar()  # o núcleo da canônica, livre, ajuda a esvaziar a fila da segunda

    canonica = threading.Thread(target=ler, name="releitura-canonica", daemon=True)
    linhas.append(canonica)
    canonica.start()

    def concluir_canonica() -> list[Documento]:
        entregue.wait()
        if falha_canonica:
            raise falha_canonica[0]
        return lida["documentos"]

    return concluir_canonica, concluir_segunda


def _fila(pedidos: list[Pedido]) -> Callable[[], Pedido | None]:
    """O próximo pedido da fila (None quando acaba), para mais de uma linha de execução ao mesmo tempo."""
    restantes = iter(pedidos)
    trava = threading.Lock()

    def proximo() -> Pedido | None:
        with trava:
            return next(restantes, None)

    return proximo
