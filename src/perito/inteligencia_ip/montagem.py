"""CSV de intervalos IP → AS (ip-location-db e afins) → base compacta com metadados.

Usada pelo `scripts/montar_base_ip.py` (a base do pacote) e por `perito ipdb atualizar` (a do usuário): as
duas passam pelo mesmo código, então uma base atualizada é lida exatamente como a embarcada.

Formas aceitas, decididas pelo conteúdo de cada linha (nunca pelo nome do arquivo):
    numérica  16777216,16777471,13335,"Cloudflare, Inc."   (IPv4 ou IPv6 pelo maior número do arquivo)
    textual   1.0.0.0,1.0.0.255,13335,"Cloudflare, Inc."   (IPv4 e IPv6 podem vir no mesmo arquivo)
"""

from __future__ import annotations

import csv
import hashlib
import io
import ipaddress
import json
import os
import re
import tempfile
from collections import Counter
from dataclasses import dataclass, field
from datetime import date, timedelta
from pathlib import Path
from typing import Any, Iterable

from perito.erros import ErroPerito, Saida
from perito.inteligencia_ip.formato import Intervalos, Tabelas, serializar

FORMATO = "perito-base-ip/1"
NOME_METADADOS = "base_ip.json"
FONTE_IP_LOCATION_DB = "RouteViews + DB-IP IP to ASN Lite + NRO (ip-location-db), CC BY 4.0"
LICENCA_IP_LOCATION_DB = ("CC BY 4.0 (https://creativecommons.org/licenses/by/4.0/); atribuição a RouteViews "
                          "(routeviews.org), DB-IP.com (db-ip.com) e NRO (nro.net)")
LICENCA_DESCONHECIDA = "não informada: confira a licença da fonte antes de usar os dados"
FORMA_ESPERADA = ("uma linha por intervalo: início,fim,AS,organização — início e fim como IP "
                  "(1.0.0.0,1.0.0.255,13335,Cloudflare) ou como número (16777216,16777471,13335,Cloudflare)")

_MAX4 = 2**32 - 1
_MAX6 = 2**128 - 1
_CONTROLE = re.compile(r"[\x00-\x1f\x7f]")
#: versão dos pacotes npm do ip-location-db: 2.3.2026061719 = retrato de 2026-06-17 (19 h UTC)
_VERSAO_NPM = re.compile(r"^\d+\.\d+\.(\d{4})(\d{2})(\d{2})\d*$")

Linha = tuple[int, int, int, str]


@dataclass
class Leitura:
    """O que um arquivo deu: linhas válidas por família e a identificação do arquivo para os metadados."""

    arquivo: Path
    sha256: str
    bytes: int
    ipv4: list[Linha] = field(default_factory=list)
    ipv6: list[Linha] = field(default_factory=list)
    formas: set[str] = field(default_factory=set)
    cabecalho: bool = False
    asn_zero: int = 0

    def resumo(self) -> dict[str, Any]:
        return {"arquivo": self.arquivo.name, "sha256": self.sha256, "bytes": self.bytes,
                "forma": "+".join(sorted(self.formas)), "linhas_ipv4": len(self.ipv4), "linhas_ipv6": len(self.ipv6),
                "cabecalho_ignorado": self.cabecalho, "linhas_as_zero_ignoradas": self.asn_zero}


def _invalido(caminho: Path, mensagem: str) -> ErroPerito:
    return ErroPerito(f"{caminho}: {mensagem}\nDica: o arquivo precisa ter {FORMA_ESPERADA}, como os CSV "
                      "asn-ipv4.csv / asn-ipv4-num.csv do ip-location-db.", Saida.ENTRADA_INVALIDA)


def _texto(caminho: Path) -> tuple[str, bytes]:
    if not caminho.exists():
        raise ErroPerito(f"O arquivo {caminho} não existe.\nDica: informe o caminho de um CSV de IP → AS "
                         "(p.ex. asn-ipv4-num.csv).", Saida.USO)
    if not caminho.is_file():
        raise ErroPerito(f"{caminho} não é um arquivo; informe os CSV, não a pasta.", Saida.USO)
    try:
        bruto = caminho.read_bytes()
    except OSError as erro:
        raise ErroPerito(f"O arquivo {caminho} não pôde ser lido ({erro.strerror or erro}).", Saida.USO) from None
    try:
        return bruto.decode("utf-8-sig"), bruto
    except UnicodeDecodeError as erro:
        raise _invalido(caminho, f"não é texto UTF-8 (byte inválido na posição {erro.start}).") from None


def _asn(texto: str) -> int | None:
    limpo = texto.strip()
    if limpo[:2].upper() == "AS":
        limpo = limpo[2:]
    if not limpo.isdigit() or int(limpo) > _MAX4:
        return None
    return int(limpo)


def ler_csv(caminho: Path) -> Leitura:
    """Lê um CSV inteiro; qualquer linha fora do formato (exceto um cabeçalho na 1ª) recusa o arquivo todo.

    Estrito de propósito: uma base com linhas descartadas em silêncio responderia "sem AS" para endereços
    que a fonte conhece, e ninguém saberia.
    """
    texto, bruto = _texto(caminho)
    leitura = Leitura(caminho, hashlib.sha256(bruto).hexdigest(), len(bruto))
    numericas: list[Linha] = []
    leitor = csv.reader(io.StringIO(texto, newline=""))
    try:
        for campos in leitor:
            if not any(c.strip() for c in campos):
                continue
            numero_linha = leitor.line_num
            analisada = _linha(campos)
            if analisada is None:
                if numero_linha == 1 and not leitura.cabecalho:
                    leitura.cabecalho = True  # "start,end,asn,org" e afins
                    continue
                trecho = ",".join(campos)
                trecho = trecho if len(trecho) <= 80 else trecho[:77] + "..."
                raise _invalido(caminho, f"linha {numero_linha} fora do formato: {_CONTROLE.sub(' ', trecho)!r}")
            familia, inicio, fim, asn, org = analisada
            if asn == 0:
                leitura.asn_zero += 1  # AS 0 = "não roteado" em algumas fontes: não é um AS
                continue
            leitura.formas.add("numerica" if familia == 0 else "textual")
            if familia == 0:
                numericas.append((inicio, fim, asn, org))
            else:
                (leitura.ipv4 if familia == 4 else leitura.ipv6).append((inicio, fim, asn, org))
    except csv.Error as erro:
        raise _invalido(caminho, f"CSV malformado na linha {leitor.line_num} ({erro}).") from None
    if numericas:
        # a forma numérica não diz a família: um número acima de 2^32 − 1 só pode ser IPv6
        destino = leitura.ipv6 if max(n[1] for n in numericas) > _MAX4 else leitura.ipv4
        destino.extend(numericas)
    if not leitura.ipv4 and not leitura.ipv6:
        raise _invalido(caminho, "nenhuma linha válida de intervalo IP → AS.")
    return leitura


def _linha(campos: list[str]) -> tuple[int, int, int, int, str] | None:
    """(família, início, fim, AS, organização) ou None se a linha não é um intervalo IP → AS.

    Família 4 ou 6 na forma textual; 0 na numérica, que só o arquivo inteiro decide.
    """
    if len(campos) < 3:
        return None
    a, b = campos[0].strip(), campos[1].strip()
    asn = _asn(campos[2])
    if asn is None:
        return None
    org = _CONTROLE.sub(" ", campos[3]).strip() if len(campos) > 3 else ""
    if a.isdigit() and b.isdigit():
        inicio, fim = int(a), int(b)
        if fim > _MAX6 or inicio > fim:
            return None
        return 0, inicio, fim, asn, org
    try:
        ip_a, ip_b = ipaddress.ip_address(a), ipaddress.ip_address(b)
    except ValueError:
        return None
    if ip_a.version != ip_b.version or int(ip_a) > int(ip_b):
        return None
    return ip_a.version, int(ip_a), int(ip_b), asn, org


def resolver(linhas: Iterable[Linha]) -> tuple[list[Linha], int]:
    """Intervalos sem sobreposição, com vizinhos do mesmo AS unidos; e quantas sobreposições havia.

    Na sobreposição vale o intervalo que começa depois (com o mesmo início, o mais estreito): é o mais
    específico, como na escolha do prefixo mais longo do roteamento. O retrato de 2026-06-17 tem uma só
    (214.95.0.0–215.0.255.255 AS749 × 215.0.0.0–215.1.3.255 AS721).
    """
    saida: list[Linha] = []
    sobrepostas = 0
    for inicio, fim, asn, org in sorted(linhas, key=lambda linha: (linha[0], -linha[1])):
        caudas: list[Linha] = []
        while saida and saida[-1][1] >= inicio:
            p_inicio, p_fim, p_asn, p_org = saida.pop()
            if max(p_inicio, inicio) <= min(p_fim, fim):
                sobrepostas += 1
            if p_fim > fim:
                caudas.append((max(p_inicio, fim + 1), p_fim, p_asn, p_org))
            if p_inicio < inicio:
                saida.append((p_inicio, inicio - 1, p_asn, p_org))
                break
        saida.append((inicio, fim, asn, org))
        saida.extend(sorted(caudas))
    unidas: list[Linha] = []
    for linha in saida:
        if unidas and unidas[-1][2] == linha[2] and unidas[-1][1] + 1 == linha[0]:
            unidas[-1] = (unidas[-1][0], linha[1], linha[2], unidas[-1][3])
        else:
            unidas.append(linha)
    return unidas, sobrepostas


def _organizacoes(linhas: Iterable[Linha]) -> dict[int, str]:
    """Nome de cada AS: o mais frequente nas linhas (as fontes às vezes divergem na grafia)."""
    contagem: dict[int, Counter[str]] = {}
    for _, _, asn, org in linhas:
        if org:
            contagem.setdefault(asn, Counter())[org] += 1
    return {asn: nomes.most_common(1)[0][0] for asn, nomes in contagem.items()}


def data_do_pacote_npm(arquivos: Iterable[Path]) -> tuple[str, str] | None:
    """(data ISO, "nome@versão") do package.json do ip-location-db ao lado dos CSV, se todos concordam."""
    achados = set()
    for arquivo in arquivos:
        try:
            pacote = json.loads((arquivo.parent / "package.json").read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return None
        nome, versao = str(pacote.get("name", "")), str(pacote.get("version", ""))
        casamento = _VERSAO_NPM.match(versao)
        if not nome.startswith("@ip-location-db/") or casamento is None:
            return None
        achados.add(("-".join(casamento.groups()), f"{nome}@{versao}"))
    return achados.pop() if len(achados) == 1 else None


def conferir_data(texto: str, hoje: date | None = None) -> str:
    """AAAA-MM-DD existente e não futura (um dia de folga pelo fuso: o retrato sai em UTC)."""
    if not re.fullmatch(r"\d{4}-\d{2}-\d{2}", texto.strip()):
        raise ErroPerito(f"Data {texto!r} fora do formato AAAA-MM-DD.\nDica: --data 2026-06-17 (a data do retrato "
                         "da base, não a de hoje).", Saida.USO)
    try:
        dia = date.fromisoformat(texto.strip())
    except ValueError:
        raise ErroPerito(f"A data {texto!r} não existe no calendário.", Saida.USO) from None
    if dia > (hoje or date.today()) + timedelta(days=1):
        raise ErroPerito(f"A data {dia.isoformat()} está no futuro; a base é o retrato de um dia que já passou.\n"
                         "Dica: informe com --data a data em que os CSV foram gerados.", Saida.USO)
    return dia.isoformat()


def montar(arquivos: list[Path], data: str, fonte: str, licenca: str, origem: str = "") -> tuple[Tabelas, dict[str, Any]]:
    """Lê os CSV e monta as tabelas e os metadados (sem gravar nada)."""
    unicos = list(dict.fromkeys(arquivo.resolve() for arquivo in arquivos))  # o mesmo arquivo duas vezes conta uma
    leituras = [ler_csv(arquivo) for arquivo in unicos]
    linhas4 = [linha for leitura in leituras for linha in leitura.ipv4]
    linhas6 = [linha for leitura in leituras for linha in leitura.ipv6]
    organizacoes = _organizacoes([*linhas4, *linhas6])
    v4, sobrepostas4 = resolver(linhas4)
    v6, sobrepostas6 = resolver(linhas6)
    usados = {linha[2] for linha in v4} | {linha[2] for linha in v6}
    tabelas = Tabelas(
        Intervalos([x[0] for x in v4], [x[1] for x in v4], [x[2] for x in v4]),
        Intervalos([x[0] for x in v6], [x[1] for x in v6], [x[2] for x in v6]),
        {asn: nome for asn, nome in organizacoes.items() if asn in usados},
    )
    metadados: dict[str, Any] = {
        "formato": FORMATO, "data": data, "fonte": fonte, "licenca": licenca, "origem_dos_dados": origem,
        "entradas": [leitura.resumo() for leitura in leituras],
        "contagens": {
            "ipv4": {"linhas": len(linhas4), "intervalos": len(v4), "sobreposicoes_resolvidas": sobrepostas4,
                     "enderecos": sum(x[1] - x[0] + 1 for x in v4)},
            "ipv6": {"linhas": len(linhas6), "intervalos": len(v6), "sobreposicoes_resolvidas": sobrepostas6},
            "asns": len(tabelas.organizacoes),
        },
    }
    return tabelas, metadados


def _gravar_atomico(destino: Path, conteudo: bytes) -> None:
    """Arquivo temporário na mesma pasta e os.replace: quem lê nunca vê um arquivo pela metade."""
    descritor, temporario = tempfile.mkstemp(prefix=f".{destino.name}.", dir=destino.parent)
    try:
        with os.fdopen(descritor, "wb") as arquivo:
            os.fchmod(arquivo.fileno(), 0o644)  # o mkstemp cria 0600: a base do pacote tem de ser legível por todos
            arquivo.write(conteudo)
            arquivo.flush()
            os.fsync(arquivo.fileno())
        os.replace(temporario, destino)
    except BaseException:
        Path(temporario).unlink(missing_ok=True)
        raise


def gravar(pasta: Path, tabelas: Tabelas, metadados: dict[str, Any], nome_binario: str | None = None) -> Path:
    """Grava o binário e depois o JSON que aponta para ele; devolve o caminho do JSON.

    Sem nome fixo, o binário leva o começo do próprio SHA-256 no nome: o JSON antigo continua apontando
    para o binário antigo até ser trocado, então uma consulta concorrente nunca junta JSON novo e binário
    velho. Binários que nenhum JSON cita mais são apagados no fim.
    """
    comprimido = serializar(tabelas)
    sha = hashlib.sha256(comprimido).hexdigest()
    nome = nome_binario or f"base_ip-{sha[:16]}.xz"
    completos = {**metadados, "arquivo": nome, "sha256": sha, "bytes": len(comprimido)}
    try:
        pasta.mkdir(parents=True, exist_ok=True)
        _gravar_atomico(pasta / nome, comprimido)
        texto = json.dumps(completos, ensure_ascii=False, indent=2) + "\n"
        _gravar_atomico(pasta / NOME_METADADOS, texto.encode("utf-8"))
        for velho in pasta.glob("base_ip*.xz"):
            if velho.name != nome:
                velho.unlink(missing_ok=True)
    except OSError as erro:
        raise ErroPerito(f"Não foi possível gravar a base em {pasta} ({erro.strerror or erro}).\nDica: confira a "
                         "permissão da pasta ou aponte outra com a variável PERITO_DADOS.", Saida.SAIDA_INVALIDA) from None
    return pasta / NOME_METADADOS

