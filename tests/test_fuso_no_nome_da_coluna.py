"""O fuso dito só pela palavra no nome da coluna ("Hora (Brasília)"), achado por sonda: o extrator o lia, mas o
validador não reconhecia "Brasília" citado sozinho como fuso nem o achava dentro do cabeçalho, e a convergência de IP
certa ("distam 2s") saía AMBIGUO. Armadilha: o cabeçalho trocado para "Hora (UTC)" depois da análise não sustenta
mais o fuso citado.
"""

from __future__ import annotations

from pathlib import Path

from perito.validador.agente import validar
from tests.conftest import conclusoes_do_caso

_BANCO = ("Data;Hora (Brasília);IP;Porta;Operação\n"
          "14/03/2025;16:18:49;177.45.210.33;51422;Login\n")
_META = ("Meta Platforms, Inc. - Law Enforcement Response\nService: WhatsApp\n"
         "Account Identifier: +5521998765432\nIP Addresses\nTime (UTC) IP Address Port\n"
         "2025-03-14 19:18:47 UTC 177.45.210.33 51422\n")


def test_fuso_do_cabecalho_sustenta_o_intervalo(tmp_path: Path) -> None:
    caso = tmp_path / "caso"
    caso.mkdir()
    (caso / "log_acessos_banco.csv").write_text(_BANCO, encoding="utf-8")
    (caso / "meta_resposta.txt").write_text(_META, encoding="utf-8")
    ip = next(c for c in conclusoes_do_caso(caso) if c["tipo"] == "convergencia_ip")
    assert "distam 2s" in ip["afirmacao"]
    assert ip["validacao"]["veredicto_geral"] == "VERIFICADO", ip["validacao"]
    (caso / "log_acessos_banco.csv").write_text(_BANCO.replace("(Brasília)", "(UTC)"), encoding="utf-8")
    envelope = {"conclusoes": [{k: v for k, v in ip.items() if k != "validacao"}]}
    assert validar(envelope, caso, "2025-12-01")["validacoes"][0]["veredicto_geral"] != "VERIFICADO"
