"""Benchmark do principal (cruzamento) com dados sintéticos: tempo, pico de memória e crescimento.

Uso: python scripts/benchmark_principal.py [--tamanhos 10000 100000 1000000]

Cada tamanho roda num processo novo (o pico de memória de um não contamina o
outro). Os dados imitam os lotes reais: IPs com instante e porta (muitos públicos,
alguns repetidos entre famílias), telefones, IMEIs, nomes com CPF, lançamentos de
extrato com contraparte. Meta: 1 milhão de itens em menos de 10 s nesta máquina
(2 núcleos), com crescimento quase linear. Imprime uma linha por tamanho e a razão
de crescimento (tempo relativo / tamanho relativo; 1,0 é linear).

O piso, medido no mesmo processo e sobre os mesmos lotes: o mínimo que qualquer cruzamento faz em
Python puro (uma passada pelos dados agrupando pela chave de comparação de cada tipo e, para cada
chave em dois arquivos ou mais, um dicionário de conclusão com uma referência por ocorrência). A
máquina é compartilhada e o tempo absoluto varia de um dia para o outro; `cruzamento/piso` não.
"""

from __future__ import annotations

import argparse
import json
import random
import resource
import subprocess
import sys
import time
from pathlib import Path

RAIZ = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(RAIZ / "src"))

FAMILIAS = ("extrator_provedores_01", "extrator_bancario_01", "extrator_operadora_01", "extrator_generico_01")


def _dado(arquivo: str, linha: int, campo: str, dado: str, tipo: str, meta: dict) -> dict:
    return {
        "dado": dado, "campo": campo, "arquivo_fonte": arquivo, "pagina": None, "linha_ou_celula": f"linha {linha}",
        "texto_original": dado, "tipo_dado": tipo, "metadados": {"registro": f"linha {linha}", **meta},
    }


def gerar_lotes(total: int, cenario: str = "muitas_chaves", semente: int = 7) -> list[dict]:
    """`total` dados distribuídos em 4 famílias e 20 arquivos, com coincidências plantadas.

    muitas_chaves: cada IP, telefone, IMEI e nome se repete poucas vezes (pior caso em número de
    conclusões: ~1 a cada 6 dados); extrato_sem_hora: o mesmo, com os lançamentos só com o dia (sem hora nem
    instante, como a maioria dos extratos em PDF: a regra do repasse segue a ordem de escrita do extrato, que até a
    décima segunda sessão da issue 27 era varrido inteiro a cada crédito); poucas_chaves: 500 chaves de cada tipo
    repetidas muitas vezes, como num registro de mensagens de um único investigado (grupos grandes, poucas conclusões).
    """
    aleatorio = random.Random(semente)
    dados: dict[str, list[dict]] = {f: [] for f in FAMILIAS}
    distintos = 500 if cenario == "poucas_chaves" else None
    ips = [f"{aleatorio.randint(11, 199)}.{aleatorio.randint(0, 255)}.{aleatorio.randint(0, 255)}.{aleatorio.randint(1, 254)}"
           for _ in range(distintos or max(10, total // 20))]
    nomes = [f"pessoa {i}" for i in range(distintos or max(10, total // 50))]
    faixa = distintos or max(10, total // 10)
    for i in range(total):
        familia = FAMILIAS[i % 4]
        arquivo = f"{familia}_{i % 10}.txt"
        tipo = i % 5
        minuto = aleatorio.randint(0, 60 * 24 * 30)
        instante = f"2025-03-{1 + minuto // 1440:02d}T{minuto % 1440 // 60:02d}:{minuto % 60:02d}:00Z"
        if tipo == 0:
            ip = aleatorio.choice(ips)
            meta = {"ip_canonico": ip, "versao_ip": 4, "roteavel": True, "porta": str(aleatorio.randint(1024, 1100)),
                    "instante_utc": instante, "data": instante[:10], "hora": instante[11:19], "fuso": "UTC"}
            dados[familia].append(_dado(arquivo, i, "ip_acesso", ip, "ip", meta))
        elif tipo == 1:
            numero = f"+55119{aleatorio.randint(10000000, 10000000 + faixa):08d}"
            dados[familia].append(_dado(arquivo, i, "telefone", numero, "telefone", {"e164": numero}))
        elif tipo == 2:
            nome = aleatorio.choice(nomes)
            dados[familia].append(_dado(arquivo, i, "nome_titular", nome.upper(), "pessoa",
                                        {"nome_normalizado": nome, "papel": "titular"}))
        elif tipo == 3:
            corpo = f"3533281{aleatorio.randint(0, faixa):07d}"
            dados[familia].append(_dado(arquivo, i, "imei", corpo + "0", "imei", {"imei_corpo": corpo, "luhn_valido": True}))
        else:
            valor = f"{aleatorio.randint(1, 5000)}.00"
            direcao = aleatorio.choice(("credito", "debito"))
            meta = {"valor": valor if direcao == "credito" else "-" + valor, "direcao": direcao, "data": "15/03/2025",
                    "contraparte_normalizada": aleatorio.choice(nomes), "instante_utc": instante}
            if cenario == "extrato_sem_hora":  # só o dia, como a maioria dos extratos em PDF: a ordem de escrita conta
                meta = {**meta, "data": f"{instante[8:10]}/03/2025"}
                del meta["instante_utc"]
            dados[familia].append(_dado(arquivo, i, "valor_transacao", valor, "financeiro", {**meta, "familia_fonte": "banco"}))
    return [{"extrator_id": f, "status": "OK", "arquivos_processados": [], "dados_extraidos": d, "alertas": [],
             "total_dados": len(d)} for f, d in dados.items()]


#: a chave de comparação de cada campo no piso (a que o principal também usa)
_CHAVE_DO_PISO = {"ip_acesso": "ip_canonico", "telefone": "e164", "nome_titular": "nome_normalizado",
                  "imei": "imei_corpo", "valor_transacao": "contraparte_normalizada"}


def piso(lotes: list[dict]) -> int:
    """O cruzamento mínimo em Python puro: agrupar pela chave e citar cada ocorrência dos grupos em 2+ arquivos."""
    grupos: dict[tuple[str, str], list[tuple[str, dict]]] = {}
    for lote in lotes:
        extrator_id = lote["extrator_id"]
        for dado in lote["dados_extraidos"]:
            chave = dado["metadados"].get(_CHAVE_DO_PISO.get(dado["campo"], ""))
            if chave is not None:
                grupos.setdefault((dado["campo"], chave), []).append((extrator_id, dado))
    conclusoes = []
    for (campo, chave), grupo in sorted(grupos.items()):
        if len({d["arquivo_fonte"] for _, d in grupo}) < 2:
            continue
        conclusoes.append({
            "tipo": campo, "afirmacao": f"{chave} em {len(grupo)} locais",
            "referencias": [{"arquivo": d["arquivo_fonte"], "pagina": d["pagina"], "linha_ou_celula": d["linha_ou_celula"],
                             "dado_citado": d["dado"], "extrator_id": e} for e, d in grupo],
        })
    return len(conclusoes)


def medir(total: int, cenario: str) -> dict:
    import gc

    from perito.principal.agente import cruzar

    lotes = gerar_lotes(total, cenario)
    antes = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    inicio = time.perf_counter()
    conclusoes = cruzar(lotes, "bench", "2025-03-20")
    segundos = time.perf_counter() - inicio
    pico = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    quantas = len(conclusoes["conclusoes"])
    del conclusoes
    # o piso depois (o pico de memória é o do cruzamento) e com o coletor desligado, como o cruzamento
    gc.disable()
    inicio = time.perf_counter()
    piso(lotes)
    segundos_piso = time.perf_counter() - inicio
    gc.enable()
    return {"itens": total, "segundos": segundos, "pico_mib": pico / 1024, "pico_antes_mib": antes / 1024,
            "conclusoes": quantas, "piso": segundos_piso}


def main() -> int:
    argumentos = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    argumentos.add_argument("--tamanhos", type=int, nargs="+", default=[10_000, 100_000, 1_000_000])
    argumentos.add_argument("--cenarios", nargs="+", default=["muitas_chaves", "extrato_sem_hora", "poucas_chaves"])
    argumentos.add_argument("--um", type=int, help=argparse.SUPPRESS)  # modo interno: mede um tamanho
    opcoes = argumentos.parse_args()
    if opcoes.um:
        print(json.dumps(medir(opcoes.um, opcoes.cenarios[0])))
        return 0
    for cenario in opcoes.cenarios:
        print(f"\ncenário {cenario}")
        _cenario(cenario, opcoes.tamanhos)
    return 0


def _cenario(cenario: str, tamanhos: list[int]) -> None:
    print(f"{'itens':>10} {'cruzamento (s)':>15} {'piso (s)':>9} {'cruz./piso':>11} {'pico RSS (MiB)':>15} "
          f"{'só os dados (MiB)':>18} {'conclusões':>11} {'crescimento':>12}")
    anterior = None
    for total in tamanhos:
        comando = [sys.executable, __file__, "--um", str(total), "--cenarios", cenario]
        saida = subprocess.run(comando, capture_output=True, text=True, check=True)
        r = json.loads(saida.stdout)
        crescimento = ""
        if anterior:
            crescimento = f"{(r['segundos'] / anterior['segundos']) / (total / anterior['itens']):.2f}"
        print(f"{total:>10} {r['segundos']:>15.2f} {r['piso']:>9.2f} {r['segundos'] / r['piso']:>10.1f}× "
              f"{r['pico_mib']:>15.0f} {r['pico_antes_mib']:>18.0f} {r['conclusoes']:>11} {crescimento:>12}")
        anterior = r


if __name__ == "__main__":
    sys.exit(main())
