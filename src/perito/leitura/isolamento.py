"""Leitura isolada: cada arquivo é lido num processo auxiliar com tempo e memória limitados.

Um arquivo hostil (PDF que trava o parser, bomba de descompressão, página gigante)
mata só o seu processo auxiliar: o arquivo fica com `Documento.erro` em pt-BR e a
análise segue. Os processos nascem de um forkserver com os leitores já importados,
então criar um novo depois de um travamento custa pouco.
"""

from __future__ import annotations

import logging
import multiprocessing as mp
import os
import resource
import signal
import sys
import threading
import time
from dataclasses import dataclass
from multiprocessing.connection import Connection, wait
from multiprocessing.reduction import ForkingPickler
from pathlib import Path
from typing import Any, Callable, Sequence

from perito.leitura import em_partes, ocr_guardado
from perito.leitura.documento import Documento

GIB = 1 << 30


@dataclass(frozen=True)
class Limites:
    #: tempo de parede por arquivo: a base, a que se soma o proporcional ao tamanho (`prazo`)
    segundos_por_arquivo: float = 300.0
    #: espaço de endereçamento de cada processo auxiliar (RLIMIT_AS)
    memoria_bytes: int = 2 * GIB
    #: processos auxiliares em paralelo
    processos: int = max(1, min(2, os.cpu_count() or 1))
    #: memória residente acima da qual um auxiliar ocioso é trocado por um novo antes do próximo arquivo
    memoria_para_renovar: int = 160 << 20
    #: a releitura canônica do validador começa enquanto o principal monta os lotes e cruza (`validador.antecipada`);
    #: desligada, ela toda fica para a validação (as saídas são as mesmas: o benchmark e os testes comparam)
    antecipar_releitura: bool = True
    #: quantas vezes o tempo estimado de um arquivo (pelo tamanho e pelo tipo) cabe no prazo dele, além da base
    folga_do_prazo: float = 3.0
    #: TXT ou CSV a partir deste tamanho: lido e extraído em partes, com os dados em disco (`leitura.em_partes`)
    bytes_em_partes: int = em_partes.BYTES_EM_PARTES
    #: XLSX, JSON e HTML a partir deste tamanho: lidos e extraídos inteiros no auxiliar, com os dados em disco
    bytes_inteiro_em_disco: int = em_partes.BYTES_INTEIRO_EM_DISCO

    def prazo(self, tamanho: int, tipo: str) -> float:
        """Tempo de parede de um arquivo: a base mais `folga_do_prazo` vezes o tempo estimado pelo tamanho e pelo tipo
        (como o IPED escala o tempo limite do parser com o tamanho do item): um log de 200 MB não é um travamento,
        e um PDF pequeno que trava não espera o prazo de um grande."""
        return self.segundos_por_arquivo + self.folga_do_prazo * segundos_estimados(tamanho, tipo)


@dataclass(frozen=True)
class Tarefa:
    caminho: Path
    nome: str
    tipo: str
    #: membro de pacote ZIP: caminho interno em cada nível (o `caminho` é o do pacote)
    membro: tuple[str, ...] | None = None
    #: páginas de PDF a desenhar na mesma abertura (os recortes do relatório; só a releitura do validador pede)
    desenhar: tuple[int, ...] = ()
    #: só desenhar as páginas `desenhar` do PDF, sem lê-lo (o validador que já tem a releitura, feita antes de saber
    #: as páginas citadas: `validador.antecipada`)
    somente_desenhar: bool = False
    #: TXT ou CSV volumoso da análise: lido e extraído em partes, com os dados gravados nesta pasta
    #: (`extratores.em_partes`); XLSX volumoso: lido e extraído inteiro, com os dados gravados nela; None: os dados
    #: voltam ao principal pelo canal
    derrame: Path | None = None
    #: faixa de linhas físicas (primeira, última) de um arquivo volumoso que este auxiliar extrai (os dois núcleos
    #: no mesmo arquivo); None: o arquivo inteiro
    faixa: tuple[int, int] | None = None
    #: releitura do validador de um TXT ou CSV volumoso: só o preâmbulo e as vizinhanças destas linhas
    #: (`leitura.em_partes.ler_linhas`); vazio: o arquivo inteiro
    linhas: tuple[int, ...] = ()
    #: com `linhas`: linhas a trazer só com as vizinhas de perto (`em_partes.JANELA_PONTUAL`): os dados de ofício
    linhas_pontuais: tuple[int, ...] = ()
    #: o OCR desta execução (`leitura.ocr_guardado`): a leitura guarda o de cada página, a releitura toma o dos
    #: mesmos pixels; None: nada guardado nem tomado
    guarda_ocr: ocr_guardado.Guarda | None = None


#: trabalho feito no próprio auxiliar logo depois da leitura (a análise extrai ali; o validador só relê).
#: Função de módulo (o auxiliar a recebe pelo nome); pode preencher `Documento.extraido` e descartar os trechos.
DepoisDeLer = Callable[[Documento], None]


#: leitura e tratamento de um arquivo volumoso parte a parte, no auxiliar, para uma tarefa com `derrame` (a análise
#: extrai cada parte ali e grava os dados em disco: `extratores.em_partes`). Função de módulo, como `DepoisDeLer`.
LerEmPartes = Callable[["Tarefa"], Documento]


#: ao_terminar(tarefa, documento): chamado a cada arquivo concluído, na ordem em que terminam
AoTerminar = Callable[[Tarefa, Documento], None]


def preparar_auxiliar(memoria_bytes: int) -> None:
    """O começo de todo processo auxiliar (de leitura e de segunda leitura): o Ctrl-C é do principal, a memória é
    limitada (`RLIMIT_AS`) e o terminal do investigador não recebe nada dele (avisos do pdfminer, tracebacks): toda
    falha volta como erro no resultado ou como a morte do processo, relatada pelo pai."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        resource.setrlimit(resource.RLIMIT_AS, (memoria_bytes, memoria_bytes))
    except (ValueError, OSError):
        pass  # limite mais baixo já imposto de fora: fica o de fora
    logging.getLogger("pdfminer").setLevel(logging.ERROR)
    nulo = os.open(os.devnull, os.O_WRONLY)
    os.dup2(nulo, 2)
    os.close(nulo)


def encerrar_auxiliar(processo: mp.process.BaseProcess, conexao: Connection, espera: float) -> None:
    """Pede ao auxiliar que saia (None), espera `espera` segundos e, se ele não saiu (ocupado, travado), o mata."""
    try:
        conexao.send(None)
    except (OSError, ValueError):
        pass
    processo.join(timeout=espera)
    if processo.is_alive():
        processo.kill()
        processo.join()
    conexao.close()


def _trabalhador(conexao: Connection, memoria_bytes: int, depois_de_ler: DepoisDeLer | None = None,
                 em_partes: LerEmPartes | None = None) -> None:
    """Laço do processo auxiliar: recebe tarefas, devolve Documentos."""
    preparar_auxiliar(memoria_bytes)
    from perito.leitura.leitor import ler_documento

    while True:
        try:
            tarefa = conexao.recv()
        except EOFError:
            return
        if tarefa is None:
            return
        inicio = time.monotonic()
        try:
            if tarefa.derrame is not None and em_partes is not None:
                # a análise de um arquivo volumoso: leitura e extração juntas, parte a parte
                documento = em_partes(tarefa)
                documento.segundos = round(time.monotonic() - inicio, 3)
            else:
                with ocr_guardado.guardando_em(tarefa.guarda_ocr):
                    documento = ler_documento(tarefa.caminho, tarefa.nome, tarefa.tipo, tarefa.membro,
                                              tarefa.desenhar, tarefa.linhas, tarefa.linhas_pontuais,
                                              tarefa.somente_desenhar)
                documento.segundos = round(time.monotonic() - inicio, 3)
            if depois_de_ler is not None and not documento.erro and tarefa.derrame is None:
                depois_de_ler(documento)
            documento.memoria_mib = pico_de_memoria_mib()
            # serializado antes e solto já: a memória dos dados volta enquanto o principal recebe e desserializa
            # (os mesmos bytes de `conexao.send`, que o `recv` do principal lê como sempre)
            serializado = ForkingPickler.dumps(documento)
            del documento
            conexao.send_bytes(serializado)
            del serializado
        except MemoryError:
            # o resultado não cabe no limite de memória nem para ser devolvido
            documento = Documento(
                arquivo=tarefa.nome, tipo=tarefa.tipo, metodo_extracao=tarefa.tipo,
                erro="memória insuficiente para ler e devolver o conteúdo do arquivo (limite por processo)",
            )
            conexao.send(documento)


def pico_de_memoria_mib() -> int:
    """O maior RSS deste processo até agora, em MiB (ru_maxrss: KiB no Linux)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024


def contexto_dos_auxiliares(depois_de_ler: DepoisDeLer | None = None,
                            em_partes: LerEmPartes | None = None) -> mp.context.BaseContext:
    """O forkserver dos auxiliares (de leitura e de segunda leitura), com os leitores pré-carregados."""
    contexto = mp.get_context("forkserver")
    # o que os auxiliares usam já importado no servidor: cada auxiliar novo nasce pronto
    extras = [f.__module__ for f in (depois_de_ler, em_partes) if f is not None]
    contexto.set_forkserver_preload(["perito.leitura.sem_interrupcao", "perito.leitura.leitor", *extras])
    return contexto


def encerrar_servidor() -> None:
    """Encerra o forkserver (e a memória dos leitores que ele pré-carregou) entre uma leitura e outra.

    Depois da leitura do caso, ele só ocuparia memória enquanto o principal cruza; o validador o faz nascer
    de novo se precisar reler alguma página. `_stop` é do próprio multiprocessing (3.8+), sem documentação
    pública: onde não existir, o servidor fica como está.
    """
    from multiprocessing import forkserver

    parar = getattr(getattr(forkserver, "_forkserver", None), "_stop", None)
    if callable(parar):
        try:
            parar()
        except OSError:
            pass  # já tinha saído


#: um processo nasce por vez (a validação inicia os das duas leituras em duas linhas de execução, e `_iniciar` mexe
#: em `__main__` enquanto o processo nasce)
_NASCIMENTO = threading.Lock()

#: Ctrl-C no principal: nenhum auxiliar novo nasce (ver `parar_de_iniciar`)
_PARANDO = threading.Event()


def parar_de_iniciar() -> None:
    """Depois de um Ctrl-C, antes de o principal sair: espera o auxiliar que está nascendo terminar de nascer e impede
    os próximos.

    O SIGINT fica bloqueado enquanto um processo nasce, mas só na linha de execução que o inicia; a segunda leitura do
    validador inicia os dela numa linha à parte, e o Ctrl-C cai na principal, que encerrava o programa com um
    nascimento pela metade: o forkserver (ou o filho) despejava um traceback de EOFError no terminal."""
    _PARANDO.set()
    with _NASCIMENTO:
        pass


def voltar_a_iniciar() -> None:
    """Uma nova análise no mesmo processo (testes, uso como biblioteca) volta a poder iniciar auxiliares."""
    _PARANDO.clear()


def iniciar(processo: mp.process.BaseProcess) -> None:
    """Inicia um processo auxiliar mesmo quando o programa principal não tem arquivo importável.

    O forkserver reimporta o módulo `__main__` pelo caminho; vindo da entrada padrão
    (`python - < script`) ou de um console interativo, esse caminho não existe e o auxiliar
    morreria. O trabalhador mora em módulo próprio e não precisa do principal: sem um
    arquivo real, o caminho fica oculto só durante o início do processo.
    """
    # SIGINT bloqueado enquanto o processo nasce: o forkserver (um novo interpretador, que herda a máscara) não
    # morre com traceback ao receber o Ctrl-C no meio das próprias importações, e os auxiliares nascem com ele
    # bloqueado; o Ctrl-C que chegar neste intervalo fica pendente e é entregue ao principal logo depois.
    # O rastreador de recursos nasce antes: ao nascer ele desbloqueia o SIGINT (multiprocessing/resource_tracker),
    # o que desfaria o bloqueio antes do forkserver nascer.
    from multiprocessing import resource_tracker

    resource_tracker.ensure_running()
    anterior = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        with _NASCIMENTO:
            if _PARANDO.is_set():  # o principal está saindo por um Ctrl-C: quem pediu (uma linha à parte) desiste
                raise KeyboardInterrupt("análise interrompida: nenhum auxiliar novo")
            _iniciar(processo)
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, anterior)


def _iniciar(processo: mp.process.BaseProcess) -> None:
    principal = sys.modules.get("__main__")
    caminho = getattr(principal, "__file__", None)
    if principal is None or caminho is None or os.path.exists(caminho):
        processo.start()
        return
    del principal.__file__
    try:
        processo.start()
    finally:
        principal.__file__ = caminho


class _Auxiliar:
    def __init__(self, contexto: mp.context.BaseContext, limites: Limites, depois_de_ler: DepoisDeLer | None,
                 em_partes: LerEmPartes | None = None) -> None:
        self.conexao, filho = contexto.Pipe()
        self.processo = contexto.Process(
            target=_trabalhador, args=(filho, limites.memoria_bytes, depois_de_ler, em_partes), daemon=True
        )
        iniciar(self.processo)
        filho.close()
        self.tarefa: Tarefa | None = None
        self.prazo = 0.0

    def enviar(self, tarefa: Tarefa, segundos: float) -> None:
        self.tarefa = tarefa
        self.prazo = time.monotonic() + segundos
        self.conexao.send(tarefa)

    def encerrar(self, a_forca: bool = False) -> None:
        if a_forca:
            self.processo.kill()
        encerrar_auxiliar(self.processo, self.conexao, espera=5)


#: segundos por MB de arquivo, grosso modo, medidos com `scripts/benchmark_caso.py` (PDF com ou sem OCR e XLSX
#: custam por byte umas cinco vezes o que custa um texto ou CSV); só ordena as tarefas, nada depende do valor exato
_SEGUNDOS_POR_MB = {"csv": 4.0, "txt": 4.0, "html": 8.0}
_SEGUNDOS_POR_MB_OUTROS = 18.0


def segundos_estimados(tamanho: int, tipo: str) -> float:
    return tamanho / 1e6 * _SEGUNDOS_POR_MB.get(tipo, _SEGUNDOS_POR_MB_OUTROS)


def tamanho_de(caminho: Path) -> int:
    try:
        return caminho.stat().st_size
    except OSError:
        return 0


def custo_estimado(tarefa: Tarefa) -> float:
    """Tempo estimado de leitura e extração de uma tarefa (pelo tamanho e pelo tipo do arquivo)."""
    return segundos_estimados(tamanho_de(tarefa.caminho), tarefa.tipo)


def _bytes_lidos(pid: int | None) -> int | None:
    """Quanto o processo leu até agora (`rchar` de /proc/PID/io): diz até onde um auxiliar chegou antes do prazo."""
    try:
        with open(f"/proc/{pid}/io") as f:
            return next(int(linha.split()[1]) for linha in f if linha.startswith("rchar:"))
    except (OSError, ValueError, IndexError, StopIteration):
        return None


def motivo_do_prazo(tarefa: Tarefa, limites: Limites, pid: int | None) -> str:
    """O tempo limite estourado, com até onde a leitura chegou e o que fazer."""
    tamanho = tamanho_de(tarefa.caminho)
    prazo = limites.prazo(tamanho, tarefa.tipo)
    lidos = _bytes_lidos(pid)
    if lidos is None or tamanho == 0 or tarefa.membro:
        onde = ""
    elif lidos >= tamanho:
        onde = "; o arquivo inteiro chegou a ser lido, e a extração não terminou"
    else:
        onde = (f"; a leitura tinha chegado a cerca de {lidos / tamanho:.0%} do arquivo "
                f"({lidos / 2**20:.0f} de {tamanho / 2**20:.0f} MiB)")
    composicao = (f" ({limites.segundos_por_arquivo:g} s de base mais {limites.folga_do_prazo:g}× o estimado para "
                  f"{tamanho / 2**20:.1f} MiB)") if prazo > limites.segundos_por_arquivo else ""
    return (f"tempo limite de {prazo:.0f} s excedido{composicao}{onde}; o arquivo não foi lido. Aumente a base com "
            "--tempo-por-arquivo, ou divida o arquivo numa cópia do caso")


def _memoria_residente(pid: int | None) -> int:
    """RSS do processo em bytes, pelo /proc (Linux); 0 onde não há /proc: o auxiliar segue como está."""
    try:
        with open(f"/proc/{pid}/statm") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        return 0


#: o `erro` de uma tarefa dispensada (`ler_isolados`): não lida, porque quem pediu não precisa mais dela
DISPENSADA = "leitura dispensada: o arquivo não foi mais pedido"


def _falha(tarefa: Tarefa, motivo: str) -> Documento:
    return Documento(arquivo=tarefa.nome, tipo=tarefa.tipo, metodo_extracao=tarefa.tipo, erro=motivo)


def _motivo_morte(auxiliar: _Auxiliar, limites: Limites) -> str:
    auxiliar.processo.join(timeout=5)
    codigo = auxiliar.processo.exitcode
    limite = f"{limites.memoria_bytes / GIB:.1f} GiB"
    if codigo is not None and codigo < 0:
        return f"o leitor do arquivo foi encerrado pelo sinal {-codigo} (falha grave ou memória acima de {limite})"
    return f"o leitor do arquivo terminou de forma anormal (código {codigo}; memória acima de {limite}?)"


@dataclass(frozen=True)
class Empacotado:
    """Um documento lido como o auxiliar o mandou (pickle), aberto só quando alguém precisar dele (`abrir`): quem lê
    adiantado (a releitura antecipada do validador) não paga a desserialização no processo principal enquanto ele
    trabalha noutra coisa, e os bytes ocupam menos memória que os objetos."""

    dados: bytes

    def abrir(self) -> Documento:
        documento: Documento = ForkingPickler.loads(self.dados)
        return documento


def ler_isolados(
    tarefas: Sequence[Tarefa], limites: Limites = Limites(), ao_terminar: AoTerminar | None = None,
    depois_de_ler: DepoisDeLer | None = None, em_partes: LerEmPartes | None = None,
) -> list[Documento]:
    """Lê cada tarefa num processo auxiliar; devolve os Documentos na ordem das tarefas.

    `depois_de_ler` roda no auxiliar sobre cada documento lido sem erro (a extração da análise:
    os dois núcleos extraem em paralelo, e um extrator que trave ou estoure a memória cai com o
    limite do arquivo, sem derrubar a análise).
    """
    return _ler_isolados(tarefas, limites, ao_terminar, depois_de_ler, em_partes)


def ler_isolados_empacotados(
    tarefas: Sequence[Tarefa], limites: Limites, dispensada: Callable[[Tarefa], bool] | None = None,
) -> list[Documento | Empacotado]:
    """`ler_isolados` com cada documento lido devolvido como o auxiliar o mandou (`Empacotado`); as falhas (prazo,
    morte do auxiliar) voltam como `Documento` com `erro`. `dispensada`: perguntada na hora de mandar cada tarefa a
    um auxiliar; a que ela dispensa não é lida e volta com o erro `DISPENSADA` (a releitura antecipada do validador,
    quando ele já sabe que não vai precisar daquele arquivo)."""
    return _ler_isolados(tarefas, limites, dispensada=dispensada, empacotados=True)


def _ler_isolados(
    tarefas: Sequence[Tarefa], limites: Limites, ao_terminar: AoTerminar | None = None,
    depois_de_ler: DepoisDeLer | None = None, em_partes: LerEmPartes | None = None,
    dispensada: Callable[[Tarefa], bool] | None = None, empacotados: bool = False,
) -> list[Any]:
    if not tarefas:
        return []
    contexto = contexto_dos_auxiliares(depois_de_ler, em_partes)
    # os mais caros primeiro (o maior arquivo por último deixaria um núcleo ocioso esperando por ele);
    # `pop()` tira do fim: a lista vai do mais barato ao mais caro
    pendentes = sorted(reversed(tarefas), key=custo_estimado)
    resultados: dict[int, Any] = {}
    indice = {id(t): i for i, t in enumerate(tarefas)}
    auxiliares = [_Auxiliar(contexto, limites, depois_de_ler, em_partes)
                  for _ in range(min(limites.processos, len(tarefas)))]

    def concluir(auxiliar: _Auxiliar, documento: Any) -> None:
        tarefa = auxiliar.tarefa
        assert tarefa is not None
        resultados[indice[id(tarefa)]] = documento
        auxiliar.tarefa = None
        if ao_terminar:
            ao_terminar(tarefa, documento)

    def renovar_ou_encerrar(i: int) -> None:
        """Um auxiliar ocioso devolve a memória: sem mais tarefas, sai já (o outro ainda lê e o principal
        já guarda os dados); com tarefas e inchado por um arquivo grande, dá lugar a um novo, que nasce
        pequeno do forkserver (o Python quase não devolve ao sistema a memória de milhões de objetos)."""
        auxiliar = auxiliares[i]
        if not pendentes:
            auxiliar.encerrar()
            del auxiliares[i]
        elif _memoria_residente(auxiliar.processo.pid) > limites.memoria_para_renovar:
            auxiliar.encerrar()
            auxiliares[i] = _Auxiliar(contexto, limites, depois_de_ler, em_partes)

    try:
        while pendentes or any(a.tarefa for a in auxiliares):
            for auxiliar in auxiliares:
                while auxiliar.tarefa is None and pendentes:
                    tarefa = pendentes.pop()
                    if dispensada is not None and dispensada(tarefa):
                        resultados[indice[id(tarefa)]] = _falha(tarefa, DISPENSADA)
                        continue
                    auxiliar.enviar(tarefa, limites.prazo(tamanho_de(tarefa.caminho), tarefa.tipo))
            ocupados = [a for a in auxiliares if a.tarefa]
            if not ocupados:  # as que faltavam foram todas dispensadas
                continue
            espera = max(0.0, min(a.prazo for a in ocupados) - time.monotonic())
            prontos = wait([a.conexao for a in ocupados], timeout=espera)
            for i, auxiliar in reversed(list(enumerate(auxiliares))):  # de trás: `renovar_ou_encerrar` pode tirar da lista
                if auxiliar.tarefa is None:
                    continue
                if auxiliar.conexao in prontos:
                    try:
                        recebido = Empacotado(auxiliar.conexao.recv_bytes()) if empacotados else auxiliar.conexao.recv()
                    except (EOFError, OSError):  # só a morte do auxiliar; falhas de quem recebe não caem aqui
                        documento = _falha(auxiliar.tarefa, _motivo_morte(auxiliar, limites))
                    else:
                        concluir(auxiliar, recebido)
                        renovar_ou_encerrar(i)
                        continue
                elif time.monotonic() >= auxiliar.prazo:
                    documento = _falha(auxiliar.tarefa, motivo_do_prazo(auxiliar.tarefa, limites, auxiliar.processo.pid))
                else:
                    continue
                auxiliar.encerrar(a_forca=True)
                concluir(auxiliar, documento)
                if pendentes:  # um novo no lugar do que morreu ou travou, só se ainda há o que ler
                    auxiliares[i] = _Auxiliar(contexto, limites, depois_de_ler, em_partes)
                else:
                    del auxiliares[i]
    finally:
        for auxiliar in auxiliares:
            auxiliar.encerrar(a_forca=auxiliar.tarefa is not None)
    return [resultados[i] for i in range(len(tarefas))]
