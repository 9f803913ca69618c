"""PDF com tabela em grade (resposta do DICT): a célula que quebra em linhas é uma célula só.

Antes (variantes, semente 12): o nome do titular quebrava em três linhas na coluna estreita ("JOSÉ" /
"MOREIRA" / "ROCHA"); a camada de texto dava a chave e o CPF sem o nome, e nem a convergência de nome nem a
identificação do titular pelo DICT saíam.
"""

from __future__ import annotations

from pathlib import Path

from reportlab.lib import colors
from reportlab.lib.pagesizes import A4, landscape
from reportlab.lib.styles import getSampleStyleSheet
from reportlab.platypus import Paragraph, SimpleDocTemplate, Table, TableStyle

from perito.extratores.registro import escolher
from perito.leitura.inventario import listar
from perito.leitura.leitor import ler_documento
from perito.validador.agente import validar

DATA = "2025-03-20"
CABECALHO = ["Chave", "Tipo da chave", "Nome", "CPF/CNPJ", "Instituição", "Agência", "Conta"]
LINHAS = [
    ["+5519966867219", "PHONE", "JOSÉ MOREIRA ROCHA", "112.282.361-43", "02689936", "2668", "59011401"],
    ["d3826742-61fa-4dd9-8dd5-fccde2078ada", "EVP", "VITÓRIA SEIXAS FALCÃO", "081.980.520-38", "22868809", "1353", "38200732"],
]


def _pdf(caminho: Path, grade: bool, largura_nome: int = 60) -> None:
    estilo = getSampleStyleSheet()["BodyText"]
    documento = SimpleDocTemplate(str(caminho), pagesize=landscape(A4))
    # a coluna do nome é estreita: o nome quebra em linhas dentro da célula
    dados = [CABECALHO] + [[c if i != 2 else Paragraph(c, estilo) for i, c in enumerate(linha)] for linha in LINHAS]
    tabela = Table(dados, colWidths=[220, 70, largura_nome, 100, 80, 60, 80])
    if grade:
        tabela.setStyle(TableStyle([("GRID", (0, 0), (-1, -1), 0.5, colors.black), ("VALIGN", (0, 0), (-1, -1), "TOP")]))
    else:
        tabela.setStyle(TableStyle([("VALIGN", (0, 0), (-1, -1), "TOP")]))
    documento.build([Paragraph("BANCO CENTRAL DO BRASIL — DICT - Consulta de chaves Pix", estilo), tabela])


def _ler(pasta: Path):
    (item,) = [a for a in listar(pasta) if a.nome == "dict.pdf"]
    return ler_documento(item.caminho, item.nome, item.tipo)


def test_celula_quebrada_da_grade_e_uma_celula_e_o_nome_sai_com_a_chave_e_o_cpf(tmp_path):
    _pdf(tmp_path / "dict.pdf", grade=True)
    documento = _ler(tmp_path)
    linhas = {t.celulas[0]: t for t in documento.trechos if t.celulas}
    assert linhas["Chave"].celulas == tuple(CABECALHO)
    linha = linhas["+5519966867219"]
    assert linha.celulas[2] == "JOSÉ MOREIRA ROCHA" and "MOREIRA" not in linha.texto  # a linha é a da camada de texto
    dados = escolher(documento).extrair(documento).dados
    nomes = {d["dado"]: d for d in dados if d["campo"] == "nome_titular"}
    assert {"JOSÉ MOREIRA ROCHA", "VITÓRIA SEIXAS FALCÃO"} <= set(nomes)
    jose = nomes["JOSÉ MOREIRA ROCHA"]
    mesmo_registro = {d["campo"] for d in dados if d["metadados"].get("registro") == jose["metadados"]["registro"]}
    assert {"cpf", "chave_pix"} <= mesmo_registro
    assert not any(d["dado"].startswith("PHONE") for d in nomes.values())
    # o validador relê o nome na linha citada e nas de baixo, onde a célula continua
    referencia = {"arquivo": "dict.pdf", "pagina": 1, "linha_ou_celula": jose["linha_ou_celula"],
                  "dado_citado": "JOSÉ MOREIRA ROCHA", "extrator_id": "teste"}
    assert _veredicto(tmp_path, referencia) == "VERIFICADO"
    # as armadilhas: o nome da linha de baixo da tabela, ou um nome que a célula não tem, na linha de José
    for outro in ("VITÓRIA SEIXAS FALCÃO", "JOSÉ MOREIRA SANTOS"):
        assert _veredicto(tmp_path, {**referencia, "dado_citado": outro}) != "VERIFICADO", outro


def test_celula_quebrada_cuja_primeira_parte_ja_parece_nome_da_o_nome_inteiro(tmp_path):
    """Variantes (semente 162): a coluna um pouco mais larga deixa duas palavras na linha do registro ("VITÓRIA
    SEIXAS", e "FALCÃO" na de baixo); o reconhecedor via ali um nome de duas palavras, a coluna não dava o dela,
    e a convergência de nome com o extrato (nome inteiro) não saía."""
    _pdf(tmp_path / "dict.pdf", grade=True, largura_nome=95)
    documento = _ler(tmp_path)
    linha = next(t for t in documento.trechos if t.celulas and t.celulas[1] == "EVP")
    assert "VITÓRIA SEIXAS" in linha.texto and "FALCÃO" not in linha.texto  # a quebra que a armadilha exige
    nomes = [d["dado"] for d in escolher(documento).extrair(documento).dados if d["campo"] == "nome_titular"]
    assert "VITÓRIA SEIXAS FALCÃO" in nomes and "VITÓRIA SEIXAS" not in nomes
    referencia = {"arquivo": "dict.pdf", "pagina": 1, "linha_ou_celula": linha.localizacao,
                  "dado_citado": "VITÓRIA SEIXAS FALCÃO", "extrator_id": "teste"}
    assert _veredicto(tmp_path, referencia) == "VERIFICADO"


def _veredicto(caso: Path, referencia: dict) -> str:
    conclusao = {"id": 1, "tipo": "outro", "afirmacao": f"{referencia['dado_citado']} é titular da chave",
                 "grau_confianca": "fraco", "referencias": [referencia], "validacao": None}
    [detalhe] = validar({"conclusoes": [conclusao], "caso_id": "t", "data_analise": DATA}, caso, DATA)["validacoes"][0]["detalhes"]
    return detalhe["status"]


def test_tabela_sem_reguas_com_celula_quebrada_tambem_e_lida_pelas_colunas(tmp_path):
    """Variantes (semente 23): a mesma resposta do DICT sem réguas; as colunas saem do x em que cada célula do
    cabeçalho e das linhas começa, e a linha curta alinhada à coluna do nome é o resto dele."""
    _pdf(tmp_path / "dict.pdf", grade=False)
    documento = _ler(tmp_path)
    linhas = {t.celulas[0]: t for t in documento.trechos if t.celulas}
    assert linhas["+5519966867219"].celulas[2] == "JOSÉ MOREIRA ROCHA"
    assert linhas["d3826742-61fa-4dd9-8dd5-fccde2078ada"].celulas[2] == "VITÓRIA SEIXAS FALCÃO"
    nomes = {d["dado"] for d in escolher(documento).extrair(documento).dados if d["campo"] == "nome_titular"}
    assert {"JOSÉ MOREIRA ROCHA", "VITÓRIA SEIXAS FALCÃO"} <= nomes


def test_armadilha_prosa_com_linha_curta_nao_vira_tabela(tmp_path):
    """Um ofício em prosa com uma linha curta embaixo de uma linha com números (o endereço, a assinatura) não
    tem colunas: nada ganha células."""
    estilo = getSampleStyleSheet()["BodyText"]
    documento = SimpleDocTemplate(str(tmp_path / "dict.pdf"), pagesize=A4)
    documento.build([Paragraph(t, estilo) for t in (
        "Ofício nº 3489/2025 de 12/03/2025, referente ao procedimento 1234/2025 e ao IP 187.34.56.78 de 15/03/2025",
        "Atenciosamente", "Delegado de Polícia")])
    assert not any(t.celulas for t in _ler(tmp_path).trechos)


def test_valor_ao_lado_de_um_nome_quebrado_e_lido():
    """Variantes (semente 17): no extrato em grade, o nome da contraparte quebra em linhas e o valor em centavos
    vem depois. A posição do nome (a célula inteira) invadia as colunas seguintes, e o débito do repasse sumia.
    Os trechos são os que a leitura da grade dá: o texto da linha só com "Patrícia", as células inteiras."""
    from perito.extratores.contexto import Contexto
    from perito.extratores.motor.tabela import registros_tabela
    from perito.leitura.documento import Documento, Trecho

    cabecalho = ("Dt. Evento", "Descrição", "Origem/Destino", "Documento", "Valor (centavos)", "Tipo", "Saldo após")
    linha = ("19/10/24", "PIX ENVIADO - 14:54:36", "Patrícia Gonçalves Araújo", "075.535.121-50", "145000", "D", "153287")
    documento = Documento("extrato.pdf", "pdf", trechos=[
        Trecho(1, "linha 1", " ".join(cabecalho), "pypdfium2", celulas=cabecalho, tabela="tabela 1"),
        Trecho(1, "linha 2", "19/10/24 PIX ENVIADO - 14:54:36 Patrícia 075.535.121-50 145000 D 153287", "pypdfium2",
               celulas=linha, tabela="tabela 1"),
        Trecho(1, "linha 3", "Gonçalves", "pypdfium2"), Trecho(1, "linha 4", "Araújo", "pypdfium2"),
    ])
    [registro] = [r for r in registros_tabela(documento, Contexto(documento)) if r.identidade == "linha 2"]
    achados = {i.achado.campo: i.achado for i in registro.itens}
    assert achados["nome_titular"].dado == "Patrícia Gonçalves Araújo"
    assert achados["valor_transacao"].dado == "145000"


def test_porta_rotulada_na_segunda_linha_da_celula_de_tempo(tmp_path):
    """Variantes (semente 189): a grade escreve "src_port: 15559" na segunda linha da célula do horário; a
    camada de texto dá a porta numa linha solta, e o IP ficava sem porta (CGNAT não excluído, `moderado`)."""
    estilo = getSampleStyleSheet()["BodyText"]
    dados = [["event_time", "Sender Ip", "Activity"]] + [
        [Paragraph(f"2016-01-25T18:{m:02d}:45Z<br/>src_port: {porta}", estilo), ip, "Send message"]
        for m, ip, porta in ((29, "170.62.35.162", 15559), (31, "191.136.73.194", 4906))]
    tabela = Table(dados, colWidths=[150, 120, 100])
    tabela.setStyle(TableStyle([("GRID", (0, 0), (-1, -1), 0.5, colors.black), ("VALIGN", (0, 0), (-1, -1), "TOP")]))
    caminho = tmp_path / "provedor.pdf"
    SimpleDocTemplate(str(caminho)).build([Paragraph("Law Enforcement Response - Connection Log (UTC)", estilo), tabela])
    documento = ler_documento(caminho, "provedor.pdf", "pdf")
    ips = {d["dado"]: d for d in escolher(documento).extrair(documento).dados if d["campo"] == "ip_acesso"}
    assert {ip: d["metadados"].get("porta") for ip, d in ips.items()} == {"170.62.35.162": "15559", "191.136.73.194": "4906"}
    primeiro = ips["170.62.35.162"]
    referencia = {"arquivo": "provedor.pdf", "pagina": 1, "linha_ou_celula": primeiro["linha_ou_celula"],
                  "dado_citado": "170.62.35.162 | 15559", "extrator_id": "teste"}
    assert _veredicto(tmp_path, referencia) == "VERIFICADO"
    # a porta do outro registro, citada neste, não se confirma
    assert _veredicto(tmp_path, {**referencia, "dado_citado": "170.62.35.162 | 4906"}) != "VERIFICADO"
