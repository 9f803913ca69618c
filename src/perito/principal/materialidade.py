"""materialidade: a transferência que o relato conta está creditada na conta que a recebeu.

Valor ao centavo e mesmo dia (mesmo valor noutro dia nunca é materialidade); quando o relato
e o banco dão a hora, os relógios não podem distar mais que a tolerância. Grau:
- forte quando o registro bancário nomeia a vítima como pagadora (CPF igual, ou nome igual sem
  CPF que conflite, inclusive o mascarado do extrato), ou quando a chave ou a conta de destino
  contada no relato é, pelo DICT ou pelo próprio relato, a conta creditada e o banco não diz que outra pessoa pagou;
- moderado quando só valor e dia batem;
- nenhuma quando o pagador que o banco nomeia é a pessoa a quem a vítima diz ter pago (e não ela): é o repasse de
  quem recebeu da vítima, de mesmo valor e dia.
Uma conclusão por crédito, citando os relatos que batem.
"""

from __future__ import annotations

from typing import Any

from perito.principal import debito_relatado
from perito.principal.dinheiro import Lancamento, Modelo, Narrada, Vinculo, dias_do_relato, horas_distantes, mesmo_titular, modelo
from perito.principal.graus import explicar_familias
from perito.principal.identidades import Pessoa, abreviado, chave_escrita, outra_pessoa, pago_por_outra_pessoa
from perito.principal.indice import Indice
from perito.principal.ocorrencias import Ocorrencia
from perito.principal.parametros import Parametros
from perito.principal.referencias import referencias, titular_declarado

DESCRICAO = (
    "transferência do relato (valor ao centavo e mesmo dia; hora dentro da tolerância quando os dois a dão) creditada "
    "num extrato ou no SIMBA; ou debitada num extrato ligado ao relato (titular vítima, recebedor nomeado, chave ou "
    "conta contada)",
    "pagador no banco é a vítima (CPF, ou nome, inteiro ou abreviado pelo banco, sem CPF conflitante) ou a chave/conta "
    "contada é a creditada (DICT)",
    "só valor e dia batem",
)


def concluir(indice: Indice, parametros: Parametros) -> list[dict[str, Any]]:
    dinheiro = modelo(indice)
    creditos: dict[tuple, list[Lancamento]] = {}
    for lancamento in dinheiro.lancamentos:
        if lancamento.direcao == "credito":
            for dia in dias_do_relato(lancamento):
                creditos.setdefault((lancamento.quantia, dia), []).append(lancamento)
    por_credito: dict[int, tuple[Lancamento, list[Narrada]]] = {}
    for narrada in dinheiro.narradas:
        for credito in creditos.get((narrada.quantia, narrada.dia), []):
            if narrada.e_o_proprio(credito):
                continue  # o comprovante de que a transferência foi tirada não a confirma
            if horas_distantes(narrada, credito, parametros.tolerancia_hora_relato):
                continue
            por_credito.setdefault(id(credito), (credito, []))[1].append(narrada)
    razoes = {chave: _por_que_forte(dinheiro, credito, narradas) for chave, (credito, narradas) in por_credito.items()}
    # a transferência relatada achada num crédito pago pela vítima (ou pela chave ou conta que ela contou) não está
    # também no crédito de mesmo valor e dia que o banco diz pago por outra pessoa (o pagamento de um terceiro a outra
    # conta, no mesmo dia): ali só ficaria moderada por valor e dia, e o relato já está explicado
    explicadas = {id(n) for chave, (_, narradas) in por_credito.items() if razoes[chave][0] for n in narradas}
    conclusoes = []
    for chave, (credito, narradas) in por_credito.items():
        motivo, provas = razoes[chave]
        if not motivo and _pago_por_outro(credito, narradas):
            narradas = [n for n in narradas if id(n) not in explicadas]
            if not narradas:
                continue
        if not motivo and _pago_por_quem_recebeu(indice, credito, narradas):
            continue
        conclusoes.append(_conclusao(dinheiro, credito, narradas, motivo, provas))
    # a mesma transferência pelo lado de quem pagou: o débito no extrato da vítima
    return conclusoes + debito_relatado.concluir(indice, dinheiro, parametros)


def _pago_por_outro(credito: Lancamento, narradas: list[Narrada]) -> bool:
    """O banco nomeia quem pagou, e não é a vítima de nenhum dos relatos."""
    pagador = credito.contraparte
    return pagador is not None and bool(pagador.nome) and all(
        n.vitima is not None and outra_pessoa(pagador, n.vitima) for n in narradas)


def _pago_por_quem_recebeu(indice: Indice, credito: Lancamento, narradas: list[Narrada]) -> bool:
    """O banco nomeia quem pagou, e é a pessoa a quem a vítima diz ter pago (nomeada na mesma frase do relato), não
    ela: o crédito de mesmo valor e dia é o repasse do recebedor, não a transferência relatada. Outro pagador qualquer
    (um parente que pagou pela vítima) fica moderado, com o nome dito na afirmação."""
    pagador = credito.contraparte
    if pagador is None or not pagador.nome:
        return False
    for narrada in narradas:
        if narrada.vitima is None or not outra_pessoa(pagador, narrada.vitima):
            return False
        recebedores = [o for o in indice.no_registro(narrada.valor, "nome_titular")
                       if o.meta.get("papel") not in ("vitima", "declarante", "comunicante")]
        if not any(not outra_pessoa(pagador, Pessoa(o.meta.get("nome_normalizado"), None)) for o in recebedores):
            return False
    return True


def _conclusao(dinheiro: Modelo, credito: Lancamento, narradas: list[Narrada], motivo: str,
               provas: list[Ocorrencia]) -> dict[str, Any]:
    grau = "forte" if motivo else "moderado"
    if not motivo and not any(n.vitima for n in narradas):
        # o relato não diz quem pagou: não há vítima a comparar com o pagador do banco (dizer que o banco não a nomeia
        # seria falso quando o pagador dele é ela)
        motivo = "valor e dia do relato batem com o crédito, mas o relato não nomeia quem pagou"
        if credito.contraparte is not None and credito.contraparte.literal:
            motivo += f" (no registro bancário, o pagador é {credito.contraparte.literal})"
    elif not motivo:
        motivo = "valor e dia do relato batem com o crédito, mas o registro bancário não nomeia a vítima como pagadora"
        if credito.contraparte is not None and credito.contraparte.literal:
            motivo += f" (o pagador ali é {credito.contraparte.literal})"
    # a família do relato conta pela vítima que ele qualifica (também quando o valor é o do comprovante dela)
    familias = {credito.familia, *(n.valor.familia for n in narradas), *(o.familia for o in provas),
                *(o.familia for n in narradas if n.vitima for o in n.vitima.provas)}
    motivo += f"; {explicar_familias(familias)}"
    relatos = "; ".join(n.descrever() + (f", vítima {n.vitima.descrever()}" if n.vitima else "") for n in narradas)
    citados: list[Ocorrencia] = [o for n in narradas for o in (*n.provas, *(n.vitima.provas if n.vitima else []))]
    citados += [*credito.provas, *provas]
    return {
        "tipo": "materialidade",
        "afirmacao": (
            f"A transferência {'do comprovante da vítima' if all(n.pelo_comprovante for n in narradas) else 'relatada'} "
            f"({relatos}) está creditada na conta de quem recebeu ({credito.descrever()}). "
            f"Grau {grau}: {motivo}."
        ),
        "grau_confianca": grau,
        "referencias": referencias(citados, titular_declarado(credito.valor) if provas else []),
        "chave_ordenacao": f"{credito.arquivo}|{credito.valor.dado['linha_ou_celula']}",
    }


def _por_que_forte(dinheiro: Modelo, credito: Lancamento, narradas: list[Narrada]) -> tuple[str, list[Ocorrencia]]:
    for narrada in narradas:
        if narrada.vitima and credito.contraparte and credito.contraparte.mesma(narrada.vitima):
            if narrada.vitima.cpf and credito.contraparte.cpf:
                como = "CPF igual"
            elif narrada.vitima.cpf and credito.contraparte.mascara:
                como = "nome igual, e os dígitos visíveis do CPF mascarado no banco são os do CPF da vítima"
            else:
                como = "nome igual, sem CPF que conflite"
            return f"o pagador no registro bancário é a vítima ({como})", credito.contraparte.provas
        if pago_por_outra_pessoa(credito.contraparte, narrada.vitima):
            # o banco diz que outra pessoa pagou este crédito: a chave ou a conta contada não o faz da vítima (fica
            # moderado, com o nome de quem pagou na afirmação)
            continue
        for chave, ocorrencia in narrada.chaves:
            for vinculo in dinheiro.vinculos_da_chave(chave, narrada.dia):
                if mesmo_titular(credito, vinculo.titular, vinculo.conta) or dinheiro.recebe_na_chave(credito, chave):
                    return _pela_chave(ocorrencia, vinculo), [ocorrencia, *vinculo.provas]
        for conta, ocorrencia in narrada.contas:
            if credito.conta and conta == credito.conta:
                return f"a conta de destino contada no relato ({ocorrencia.literal}) é a conta creditada", [ocorrencia]
    # o nome abreviado pelo banco ("HELENA M") só quando nada mais liga o crédito ao relato: a chave ou a conta pelo
    # DICT diz mais (três famílias)
    for narrada in narradas:
        if narrada.vitima and credito.contraparte and abreviado(credito.contraparte, narrada.vitima):
            return (f"o pagador no registro bancário é a vítima, com o nome abreviado pelo banco "
                    f"({credito.contraparte.literal}, de {narrada.vitima.literal})"), credito.contraparte.provas
    return "", []


def _pela_chave(ocorrencia: Ocorrencia, vinculo: Vinculo) -> str:
    titular = vinculo.titular.descrever() if vinculo.titular else "o titular"
    return (
        f"a chave Pix contada no relato ({chave_escrita(ocorrencia)}) pertence, no DICT ({vinculo.ocorrencia.onde}), a "
        f"{titular}, titular da conta creditada"
    )
