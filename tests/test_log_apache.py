"""Log de servidor web no formato do Apache/NCSA ("187.34.56.78:51234 - - [15/Mar/2025:11:34:02 -0300] "POST ..."),
como a hospedagem ou o banco entregam: a data e a hora coladas por dois-pontos e o deslocamento entre colchetes.
Antes só a data saía (sem hora nem fuso) e a convergência caía a fraco.

Armadilha: os dois-pontos só ligam a data a uma hora inteira (HH:MM:SS); "15/03/2025:1" não é hora.
"""

from __future__ import annotations

from perito.chaves.valores import decompor
from perito.extratores.reconhecedores import reconhecer
from tests.conftest import conclusoes_dos_textos

_LINHA = '187.34.56.78:51234 - - [15/Mar/2025:11:34:02 -0300] "POST /login HTTP/1.1" 200 512'


def test_data_hora_e_deslocamento_do_log_do_apache():
    datas = [a for a in reconhecer(_LINHA) if a.campo == "data_evento"]
    assert len(datas) == 1 and datas[0].metadados["instante_utc"] == "2025-03-15T14:34:02Z"
    assert {v.tipo for v in decompor(_LINHA)} >= {"data", "hora", "fuso"}


def test_armadilha_dois_pontos_sem_hora_inteira():
    assert not [a for a in reconhecer("lote 15/03/2025:1 item") if "hora" in a.metadados]


def test_log_do_apache_converge_com_o_provedor(tmp_path):
    conclusoes = conclusoes_dos_textos(tmp_path, {
        "access.log": f"{_LINHA}\n",
        "meta.txt": ("Meta Platforms, Inc. - Law Enforcement Response\nAccount Identifier +5511987654321\n"
                     "IP Addresses\nTime (UTC) IP Address Port\n2025-03-15 14:34:02 UTC 187.34.56.78 51234\n"),
    })
    ip = next(c for c in conclusoes if c["tipo"] == "convergencia_ip")
    assert "187.34.56.78" in ip["afirmacao"] and ip["grau_confianca"] != "fraco"
    assert ip["validacao"]["veredicto_geral"] == "VERIFICADO"
