"""A célula "Data/Hora" de uma tabela impressa que quebrou em duas linhas (sonda da vigésima segunda sessão).

"14/07/2025   177.45.10.2   51234   LOGIN" / "18:19:02 UTC": a hora e o fuso ficaram na linha de baixo, sob a data.
Antes, a tabela acabava na linha da hora e o IP ficava sem data-hora ("sem data-hora com fuso declarado: não se
afirma simultaneidade"); agora a hora completa a data, citada onde está escrita, e o validador confere o instante e
a contagem de eventos com as duas linhas.

Armadilhas: a hora sob outra coluna (a da porta) não é da data; a data que já tem hora não ganha outra.
"""

from __future__ import annotations

from tests.conftest import conclusoes_dos_textos

_BANCO = ("BANCO HORIZONTE S.A. - Registro de acessos ao internet banking\n"
          "Cliente: RAFAEL SOUZA PINTO   CPF: 083.016.613-05\n"
          "Data/Hora (horário de Brasília)   IP            Porta   Operação\n"
          "14/07/2025 15:19:30               177.45.10.2   51234   PIX ENVIADO R$ 2.300,00\n")
_TOPO = ("MERCADO DIGITAL LTDA. - Resposta ao Ofício 118/2025 - Registros de acesso a aplicação\n"
         "Usuário: rafael.sp.vendas\n\n"
         "Data/Hora                 IP de origem        Porta     Evento\n")


def _provedor(linhas: list[str]) -> str:
    return _TOPO + "".join(f"{linha}\n" for linha in linhas)


def test_hora_e_fuso_na_linha_de_baixo_completam_a_data(tmp_path):
    conclusoes = conclusoes_dos_textos(tmp_path, {"banco.txt": _BANCO, "provedor.txt": _provedor([
        "14/07/2025                177.45.10.2         51234     LOGIN",
        "18:19:02 UTC",
        "14/07/2025                189.40.77.210       40122     LOGOUT",
        "19:02:44 UTC",
    ])})
    convergencia = next(c for c in conclusoes if c["tipo"] == "convergencia_ip")
    assert "provedor.txt, linha 5 (14/07/2025 18:19:02 UTC, porta 51234)" in convergencia["afirmacao"]
    assert convergencia["grau_confianca"] == "forte"
    assert {"linha 5", "linha 6"} <= {r["linha_ou_celula"] for r in convergencia["referencias"]
                                       if r["arquivo"] == "provedor.txt"}
    padrao = next(c for c in conclusoes if c["tipo"] == "padrao_temporal")
    for conclusao in (convergencia, padrao):
        assert conclusao["validacao"]["veredicto_geral"] == "VERIFICADO"


def test_hora_sob_outra_coluna_nao_e_da_data(tmp_path):
    conclusoes = conclusoes_dos_textos(tmp_path, {"banco.txt": _BANCO, "provedor.txt": _provedor([
        "14/07/2025                177.45.10.2         51234     LOGIN",
        "                                              18:19:02 UTC",
    ])})
    convergencia = next(c for c in conclusoes if c["tipo"] == "convergencia_ip")
    assert "18:19:02" not in convergencia["afirmacao"] and convergencia["grau_confianca"] == "fraco"
