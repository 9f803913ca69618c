"""A resposta em texto de um aplicativo de mensagens com cada acesso numa linha de pares separados por vírgula
("IP: 189.120.44.17, Port: 50123, Date: 2025-06-12 17:21:40 UTC, Device: Samsung SM-A546E"), vigésima sessão.

Antes: a resposta ("Response to Data Request", "Login history") ficava de família desconhecida, e a linha era um campo
só, "IP", com o resto da linha como valor: a porta se perdia, e a convergência com a resposta de CGNAT ia para a
sessão do outro cliente do mesmo IP, "moderado, sem porta de origem". Agora cada ", Rótulo:" de um nome de coluna
conhecido corta um campo (`registros/pares_na_linha.py`), e a resposta é de provedor. Armadilhas: a vírgula de um
valor não corta ("Rio de Janeiro, RJ"); a linha que não começa por um rótulo conhecido continua texto.
"""

from __future__ import annotations

from pathlib import Path

from tests.conftest import conclusoes_dos_textos, dados_da_pasta

_TELEGRAM = ("Telegram Messenger Inc. - Response to Data Request #TG-2025-11873\n"
             "Target: +55 21 98877-6655 (user id 5512344321)\n\nLogin history:\n"
             "IP: 189.120.44.17, Port: 50123, Date: 2025-06-12 17:21:40 UTC, Device: Samsung SM-A546E\n"
             "IP: 200.155.12.9, Port: 41022, Date: 2025-06-13 09:02:11 UTC, Device: Samsung SM-A546E\n")
_CGNAT = ("CLARO S.A. - Identificação de usuário de IP (horário de Brasília)\n"
          "IP;Porta;Data/Hora início;Data/Hora fim;Linha;Assinante;Documento\n"
          "189.120.44.17;50123;12/06/2025 13:55:00;12/06/2025 15:10:00;21988776655;FELIPE AUGUSTO MOURA;186.091.390-34\n"
          "189.120.44.17;50999;12/06/2025 13:55:00;12/06/2025 15:10:00;21977001122;RENATA SOUZA PINTO;529.982.247-25\n")


def test_cada_par_da_linha_e_um_campo(tmp_path: Path) -> None:
    (tmp_path / "c").mkdir()
    (tmp_path / "c" / "telegram.txt").write_text(_TELEGRAM, encoding="utf-8")
    dados = dados_da_pasta(tmp_path / "c")
    assert {d["metadados"]["familia_fonte"] for d in dados} == {"provedor"}
    assert [(d["dado"], d["metadados"].get("porta")) for d in dados if d["campo"] == "ip_acesso"] == [
        ("189.120.44.17", "50123"), ("200.155.12.9", "41022")]


def test_a_porta_escolhe_a_sessao_do_cliente(tmp_path: Path) -> None:
    conclusoes = conclusoes_dos_textos(tmp_path, {"telegram.txt": _TELEGRAM, "claro.csv": _CGNAT})
    [convergencia] = [c for c in conclusoes if c["tipo"] == "convergencia_ip"]
    assert convergencia["grau_confianca"] == "forte" and "porta 50123" in convergencia["afirmacao"]
    [titular] = [c for c in conclusoes if c["afirmacao"].startswith("O IP 189.120.44.17 estava atribuído")]
    assert "a FELIPE AUGUSTO MOURA" in titular["afirmacao"] and "RENATA" not in titular["afirmacao"]


def test_a_virgula_de_um_valor_nao_corta(tmp_path: Path) -> None:
    from perito.extratores.registros import pares_na_linha
    from perito.leitura.documento import Trecho

    def campos(texto: str) -> list[tuple[str, str]] | None:
        trecho = Trecho(None, "linha 1", texto, "texto")
        achados = pares_na_linha._campos(trecho)
        return None if achados is None else [(c.rotulo, c.valor) for c in achados]

    assert campos("Nome: JOSE DA SILVA, Endereço: Rua das Flores, 100, Rio de Janeiro, RJ, Telefone: (21) 99999-0000") == [
        ("Nome", "JOSE DA SILVA"), ("Endereço", "Rua das Flores, 100, Rio de Janeiro, RJ"), ("Telefone", "(21) 99999-0000")]
    assert campos("Observação: o cliente mora no Rio, RJ: bairro Tijuca, Data: 12/06/2025") is None
    assert campos("IP: 189.120.44.17, Port: 50123") is None  # dois pares: pouco para ser um registro
