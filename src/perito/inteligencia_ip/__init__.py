"""Inteligência de IP offline: AS, organização e classe do endereço, de uma base embarcada e datada.

    from perito.inteligencia_ip import consultar, base_em_uso
    consultar("177.10.20.30")  # InfoIp(ip, versao, asn, organizacao, classes, data_base, fonte) ou None
    base_em_uso()              # {"data", "fonte", "licenca", "sha256", "origem", "caminho"}

A base é um retrato (ip-location-db: RouteViews + DB-IP + NRO, CC BY 4.0; veja dados/ATRIBUICAO.md): o AS
de um endereço muda com o tempo, por isso toda resposta traz a data do retrato. `perito ipdb atualizar`
troca o retrato sem rede, a partir de CSV baixados à parte.
"""

from perito.inteligencia_ip.bases import base_em_uso
from perito.inteligencia_ip.consulta import InfoIp, consultar

__all__ = ["InfoIp", "base_em_uso", "consultar"]
