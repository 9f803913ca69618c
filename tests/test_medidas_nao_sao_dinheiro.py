"""Números de medida escritos com vírgula decimal (vigésima primeira sessão, sonda de logs de acesso com posição).

"Latitude: -23,55 Longitude: -46,63" num log de acesso do banco, "1,75 m", "80,00 kg", "2,50% ao mês": eram valores de
transação (a latitude negativa, um débito). Agora o rótulo de medida logo antes (latitude, longitude, precisão,
distância...) ou a unidade logo depois (%, m, km, kg...) tiram o número do dinheiro. Armadilhas: "2.350,00 C",
"R$ 1.500,00 mensais", "300,00 Mercado Pago" continuam valores.
"""

from __future__ import annotations

from perito.extratores.reconhecedores import reconhecer


def _valores(texto: str) -> list[str]:
    return [a.dado for a in reconhecer(texto) if a.campo == "valor_transacao"]


def test_medidas_nao_sao_valores() -> None:
    assert _valores("14/07/2025 15:21:07 LOGIN Latitude: -23,55 Longitude: -46,63") == []
    assert _valores("Altura: 1,75 m Peso: 80,00 kg") == []
    assert _valores("juros de 2,50% ao mês") == []


def test_dinheiro_continua_dinheiro() -> None:
    assert _valores("PIX RECEBIDO 2.350,00 C") == ["2.350,00"]
    assert _valores("renda de R$ 1.500,00 mensais; recebeu R$ 980,00 em 12/07") == ["R$ 980,00"]
    assert _valores("Valor: 300,00 Mercado Pago") == ["300,00"]
