"""A listagem de acessos em linhas sem ponto final, lidas como um registro só (sonda da vigésima segunda sessão).

"IP [::ffff:189.40.77.212]:40124 em ..." não tinha porta lida (o colchete do IPv4 mapeado escondia o ":40124"), e o
IP sem porta recebia a porta rotulada de outra linha do mesmo registro ("IP 189.40.77.210 porta 40122"): uma porta
errada, citada como apoio, na conclusão de CGNAT. A porta rotulada da linha de outro IP é a dele.
"""

from __future__ import annotations

from tests.conftest import dados_da_pasta


def test_cada_ip_com_a_porta_da_sua_linha(tmp_path):
    pasta = tmp_path / "docs"
    pasta.mkdir()
    (pasta / "acessos.txt").write_text(
        "Registros de acesso (UTC)\n"
        "IP 189.40.77.210 porta 40122 em 14/07/2025 18:19:02\n"
        "IP ::ffff:189.40.77.211 porta 40123 em 14/07/2025 18:20:02\n"
        "IP [::ffff:189.40.77.212]:40124 em 14/07/2025 18:21:02\n"
        "IP [2804:14c:65a1:4000::1]:40125 em 14/07/2025 18:22:02\n",
        encoding="utf-8")
    (pasta / "sem_porta.txt").write_text(
        "Registros de acesso (UTC)\n"
        "IP 189.40.77.220 porta 40122 em 14/07/2025 18:19:02\n"
        "IP 189.40.77.221 em 14/07/2025 18:20:02\n",
        encoding="utf-8")
    portas = {d["dado"]: d["metadados"].get("porta") for d in dados_da_pasta(pasta) if d["tipo_dado"] == "ip"}
    assert portas == {"189.40.77.210": "40122", "189.40.77.211": "40123", "189.40.77.212": "40124",
                      "2804:14c:65a1:4000::1": "40125", "189.40.77.220": "40122", "189.40.77.221": None}


def test_ip_sem_data_hora_lida_nao_toma_a_do_vizinho(tmp_path):
    """"IP 177.45.10.4 em 2025.07.14 18:21:04" (a data com pontos não é lida) tomava o instante da linha de cima, e
    "IP 177.45.10.5 em 14/07/2025 18.22.05" (a hora com pontos, que depois de uma data pode ser uma versão) a hora
    solta da linha de outro IP: instantes de outro acesso. O quando da linha de um IP é dele."""
    pasta = tmp_path / "docs"
    pasta.mkdir()
    (pasta / "acessos.txt").write_text(
        "Registros de acesso (UTC)\n"
        "IP 177.45.10.3 em 14-07-2025 18:20:03\n"
        "IP 177.45.10.4 em 2025.07.14 18:21:04\n"
        "IP 177.45.10.5 em 14/07/2025 18.22.05\n"
        "IP 177.45.10.6 em 14/07/2025 6:23 PM\n",
        encoding="utf-8")
    instantes = {d["dado"]: d["metadados"].get("instante_utc") for d in dados_da_pasta(pasta) if d["tipo_dado"] == "ip"}
    assert instantes == {"177.45.10.3": "2025-07-14T18:20:03Z", "177.45.10.4": None, "177.45.10.5": None,
                         "177.45.10.6": "2025-07-14T18:23:00Z"}


def test_porta_antes_do_ip_e_fuso_no_fim_do_titulo_com_o_oficio(tmp_path):
    """"Source Port 51235, Source IP 177.45.10.2, Time ..." (a porta rotulada antes do IP) e o título "MERCADO DIGITAL
    LTDA. - Resposta ao Ofício 118/2025 - Registros de acesso a aplicação (UTC)" (o número do ofício fazia da linha um
    campo, não um título): a convergência ficava fraca, sem porta nem fuso. Armadilha: "Cidade: São Paulo - Centro
    (BRT)" continua um campo."""
    from perito.extratores.contexto import fuso_do_titulo
    from tests.conftest import conclusoes_dos_textos

    assert fuso_do_titulo("Cidade: São Paulo - Centro (BRT)") is None
    conclusoes = conclusoes_dos_textos(tmp_path, {
        "banco.txt": "BANCO HORIZONTE S.A. - Registro de acessos ao internet banking\n"
                     "Cliente: RAFAEL SOUZA PINTO   CPF: 083.016.613-05\n"
                     "Data/Hora (horário de Brasília)   IP            Porta   Operação\n"
                     "14/07/2025 15:20:10               177.45.10.2   51235   PIX ENVIADO R$ 2.300,00\n",
        "provedor.txt": "MERCADO DIGITAL LTDA. - Resposta ao Ofício 118/2025 - Registros de acesso a aplicação (UTC)\n"
                        "Source Port 51235, Source IP 177.45.10.2, Time 2025-07-14 18:20:02\n"
                        "Source Port 40111, Source IP 189.40.77.210, Time 2025-07-14 19:20:02\n",
    })
    convergencia = next(c for c in conclusoes if c["tipo"] == "convergencia_ip")
    assert convergencia["grau_confianca"] == "forte" and "distam 8s" in convergencia["afirmacao"]
    assert convergencia["validacao"]["veredicto_geral"] == "VERIFICADO"
