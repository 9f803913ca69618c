"""Tabela de largura fixa com régua (`-----`) sob o cabeçalho: a régua mede as colunas, não encerra a tabela."""

from __future__ import annotations

from pathlib import Path

import pytest

from perito.extratores.registro import escolher
from perito.leitura.texto import ler_texto
from perito.validador.agente import validar
from tests.conftest import dados_da_pasta


def _dados(tmp_path: Path, texto: str, nome: str = "resposta.txt") -> list[dict]:
    caminho = tmp_path / nome
    caminho.write_text(texto, encoding="utf-8")
    documento = ler_texto(caminho, nome)
    return escolher(documento).extrair(documento).dados


def _por_linha(dados: list[dict], campo: str) -> dict[str, list[str]]:
    saida: dict[str, list[str]] = {}
    for d in dados:
        if d["campo"] == campo:
            saida.setdefault(d["linha_ou_celula"], []).append(d["dado"])
    return saida


_CADASTRO = """OPERADORA EXEMPLO S.A. - Resposta ao oficio 123/2024

Cadastro
--------
Linha             Nome do assinante            Documento    Endereco de cadastro           Ativacao
----------------  ---------------------------  -----------  -----------------------------  ----------
(21) 9 8765-4321  ANA PAULA DE SOUZA           52998224725  Rua das Flores, 12 - Rio/RJ    01/02/2020
(21) 9 1234-5678  BRUNO LIMA                   11144477735  Av. Central, 900 - Rio/RJ      15/03/2021

Bilhetagem
----------
Data e hora (UTC)    Tipo   Origem            Destino           IMEI
-------------------  -----  ----------------  ----------------  ---------------
2024-05-02 10:00:01  VOZ-O  (21) 9 8765-4321  (21) 9 1234-5678  490154203237518
2024-05-02 11:30:45  SMS-O  (21) 9 8765-4321  (21) 9 1234-5678  49015420323751
-------------------  -----  ----------------  ----------------  ---------------
Total: 2 registros
"""


def test_regua_sob_o_cabecalho_nao_encerra_a_tabela(tmp_path):
    dados = _dados(tmp_path, _CADASTRO)
    imeis = _por_linha(dados, "imei")
    assert set(imeis) == {"linha 14", "linha 15"}
    # cada linha da bilhetagem é um registro com a data-hora da própria linha
    for d in dados:
        if d["campo"] == "imei":
            assert d["metadados"]["registro"] == d["linha_ou_celula"]


def test_coluna_documento_com_dv_valido_e_cpf(tmp_path):
    cpfs = _por_linha(_dados(tmp_path, _CADASTRO), "cpf")
    assert cpfs == {"linha 7": ["52998224725"], "linha 8": ["11144477735"]}


def test_armadilha_documento_com_dv_invalido_nao_vira_cpf(tmp_path):
    texto = _CADASTRO.replace("52998224725", "52998224700")
    cpfs = _por_linha(_dados(tmp_path, texto), "cpf")
    assert "linha 7" not in cpfs


def test_armadilha_regua_depois_dos_registros_encerra_a_tabela(tmp_path):
    dados = _dados(tmp_path, _CADASTRO)
    # "Total: 2 registros" vem depois da régua de fecho: não é linha da tabela
    assert not [d for d in dados if d["linha_ou_celula"] == "linha 17"]
    assert all(d["metadados"].get("registro") != "linha 16" for d in dados)


def test_nomes_de_varias_palavras_medidos_pela_regua(tmp_path):
    dados = _dados(tmp_path, _CADASTRO)
    nomes = _por_linha(dados, "nome_titular")
    assert nomes["linha 7"] == ["ANA PAULA DE SOUZA"]


_LOG = """PROVEDOR EXEMPLO - Connection log

Timestamp (UTC)      IP Address      Port   Activity
-------------------  --------------  -----  --------
2024-05-02 10:00:01  187.34.56.78           Login
      Port: 51234
2024-05-02 16:10:09  187.34.56.79           Logout
      Port: 40001
2024-05-03 08:20:30                         Login
      IP Address: 201.17.3.4   Port: 62000
"""


def test_linha_de_continuacao_e_parte_do_registro_de_cima(tmp_path):
    dados = _dados(tmp_path, _LOG, "log.txt")
    ips = {d["dado"]: d["metadados"] for d in dados if d["tipo_dado"] == "ip"}
    esperado = {"187.34.56.78": ("51234", "2024-05-02 10:00:01"), "187.34.56.79": ("40001", "2024-05-02 16:10:09"),
                "201.17.3.4": ("62000", "2024-05-03 08:20:30")}
    assert {ip: (m.get("porta"), m.get("data_hora")) for ip, m in ips.items()} == esperado
    # a porta na linha de baixo é citada onde está
    assert next(a for a in ips["187.34.56.78"]["apoio"] if a["papel"] == "porta")["linha_ou_celula"] == "linha 6"


@pytest.mark.parametrize("rotulo", ["Puerto de origen:", "Porta de origem:", "Source port:", "Porta lógica",
                                    "remote_port:", "Puerto lógico:", "Logical port:"])
def test_porta_rotulada_na_continuacao_em_outras_linguas(tmp_path, rotulo):
    """Semente 78: "Dirección IP: ::ffff:200.79.250.153   Puerto de origen: 63850" sob o registro: a porta não
    era lida ("de origen" em espanhol), e o IP saía `moderado`, sem porta. Semente 156: "Puerto lógico" (o
    adjetivo no masculino)."""
    texto = _LOG.replace("   Port: 62000", f"   {rotulo} 62000")
    ips = {d["dado"]: d["metadados"] for d in _dados(tmp_path, texto, "log.txt") if d["tipo_dado"] == "ip"}
    assert ips["201.17.3.4"]["porta"] == "62000"


def test_armadilha_continuacao_nao_passa_a_porta_ao_registro_seguinte(tmp_path):
    texto = _LOG.replace("      Port: 40001\n", "")
    ips = {d["dado"]: d["metadados"] for d in _dados(tmp_path, texto, "log.txt") if d["tipo_dado"] == "ip"}
    assert "porta" not in ips["187.34.56.79"]
    assert ips["187.34.56.78"]["porta"] == "51234"


_CDR = """CDR
Stamp (UTC-03:00)    Kind   A Number          B Number          Cell               device_imei
-------------------  -----  ----------------  ----------------  -----------------  ------------------
2024-05-02 10:00:01  VOZ-O  (21) 9 8765-4321  (21) 9 1234-5678  724-31-7101-56628  49 015420 323751 8
2024-05-02 11:30:45  SMS-O  (21) 9 8765-4321  (21) 9 1234-5678  724-31-7101-56628  49 015420 323751 8
-------------------  -----  ----------------  ----------------  -----------------  ------------------
"""


def test_regua_faz_tabela_de_cabecalho_de_nomes_desconhecidos(tmp_path):
    """Só "device_imei" tem papel conhecido; a régua alinhada sob os nomes diz que é tabela."""
    dados = _dados(tmp_path, _CDR, "cdr.txt")
    assert _por_linha(dados, "imei") == {"linha 4": ["49 015420 323751 8"], "linha 5": ["49 015420 323751 8"]}
    datas = [d for d in dados if d["campo"] == "data_evento"]
    assert {d["fuso_horario_original"] for d in datas} == {"UTC-03:00"}


def test_armadilha_regua_de_fecho_nao_faz_da_ultima_linha_um_cabecalho(tmp_path):
    texto = _CDR + "2024-05-09 09:00:00  SMS-O  (21) 9 8765-4321\n"
    dados = _dados(tmp_path, texto, "cdr.txt")
    assert _por_linha(dados, "imei") == {"linha 4": ["49 015420 323751 8"], "linha 5": ["49 015420 323751 8"]}


def test_notacao_decidida_por_coluna_na_tabela_de_largura_fixa(tmp_path):
    """Variantes, semente 150: "Valor (R$)" em `415.00` e "Saldo (R$)" em `1.017,50` no mesmo extrato. A notação
    do documento inteiro (brasileira, pelo saldo) apagava os valores do lançamento; cada coluna decide a sua."""
    texto = (
        "BANCO EXEMPLO S.A. - Extrato da conta\n"
        "Hora      Favorecido/Pagador                  Valor (R$)  Natureza  Saldo (R$)\n"
        "--------  ----------------------------------  ----------  --------  ----------\n"
        "10:59:00  DOUGLAS CORDOVIL CAMPOS             140.00      C         140,00\n"
        "15:09:51  LIVIA SERAFIM DA PAIVA              415.00      C         555,00\n"
        "10:49:14  FALCAO SERVICOS DIGITAIS LTDA       590.00      D         35,00\n")
    valores = [(d["dado"], d["metadados"]["valor"]) for d in _dados(tmp_path, texto, "extrato.txt")
               if d["campo"] == "valor_transacao"]
    assert valores == [("140.00", "140.00"), ("415.00", "415.00"), ("590.00", "-590.00")]


_COM_DIAS = """BANCO EXEMPLO S.A. - Extrato da conta
Hora      Descrição             Favorecido/Pagador                  Valor (R$)  Natureza  Saldo (R$)
--------  --------------------  ----------------------------------  ----------  --------  ----------

10 de junho de 2022 - sexta-feira
15:09:51  TRANSF PIX RECEBIDA   LIVIA SERAFIM DA PAIVA              415.00      C         555,00

19 de junho de 2022 - domingo
11:01:57  TRANSF PIX RECEBIDA   LETICIA XAVIER DE UCHOA             415.00      C         970,00
11:11:10  TRANSF PIX ENVIADA    SIMONE PEIXOTO FALCAO               380.00      D         590,00
"""


def test_tabela_continua_depois_da_linha_em_branco_e_do_cabecalho_do_dia(tmp_path):
    """Semente 150: a tabela terminava na primeira linha em branco; as linhas seguintes caíam na leitura de texto,
    com a notação do documento inteiro (brasileira, pelo saldo), e o valor `415.00` sumia. O cabeçalho do dia entre
    os grupos é o dia das linhas de baixo, e a hora da coluna compõe o momento."""
    valores = [(d["dado"], d["metadados"]["valor"], d["metadados"].get("data"), d["metadados"].get("hora"))
               for d in _dados(tmp_path, _COM_DIAS, "extrato.txt") if d["campo"] == "valor_transacao"]
    assert valores == [("415.00", "415.00", "10 de junho de 2022", "15:09:51"),
                       ("415.00", "415.00", "19 de junho de 2022", "11:01:57"),
                       ("380.00", "-380.00", "19 de junho de 2022", "11:11:10")]


def _acessos_mapeados() -> str:
    eventos = ["Novo dispositivo", "Acesso ao app", "CONSULTA_SALDO", "PIX_ENVIO"]
    linhas = [f"{eventos[i % 4]:<16}  ::ffff:143.27.{i}.34{'':<10}  {40000 + i:<12}  {1649089113 + 60 * i}"
              for i in range(16)]
    return "\n".join([
        "BANCO EXEMPLO S.A. - Registros de acesso", "Titular: ANA PAULA DE SOUZA", "CPF: 52998224725", "",
        "Evento            IP Origem                 Porta origem  Timestamp (Unix)",
        "----------------  ------------------------  ------------  ----------------", *linhas]) + "\n"


def test_ipv4_mapeado_na_linha_da_tabela_nao_e_rotulo_e_valor(tmp_path):
    """Variantes (semente 168): "Acesso ao app   ::ffff:143.111.161.2" parecia "Rótulo: valor" (os dois-pontos do
    IPv6); as linhas que se repetiam viravam blocos de formulário, e o IP perdia a porta e o instante da coluna."""
    dados = _dados(tmp_path, _acessos_mapeados())
    ips = [d for d in dados if d["tipo_dado"] == "ip"]
    assert len(ips) == 16
    # a linha do evento "PIX_ENVIO" fala de transação: o IP dela é o da transação (26ª sessão)
    assert [d["campo"] for d in ips] == ["ip_acesso", "ip_acesso", "ip_acesso", "ip_transacao"] * 4
    for ip in ips:
        assert ip["metadados"]["registro"] == ip["linha_ou_celula"]
        assert ip["metadados"].get("porta") and ip["metadados"].get("instante_utc"), ip
    ultimo = next(ip for ip in ips if ip["linha_ou_celula"] == "linha 22")
    assert (ultimo["dado"], ultimo["metadados"]["porta"], ultimo["metadados"]["instante_utc"]) == (
        "143.27.15.34", "40015", "2022-04-04T16:33:33Z")


_EXTRATO_DUAS_LINHAS = """BANCO EXEMPLO DE PAGAMENTOS S.A.
Titular: ANA PAULA DE SOUZA - CPF 529.982.247-25 - Agência 2011 - Conta 644066

Dt. Evento  Detalhe                         Valor do lançamento  Saldo     Duração
----------  ------------------------------  -------------------  --------  --------
2024-07-18  Pix recebido - 18:14:41         200.00               200,00    00:00:03
      Luana Elaine Ramos Zanetti   679.691.582-85
2024-07-29  Pix recebido - 15:28:41         2,310.00             2.510,00  00:00:02
      Bruno Lima Castro   111.444.777-35
2024-07-29  Pix enviado - 15:33:24          (2,190.00)           320,00    00:00:04
      Marcos Pinto Leal   905.142.653-45
2024-07-30  COMPRA DEBITO                   (10.00)              310,00    00:00:05
"""


def test_extrato_em_duas_linhas_contraparte_recuada_e_hora_no_detalhe(tmp_path):
    """Variantes (semente 177): a contraparte vem recuada na linha de baixo e os pedaços dela caem em várias
    colunas; antes cada uma virava um registro à parte (o lançamento sem pagador, e a conta de passagem sem os
    pagadores distintos). A hora está na coluna "Detalhe" (sem papel conhecido), nunca na de duração."""
    dados = _dados(tmp_path, _EXTRATO_DUAS_LINHAS)
    por_registro: dict[str, dict[str, str]] = {}
    for d in dados:
        por_registro.setdefault(d["metadados"]["registro"], {})[d["campo"]] = d["dado"]
    assert por_registro["linha 6"]["nome_titular"] == "Luana Elaine Ramos Zanetti"
    assert por_registro["linha 6"]["cpf"] == "679.691.582-85"
    assert por_registro["linha 10"]["nome_titular"] == "Marcos Pinto Leal"
    horas = {d["linha_ou_celula"]: d["metadados"].get("hora") for d in dados if d["campo"] == "data_evento"}
    assert horas == {"linha 6": "18:14:41", "linha 8": "15:28:41", "linha 10": "15:33:24", "linha 12": None}


_LOG_ES = """BANCO EJEMPLO S.A. - Registros de acceso
Titular: Renata Kelly Queiroz Damasceno

Evento                      Zona horaria  Hora      IMEI del equipo  Fecha       Modelo
--------------------------  ------------  --------  ---------------  ----------  ------------------------
LOGIN                       GMT-03:00     11:36:57  868047051161471  16/07/2021  Samsung Galaxy S23 Ultra
      IP: 138.185.207.214   Puerto lógico: 45583
Envío Pix                   GMT-03:00     11:40:01  868047051161471  16/07/2021  Samsung Galaxy S23 Ultra
      IP: 201.92.47.178   Puerto lógico: 35900
"""


def test_ip_na_linha_de_baixo_cita_a_data_a_hora_e_o_fuso_da_linha_do_registro(tmp_path):
    """Semente 156: colunas em espanhol fora da ordem de costume (fuso, hora, IMEI, data) e o IP recuado na linha
    de baixo. A porta ("Puerto lógico") não era lida, e o apoio citava só "16/07/2021": a afirmação dizia o
    momento 11:40:01 GMT-03:00 que nenhuma referência sustentava (AMBIGUO), e o IP saía `moderado`."""
    caminho = tmp_path / "acessos.txt"
    caminho.write_bytes(_LOG_ES.encode("cp1252"))  # exportado no Windows, como a resposta da semente
    documento = ler_texto(caminho, "acessos.txt")
    [ip] = [d for d in escolher(documento).extrair(documento).dados if d["dado"] == "201.92.47.178"]
    meta = ip["metadados"]
    assert (meta["porta"], meta["instante_utc"]) == ("35900", "2021-07-16T14:40:01Z")
    [apoio] = [a for a in meta["apoio"] if a["papel"] == "data_hora"]
    assert apoio == {"papel": "data_hora", "pagina": None, "linha_ou_celula": "linha 8",
                     "dado": "16/07/2021 | 11:40:01 | GMT-03:00"}
    conclusao = {"id": 1, "tipo": "outro", "afirmacao": "acesso", "grau_confianca": "fraco", "validacao": None,
                 "referencias": [{"arquivo": "acessos.txt", "pagina": None, "linha_ou_celula": "linha 8",
                                  "dado_citado": apoio["dado"], "extrator_id": "teste"}]}
    resultado = validar({"conclusoes": [conclusao], "caso_id": "t", "data_analise": "2025-03-20"}, tmp_path,
                        "2025-03-20")
    assert resultado["validacoes"][0]["detalhes"][0]["status"] == "VERIFICADO"


_EXTRATO_CENTAVOS = """BANCO EXEMPLO S.A.
Extrato da conta
Cliente: ELAINE LUCIANA MEDEIROS GOMES
Periodo: 21/12/2016 a 04/01/2017

Detalhe                   Favorecido/Pagador            Documento       Valor (centavos)  Tipo  Saldo   Identificador
------------------------  ----------------------------  --------------  ----------------  ----  ------  ------------

21 de dezembro de 2016 - quarta-feira
PIX RECEBIDO - 09:44:08   FLAVIO SOARES JUNQUEIRA       ***.216.445-**  13000             C     13000   489998b1
PIX ENVIADO - 09:51:43    VALERIA OURIQUE DA GONCALVES  ***.511.933-**  12500             D     500     c8a1540c
"""


def test_coluna_que_diz_centavos_na_tabela_de_largura_fixa(tmp_path):
    """Variantes (semente 394): "Valor (centavos)" numa tabela de largura fixa de TXT. O plano da tabela nasce no
    cabeçalho, antes das linhas, e a notação por coluna (que decide centavos) só existia nas tabelas com células;
    os inteiros não viravam valor: sem materialidade, vínculo nem laranja. Armadilha: o saldo inteiro, numa coluna
    que não diz centavos, não vira lançamento."""
    valores = [(d["dado"], d["metadados"]["valor"]) for d in _dados(tmp_path, _EXTRATO_CENTAVOS, "extrato.txt")
               if d["campo"] == "valor_transacao"]
    assert valores == [("13000", "130.00"), ("12500", "-125.00")]


def test_linha_recuada_so_continua_quando_todos_os_registros_comecam_na_margem():
    """`recuada` decide pelo que a tabela já leu, contado à medida que os registros entram (antes percorria a
    tabela inteira a cada linha: 80 mil linhas de log levavam minutos). A armadilha: um registro recuado no meio
    da tabela desliga a regra para as linhas seguintes."""
    from dataclasses import replace

    from perito.extratores.registros.tabela_fixa import TabelaFixa
    from perito.leitura.documento import Trecho

    def linha(n: int, texto: str) -> Trecho:
        return Trecho(None, f"linha {n}", texto, "texto")

    fixa = TabelaFixa.do_cabecalho(linha(1, "Data/Hora            Endereço IP       Porta"))
    assert fixa is not None
    abaixo = linha(4, "      Luana Elaine Ramos   679.691.582-85")
    assert not fixa.recuada(abaixo)  # sem registro ainda, nada a continuar
    for n, texto in [(2, "2025-03-01 10:00:00  200.1.2.3        51234"), (3, "2025-03-01 10:05:00  200.1.2.4        51235")]:
        fixa.registrar(replace(linha(n, texto), celulas=tuple(texto.split())))
    assert fixa.registros == 2 and fixa.recuada(abaixo)
    texto = " 2025-03-01 10:06:00 200.1.2.5        51236"
    fixa.registrar(replace(linha(5, texto), celulas=tuple(texto.split())))
    assert not fixa.recuada(linha(6, "      Bruno Lima Castro   111.444.777-35"))


def test_regua_continua_sob_o_cabecalho_de_um_txt_de_largura_fixa(tmp_path):
    """O relatório impresso do banco sublinha o cabeçalho com uma régua contínua de largura inteira: ela não mede
    coluna nenhuma (antes media uma coluna só, e o IP perdia a porta). A régua por coluna continua medindo."""

    for nome, regua in (("continua", "-" * 80), ("por_coluna", "---------- --------  ----------------- ------- --------")):
        pasta = tmp_path / nome
        pasta.mkdir()
        (pasta / "RELACESS.TXT").write_text(
            "BANCO DESTINO S.A.                       RELATORIO DE ACESSOS - IB\n"
            "HORARIOS EM HORARIO DE BRASILIA\n"
            "DATA       HORA      ENDERECO IP        PORTA   OPERACAO\n"
            f"{regua}\n"
            "15/03/2025 10:02:55  200.150.10.5      40110   Consulta de extrato\n"
            "15/03/2025 11:34:02  187.34.56.78      51234   Login\n", encoding="utf-8")
        ips = {d["dado"]: d["metadados"] for d in dados_da_pasta(pasta) if d["tipo_dado"] == "ip"}
        assert ips["187.34.56.78"].get("porta") == "51234", nome
        assert ips["187.34.56.78"].get("instante_utc") == "2025-03-15T14:34:02Z", nome
