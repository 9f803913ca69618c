"""Regras de identificação sobre lotes feitos à mão: o aparelho com duas linhas na resposta da operadora,
o titular pelo CPF (operadora × DICT) e o CPF de mensagem transcrita num relato, cada uma com a armadilha."""

from __future__ import annotations

from tests.fabrica_lotes import Fabrica

IMEI = "353328114529074"


def _cdr(fab: Fabrica, arquivo: str = "cdr.csv"):
    return fab.documento(arquivo, "operadora")


def _evento(doc, linha: int, a: str, b: str, data: str, imei: str = IMEI) -> None:
    registro = f"r{linha}"
    doc.telefone(a, linha, registro=registro)
    doc.telefone(b, linha, registro=registro)
    doc.data_hora(data, "10:00:00", linha, fuso="BRT", registro=registro)
    doc.imei(imei, linha, registro=registro)


def test_mesmo_aparelho_com_duas_linhas_na_operadora_e_moderado_e_diz_que_e_uma_fonte():
    fab = Fabrica()
    cdr = _cdr(fab)
    # o chip 1 usa o aparelho em março (com contatos variados), o chip 2 em abril
    _evento(cdr, 2, "+5541988887777", "+5541911112222", "01/03/2024")
    _evento(cdr, 3, "+5541933334444", "+5541988887777", "05/03/2024")
    _evento(cdr, 4, "+5541988887777", "+5541955556666", "09/03/2024")
    _evento(cdr, 5, "+5541977776666", "+5541911112222", "02/04/2024")
    _evento(cdr, 6, "+5541977776666", "+5541933334444", "06/04/2024")
    [c] = fab.do_tipo("convergencia_imei")
    assert c["grau_confianca"] == "moderado"
    assert "+5541988887777" in c["afirmacao"] and "+5541977776666" in c["afirmacao"]
    assert "de 01/03/2024 10:00:00 a 09/03/2024 10:00:00" in c["afirmacao"] and "uma fonte só" in c["afirmacao"]
    assert {r["linha_ou_celula"] for r in c["referencias"]} == {"linha 2", "linha 4", "linha 5", "linha 6"}


def test_contato_frequente_da_linha_nao_e_segunda_linha_do_aparelho():
    """Armadilha: o número que a linha mais chama aparece em muitos registros do IMEI, mas sempre junto dela."""
    fab = Fabrica()
    cdr = _cdr(fab)
    for linha, data in enumerate(("01/03/2024", "02/03/2024", "03/03/2024"), start=2):
        _evento(cdr, linha, "+5541988887777", "+5541911112222", data)
    _evento(cdr, 5, "+5541988887777", "+5541933334444", "04/03/2024")
    assert fab.do_tipo("convergencia_imei") == []


def test_aparelho_com_duas_linhas_e_luhn_invalido_e_fraco():
    fab = Fabrica()
    cdr = _cdr(fab)
    _evento(cdr, 2, "+5541988887777", "+5541911112222", "01/03/2024", imei="353328114529075")
    _evento(cdr, 3, "+5541955556666", "+5541988887777", "02/03/2024", imei="353328114529075")
    _evento(cdr, 4, "+5541977776666", "+5541933334444", "02/04/2024", imei="353328114529075")
    _evento(cdr, 5, "+5541977776666", "+5541944445555", "03/04/2024", imei="353328114529075")
    [c] = fab.do_tipo("convergencia_imei")
    assert c["grau_confianca"] == "fraco" and "Luhn" in c["afirmacao"]


def test_imei_de_duas_linhas_em_outra_familia_nao_e_a_regra_da_operadora():
    """Só a resposta da operadora diz que linha usou o aparelho; um log de banco com dois números não."""
    fab = Fabrica()
    log = fab.documento("log.csv", "banco")
    _evento(log, 2, "+5541988887777", "+5541911112222", "01/03/2024")
    _evento(log, 3, "+5541988887777", "+5541955556666", "02/03/2024")
    _evento(log, 4, "+5541977776666", "+5541933334444", "02/04/2024")
    _evento(log, 5, "+5541977776666", "+5541944445555", "03/04/2024")
    assert fab.do_tipo("convergencia_imei") == []


CPF = "529.982.247-25"


def _assinante(fab: Fabrica, cpf: str = CPF, nome: str = "FULANO DE TAL") -> None:
    cadastro = fab.documento("cadastro.txt", "operadora")
    cadastro.telefone("(41) 98888-7777", 13, registro="r13")
    cadastro.nome(nome, 13, papel="titular", cpf=cpf, registro="r13")


def test_titular_pelo_cpf_na_operadora_e_no_dict_e_moderado_e_cita_os_dois():
    fab = Fabrica()
    _assinante(fab)
    fab.dict_pix("dict.txt").chave_pix("52998224725", 54, tipo="cpf", titular="FULANO DE TAL", cpf="52998224725")
    [c] = [c for c in fab.do_tipo("identificacao_titular") if "CPF" in c["afirmacao"]]
    assert c["grau_confianca"] == "moderado"
    assert {r["arquivo"] for r in c["referencias"]} == {"cadastro.txt", "dict.txt"}
    assert "2 famílias de fonte independentes (operadora, cadastro Pix (DICT))" in c["afirmacao"]


def test_titular_pelo_cpf_com_a_linha_no_provedor_e_forte():
    fab = Fabrica()
    _assinante(fab)
    fab.dict_pix("dict.txt").chave_pix("52998224725", 54, tipo="cpf", titular="FULANO DE TAL", cpf=CPF)
    fab.documento("provedor.pdf", "provedor").telefone("+5541988887777", 4)
    [c] = [c for c in fab.do_tipo("identificacao_titular") if c["afirmacao"].startswith("O CPF")]
    assert c["grau_confianca"] == "forte" and "provedor.pdf" in {r["arquivo"] for r in c["referencias"]}


def test_cpf_diferente_no_dict_nao_identifica_o_assinante():
    """Armadilha: homônimo com outro CPF no DICT."""
    fab = Fabrica()
    _assinante(fab)
    fab.dict_pix("dict.txt").chave_pix("11144477735", 54, tipo="cpf", titular="FULANO DE TAL", cpf="111.444.777-35")
    assert [c for c in fab.do_tipo("identificacao_titular") if c["afirmacao"].startswith("O CPF")] == []


def test_cpf_citado_so_num_relato_nao_vira_titular():
    """Armadilha (FORMATOS §6): o CPF de uma mensagem transcrita no relato não é cadastro de ninguém."""
    fab = Fabrica()
    _assinante(fab)
    relato = fab.relato()
    relato.cpf("741.984.297-31", 28)
    relato.nome("FULANO DE TAL", 29, cpf="741.984.297-31")
    assert [c for c in fab.do_tipo("identificacao_titular") if "741.984.297-31" in c["afirmacao"]] == []


def test_nome_com_cpf_mascarado_de_outros_digitos_e_homonimo_do_assinante():
    """Armadilha: o extrato mascara o CPF da vítima (***.949.958-**); o assinante homônimo tem outro CPF."""
    fab = Fabrica()
    extrato = fab.documento("extrato.pdf", "banco")
    vitima = extrato.nome("TIAGO LEMOS SOARES", 12, papel="identificado_por_cpf")
    vitima["metadados"]["cpf_mascarado"] = "***.949.958-**"
    fab.documento("cadastro.xlsx", "operadora").nome("TIAGO LEMOS SOARES", "celula B5", papel="titular",
                                                     cpf="184.553.319-41")
    assert fab.do_tipo("convergencia_nome") == []


def test_nome_com_cpf_mascarado_que_bate_com_o_cpf_inteiro_continua_convergindo():
    fab = Fabrica()
    extrato = fab.documento("extrato.pdf", "banco")
    vitima = extrato.nome("TIAGO LEMOS SOARES", 12, papel="identificado_por_cpf")
    vitima["metadados"]["cpf_mascarado"] = "***.553.319-**"
    fab.documento("cadastro.xlsx", "operadora").nome("TIAGO LEMOS SOARES", "celula B5", papel="titular",
                                                     cpf="184.553.319-41")
    [c] = fab.do_tipo("convergencia_nome")
    assert c["grau_confianca"] == "forte"  # a máscara com os dígitos do CPF inteiro (26ª sessão; antes, moderado)


def test_mascara_escrita_depois_do_nome_no_historico_tambem_separa_o_homonimo():
    """O nome veio do histórico ("PIX RECEBIDA NOME ***.259.443-**"): a máscara está no texto da linha."""
    fab = Fabrica()
    extrato = fab.documento("extrato.pdf", "banco")
    extrato.nome("DIEGO SANTANA", 7, papel="remetente",
                 texto="16/09/2023 TRANSF PIX RECEBIDA DIEGO SANTANA ***.259.443-** R$ 517,50")
    fab.documento("cadastro.xlsx", "operadora").nome("Diego Santana", "celula B8", papel="titular",
                                                     cpf="889.947.230-05")
    assert fab.do_tipo("convergencia_nome") == []
