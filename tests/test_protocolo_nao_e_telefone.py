"""O número de um protocolo, chamado ou processo logo depois do rótulo ("Internal Ticket Number 9988776655" no topo de
toda resposta da Meta) era lido como telefone (DDD 99): ia às entidades e aos vínculos como um número do caso.
Armadilhas: o telefone rotulado como telefone, o identificador da conta e o número com a formatação de telefone
continuam telefones."""

from __future__ import annotations

import pytest

from perito.extratores.reconhecedores import reconhecer


@pytest.mark.parametrize(("linha", "telefone"), [
    ("Internal Ticket Number 9988776655", None),
    ("Protocolo: 2125551234", None),
    ("Processo nº 21977778888", None),
    ("Telefone: 21977778888", "21977778888"),
    ("Account Identifier +5521977778888", "+5521977778888"),
    ("Sender 21977778888", "21977778888"),
    ("protocolo (21) 97777-8888", "(21) 97777-8888"),
])
def test_numero_depois_do_rotulo_de_protocolo(linha: str, telefone: str | None) -> None:
    achados = [a.dado for a in reconhecer(linha) if a.campo == "telefone"]
    assert achados == ([telefone] if telefone else [])
