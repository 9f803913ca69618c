"""Tempo Unix (epoch) numa coluna: o nome da coluna e a magnitude decidem; o cabeçalho é citado e relido.

Armadilhas ao lado de cada regra: número de 10 dígitos fora de coluna de tempo (telefone, CPF sem
pontuação, conta), coluna `ts` com contadores pequenos, coluna em ms com valor de segundos, afirmação
com a data convertida sem o cabeçalho citado.
"""

from __future__ import annotations

import datetime as dt
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from perito.chaves import tempo_unix
from perito.extratores.provedores import ExtratorProvedores
from perito.leitura.leitor import ler_documento
from perito.validador import tempo_unix as validador_unix
from perito.validador.agente import validar
from perito.validador.fonte import Aberto

DATA = "2025-03-20"
UTC = dt.timezone.utc


@pytest.mark.parametrize(("nome", "unidade"), [
    ("timestamp", ""), ("epoch", ""), ("unix_time", ""), ("ts", ""), ("created_at_ms", "ms"), ("createdAtMs", "ms"),
    ("Marca de tiempo (Unix)", ""), ("Timestamp (Unix) (ms)", "ms"), ("epoch_s", "s"), ("timestamp_unix", ""),
])
def test_nome_de_coluna_de_tempo(nome, unidade):
    assert tempo_unix.coluna_de_tempo(nome) == unidade


@pytest.mark.parametrize("nome", ["Telefone", "CPF", "Conta", "Duração (s)", "Porta", "Número", "Valor", "IMEI",
                                  "Nome do titular", "Phone number", "Account"])
def test_nome_que_nao_e_de_tempo(nome):
    assert tempo_unix.coluna_de_tempo(nome) is None


@pytest.mark.parametrize(("numero", "declarada", "esperada"), [
    ("1714835411", "", "s"), ("1714835411123", "", "ms"), ("1714835411123", "ms", "ms"),
    ("1714835411", "ms", None),  # o nome diz ms e o número é de segundos: não é instante
    ("42", "", None), ("123456789", "", None),  # contador; 1973 (antes de 1990)
    ("9999999999999", "", None),  # depois de 2100
    ("17148354.11", "", None), ("1714835411x", "", None),
])
def test_unidade_pela_magnitude(numero, declarada, esperada):
    assert tempo_unix.unidade(numero, declarada) == esperada


_INSTANTES = st.datetimes(min_value=dt.datetime(1990, 1, 2), max_value=dt.datetime(2099, 12, 30), timezones=st.just(UTC))


@given(momento=_INSTANTES, unidade=st.sampled_from(["s", "ms"]))
def test_propriedade_instante_epoch_e_volta(momento, unidade):
    escrito = tempo_unix.escrever(momento, unidade)
    assert tempo_unix.unidade(escrito) == unidade
    assert tempo_unix.instante(escrito, unidade) == momento.replace(microsecond=0)


# -- extrator e validador sobre arquivos reais -----------------------------------------------------------


def _csv(pasta: Path, linhas: list[str], nome: str = "log.csv", codificacao: str = "utf-8", fim: str = "\n") -> Path:
    caminho = pasta / nome
    caminho.write_bytes((fim.join(linhas) + fim).encode(codificacao))
    return caminho


def _ler(caminho: Path):
    return ler_documento(caminho, caminho.name, caminho.suffix.lstrip("."))


def _dados(caminho: Path) -> list[dict]:
    return ExtratorProvedores().extrair(_ler(caminho)).dados


def test_coluna_epoch_vira_instante_utc_com_o_cabecalho_como_declaracao(tmp_path):
    caminho = _csv(tmp_path, [
        "Registros de acesso | conta 12345",  # título acima do cabeçalho
        "",
        "timestamp_unix|Endereço IP|Porta|Telefone",
        "1714835411|200.1.2.3|51234|1198765432",
    ], codificacao="cp1252", fim="\r\n")
    dados = _dados(caminho)
    tempos = [d for d in dados if d["campo"] == "data_evento"]
    assert [d["dado"] for d in tempos] == ["1714835411"]
    meta = tempos[0]["metadados"]
    assert meta["instante_utc"] == "2024-05-04T15:10:11Z" and meta["unidade_tempo_unix"] == "s"
    assert meta["contexto_tempo_unix"]["linha_ou_celula"] == "linha 3"
    assert meta["contexto_tempo_unix"]["valor"] == "timestamp_unix"
    ip = next(d for d in dados if d["tipo_dado"] == "ip")
    assert ip["metadados"]["instante_utc"] == "2024-05-04T15:10:11Z"
    # armadilha: os 10 dígitos da coluna Telefone (que também dariam um ano plausível) continuam telefone
    assert any(d["campo"] == "telefone" and d["dado"] == "1198765432" for d in dados)


def test_armadilhas_ts_com_contadores_e_dez_digitos_fora_de_coluna_de_tempo(tmp_path):
    caminho = _csv(tmp_path, [
        "ts;Endereço IP;Conta;CPF",
        "42;200.1.2.3;1714835411;52998224725",
        "43;200.1.2.4;1714835412;52998224725",
    ])
    dados = _dados(caminho)
    assert not [d for d in dados if "unidade_tempo_unix" in d["metadados"]]
    assert not [d for d in dados if d["campo"] == "data_evento"]


def test_coluna_decidida_uma_vez_pelo_primeiro_valor(tmp_path):
    """`timestamp` com data ISO na primeira linha não é coluna de tempo Unix, nem quando uma linha traz dígitos."""
    caminho = _csv(tmp_path, [
        "timestamp,ip", "2024-05-04 15:10:11,200.1.2.3", "1714835411,200.1.2.4",
    ])
    assert not [d for d in _dados(caminho) if "unidade_tempo_unix" in d["metadados"]]


def test_marcador_antes_do_primeiro_valor_nao_decide_a_coluna(tmp_path):
    caminho = _csv(tmp_path, ["epoch_ms,ip", "-,200.1.2.3", "1714835411123,200.1.2.4", "1714835411,200.1.2.5"])
    tempos = [d for d in _dados(caminho) if d["campo"] == "data_evento" and "unidade_tempo_unix" in d["metadados"]]
    # a coluna é de ms (nome e primeiro valor); o valor de segundos na mesma coluna não é instante
    assert [d["dado"] for d in tempos] == ["1714835411123"]


def test_xlsx_com_titulo_e_numero_gravado_como_inteiro(tmp_path):
    openpyxl = pytest.importorskip("openpyxl")
    livro = openpyxl.Workbook()
    aba = livro.active
    aba.title = "Acessos"
    aba.append(["Registro de acessos"])
    aba.append([])
    aba.append(["Timestamp (Unix) (ms)", "IP", "Porta"])
    aba.append([1714835411123, "200.1.2.3", 51234])
    caminho = tmp_path / "acessos.xlsx"
    livro.save(caminho)
    dados = _dados(caminho)
    tempo = next(d for d in dados if d["campo"] == "data_evento")
    assert tempo["linha_ou_celula"] == "celula A4" and tempo["metadados"]["instante_utc"] == "2024-05-04T15:10:11Z"
    assert tempo["metadados"]["contexto_tempo_unix"]["linha_ou_celula"] == "celula A3"


class _Fonte:
    """O mesmo leitor que o validador usa, sem o processo auxiliar (para a propriedade rodar rápido)."""

    def __init__(self, pasta: Path) -> None:
        self.pasta = pasta

    def abrir(self, arquivo: str) -> Aberto:
        return Aberto(_ler(self.pasta / arquivo))


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(momento=_INSTANTES, unidade=st.sampled_from(["s", "ms"]), nome=st.sampled_from(["epoch", "unix_time", "ts", "created_at"]))
def test_propriedade_epoch_lido_de_volta_pelo_extrator_e_pelo_validador(momento, unidade, nome):
    escrito = tempo_unix.escrever(momento, unidade)
    esperado = momento.replace(microsecond=0)
    with tempfile.TemporaryDirectory() as pasta:
        caminho = _csv(Path(pasta), [f"{nome};IP", f"{escrito};200.1.2.3"])
        tempo = next(d for d in _dados(caminho) if d["campo"] == "data_evento")
        assert tempo["dado"] == escrito
        assert dt.datetime.fromisoformat(tempo["metadados"]["instante_utc"]) == esperado
        refs = [{"arquivo": "log.csv", "pagina": None, "linha_ou_celula": "linha 2", "dado_citado": escrito},
                {"arquivo": "log.csv", "pagina": None, "linha_ou_celula": "linha 1", "dado_citado": nome}]
        detalhes = [{"status": "VERIFICADO"}, {"status": "VERIFICADO"}]
        momentos = validador_unix.momentos(refs, detalhes, _Fonte(Path(pasta)))  # type: ignore[arg-type]
        assert [m.instante for m in momentos] == [esperado]


# -- validador de ponta a ponta: o cabeçalho citado é relido -------------------------------------------


def _caso(tmp_path: Path) -> Path:
    caso = tmp_path / "caso"
    caso.mkdir()
    _csv(caso, [
        "EXEMPLO PAGAMENTOS S.A. — Registros de acesso",
        "Período: 01/05/2024 a 31/05/2024",
        "",
        "created_at_ms|IP de origem|Telefone",
        "1714835411123|200.1.2.3|1198765432",
    ], codificacao="cp1252", fim="\r\n")
    return caso


_LINHA = {"arquivo": "log.csv", "pagina": None, "linha_ou_celula": "linha 5", "extrator_id": "extrator_provedores_01"}
_CABECALHO = {**_LINHA, "linha_ou_celula": "linha 4", "dado_citado": "created_at_ms"}
_AFIRMACAO = "O IP 200.1.2.3 aparece em log.csv, linha 5 (tempo Unix {} em {}, UTC por definição: {})."


def _geral(caso: Path, refs: list[dict], convertido: str = "2024-05-04 15:10:11 UTC",
           numero: str = "1714835411123", unidade: str = "milissegundos") -> tuple[str, str]:
    afirmacao = _AFIRMACAO.format(numero, unidade, convertido)
    conclusoes = {"conclusoes": [{"id": 1, "tipo": "outro", "afirmacao": afirmacao,
                                  "grau_confianca": "fraco", "referencias": refs, "validacao": None}],
                  "caso_id": "t", "data_analise": DATA}
    validacao = validar(conclusoes, caso, DATA)["validacoes"][0]
    return validacao["veredicto_geral"], "; ".join(d["observacao"] for d in validacao["detalhes"])


def test_validador_aceita_o_instante_convertido_quando_o_cabecalho_citado_diz_tempo(tmp_path):
    caso = _caso(tmp_path)
    linha = {**_LINHA, "dado_citado": "200.1.2.3 | 1714835411123"}
    assert _geral(caso, [linha, _CABECALHO])[0] == "VERIFICADO"
    # um segundo a mais na conversão não é o instante citado
    veredicto, motivo = _geral(caso, [linha, _CABECALHO], "2024-05-04 15:10:12 UTC")
    assert veredicto == "AMBIGUO" and "nenhuma referência sustenta" in motivo


def test_validador_sem_o_cabecalho_citado_nao_verifica_o_instante(tmp_path):
    caso = _caso(tmp_path)
    veredicto, motivo = _geral(caso, [{**_LINHA, "dado_citado": "200.1.2.3 | 1714835411123"}])
    assert veredicto == "AMBIGUO" and "momento 2024-05-04 15:10:11 UTC" in motivo


def test_validador_nao_toma_outra_coluna_por_tempo(tmp_path):
    """Armadilha: o número citado está na coluna Telefone; o cabeçalho citado é o da coluna de tempo."""
    caso = _caso(tmp_path)
    refs = [{**_LINHA, "dado_citado": "200.1.2.3 | 1198765432"}, _CABECALHO]
    assert tempo_unix.unidade("1198765432") == "s"  # a magnitude sozinha daria um instante plausível
    convertido = tempo_unix.descrever(tempo_unix.instante("1198765432", "s"), "s")
    veredicto, motivo = _geral(caso, refs, convertido, "1198765432", "segundos")
    assert veredicto == "AMBIGUO" and f"momento {convertido}" in motivo


def test_validador_recusa_cabecalho_citado_que_nao_e_de_tempo(tmp_path):
    caso = _caso(tmp_path)
    refs = [{**_LINHA, "dado_citado": "200.1.2.3 | 1714835411123"}, {**_CABECALHO, "dado_citado": "Telefone"}]
    veredicto, motivo = _geral(caso, refs)
    assert veredicto == "AMBIGUO" and "momento 2024-05-04 15:10:11 UTC" in motivo


# -- rótulo e número na mesma linha (blocos chave-valor, "unix_time: 1449851959") ------------------------


@pytest.mark.parametrize(("linha", "esperado"), [
    ("unix_time: 1449851959", "2015-12-11T16:39:19Z"),
    ("Timestamp = 1714835411123", "2024-05-04T15:10:11Z"),
    ("Conta 123 | epoch_ms: 1714835411123", "2024-05-04T15:10:11Z"),
])
def test_rotulo_de_tempo_na_mesma_linha(linha, esperado):
    from perito.extratores.reconhecedores import reconhecer

    tempos = [a for a in reconhecer(linha) if a.campo == "data_evento"]
    assert [a.metadados["instante_utc"] for a in tempos] == [esperado]
    assert reconhecer(linha, com_gatilhos=False) == reconhecer(linha)


@pytest.mark.parametrize("linha", [
    "Data: 1198765432",  # "Data" sozinho não é carimbo de tempo: número de 10 dígitos segue telefone
    "Telefone: 1198765432", "CPF: 52998224725", "Conta: 1714835411", "ts: 42",
    "created_at_ms: 1714835411",  # o rótulo diz ms e o número é de segundos
    "Duração (s): 1714835411",
])
def test_rotulo_que_nao_faz_tempo_unix(linha):
    from perito.extratores.reconhecedores import reconhecer

    assert not [a for a in reconhecer(linha) if "unidade_tempo_unix" in a.metadados]


def test_validador_rele_o_rotulo_no_proprio_local(tmp_path):
    caso = tmp_path / "caso"
    caso.mkdir()
    (caso / "conta.txt").write_text("Sender Ip: 200.1.2.3\nunix_time: 1714835411\nTelefone: 1198765432\n", encoding="utf-8")
    ref = {"arquivo": "conta.txt", "pagina": None, "extrator_id": "extrator_provedores_01"}
    refs = [{**ref, "linha_ou_celula": "linha 1", "dado_citado": "200.1.2.3"},
            {**ref, "linha_ou_celula": "linha 2", "dado_citado": "1714835411"}]
    assert _geral(caso, refs, numero="1714835411", unidade="segundos")[0] == "VERIFICADO"
    # armadilha: o telefone da linha 3 citado como tempo Unix não tem rótulo de tempo
    convertido = tempo_unix.descrever(tempo_unix.instante("1198765432", "s"), "s")
    refs[1] = {**ref, "linha_ou_celula": "linha 3", "dado_citado": "1198765432"}
    assert _geral(caso, refs, convertido, "1198765432", "segundos")[0] == "AMBIGUO"


def test_docx_tabela_com_coluna_epoch(tmp_path):
    docx = pytest.importorskip("docx")
    documento = docx.Document()
    documento.add_paragraph("Registros de conexão")
    tabela = documento.add_table(rows=2, cols=3)
    for celula, texto in zip(tabela.rows[0].cells, ["epoch", "IP Address", "Port"], strict=True):
        celula.text = texto
    for celula, texto in zip(tabela.rows[1].cells, ["1714835411", "200.1.2.3", "51234"], strict=True):
        celula.text = texto
    caminho = tmp_path / "resposta.docx"
    documento.save(caminho)
    dados = _dados(caminho)
    tempo = next(d for d in dados if d["campo"] == "data_evento")
    assert tempo["metadados"]["instante_utc"] == "2024-05-04T15:10:11Z"
    declaracao = tempo["metadados"]["contexto_tempo_unix"]
    ip = next(d for d in dados if d["tipo_dado"] == "ip")
    assert ip["metadados"]["porta"] == "51234" and ip["metadados"]["contexto_tempo_unix"] == declaracao
    assert declaracao["valor"] == "epoch" and declaracao["linha_ou_celula"] != tempo["linha_ou_celula"]


def test_bloco_com_o_rotulo_de_tempo_unix_na_linha_de_cima(tmp_path):
    """Semente 52: um campo por linha, o rótulo acima do valor ("unix_time (ms)" / "1447012447705"): o número não
    virava instante (a linha do rótulo não era do registro, e sem ela não há o que citar), e o IP saía `fraco`."""
    linhas = ["Registros de conexión (IP)"]
    for porta, ip, ms in (("7605", "170.62.222.52", "1447012447705"), ("16537", "186.121.224.154", "1447027272681"),
                          ("34485", "200.233.123.240", "1447169704058")):
        linhas += ["Puerto", porta, "IP de origen", ip, "unix_time (ms)", ms]
    dados = _dados(_csv(tmp_path, linhas, nome="resposta.txt"))
    ips = {d["dado"]: d["metadados"] for d in dados if d["tipo_dado"] == "ip"}
    assert ips["170.62.222.52"]["instante_utc"] == "2015-11-08T19:54:07Z"
    assert ips["186.121.224.154"]["porta"] == "16537"
    tempo_do_ultimo = next(d for d in dados if d["dado"] == "1447169704058")
    assert tempo_do_ultimo["metadados"]["contexto_tempo_unix"]["linha_ou_celula"] == "linha 18"  # o rótulo de cima


def test_cabecalho_longo_de_tabela_de_texto_com_coluna_epoch(tmp_path):
    """Semente 81: o cabeçalho tinha 13 palavras ("Acción Ubicación aproximada Versión de la app IMEI del equipo epoch
    (ms) Dispositivo") e passava do limite de 8; os números da coluna não viravam instantes e o IP da linha de baixo
    saía `fraco`. Armadilha: uma frase (com ponto final) que cita "epoch (ms)" não é cabeçalho."""
    linhas = ["Acción Ubicación aproximada Versión de la app IMEI del equipo epoch (ms) Dispositivo",
              "Inicio de sesión BR-SP 24.38.97 35 467112 349324 7 1449139435207 Samsung Galaxy A15",
              "Dirección IP: ::ffff:143.34.154.59 Puerto: 29520"]
    dados = _dados(_csv(tmp_path, linhas, nome="acesso.txt"))
    ip = next(d["metadados"] for d in dados if d["tipo_dado"] == "ip")
    assert ip["instante_utc"] == "2015-12-03T10:43:55Z" and ip["porta"] == "29520"
    frase = ["Os horários vêm em epoch (ms) conforme o manual do sistema.", "Registro 1449139435207 sem coluna definida"]
    assert not any(d["campo"] == "data_evento" for d in _dados(_csv(tmp_path, frase, nome="frase.txt")))


_LOG_DUAS_LINHAS = [
    "BANCO EXEMPLO S.A. — Access log",
    "Account holder: ANA PAULA DE SOUZA",
    "Approx. Location Record Activity Device device_imei timestamp_unix (ms)",
    "BR 898848 DEVICE_BINDING Realme realme C53 35-882411-736845-7 1758034271000",
    "Source IP: ::ffff:186.51.217.13 Source Port: 8311",
    "BR-SP 951848 Sign-in Realme realme C53 35-882411-736845-7 1758034347000",
    "Source IP: ::ffff:186.51.217.14 Source Port: 49372",
    "BR-SP 414400 Sign-in Apple iPhone 14 35-467112-300335-2 1758215396943",
    "Source IP: 2804:F7C8:261B:8275:8004:E4D1:0C5E:38BE",
]


def test_cabecalho_com_abreviatura_e_imei_colado_por_sublinhado(tmp_path: Path) -> None:
    """Variantes (semente 204): "Approx." fazia o cabeçalho parecer frase e "device_imei" não anunciava a coluna
    IMEI; sem o instante e o IMEI na primeira linha de cada registro, a linha do IP ia para o registro de baixo
    e a convergência saía `fraco` ("sem data-hora")."""
    caminho = tmp_path / "acessos.txt"
    caminho.write_text("\n".join(_LOG_DUAS_LINHAS) + "\n", encoding="utf-8")
    dados = _dados(caminho)
    ips = {d["dado"]: d["metadados"] for d in dados if d["campo"] == "ip_acesso"}
    assert {ip: (m["registro"], m.get("instante_utc")) for ip, m in ips.items()} == {
        "186.51.217.13": ("linha 4", "2025-09-16T14:51:11Z"),
        "186.51.217.14": ("linha 6", "2025-09-16T14:52:27Z"),
        "2804:F7C8:261B:8275:8004:E4D1:0C5E:38BE": ("linha 8", "2025-09-18T17:09:56Z"),
    }
    imeis = {d["linha_ou_celula"]: d["metadados"]["imei_corpo"] for d in dados if d["campo"] == "imei"}
    assert imeis == {"linha 4": "35882411736845", "linha 6": "35882411736845", "linha 8": "35467112300335"}


def test_armadilha_frase_com_ponto_nao_e_cabecalho(tmp_path: Path) -> None:
    caminho = tmp_path / "nota.txt"
    caminho.write_text("Os horários estão em tempo unix (ms). Consulte o anexo\n1758034271000\n", encoding="utf-8")
    assert not [d for d in _dados(caminho) if d["campo"] == "data_evento"]
