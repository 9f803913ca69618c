"""Extração de um TXT ou CSV volumoso parte a parte, no auxiliar, com os dados gravados em disco (`derrame`).

Cada parte (`leitura.em_partes`) é extraída como um documento comum, pelo extrator que a primeira parte escolheu;
de cada uma ficam só os dados dos registros que ela possui (o preâmbulo é da primeira; a sobreposição, de quem
começa o registro). O resultado é o mesmo da extração do arquivo inteiro, com a memória de uma parte.
"""

from __future__ import annotations

import gc
import hashlib
import time
from pathlib import Path

from perito.derrame import Gravador, linha_do_registro
from perito.extratores.base import Extrator
from perito.extratores.lotes import Extraido, extrair_documento
from perito.extratores.registro import escolher
from perito.leitura import em_partes
from perito.leitura.documento import Documento
from perito.leitura.isolamento import Tarefa


def caminho_do_derrame(pasta: Path, nome: str) -> Path:
    return pasta / f"{hashlib.sha256(nome.encode('utf-8')).hexdigest()[:24]}.dados"


def extrair_em_partes(caminho: Path, nome: str, tipo: str, pasta_do_derrame: Path,
                      linhas_por_parte: int = em_partes.LINHAS_POR_PARTE, preambulo: int = em_partes.PREAMBULO,
                      sobreposicao: int = em_partes.SOBREPOSICAO) -> Documento:
    """Lê e extrai o arquivo em partes; devolve o documento (metadados, alertas) com o `Extraido` apontando o
    derrame. Uma parte cujo extrator falha invalida o arquivo inteiro, como na extração de uma vez."""
    inicio = time.monotonic()
    gravador = Gravador(caminho_do_derrame(pasta_do_derrame, nome), nome)
    extrator: Extrator | None = None
    alertas: dict[str, None] = {}  # em ordem, sem repetir o que cada parte diz do mesmo preâmbulo
    alertas_da_leitura: dict[str, None] = {}
    final = Documento(arquivo=nome, tipo=tipo)
    trechos = 0
    falhou = False
    ligado = gc.isenabled()
    gc.disable()  # como em `extrair_no_auxiliar`: milhões de objetos de vida longa, nenhum ciclo
    try:
        for parte in em_partes.partes(caminho, nome, tipo, linhas_por_parte, preambulo, sobreposicao):
            documento = parte.documento
            extrator = extrator or escolher(documento)
            extraido = extrair_documento(documento, extrator=extrator)
            alertas_da_leitura.update(dict.fromkeys(documento.alertas))
            alertas.update(dict.fromkeys(extraido.alertas))
            final.metodo_extracao, final.codificacao = documento.metodo_extracao, documento.codificacao
            final.delimitador, final.parcial = documento.delimitador, documento.parcial or final.parcial
            trechos += sum(1 for t in documento.trechos if parte.dona(int(t.localizacao.split()[-1])))
            if extraido.falhou:
                falhou = True
                final.parcial = documento.parcial
                break
            for dado in extraido.todos():
                if parte.dona(linha_do_registro(dado)):
                    gravador.acrescentar(dado)
            del documento, extraido
            parte.documento = Documento(arquivo=nome, tipo=tipo)
            gc.collect(0)
    except MemoryError:
        gravador.descartar()
        raise
    except Exception as erro:  # arquivo que some ou muda no meio, disco cheio: o arquivo fica em ERRO, o caso segue
        gravador.descartar()
        motivo = erro.strerror if isinstance(erro, OSError) and erro.strerror else f"{type(erro).__name__}: {erro}"
        return Documento(arquivo=nome, tipo=tipo, metodo_extracao=tipo,
                         erro=f"falha ao ler o arquivo volumoso em partes ({str(motivo)[:160]})")
    except BaseException:
        gravador.descartar()
        raise
    finally:
        if ligado:
            gc.enable()
    if falhou:
        gravador.descartar()
        saida = Extraido(extrator.extrator_id if extrator else "extrator_generico_01", falhou=True)
    else:
        saida = Extraido(extrator.extrator_id if extrator else "extrator_generico_01", derrame=gravador.fechar())
    saida.alertas.extend(alertas)
    final.alertas = list(alertas_da_leitura)
    final.extraido = saida
    final.trechos_descartados = trechos
    final.segundos_extracao = round(time.monotonic() - inicio, 3)
    return final


def extrair_tarefa_em_partes(tarefa: Tarefa) -> Documento:
    """`leitura.isolamento.LerEmPartes` da análise: a tarefa de um arquivo volumoso, no auxiliar."""
    assert tarefa.derrame is not None
    return extrair_em_partes(tarefa.caminho, tarefa.nome, tarefa.tipo, tarefa.derrame)
