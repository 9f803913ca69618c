"""A lacuna do IP (o plano pede o assinante à operadora) some quando a operadora já o deu: também quando a resposta é
de CGNAT, com o bloco de portas e a sessão (início e fim), e não a porta e o instante exatos do acesso. Achado numa
sonda: a resposta da operadora com o assinante, o bloco 51200-51299 e a sessão de 10 minutos não cobria o acesso do
provedor pela porta 51234 dentro dela, e o plano pedia de novo o que já estava respondido.
"""

from __future__ import annotations

from typing import Any

import pytest

from perito.principal import lacunas


def _dado(campo: str, dado: str, familia: str, registro: str, **meta: Any) -> dict[str, Any]:
    if instante := meta.get("instante_utc"):  # a data, a hora ao segundo e o fuso, como o extrator os grava
        meta = {"data": instante[:10], "hora": instante[11:19], "fuso": "UTC", **meta}
    return {"dado": dado, "campo": campo, "arquivo_fonte": f"{familia}.csv", "pagina": None, "linha_ou_celula": registro,
            "texto_original": dado, "tipo_dado": "ip" if campo.startswith("ip") else "outro",
            "metadados": {"familia_fonte": familia, "registro": registro, **meta}}


def _acesso(porta: str, instante: str) -> dict[str, Any]:
    return _dado("ip_acesso", "177.45.10.2", "provedor", "linha 4", ip_canonico="177.45.10.2", roteavel=True,
                 porta=porta, instante_utc=instante)


def _resposta(**meta: Any) -> list[dict[str, Any]]:
    return [_dado("ip_acesso", "177.45.10.2", "operadora", "linha 3", ip_canonico="177.45.10.2", roteavel=True, **meta),
            _dado("nome_titular", "MARIA OLIVEIRA LIMA", "operadora", "linha 3", papel="titular")]


def _ips(dados: list[dict[str, Any]]) -> list[str]:
    return [lacuna.chave for lacuna in lacunas.encontrar([{"dados_extraidos": dados}]) if lacuna.tipo == lacunas.IP]


CGNAT = {"porta": "51200", "porta_final": "51299", "instante_utc": "2025-03-15T14:30:00Z",
         "instante_fim_utc": "2025-03-15T14:40:00Z"}


@pytest.mark.parametrize("acesso, resposta, lacuna", [
    (("51234", "2025-03-15T14:33:50Z"), CGNAT, False),  # dentro do bloco e da sessão: respondido
    (("51234", "2025-03-15T14:33:50Z"), {"porta": "51234", "instante_utc": "2025-03-15T14:33:50Z"}, False),
    (("40000", "2025-03-15T14:33:50Z"), CGNAT, True),  # fora do bloco
    (("51234", "2025-03-15T14:45:00Z"), CGNAT, True),  # fora da sessão
    (("51234", "2025-03-15T14:34:02Z"), {"porta": "51234", "instante_utc": "2025-03-15T14:33:50Z"}, True),  # outro instante
])
def test_resposta_da_operadora_cobre_o_acesso(acesso: tuple[str, str], resposta: dict, lacuna: bool) -> None:
    assert _ips([_acesso(*acesso), *_resposta(**resposta)]) == (["177.45.10.2"] if lacuna else [])
