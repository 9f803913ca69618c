"""Monta a base de IP → AS que acompanha o pacote (src/perito/inteligencia_ip/dados/) a partir dos CSV.

Uso: python scripts/montar_base_ip.py ARQUIVO.csv [ARQUIVO.csv ...] [--data AAAA-MM-DD] [--fonte TEXTO]
                                       [--licenca TEXTO] [--saida PASTA]

Os CSV são os do ip-location-db (asn-ipv4-num.csv e asn-ipv6-num.csv, ou as formas com pontos), p.ex. de
`npm pack @ip-location-db/asn@2.3.2026061719`; com o package.json do npm ao lado, a data sai da versão.
A conversão é a mesma de `perito ipdb atualizar` (perito.inteligencia_ip.montagem); este script só grava
no pacote, com nome fixo, e não mexe em ATRIBUICAO.md nem em asns_classificados.csv.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from perito.erros import ErroPerito
from perito.inteligencia_ip import montagem

DADOS = Path(__file__).resolve().parents[1] / "src" / "perito" / "inteligencia_ip" / "dados"


def main() -> int:
    argumentos = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    argumentos.add_argument("arquivos", nargs="+", type=Path, metavar="ARQUIVO")
    argumentos.add_argument("--data", help="data do retrato (padrão: a da versão do package.json do npm)")
    argumentos.add_argument("--fonte", default=montagem.FONTE_IP_LOCATION_DB)
    argumentos.add_argument("--licenca", default=montagem.LICENCA_IP_LOCATION_DB)
    argumentos.add_argument("--saida", type=Path, default=DADOS, help=f"pasta de destino (padrão: {DADOS})")
    opcoes = argumentos.parse_args()
    try:
        npm = montagem.data_do_pacote_npm(opcoes.arquivos)
        if opcoes.data is None and npm is None:
            argumentos.error("sem package.json do ip-location-db ao lado dos CSV: informe --data AAAA-MM-DD")
        data = montagem.conferir_data(opcoes.data or (npm[0] if npm else ""))
        tabelas, metadados = montagem.montar(opcoes.arquivos, data, opcoes.fonte, opcoes.licenca,
                                             origem=npm[1] if npm else "")
        caminho = montagem.gravar(opcoes.saida, tabelas, metadados, nome_binario="base_ip.xz")
    except ErroPerito as erro:
        sys.stderr.write(f"erro: {erro.mensagem}\n")
        return int(erro.codigo)
    contagens = metadados["contagens"]
    sys.stdout.write(f"{caminho}: retrato de {data}, {contagens['ipv4']['intervalos']} intervalos IPv4, "
                     f"{contagens['ipv6']['intervalos']} IPv6, {contagens['asns']} AS\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
