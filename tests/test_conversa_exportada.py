"""A conversa de WhatsApp que a vítima exporta e entrega com o boletim (sonda da 25ª sessão): "14/07/2025 15:10 -
+55 11 98765-4321: Para regularizar, faça um Pix de R$ 2.350,00 para a chave rafa.pinto88@gmail.com". Antes: família
desconhecida; a chave da conversa não ligava o relato ao DICT e ao extrato (o boletim diz só "conforme conversa
anexa"), e não havia vínculo financeiro. A conversa é relato: quem a entrega é a vítima, e ela não conta como fonte
independente do boletim."""

from __future__ import annotations

from pathlib import Path

import pytest

from perito.extratores import familias
from perito.leitura.texto import ler_texto
from tests.conftest import conclusoes_dos_textos

_ANDROID = """14/07/2025 15:02 - As mensagens e as chamadas são protegidas com a criptografia de ponta a ponta.
14/07/2025 15:02 - +55 11 98765-4321: Boa tarde, aqui é do setor de segurança do banco
14/07/2025 15:03 - Ana: Boa tarde
14/07/2025 15:10 - +55 11 98765-4321: Para regularizar, faça um Pix de R$ 2.350,00 para a chave rafa.pinto88@gmail.com
14/07/2025 15:21 - Ana: Pronto, fiz o pix
"""
_IPHONE = """[14/07/2025, 15:02:10] +55 11 98765-4321: Boa tarde, aqui é do setor de segurança do banco
[14/07/2025, 15:03:01] Ana Beatriz: Boa tarde
[14/07/2025, 15:10:44] +55 11 98765-4321: Faça um Pix de R$ 2.350,00 para a chave rafa.pinto88@gmail.com
"""
_DICT = ("BANCO CENTRAL DO BRASIL - DICT\nChave: rafa.pinto88@gmail.com   Tipo: e-mail\n"
         "Titular: RAFAEL SOUZA PINTO   CPF: 083.016.613-05\n"
         "Participante: Banco Horizonte S.A.   Agência: 0001   Conta: 4471239-8\n")
_BO = ("BOLETIM DE OCORRÊNCIA Nº 4512/2025\nVítima: ANA BEATRIZ MOREIRA, CPF 318.274.519-04.\nHistórico: a vítima "
       "relata que, em 14/07/2025, às 15h21, transferiu R$ 2.350,00 via Pix, conforme conversa anexa.\n")
_EXTRATO = ("Banco Horizonte S.A. - Extrato\nTitular: RAFAEL SOUZA PINTO - CPF 083.016.613-05 - Agência 0001 - Conta "
            "4471239-8\nData;Hora;Descrição;Valor;Saldo\n"
            "14/07/2025;15:21:07;PIX RECEBIDO ANA BEATRIZ MOREIRA;2.350,00;2.410,55\n")


@pytest.mark.parametrize(("texto", "relato"), [
    (_ANDROID, True), (_IPHONE, True),
    # armadilhas: um log com "data hora - CAMPO: valor" e a lista de mensagens de um remetente só
    ("14/07/2025 15:10 - IP: 189.40.77.212\n14/07/2025 15:11 - LOGIN: ok\n14/07/2025 15:12 - Porta: 50123\n", False),
    ("14/07/2025 15:10 - Sistema: aviso 1\n14/07/2025 15:11 - Sistema: aviso 2\n14/07/2025 15:12 - Sistema: aviso 3\n",
     False),
])
def test_a_conversa_e_relato(tmp_path: Path, texto: str, relato: bool) -> None:
    caminho = tmp_path / "Conversa do WhatsApp com +55 11 98765-4321.txt"
    caminho.write_text(texto, encoding="utf-8")
    assert (familias.classificar(ler_texto(caminho, caminho.name)).familia == "relato") is relato


def test_a_chave_da_conversa_liga_o_relato_ao_extrato(tmp_path: Path) -> None:
    conclusoes = conclusoes_dos_textos(tmp_path, {"conversa.txt": _ANDROID, "dict.txt": _DICT, "bo.txt": _BO,
                                                  "extrato.csv": _EXTRATO})
    (vinculo,) = [c for c in conclusoes if c["tipo"] == "vinculo_financeiro"]
    assert "conta a transferência para a chave Pix rafa.pinto88@gmail.com" in vinculo["afirmacao"]
    assert "RAFAEL SOUZA PINTO" in vinculo["afirmacao"] and vinculo["grau_confianca"] == "forte"
    assert {c["validacao"]["veredicto_geral"] for c in conclusoes} == {"VERIFICADO"}
