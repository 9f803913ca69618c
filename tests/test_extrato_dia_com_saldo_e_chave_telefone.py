"""Um extrato em PDF como o de bancos digitais: o dia com o saldo na mesma linha, lançamentos `Pix recebido: ...`
com a hora no histórico, o valor e o saldo; o DICT em CSV com a chave de telefone; o relato da vítima.

Achado por uma sonda com leiautes que nenhum exemplo tinha, e cada falha era de uma classe:
- `Pix recebido: "..." R$ 1.250,90 R$ 1.300,90` era lido como campo "rótulo: valor" de um formulário (o
  conjunto {Pix recebido, Pix enviado} se repetia a cada dia): dois lançamentos viravam um registro, todos os
  valores (os saldos inclusive) saíam como débito;
- `2 de Agosto de 2025   Saldo do dia: R$ 100,90` não era cabeçalho do dia (o saldo tinha letras e um valor), e
  cada lançamento ia com a data do dia de baixo;
- a chave Pix de telefone do DICT sob o rótulo "Chave" tinha o E.164 só em `e164`: nenhum titular era identificado;
- o validador não compunha a hora de um lançamento com o dia citado acima dela quando havia mais de um dia citado:
  o intervalo do repasse ficava AMBIGUO.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from reportlab.lib.pagesizes import A4
from reportlab.pdfgen import canvas

from perito.analise import Parametros, analisar
from perito.extratores.motor.dia import cabecalho_do_dia
from perito.extratores.reconhecedores import reconhecer
from perito.extratores.registros import blocos
from perito.leitura.documento import Trecho

_EXTRATO = [
    [(40, "BANCO DIGITAL S.A.")], [(40, "Extrato de Conta Corrente")],
    [(40, "Nome: PEDRO HENRIQUE ALVES"), (330, "CPF: 123.456.789-09")],
    [(40, "Agência: 0001   Conta: 98765432-1")], [(40, "Período: 01/08/2025 a 10/08/2025")], [],
    [(40, "2 de Agosto de 2025"), (400, "Saldo do dia: R$ 100,90")],
    [(40, 'Pix recebido: "Cp :00000000-MARIA APARECIDA SOUZA" às 10:13'), (400, "R$ 1.250,90"), (490, "R$ 1.300,90")],
    [(40, 'Pix enviado: "Cp :00360305-JOAO CARLOS PEREIRA" às 10:19'), (400, "-R$ 1.200,00"), (490, "R$ 100,90")], [],
    [(40, "3 de Agosto de 2025"), (400, "Saldo do dia: R$ 140,90")],
    [(40, 'Pix recebido: "Cp :60746948-ANTONIO LIMA NETO" às 14:02'), (400, "R$ 890,00"), (490, "R$ 990,90")],
    [(40, 'Pix enviado: "Cp :00360305-JOAO CARLOS PEREIRA" às 14:09'), (400, "-R$ 850,00"), (490, "R$ 140,90")], [],
    [(40, "5 de Agosto de 2025"), (400, "Saldo do dia: R$ 240,90")],
    [(40, 'Pix recebido: "Cp :60746948-CLAUDIA REGINA MOTA" às 09:40'), (400, "R$ 2.300,00"), (490, "R$ 2.440,90")],
    [(40, 'Pix enviado: "Cp :00360305-JOAO CARLOS PEREIRA" às 09:47'), (400, "-R$ 2.200,00"), (490, "R$ 240,90")],
]


def _pdf(caminho: Path) -> None:
    folha = canvas.Canvas(str(caminho), pagesize=A4, invariant=1)
    folha.setFont("Helvetica", 9)
    y = 800
    for linha in _EXTRATO:
        for x, texto in linha:
            folha.drawString(x, y, texto)
        y -= 16
    folha.showPage()
    folha.save()


def _trecho(texto: str, numero: int = 7) -> Trecho:
    return Trecho(texto=texto, pagina=1, localizacao=f"linha {numero}", metodo="texto")


@pytest.mark.parametrize(("texto", "dia"), [
    ("2 de Agosto de 2025 Saldo do dia: R$ 100,90", "2 de Agosto de 2025"),
    ("08/01/2025   Saldo: 1.234,56", "08/01/2025"),
    ("19 de junho de 2022 - domingo", "19 de junho de 2022"),
    ("2 de Agosto de 2025 Pix recebido R$ 100,90", None),  # um lançamento com data não é cabeçalho
    ("Saldo do dia: R$ 100,90", None),
])
def test_cabecalho_do_dia_com_o_saldo(texto: str, dia: str | None) -> None:
    achado = cabecalho_do_dia(_trecho(texto), reconhecer(texto))
    assert (achado.texto if achado else None) == dia


@pytest.mark.parametrize(("texto", "campo"), [
    ('Pix recebido: "Cp :00000000-MARIA APARECIDA SOUZA" às 10:13 R$ 1.250,90 R$ 1.300,90', False),
    ("TED enviada: JOAO CARLOS -R$ 1.200,00", False),
    ("Valor do crédito: R$ 1.250,90", True),  # um campo de comprovante continua campo
    ("Pix recebido: sim", True),  # sem valor em dinheiro não é lançamento
    ("Nome: PEDRO HENRIQUE ALVES", True),
])
def test_historico_de_lancamento_nao_e_rotulo(texto: str, campo: bool) -> None:
    assert (blocos._classificar(_trecho(texto)).tipo == "rv") is campo


def test_cadeia_do_relato_ao_repasse_verificada(tmp_path: Path) -> None:
    caso = tmp_path / "caso"
    caso.mkdir()
    _pdf(caso / "extrato_conta.pdf")
    (caso / "resposta_dict.csv").write_text(
        "Chave;Tipo Chave;Nome Titular;CPF/CNPJ Titular;ISPB;Agencia;Numero Conta;Tipo Conta;Data Abertura Conta\n"
        "+5511987654321;PHONE;PEDRO HENRIQUE ALVES;123.456.789-09;00416968;0001;98765432-1;CACC;10/07/2025\n",
        encoding="utf-8")
    (caso / "boletim.txt").write_text(
        "BOLETIM DE OCORRÊNCIA Nº 4521/2025 - 3º DP\n"
        "Comunicante/vítima: MARIA APARECIDA SOUZA, CPF 529.982.247-25.\n"
        "Relata a vítima que no dia 02/08/2025, por volta das 10h12, após contato por WhatsApp\n"
        "de pessoa que se passava por seu filho, efetuou uma transferência via Pix no valor de\n"
        "R$ 1.250,90 para a chave (11) 98765-4321, de titularidade de PEDRO HENRIQUE ALVES.\n", encoding="utf-8")
    analisar(Parametros(caso, tmp_path / "saida", data_analise="2025-09-01"))
    saida = tmp_path / "saida"
    dados = json.loads((saida / "lotes" / "extrator_bancario_01.json").read_text(encoding="utf-8"))["dados_extraidos"]
    valores = [(d["dado"], d["metadados"].get("direcao"), d["metadados"].get("data"), d["metadados"].get("hora"))
               for d in dados if d["arquivo_fonte"] == "extrato_conta.pdf" and d["campo"] == "valor_transacao"]
    # um lançamento por linha, com a direção do histórico, o dia de cima e a hora do histórico; saldos não são lançamentos
    assert valores == [
        ("R$ 1.250,90", "credito", "2 de Agosto de 2025", "10:13"), ("-R$ 1.200,00", "debito", "2 de Agosto de 2025", "10:19"),
        ("R$ 890,00", "credito", "3 de Agosto de 2025", "14:02"), ("-R$ 850,00", "debito", "3 de Agosto de 2025", "14:09"),
        ("R$ 2.300,00", "credito", "5 de Agosto de 2025", "09:40"), ("-R$ 2.200,00", "debito", "5 de Agosto de 2025", "09:47"),
    ]
    conclusoes = json.loads((saida / "conclusoes.json").read_text(encoding="utf-8"))["conclusoes"]
    graus = {c["tipo"]: c["grau_confianca"] for c in conclusoes}
    assert graus["identificacao_titular"] == "moderado"  # a chave de telefone do DICT e o relato
    assert graus["materialidade"] == graus["vinculo_financeiro"] == graus["identificacao_laranja"] == "forte"
    assert all(c["validacao"]["veredicto_geral"] == "VERIFICADO" for c in conclusoes)


def _conclusao(afirmacao: str) -> tuple[dict, list[dict]]:
    citados = [("linha 6", "2 de Agosto de 2025"), ("linha 7", "R$ 1.250,90 | 10:13"), ("linha 8", "-R$ 1.200,00 | 10:19"),
               ("linha 9", "3 de Agosto de 2025"), ("linha 10", "R$ 890,00 | 14:02"), ("linha 11", "-R$ 850,00 | 14:09")]
    referencias = [{"arquivo": "extrato.pdf", "pagina": 1, "linha_ou_celula": local, "dado_citado": dado}
                   for local, dado in citados]
    detalhes = [{"texto_encontrado": ""} for _ in referencias]
    return {"afirmacao": afirmacao, "referencias": referencias}, detalhes


@pytest.mark.parametrize(("intervalo", "sustentado"), [("6min00s", True), ("7min00s", True), ("9min00s", False)])
def test_validador_compoe_cada_hora_com_o_dia_citado_acima(intervalo: str, sustentado: bool) -> None:
    from perito.validador.afirmacao import conferir

    conclusao, detalhes = _conclusao(f"entra R$ 1.250,90 e sai -R$ 1.200,00, {intervalo} depois; entra R$ 890,00 e sai "
                                     "-R$ 850,00")
    problemas = [p for p in conferir(conclusao, detalhes) if "intervalo" in str(p)]
    assert (not problemas) is sustentado
