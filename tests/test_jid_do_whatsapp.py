"""O identificador da conta do WhatsApp num laudo de extração (sonda da vigésima segunda sessão).

"JID: 5511987654321@s.whatsapp.net" (e "...@c.us") era um e-mail: o número da conta não convergia com a resposta do
WhatsApp, e o laudo ("INSTITUTO DE CRIMINALÍSTICA - LAUDO Nº 3381/2025") era de família desconhecida. Agora o número
antes do domínio do WhatsApp é o telefone (também na releitura do validador), e o laudo pelo número e o instituto de
criminalística no timbre são documentos policiais. Armadilhas: o identificador de um grupo ("...@g.us") não é
telefone nem e-mail; um e-mail comum continua e-mail.
"""

from __future__ import annotations

from perito.extratores.reconhecedores import reconhecer
from tests.conftest import conclusoes_dos_textos


def test_reconhecedor():
    for texto in ("JID: 5511987654321@s.whatsapp.net", "5511987654321@c.us"):
        assert [(a.campo, a.dado, a.metadados.get("e164")) for a in reconhecer(texto)] == [
            ("telefone", "5511987654321", "+5511987654321")]
    assert reconhecer("Grupo: 120363041234567890@g.us") == []
    assert [(a.campo, a.dado) for a in reconhecer("rafael.sp@gmail.com")] == [("email", "rafael.sp@gmail.com")]


def test_laudo_e_resposta_do_whatsapp(tmp_path):
    conclusoes = conclusoes_dos_textos(tmp_path, {
        "whatsapp.txt": "WhatsApp LLC - Response to Legal Process\nAccount Identifier: +55 11 98765-4321\n",
        "laudo.txt": "INSTITUTO DE CRIMINALÍSTICA - LAUDO Nº 3381/2025\nContas encontradas no aparelho:\n"
                     "  JID: 5511987654321@s.whatsapp.net\n",
    })
    vinculo = next(c for c in conclusoes if c["tipo"] == "vinculo_telefone")
    assert "relato policial" in vinculo["afirmacao"] and vinculo["grau_confianca"] == "forte"
    assert vinculo["validacao"]["veredicto_geral"] == "VERIFICADO"
