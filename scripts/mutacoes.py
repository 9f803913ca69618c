"""Mede o validador com mutações das conclusões do caso de exemplo (issue 5).

Bases (conclusões corretas que devem sair VERIFICADO):
- as que o pipeline (`perito.analise.analisar`) produz sobre o caso;
- as conclusões corretas de `examples/conclusoes_manuais.json` (1, 2 e 3);
- conclusões montadas aqui, à mão, sobre os quatro documentos originais (CPF,
  telefone, valores, datas) e sobre uma resposta de operadora com IMEI gerada
  aqui (o caso de exemplo não tem IMEI): `resposta_operadora_imei.pdf`, posta só
  na cópia do caso.

Cada mutação muda uma referência (ou a afirmação) de uma cópia de uma base. Tipos:
um dígito de IP, IMEI, CPF ou telefone; valor; data; hora ±1 s; fuso UTC↔BRT;
página errada; linha errada (numa planilha, a célula da mesma coluna em outra
linha); arquivo errado; arquivo alterado depois da análise
(cópia do caso com um byte trocado num arquivo citado, hashes do manifesto
mantidos); dado de outra conclusão (dado_citado trocado entre conclusões); e, na
afirmação, intervalo +1 s e um dígito de IP; e registro vizinho (um valor trocado pelo do mesmo
campo da linha ou célula vizinha e citado lá: cada citação certa sozinha, o evento não); na afirmação,
cada figura refeita pelo validador (porcentagem, pagadores distintos, eventos, indícios, repasses) ±1; e texto
montado (duas palavras seguidas do dado_citado trocadas de ordem: cada palavra está na linha, o texto não).
Uma mutação cuja citação continua
correta (cada pedaço do dado_citado está, literalmente, na linha apontada, ou é
o mesmo número de 8+ dígitos escrito de outro jeito, em dígitos ou E.164) é
pulada e não conta.

Todas as mutações de um caso vão num só arquivo de conclusões, junto das bases
intactas: uma base intacta que não sai VERIFICADO é um alarme falso.

Em outro caso (uma variante, o caso público de avaliação), as bases são só as conclusões que o `analisar`
produziu e verificou nele: nenhuma conclusão à mão, nenhum arquivo acrescentado.

Uso (na raiz do repositório): .venv/bin/python scripts/mutacoes.py [--caso examples/caso_demo]
[--data-analise AAAA-MM-DD] [--minimo N] [--manter]

Sai com 0 só quando nenhuma mutação sai VERIFICADO, nenhuma base intacta é
sinalizada e há ao menos o mínimo de mutações (200 no caso de exemplo, 1 nos demais).
"""

from __future__ import annotations

import argparse
import copy
import datetime as dt
import hashlib
import itertools
import json
import re
import shutil
import sys
import tempfile
import time
from collections import Counter, defaultdict
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import phonenumbers

RAIZ = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(RAIZ / "src"))

from perito.analise import Parametros, analisar  # noqa: E402
from perito.chaves.comparacao import mesmo_fuso  # noqa: E402
from perito.chaves.nome import dobrar  # noqa: E402
from perito.chaves.tempo import duracao  # noqa: E402
from perito.chaves.valores import decompor  # noqa: E402
from perito.leitura import localizacao  # noqa: E402
from perito.leitura.isolamento import Limites  # noqa: E402
from perito.validador.agente import validar  # noqa: E402
from perito.validador.fonte import FonteIndependente  # noqa: E402

DATA = "2025-03-20"
MINIMO_MUTACOES = 200
ORIGINAIS = ("boletim_ocorrencia.txt", "extrato_conta_corrente.pdf", "log_internet_banking.csv", "resposta_meta_whatsapp.pdf")
OPERADORA = "resposta_operadora_imei.pdf"
MANUAIS_CORRETAS = (1, 2, 3)
#: trocas de dado_citado com outras conclusões por referência
POR_REFERENCIA = 3
#: linhas da resposta de operadora gerada (uma por linha do PDF)
LINHAS_OPERADORA = (
    "Operadora Exemplo S.A. - Resposta a Oficio 77/2025",
    "Linha +55 11 98765-4321 Titular MARIA OLIVEIRA LIMA CPF 111.444.777-35",
    "IMEI 356938035643809 Aparelho SM-A546E",
    "Ativacao 10/03/2025 08:15:00 BRT",
    "IMEI anterior 490154203237518",
    "Ultima conexao 15/03/2025 11:30:12 BRT IP 187.34.56.78",
)
TIPOS = (
    "IP (um dígito)", "IMEI (um dígito)", "CPF (um dígito)", "telefone (um dígito)", "valor", "data", "hora ±1 s",
    "fuso UTC↔BRT", "página errada", "linha errada", "arquivo errado", "arquivo alterado", "dado de outra conclusão",
    "afirmação: intervalo", "afirmação: IP", "afirmação: figura ±1", "registro vizinho", "texto montado",
)


def _ref(arquivo: str, pagina: int | None, linha: int, dado: str) -> dict[str, Any]:
    local = f"linha {linha}"
    return {"arquivo": arquivo, "pagina": pagina, "linha_ou_celula": local, "dado_citado": dado, "extrator_id": "mutacoes"}


def _conclusao(tipo: str, afirmacao: str, *referencias: dict[str, Any]) -> dict[str, Any]:
    return {
        "id": 0, "tipo": tipo, "afirmacao": afirmacao, "grau_confianca": "moderado", "referencias": list(referencias),
        "validacao": None,
    }


BO, EXTRATO, LOG, META = ORIGINAIS
#: conclusões montadas à mão sobre os documentos do exemplo e a resposta de operadora
A_MAO = [
    _conclusao(
        "identificacao_titular", "JOSÉ CARLOS DA SILVA, CPF 529.982.247-25, é a vítima do boletim e o titular do extrato.",
        _ref(BO, None, 5, "JOSE CARLOS DA SILVA 529.982.247-25"), _ref(EXTRATO, 1, 2, "JOSÉ CARLOS DA SILVA 529.982.247-25"),
    ),
    _conclusao(
        "vinculo_telefone",
        "A conta WhatsApp +5511987654321 é a linha +55 11 98765-4321 que, segundo a operadora, pertence a "
        "MARIA OLIVEIRA LIMA (CPF 111.444.777-35); a vítima usa o telefone (11) 93456-7890.",
        _ref(META, 1, 4, "+5511987654321"), _ref(BO, None, 10, "+55 11 98765-4321"),
        _ref(OPERADORA, 1, 2, "+55 11 98765-4321 MARIA OLIVEIRA LIMA 111.444.777-35"), _ref(BO, None, 6, "(11) 93456-7890"),
    ),
    _conclusao(
        "vinculo_financeiro",
        "Em 14/03/2025 às 18:02:10 BRT a conta da vítima recebeu R$ 1.200,00 de ANA PAULA SOUZA, "
        "ficando com saldo de R$ 4.750,00.",
        _ref(EXTRATO, 1, 6, "14/03/2025 18:02:10 BRT ANA PAULA SOUZA 1.200,00 4.750,00"),
    ),
    _conclusao(
        "materialidade",
        "O PIX de R$ 3.500,00 de 15/03/2025 às 11:36:40 BRT consta do extrato e do log do banco; "
        "o boletim registra o envio às 11:36.",
        _ref(EXTRATO, 1, 7, "15/03/2025 11:36:40 BRT -3.500,00 1.250,00"),
        _ref(LOG, None, 5, "15/03/2025 11:36:40 BRT R$ 3.500,00"),
        _ref(BO, None, 12, "R$ 3.500,00 11:36 15/03/2025"),
    ),
    _conclusao(
        "convergencia_imei", "O aparelho IMEI 356938035643809 da linha investigada é um SM-A546E, o modelo informado pela Meta.",
        _ref(OPERADORA, 1, 3, "IMEI 356938035643809 SM-A546E"), _ref(META, 2, 2, "Device Model SM-A546E"),
    ),
    _conclusao(
        "convergencia_imei", "O IMEI 490154203237518 foi usado na linha antes da ativação de 10/03/2025 08:15:00 BRT.",
        _ref(OPERADORA, 1, 5, "490154203237518"), _ref(OPERADORA, 1, 4, "10/03/2025 08:15:00 BRT"),
    ),
    _conclusao(
        "padrao_temporal",
        "A última conexão da linha (15/03/2025 11:30:12 BRT) e o login no banco (15/03/2025 11:34:02 BRT) usaram o IP "
        "187.34.56.78; os instantes distam 3min50s.",
        _ref(OPERADORA, 1, 6, "15/03/2025 11:30:12 BRT 187.34.56.78"),
        _ref(LOG, None, 4, "187.34.56.78:51234 15/03/2025 11:34:02 BRT"),
    ),
]


@dataclass
class Mutacao:
    tipo: str
    conclusao: dict[str, Any]
    indice_ref: int | None  # referência mutada (None: a afirmação ou o arquivo inteiro)
    descricao: str


# ---------------------------------------------------------------- preparação


def gerar_operadora(destino: Path) -> None:
    from reportlab.pdfgen import canvas

    tela = canvas.Canvas(str(destino), pagesize=(595, 842), invariant=1)
    tela.setFont("Helvetica", 10)
    for i, linha in enumerate(LINHAS_OPERADORA):
        tela.drawString(50, 800 - 18 * i, linha)
    tela.save()


def sha256(caminho: Path) -> str:
    return hashlib.sha256(caminho.read_bytes()).hexdigest()


def bases(caso: Path, pasta: Path, data: str, exemplo: bool) -> tuple[list[dict[str, Any]], list[str], int]:
    """As conclusões que devem sair VERIFICADO: as do pipeline que o próprio `analisar` verificou e, no caso de
    exemplo, as manuais corretas e as montadas à mão. Devolve também quantas do pipeline ficaram de fora (o
    `analisar` não as verificou: não há o que mutar numa conclusão que já não se sustenta)."""
    resultado = analisar(Parametros(caso, pasta / "analise", data_analise=data))
    veredictos = {v["conclusao_id"]: v["veredicto_geral"] for v in resultado.validacoes["validacoes"]}
    do_pipeline = [copy.deepcopy(c) for c in resultado.conclusoes["conclusoes"] if veredictos.get(c["id"]) == "VERIFICADO"]
    fora = len(resultado.conclusoes["conclusoes"]) - len(do_pipeline)
    todas, origens = do_pipeline, ["pipeline"] * len(do_pipeline)
    if exemplo:
        manuais = json.loads((RAIZ / "examples" / "conclusoes_manuais.json").read_text(encoding="utf-8"))["conclusoes"]
        todas = todas + [c for c in manuais if c["id"] in MANUAIS_CORRETAS] + copy.deepcopy(A_MAO)
        origens = origens + ["manual"] * len(MANUAIS_CORRETAS) + ["à mão"] * len(A_MAO)
    for numero, conclusao in enumerate(todas, start=1):
        conclusao["id"], conclusao["validacao"] = numero, None
    return todas, origens, fora


# ---------------------------------------------------------------- oráculo ingênuo


class Oraculo:
    """Uma citação é correta se cada pedaço do dado_citado está, literalmente (sem acento e caixa), na linha apontada."""

    def __init__(self, caso: Path) -> None:
        self.caso = caso
        self._fonte = FonteIndependente(caso.resolve(), {}, Limites())
        self._docs: dict[str, Any] = {}

    def documento(self, arquivo: str) -> Any:
        """O documento lido pela camada de leitura (a mesma da análise; um membro `pacote.zip!/x` é aberto no
        pacote). Só o texto de cada local é usado: nenhuma regra do validador entra no oráculo."""
        if arquivo not in self._docs:
            self._docs[arquivo] = self._fonte.abrir(arquivo).documento
        return self._docs[arquivo]

    def texto(self, ref: dict[str, Any]) -> str | None:
        doc = self.documento(ref["arquivo"])
        local = localizacao.interpretar(ref["linha_ou_celula"])
        if doc is None or local is None:
            return None
        abas = [ref["aba_planilha"]] if ref.get("aba_planilha") else (doc.abas or [None])
        trechos = [t for aba in abas if (t := doc.trecho(ref["pagina"], local.texto, aba)) is not None]
        return trechos[0].texto if len(trechos) == 1 else None

    def correta(self, ref: dict[str, Any]) -> bool:
        texto = self.texto(ref)
        if texto is None:
            return False
        alvo = dobrar(texto)
        numeros = _numeros(texto)
        pedacos = []
        dado = ref["dado_citado"]
        for corrida in re.findall(r"\+?\(?\d[\d .()\-]*\d", dado):
            if _mesmo_numero(corrida, numeros):  # "(37) 9 8895-0579" inteiro é o mesmo número que 5537988950579
                dado = re.sub(rf"(?<!\S){re.escape(corrida.strip())}(?!\S)", " ", dado, count=1)
        for pedaco in dado.split():
            if pedaco in _NAO_VALOR:
                continue  # o separador entre valores e o símbolo da moeda não são valores
            pedacos += pedaco.rsplit(":", 1) if re.fullmatch(r"[\d.]+:\d+", pedaco) else [pedaco]
        escritos = decompor(texto)
        return all(
            re.search(rf"(?<![0-9a-z]){re.escape(dobrar(p))}(?![0-9a-z])", alvo) or _mesmo_numero(p, numeros)
            or _mesmo_valor(p, escritos) for p in pedacos
        )


_NAO_VALOR = {"|", "R$"}


def _mesmo_valor(pedaco: str, escritos: list[Any]) -> bool:
    """A mesma data, hora, fuso ou quantia escrita de outro jeito ("10/12/2016" e "10/12/16"; "UTC" e o "Z" de
    "2016-11-10T15:56:26Z") continua sendo uma citação correta."""
    valores = decompor(pedaco)
    if len(valores) != 1 or valores[0].tipo not in ("data", "hora", "fuso", "valor"):
        return False
    v = valores[0]
    if v.tipo == "fuso":
        return any(e.tipo == "fuso" and mesmo_fuso(v, e) for e in escritos)
    return any(e.tipo == v.tipo and e.normal == v.normal for e in escritos)


def _numeros(texto: str) -> set[str]:
    """Números da linha em dígitos e em E.164 (cada trecho de dígitos e cada junção de até 5 pedaços vizinhos)."""
    formas: set[str] = set()
    for corrida in re.findall(r"\+?\(?\d[\d .()\-/]*\d", texto):
        pedacos = corrida.split()
        for i in range(len(pedacos)):
            for j in range(i + 1, min(len(pedacos), i + 5) + 1):
                junto = " ".join(pedacos[i:j])
                formas.add(re.sub(r"\D", "", junto))
                formas.add(_e164(junto) or "")
    return formas - {""}


def _mesmo_numero(pedaco: str, numeros: set[str]) -> bool:
    """Um número de 8 dígitos ou mais escrito de outro jeito (11987654321 e +55 11 98765-4321) continua correto."""
    digitos = re.sub(r"\D", "", pedaco)
    return len(digitos) >= 8 and (digitos in numeros or (_e164(pedaco) or "-") in numeros)


def _e164(texto: str) -> str | None:
    try:
        numero = phonenumbers.parse(texto, "BR")
    except phonenumbers.NumberParseException:
        return None
    if not phonenumbers.is_valid_number(numero):
        return None
    return phonenumbers.format_number(numero, phonenumbers.PhoneNumberFormat.E164)


# ---------------------------------------------------------------- mutações


_IPV4 = re.compile(r"(?<![\d.])\d{1,3}(?:\.\d{1,3}){3}(?![\d])")
_IMEI = re.compile(r"(?<!\d)\d{15}(?!\d)")
_CPF = re.compile(r"(?<![\d.])\d{3}\.\d{3}\.\d{3}-\d{2}(?![\d-])")
_TELEFONE = re.compile(r"\+\d{12,13}(?!\d)|\+55 \d{2} \d{4,5}-\d{4}|\(\d{2}\) \d{4,5}-\d{4}")
_VALOR = re.compile(r"-?(?:R\$ )?\d{1,3}(?:\.\d{3})*,\d{2}")
_DATA = re.compile(r"\d{2}/\d{2}/\d{4}|\d{4}-\d{2}-\d{2}")
_HORA = re.compile(r"(?<![\d:])\d{2}:\d{2}:\d{2}(?![\d:])")
_INTERVALO = re.compile(r"(?<![\w])(?:(\d+)h)?(?:(\d+)min)?(\d+)s(?![\w])")


def _ip_valido(texto: str) -> bool:
    return all(o == "0" or (not o.startswith("0") and int(o) <= 255) for o in texto.split("."))


def _trocas_de_digito(texto: str, valido=lambda t: True) -> list[str]:
    """Uma variante por posição de dígito (o dígito seguinte que mantém o formato válido)."""
    variantes = []
    for i, c in enumerate(texto):
        if not c.isdigit():
            continue
        for passo in range(1, 10):
            novo = texto[:i] + str((int(c) + passo) % 10) + texto[i + 1 :]
            if valido(novo):
                variantes.append(novo)
                break
    return variantes


def _mudar_data(texto: str) -> list[str]:
    iso = "-" in texto
    d = dt.datetime.strptime(texto, "%Y-%m-%d" if iso else "%d/%m/%Y").date()
    formato = "%Y-%m-%d" if iso else "%d/%m/%Y"
    return [(d + dt.timedelta(days=n)).strftime(formato) for n in (-1, 1, 31)]


def _mudar_hora(texto: str) -> list[str]:
    h = dt.datetime.strptime(texto, "%H:%M:%S")
    return [(h + dt.timedelta(seconds=n)).strftime("%H:%M:%S") for n in (-1, 1)]


def _no_dado(padrao: re.Pattern, mudar) -> callable:
    def gerar(dado: str) -> list[str]:
        saidas = []
        for m in padrao.finditer(dado):
            saidas += [dado[: m.start()] + novo + dado[m.end() :] for novo in mudar(m.group(0))]
        return saidas

    return gerar


MUTACOES_DO_DADO = {
    "IP (um dígito)": _no_dado(_IPV4, lambda t: _trocas_de_digito(t, _ip_valido)),
    "IMEI (um dígito)": _no_dado(_IMEI, _trocas_de_digito),
    "CPF (um dígito)": _no_dado(_CPF, _trocas_de_digito),
    "telefone (um dígito)": _no_dado(_TELEFONE, _trocas_de_digito),
    "valor": _no_dado(_VALOR, _trocas_de_digito),
    "data": _no_dado(_DATA, _mudar_data),
    "hora ±1 s": _no_dado(_HORA, _mudar_hora),
    "fuso UTC↔BRT": _no_dado(re.compile(r"\b(?:UTC|BRT)\b"), lambda t: ["BRT" if t == "UTC" else "UTC"]),
}


def _localizacoes(ref: dict[str, Any], paginas: dict[str, int | None]) -> list[tuple[str, dict[str, Any]]]:
    local = localizacao.interpretar(ref["linha_ou_celula"])
    saidas: list[tuple[str, dict[str, Any]]] = []
    if local is None:
        return saidas
    if ref["pagina"] is None:
        saidas.append(("página errada", {"pagina": 1}))
    else:
        saidas += [("página errada", {"pagina": p}) for p in (ref["pagina"] - 1, ref["pagina"] + 1) if p >= 1]
    for n in (local.numero - 2, local.numero - 1, local.numero + 1, local.numero + 2):
        if n >= 1:  # numa planilha, a célula da mesma coluna em outra linha
            novo = localizacao.linha(n) if local.tipo == "linha" else localizacao.celula(local.coluna or "A", n)
            saidas.append(("linha errada", {"linha_ou_celula": novo}))
    for outro, total in paginas.items():
        if outro != ref["arquivo"]:
            pagina = None if total is None else min(ref["pagina"] or 1, total)
            saidas.append(("arquivo errado", {"arquivo": outro, "pagina": pagina}))
    return saidas


def mutacoes(bases_: list[dict[str, Any]], oraculo: Oraculo, paginas: dict[str, int | None]) -> tuple[list[Mutacao], Counter]:
    saidas: list[Mutacao] = []
    puladas: Counter = Counter()
    validas = {(r["arquivo"], r["pagina"], r["linha_ou_celula"], r["dado_citado"]) for c in bases_ for r in c["referencias"]}

    def acrescentar(tipo: str, base: dict[str, Any], indice: int, mudancas: dict[str, Any]) -> bool:
        nova = copy.deepcopy(base)
        ref = nova["referencias"][indice]
        ref.update(mudancas)
        chave = (ref["arquivo"], ref["pagina"], ref["linha_ou_celula"], ref["dado_citado"])
        if chave in validas or oraculo.correta(ref):
            puladas[tipo] += 1  # citação idêntica a uma correta: não é mutação
            return False
        saidas.append(Mutacao(tipo, nova, indice, f"conclusão {base['id']}, ref {indice + 1}: {mudancas}"))
        return True

    for base in bases_:
        for indice, ref in enumerate(base["referencias"]):
            for tipo, gerar in MUTACOES_DO_DADO.items():
                for dado in gerar(ref["dado_citado"]):
                    acrescentar(tipo, base, indice, {"dado_citado": dado})
            for tipo, mudancas in _localizacoes(ref, paginas):
                acrescentar(tipo, base, indice, mudancas)
            # primeiro os dados de outras conclusões no mesmo arquivo (o engano mais plausível), depois os demais
            alheias = [r for c in bases_ if c["id"] != base["id"] for r in c["referencias"]]
            outros = sorted({r["dado_citado"] for r in alheias} - {ref["dado_citado"]}, key=lambda d: (
                not any(r["dado_citado"] == d and r["arquivo"] == ref["arquivo"] for r in alheias), d))
            trocas = (acrescentar("dado de outra conclusão", base, indice, {"dado_citado": dado}) for dado in outros)
            for _ in itertools.islice((t for t in trocas if t), POR_REFERENCIA):
                pass  # até POR_REFERENCIA trocas que mudam a citação; as que continuam corretas são puladas
        saidas += _mutacoes_da_afirmacao(base, oraculo, puladas)
        saidas += _mutacoes_do_registro_vizinho(base, oraculo, puladas)
        saidas += _mutacoes_de_figura(base) + _mutacoes_de_texto_montado(base, oraculo, puladas)
    return saidas, puladas


#: figuras que o validador refaz das referências: porcentagem, pagadores distintos, eventos, indícios, repasses
_FIGURA = re.compile(r"(?<![\d,.])(\d+)(?=%|\s+pagadores\s+distintos|\s+eventos?\(s\)\s+entre|\s+indícios\b"
                     r"|\s+de\s+\d+\s+créditos)")


def _mutacoes_de_figura(base: dict[str, Any]) -> list[Mutacao]:
    """Cada figura da afirmação mudada em uma unidade, para cima e para baixo."""
    saidas = []
    texto = base["afirmacao"]
    for m in _FIGURA.finditer(texto):
        for passo in (-1, 1):
            novo = int(m.group(1)) + passo
            if novo < 0:
                continue
            nova = copy.deepcopy(base)
            nova["afirmacao"] = texto[: m.start()] + str(novo) + texto[m.end() :]
            saidas.append(Mutacao("afirmação: figura ±1", nova, None, f"conclusão {base['id']}: {m.group(0)} → {novo}"))
    return saidas


def _mutacoes_de_texto_montado(base: dict[str, Any], oraculo: Oraculo, puladas: Counter) -> list[Mutacao]:
    """Um dado_citado com as palavras da própria linha fora da ordem em que estão lá (duas vizinhas trocadas):
    cada palavra está no local, o texto citado não."""
    saidas = []
    for indice, ref in enumerate(base["referencias"]):
        texto = oraculo.texto(ref)
        # duas palavras seguidas do dado (um fuso como BRT é valor, não palavra: a ordem dos valores é livre)
        valores = decompor(ref["dado_citado"])
        pares = [(a.texto, b.texto) for a, b in zip(valores, valores[1:], strict=False) if a.tipo == b.tipo == "palavra"]
        palavras = list(pares[0]) if pares else []
        if texto is None or len(palavras) < 2:
            continue
        linha = " ".join(re.findall(r"[^\W_]+", dobrar(texto)))
        trocado = palavras[1] + " " + palavras[0]
        if " ".join(re.findall(r"[^\W_]+", dobrar(trocado))) in linha:
            puladas["texto montado"] += 1  # a ordem trocada também está escrita no local
            continue
        nova = copy.deepcopy(base)
        dado = ref["dado_citado"]
        inicio = dado.index(palavras[0])
        fim = dado.index(palavras[1], inicio + len(palavras[0])) + len(palavras[1])
        nova["referencias"][indice]["dado_citado"] = dado[:inicio] + trocado + dado[fim:]
        saidas.append(Mutacao("texto montado", nova, indice, f"conclusão {base['id']}, ref {indice + 1}: '{trocado}'"))
    return saidas


#: campos que se movem para o registro vizinho (o mesmo campo na linha de cima ou de baixo)
_CAMPOS = (_HORA, _DATA, _VALOR, _CPF, _TELEFONE, _IMEI, _IPV4)
_SEPARADOR = re.compile(r"^[\s|]+|[\s|]+$")


def _mutacoes_do_registro_vizinho(base: dict[str, Any], oraculo: Oraculo, puladas: Counter) -> list[Mutacao]:
    """Um valor trocado pelo do mesmo campo do registro vizinho, citado lá: cada citação continua certa sozinha,
    o evento não (o IP de uma linha com a hora da outra; o telefone da linha 7 com o CPF da linha 6).

    Se a referência cita outros valores, ela fica com eles e uma referência nova cita o valor do vizinho; se cita
    só esse valor, ela vai para o vizinho, desde que outra referência da conclusão fique no registro original."""
    saidas = []
    for indice, ref in enumerate(base["referencias"]):
        local = localizacao.interpretar(ref["linha_ou_celula"])
        if local is None or local.tipo not in ("linha", "celula"):
            continue
        for padrao in _CAMPOS:
            m = padrao.search(ref["dado_citado"])
            if m is None:
                continue
            for n in (local.numero - 1, local.numero + 1):
                novo_local = localizacao.linha(n) if local.tipo == "linha" else localizacao.celula(local.coluna or "A", n)
                vizinha = {**ref, "linha_ou_celula": novo_local}
                if any(r["arquivo"] == ref["arquivo"] and r["pagina"] == ref["pagina"] and r["linha_ou_celula"] == novo_local
                       for r in base["referencias"]):
                    continue  # o vizinho já é citado: o valor dele está no seu registro
                texto = oraculo.texto(vizinha) if n >= 1 else None
                outro = padrao.search(texto or "")
                if outro is None or outro.group(0) == m.group(0):
                    continue
                vizinha["dado_citado"] = outro.group(0)
                resto = _SEPARADOR.sub("", ref["dado_citado"][: m.start()] + " " + ref["dado_citado"][m.end() :])
                resto = re.sub(r"\s*\|\s*\|\s*", " | ", resto)
                nova = copy.deepcopy(base)
                if resto.strip(" |") and padrao.search(resto):
                    continue  # a referência continua citando um valor desse campo (o saldo ao lado do valor)
                if resto.strip(" |"):
                    nova["referencias"][indice]["dado_citado"] = resto
                    nova["referencias"].append(vizinha)
                    movida = len(nova["referencias"]) - 1
                elif any(r is not ref and r["arquivo"] == ref["arquivo"] and r["pagina"] == ref["pagina"]
                         and r.get("aba_planilha") == ref.get("aba_planilha") and _mesmo_registro(r, local)
                         for r in base["referencias"]):
                    nova["referencias"][indice] = vizinha
                    movida = indice
                else:
                    continue
                if not all(oraculo.correta(r) for r in (nova["referencias"][indice], vizinha)):
                    puladas["registro vizinho"] += 1
                    continue
                descricao = f"conclusão {base['id']}, ref {indice + 1}: {m.group(0)} → {outro.group(0)} ({novo_local})"
                saidas.append(Mutacao("registro vizinho", nova, movida, descricao))
                break  # um vizinho por campo
    return saidas


def _mesmo_registro(ref: dict[str, Any], local: localizacao.Local) -> bool:
    outro = localizacao.interpretar(ref["linha_ou_celula"])
    return outro is not None and outro.tipo == local.tipo and outro.numero == local.numero


def _mutacoes_da_afirmacao(base: dict[str, Any], oraculo: Oraculo, puladas: Counter) -> list[Mutacao]:
    saidas = []
    texto = base["afirmacao"]
    apoio = " ".join(r["dado_citado"] + " " + (oraculo.texto(r) or "") for r in base["referencias"])
    for m in _INTERVALO.finditer(texto):
        if texto[max(0, m.start() - 12) : m.start()].rstrip().endswith("janela de"):
            continue
        segundos = int(m.group(1) or 0) * 3600 + int(m.group(2) or 0) * 60 + int(m.group(3)) + 1
        nova = copy.deepcopy(base)
        nova["afirmacao"] = texto[: m.start()] + duracao(dt.timedelta(seconds=segundos)) + texto[m.end() :]
        saidas.append(Mutacao("afirmação: intervalo", nova, None, f"conclusão {base['id']}: intervalo {m.group(0)} + 1 s"))
    for m in itertools.islice(_IPV4.finditer(texto), 1):
        for novo in _trocas_de_digito(m.group(0), _ip_valido)[-2:]:
            if novo in apoio:
                puladas["afirmação: IP"] += 1
                continue
            nova = copy.deepcopy(base)
            nova["afirmacao"] = texto.replace(m.group(0), novo)
            saidas.append(Mutacao("afirmação: IP", nova, None, f"conclusão {base['id']}: IP {m.group(0)} → {novo}"))
    return saidas


# ---------------------------------------------------------------- execução e contagem


def _categoria(validacao: dict[str, Any], indice: int | None, arquivo: str | None = None) -> str:
    if validacao["veredicto_geral"] == "VERIFICADO":
        return "VERIFICADO"
    detalhes = validacao["detalhes"]
    if indice is not None and detalhes[indice]["status"] != "VERIFICADO":
        return detalhes[indice]["status"]
    if arquivo is not None:
        for d in detalhes:
            if d["arquivo"] == arquivo and d["status"] != "VERIFICADO":
                return d["status"]
    return next(d["status"] for d in detalhes if d["status"] != "VERIFICADO")


def rodar(caso: Path, conclusoes: list[dict[str, Any]], hashes: dict[str, str], data: str) -> dict[int, dict[str, Any]]:
    envelope = {"conclusoes": conclusoes, "caso_id": "mutacoes", "data_analise": data}
    return {v["conclusao_id"]: v for v in validar(envelope, caso, data, hashes)["validacoes"]}


def main(argv: list[str] | None = None) -> int:
    argumentos = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    argumentos.add_argument("--caso", type=Path, default=RAIZ / "examples" / "caso_demo")
    argumentos.add_argument("--data-analise", default=DATA, help=f"data da análise e da validação (padrão {DATA})")
    argumentos.add_argument("--minimo", type=int, default=None,
                            help=f"mutações exigidas (padrão: {MINIMO_MUTACOES} no caso de exemplo, 1 nos demais)")
    argumentos.add_argument("--manter", action="store_true", help="não apaga a pasta temporária")
    args = argumentos.parse_args(argv)
    caso = args.caso.resolve()
    if not caso.is_dir():
        print(f"erro: a pasta do caso não existe: {caso}", file=sys.stderr)
        return 2
    exemplo = all((caso / nome).is_file() for nome in ORIGINAIS)
    minimo = args.minimo if args.minimo is not None else (MINIMO_MUTACOES if exemplo else 1)
    pasta = Path(tempfile.mkdtemp(prefix="perito-mutacoes-"))
    inicio = time.monotonic()
    try:
        return _medir(caso, pasta, args.data_analise, exemplo, minimo)
    finally:
        print(f"tempo total: {time.monotonic() - inicio:.1f} s")
        if args.manter:
            print(f"pasta mantida: {pasta}")
        else:
            shutil.rmtree(pasta, ignore_errors=True)


def _paginas(oraculo: Oraculo, arquivos: list[str]) -> dict[str, int | None]:
    """Total de páginas de cada arquivo citado (None fora de PDF): o destino de "arquivo errado"."""
    saidas: dict[str, int | None] = {}
    for arquivo in arquivos:
        doc = oraculo.documento(arquivo)
        saidas[arquivo] = doc.total_paginas if doc is not None and doc.tipo == "pdf" else None
    return saidas


def _medir(caso_original: Path, pasta: Path, data: str, exemplo: bool, minimo: int) -> int:
    caso = pasta / "caso"
    shutil.copytree(caso_original, caso)
    if exemplo:
        gerar_operadora(caso / OPERADORA)
    hashes = {p.relative_to(caso).as_posix(): sha256(p) for p in caso.rglob("*") if p.is_file()}  # o "manifesto"
    bases_, origens, fora = bases(caso_original, pasta, data, exemplo)
    print(f"caso {caso_original.name}: {len(bases_)} conclusões-base"
          + (f" ({fora} do pipeline fora: o analisar não as verificou)" if fora else ""))
    oraculo = Oraculo(caso)
    citados = sorted({r["arquivo"] for c in bases_ for r in c["referencias"]})
    paginas = _paginas(oraculo, citados)
    lista, puladas = mutacoes(bases_, oraculo, paginas)
    for numero, mutacao in enumerate(lista, start=10_000):
        mutacao.conclusao["id"] = numero

    contagem: dict[str, Counter] = defaultdict(Counter)
    erros: list[str] = []
    sinalizadas: list[str] = []
    intactas_conferidas = 0

    validacoes = rodar(caso, bases_ + [m.conclusao for m in lista], hashes, data)
    for base, origem in zip(bases_, origens, strict=True):
        intactas_conferidas += 1
        if validacoes[base["id"]]["veredicto_geral"] != "VERIFICADO":
            sinalizadas.append(f"base {base['id']} ({origem}): {validacoes[base['id']]['detalhes']}")
    for mutacao in lista:
        categoria = _categoria(validacoes[mutacao.conclusao["id"]], mutacao.indice_ref)
        contagem[mutacao.tipo][categoria] += 1
        if categoria == "VERIFICADO":
            erros.append(f"{mutacao.tipo}: {mutacao.descricao}" + _diagnostico(mutacao, oraculo))

    # arquivo alterado depois da análise: uma cópia do caso por arquivo citado, um byte trocado, hashes antigos
    for arquivo in sorted({c.split("!/", 1)[0] for c in citados}):  # de um membro, muda o pacote
        alterado = pasta / "alterado"
        shutil.copytree(caso, alterado)
        dados = bytearray((alterado / arquivo).read_bytes())
        dados[len(dados) // 2] ^= 0x01
        (alterado / arquivo).write_bytes(bytes(dados))
        resultado = rodar(alterado, bases_, hashes, data)
        for base, origem in zip(bases_, origens, strict=True):
            validacao = resultado[base["id"]]
            de_arquivo = [r["arquivo"] for r in base["referencias"] if r["arquivo"].split("!/", 1)[0] == arquivo]
            if de_arquivo:
                categoria = _categoria(validacao, None, de_arquivo[0])
                contagem["arquivo alterado"][categoria] += 1
                if categoria == "VERIFICADO":
                    erros.append(f"arquivo alterado: {arquivo} na conclusão {base['id']}")
            else:
                intactas_conferidas += 1
                if validacao["veredicto_geral"] != "VERIFICADO":
                    sinalizadas.append(f"base {base['id']} ({origem}) com {arquivo} alterado")
        shutil.rmtree(alterado)

    total = _imprimir(contagem, puladas, len(bases_))
    print(f"conclusões intactas sinalizadas: {len(sinalizadas)} (de {intactas_conferidas} conferências de bases intactas)")
    for linha in erros[:20] + sinalizadas[:20]:
        print(f"  ! {linha}")
    ok = not erros and not sinalizadas and total >= minimo
    print("meta atingida" if ok else f"meta NÃO atingida (mínimo {minimo} mutações, 0 erros, 0 alarmes)")
    return 0 if ok else 1


def _diagnostico(mutacao: Mutacao, oraculo: Oraculo) -> str:
    """O texto do local citado pela referência mutada: para ver se a mutação ainda é uma citação correta."""
    if mutacao.indice_ref is None:
        return ""
    ref = mutacao.conclusao["referencias"][mutacao.indice_ref]
    local = f"{ref['arquivo']} p{ref['pagina']} {ref['linha_ou_celula']}"
    return f"\n      cita {ref['dado_citado']!r} em {local}: {oraculo.texto(ref)!r}"


def _imprimir(contagem: dict[str, Counter], puladas: Counter, bases_: int) -> int:
    colunas = (("CONTRADITO", 12), ("AMBIGUO", 9), ("EXTRACAO_FALHOU", 17), ("VERIFICADO", 12))

    def linha(nome: str, n: int, valores: Counter, pulados: int) -> str:
        return f"{nome:<26}{n:>9}" + "".join(f"{valores.get(c, 0):>{w}}" for c, w in colunas) + f"{pulados:>9}"

    print(f"{bases_} conclusões-base; mutações por tipo (VERIFICADO = mutação não detectada):")
    cabecalho = f"{'tipo de mutação':<26}{'mutações':>9}" + "".join(f"{c:>{w}}" for c, w in colunas) + f"{'puladas':>9}"
    print(cabecalho)
    print("-" * len(cabecalho))
    totais: Counter = Counter()
    for tipo in TIPOS:
        valores = contagem.get(tipo, Counter())
        totais.update(valores)
        print(linha(tipo, sum(valores.values()), valores, puladas.get(tipo, 0)))
    print("-" * len(cabecalho))
    total = sum(totais.values())
    print(linha("total", total, totais, sum(puladas.values())))
    return total


if __name__ == "__main__":
    sys.exit(main())
