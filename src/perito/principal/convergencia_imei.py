"""convergencia_imei: o mesmo aparelho (corpo de 14 dígitos do IMEI: TAC + série) em fontes diferentes.

IMEI com dígito verificador, sem ele e IMEISV se encontram pelo corpo. O IMEI
identifica um aparelho: duas famílias de fonte independentes dão forte; arquivos da
mesma família, moderado. Um dígito de Luhn inválido em qualquer ocorrência rebaixa o
grau e é dito na afirmação. Dentro da resposta da operadora, o mesmo aparelho com duas linhas ao
longo do tempo (troca de chip) é uma conclusão à parte, no máximo moderada (`imei_na_operadora`).
"""

from __future__ import annotations

from typing import Any

from perito.principal import graus, imei_na_operadora
from perito.principal.indice import Indice
from perito.principal.ocorrencias import Ocorrencia
from perito.principal.parametros import Parametros
from perito.principal.referencias import referencias
from perito.texto_ptbr import plural

#: linha da tabela de regras do README: o que compara, quando é forte, quando é moderado
DESCRICAO = (
    "mesmo corpo de 14 dígitos (IMEI, sem dígito, IMEISV) em arquivos diferentes; dígito de Luhn inválido rebaixa um "
    "grau e é dito",
    "duas famílias independentes, nomeadas na afirmação, e ao menos uma fonte escreve o IMEI inteiro com dígito "
    "verificador válido",
    "arquivos de uma família só; só o corpo de 14 dígitos ou o IMEISV (a validade pelo Luhn não se confere); o mesmo "
    "aparelho com duas linhas dentro da resposta da operadora (uma fonte só)",
)


def _com_digito_de_reserva(grupo: list[Ocorrencia]) -> list[Ocorrencia]:
    """As ocorrências da operadora cujo 15º dígito é 0 sem passar no Luhn, quando outra ocorrência do mesmo corpo
    escreve o IMEI com o verificador certo: o aparelho transmite o IMEI com o dígito de reserva zerado, e é assim
    que a bilhetagem o grava. Num documento de outra família, o 0 inválido continua possível erro de digitação."""
    if not any(o.meta.get("luhn_valido") is True and len(o.meta.get("digitos", "")) == 15 for o in grupo):
        return []
    return [o for o in grupo if o.familia == "operadora" and o.meta.get("luhn_valido") is False
            and len(digitos := o.meta.get("digitos", "")) == 15 and digitos.endswith("0")]


def concluir(indice: Indice, parametros: Parametros) -> list[dict[str, Any]]:
    conclusoes = []
    for corpo, grupo in indice.agrupar_entre_arquivos(indice.do_campo("imei"), lambda o: o.meta.get("imei_corpo")).items():
        arquivos = {o.arquivo for o in grupo}
        familias = {o.familia for o in grupo}
        if len(arquivos) < 2:
            continue
        # o IMEI identifica um aparelho: duas famílias independentes já bastam para forte
        grau = "forte" if len(graus.independentes(familias)) >= 2 else "moderado"
        motivo = f"o mesmo corpo de 14 dígitos (TAC e série) em {graus.explicar_familias(familias)}"
        reserva = sorted({o.literal for o in _com_digito_de_reserva(grupo)})
        invalidos = sorted(
            {o.literal for o in grupo if o.meta.get("luhn_valido") is False and len(o.meta.get("digitos", "")) == 15}
            - set(reserva)
        )
        if reserva:
            motivo += (f"; {', '.join(reserva)} termina em 0, o dígito de reserva que a rede grava no lugar do verificador "
                       "(3GPP TS 23.003), e o mesmo corpo aparece com o verificador certo noutra fonte")
        if invalidos:
            grau = graus.rebaixar(grau)
            motivo += f"; rebaixado porque o dígito de Luhn de {', '.join(invalidos)} é inválido (possível erro de digitação)"
        elif grau == "forte" and not any(o.meta.get("luhn_valido") is True and len(o.meta.get("digitos", "")) == 15
                                         for o in grupo):
            # só o corpo (14 dígitos) e o IMEISV, que não têm dígito verificador: um IMEI inválido (réplica, número
            # forjado) passaria igual; sem uma fonte que escreva o IMEI inteiro e válido, não é forte
            grau = "moderado"
            motivo += ("; moderado porque nenhuma fonte escreve o IMEI com o dígito verificador (só o corpo de 14 "
                       "dígitos ou o IMEISV): a validade pelo dígito de Luhn não pôde ser conferida")
        citados = _amostra(grupo)
        formas = "; ".join(f"{o.onde}: {o.literal}" for o in citados)
        if omitidas := len(grupo) - len(citados):
            formas += f"; e mais {plural(omitidas, 'ocorrência', 'ocorrências')} nos mesmos arquivos"
        conclusoes.append({
            "tipo": "convergencia_imei",
            "afirmacao": f"O mesmo aparelho aparece em {len(arquivos)} arquivos pelo IMEI ({formas}). Grau {grau}: {motivo}.",
            "grau_confianca": grau,
            "referencias": referencias(citados),
            "chave_ordenacao": corpo,
        })
    # o mesmo aparelho com duas linhas dentro da resposta da operadora (uma fonte só: no máximo moderado)
    return conclusoes + imei_na_operadora.concluir(indice)


def _amostra(grupo: list[Ocorrencia], limite: int = 3) -> list[Ocorrencia]:
    """As ocorrências dos primeiros `limite` locais de cada arquivo e a primeira de cada forma escrita (IMEI, sem o
    dígito, IMEISV), na ordem do grupo. Um registro de acessos repete o IMEI em cada linha: citar todas dava
    afirmações de milhares de locais e o validador relia cada um; as formas escritas (e a de Luhn inválido, dita
    no motivo) continuam todas citadas. Com até `limite` locais por arquivo, são todas."""
    locais: dict[str, set[tuple]] = {}
    formas: set[str] = set()
    escolhidas: set[int] = set()
    for o in sorted(grupo, key=lambda o: (o.arquivo, o.seq)):  # seq: ordem do documento no arquivo
        do_arquivo = locais.setdefault(o.arquivo, set())
        if o.local in do_arquivo or len(do_arquivo) < limite:
            do_arquivo.add(o.local)
        elif o.literal in formas:
            continue
        escolhidas.add(id(o))
        formas.add(o.literal)
    return [o for o in grupo if id(o) in escolhidas]
