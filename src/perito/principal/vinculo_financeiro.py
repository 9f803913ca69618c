"""vinculo_financeiro: o caminho do dinheiro entre contas.

Cadeia (a partir do relato): a vítima conta uma transferência para uma chave Pix; o DICT liga a
chave a um titular e a uma conta; o extrato dessa conta (ou o SIMBA) registra o crédito de mesmo
valor no mesmo dia; dali o dinheiro sai em saltos (débitos dentro da janela de repasse), cada um
dito com valor, instante, fração do que entrou e tempo desde o crédito, e confirmado no SIMBA da
conta de destino quando ele está no caso. Grau pelas famílias independentes que confirmam a
cadeia (relato, cadastro Pix, banco): três, forte; duas, moderado.

Salto entre extratos: um salto liga um débito no extrato de uma conta a um crédito no extrato de outra: o
mesmo valor, no mesmo dia, e as contrapartes que se reconhecem (o débito nomeia o
titular da conta que recebe ou escreve a agência e a conta dele, o crédito nomeia o titular da conta que paga ou
escreve a conta dela). Grau: forte com as duas contrapartes batendo, moderado com uma, e sem nenhuma não há salto.
Depois do crédito, as saídas da conta recebedora dentro da janela de repasse são
listadas como a continuação do caminho.
"""

from __future__ import annotations

import bisect
from typing import Any

from perito.chaves import tempo
from perito.principal import contas_do_arquivo
from perito.principal.dinheiro import Lancamento, Modelo, Narrada, Vinculo, decorrido, mesmo_titular, modelo
from perito.principal.graus import explicar_familias, independentes, por_familias, teto_uma_familia
from perito.principal.identidades import chave_escrita, pago_por_outra_pessoa
from perito.principal.indice import Indice
from perito.principal.lacunas import chave_conta
from perito.principal.ocorrencias import Ocorrencia
from perito.principal.parametros import Parametros
from perito.principal.referencias import referencias, titular_declarado
from perito.principal.repasse import percentual, repasse_do_credito, salto
from perito.principal.transacoes import (
    Transacao,
    debitos_no_relogio_do_extrato,
    debitos_por_arquivo,
    instantes_dos_debitos,
    intervalo,
    transacoes,
)

DESCRICAO = (
    "cadeia relato → chave Pix → DICT → crédito na conta → saídas em minutos (e o SIMBA do destino); "
    "ou débito num extrato e crédito de mesmo valor e dia noutro, com as contrapartes se reconhecendo",
    "três famílias independentes confirmam a cadeia (relato, DICT, banco)",
    "duas famílias; ou, entre dois extratos (uma família só), as contrapartes se reconhecendo",
)


def saltos(indice: Indice) -> list[tuple[Transacao, Transacao, int]]:
    """(débito, crédito, contrapartes que batem) para cada salto entre extratos (junção por valor e dia)."""
    if "saltos" in indice.memoria:
        return indice.memoria["saltos"]  # type: ignore[return-value]
    lancamentos = transacoes(indice, "banco")
    # um salto exige ao menos uma contraparte reconhecida: junção por (valor, dia, nome) dos dois lados, ou pela conta
    # que o débito escreve ("TED ENVIADA BCO 341 AG 7788 CC 0010203-4") e a do extrato que recebe
    por_titular: dict[tuple, list[Transacao]] = {}
    por_contraparte: dict[tuple, list[Transacao]] = {}
    por_conta: dict[tuple, list[Transacao]] = {}
    for t in lancamentos:
        if t.direcao == "credito" and t.dia:
            if t.nome_titular:
                por_titular.setdefault((t.quantia, t.dia, t.nome_titular), []).append(t)
            if t.nome_contraparte:
                por_contraparte.setdefault((t.quantia, t.dia, t.nome_contraparte), []).append(t)
            if t.conta_do_extrato:
                por_conta.setdefault((t.quantia, t.dia, t.conta_do_extrato), []).append(t)
    encontrados = []
    for debito in lancamentos:
        if debito.direcao != "debito" or not debito.dia:
            continue
        destinos = {chave_conta(o.meta) for o in debito.contas_escritas()} if por_conta else set()
        candidatos = [
            *por_titular.get((debito.quantia, debito.dia, debito.nome_contraparte), []),
            *por_contraparte.get((debito.quantia, debito.dia, debito.nome_titular), []),
            *(c for conta in sorted(destinos) for c in por_conta.get((debito.quantia, debito.dia, conta), [])),
        ]
        for credito in dict.fromkeys(candidatos):
            if credito.valor.arquivo == debito.valor.arquivo:
                continue
            recebe = (bool(debito.nome_contraparte) and debito.nome_contraparte == credito.nome_titular
                      or credito.conta_do_extrato in destinos)
            paga = (bool(credito.nome_contraparte) and credito.nome_contraparte == debito.nome_titular
                    or debito.conta_do_extrato in {chave_conta(o.meta) for o in credito.contas_escritas()})
            encontrados.append((debito, credito, int(recebe) + int(paga)))
    indice.memoria["saltos"] = encontrados
    return encontrados


def repasses(indice: Indice, credito: Transacao, parametros: Parametros) -> list[Transacao]:
    """Débitos da conta que recebeu, depois do crédito e dentro da janela de repasse (pelo relógio do extrato, quando
    ele não declara o fuso)."""
    if credito.instante is None:
        if (local := credito.local) is None:
            return []
        debitos, locais = debitos_no_relogio_do_extrato(indice, credito.valor.arquivo)
        achados = debitos[bisect.bisect_right(locais, local):bisect.bisect_right(locais, local + parametros.janela_repasse)]
    else:
        debitos = debitos_por_arquivo(indice).get(credito.valor.arquivo, [])
        instantes = instantes_dos_debitos(indice, credito.valor.arquivo)
        inicio = bisect.bisect_right(instantes, credito.instante)
        achados = debitos[inicio:bisect.bisect_right(instantes, credito.instante + parametros.janela_repasse)]
    # o arquivo com os extratos de duas contas: só as saídas da conta que recebeu
    if (campo := _campo_das_contas(indice, credito.valor.arquivo)) is None:
        return achados
    conta = contas_do_arquivo.secao(credito.valor.meta.get("contexto_titular"), campo)
    return [d for d in achados if conta is None
            or contas_do_arquivo.secao(d.valor.meta.get("contexto_titular"), campo) in (None, conta)]


def _campo_das_contas(indice: Indice, arquivo: str) -> str | None:
    """O campo da declaração de titular que separa as contas do arquivo (`contas_do_arquivo`), uma vez por arquivo."""
    if "campo_das_contas" not in indice.memoria:
        por_arquivo: dict[str, list[Any]] = {}
        for t in transacoes(indice, "banco"):  # uma passada para todos os arquivos
            por_arquivo.setdefault(t.valor.arquivo, []).append(t.valor.meta.get("contexto_titular"))
        indice.memoria["campo_das_contas"] = {a: contas_do_arquivo.chave_da_secao(c) for a, c in por_arquivo.items()}
    return indice.memoria["campo_das_contas"].get(arquivo)  # type: ignore[union-attr,no-any-return]


def concluir(indice: Indice, parametros: Parametros) -> list[dict[str, Any]]:
    return _cadeias(indice, parametros) + _entre_extratos(indice, parametros)


def _cadeias(indice: Indice, parametros: Parametros) -> list[dict[str, Any]]:
    dinheiro = modelo(indice)
    conclusoes = []
    vistas: set[int] = set()
    for narrada in dinheiro.narradas:
        for chave, ocorrencia in narrada.chaves:
            for vinculo in dinheiro.vinculos_da_chave(chave, narrada.dia):
                # sem o extrato da conta de destino, o comprovante que deu a chave é o registro bancário da transferência
                credito = _credito_da_conta(dinheiro, narrada, vinculo.titular, vinculo.conta, chave) or narrada.comprovante
                if credito is None or id(credito) in vistas:
                    continue
                vistas.add(id(credito))
                conclusoes.append(_cadeia(dinheiro, narrada, ocorrencia, vinculo, credito, parametros))
        for conta, ocorrencia in narrada.contas:  # o relato diz a agência e a conta de destino
            credito = _credito_da_conta(dinheiro, narrada, None, conta)
            if credito is None or id(credito) in vistas:
                continue
            vistas.add(id(credito))
            conclusoes.append(_cadeia(dinheiro, narrada, ocorrencia, None, credito, parametros))
    return conclusoes


def _credito_da_conta(dinheiro: Modelo, narrada: Narrada, titular, conta: str | None,
                      chave: str | None = None) -> Lancamento | None:
    # a conta pelo titular ou pela conta declarados no extrato; ou, no relatório que não declara a conta, pela chave de
    # destino escrita no próprio crédito ("Chave Pix de destino": a chave que a vítima pagou, que o DICT dá ao titular)
    # o crédito que o banco diz pago por outra pessoa (não a vítima do relato) não é a transferência relatada: a
    # cadeia não passa por ele (a materialidade o diz moderado, com o nome de quem pagou)
    candidatos = [
        t for t in dinheiro.de_quantia_e_dia(narrada.quantia, narrada.dia)
        if t.direcao == "credito" and not _outra_conta(t.conta, conta) and not narrada.e_o_proprio(t)
        and (mesmo_titular(t, titular, conta) or (chave is not None and dinheiro.recebe_na_chave(t, chave)))
        and not pago_por_outra_pessoa(t.contraparte, narrada.vitima)
    ]
    return min(candidatos, key=lambda t: (t.simba, t.valor.seq)) if candidatos else None


def _outra_conta(do_extrato: str | None, do_dict: str | None) -> bool:
    """O extrato declara uma conta e o DICT vincula a chave a outra (o mesmo titular pode ter duas): o crédito dela
    não é o da conta vinculada. Pelo número da conta ("agência|conta"), com ou sem o dígito verificador de um lado; sem
    o número de um dos lados, não se sabe (não é outra)."""
    a = (do_extrato or "").rsplit("|", 1)[-1]
    b = (do_dict or "").rsplit("|", 1)[-1]
    if not a or not b or a == b:
        return False
    curta, longa = sorted((a, b), key=len)
    return not (len(longa) - len(curta) == 1 and longa.startswith(curta))


def saidas(dinheiro: Modelo, credito: Lancamento, parametros: Parametros) -> list[Lancamento]:
    """Débitos da mesma conta depois do crédito, dentro da janela de repasse; num extrato sem hora, os débitos do
    mesmo dia escritos logo depois do crédito (`Modelo.em_seguida`)."""
    if credito.instante is None and credito.local is None:
        seguintes = dinheiro.em_seguida(credito)
    else:
        seguintes = dinheiro.debitos_depois(credito, parametros.janela_repasse)
    # o que volta para quem pagou (a devolução à vítima, escrita como um Pix enviado a ela) não sai para ninguém
    pagador = credito.contraparte
    return [t for t in seguintes if not (pagador is not None and t.contraparte is not None and t.contraparte.mesma(pagador))]


def confirmacao_simba(dinheiro: Modelo, saida: Lancamento, pagador) -> Lancamento | None:
    """O crédito de mesmo valor e dia no SIMBA de outra conta, vindo do titular que pagou."""
    for t in dinheiro.creditos_simba(saida.quantia, saida.dia):
        if t.contraparte is not None and pagador is not None and t.contraparte.mesma(pagador):
            return t
    return None


def _cadeia(dinheiro: Modelo, narrada: Narrada, destino: Ocorrencia, vinculo: Vinculo | None, credito: Lancamento,
            parametros: Parametros) -> dict[str, Any]:
    citados: list[Ocorrencia] = [*narrada.provas, destino, *credito.provas]
    familias = {narrada.valor.familia, credito.familia}
    if vinculo is not None:
        titular = vinculo.titular.descrever() if vinculo.titular else "o titular"
        partes = [
            f"O relato ({narrada.descrever()}) conta a transferência para a chave Pix {chave_escrita(destino)}",
            f"o DICT ({vinculo.ocorrencia.onde}) vincula essa chave a {titular}",
            f"a conta vinculada registra o crédito ({credito.descrever()})",
        ]
        if (comprovante := narrada.comprovante) is not None:
            # o relato conta o valor; a chave vem do comprovante do banco (e, sem o extrato de destino, o crédito também)
            # o comprovante ou a linha do extrato de quem pagou: o registro bancário da transferência
            if narrada.e_o_proprio(comprovante):
                # a transferência é a do comprovante da vítima (o relato não diz o valor): ele mesmo dá a chave
                partes[0] = (f"O comprovante da vítima ({comprovante.descrever()}) dá a transferência para a chave Pix "
                             f"{chave_escrita(destino)}")
            else:
                partes[0] = (f"O relato ({narrada.descrever()}) conta a transferência; o registro bancário "
                             f"({comprovante.descrever()}) a dá para a chave Pix {chave_escrita(destino)}")
            citados += comprovante.provas
            familias.add(comprovante.familia)
            if credito is comprovante:
                partes.pop()
        citados += vinculo.provas
        familias.add(vinculo.ocorrencia.familia)
    else:
        partes = [
            # "conta 88123456-2 agência 0001" (a conta escrita antes da agência) já diz "conta"
            f"O relato ({narrada.descrever()}) conta a transferência para "
            f"{'a ' if destino.literal.lower().startswith('conta') else 'a conta '}{destino.literal}",
            f"essa conta registra o crédito ({credito.descrever()})",
        ]
    if (grupo := repasse_do_credito(dinheiro, credito, parametros)) is not None and len(grupo.creditos) > 1:
        # o crédito saiu junto com outros numa saída maior: a fração de cada saída sobre este crédito só ("291% dos
        # 1.200,00 recebidos") diria que saiu mais do que entrou; o grupo diz o que entrou junto e o que saiu
        partes.append("o crédito sai junto com outros que entraram antes da saída: " + salto(grupo))
        citados += [o for t in (*grupo.creditos, *grupo.saidas) for o in t.provas]
        familias.update(t.familia for t in grupo.saidas)
    saltos_ = []
    for saida in ([] if grupo is not None and len(grupo.creditos) > 1 else saidas(dinheiro, credito, parametros)):
        passou = decorrido(credito, saida)
        depois = tempo.duracao(passou) if passou is not None else None
        # a base da porcentagem escrita ao lado: o validador refaz a conta com os dois valores citados
        texto = f"{saida.descrever()}, {percentual(saida.quantia, credito.quantia)} dos {credito.escrito()} recebidos"
        if depois:
            texto += f", {depois} depois do crédito"
        elif dinheiro.decrescente(credito.extrato):
            texto += ", no mesmo dia, logo acima do crédito no extrato (do mais recente para o mais antigo, sem hora)"
        else:
            texto += ", no mesmo dia, logo abaixo do crédito no extrato (sem hora)"
        citados += saida.provas
        if confirmado := confirmacao_simba(dinheiro, saida, credito.titular):
            texto += f", confirmado no SIMBA da conta de destino ({confirmado.descrever()})"
            citados += confirmado.provas
            familias.add(confirmado.familia)
        saltos_.append(texto)
    if saltos_:
        partes.append("em seguida saem da conta: " + "; ".join(saltos_))
    grau = por_familias(len(independentes(familias)))
    return {
        "tipo": "vinculo_financeiro",
        "afirmacao": "; ".join(partes) + f". Grau {grau}: a cadeia é confirmada por {explicar_familias(familias)}.",
        "grau_confianca": grau,
        "referencias": referencias(citados, titular_declarado(credito.valor)),
        "chave_ordenacao": f"{credito.arquivo}|{credito.valor.dado['linha_ou_celula']}",
    }


def _entre_extratos(indice: Indice, parametros: Parametros) -> list[dict[str, Any]]:
    conclusoes = []
    for debito, credito, batem in saltos(indice):
        grau = "forte" if batem == 2 else "moderado"
        motivo = (
            "mesmo valor, mesmo dia e as duas contrapartes se reconhecem "
            f"(o débito {_como_aponta(debito, credito)}, o crédito nomeia quem paga)"
            if batem == 2 else "mesmo valor e mesmo dia, mas só uma das contrapartes se reconhece nos extratos"
        )
        # dois extratos são a mesma família (banco): uma fonte só, nunca forte
        grau, teto = teto_uma_familia(grau, {debito.valor.familia, credito.valor.familia})
        if teto:
            motivo += f"; {teto}"
        pagador = f"da conta de {debito.titular.literal}" if debito.titular else "da conta pagadora"
        recebedor = f"na conta de {credito.titular.literal}" if credito.titular else "na conta recebedora"
        texto = f"O valor sai {pagador} ({debito.descrever()}) e entra {recebedor} ({credito.descrever()})."
        seguintes = repasses(indice, credito, parametros)
        if seguintes:
            partes = []
            for t in seguintes:
                depois = intervalo(credito, t)
                partes.append(f"{t.descrever()}" + (f", {depois} depois do crédito" if depois else ""))
            texto += " Em seguida saem da conta recebedora: " + "; ".join(partes) + "."
        citados = [o for t in (debito, credito, *seguintes) for o in t.ocorrencias]
        citados += [o for o in debito.contas_escritas() if chave_conta(o.meta) == credito.conta_do_extrato]
        titulares = [t.titular for t in (debito, credito) if t.titular]
        conclusoes.append({
            "tipo": "vinculo_financeiro",
            "afirmacao": f"{texto} Grau {grau}: {motivo}.",
            "grau_confianca": grau,
            "referencias": referencias([*citados, *titulares]),
            "chave_ordenacao": f"{debito.valor.arquivo}|{debito.valor.dado['linha_ou_celula']}",
        })
    return conclusoes


def _como_aponta(debito: Transacao, credito: Transacao) -> str:
    """Como o débito reconhece quem recebe: pelo nome ou pela agência e conta escritas no lançamento."""
    if debito.nome_contraparte and debito.nome_contraparte == credito.nome_titular:
        return "nomeia quem recebe"
    conta = next(o for o in debito.contas_escritas() if chave_conta(o.meta) == credito.conta_do_extrato)
    return f"escreve a agência e a conta de quem recebe, {conta.literal}"
