"""Respostas em JSON de API, achadas por sonda:
- Open Finance: `"transactionAmount": {"amount": "2870.00", "currency": "BRL"}` no meio da linha não era lido (só o
  último par da linha era), `transactionName` era o nome de uma pessoa e a família ficava desconhecida;
- a operadora em JSON com `porta_final` e `dataHoraFim`: o bloco de portas e o fim da sessão se perdiam;
- JSON Lines (um objeto por linha) não virava registros e a porta de cada acesso se perdia.
"""

from __future__ import annotations

from pathlib import Path

from tests.conftest import conclusoes_dos_textos

_BOLETIM = ("SECRETARIA DA SEGURANÇA PÚBLICA DO ESTADO DE SÃO PAULO\nBoletim de Ocorrência nº 5521/2025\n"
            "Vítima: JOSÉ CARLOS DA SILVA, CPF 529.982.247-25\nHistórico:\n"
            "Em 10/06/2025 a vítima enviou um PIX de R$ 2.870,00 às 14:22 de 10/06/2025\n"
            "para RICARDO ALVES PEREIRA, CPF 390.533.447-05.\n")
_OPEN_FINANCE = ('{"instituicao": "Banco Digital Exemplo S.A.",\n'
                 ' "account": {"holderName": "RICARDO ALVES PEREIRA", "holderCpf": "390.533.447-05"},\n'
                 ' "transactions": [\n'
                 '  {"creditDebitType": "CREDITO", "transactionName": "PIX RECEBIDO", '
                 '"transactionAmount": {"amount": "2870.00", "currency": "BRL"},\n'
                 '   "transactionDateTime": "2025-06-10T14:22:51.000-03:00",\n'
                 '   "partieName": "JOSE CARLOS DA SILVA", "partieCnpjCpf": "52998224725"}\n'
                 ' ]}\n')




def test_transacoes_do_open_finance(tmp_path: Path) -> None:
    conclusoes = conclusoes_dos_textos(tmp_path, {"boletim.txt": _BOLETIM, "resp.json": _OPEN_FINANCE})
    materialidade = next(c for c in conclusoes if c["tipo"] == "materialidade")
    assert materialidade["grau_confianca"] == "forte", materialidade["afirmacao"]
    assert "o pagador no registro bancário é a vítima" in materialidade["afirmacao"]
    assert materialidade["validacao"]["veredicto_geral"] == "VERIFICADO"


_LOG = ('{"timestamp": "2025-06-10T17:19:40Z", "ip": "177.45.12.9", "porta": 41022, "canal": "APP", '
        '"evento": "LOGIN"}\n'
        '{"timestamp": "2025-06-12T01:02:11Z", "ip": "200.150.33.21", "porta": 51200, "canal": "IB", '
        '"evento": "LOGIN"}\n')
_OPERADORA = ('{"operadora": "TIM S.A.", "observacao": "Horarios no fuso de Brasilia (UTC-03:00)",\n'
              ' "sessoes_dados": [{\n   "linha": "5519987651234",\n   "dataHoraInicio": "10/06/2025 14:18:03",\n'
              '   "dataHoraFim": "10/06/2025 14:40:55",\n   "ip_publico": "177.45.12.9",\n'
              '   "porta_inicial": 40960,\n   "porta_final": 41983\n }]}\n')


def test_operadora_em_json_e_log_em_json_lines(tmp_path: Path) -> None:
    conclusoes = conclusoes_dos_textos(tmp_path, {"log_acessos_app_banco.jsonl": _LOG, "resposta_operadora.json": _OPERADORA})
    ip = next(c for c in conclusoes if c["tipo"] == "convergencia_ip")
    assert "bloco de portas 40960 a 41983" in ip["afirmacao"] and "porta 41022" in ip["afirmacao"]
    assert "cai dentro da sessão de conexão" in ip["afirmacao"]
    assert ip["validacao"]["veredicto_geral"] == "VERIFICADO"
