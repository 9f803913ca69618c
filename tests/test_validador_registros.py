"""Valores citados como um evento precisam ser de um registro só (issue 23, item 1).

Cada arquivo é escrito aqui; as conclusões são montadas à mão como o principal as escreveria, e o
validador relê tudo sozinho. Em cada caso, a armadilha (os valores do próprio registro) sai VERIFICADO.
"""

from __future__ import annotations

import openpyxl
import pytest

from perito.validador.agente import validar
from tests.conftest import DATA

#: exportação "um campo por linha", rótulo acima do valor (Time / valor / IP Address / valor / Port / valor)
_BLOCOS = [
    ("2025-03-15 08:01:10 UTC", "187.34.56.78", "51234"),
    ("2025-03-15 14:08:44 UTC", "177.20.30.40", "40001"),
    ("2025-03-15 16:30:00 UTC", "189.45.12.10", "38000"),
]


def _ref(arquivo, local, dado, pagina=None, aba=None):
    ref = {"arquivo": arquivo, "pagina": pagina, "linha_ou_celula": local, "dado_citado": dado, "extrator_id": "t"}
    if aba:
        ref["aba_planilha"] = aba
    return ref


def _validar(caso, *referencias, afirmacao="teste"):
    conclusoes = {"conclusoes": [{"id": 1, "tipo": "convergencia_ip", "afirmacao": afirmacao, "grau_confianca": "fraco",
                                  "referencias": list(referencias), "validacao": None}],
                  "caso_id": "t", "data_analise": DATA}
    return validar(conclusoes, caso, DATA)["validacoes"][0]


def _status(validacao):
    return [d["status"] for d in validacao["detalhes"]]


def _um_campo_por_linha(blocos, sem_porta_no_primeiro=False):
    linhas = ["Access log export", "Account: alvo@example.com"]
    for i, (quando, ip, porta) in enumerate(blocos):
        linhas += ["Time", quando, "IP Address", ip]
        if not (sem_porta_no_primeiro and i == 0):
            linhas += ["Port", porta]
    return linhas


@pytest.fixture
def caso_txt(tmp_path):
    caso = tmp_path / "caso"
    caso.mkdir()
    (caso / "acessos.txt").write_text("\n".join(_um_campo_por_linha(_BLOCOS)) + "\n", encoding="utf-8")
    return caso


def _linha_de(linhas, texto):
    return f"linha {linhas.index(texto) + 1}"


def test_issue_23_ip_com_a_hora_do_bloco_vizinho_e_contradito(caso_txt):
    """O achado: cada linha tem o que se cita, mas o IP do bloco 2 foi juntado à hora do bloco 3."""
    linhas = _um_campo_por_linha(_BLOCOS)
    validacao = _validar(
        caso_txt,
        _ref("acessos.txt", _linha_de(linhas, "177.20.30.40"), "177.20.30.40"),
        _ref("acessos.txt", _linha_de(linhas, "2025-03-15 16:30:00 UTC"), "2025-03-15 | 16:30:00 UTC"),
        afirmacao="O IP 177.20.30.40 acessou em 2025-03-15 16:30:00 UTC.",
    )
    assert validacao["veredicto_geral"] == "CONTRADITO"
    observacao = validacao["detalhes"][1]["observacao"]
    assert "bloco das linhas 15-20" in observacao and "bloco das linhas 9-14" in observacao, observacao
    assert "177.20.30.40" in observacao and "189.45.12.10" in observacao


def test_issue_23_ip_com_a_hora_do_proprio_bloco_e_verificado(caso_txt):
    linhas = _um_campo_por_linha(_BLOCOS)
    validacao = _validar(
        caso_txt,
        _ref("acessos.txt", _linha_de(linhas, "177.20.30.40"), "177.20.30.40"),
        _ref("acessos.txt", _linha_de(linhas, "2025-03-15 14:08:44 UTC"), "2025-03-15 | 14:08:44 UTC"),
        _ref("acessos.txt", _linha_de(linhas, "40001"), "40001"),
    )
    assert validacao["veredicto_geral"] == "VERIFICADO", validacao["detalhes"]


def test_issue_23_porta_do_bloco_vizinho_e_contradita(caso_txt):
    linhas = _um_campo_por_linha(_BLOCOS)
    validacao = _validar(
        caso_txt,
        _ref("acessos.txt", _linha_de(linhas, "177.20.30.40"), "177.20.30.40 | 2025-03-15 | 14:08:44 UTC".split(" | ")[0]),
        _ref("acessos.txt", _linha_de(linhas, "38000"), "38000"),
    )
    assert validacao["veredicto_geral"] == "CONTRADITO", validacao["detalhes"]


def test_issue_23_bloco_sem_porta_no_pdf_nao_empresta_a_do_vizinho(tmp_path):
    """PDF (linhas do pypdfium2), o primeiro bloco sem porta: a hora do bloco 1 continua do bloco 1."""
    from reportlab.pdfgen import canvas

    caso = tmp_path / "caso"
    caso.mkdir()
    linhas = _um_campo_por_linha(_BLOCOS, sem_porta_no_primeiro=True)
    tela = canvas.Canvas(str(caso / "acessos.pdf"), invariant=1)
    tela.setFont("Helvetica", 10)
    for i, linha in enumerate(linhas):
        tela.drawString(50, 800 - 14 * i, linha)
    tela.save()
    certo = _validar(
        caso,
        _ref("acessos.pdf", _linha_de(linhas, "187.34.56.78"), "187.34.56.78", pagina=1),
        _ref("acessos.pdf", _linha_de(linhas, "2025-03-15 08:01:10 UTC"), "2025-03-15 | 08:01:10 UTC", pagina=1),
    )
    assert certo["veredicto_geral"] == "VERIFICADO", certo["detalhes"]
    errado = _validar(
        caso,
        _ref("acessos.pdf", _linha_de(linhas, "187.34.56.78"), "187.34.56.78", pagina=1),
        _ref("acessos.pdf", _linha_de(linhas, "2025-03-15 14:08:44 UTC"), "2025-03-15 | 14:08:44 UTC", pagina=1),
    )
    assert errado["veredicto_geral"] == "CONTRADITO", errado["detalhes"]


def test_issue_23_valor_acima_do_rotulo_e_blocos_separados_por_linha_em_branco(tmp_path):
    """Rótulo abaixo do valor ("(Endereço IP)"), rótulo desconhecido abrindo o bloco, linha em branco entre blocos."""
    caso = tmp_path / "caso"
    caso.mkdir()
    linhas = ["Relatório de acessos", ""]
    for quando, ip, porta in _BLOCOS:
        linhas += ["Login web", "(Tipo de acesso)", quando, "(Data e hora)", ip, "(Endereço IP)", porta, "(Porta)", ""]
    (caso / "acessos.txt").write_text("\n".join(linhas), encoding="utf-8")
    errado = _validar(
        caso,
        _ref("acessos.txt", _linha_de(linhas, "189.45.12.10"), "189.45.12.10"),
        _ref("acessos.txt", _linha_de(linhas, "2025-03-15 14:08:44 UTC"), "2025-03-15 | 14:08:44 UTC"),
    )
    assert errado["veredicto_geral"] == "CONTRADITO", errado["detalhes"]
    certo = _validar(
        caso,
        _ref("acessos.txt", _linha_de(linhas, "189.45.12.10"), "189.45.12.10"),
        _ref("acessos.txt", _linha_de(linhas, "2025-03-15 16:30:00 UTC"), "2025-03-15 | 16:30:00 UTC"),
    )
    assert certo["veredicto_geral"] == "VERIFICADO", certo["detalhes"]


def test_valor_que_parece_rotulo_na_paridade_dos_valores_nao_corta_o_bloco(tmp_path):
    """Variantes (semente 347): valor acima do rótulo, e valores como "PIX_ENVIO" e "LOGIN" (sob "Operação") que se
    repetem como rótulos soltos. O validador os tomava por rótulos, cortava os blocos no lugar errado e dava
    CONTRADITO à data e ao IP do mesmo registro. Armadilha: a hora do bloco vizinho continua CONTRADITO."""
    caso = tmp_path / "caso"
    caso.mkdir()
    blocos = [*_BLOCOS, ("2025-03-16 09:12:30 UTC", "200.17.20.125", "26909")]
    linhas = ["Registros de acesso", "Fuso horário: +00:00"]
    for (quando, ip, porta), operacao in zip(blocos, ["LOGIN", "PIX_ENVIO", "LOGIN", "PIX_ENVIO"], strict=True):
        linhas += [quando, "Data Hora", porta, "Porta de origem", operacao, "Operação", "Samsung Galaxy A15",
                   "Dispositivo", ip, "IP de origem"]
    (caso / "acessos.txt").write_text("\n".join(linhas) + "\n", encoding="utf-8")
    (quando, ip, _), (vizinho, _, _) = blocos[1], blocos[2]
    certo = _validar(caso, _ref("acessos.txt", _linha_de(linhas, ip), ip),
                     _ref("acessos.txt", _linha_de(linhas, quando), quando.replace(" ", " | ", 1)))
    assert certo["veredicto_geral"] == "VERIFICADO", certo["detalhes"]
    errado = _validar(caso, _ref("acessos.txt", _linha_de(linhas, ip), ip),
                      _ref("acessos.txt", _linha_de(linhas, vizinho), vizinho.replace(" ", " | ", 1)))
    assert errado["veredicto_geral"] == "CONTRADITO", errado["detalhes"]


@pytest.fixture
def caso_xlsx(tmp_path):
    caso = tmp_path / "caso"
    caso.mkdir()
    livro = openpyxl.Workbook()
    aba = livro.active
    aba.title = "Cadastro"
    aba.append(["Linha", "Titular", "CPF"])
    aba.append(["11987654321", "RICARDO PEREIRA SANTOS", "347.821.560-90"])
    aba.append(["11912340000", "MARIA OLIVEIRA LIMA", "111.444.777-35"])
    aba.append(["11912340000", "MARIA OLIVEIRA LIMA", "111.444.777-35"])
    livro.save(caso / "operadora.xlsx")
    return caso


def test_issue_23_cpf_da_linha_vizinha_da_planilha_e_contradito(caso_xlsx):
    validacao = _validar(
        caso_xlsx,
        _ref("operadora.xlsx", "celula A3", "11912340000", aba="Cadastro"),
        _ref("operadora.xlsx", "celula B3", "MARIA OLIVEIRA LIMA", aba="Cadastro"),
        _ref("operadora.xlsx", "celula C2", "347.821.560-90", aba="Cadastro"),
    )
    assert _status(validacao) == ["CONTRADITO", "CONTRADITO", "CONTRADITO"]
    assert "linha 2 da aba 'Cadastro'" in validacao["detalhes"][2]["observacao"]


def test_issue_23_mesma_linha_da_planilha_e_duas_ocorrencias_sao_verificadas(caso_xlsx):
    mesma = _validar(
        caso_xlsx,
        _ref("operadora.xlsx", "celula A3", "11912340000", aba="Cadastro"),
        _ref("operadora.xlsx", "celula C3", "111.444.777-35", aba="Cadastro"),
    )
    assert mesma["veredicto_geral"] == "VERIFICADO", mesma["detalhes"]
    # duas linhas com o mesmo dado (duas ocorrências): nada a juntar, nada a contradizer
    duas = _validar(
        caso_xlsx,
        _ref("operadora.xlsx", "celula A3", "11912340000", aba="Cadastro"),
        _ref("operadora.xlsx", "celula A4", "11912340000", aba="Cadastro"),
        _ref("operadora.xlsx", "celula C4", "111.444.777-35", aba="Cadastro"),
    )
    assert duas["veredicto_geral"] == "VERIFICADO", duas["detalhes"]


def test_issue_23_csv_ip_de_um_registro_e_hora_de_outro(tmp_path):
    caso = tmp_path / "caso"
    caso.mkdir()
    (caso / "log.csv").write_text(
        "data;hora;ip;porta\n15/03/2025;09:45:10;177.20.30.40;38000\n15/03/2025;11:34:02;187.34.56.78;51234\n",
        encoding="utf-8",
    )
    errado = _validar(caso, _ref("log.csv", "linha 2", "177.20.30.40"), _ref("log.csv", "linha 3", "15/03/2025 | 11:34:02"))
    assert errado["veredicto_geral"] == "CONTRADITO", errado["detalhes"]
    certo = _validar(caso, _ref("log.csv", "linha 2", "177.20.30.40"), _ref("log.csv", "linha 2", "15/03/2025 | 09:45:10"))
    assert certo["veredicto_geral"] == "VERIFICADO", certo["detalhes"]


def test_issue_23_linhas_de_extrato_impresso_sao_registros_pares(tmp_path):
    """Extrato em texto: o valor de um lançamento com a hora do lançamento de baixo."""
    caso = tmp_path / "caso"
    caso.mkdir()
    (caso / "extrato.txt").write_text(
        "Extrato de conta corrente\n"
        "15/03/2025 11:36:40 PIX RECEBIDO JOSE CARLOS DA SILVA 3.500,00\n"
        "15/03/2025 11:52:07 PIX RECEBIDO PEDRO HENRIQUE ALVES 290,00\n",
        encoding="utf-8",
    )
    errado = _validar(caso, _ref("extrato.txt", "linha 2", "3.500,00"), _ref("extrato.txt", "linha 3", "15/03/2025 | 11:52:07"))
    assert errado["veredicto_geral"] == "CONTRADITO", errado["detalhes"]
    certo = _validar(caso, _ref("extrato.txt", "linha 2", "3.500,00 | 15/03/2025 | 11:36:40"),
                     _ref("extrato.txt", "linha 3", "290,00 | 15/03/2025 | 11:52:07"))
    assert certo["veredicto_geral"] == "VERIFICADO", certo["detalhes"]


def test_issue_23_prosa_hora_e_ip_em_frases_diferentes_e_ambiguo(tmp_path):
    """Em prosa o validador não diz o que é um evento: hora e IP de frases diferentes ficam AMBIGUO, com o motivo."""
    caso = tmp_path / "caso"
    caso.mkdir()
    (caso / "relato.txt").write_text(
        "Às 11:34 do dia 15/03/2025 a vítima recebeu uma mensagem.\n"
        "Dias depois, o banco informou um acesso à conta dela\n"
        "a partir do endereço 187.34.56.78, sem dizer quando.\n",
        encoding="utf-8",
    )
    validacao = _validar(caso, _ref("relato.txt", "linha 3", "187.34.56.78"), _ref("relato.txt", "linha 1", "11:34 | 15/03/2025"))
    assert validacao["veredicto_geral"] == "AMBIGUO", validacao["detalhes"]
    assert "texto sem registros reconhecíveis" in validacao["detalhes"][1]["observacao"]


def test_issue_23_prosa_hora_e_valor_na_mesma_frase_quebrada_em_linhas_e_verificado(tmp_path):
    caso = tmp_path / "caso"
    caso.mkdir()
    (caso / "termo.txt").write_text(
        "QUE no dia 08/01/2025, por volta das 14h20, pelo aplicativo do Banco\n"
        "Mirante, transferiu por Pix a quantia de R$ 2.365,00 (dois mil, trezentos\n"
        "e sessenta e cinco reais) para a chave Pix do anunciante;\n",
        encoding="utf-8",
    )
    validacao = _validar(caso, _ref("termo.txt", "linha 2", "R$ 2.365,00"), _ref("termo.txt", "linha 1", "08/01/2025 | 14h20"))
    assert validacao["veredicto_geral"] == "VERIFICADO", validacao["detalhes"]


def test_issue_23_nome_da_linha_vizinha_da_planilha_e_contradito(caso_xlsx):
    validacao = _validar(
        caso_xlsx,
        _ref("operadora.xlsx", "celula A3", "11912340000", aba="Cadastro"),
        _ref("operadora.xlsx", "celula B2", "RICARDO PEREIRA SANTOS", aba="Cadastro"),
    )
    assert validacao["veredicto_geral"] == "CONTRADITO", validacao["detalhes"]
    assert "o nome" in validacao["detalhes"][0]["observacao"] + validacao["detalhes"][1]["observacao"]


def test_issue_23_hora_de_outra_linha_quando_a_do_evento_e_outra(tmp_path):
    """Linhas de espécies diferentes (o PIX e o acesso): a hora do PIX citada para o IP, que tem a sua, é contradita."""
    caso = tmp_path / "caso"
    caso.mkdir()
    (caso / "extrato.txt").write_text(
        "15/03/2025 11:36:40 BRT PIX ENVIADO MARIA OLIVEIRA LIMA -3.500,00\n"
        "15/03/2025 11:36:41 BRT acesso pelo IP 187.34.56.78\n",
        encoding="utf-8",
    )
    errado = _validar(caso, _ref("extrato.txt", "linha 2", "15/03/2025 | 187.34.56.78"), _ref("extrato.txt", "linha 1", "11:36:40"))
    assert errado["veredicto_geral"] == "CONTRADITO", errado["detalhes"]
    certo = _validar(caso, _ref("extrato.txt", "linha 2", "15/03/2025 | 11:36:41 BRT | 187.34.56.78"),
                     _ref("extrato.txt", "linha 1", "11:36:40 BRT | -3.500,00"))
    assert certo["veredicto_geral"] == "VERIFICADO", certo["detalhes"]


def test_issue_23_preambulo_da_planilha_nao_e_par_das_linhas_de_dados(tmp_path):
    """O CPF da titular dito uma vez no preâmbulo, as linhas com o CPF da contraparte: contexto, não registro vizinho."""
    caso = tmp_path / "caso"
    caso.mkdir()
    livro = openpyxl.Workbook()
    aba = livro.active
    aba.title = "Extrato"
    aba.append(["Titular", "MARIA OLIVEIRA LIMA"])
    aba.append(["CPF", "111.444.777-35"])
    aba.append([])
    aba.append(["Data", "Hora", "Valor", "Contraparte", "CPF contraparte"])
    aba.append(["15/03/2025", "11:36:40", "3.500,00", "JOSE CARLOS DA SILVA", "529.982.247-25"])
    livro.save(caso / "extrato.xlsx")
    validacao = _validar(
        caso,
        _ref("extrato.xlsx", "celula B2", "111.444.777-35", aba="Extrato"),
        _ref("extrato.xlsx", "celula A5", "15/03/2025", aba="Extrato"),
        _ref("extrato.xlsx", "celula C5", "3.500,00", aba="Extrato"),
    )
    assert validacao["veredicto_geral"] == "VERIFICADO", validacao["detalhes"]
