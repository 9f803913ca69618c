"""O relatório de transações de uma instituição de pagamento e a resposta de uma operadora sobre um prefixo IPv6
(vigésima sessão, caso inteiro: o golpe da venda de veículo, a chave e-mail da conta de pagamento e o aplicativo
acessado da conexão de fibra do titular).

Antes: só o titular da chave. Faltavam:
- o lado do lançamento escrito em código de sistema ("PIX_IN", "PIX_OUT") ou na coluna Tipo ("Entrada", "Saída");
- "Valor bruto | Taxa | Valor líquido": três lançamentos por linha (o bruto, a tarifa de R$ 0,00 e o líquido);
- o crédito que escreve a chave de destino ("Chave Pix de destino") é o da conta que o DICT dá à chave, num relatório
  que não declara a conta;
- a operadora responde pelo prefixo ("o prefixo IPv6 2804:14c:65a1:4f2e::/64, no dia 03/08/2025, entre 08:00:00 e
  12:00:00 (horário de Brasília), estava atribuído ao cliente ..."): a rede do cliente e o período numa frase.
Armadilhas: um acesso de outra rede /64, ou fora do período, não é coberto; a afirmação com outro prefixo não fica
VERIFICADO; a tarifa sozinha numa coluna de valor não some (só ao lado do bruto).
"""

from __future__ import annotations

import json
from pathlib import Path

import openpyxl

from perito.analise import Parametros, analisar
from tests.conftest import dados_da_pasta, veredicto_com_a_afirmacao_trocada

_RELATORIO = (
    '"Data da transação","Tipo","Status","Valor bruto","Taxa","Valor líquido","Nome do pagador",'
    '"Documento do pagador","Chave Pix de destino"\n'
    '"2025-08-03T09:14:22-03:00","PIX_IN","CONCLUIDA","R$ 4.700,00","R$ 0,00","R$ 4.700,00","PAULO ROBERTO SANTANA",'
    '"***.418.657-**","paulo.golpe.vendas@gmail.com"\n'
    '"2025-08-03T09:41:05-03:00","PIX_OUT","CONCLUIDA","R$ 4.650,00","R$ 0,00","R$ 4.650,00","","",'
    '"1c9e8f0a-7b2d-4e5f-9a1b-3c4d5e6f7a8b"\n')
_DICT = ("Chave;Tipo de chave;Nome do titular;CPF/CNPJ;ISPB;Instituição;Agência;Conta\n"
         "paulo.golpe.vendas@gmail.com;EMAIL;RAFAEL DUARTE NOGUEIRA;07140253803;22896431;PICPAY;0001;88812-0\n")
_BOLETIM = ("POLÍCIA CIVIL DO ESTADO DE SÃO PAULO\nBOLETIM DE OCORRÊNCIA Nº 88123/2025\n"
            "Vítima: PAULO ROBERTO SANTANA, CPF 529.418.657-80\n"
            "Histórico: A vítima relata que, em 03/08/2025, pagou às 09h14 um sinal de R$ 4.700,00 via Pix para a chave "
            "paulo.golpe.vendas@gmail.com.\n")
_VIVO = ("TELEFÔNICA BRASIL S.A. (VIVO)\nRef.: Ofício 2232/2025\n"
         "Informamos que o prefixo IPv6 {prefixo}, no dia 03/08/2025, entre 08:00:00 e 12:00:00 (horário de Brasília), "
         "estava atribuído ao cliente RAFAEL DUARTE NOGUEIRA, CPF 071.402.538-03.\n")
_ACESSOS = ("PICPAY INSTITUIÇÃO DE PAGAMENTO S.A.\nAcessos ao aplicativo da conta 88812-0\n"
            "Data/Hora (GMT-3)      | IP                                     | Dispositivo\n"
            "03/08/2025 {hora}    | 2804:14c:65a1:4f2e:9d1c:22ff:fe31:8a7b | Motorola moto g54\n")


def _analise(tmp_path: Path, arquivos: dict[str, str]) -> tuple[Path, dict]:
    caso = tmp_path / "caso"
    caso.mkdir(parents=True)
    for nome, texto in arquivos.items():
        (caso / nome).write_text(texto, encoding="utf-8")
    analisar(Parametros(caso, tmp_path / "saida", data_analise="2025-09-01"))
    return caso, json.loads((tmp_path / "saida" / "conclusoes.json").read_text(encoding="utf-8"))


def _lancamentos(tmp_path: Path, nome: str) -> list[tuple[str, str | None]]:
    return [(d["dado"], d["metadados"].get("direcao")) for d in dados_da_pasta(tmp_path / "c")
            if d["campo"] == "valor_transacao" and d["arquivo_fonte"] == nome]


def test_um_lancamento_por_linha_com_o_lado_do_codigo(tmp_path: Path) -> None:
    (tmp_path / "c").mkdir()
    (tmp_path / "c" / "relatorio.csv").write_text(_RELATORIO, encoding="utf-8")
    assert _lancamentos(tmp_path, "relatorio.csv") == [("R$ 4.700,00", "credito"), ("R$ 4.650,00", "debito")]


def test_a_planilha_com_tipo_entrada_e_saida_e_liquido(tmp_path: Path) -> None:
    (tmp_path / "c").mkdir()
    livro = openpyxl.Workbook()
    aba = livro.active
    aba.append(["Data", "Tipo", "Descrição", "Valor bruto", "Tarifa", "Valor líquido"])
    aba.append(["03/08/2025", "Entrada", "Pix de PAULO ROBERTO SANTANA", "4.700,00", "1,50", "4.698,50"])
    aba.append(["03/08/2025", "Saída", "Pix para GILMAR SOUZA FREITAS", "4.650,00", "0,00", "4.650,00"])
    livro.save(tmp_path / "c" / "extrato.xlsx")
    assert _lancamentos(tmp_path, "extrato.xlsx") == [("4.700,00", "credito"), ("4.650,00", "debito")]


def test_o_liquido_sozinho_e_o_valor(tmp_path: Path) -> None:
    (tmp_path / "c").mkdir()
    (tmp_path / "c" / "relatorio.csv").write_text(
        "Data;Descrição;Valor líquido;Saldo\n03/08/2025;PIX RECEBIDO PAULO ROBERTO SANTANA;4.700,00;4.750,00\n",
        encoding="utf-8")
    assert _lancamentos(tmp_path, "relatorio.csv") == [("4.700,00", "credito")]


def test_o_credito_que_escreve_a_chave_de_destino(tmp_path: Path) -> None:
    _, conclusoes = _analise(tmp_path, {"relatorio_88812.csv": _RELATORIO, "dict.csv": _DICT, "bo.txt": _BOLETIM})
    [cadeia] = [c for c in conclusoes["conclusoes"] if c["tipo"] == "vinculo_financeiro"]
    assert "o DICT (dict.csv, linha 2) vincula essa chave a RAFAEL DUARTE NOGUEIRA" in cadeia["afirmacao"]
    assert "a conta vinculada registra o crédito (relatorio_88812.csv, linha 2" in cadeia["afirmacao"]
    assert "26min43s depois do crédito" in cadeia["afirmacao"]
    assert cadeia["grau_confianca"] == "forte" and cadeia["validacao"]["veredicto_geral"] == "VERIFICADO"


def _do_prefixo(conclusoes: dict) -> list[dict]:
    return [c for c in conclusoes["conclusoes"] if c["afirmacao"].startswith("O prefixo IPv6")]


def test_o_acesso_dentro_do_prefixo_e_do_periodo(tmp_path: Path) -> None:
    caso, conclusoes = _analise(tmp_path, {"vivo.txt": _VIVO.format(prefixo="2804:14c:65a1:4f2e::/64"),
                                           "acessos.txt": _ACESSOS.format(hora="09:10:11")})
    [titular] = _do_prefixo(conclusoes)
    assert titular["tipo"] == "identificacao_titular"
    assert ("O prefixo IPv6 2804:14c:65a1:4f2e::/64 estava atribuído pela operadora a RAFAEL DUARTE NOGUEIRA, CPF/CNPJ "
            "071.402.538-03") in titular["afirmacao"]
    assert "(03/08/2025 08:00:00 horário de Brasília até 12:00:00;" in titular["afirmacao"]
    assert "com um IP dentro do prefixo e o instante convertido para UTC em acessos.txt, linha 4" in titular["afirmacao"]
    assert titular["validacao"]["veredicto_geral"] == "VERIFICADO"
    assert veredicto_com_a_afirmacao_trocada(caso, conclusoes, "identificacao_titular", "2804:14c:65a1:4f2e::/64",
                                             "2804:14c:65a1:4f2f::/64", "2025-09-01") != "VERIFICADO"


def test_outra_rede_ou_fora_do_periodo_nao_e_coberto(tmp_path: Path) -> None:
    _, outra_rede = _analise(tmp_path / "a", {"vivo.txt": _VIVO.format(prefixo="2804:14c:65a1:4f2f::/64"),
                                              "acessos.txt": _ACESSOS.format(hora="09:10:11")})
    assert _do_prefixo(outra_rede) == []
    _, depois = _analise(tmp_path / "b", {"vivo.txt": _VIVO.format(prefixo="2804:14c:65a1:4f2e::/64"),
                                          "acessos.txt": _ACESSOS.format(hora="13:10:11")})
    assert _do_prefixo(depois) == []


def test_o_validador_confere_o_ip_dentro_do_prefixo() -> None:
    from perito.validador import figuras

    texto = "O prefixo IPv6 2804:14c:65a1:4f2e::/64 estava atribuído pela operadora a RAFAEL DUARTE NOGUEIRA."
    referencias = [{"arquivo": "vivo.txt", "linha_ou_celula": "linha 3", "dado_citado": "2804:14c:65a1:4f2e::"},
                   {"arquivo": "acessos.txt", "linha_ou_celula": "linha 4", "dado_citado": "{ip} | 03/08/2025 09:10:11"}]

    def problemas(ip: str) -> list[str]:
        citadas = [{**r, "dado_citado": r["dado_citado"].format(ip=ip)} for r in referencias]
        return [str(p) for p in figuras.conferir({"afirmacao": texto, "referencias": citadas}, texto)]

    assert not [p for p in problemas("2804:14c:65a1:4f2e:9d1c:22ff:fe31:8a7b") if "prefixo" in p]
    assert [p for p in problemas("2804:14c:65a1:4f2f:9d1c:22ff:fe31:8a7b") if "prefixo" in p]
