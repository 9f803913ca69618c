"""A leitura e a extração de um documento como entram no armazém e como saem dele.

Em JSON (compactado), nunca em pickle: o armazém está na pasta de saída, e um pickle adulterado ali executaria
código ao ser lido. Só entra o documento lido por inteiro e extraído sem falha no auxiliar: um documento parcial,
com erro ou que o auxiliar não conseguiu extrair é lido de novo na próxima execução (pode ter sido falta de tempo
ou de memória, não do arquivo).
"""

from __future__ import annotations

import dataclasses
import json
import zlib
from typing import Any

from perito.extratores.lotes import Extraido
from perito.leitura.documento import Documento

#: versão do formato abaixo; outra versão guardada não é lida
FORMATO = 1

#: campos que não entram: o texto e os registros já foram descartados no auxiliar; os desenhos são do validador;
#: tempos e memória são desta leitura, não de uma execução que a reaproveita
_FORA = {"trechos", "registros", "paginas_desenhadas", "extraido", "segundos", "segundos_extracao", "memoria_mib"}
_CAMPOS = [c.name for c in dataclasses.fields(Documento) if c.name not in _FORA]


def cabe(documento: Documento) -> bool:
    """Se o documento pode ser guardado: lido por inteiro, extraído no auxiliar sem falha."""
    extraido = documento.extraido
    return (isinstance(extraido, Extraido) and not extraido.falhou and not documento.erro and not documento.parcial
            and not documento.paginas_com_falha and not documento.trechos and not documento.registros)


def serializar(documento: Documento) -> bytes:
    """O documento (metadados e dados extraídos) em JSON compactado. Os dados do `Extraido` são desempacotados uma
    vez aqui e ficam nele, já prontos para o lote (o lote não os desempacota de novo)."""
    extraido = documento.extraido
    assert isinstance(extraido, Extraido)
    dados = extraido.todos()
    extraido.dados = dados
    campos = {nome: getattr(documento, nome) for nome in _CAMPOS}
    campos["confianca_ocr"] = sorted(documento.confianca_ocr.items())
    objeto = {"formato": FORMATO, "documento": campos,
              "extraido": {"extrator_id": extraido.extrator_id, "alertas": extraido.alertas, "dados": dados}}
    return zlib.compress(json.dumps(objeto, ensure_ascii=False, separators=(",", ":")).encode("utf-8"), 1)


def restaurar(conteudo: bytes) -> Documento:
    """O documento como saiu do auxiliar; ValueError se o conteúdo não é deste formato."""
    try:
        objeto: Any = json.loads(zlib.decompress(conteudo))
        if objeto.get("formato") != FORMATO:
            raise ValueError(f"formato {objeto.get('formato')!r}")
        campos = dict(objeto["documento"])
        campos["confianca_ocr"] = {int(pagina): float(valor) for pagina, valor in campos["confianca_ocr"]}
        documento = Documento(**campos)
        extraido = objeto["extraido"]
        documento.extraido = Extraido(str(extraido["extrator_id"]), dados=list(extraido["dados"]),
                                      alertas=list(extraido["alertas"]))
    except (zlib.error, UnicodeDecodeError, json.JSONDecodeError, KeyError, TypeError, AttributeError) as erro:
        raise ValueError(f"leitura guardada ilegível: {erro}") from erro
    return documento
