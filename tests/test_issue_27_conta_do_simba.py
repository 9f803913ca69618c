"""A conta de uma linha do SIMBA é a mesma entidade da mesma conta escrita noutro documento (achado na issue 27).

O SIMBA guarda banco, agência e conta da linha num dicionário (`metadados.conta`); o resolvedor de entidades lia
`metadados.conta` como o número escrito e normalizava o texto do dicionário inteiro: os algarismos de todos os campos
viravam a conta `|98912073041863041861207…`, que nenhum outro documento tinha. No gráfico, nos vínculos e nas
entidades, a conta do investigado no SIMBA e a mesma conta no DICT eram dois nós sem ligação.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from perito.extratores import registro
from perito.leitura.leitor import ler_documento
from perito.saida import vinculos
from tests.fabrica_lotes import Fabrica

EXTRATO = ["CODIGO_CHAVE_EXTRATO", "NUMERO_BANCO", "NUMERO_AGENCIA", "NUMERO_CONTA", "TIPO_CONTA", "DATA_LANCAMENTO",
           "NUMERO_DOCUMENTO", "DESCRICAO_LANCAMENTO", "TIPO_LANCAMENTO", "VALOR_LANCAMENTO", "NATUREZA_LANCAMENTO",
           "VALOR_SALDO", "NATUREZA_SALDO", "LOCAL_TRANSACAO"]


def _simba(pasta: Path) -> list[dict[str, Any]]:
    """Os dados de um EXTRATO do SIMBA de verdade (lido e extraído): a conta 304186 e uma de marcador (9s)."""
    linhas = [EXTRATO,
              ["100", "989", "1207", "304186", "1", "08012025", "000101", "PIX RECEBIDO", "223", "125090", "C",
               "125090", "C", "AG 1207"],
              ["101", "989", "1207", "99999999", "1", "08012025", "000102", "PIX ENVIADO", "120", "1000", "D",
               "124090", "C", "AG 1207"]]
    caminho = pasta / "CASO_EXTRATO.txt"
    caminho.write_bytes("".join("\t".join(c) + "\r\n" for c in linhas).encode("cp1252"))
    documento = ler_documento(caminho, caminho.name, "txt")
    return registro.escolher(documento).extrair(documento).dados


def _conclusao(dados: list[dict[str, Any]]) -> dict[str, Any]:
    refs = [{"arquivo": d["arquivo_fonte"], "pagina": d.get("pagina"), "linha_ou_celula": d["linha_ou_celula"],
             "dado_citado": d["dado"]} for d in dados]
    return {"id": 1, "tipo": "vinculo_financeiro", "grau_confianca": "forte", "afirmacao": "conclusão 1",
            "referencias": refs,
            "validacao": {"veredicto_geral": "VERIFICADO", "detalhes": [{"status": "VERIFICADO"} for _ in refs]}}


def test_conta_do_simba_e_a_mesma_do_dict_e_a_de_marcador_nao_e_conta(tmp_path) -> None:
    dados = _simba(tmp_path)
    [conta, marcador] = [d for d in dados if d["campo"] == "conta_bancaria"]
    assert isinstance(conta["metadados"]["conta"], dict) and marcador["metadados"]["conta"]["nao_informado"]
    fab = Fabrica()
    no_dict = fab.dict_pix().conta("COMPE 989 Agência 1207 Conta 30418-6", 5, banco="989", agencia="1207",
                                   numero="30418-6")
    lotes = [*fab.lotes(), {"extrator_id": "extrator_simba_01", "status": "OK", "arquivos_processados": [],
                            "dados_extraidos": dados, "alertas": [], "total_dados": len(dados)}]
    modelo = vinculos.montar([_conclusao([conta, marcador, no_dict])], lotes, {"decisoes": []})
    contas = [e for e in modelo.entidades.values() if e.tipo == "conta"]
    assert [e.id for e in contas] == ["conta:1207|304186"]
    assert contas[0].notacoes == {"304186", no_dict["dado"]}
