"""O cliente a quem a operadora atribuiu o IP de um acesso (identificacao_titular pelo IP), achado por um caso inteiro
em leiautes novos (décima nona sessão).

Antes: a carta da operadora ("o endereço IP ..., porta lógica ..., em ... estava atribuído ao cliente FULANO, CPF
...") ficava de família desconhecida, e nenhuma conclusão dizia a quem o IP do acesso estava atribuído: só a
convergência de IP, sem o nome. Uma resposta em tabela gravada como .txt com `;` perdia a coluna do cliente (o TXT
só tinha células com TAB). Armadilhas: a resposta com dois clientes no mesmo IP (CGNAT, portas diferentes) dá o
cliente da porta do acesso; um acesso em outro segundo não é coberto; a resposta sem porta de um IPv4 fica fraca; a
afirmação com o nome do outro cliente não fica VERIFICADO.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path

from perito.analise import Parametros, analisar
from perito.validador.agente import validar
from tests.conftest import pdf_de_linhas

_PROVEDOR = ("WhatsApp Business Record\nService WhatsApp\nAccount Identifier +5521988776655\n\n"
             "Ip Addresses\nTime 2025-06-12 17:20:05 UTC\nIp Address 189.120.44.17\nPort {porta}\n\n"
             "Time 2025-06-12 17:25:05 UTC\nIp Address 189.120.44.17\nPort 51234\n")
_TABELA = ("TELECOM SUL S.A. - Resposta ao Ofício 55/2025\n"
           "Conexões de dados do IP solicitado (horário de Brasília)\n"
           "IP;Porta;Data;Hora;Cliente;CPF\n"
           "189.120.44.17;51234;12/06/2025;14:20:05;FELIPE AUGUSTO MOURA;186.091.390-34\n"
           "189.120.44.17;61000;12/06/2025;14:20:05;CARLA DIAS PORTO;526.018.159-06\n")
_DATA = "2025-07-01"


def _analisar(pasta: Path, arquivos: dict[str, str], carta: list[str] | None = None) -> tuple[Path, dict]:
    caso = pasta / "caso"
    caso.mkdir()
    for nome, texto in arquivos.items():
        (caso / nome).write_text(texto, encoding="utf-8")
    if carta is not None:
        pdf_de_linhas(caso / "operadora_resposta_ip.pdf", carta)
    analisar(Parametros(caso, pasta / "saida", data_analise=_DATA))
    return caso, json.loads((pasta / "saida" / "conclusoes.json").read_text(encoding="utf-8"))


def _titulares_do_ip(conclusoes: dict) -> list[dict]:
    return [c for c in conclusoes["conclusoes"] if c["tipo"] == "identificacao_titular" and "O IP " in c["afirmacao"]]


def test_carta_da_operadora_identifica_o_cliente_do_acesso(tmp_path: Path) -> None:
    _, conclusoes = _analisar(tmp_path, {"records.txt": _PROVEDOR.format(porta="51234")}, carta=[
        "CLARO S.A.", "Ref.: Ofício nº 338/2025",
        "Em resposta ao ofício em referência, informamos que o endereço IP 189.120.44.17, porta lógica 51234,",
        "em 12/06/2025 às 14:20:05 (horário de Brasília), estava atribuído ao cliente FELIPE AUGUSTO MOURA,",
        "CPF 186.091.390-34, contrato 99887766.",
    ])
    [titular] = _titulares_do_ip(conclusoes)
    assert "estava atribuído pela operadora a FELIPE AUGUSTO MOURA, CPF/CNPJ 186.091.390-34" in titular["afirmacao"]
    # o acesso das 17:20:05 UTC (14:20:05 em Brasília) com a porta 51234; o das 17:25:05 não é o perguntado
    assert "2025-06-12 17:20:05 UTC, porta 51234" in titular["afirmacao"]
    assert "17:25:05" not in titular["afirmacao"]
    assert titular["grau_confianca"] == "moderado"  # operadora e provedor: duas famílias
    assert titular["validacao"]["veredicto_geral"] == "VERIFICADO"
    # a carta conta como a operadora (antes: família desconhecida, e a convergência de IP no máximo moderada)
    [convergencia] = [c for c in conclusoes["conclusoes"] if c["tipo"] == "convergencia_ip"]
    assert "(operadora, provedor)" in convergencia["afirmacao"]


def test_dois_clientes_no_mesmo_ip_vale_a_porta_e_o_segundo_do_acesso(tmp_path: Path) -> None:
    caso, conclusoes = _analisar(tmp_path, {"records.txt": _PROVEDOR.format(porta="61000"),
                                            "resposta_operadora.txt": _TABELA})
    [titular] = _titulares_do_ip(conclusoes)
    assert "atribuído pela operadora a CARLA DIAS PORTO, CPF/CNPJ 526.018.159-06" in titular["afirmacao"]
    assert "FELIPE" not in titular["afirmacao"]  # a porta 51234 dele só aparece às 17:25:05, 5 min depois
    assert titular["validacao"]["veredicto_geral"] == "VERIFICADO"
    # a afirmação com o nome do outro cliente: nenhuma referência o sustenta
    trocada = copy.deepcopy(titular)
    trocada["afirmacao"] = trocada["afirmacao"].replace("CARLA DIAS PORTO", "FELIPE AUGUSTO MOURA")
    trocada["validacao"] = None
    [validacao] = validar({**conclusoes, "conclusoes": [trocada]}, caso, _DATA)["validacoes"]
    assert validacao["veredicto_geral"] != "VERIFICADO"
    assert any("cita o nome FELIPE AUGUSTO MOURA" in d["observacao"] for d in validacao["detalhes"])


def test_resposta_sem_porta_de_um_ipv4_fica_fraca(tmp_path: Path) -> None:
    sem_porta = _TABELA.replace("IP;Porta;", "IP;").replace(";51234;", ";").replace(";61000;", ";")
    sem_porta = "\n".join(sem_porta.splitlines()[:4]) + "\n"  # só o FELIPE, sem porta
    _, conclusoes = _analisar(tmp_path, {"records.txt": _PROVEDOR.format(porta="61000"),
                                         "resposta_operadora.txt": sem_porta})
    [titular] = _titulares_do_ip(conclusoes)
    assert "FELIPE AUGUSTO MOURA" in titular["afirmacao"]
    assert titular["grau_confianca"] == "fraco"
    assert "não dá a porta de um IPv4" in titular["afirmacao"]
