"""A ficha de assinante de um provedor em PDF ("Subscriber Information": "Created on", "Terms of Service IP: ..., on
...", "Recovery SMS") e o DICT em texto que só diz a sigla ("BANCO CENTRAL DO BRASIL - DICT"), de um caso inteiro da
décima nona sessão.

Antes: a data em que a conta foi criada (e a do IP dos termos de serviço, escrita depois do IP: "..., on 2024-01-12")
contava como a data em que o telefone de recuperação foi usado, e a linha ativada depois dela ficava "fraca" com "o
cadastro começa em 01/05/2025, depois dos fatos (2024-01-12 ...)"; o DICT em texto ficava de família desconhecida, e o
e-mail que ele dá como chave não identificava ninguém. Armadilhas: a data de um login ("IP: ..., on ...") continua um
fato; o telefone usado numa mensagem antes da ativação continua tirando a linha do titular (fraco).
"""

from __future__ import annotations

import json
from pathlib import Path

from perito.analise import Parametros, analisar
from perito.extratores.familias import classificar
from perito.extratores.reconhecedores import reconhecer
from perito.leitura.leitor import ler_documento
from tests.conftest import pdf_de_linhas

_FICHA = ["Google LLC", "Subscriber Information", "", "Name: FELIPE MOURA", "e-Mail: felipe.mourarj@gmail.com",
          "Created on: 2024-01-12 10:00:01 UTC", "Terms of Service IP: 189.120.44.17, on 2024-01-12 10:00:01 UTC",
          "Account Recovery", "Recovery SMS: +5521988776655 [BR]"]
_DICT = ("BANCO CENTRAL DO BRASIL - DICT\nConsulta de chave Pix\nChave: felipe.mourarj@gmail.com\nTipo: e-mail\n"
         "Titular: FELIPE AUGUSTO MOURA\nCPF: 186.091.390-34\nAgência: 7788\nConta: 10203-4\n")
_OPERADORA = ("TIM S.A. - Dados cadastrais\nMSISDN;Nome;CPF;Data de ativação\n"
              "5521988776655;FELIPE AUGUSTO MOURA;18609139034;01/05/2025\n")


def _papeis(texto: str) -> list[str | None]:
    return [a.metadados.get("papel") for a in reconhecer(texto) if a.campo == "data_evento"]


def test_data_da_criacao_da_conta_e_dos_termos_de_servico() -> None:
    assert _papeis("Created on: 2024-01-12 10:00:01 UTC") == ["criacao_conta"]
    assert _papeis("Terms of Service IP: 189.120.44.17, on 2024-01-12 10:00:01 UTC") == ["criacao_conta"]
    assert _papeis("Account created 2024-01-12 10:00:01 UTC") == ["criacao_conta"]
    # o login é um fato
    assert _papeis("IP: 189.120.44.17, on 2025-06-12 17:21:40 UTC") == [None]


def test_dict_so_pela_sigla(tmp_path: Path) -> None:
    (tmp_path / "dict.txt").write_text(_DICT, encoding="utf-8")
    assert classificar(ler_documento(tmp_path / "dict.txt", "dict.txt", "txt")).familia == "registro"


def _titulares(tmp_path: Path, mensagens: str | None = None) -> dict[str, dict]:
    caso = tmp_path / "caso"
    caso.mkdir()
    pdf_de_linhas(caso / "google_subscriber.pdf", _FICHA)
    (caso / "dict.txt").write_text(_DICT, encoding="utf-8")
    (caso / "operadora.csv").write_text(_OPERADORA, encoding="utf-8")
    if mensagens:
        (caso / "records.txt").write_text(mensagens, encoding="utf-8")
    analisar(Parametros(caso, tmp_path / "saida", data_analise="2025-07-01"))
    conclusoes = json.loads((tmp_path / "saida" / "conclusoes.json").read_text(encoding="utf-8"))["conclusoes"]
    return {c["afirmacao"].split()[2]: c for c in conclusoes if c["tipo"] == "identificacao_titular"}


def test_telefone_de_recuperacao_sem_data_de_uso_nao_rebaixa_a_linha(tmp_path: Path) -> None:
    titulares = _titulares(tmp_path)
    assert titulares["+5521988776655"]["grau_confianca"] == "moderado"
    assert "depois dos fatos" not in titulares["+5521988776655"]["afirmacao"]
    # o e-mail do provedor que o DICT dá como chave identifica o titular dela
    assert "está cadastrado em nome de FELIPE AUGUSTO MOURA" in titulares["felipe.mourarj@gmail.com"]["afirmacao"]
    assert all(c["validacao"]["veredicto_geral"] == "VERIFICADO" for c in titulares.values())


def test_mensagem_antes_da_ativacao_continua_rebaixando(tmp_path: Path) -> None:
    mensagens = ("WhatsApp Business Record\nService WhatsApp\n\nMessage Log\nTimestamp 2025-04-01 10:00:00 UTC\n"
                 "Message Id 3EB0A1\nSender +5521988776655\nRecipients +5521998761234\n")
    titular = _titulares(tmp_path, mensagens)["+5521988776655"]
    assert titular["grau_confianca"] == "fraco"
    assert "o cadastro começa em 01/05/2025, depois dos fatos (2025-04-01" in titular["afirmacao"]


def test_fatos_dentro_e_fora_do_cadastro_sao_ditos_a_parte(tmp_path: Path) -> None:
    # "desde 01/05/2025, o que inclui os fatos (de 2025-04-01 a 2025-06-12)" dizia incluído um fato de antes do início
    mensagens = ("WhatsApp Business Record\nService WhatsApp\n\nMessage Log\nTimestamp 2025-04-01 10:00:00 UTC\n"
                 "Message Id 3EB0A1\nSender +5521988776655\nRecipients +5521998761234\n\n"
                 "Timestamp 2025-06-12 17:20:05 UTC\nMessage Id 3EB0A2\nSender +5521988776655\n"
                 "Recipients +5521998761234\n")
    titular = _titulares(tmp_path, mensagens)["+5521988776655"]
    assert ("o cadastro vale desde 01/05/2025, o que inclui os fatos (2025-06-12 17:20:05), mas não os de "
            "2025-04-01 10:00:00, fora dele") in titular["afirmacao"]
    assert titular["validacao"]["veredicto_geral"] == "VERIFICADO"
