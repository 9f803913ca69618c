"""Exportações de provedor e peças que sondas acharam mal lidas.

- O arquivo de dados do X/Twitter (`ip-audit.js`) é JSON atribuído a uma variável (`window.YTD.ip_audit.part0 = [`):
  não era lido como JSON (a porta `loginPortNumber` se perdia) e a família ficava desconhecida (no máximo moderado).
- O fuso colado à hora ("2025-08-02T13:10:44.000Z") era citado como "... | Z", que o validador não lê como fuso: o
  padrão temporal saía AMBIGUO.
- Registro em blocos com "Data:" e "Hora:" em linhas separadas: o validador não contava o evento entre os instantes.
- Famílias: a resposta da operadora sobre conexões de dados (sessão, APN, CGNAT) e o relatório de análise do celular
  apreendido (escrito pela polícia, sem timbre).
"""

from __future__ import annotations

from pathlib import Path

from perito.extratores.familias import classificar
from perito.leitura.leitor import ler_documento
from tests.conftest import conclusoes_do_caso

_IP_AUDIT = """window.YTD.ip_audit.part0 = [
  {
    "ipAudit" : {
      "accountId" : "1554873203398291456",
      "createdAt" : "2025-08-02T13:10:44.000Z",
      "loginIp" : "177.45.210.33",
      "loginPortNumber" : "41822"
    }
  }
]
"""
_BANCO = ("Banco Exemplo S.A. - log de acessos ao internet banking\n"
          "Data;Hora;Fuso;IP;Porta;Dispositivo;Operação\n"
          "01/08/2025;08:00:00;BRT;191.10.20.30;40000;Android SM-A155M;Consulta de saldo\n"
          "02/08/2025;10:11:20;BRT;177.45.210.33;41822;Android SM-A155M;Login\n"
          "02/08/2025;10:14:02;BRT;177.45.210.33;41822;Android SM-A155M;Transferência PIX R$ 4.800,00\n")


def _caso(tmp_path: Path, nome: str, conteudo: str) -> Path:
    caso = tmp_path / "caso"
    caso.mkdir()
    (caso / nome).write_text(conteudo, encoding="utf-8")
    (caso / "log_internet_banking.csv").write_text(_BANCO, encoding="utf-8")
    return caso


def test_arquivo_de_dados_do_x(tmp_path: Path) -> None:
    conclusoes = conclusoes_do_caso(_caso(tmp_path, "ip-audit.js", _IP_AUDIT))
    ip = next(c for c in conclusoes if c["tipo"] == "convergencia_ip")
    assert ip["grau_confianca"] == "forte", ip["afirmacao"]
    assert "porta 41822" in ip["afirmacao"].split(" e em ")[0]
    citados = [r["dado_citado"] for r in ip["referencias"] if r["arquivo"] == "ip-audit.js"]
    assert "2025-08-02T13:10:44.000Z" in citados  # o fuso colado, citado como escrito
    assert {c["validacao"]["veredicto_geral"] for c in conclusoes} == {"VERIFICADO"}


def test_evento_com_data_e_hora_em_linhas_separadas(tmp_path: Path) -> None:
    blocos = ("MERCADO PAGO - Resposta ao Ofício nº 2291/2025\n"
              "Registros de acesso à aplicação. Horários em GMT-03:00.\n\n"
              "Data: 02/08/2025\nHora: 10:10:44\nIP: 177.45.210.33\nPorta: 41822\n")
    conclusoes = conclusoes_do_caso(_caso(tmp_path, "mercadopago.txt", blocos))
    padrao = next(c for c in conclusoes if c["tipo"] == "padrao_temporal")
    assert "1 evento, em 02/08/2025" in padrao["afirmacao"]
    assert padrao["validacao"]["veredicto_geral"] == "VERIFICADO"


def _familia(tmp_path: Path, nome: str, texto: str) -> str:
    caminho = tmp_path / nome
    caminho.write_text(texto, encoding="utf-8")
    return classificar(ler_documento(caminho, caminho.name, caminho.suffix.lstrip("."))).familia


def test_familias_de_conexoes_de_dados_e_de_relatorio_de_analise(tmp_path: Path) -> None:
    assert _familia(tmp_path, "tim.csv", "TIM S.A. - EXTRATO DE CONEXOES DE DADOS - APN zap.vivo.com.br\n"
                                          "INICIO_SESSAO;FIM_SESSAO;IP_PUBLICO;PORTA_INICIAL;PORTA_FINAL\n"
                                          "2025-08-02 13:05:12;2025-08-02 13:31:40;177.45.210.33;40064;40127\n"
                    ) == "operadora"
    assert _familia(tmp_path, "relatorio.txt", "RELATÓRIO DE ANÁLISE DE DADOS EXTRAÍDOS DE APARELHO CELULAR\n"
                                               "Item 01 - Samsung Galaxy A15\nMSISDN: 5511966554433\n"
                                               "ICCID: 8955031234567890123\nIMEI: 358475120933181\n") == "relato"


def test_familia_do_relatorio_de_acessos_ao_aplicativo_do_banco(tmp_path: Path) -> None:
    assert _familia(tmp_path, "acessos.csv", "Banco Inter S.A. - Relatório de acessos ao aplicativo\n"
                                             "DATA_HORA;IP_ORIGEM;PORTA_ORIGEM;EVENTO\n"
                                             "2025-09-18 14:05:31;177.53.140.22;40211;LOGIN\n") == "banco"
    assert _familia(tmp_path, "ccs.csv", "Banco Central do Brasil - Cadastro de Clientes do Sistema Financeiro (CCS)\n"
                                         "Instituição;Agência;Conta;Vínculo;Início;Fim\n"
                                         "BANCO X;0001;1234567-8;Titular;03/02/2025;\n") == "banco"


def test_imei_com_complemento_no_rotulo() -> None:
    from perito.extratores.reconhecedores import reconhecer

    for texto in ("IMEI/MEID: 35 467210 983315 0", "IMEI 1: 35 467210 983315 0", "IMEI 2: 354672109833150"):
        assert [a.campo for a in reconhecer(texto)] == ["imei"], texto
