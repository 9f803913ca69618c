"""A resposta da operadora sobre CGNAT com a coluna de fuso depois das duas datas-horas da sessão (sonda da 25ª
sessão): `IP_PUBLICO;PORTA_INICIAL;PORTA_FINAL;DATA_HORA_INICIO;DATA_HORA_FIM;FUSO;CLIENTE;...`. Antes: o fim da
sessão levava o fuso da coluna seguinte colado ("16:40:00;UTC-3" passava do fim da célula) e perdia o papel de fim;
a convergência comparava só com o início ("distam 1h19min07s", fraco) e não havia o cliente da conexão. Depois, o
validador não achava o fuso do fim (citado na mesma referência só ao lado do início) e deixava AMBIGUO."""

from __future__ import annotations

from pathlib import Path

import pytest

from perito.extratores import familias
from perito.extratores.reconhecedores import reconhecer
from perito.leitura.texto import ler_texto
from tests.conftest import conclusoes_dos_textos

_OPERADORA = """IP_PUBLICO;PORTA_INICIAL;PORTA_FINAL;DATA_HORA_INICIO;DATA_HORA_FIM;FUSO;CLIENTE;CPF_CNPJ
189.40.77.212;50000;50255;14/07/2025 14:02:00;14/07/2025 16:40:00;UTC-3;RAFAEL SOUZA PINTO;083.016.613-05
"""
_WHATSAPP = """WhatsApp Inc. - Response to Legal Process
Account Identifier: +55 11 98765-4321

Message Log
Timestamp 2025-07-14 18:21:07 UTC
Message Id 3EB0C431A1F2
Sender +5511987654321
Sender Ip 189.40.77.212
Sender Port 50123
Type text
"""


def test_o_fuso_da_coluna_seguinte_vai_com_a_data_hora() -> None:
    texto = _OPERADORA.splitlines()[1]
    datas = [a for a in reconhecer(texto) if a.campo == "data_evento"]
    assert [texto[a.inicio:a.inicio + 19] for a in datas] == ["14/07/2025 14:02:00", "14/07/2025 16:40:00"]


def test_o_acesso_dentro_da_sessao(tmp_path: Path) -> None:
    conclusoes = conclusoes_dos_textos(tmp_path, {"resposta_operadora.csv": _OPERADORA, "records.txt": _WHATSAPP})
    (convergencia,) = [c for c in conclusoes if c["tipo"] == "convergencia_ip"]
    assert "cai dentro da sessão de conexão registrada em resposta_operadora.csv" in convergencia["afirmacao"]
    assert convergencia["grau_confianca"] == "forte"
    (titular,) = [c for c in conclusoes if c["tipo"] == "identificacao_titular" and "IP 189.40.77.212" in c["afirmacao"]]
    assert "RAFAEL SOUZA PINTO" in titular["afirmacao"]
    assert {c["validacao"]["veredicto_geral"] for c in conclusoes} == {"VERIFICADO"}


def test_fora_da_sessao_nao_cai_dentro(tmp_path: Path) -> None:
    # armadilha: o acesso às 20:21:07 UTC (17:21:07 em UTC-3) fica depois do fim da sessão (16:40:00 em UTC-3)
    conclusoes = conclusoes_dos_textos(tmp_path, {"resposta_operadora.csv": _OPERADORA,
                                                  "records.txt": _WHATSAPP.replace("18:21:07", "20:21:07")})
    assert not any("cai dentro da sessão" in c["afirmacao"] for c in conclusoes)
    assert not any(c["tipo"] == "identificacao_titular" and "IP 189.40.77.212" in c["afirmacao"] for c in conclusoes)


@pytest.mark.parametrize(("cabecalho", "da_operadora"), [
    ("IP_PUBLICO;PORTA_INICIAL;PORTA_FINAL;DATA_HORA_INICIO;DATA_HORA_FIM;CLIENTE;CPF_CNPJ", True),
    ("IP Público;Porta inicial;Porta final;Início;Fim;Assinante", True),
    # armadilhas: o log do provedor da aplicação tem a porta de quem acessou, não um bloco atribuído a um cliente
    ("IP;Porta;Data;Usuário;CPF", False),
    ("IP;Porta inicial;Porta final;Data", False),
])
def test_bloco_de_portas_de_um_cliente_e_da_operadora(tmp_path: Path, cabecalho: str, da_operadora: bool) -> None:
    caminho = tmp_path / "resposta.csv"
    linha = "189.40.77.212;50000;50255;14/07/2025 14:02:00;14/07/2025 16:40:00;RAFAEL SOUZA PINTO;083.016.613-05"
    caminho.write_text(f"{cabecalho}\n{linha}\n", encoding="utf-8")
    assert (familias.classificar(ler_texto(caminho, caminho.name)).familia == "operadora") is da_operadora
