"""A linha de preâmbulo de uma tabela com rótulos e valores em células vizinhas: `"Cliente";"RAFAEL SOUZA PINTO";
"CPF";"083.016.613-05"` e `"Agência";"0001";"Conta";"4471239-8"` em cima do cabeçalho de um extrato em CSV.

Relida como texto, a linha é `"Cliente";"RAFAEL ..."`: sem os dois-pontos, o nome não tem rótulo, e a agência e a conta
não se juntam. Aqui a linha vira `Cliente: RAFAEL ...; CPF: 083...` para os reconhecedores, e cada achado volta à
célula do valor de onde veio (o dado é o texto da célula; a posição, a dela na linha). Só quando as células se
alternam entre rótulo conhecido (o nome de uma coluna: "Cliente", "CPF", "Agência", "Conta") e valor.
"""

from __future__ import annotations

from dataclasses import replace

from perito.extratores import colunas
from perito.extratores.achado import Achado
from perito.extratores.reconhecedores import reconhecer
from perito.leitura.documento import Trecho


def achados(trecho: Trecho) -> list[Achado] | None:
    """Os achados da linha: os do texto dela e, quando ela é de pares, os que só a leitura "rótulo: valor" acha (o nome
    do "Cliente"), na posição do valor na linha; None quando a linha não é de pares (o registro segue com os
    reconhecedores no texto da linha)."""
    if (dos_pares := _dos_pares(trecho)) is None:
        return None
    do_texto = reconhecer(trecho.texto)
    novos = [a for a in dos_pares if not any(a.inicio < b.fim and b.inicio < a.fim for b in do_texto)]
    return sorted([*do_texto, *novos], key=lambda a: (a.inicio, a.fim))


def _dos_pares(trecho: Trecho) -> list[Achado] | None:
    """Os achados da linha lida como pares "rótulo: valor", nas posições dos valores na linha."""
    celulas = [c for c in trecho.celulas or () if c.strip()]
    if len(celulas) < 2 or len(celulas) % 2 or not all(colunas.papel(rotulo) for rotulo in celulas[::2]):
        return None
    partes, mapa, cursor_linha = [], [], 0
    posicao = 0
    for rotulo, valor in zip(celulas[::2], celulas[1::2], strict=True):
        na_linha = trecho.texto.find(valor, trecho.texto.find(rotulo, cursor_linha) + len(rotulo))
        if na_linha < 0:
            return None
        cursor_linha = na_linha + len(valor)
        inicio_no_texto = posicao + len(rotulo) + 2
        partes.append(f"{rotulo}: {valor}")
        mapa.append((inicio_no_texto, inicio_no_texto + len(valor), na_linha))
        posicao += len(partes[-1]) + 2
    texto = "; ".join(partes)
    devolvidos = []
    for achado in reconhecer(texto):
        # a célula do valor em que o achado termina (a conta escrita em "Agência: 0001; Conta: 4471239-8" termina na
        # da conta)
        celula = next(((a, b, na_linha) for a, b, na_linha in mapa if a < achado.fim <= b), None)
        if celula is None:
            continue  # o rótulo sozinho ("Cliente"): nada a citar
        a, _, na_linha = celula
        dentro = texto[max(achado.inicio, a):achado.fim]  # o que está escrito na célula do valor (o dado citável)
        inicio = max(achado.inicio, a) - a + na_linha
        devolvidos.append(replace(achado, inicio=inicio, fim=inicio + len(dentro), dado=dentro))
    return devolvidos


def nas_celulas(celulas: list[Trecho]) -> list[tuple[Achado, Trecho]] | None:
    """A linha de planilha antes de qualquer cabeçalho com rótulos e valores em células vizinhas ("Cliente" |
    "RAFAEL ..." | "CPF" | "083..."): os achados de cada par "rótulo: valor", na célula do valor (quem chama junta só os
    que a leitura de cada célula não achou); None quando a linha não é de pares."""
    preenchidas = [c for c in celulas if c.texto.strip()]
    linha = Trecho(None, "", "\t".join(c.texto for c in preenchidas), "openpyxl",
                   celulas=tuple(c.texto for c in preenchidas))
    lidos = _dos_pares(linha)
    if lidos is None:
        return None
    inicios, posicao = [], 0
    for celula in preenchidas:
        inicios.append(posicao)
        posicao += len(celula.texto) + 1
    devolvidos = []
    for achado in lidos:
        indice = max(i for i, inicio in enumerate(inicios) if inicio <= achado.inicio)
        deslocamento = inicios[indice]
        devolvidos.append((replace(achado, inicio=achado.inicio - deslocamento, fim=achado.fim - deslocamento),
                           preenchidas[indice]))
    return devolvidos
