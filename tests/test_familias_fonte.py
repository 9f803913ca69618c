"""Família de fonte pelo conteúdo, com a dúvida explícita (`extratores/familias.py`).

Arquivos reais pequenos escritos aqui, com nomes neutros (a família nunca vem do nome): cada família
reconhecida pelo vocabulário e pela forma das tabelas, o relato policial com tabelas dentro continua
relato, e o que nada reconhece é `desconhecida`, que o principal nunca conta como fonte independente.
"""

from __future__ import annotations

from pathlib import Path

import docx
import pytest

from perito.chaves import marcadores
from perito.contratos.modelos import FAMILIAS_FONTE
from perito.extratores.familias import classificar, decidir
from perito.extratores.registro import EXTRATORES, escolher
from perito.leitura.inventario import listar
from perito.leitura.leitor import ler_documento
from tests.fabrica_lotes import Fabrica


def _ler(tmp_path: Path, nome: str, texto: str, codificacao: str = "utf-8"):
    caminho = tmp_path / nome
    caminho.write_text(texto, encoding=codificacao)
    arquivo = next(a for a in listar(tmp_path) if a.nome == nome)
    return ler_documento(arquivo.caminho, arquivo.nome, arquivo.tipo)


BOLETIM_COM_TABELA = """POLÍCIA CIVIL DO ESTADO DO PARANÁ
Delegacia de Estelionatos - Curitiba/PR
REGISTRO DE OCORRÊNCIA Nº 1234/2024
Relata a vítima que fez as transferências abaixo para a chave informada pelo golpista.
Data;Chave Pix;Titular;CPF;Instituição;Valor
02/03/2024;+5541988887777;FULANO DE TAL;529.982.247-25;Banco Exemplo;R$ 1.200,00
"""


def test_relato_policial_com_tabela_de_pix_e_relato_nao_dict_nem_banco(tmp_path):
    documento = _ler(tmp_path, "documento_07.txt", BOLETIM_COM_TABELA)
    classificacao = classificar(documento)
    assert classificacao.familia == "relato" and "policia civil" in classificacao.motivo
    assert escolher(documento).extrator_id == "extrator_generico_01"  # lido como prosa


def test_tabela_dentro_de_termo_em_docx_e_relato(tmp_path):
    documento = docx.Document()
    documento.add_paragraph("TERMO DE DECLARAÇÕES")
    documento.add_paragraph("Declarou que recebeu ligações do número abaixo e pagou o valor indicado.")
    tabela = documento.add_table(rows=2, cols=4)
    for celula, texto in zip(tabela.rows[0].cells, ("Chave", "Tipo de chave", "Titular", "CPF"), strict=True):
        celula.text = texto
    for celula, texto in zip(tabela.rows[1].cells, ("+5511988887777", "CELULAR", "FULANO", "529.982.247-25"), strict=True):
        celula.text = texto
    documento.save(tmp_path / "a1b2c3.docx")
    arquivo = next(a for a in listar(tmp_path))
    assert classificar(ler_documento(arquivo.caminho, arquivo.nome, arquivo.tipo)).familia == "relato"


def test_resposta_endereçada_ao_delegado_nao_vira_relato(tmp_path):
    """Armadilha: a resposta da operadora dirigida à polícia cita o delegado, mas não começa pelo timbre."""
    texto = (
        "TELEFONIA EXEMPLO S.A. — Resposta ao ofício 77/2024\n"
        "Ao Ilmo. Sr. Delegado de Polícia da Delegacia de Estelionatos\n"
        "Bilhetagem (CDR)\n"
        "Data Hora;Originador;Destino;Duração;ERB;IMEI\n"
        "01/03/2024 10:00:00;+5541988887777;+5541977776666;30;724-05-1234-5678;353328114529074\n"
    )
    assert classificar(_ler(tmp_path, "arquivo (3).csv", texto)).familia == "operadora"


@pytest.mark.parametrize(("nome", "texto", "familia"), [
    ("f00d.txt", "Papo Messaging LLC — Resposta a requisição judicial\nIdentificador da conta: +5541988887777\n"
     "Registros de conexão (IP)\nDataHora (UTC) Endereço IP Porta\n2024-03-01 10:00:00 187.34.56.78 5123\n", "provedor"),
    ("beef.csv", "Event Time (UTC),Calling Number,Callee,Duration (s),Cell,device_imei\n"
     "2024-03-01 10:00:00,+5541988887777,+5541977776666,30,724-05-1234-5678,353328114529074\n", "operadora"),
    ("cafe.csv", "Chave DICT;Tipo da chave;Titular;Documento do titular;Instituição;Agência;Conta\n"
     "+5541988887777;CELULAR;FULANO DE TAL;529.982.247-25;12345678;1;12345-6\n", "registro"),
    ("d00d.csv", "BANCO EXEMPLO S.A. — Access log\nAccount holder: FULANO DE TAL\nBranch: 0001 Account: 12345-6\n"
     "Event Time,Client IP,Action\n2024-03-01 10:00:00,187.34.56.78,PIX_ENVIO\n", "banco"),
])
def test_familia_pelo_conteudo_em_portugues_ingles_e_nomes_neutros(tmp_path, nome, texto, familia):
    assert classificar(_ler(tmp_path, nome, texto)).familia == familia


def test_leiaute_que_nada_reconhece_e_desconhecida_e_o_dado_diz_isso(tmp_path):
    texto = "col_a;col_b;col_c\n2024-03-01 10:00:00;187.34.56.78;x\n"
    documento = _ler(tmp_path, "0001.csv", texto)
    classificacao = classificar(documento)
    assert classificacao.familia == "desconhecida" and "nenhuma família" in classificacao.motivo
    dados = escolher(documento).extrair(documento).dados
    assert dados and {d["metadados"]["familia_fonte"] for d in dados} == {"desconhecida"}


def test_conteudo_dividido_entre_duas_familias_e_desconhecida():
    """Pontos iguais (ou quase) para duas famílias: a dúvida é dita, nenhuma é escolhida."""
    assert decidir({"banco": 5, "provedor": 4}).familia == "desconhecida"
    assert "dividido entre banco e provedor" in decidir({"banco": 5, "provedor": 4}).motivo
    assert decidir({"banco": 6, "provedor": 4}).familia == "banco"
    assert decidir({"banco": 2}).familia == "desconhecida"


def test_toda_familia_dos_extratores_esta_no_enum_do_contrato():
    assert {e.familia for e in EXTRATORES} <= set(FAMILIAS_FONTE)
    assert "desconhecida" in FAMILIAS_FONTE


# -- o principal: `desconhecida` nunca conta como família independente ------------------------------------


def test_numero_em_documento_desconhecido_nao_faz_segunda_familia():
    fab = Fabrica()
    fab.documento("cadastro.csv", "operadora").telefone("+5541988887777", 2)
    fab.documento("0001.csv", "desconhecida").telefone("+5541988887777", 5)
    assert fab.do_tipo("vinculo_telefone") == []
    fab.relato().telefone("(41) 98888-7777", 9)
    [c] = fab.do_tipo("vinculo_telefone")
    assert c["grau_confianca"] == "forte"
    assert "2 famílias de fonte independentes (operadora, relato policial)" in c["afirmacao"]
    assert "família desconhecida, que não conta como fonte independente" in c["afirmacao"]


def test_ip_entre_provedor_e_desconhecida_e_no_maximo_moderado_e_diz_por_que():
    fab = Fabrica()
    fab.documento("meta.txt", "provedor").ip("187.34.56.78", 5, data="2025-03-15", hora="14:32:17", fuso="UTC",
                                              porta="51234")
    fab.documento("0001.csv", "desconhecida").ip("187.34.56.78", 2, data="2025-03-15", hora="14:33:00", fuso="UTC",
                                                  porta="51234")
    [c] = fab.do_tipo("convergencia_ip")
    assert c["grau_confianca"] == "moderado"
    assert "família de fonte de um dos documentos é desconhecida" in c["afirmacao"]


def test_imei_entre_operadora_e_desconhecida_nao_e_forte():
    fab = Fabrica()
    fab.documento("cdr.txt", "operadora").imei("353328114529074", 4)
    fab.documento("0001.csv", "desconhecida").imei("353328114529074", 9)
    [c] = fab.do_tipo("convergencia_imei")
    assert c["grau_confianca"] == "moderado"


def test_coluna_documento_do_cadastro_da_cpf_e_a_do_lancamento_nao(tmp_path):
    """"Nº documento" é o CPF no cadastro da operadora e o número do lançamento num extrato: só o valor com
    dígitos verificadores de CPF vira CPF; o marcador 000.000.000-00 não."""
    cadastro = _ler(tmp_path, "a.csv", "Número,Nome do assinante,Nº documento,Plano\n"
                                        "+5541988887777,FULANO DE TAL,52998224725,PRÉ-PAGO\n"
                                        "+5541977776666,NAO INFORMADO,000.000.000-00,PRÉ-PAGO\n")
    cpfs = [d for d in escolher(cadastro).extrair(cadastro).dados if d["campo"] == "cpf"]
    assert [d["dado"] for d in cpfs if not marcadores.dado_nao_informado(d)] == ["52998224725"]
    assert cpfs[0]["metadados"]["digito_verificador_valido"]
    extrato = _ler(tmp_path, "b.csv", "Data;Histórico;Nº documento;Valor;Saldo\n"
                                      "01/03/2024;PIX RECEBIDO;12345678901;R$ 100,00;R$ 900,00\n")
    assert [d for d in escolher(extrato).extrair(extrato).dados if d["campo"] == "cpf"] == []


def test_relatorio_nao_conta_documento_desconhecido_como_familia():
    from perito.saida.relatorio import familias

    conclusao = {"referencias": [{"arquivo": "a.csv"}, {"arquivo": "b.csv"}, {"arquivo": "c.txt"}]}
    assert familias(conclusao, {"a.csv": "operadora", "b.csv": "desconhecida", "c.txt": "relato"}) == 2


def test_cpf_so_com_digitos_na_coluna_documento_nao_vira_celular(tmp_path):
    """Armadilha: 11 dígitos com DDD plausível numa coluna de CPF; fora dela, o celular continua celular."""
    cadastro = _ler(tmp_path, "a.csv", "MSISDN;Assinante;Documento\n+5579988994972;DIEGO SANTANA;88994723005\n")
    por_dado = {d["dado"]: d["campo"] for d in escolher(cadastro).extrair(cadastro).dados}
    assert por_dado["88994723005"] == "cpf" and por_dado["+5579988994972"] == "telefone"
    contatos = _ler(tmp_path, "b.csv", "MSISDN;Assinante;Contato\n+5579988994972;DIEGO SANTANA;88994723005\n")
    assert {d["dado"]: d["campo"] for d in escolher(contatos).extrair(contatos).dados}["88994723005"] == "telefone"


def test_emissor_e_a_empresa_nomeada_com_forma_juridica_no_topo(tmp_path):
    from perito.extratores.emissor import emissor
    from perito.leitura.texto import ler_texto

    casos = {
        "Apple Inc. Request ID BR-250124-0093\nPrivacy & Law Enforcement\n": "apple",
        "CASAMAR TEMPORADAS LTDA - RESPOSTA A REQUISIÇÃO JUDICIAL\nInquérito nº 1\n": "casamar temporadas",
        "Meta Platforms, Inc. - Law Enforcement Response\nService WhatsApp\n": "meta platforms",
        # sem a forma jurídica nas primeiras linhas: emissor desconhecido (a família decide, como antes)
        "Records\nAccount Identifier 123\nDate Range 2024\nAcme Inc. aparece tarde demais\n": None,
        "Resposta ao ofício 123/2024\nSegue o log de acessos solicitado.\n": None,
    }
    for i, (texto, esperado) in enumerate(casos.items()):
        caminho = tmp_path / f"doc_{i}.txt"
        caminho.write_text(texto, encoding="utf-8")
        assert emissor(ler_texto(caminho, caminho.name)) == esperado, texto


def test_dict_sem_preambulo_cujos_psps_sao_instituicoes_de_pagamento_e_registro(tmp_path):
    """Armadilha (variação, semente 8): o nome do PSP ('TUCANO INSTITUIÇÃO DE PAGAMENTO S.A.') se repete a
    cada chave; contado como vocabulário de banco, empatava com o DICT e o arquivo ficava `desconhecida`."""
    psp = "TUCANO INSTITUIÇÃO DE PAGAMENTO S.A."
    texto = (
        "Chave\tTipo\tNome\tCPF/CNPJ do titular\tPSP\tAgência\tConta\tTipo de conta\tChave registrada em\n"
        f"38b1194a-8c5a-4ad1-bc92-7ecab32de3c6\tALEATÓRIA\tRosemeire Moreira\t16692519500\t{psp}\t1947\t0039290783\tCACC\t18/02/2025 15:16:15\n"
        "+5582997451550\tCELULAR\tBenedito Fonseca\t01220633410\tBANCO SABIÁ S.A.\t4788\t0042103869\tCACC\t06/06/2023 10:14:00\n"
        f"rosemeire@mailvale.com\tE-MAIL\tRosemeire Moreira\t16692519500\t{psp}\t1947\t0039290783\tCACC\t18/02/2025 15:12:15\n"
        f"16692519500\tCPF\tRosemeire Moreira\t16692519500\t{psp}\t1947\t0039290783\tCACC\t18/02/2025 15:42:15\n"
        "\nInformações prestadas com base nos registros do DICT na data da consulta.\n"
    )
    assert classificar(_ler(tmp_path, "arquivo (8).csv", texto, "cp1252")).familia == "registro"
