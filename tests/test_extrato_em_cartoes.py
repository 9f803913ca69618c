"""O extrato do aplicativo em cartões, um campo por linha (sonda da vigésima segunda sessão).

"RAFAEL SOUZA PINTO" / "CPF •••.016.613-••" / "Agência 0001 • Conta 4471239-8" no topo, e cada lançamento num cartão
(o tipo, o nome, o CPF mascarado e o banco, a conta, a hora, o valor). Antes: o titular não era declarado (o CPF
mascarado debaixo do nome fazia dele uma contraparte, e o ponto "•" separava a agência da conta), e a conta de
passagem ficava AMBIGUO: o validador via a hora de um cartão ("15:21") e o valor do outro ("-R$ 2.300,00") em linhas
de texto sem registro e não confirmava que fossem do mesmo evento, embora cada valor tivesse a sua hora citada no seu
cartão. Armadilha: sem a hora do débito citada, a hora do crédito dada a ele continua AMBIGUO.
"""

from __future__ import annotations

import copy
import json

from perito.analise import Parametros, analisar
from perito.validador.agente import validar
from tests.conftest import BO_DA_ANA

_EXTRATO = """Nu Pagamentos S.A. - Instituição de Pagamento
Extrato da conta
RAFAEL SOUZA PINTO
CPF •••.016.613-••
Agência 0001 • Conta 4471239-8

14 JUL 2025

Transferência recebida pelo Pix
ANA BEATRIZ MOREIRA
•••.018.159-•• - BCO DO BRASIL S.A. (0001)
Agência: 1234 Conta: 56789-0
15:21
+R$ 2.350,00

Transferência enviada pelo Pix
LUCIANA FERREIRA DIAS
•••.607.334-•• - CAIXA ECONOMICA FEDERAL (0104)
Agência: 4321 Conta: 98765-4
15:40
-R$ 2.300,00
"""


def test_titular_do_topo_e_conta_de_passagem_verificada(tmp_path):
    caso = tmp_path / "caso"
    caso.mkdir()
    (caso / "bo.txt").write_text(BO_DA_ANA, encoding="utf-8")
    (caso / "extrato_app.txt").write_text(_EXTRATO, encoding="utf-8")
    analisar(Parametros(caso, tmp_path / "saida", data_analise="2025-12-01"))
    conclusoes = json.loads((tmp_path / "saida" / "conclusoes.json").read_text(encoding="utf-8"))
    laranja = next(c for c in conclusoes["conclusoes"] if c["tipo"] == "identificacao_laranja")
    assert laranja["afirmacao"].startswith("A conta de RAFAEL SOUZA PINTO (extrato_app.txt)")
    assert "até 14 JUL 2025 15:40, 19min00s depois" in laranja["afirmacao"]
    assert laranja["validacao"]["veredicto_geral"] == "VERIFICADO"

    sem_a_hora_do_debito = copy.deepcopy(laranja)
    sem_a_hora_do_debito["referencias"] = [r for r in laranja["referencias"] if r["dado_citado"] != "15:40"]
    assert len(sem_a_hora_do_debito["referencias"]) == len(laranja["referencias"]) - 1
    sem_a_hora_do_debito["validacao"] = None
    detalhes = validar({**conclusoes, "conclusoes": [sem_a_hora_do_debito]}, caso, "2025-12-01")["validacoes"][0]["detalhes"]
    assert [d["status"] for d in detalhes if d["dado_citado"] == "15:21"] == ["AMBIGUO"]
