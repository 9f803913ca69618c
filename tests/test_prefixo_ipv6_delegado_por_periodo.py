"""O prefixo IPv6 delegado a um cliente da banda larga por dias, escrito em carta (vigésima primeira sessão, caso c17).

"... o prefixo IPv6 2804:14d:5c81:8b00::/56" / "esteve delegado ao cliente FERNANDO ..., de 01/08/2025 00:00:00 a" /
"10/08/2025 23:59:59 (horário de Brasília) ...", e a resposta da Apple com os acessos de IPv6 dentro do /56. Antes:
as duas respostas ficavam de família desconhecida ("Apple Inc.", "delegado ao cliente" não eram vocabulário), o
começo do período não tinha fuso (escrito depois do fim, na outra linha) e o IP não tinha fim de sessão: nenhuma
conclusão. Agora o período de datas-horas da frase é a sessão do IP (o fuso do fim vale para o começo), e os acessos
dentro do prefixo e do período identificam o cliente. Armadilha: o acesso depois do fim do período não é coberto.
"""

from __future__ import annotations

import json
from pathlib import Path

from perito.analise import Parametros, analisar
from perito.extratores.familias import classificar
from perito.leitura.leitor import ler_documento
from tests.conftest import DATA, pdf_de_linhas

OFICIO = ["CLARO S.A.", "Ofício DJ-5521/2025",
          "Em resposta ao Ofício 4410/2025, informamos que o prefixo IPv6 2804:14d:5c81:8b00::/56",
          "esteve delegado ao cliente FERNANDO MENDES DA ROCHA, CPF 993.518.190-19, de 01/08/2025 00:00:00 a",
          "10/08/2025 23:59:59 (horário de Brasília), no endereço Rua das Palmeiras, 120, Rio de Janeiro/RJ."]


def _apple(dia: str) -> list[str]:
    return ["Apple Inc. - iCloud Subscriber Information", "Apple ID: f.mendes.vendas@icloud.com",
            "IP Logs (Timestamps in GMT)", "Timestamp IP Address Service",
            f"2025-08-{dia} 13:12:44 [2804:14D:5C81:8B22:1D4E:9A10:77FE:3B21]:443 iCloud Mail"]


def _identificacoes(pasta: Path, dia: str) -> list[dict]:
    caso = pasta / "caso"
    caso.mkdir()
    pdf_de_linhas(caso / "oficio_operadora.pdf", OFICIO)
    pdf_de_linhas(caso / "apple_resposta.pdf", _apple(dia))
    analisar(Parametros(caso, pasta / "saida", data_analise=DATA))
    conclusoes = json.loads((pasta / "saida" / "conclusoes.json").read_text(encoding="utf-8"))["conclusoes"]
    return [c for c in conclusoes if c["tipo"] == "identificacao_titular" and "prefixo IPv6" in c["afirmacao"]]


def test_acesso_dentro_do_prefixo_e_do_periodo_identifica_o_cliente(tmp_path: Path) -> None:
    [conclusao] = _identificacoes(tmp_path, "03")
    afirmacao = conclusao["afirmacao"]
    assert afirmacao.startswith("O prefixo IPv6 2804:14d:5c81:8b00::/56 estava atribuído pela operadora a FERNANDO "
                                "MENDES DA ROCHA, CPF/CNPJ 993.518.190-19")
    assert "(01/08/2025 00:00:00 horário de Brasília até 10/08/2025 23:59:59)" in afirmacao
    assert {"linha 3", "linha 4", "linha 5"} <= {r["linha_ou_celula"] for r in conclusao["referencias"]
                                                  if r["arquivo"] == "oficio_operadora.pdf"}
    assert conclusao["validacao"]["veredicto_geral"] == "VERIFICADO"


def test_acesso_depois_do_periodo_nao_e_coberto(tmp_path: Path) -> None:
    assert _identificacoes(tmp_path, "12") == []


def test_respostas_da_apple_e_da_carta_de_prefixo_tem_familia(tmp_path: Path) -> None:
    pdf_de_linhas(tmp_path / "a.pdf", _apple("03"))
    pdf_de_linhas(tmp_path / "o.pdf", OFICIO)
    assert classificar(ler_documento(tmp_path / "a.pdf", "a.pdf", "pdf")).familia == "provedor"
    assert classificar(ler_documento(tmp_path / "o.pdf", "o.pdf", "pdf")).familia == "operadora"
