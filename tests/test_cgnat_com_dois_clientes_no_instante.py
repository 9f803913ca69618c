"""A resposta da operadora com duas alocações do mesmo IP público (blocos de portas diferentes, dois clientes) que
cobrem o instante de um acesso sem porta (vigésima primeira sessão, caso inteiro c1).

Antes: a convergência de IP citava só uma das duas alocações (a de PAULO, quando o golpe era do bloco de RAFAEL) e
dizia "sem porta de origem nos dois lados", embora a operadora desse os blocos. Agora diz de que lado falta a porta e
que a mesma resposta registra o IP, nesse instante, também na outra alocação: sem a porta, o IP não diz qual. Com a
porta no acesso, o bloco decide (forte) e a frase não aparece.
"""

from __future__ import annotations

from pathlib import Path

from tests.conftest import conclusoes_dos_textos

OPERADORA = ("Resposta ao Ofício 1123/2025 - Operadora Vértice Telecom\nHorários em horário de Brasília\n"
             "IP público;Porta inicial;Porta final;Início da alocação;Fim da alocação;MSISDN;Assinante;CPF/CNPJ\n"
             "177.45.12.9;51200;51455;14/07/2025 14:50:00;14/07/2025 16:30:00;21977771234;RAFAEL SOUZA PINTO;083.016.613-05\n"
             "177.45.12.9;51456;51711;14/07/2025 14:52:10;14/07/2025 17:05:00;21988880001;PAULO HENRIQUE ALVES;628.194.821-12\n")
PROVEDOR = ("WhatsApp Inc. - Response to Law Enforcement Request\nAccount Identifier: +5511987654321\n"
            "Connection Log (all times UTC)\nIP 177.45.12.9 {porta}em 2025-07-14 18:05:11\n")


def _convergencia(tmp_path: Path, porta: str) -> dict:
    conclusoes = conclusoes_dos_textos(tmp_path, {"operadora.csv": OPERADORA, "provedor.txt": PROVEDOR.format(porta=porta)})
    [conclusao] = [c for c in conclusoes if c["tipo"] == "convergencia_ip"]
    return conclusao


def test_acesso_sem_porta_em_duas_alocacoes_cita_as_duas(tmp_path: Path) -> None:
    conclusao = _convergencia(tmp_path, "")
    afirmacao = conclusao["afirmacao"]
    assert conclusao["grau_confianca"] == "moderado"
    assert "sem porta de origem em provedor.txt" in afirmacao and "nos dois lados" not in afirmacao
    assert "A mesma resposta registra esse IP, nesse instante, também em" in afirmacao
    assert "bloco de portas 51200 a 51455" in afirmacao and "bloco de portas 51456 a 51711" in afirmacao
    citadas = {r["linha_ou_celula"] for r in conclusao["referencias"] if r["arquivo"] == "operadora.csv"}
    assert {"linha 4", "linha 5"} <= citadas
    assert conclusao["validacao"]["veredicto_geral"] == "VERIFICADO"


def test_com_a_porta_o_bloco_decide(tmp_path: Path) -> None:
    conclusao = _convergencia(tmp_path, "porta 51234 ")
    assert conclusao["grau_confianca"] == "forte"
    assert "A mesma resposta registra" not in conclusao["afirmacao"]
    assert "bloco de portas 51200 a 51455" in conclusao["afirmacao"]
    assert "51456" not in conclusao["afirmacao"]
