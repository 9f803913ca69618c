"""O histórico de vínculos de uma chave Pix na resposta do DICT: a chave dita uma vez, os titulares em blocos com as datas.

    Chave consultada: ofertas.celulares.ld@gmail.com (tipo: e-mail)
    1) Vínculo de 03/02/2025 a 12/08/2025 (excluída pelo usuário)
       Titular: GILBERTO ... - CPF ...   Participante: PAGSEGURO ... - Agência 0001 - Conta 18273645-0
    2) Vínculo desde 15/08/2025 (ativa)
       Titular: ALINE ... - CPF ...      Participante: NU PAGAMENTOS ... - Agência 0001 - Conta 9920144-7

A chave é o contexto dito uma vez (FORMATOS §1) de cada bloco; cada bloco é um vínculo com o seu período (a posse da
chave e o fim dela, `extratores.reconhecedores._periodo_do_vinculo`, ou a criação e a exclusão da chave). O titular de
um vínculo só vale para os fatos dentro do período dele: quem teve a chave antes dos fatos não recebeu o Pix por ela.
Só com uma chave no arquivo, dois blocos ou mais, um titular em cada um e um período em todos; senão, nada (não se
escolhe um titular).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from perito.principal.indice import Indice
from perito.principal.ocorrencias import OUTROS_QUE_O_TITULAR, Ocorrencia

INICIOS = ("posse_chave", "criacao_chave")
FINS = ("fim_posse_chave", "cancelamento_linha")


@dataclass(slots=True)
class VinculoDoHistorico:
    nomes: list[Ocorrencia]
    cpfs: list[Ocorrencia]
    contas: list[Ocorrencia]
    inicio: Ocorrencia | None
    fim: Ocorrencia | None



def no_periodo(inicio: Ocorrencia | None, fim: Ocorrencia | None, dia: dt.date | None) -> bool:
    """O dia dentro do período escrito (sem o dia, ou sem as datas, não exclui)."""
    if dia is None:
        return True
    return ((inicio is None or inicio.dia is None or dia >= inicio.dia)
            and (fim is None or fim.dia is None or dia <= fim.dia))


def vinculos(indice: Indice, arquivo: str, chaves: set[str]) -> list[VinculoDoHistorico]:
    """Os vínculos do histórico da única chave do arquivo (`chaves`: as chaves normalizadas escritas nele), na ordem do
    documento; [] quando o arquivo não é um histórico assim."""
    if len(chaves) != 1:
        return []
    por_registro: dict[tuple[str, str], list[Ocorrencia]] = {}
    for o in indice.do_arquivo(arquivo, "nome_titular", "cpf", "conta_bancaria", "data_evento"):
        por_registro.setdefault(o.registro, []).append(o)
    achados: list[VinculoDoHistorico] = []
    for ocorrencias in sorted(por_registro.values(), key=lambda os: min(o.seq for o in os)):
        nomes = [o for o in ocorrencias if o.campo == "nome_titular" and o.meta.get("nome_normalizado")
                 and o.meta.get("papel") not in OUTROS_QUE_O_TITULAR]
        cpfs = [o for o in ocorrencias if o.campo == "cpf" and o.meta.get("digitos")]
        datas = [o for o in ocorrencias if o.campo == "data_evento" and o.dia is not None]
        inicio = next((d for d in datas if d.meta.get("papel") in INICIOS), None)
        fim = next((d for d in datas if d.meta.get("papel") in FINS), None)
        if not nomes and not cpfs:
            # as datas rotuladas do vínculo logo abaixo do titular ("Data do vínculo: ..." / "Data de desvinculação:
            # ...") podem formar um registro à parte: são do último vínculo, se ele ainda não tem aquela data
            if achados and (ultimo := achados[-1]) is not None:
                ultimo.inicio = ultimo.inicio or inicio
                ultimo.fim = ultimo.fim or fim
            continue
        if len({o.meta["nome_normalizado"] for o in nomes}) > 1 or len({o.meta["digitos"] for o in cpfs}) > 1:
            return []  # um bloco com duas pessoas: não é um vínculo
        contas = [o for o in ocorrencias if o.campo == "conta_bancaria"]
        achados.append(VinculoDoHistorico(nomes, cpfs, contas, inicio, fim))
    if len(achados) < 2 or any(v.inicio is None and v.fim is None for v in achados):
        return []
    return achados
