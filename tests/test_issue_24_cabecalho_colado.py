"""Issue 24, achado 8: um cabeçalho de operadora colado num relato policial não o faz fonte da operadora.

Antes: três linhas de cabeçalho de resposta de operadora acrescentadas a um boletim o reclassificavam como
família `operadora`, e ele passava a contar como fonte independente para o grau das conclusões.
"""

from __future__ import annotations

import pytest

from perito.contratos.modelos import DESCONHECIDA
from perito.extratores.familias import classificar
from perito.leitura.inventario import listar
from perito.leitura.leitor import ler_documento

NARRATIVA = """Registrado em 16/03/2025 09:15
Natureza: Estelionato mediante fraude eletrônica (art. 171 do Código Penal)
Vítima: JOSÉ CARLOS DA SILVA, CPF 529.982.247-25
Telefone da vítima: (11) 93456-7890
Histórico:
Em 15/03/2025, pouco antes das 11:36, a vítima recebeu mensagens pelo WhatsApp
do número +55 11 98765-4321, cujo interlocutor se passava por um parente seu.
A vítima relata que transferiu o valor pedido e só depois percebeu o golpe.
"""
CABECALHO_DE_OPERADORA = """TELEFÔNICA BRASIL S.A. - VIVO
Resposta ao Ofício nº 55/2025 - Dados cadastrais das linhas
Linha consultada: +55 11 98765-4321 | Assinante: RICARDO PEREIRA SANTOS | MSISDN 5511987654321
"""


def _familia(tmp_path, texto):
    (tmp_path / "documento.txt").write_text(texto, encoding="utf-8")
    arquivo = next(a for a in listar(tmp_path) if a.nome == "documento.txt")
    return classificar(ler_documento(arquivo.caminho, arquivo.nome, arquivo.tipo))


def test_issue_24_cabecalho_de_operadora_colado_no_fim_de_um_relato_nao_e_operadora(tmp_path):
    classificacao = _familia(tmp_path, NARRATIVA + CABECALHO_DE_OPERADORA)
    assert classificacao.familia == DESCONHECIDA
    assert "colado" in classificacao.motivo


def test_issue_24_cabecalho_colado_no_meio_tambem_nao_muda_a_familia(tmp_path):
    linhas = NARRATIVA.splitlines(keepends=True)
    assert _familia(tmp_path, "".join(linhas[:6]) + CABECALHO_DE_OPERADORA + "".join(linhas[6:])).familia == DESCONHECIDA


@pytest.mark.parametrize("timbre", ["SECRETARIA DA SEGURANÇA PÚBLICA DO ESTADO DE SÃO PAULO",
                                    "Secretaria de Estado de Segurança Pública - MT",
                                    "POLÍCIA JUDICIÁRIA CIVIL"])
def test_issue_24_relato_com_timbre_policial_segue_relato_com_o_cabecalho_colado(tmp_path, timbre):
    assert _familia(tmp_path, f"{timbre}\n" + NARRATIVA + CABECALHO_DE_OPERADORA).familia == "relato"


def test_issue_24_resposta_de_operadora_que_cita_o_inquerito_segue_operadora(tmp_path):
    """As armadilhas: a resposta de verdade se apresenta no topo, e cita a delegacia, a vítima e o inquérito."""
    resposta = (CABECALHO_DE_OPERADORA + "Ao Delegado de Polícia Civil, referente ao Inquérito Policial nº 1234/2025,\n"
                "em que figura como vítima JOSÉ CARLOS DA SILVA e como investigado o titular abaixo.\n"
                "CPF do assinante: 347.821.560-90\nAtivação da linha: 02/01/2024 (pré-pago)\n")
    assert _familia(tmp_path, resposta).familia == "operadora"


def test_issue_24_relato_sem_nada_colado_segue_relato(tmp_path):
    assert _familia(tmp_path, NARRATIVA).familia == "relato"
