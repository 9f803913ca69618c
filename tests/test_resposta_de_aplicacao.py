"""A resposta de uma aplicação que nenhum exemplo tinha (uma loja virtual: "Dados do usuário: apelido ...",
"Histórico de acessos" com IP, porta, data e hora rotulados na mesma linha), achada por uma sonda: sem "Meta" nem
"Google" no texto, ficava de família desconhecida e a convergência de IP com a Meta, a 6 s e pela mesma porta, saía
moderada em vez de forte. O vocabulário do Marco Civil (provedor de aplicação, registros de acesso, dados do usuário)
diz a família, não o nome da empresa. Armadilha: o log de acessos do internet banking continua banco.
"""

from __future__ import annotations

from pathlib import Path

from perito.extratores.familias import classificar
from perito.leitura.leitor import ler_documento
from tests.conftest import conclusoes_do_caso

_LOJA = """MERCADO LIVRE - Resposta a Ofício Judicial nº 2240/2025
Dados do usuário: apelido GOLPISTA2025, e-mail golpista2025@example.com, telefone cadastrado (11) 98765-4321
Histórico de acessos:
IP: 189.40.12.7 Porta: 54321 Data: 02/08/2025 Hora: 13:10:44 (GMT-3)
"""


def _familia(tmp_path: Path, texto: str) -> str:
    caminho = tmp_path / "resposta.txt"
    caminho.write_text(texto, encoding="utf-8")
    return classificar(ler_documento(caminho, caminho.name, "txt")).familia


def test_resposta_de_aplicacao_e_provedor(tmp_path: Path) -> None:
    assert _familia(tmp_path, _LOJA) == "provedor"
    assert _familia(tmp_path, "Registros de acesso a aplicação (art. 15 do Marco Civil)\nIP 189.40.12.7\n") == "provedor"


def test_log_do_internet_banking_continua_banco(tmp_path: Path) -> None:
    log = ("INTERNET BANKING - Histórico de acessos\nData/Hora;IP;Canal;Operação\n"
           "02/08/2025 13:10:12;189.40.12.7;APP;PIX ENVIADO\n")
    assert _familia(tmp_path, log) == "banco"


def test_convergencia_com_a_loja_e_forte(tmp_path: Path) -> None:
    caso = tmp_path / "caso"
    caso.mkdir()
    (caso / "loja.txt").write_text(_LOJA, encoding="utf-8")
    (caso / "log_banco.csv").write_text(
        "LOG DE ACESSOS - INTERNET BANKING (horário de Brasília)\nData/Hora;IP;Porta;Canal;Operação\n"
        "02/08/2025 13:10:40;189.40.12.7;54321;APP;PIX ENVIADO\n", encoding="utf-8")
    conclusoes = conclusoes_do_caso(caso)
    (ip,) = [c for c in conclusoes if c["tipo"] == "convergencia_ip"]
    assert ip["grau_confianca"] == "forte" and "provedor" in ip["afirmacao"]
    assert ip["validacao"]["veredicto_geral"] == "VERIFICADO"
