"""Uma linha que conta vários eventos em frases (a carta de um provedor, um parágrafo de DOCX), achada por sonda:
"Em 15/03/2025, às 14:33:50 (UTC), ... IP 177.45.10.2, porta 51234. Em 16/03/2025, às 09:10:00 (UTC), ... IP
189.20.30.40, porta 40000." O IP da primeira frase ia com a data-hora da segunda (a mais próxima dele no texto), sem
porta nenhuma ("51234." com o ponto final não era porta), e o validador dava VERIFICADO à citação que juntava os dois
eventos. Agora o extrator liga cada IP ao quando e à porta da sua frase, e o validador corta a linha em frases sozinho.
"""

from __future__ import annotations

import json
from pathlib import Path

from perito.analise import Parametros, analisar
from perito.chaves.valores import decompor
from perito.validador.frases_da_linha import de_outra_frase
from tests.conftest import DATA, dados_da_pasta, status_com_a_citacao_trocada

CARTA = ("Resposta ao Ofício nº 123/2025 - registros de acesso da conta +55 11 98765-4321\n"
         "Em atenção à solicitação, informamos que em 15/03/2025, às 14:33:50 (UTC), a conta acessou o serviço a partir "
         "do endereço IP 177.45.10.2, porta 51234. Em 16/03/2025, às 09:10:00 (UTC), a conta acessou a partir do "
         "endereço IP 189.20.30.40, porta 40000.\n")
LOG = ("Log de acessos - Banco Exemplo S.A.\nHorário de Brasília\nData;Hora;IP;Porta;Evento\n"
       "15/03/2025;11:34:02;177.45.10.2;51234;LOGIN\n15/03/2025;12:00:00;201.2.3.4;30000;PIX\n")


def _ips(pasta: Path, texto: str) -> dict[str, tuple[str | None, str | None]]:
    (pasta / "carta.txt").write_text(texto, encoding="utf-8")
    return {d["dado"]: (d["metadados"].get("data_hora"), d["metadados"].get("porta"))
            for d in dados_da_pasta(pasta) if d["tipo_dado"] == "ip"}


def test_cada_ip_com_o_quando_e_a_porta_da_sua_frase(tmp_path: Path) -> None:
    assert _ips(tmp_path, CARTA) == {"177.45.10.2": ("15/03/2025, às 14:33:50", "51234"),
                                     "189.20.30.40": ("16/03/2025, às 09:10:00", "40000")}


def test_abreviatura_nao_fecha_a_frase(tmp_path: Path) -> None:
    # "Sr. JOÃO" não é fim de frase: o IP fica com a data-hora da frase dele, não com a da seguinte (mais perto no texto)
    texto = ("Em 15/03/2025 às 14:33:50 o Sr. JOÃO acessou pelo IP 177.45.10.2. "
             "Em 16/03/2025 às 09:10:00 acessou pelo IP 189.20.30.40.\n")
    assert _ips(tmp_path, texto)["177.45.10.2"][0] == "15/03/2025 às 14:33:50"


def test_frase_sem_quando_fica_com_o_mais_proximo(tmp_path: Path) -> None:
    # os rótulos separados por ponto: a frase do IP não tem data-hora, e o registro é a linha, como antes
    texto = "Data: 15/03/2025 14:33:50. IP: 177.45.10.2. Porta: 51234. Evento: login\n"
    assert _ips(tmp_path, texto) == {"177.45.10.2": ("15/03/2025 14:33:50", "51234")}
    assert de_outra_frase(decompor("177.45.10.2 | 51234 | 15/03/2025 | 14:33:50"), texto) is None


def test_validador_corta_a_linha_em_frases() -> None:
    linha = CARTA.splitlines()[1]
    assert de_outra_frase(decompor("177.45.10.2 | 51234 | 15/03/2025 | 14:33:50 UTC"), linha) is None
    assert de_outra_frase(decompor("177.45.10.2 | 16/03/2025 | 09:10:00 UTC"), linha) is not None
    assert de_outra_frase(decompor("177.45.10.2 | 40000 | 15/03/2025 | 14:33:50"), linha) is not None
    # uma frase só, ou o IP nas duas frases: nada a dizer
    assert de_outra_frase(decompor("177.45.10.2 | 16/03/2025"), "IP 177.45.10.2 em 15/03/2025 e 16/03/2025") is None
    assert de_outra_frase(decompor("177.45.10.2 | 16/03/2025"),
                          "IP 177.45.10.2 em 15/03/2025. IP 177.45.10.2 em 16/03/2025.") is None


def test_convergencia_e_a_citacao_que_junta_dois_eventos(tmp_path: Path) -> None:
    caso = tmp_path / "caso"
    caso.mkdir()
    (caso / "carta.txt").write_text(CARTA, encoding="utf-8")
    (caso / "log_banco.csv").write_text(LOG, encoding="utf-8")
    analisar(Parametros(caso, tmp_path / "saida", data_analise=DATA))
    conclusoes = json.loads((tmp_path / "saida" / "conclusoes.json").read_text(encoding="utf-8"))
    [ip] = [c for c in conclusoes["conclusoes"] if c["tipo"] == "convergencia_ip"]
    assert "carta.txt, linha 2 (15/03/2025 14:33:50 UTC, porta 51234)" in ip["afirmacao"]
    assert ip["validacao"]["veredicto_geral"] == "VERIFICADO"

    # as armadilhas: a hora da outra frase, e a porta da outra frase, citadas para o IP da primeira
    assert status_com_a_citacao_trocada(caso, conclusoes, ip, "carta.txt", "15/03/2025 | 14:33:50",
                                        "16/03/2025 | 09:10:00") == ["CONTRADITO"]
    assert status_com_a_citacao_trocada(caso, conclusoes, ip, "carta.txt", "177.45.10.2 | 51234",
                                        "177.45.10.2 | 40000") == ["CONTRADITO"]


LINHAS_DA_CARTA_EM_PDF = [
    "WhatsApp LLC - Resposta ao Ofício nº 123/2025", "Conta alvo: +55 11 98765-4321", "",
    "Em atenção à solicitação, informamos que em 15/03/2025, às 14:33:50 (UTC), a conta acessou o",
    "serviço a partir do endereço IP 177.45.10.2, porta 51234. Em 16/03/2025, às 09:10:00 (UTC), a",
    "conta acessou a partir do endereço IP 189.20.30.40, porta 40000. Nada mais havendo a informar,",
    "subscrevemo-nos."]
LOG_DOS_DOIS = ("Log de acessos - Banco Exemplo S.A. - internet banking\nHorário de Brasília\nData;Hora;IP;Porta;Canal\n"
                "15/03/2025;11:34:02;177.45.10.2;51234;APP\n16/03/2025;06:10:05;189.20.30.40;40000;APP\n")


def test_carta_em_pdf_com_as_frases_cortadas_pelas_linhas(tmp_path: Path) -> None:
    """A mesma carta num PDF: as linhas cortam as frases em qualquer lugar. O IP da primeira frase está na linha em que
    a segunda começa (com a data-hora dela), e o da segunda, na linha de baixo, sem data-hora nenhuma: o primeiro ia
    com a data-hora da segunda, e o segundo ficava sem. Cada um fica com o quando da sua frase, e o validador aceita o
    quando da linha de cima na mesma frase e contradiz o da outra frase na linha do IP."""
    from tests.conftest import pdf_de_linhas

    caso = tmp_path / "caso"
    caso.mkdir()
    pdf_de_linhas(caso / "resposta.pdf", LINHAS_DA_CARTA_EM_PDF)
    (caso / "log_banco.csv").write_text(LOG_DOS_DOIS, encoding="utf-8")
    assert {d["dado"]: (d["metadados"].get("data_hora"), d["metadados"].get("porta")) for d in dados_da_pasta(caso)
            if d["tipo_dado"] == "ip" and d["arquivo_fonte"] == "resposta.pdf"} == {
        "177.45.10.2": ("15/03/2025, às 14:33:50", "51234"), "189.20.30.40": ("16/03/2025, às 09:10:00", "40000")}
    analisar(Parametros(caso, tmp_path / "saida", data_analise=DATA))
    conclusoes = json.loads((tmp_path / "saida" / "conclusoes.json").read_text(encoding="utf-8"))
    ips = {c["referencias"][0]["dado_citado"].split(" | ")[0]: c for c in conclusoes["conclusoes"]
           if c["tipo"] == "convergencia_ip"}
    assert sorted(ips) == ["177.45.10.2", "189.20.30.40"]
    assert all(c["validacao"]["veredicto_geral"] == "VERIFICADO" for c in ips.values())
    # a armadilha: o IP da primeira frase citado com a data-hora da segunda, escrita na linha dele
    assert status_com_a_citacao_trocada(caso, conclusoes, ips["177.45.10.2"], "resposta.pdf", "177.45.10.2 | 51234",
                                        "177.45.10.2 | 51234 | 16/03/2025 | 09:10:00") == ["CONTRADITO"]


def test_oracoes_do_relato_em_varias_linhas(tmp_path: Path) -> None:
    # o registro do relato é a frase até o ponto; dentro dela, cada valor fica com a data da sua oração
    (tmp_path / "bo.txt").write_text(
        "BOLETIM DE OCORRÊNCIA Nº 1234/2025\nVítima: JOSE PEREIRA SANTOS\n"
        "Histórico: A vítima relata que em 15/03/2025 transferiu R$ 2.500,00 para a chave (11) 91234-0000; em 16/03/2025\n"
        "transferiu mais R$ 1.000,00 para a mesma chave, acreditando falar com o sobrinho.\n", encoding="utf-8")
    assert {d["dado"]: d["metadados"].get("data") for d in dados_da_pasta(tmp_path)
            if d["campo"] == "valor_transacao"} == {"R$ 2.500,00": "15/03/2025", "R$ 1.000,00": "16/03/2025"}
