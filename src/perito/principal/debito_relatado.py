"""materialidade pelo lado de quem pagou: a transferência que o relato conta está debitada num extrato.

A vítima entrega o próprio extrato (a exportação do aplicativo, sem cabeçalho de titular, é o comum) e o relato conta
o Pix: o débito de mesmo valor ao centavo e mesmo dia, na hora contada (dentro da tolerância, quando os dois a dizem),
é a saída do dinheiro. Mesmo valor e dia não bastam aqui (um extrato tem muitos débitos, e o da conta que recebeu
repassa o mesmo valor no mesmo dia): o débito vale quando algo o liga ao relato, e cada ligação é dita na afirmação:
- o extrato declara a vítima como titular (CPF igual, ou nome igual sem CPF que conflite);
- o débito nomeia quem a vítima diz ter pago, na frase do relato;
- o débito escreve a chave ou a conta contada no relato, ou a conta que o DICT dá à chave contada.
Fica de fora o débito de um extrato de outro titular, e o que nomeia um recebedor que não é o do relato.
Grau forte (duas famílias, banco e relato, e o registro bancário ligado ao relato por uma dessas vias).
"""

from __future__ import annotations

from typing import Any

from perito.principal.dinheiro import Lancamento, Modelo, Narrada, horas_distantes
from perito.principal.graus import explicar_familias
from perito.principal.identidades import Pessoa, abreviado, chave_pix, outra_pessoa
from perito.principal.indice import Indice
from perito.principal.lacunas import chave_conta
from perito.principal.ocorrencias import Ocorrencia
from perito.principal.parametros import Parametros
from perito.principal.referencias import referencias, titular_declarado

#: quem a frase do relato qualifica e não recebeu o dinheiro
_PAPEIS_DE_QUEM_CONTA = ("vitima", "declarante", "comunicante")


def concluir(indice: Indice, dinheiro: Modelo, parametros: Parametros) -> list[dict[str, Any]]:
    por_debito: dict[int, tuple[Lancamento, list[tuple[Narrada, list[str], list[Ocorrencia]]]]] = {}
    for narrada in dinheiro.narradas:
        recebedores = _recebedores(indice, narrada)
        for debito in dinheiro.de_quantia_e_dia(narrada.quantia, narrada.dia):
            if debito.direcao != "debito" or horas_distantes(narrada, debito, parametros.tolerancia_hora_relato):
                continue
            if narrada.e_o_proprio(debito):
                continue  # o comprovante de que a transferência foi tirada não confirma a si mesmo
            ligacoes = _ligacoes(indice, dinheiro, narrada, debito, recebedores)
            if ligacoes is not None:
                por_debito.setdefault(id(debito), (debito, []))[1].append((narrada, *ligacoes))
    return [_conclusao(debito, achados) for debito, achados in por_debito.values()]


def _recebedores(indice: Indice, narrada: Narrada) -> list[Pessoa]:
    """Quem a frase do relato nomeia e não é quem conta: a pessoa a quem a vítima diz ter pago."""
    return [Pessoa(o.meta.get("nome_normalizado"), None, provas=[o], literal=o.literal)
            for o in indice.no_registro(narrada.valor, "nome_titular")
            if o.meta.get("papel") not in _PAPEIS_DE_QUEM_CONTA and o.meta.get("nome_normalizado")]


def _ligacoes(indice: Indice, dinheiro: Modelo, narrada: Narrada, debito: Lancamento,
              recebedores: list[Pessoa]) -> tuple[list[str], list[Ocorrencia]] | None:
    """O que liga o débito ao relato (motivos e provas), ou None quando nada liga ou algo o desliga."""
    motivos: list[str] = []
    provas: list[Ocorrencia] = []
    titular, vitima = debito.titular, narrada.vitima
    if titular is not None and (titular.nome or titular.cpf):
        if vitima is None or outra_pessoa(titular, vitima) or not titular.mesma(vitima):
            return None  # o extrato é de outra pessoa (ou não se sabe se é da vítima): a saída não é a dela
        motivos.append(f"o extrato declara a vítima como titular ({titular.descrever()})")
        provas.extend(titular.provas)
    contraparte = debito.contraparte
    if contraparte is not None and contraparte.nome and recebedores:
        # o nome que o Pix mostrou à vítima vem abreviado ("RAFAEL D LIMA"), e o banco o escreve inteiro, ou o contrário
        iguais = [r for r in recebedores if contraparte.mesma(r) or abreviado(contraparte, r) or abreviado(r, contraparte)]
        if not iguais and all(outra_pessoa(contraparte, r) for r in recebedores):
            return None  # o débito paga outra pessoa que não a do relato
        if iguais:
            # no termo do investigado não há vítima: é ele quem conta o repasse
            quem = "o investigado diz ter pago" if narrada.do_investigado else "a vítima diz ter pago"
            motivos.append(f"o débito nomeia quem {quem} ({contraparte.descrever()})")
            provas.extend([*contraparte.provas, *iguais[0].provas])
    destino = _destino_contado(indice, dinheiro, narrada, debito)
    if destino is not None:
        motivos.append(destino[0])
        provas.extend(destino[1])
    return (motivos, provas) if motivos else None


def _destino_contado(indice: Indice, dinheiro: Modelo, narrada: Narrada,
                     debito: Lancamento) -> tuple[str, list[Ocorrencia]] | None:
    """A chave ou a conta que o relato conta, escrita no débito (ou a conta que o DICT dá à chave contada)."""
    escritas = {k: o for o in indice.no_registro(debito.valor, "chave_pix") if (k := chave_pix(o))}
    contas = {k: o for o in indice.no_registro(debito.valor, "conta_bancaria")
              if (k := chave_conta(o.meta)) and k != debito.conta}
    for chave, ocorrencia in narrada.chaves:
        if chave in escritas:
            return (f"o débito escreve a chave Pix contada no relato ({ocorrencia.literal})",
                    [ocorrencia, escritas[chave]])
        for vinculo in dinheiro.vinculos_da_chave(chave, narrada.dia):
            if vinculo.conta and vinculo.conta in contas:
                return (f"o débito escreve a conta que o DICT ({vinculo.ocorrencia.onde}) dá à chave contada no relato "
                        f"({ocorrencia.literal})", [ocorrencia, contas[vinculo.conta], *vinculo.provas])
    for conta, ocorrencia in narrada.contas:
        if conta in contas:
            return f"o débito escreve a conta contada no relato ({ocorrencia.literal})", [ocorrencia, contas[conta]]
    return None


def _conclusao(debito: Lancamento, achados: list[tuple[Narrada, list[str], list[Ocorrencia]]]) -> dict[str, Any]:
    narradas = [n for n, _, _ in achados]
    motivos = list(dict.fromkeys(m for _, ms, _ in achados for m in ms))
    familias = {debito.familia, *(n.valor.familia for n in narradas)}
    relatos = "; ".join(n.descrever() + (f", vítima {n.vitima.descrever()}" if n.vitima else "") for n in narradas)
    citados: list[Ocorrencia] = [o for n in narradas for o in (*n.provas, *(n.vitima.provas if n.vitima else []))]
    citados += [*debito.provas, *(o for _, _, provas in achados for o in provas)]
    titular = debito.titular is not None and bool(debito.titular.nome or debito.titular.cpf)
    return {
        "tipo": "materialidade",
        "afirmacao": (
            f"A transferência relatada ({relatos}) está debitada no extrato de quem pagou ({debito.descrever()}). "
            f"Grau forte: {'; '.join(motivos)}; {explicar_familias(familias)}."
        ),
        "grau_confianca": "forte",
        "referencias": referencias(citados, titular_declarado(debito.valor) if titular else []),
        "chave_ordenacao": f"{debito.arquivo}|{debito.valor.dado['linha_ou_celula']}",
    }
