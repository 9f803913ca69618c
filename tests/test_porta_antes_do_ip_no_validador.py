"""Uma convergência verdadeira contradita pelo validador (semente 88 das variações, rodada pela primeira vez na 23ª
sessão): na tabela em texto do provedor, a coluna de porta vem antes do IP e a data-hora depois dele
("Login   15608   BR-SP   228934   ::ffff:170.84.180.125   2024-04-11T14:08:07Z"). O validador tomava por porta "o
número logo depois do IP", o ano "2024" da data, e marcava CONTRADITO a porta 15608 citada: a conclusão forte ia para
`conclusoes_contraditas.json`. O ano de uma data não é porta."""

from __future__ import annotations

from pathlib import Path

from tests.conftest import conclusoes_dos_textos

_PROVEDOR = (
    "CofreNuvem Serviços Digitais Ltda. — Law Enforcement Response\nReference: Request 1058/2024\n\n"
    "IP Addresses / Connection Log\n-----------------------------\n"
    "Event         Client Port  Approx. Location  Record  Client IP                                Event Time\n"
    "------------  -----------  ----------------  ------  ---------------------------------------  --------------------\n"
    "Login         37862        BR-PR             762856  ::ffff:152.92.131.231                    2024-03-27T23:23:00Z\n"
    "Login         15608        BR-SP             228934  ::ffff:170.84.180.125                    2024-04-11T14:08:07Z\n")
_BANCO = ("COOPERATIVA DE CRÉDITO VALE DO PINHAL — Registros de acesso (horário de Brasília)\n"
          "Titular: SUELI TERESA CAVALCANTI DE ALMEIDA\n\n"
          "Data        Hora      IP                 Porta   Evento\n"
          "11/04/2024  11:08:51  170.84.180.125     15608   TRANSFERENCIA_PIX\n")


def test_a_convergencia_com_a_porta_antes_do_ip_e_verificada(tmp_path: Path) -> None:
    [ip] = [c for c in conclusoes_dos_textos(tmp_path, {"provedor.txt": _PROVEDOR, "banco.txt": _BANCO})
            if c["tipo"] == "convergencia_ip"]
    assert ip["grau_confianca"] == "forte" and ip["validacao"]["veredicto_geral"] == "VERIFICADO"


def test_armadilha_a_porta_depois_do_ip_continua_conferida(tmp_path: Path) -> None:
    # a coluna de porta logo depois do IP: a porta citada diferente da escrita ali continua contradita
    from perito.validador import porta

    assert porta._numero_depois("::ffff:170.84.180.125   15608   2024-04-11T14:08:07Z", "::ffff:170.84.180.125") == "15608"
    assert porta._numero_depois("::ffff:170.84.180.125   2024-04-11T14:08:07Z", "::ffff:170.84.180.125") is None
    assert porta._numero_depois("177.45.10.2 51234/TCP", "177.45.10.2") is None
