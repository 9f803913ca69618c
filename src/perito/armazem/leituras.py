"""A leitura e a extração de um documento como entram no armazém e como saem dele.

Os dados já chegam do auxiliar empacotados em partes (pickle de dados puros, `extratores.lotes.Extraido`): entram
como estão, sem custo na primeira execução, e saem pelo carregador que recusa qualquer classe ou função
(`perito.pickle_seguro`) — o armazém está na pasta de saída, e um conteúdo forjado ali nunca executa código. Só entra
o documento lido por inteiro e extraído sem falha no auxiliar: um documento parcial, com erro ou que o auxiliar não
conseguiu extrair é lido de novo na próxima execução (pode ter sido falta de tempo ou de memória, não do arquivo).
Os dados de um arquivo volumoso, que o auxiliar gravou em disco, ficam ao lado do banco (`armazem.derrames`), e o
cabeçalho registra o SHA-256 de cada arquivo deles.
"""

from __future__ import annotations

import dataclasses
import hashlib
import pickle
from pathlib import Path
from typing import Any

from perito import pickle_seguro
from perito.armazem import derrames
from perito.extratores.lotes import Extraido
from perito.leitura.documento import Documento

#: versão do formato abaixo; outra versão guardada não é lida
FORMATO = 5

#: campos que não entram: o texto e os registros já foram descartados no auxiliar; os desenhos são do validador;
#: tempos e memória são desta leitura, não de uma execução que a reaproveita
_FORA = {"trechos", "registros", "paginas_desenhadas", "extraido", "segundos", "segundos_extracao", "memoria_mib",
         "paginas_ocr_guardado"}
_CAMPOS = [c.name for c in dataclasses.fields(Documento) if c.name not in _FORA]


def cabe(documento: Documento) -> bool:
    """Se o documento pode ser guardado: lido por inteiro, extraído no auxiliar sem falha."""
    extraido = documento.extraido
    return (isinstance(extraido, Extraido) and not extraido.falhou
            and not documento.erro and not documento.parcial
            and not documento.paginas_com_falha and not documento.trechos and not documento.registros)


def serializar(documento: Documento, pasta_dos_derrames: Path) -> tuple[bytes, list[bytes]]:
    """(cabeçalho: os metadados do documento; as partes empacotadas em que os dados vieram do auxiliar). As partes
    vão ao banco uma por linha, como estão: nada do tamanho do documento inteiro é copiado para gravar. Os derrames
    de um volumoso entram em `pasta_dos_derrames` já aqui (OSError se o disco não deixa: a leitura não é guardada)."""
    extraido = documento.extraido
    assert isinstance(extraido, Extraido)
    extraido.empacotar()  # o que ainda estiver solto vira parte, na ordem
    campos = {nome: getattr(documento, nome) for nome in _CAMPOS}
    guardados = derrames.guardar(pasta_dos_derrames, extraido.derrames) if extraido.derrames else []
    cabecalho = pickle_seguro.gravar({"formato": FORMATO, "documento": campos, "extrator_id": extraido.extrator_id,
                                      "alertas": list(extraido.alertas), "derrames": guardados,
                                      "fusos_de_anexos": list(extraido.fusos_de_anexos)})
    return cabecalho, list(extraido.partes)


def derrames_citados(cabecalho: bytes) -> set[str]:
    """Os arquivos da pasta dos derrames que a leitura guardada usa (vazio se o cabeçalho é ilegível: ela não vale)."""
    try:
        objeto = pickle_seguro.carregar(cabecalho)
        return derrames.citados(objeto["derrames"]) if objeto.get("formato") == FORMATO else set()
    except (pickle.UnpicklingError, EOFError, KeyError, TypeError, AttributeError, ValueError):
        return set()


def sha256_de(cabecalho: bytes, partes: list[bytes]) -> str:
    """O SHA-256 da entrada inteira (cabeçalho e cada parte, com o tamanho antes: nenhuma fronteira se desloca)."""
    h = hashlib.sha256()
    for bloco in (cabecalho, *partes):
        h.update(len(bloco).to_bytes(8, "big"))
        h.update(bloco)
    return h.hexdigest()


def restaurar(cabecalho: bytes, partes: list[bytes], pasta_dos_derrames: Path) -> Documento:
    """O documento como saiu do auxiliar (os dados ficam nas partes, ou nos derrames conferidos, até o lote);
    ValueError se o conteúdo não é deste formato, traz algo além de dados puros ou cita um derrame que não confere."""
    try:
        objeto: Any = pickle_seguro.carregar(cabecalho)
        if not isinstance(objeto, dict) or objeto.get("formato") != FORMATO:
            raise ValueError("formato desconhecido")
        documento = Documento(**objeto["documento"])
        documento.extraido = Extraido(str(objeto["extrator_id"]), alertas=list(objeto["alertas"]), partes=list(partes),
                                      derrames=derrames.restaurar(pasta_dos_derrames, list(objeto["derrames"])),
                                      fusos_de_anexos=list(objeto.get("fusos_de_anexos") or []))
    except (pickle.UnpicklingError, EOFError, KeyError, TypeError, AttributeError, IndexError, ValueError) as erro:
        raise ValueError(f"leitura guardada ilegível: {erro}") from erro
    return documento
