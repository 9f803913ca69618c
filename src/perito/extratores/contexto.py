"""Contexto declarado uma vez no documento e que vale para o que vem abaixo (FORMATOS.md §1).

Uma `Declaracao` é o que o documento diz uma vez — o fuso dos horários, o titular de um
extrato — com o escopo em que vale e o local exato onde foi dita. Cada dado recebe o
contexto em vigor (o escopo mais próximo vence: linha → coluna → tabela → página → documento)
e leva nos metadados o valor e o local da declaração, para o principal citá-la e o validador
relê-la. Duas declarações diferentes no mesmo escopo não dão contexto: dão um alerta que
nomeia os dois lugares.

Também aqui: colunas de porta e a porta logo depois de um IP numa linha de tabela.
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass, field, replace
from typing import Any, Iterable

from perito.chaves import ip, tempo
from perito.extratores import colunas, rotulos
from perito.leitura.documento import PLANILHAS, Documento, Trecho

# "Port", "Porta", "Puerto", também colados a um prefixo por "_" ("src_port", "porta_origem")
_PALAVRA_PORTA = re.compile(r"(?<![^\W_])(port|porta|puerto)(?![^\W_])", re.IGNORECASE)
_PALAVRA_IP = re.compile(r"(?<![^\W_])IP(?:v[46])?(?![^\W_])", re.IGNORECASE)  # "IP", "src_ip", "IPv6", "client_ip"
_PORTA_APOS_IP = re.compile(r"^[ \t|;,]+(\d{1,5})(?!\S)")

#: escopos, do mais próximo ao mais amplo
#: "pasta": a planilha inteira (todas as abas), quando o fuso dito numa aba é o único da pasta de trabalho
ESCOPOS = ("linha", "coluna", "tabela", "pagina", "documento", "pasta")

# frase que fala de horários: "Times are shown in UTC", "os horários seguem o horário oficial de Brasília",
# "Fuso horário: GMT-03:00", "All timestamps are UTC", "Horários em UTC-3"; a chave de um JSON ou o elemento de um XML
# também em camelCase ou com sublinhado ("fusoHorario", "fuso_horario", "time_zone")
_FALA_DE_HORARIO = re.compile(
    r"\b(times?|timestamps?|dates?|datas?|hours?|hor[áa]rios?|horas?|fuso(?:[_-]?hor[áa]rio)?|time[\s_-]*zone|zone"
    r"|zona[\s_-]+hor[áa]ria|huso(?:[_-]?horario)?|expressed|"
    r"shown|displayed|"
    r"date\s+range|per[íi]odo|period|intervalo)\b",
    re.IGNORECASE,
)
_BRASILIA_SOLTA = re.compile(
    r"(?i:(?:hor[áa]rios?|hora|fuso(?:\s+hor[áa]rio)?)\s+(?:oficial\s+)?(?:de\s+)?bras[íi]lia|bras[íi]lia\s+time)")
_SIGLA_SOLTA = re.compile(r"(?<![A-Za-z])(BRT|BRST|AMT|ACT|FNT|PST|PDT|MST|MDT|CDT|EST|EDT)(?![A-Za-z])")
_UTC_SOLTO = re.compile(r"(?<![A-Za-z])(UTC|GMT)(?:\s?[+-]\s?\d{1,2}(?::?\d{2})?)?(?![A-Za-z\d])")
_ROTULO_E_VALOR = re.compile(r":\s*\S")
_FUSO_ROTULADO = re.compile(
    r"(?i:\b(?:fuso(?:[_-]?hor[áa]rio)?|zona(?:[_-]?hor[áa]ria)?|huso(?:[_-]?horario)?|time[\s_-]*zone)\b[^:()]{0,20}:\s*\S)")
_DESLOCAMENTO_SOLTO = re.compile(r"(?<![\w:+-])[+-](?:0\d|1[0-4]):[0-5]\d(?![\d:]|[.,]\d)")
# datas de emissão do próprio documento não declaram o fuso dos registros (mas dizem o fuso delas)
_METADADO_DO_DOCUMENTO = re.compile(r"\b(generated|gerad[oa]|emitid[oa]|emiss[ãa]o|consulta realizada)\b", re.IGNORECASE)
#: as palavras que algum casamento de `_FALA_DE_HORARIO` exige, em minúsculas ("dat" de "date", "datas" e "date range",
#: "hor" de "horário" e "horas", "per" de "período"): sem nenhuma, a linha não fala de horário (o padrão, ~3 µs, nem roda)
_PALAVRAS_DE_HORARIO = ("time", "dat", "hour", "hor", "fuso", "zone", "zona", "huso", "expressed", "shown", "displayed",
                        "per", "intervalo")
_TEM_PALAVRA_DE_HORARIO = rotulos.gatilho(*_PALAVRAS_DE_HORARIO)


def _preenchidas(celulas: tuple[str, ...]) -> int:
    return sum(1 for celula in celulas if celula.strip())


def primeiro_e_ultimo_horario(trechos: list[Trecho], lidos: list[int]) -> tuple[int | None, int]:
    """(a posição do primeiro trecho de `lidos` com data-hora, ou None; a do último, ou -1). Do começo e do fim: num
    extrato de 20 mil linhas, cada uma com a sua data-hora, a procura para na primeira de cada lado."""
    primeiro = next((i for i in lidos if tempo.PADRAO_DATA_HORA.search(trechos[i].texto)), None)
    if primeiro is None:
        return None, -1
    return primeiro, next(i for i in reversed(lidos) if tempo.PADRAO_DATA_HORA.search(trechos[i].texto))


@dataclass(frozen=True)
class Declaracao:
    tipo: str  # "fuso"
    valor: str  # como escrito: "UTC", "UTC-03:00", "horário oficial de Brasília"
    escopo: str  # um de ESCOPOS
    trecho: Trecho
    ordem: int  # posição do trecho no documento
    coluna: str | None = None  # escopo "coluna": a letra (XLSX) ou o índice (CSV/tabela) da coluna
    #: `local` já montado, por arquivo: guardado na própria declaração, sem calcular o hash dela (que percorre
    #: o trecho inteiro) a cada linha de um log
    _locais: dict[str, dict[str, Any]] = field(default_factory=dict, init=False, compare=False, hash=False, repr=False)

    def local(self, arquivo: str) -> dict[str, Any]:
        """Onde a declaração está. O mesmo dicionário para todos os dados que a usam (só lido depois):
        num log de 200 mil linhas sob um cabeçalho, uma cópia por dado pesaria centenas de MB."""
        local = self._locais.get(arquivo)
        if local is None:
            local = self._locais[arquivo] = _local(self, arquivo)
        return local

    def onde(self) -> str:
        return self.trecho.onde()


def _local(declaracao: Declaracao, arquivo: str) -> dict[str, Any]:
    trecho = declaracao.trecho
    local: dict[str, Any] = {
        "valor": declaracao.valor, "escopo": declaracao.escopo, "arquivo": arquivo, "pagina": trecho.pagina,
        "linha_ou_celula": trecho.localizacao, "texto": trecho.texto,
    }
    if trecho.aba:
        local["aba_planilha"] = trecho.aba
    return local


def linha_anuncia_porta(texto: str) -> bool:
    """Cabeçalho de tabela de IPs com coluna de porta ("Time IP Address Port")."""
    return bool(_PALAVRA_PORTA.search(texto)) and bool(_PALAVRA_IP.search(texto))


def porta_apos(texto: str, fim_ip: int, ocupados: Iterable[tuple[int, int]] = ()) -> str | None:
    """Número que vem logo depois do IP na mesma linha, quando a tabela tem coluna de porta. Nunca o começo de
    outro dado (`ocupados`: o dia de "16 de maio de 2024" logo depois do IP não é porta)."""
    m = _PORTA_APOS_IP.match(texto[fim_ip:])
    if m is None or not ip.porta_valida(m.group(1)):
        return None
    inicio, fim = fim_ip + m.start(1), fim_ip + m.end(1)
    if any(a < fim and inicio < b for a, b in ocupados):
        return None
    return m.group(1)


#: número solto na linha: nem colado a outro valor (data, versão 8.33.57, IP) nem a letras
_NUMERO_SOLTO = re.compile(r"(?<![\w.:/,-])\d{4,5}(?![\w.:/,-])")
#: portas de origem de cliente são efêmeras (1024-65535 em todo sistema): um 200 de status ou uma duração não são porta
_PORTA_EFEMERA = 1024


def porta_solta(texto: str, ocupados: list[tuple[int, int]]) -> tuple[str, int] | None:
    """Numa linha de tabela cujo cabeçalho anuncia a porta, mas cuja coluna de porta não vem logo depois do IP
    ("43115 March 15, 2025 10:01:46 AM 8.33.57 ::ffff:152.125.30.179"): o único número solto da linha fora dos
    outros valores, se for uma porta efêmera. Dois candidatos, ou nenhum, não dão porta. Devolve (porta, início)."""
    candidatos = [m for m in _NUMERO_SOLTO.finditer(texto)
                  if not any(a < m.end() and m.start() < b for a, b in ocupados)
                  and ip.porta_valida(m.group(0)) and int(m.group(0)) >= _PORTA_EFEMERA]
    if len(candidatos) != 1:
        return None
    return candidatos[0].group(0), candidatos[0].start()


def fuso_declarado_na_linha(texto: str) -> str | None:
    """O fuso que uma linha de preâmbulo ou de título declara para os horários, como escrito.

    Só frases que falam de horários ("Times are shown in UTC", "Fuso horário: GMT-03:00",
    "horários em horário de Brasília"), nunca um fuso colado a uma data-hora da própria linha
    (esse é do dado) nem a data de emissão do documento.
    """
    if texto.isascii() and texto.upper() == texto.lower():
        return None  # sem letra nenhuma (a data, o IP, a porta de cada célula de uma planilha): nenhuma palavra de horário
    if not (_TEM_PALAVRA_DE_HORARIO(texto, texto.lower()) and _FALA_DE_HORARIO.search(texto)) or (
            _METADADO_DO_DOCUMENTO.search(texto)):
        return None
    proprios = [m for m in tempo.PADRAO_DATA_HORA.finditer(texto)]
    livre = texto
    for m in proprios:
        if "range" not in texto.lower() and "per" not in texto.lower():
            livre = livre[: m.start()] + " " * (m.end() - m.start()) + livre[m.end():]
    achados = [m.group(0) for m in _BRASILIA_SOLTA.finditer(livre)]
    achados += [m.group(0) for m in re.finditer(tempo.OUTRO_ESTADO, livre)]  # "horário de Manaus"
    achados += [m.group(0) for m in _UTC_SOLTO.finditer(livre)]
    achados += [m.group(0) for m in _SIGLA_SOLTA.finditer(livre)]
    achados += [m.group(0) for m in re.finditer(rf"{tempo.ZONA_IANA}|{tempo.NOME_DOS_EUA}", livre)]
    # deslocamento solto só com dois-pontos ("Horários em -03:00", "+00:00"): "-1200,00" é um valor, nunca fuso
    achados += [m.group(0) for m in _DESLOCAMENTO_SOLTO.finditer(livre)]
    validos = list(dict.fromkeys(a.strip() for a in achados if tempo.zona(a) is not None))
    if len(validos) == 1:
        return validos[0]
    if len(validos) > 1 and _equivalentes(validos):
        return validos[0]  # "UTC (GMT+0)": o mesmo fuso escrito duas vezes
    if len(validos) == 2:
        return _brasilia_com_deslocamento(livre, validos)
    return None


#: o que separa o título do fuso escrito depois dele: "Acessos - UTC", "Logins em UTC", "Access log in GMT-3"
_ANTES_DO_FUSO_NO_TITULO = re.compile(r"\s+[-–—]\s+|\s+(?:em|in)\s+", re.IGNORECASE)
#: o que um título não tem: algarismos (protocolo, data), rótulo com valor, célula, outro parêntese
_FORA_DO_TITULO = re.compile(r"[\d:;|=()\[\]]")
#: o que separa os segmentos de uma linha de título ("Empresa - Ofício 118/2025 - Registros de acesso")
_SEGMENTOS_DO_TITULO = re.compile(r"\s+[-–—]\s+")
#: siglas de três letras que são também palavras e abreviações de outra coisa ("MARIA (EST)", "Recurso (ACT)"):
#: num título só valem as que não se confundem
_SIGLAS_DE_TITULO = frozenset({"UTC", "GMT", "BRT", "BRST", "Z"})


def fuso_do_titulo(texto: str) -> str | None:
    """O fuso dito no fim do título de uma seção ou tabela, sem palavra de horário: "Registros de acesso (UTC)",
    "IP Activity [GMT-3]", "Conexões de dados - horário de Brasília", "Logins em UTC". O título é só palavras
    (sem algarismos nem rótulo com valor: "Cidade: São Paulo (BRT)" é um campo); o fuso, escrito sem dúvida
    (as siglas de outros países, que também são abreviações, ficam de fora)."""
    linha = texto.strip().rstrip(".:").rstrip()
    if not linha or _METADADO_DO_DOCUMENTO.search(linha):
        return None
    if linha[-1] in ")]" and (abre := linha.rfind("(" if linha[-1] == ")" else "[")) > 0:
        titulo, fuso = linha[:abre], linha[abre + 1:-1]
    elif partes := list(_ANTES_DO_FUSO_NO_TITULO.finditer(linha)):
        titulo, fuso = linha[:partes[-1].start()], linha[partes[-1].end():]
    else:
        return None
    titulo, fuso = titulo.strip().rstrip("-–—").strip(), fuso.strip()
    if _FORA_DO_TITULO.search(titulo) and linha[-1] in ")]" and (segmentos := _SEGMENTOS_DO_TITULO.split(titulo)):
        # o timbre e o ofício antes do título ("MERCADO DIGITAL LTDA. - Resposta ao Ofício 118/2025 - Registros de
        # acesso a aplicação (UTC)"): o título é o último segmento, o que o fuso fecha
        titulo = segmentos[-1].strip() if len(segmentos) > 1 and len(segmentos[-1].split()) >= 2 else titulo
    palavras = titulo.split()
    if (not 1 <= len(palavras) <= 10 or _FORA_DO_TITULO.search(titulo) or not titulo[0].isalpha()
            or not any(len(p) >= 3 and p.isalpha() for p in palavras)):
        return None
    if tempo.zona(fuso) is None or (fuso.isalpha() and len(fuso) <= 4 and fuso.upper() not in _SIGLAS_DE_TITULO):
        return None
    return fuso


def _brasilia_com_deslocamento(texto: str, validos: list[str]) -> str | None:
    """"horário de Brasília (UTC-3)": o nome e o deslocamento ditos juntos, como escritos (o trecho que vai de um ao
    outro). `chaves.tempo` lê o par: o instante só existe nas datas em que os dois concordam (fora do horário de
    verão); numa data de verão de antes de 2019, o documento se contradiz e o instante fica sem leitura."""
    if not tempo.composto(" ".join(validos)):
        return None
    posicoes = sorted((texto.find(v), texto.find(v) + len(v)) for v in validos)
    inicio, fim = posicoes[0][0], posicoes[-1][1]
    if min(p[0] for p in posicoes) < 0 or fim - inicio > 40:
        return None
    if texto[fim:fim + 1] == ")" and "(" in texto[inicio:fim]:
        fim += 1
    return texto[inicio:fim]


class Contexto:
    """Declarações de um documento e a consulta do fuso em vigor para um trecho."""

    def __init__(self, documento: Documento) -> None:
        self.documento = documento
        self.ordem = {id(t): i for i, t in enumerate(documento.trechos)}
        self.declaracoes: list[Declaracao] = []
        self._indice: dict[tuple, list[Declaracao]] | None = None
        self._indexadas = 0
        self._ordens: dict[tuple, list[int]] = {}
        self.alertas: list[str] = []
        self._alertados: set[tuple] = set()
        self._ler_declaracoes()

    def _ler_declaracoes(self) -> None:
        trechos = self.documento.trechos
        # registros e células de tabela: o cabeçalho declara por coluna (declarar_coluna); a linha de um CSV com uma
        # célula só preenchida ("CONEXÕES DE DADOS (HORÁRIO DE BRASÍLIA);;;;") é o título de uma seção, lido como texto
        lidos = [i for i, trecho in enumerate(trechos)
                 if not ((trecho.celulas is not None and _preenchidas(trecho.celulas) > 1) or trecho.coluna is not None)]
        # o primeiro e o último trecho com data-hora (não a procura em toda linha: as do meio não mudam nada)
        primeiro_horario, ultimo_horario = primeiro_e_ultimo_horario(trechos, lidos)
        for i in lidos:
            trecho = trechos[i]
            fuso = self._fuso_de_cabecalho_textual(trecho.texto)
            escopo = "tabela"
            if fuso is None:
                fuso = fuso_declarado_na_linha(trecho.texto)
                # antes de qualquer data-hora do documento: preâmbulo; depois, vale para a página (cabeçalho repetido)
                escopo = "pagina" if primeiro_horario is not None and primeiro_horario < i else "documento"
            if fuso is None and (fuso := fuso_do_titulo(trecho.texto)) is not None:
                escopo = "tabela"  # o título de uma seção vale para o que vem embaixo dele, até o próximo
            if fuso is not None:
                self.declaracoes.append(Declaracao("fuso", fuso, escopo, trecho, i))
        self._promover_rodape(ultimo_horario)
        self._secoes_de_fusos_diferentes()
        self._promover_unica()
        primeira_celula = len(self.declaracoes)
        self._nomes_das_abas()
        por_linha: dict[tuple, int] = {}
        for trecho in self.documento.trechos:
            if trecho.coluna is not None:
                por_linha[(trecho.aba, trecho.linha_tabela)] = por_linha.get((trecho.aba, trecho.linha_tabela), 0) + 1
        for i, trecho in enumerate(self.documento.trechos):
            if trecho.coluna is None:
                continue  # só células de planilha (uma linha de CSV com milhares de registros não paga o teste)
            # a frase sobre horários primeiro: é rara e barata, e o papel de coluna (caro) só se pergunta a ela; a
            # célula sozinha na sua linha ("Horário de Brasília" no preâmbulo) é título, nunca nome de coluna
            sozinha = por_linha.get((trecho.aba, trecho.linha_tabela), 0) == 1
            if (fuso := fuso_declarado_na_linha(trecho.texto)) and (sozinha or not (
                colunas.papel(trecho.texto) is not None and len(trecho.texto.split()) <= 4  # nome de coluna
                and not _ROTULO_E_VALOR.search(trecho.texto)  # "Zona horaria: BRT" é declaração, não nome de coluna
            )):
                # célula de título de planilha ("Horários em UTC-03:00") vale para a aba
                self.declaracoes.append(Declaracao("fuso", fuso, "pagina", trecho, i))
            elif sozinha and (fuso := fuso_do_titulo(trecho.texto)):
                # "Conexões (UTC)" sozinha na linha: o título da seção de baixo
                self.declaracoes.append(Declaracao("fuso", fuso, "tabela", trecho, i))
        self._promover_na_pasta(self.declaracoes[primeira_celula:])

    def _nomes_das_abas(self) -> None:
        """A aba cujo nome diz o fuso ("Acessos (UTC)", "Logins - horário de Brasília"): o nome vale para as células
        dela como uma célula de título (escopo da aba), citado no `nome da aba`. Só o título com o fuso no fim
        (`fuso_do_titulo`) ou a frase sobre horários; uma aba "BRT" sozinha é uma sigla, não um título."""
        for aba in self.documento.abas if self.documento.tipo in PLANILHAS else ():
            if (fuso := fuso_do_titulo(aba) or fuso_declarado_na_linha(aba)) is None:
                continue
            if (trecho := self.documento.trecho_do_nome_da_aba(aba)) is not None:
                self.declaracoes.append(Declaracao("fuso", fuso, "pagina", trecho, -1))

    def _promover_na_pasta(self, das_celulas: list[Declaracao]) -> None:
        """O título de uma aba ("(horarios en -03:00)" na aba de cadastro) vale também nas abas que não dizem fuso
        nenhum (a aba dos registros de IP) quando é a única forma de fuso da pasta inteira: o contexto é dito uma
        vez por resposta, não por aba. Duas abas que dizem fusos diferentes: nenhuma vale para as outras."""
        if not das_celulas or len(das_celulas) != len([d for d in self.declaracoes if d.tipo == "fuso"]):
            return
        if len({tempo.zona(d.valor) or d.valor.upper() for d in das_celulas}) == 1:
            self.declaracoes.append(replace(das_celulas[0], escopo="pasta"))

    def _secoes_de_fusos_diferentes(self) -> None:
        """"Os horários abaixo estão em UTC" antes de uma tabela e "Os horários a seguir estão no horário de Brasília"
        antes da outra: quando as frases do documento dizem fusos diferentes, a que está entre registros da mesma
        página (com data-hora antes e depois dela) abre uma seção e vale do seu ponto para baixo, até a próxima. Antes
        a segunda valia para a página inteira, e os horários da primeira seção ganhavam o fuso da segunda; ou, com as
        duas no escopo do documento, nenhuma valia. O rodapé (depois da última data-hora da página) e a frase do
        começo continuam como eram: um documento que diz UTC em cima e Brasília no rodapé se contradiz."""
        frases = [d for d in self.declaracoes if d.tipo == "fuso" and d.escopo in ("pagina", "documento")]
        if len(frases) < 2 or _equivalentes([d.valor for d in frases]):
            return
        entre = {id(d) for d in frases if self._horario_vizinho(d, -1) and self._horario_vizinho(d, +1)}
        self.declaracoes = [replace(d, escopo="tabela") if id(d) in entre else d for d in self.declaracoes]

    #: trechos olhados de cada lado de uma frase de fuso à procura de um registro com data-hora
    _VIZINHANCA = 400

    def _horario_vizinho(self, declaracao: Declaracao, sentido: int) -> bool:
        """Há data-hora na mesma página, antes (-1) ou depois (+1) da frase (em linhas de texto ou de tabela)."""
        trechos = self.documento.trechos
        i = declaracao.ordem + sentido
        for _ in range(self._VIZINHANCA):
            if not 0 <= i < len(trechos) or trechos[i].pagina != declaracao.trecho.pagina:
                return False
            if tempo.PADRAO_DATA_HORA.search(trechos[i].texto):
                return True
            i += sentido
        return False

    def _promover_rodape(self, ultimo_horario: int) -> None:
        """Rodapé ("* Todos os horários estão em UTC"): dito depois do último horário do documento, vale para
        o documento inteiro, não só para a última página."""
        if ultimo_horario < 0:
            return
        self.declaracoes = [
            replace(d, escopo="documento") if d.escopo == "pagina" and d.ordem > ultimo_horario else d
            for d in self.declaracoes
        ]

    def _promover_unica(self) -> None:
        """A frase de fuso dita depois de um primeiro horário (a data de criação da conta, no cabeçalho) fica
        para a página; se é a única forma de fuso do documento (nenhuma outra frase, de página ou documento,
        diz outro fuso), vale também nas páginas que não dizem nada: a continuação da tabela na página 2."""
        fusos = [d for d in self.declaracoes if d.tipo == "fuso" and d.escopo in ("pagina", "documento")]
        if not fusos or any(d.escopo == "documento" for d in fusos) or any(d.trecho.coluna is not None for d in fusos):
            return
        if len({tempo.zona(d.valor) or d.valor for d in fusos}) == 1:
            primeira = fusos[0]
            self.declaracoes.append(replace(primeira, escopo="documento"))

    @staticmethod
    def _fuso_de_cabecalho_textual(texto: str) -> str | None:
        """Linha de cabeçalho de uma tabela em texto ("Time (UTC)  IP Address  Port"). O rótulo de fuso com o valor
        ("* Zona horaria: Coordinated Universal Time (UTC)", o rodapé) é declaração, não nome de coluna."""
        if _FUSO_ROTULADO.search(texto):
            return None
        fuso = None
        for m in re.finditer(r"\(([^)]*)\)|\[([^\]]*)\]", texto):
            dentro = (m.group(1) or m.group(2) or "").strip()
            if tempo.zona(dentro) is not None:
                fuso = dentro
                break
        if fuso is None:
            return None
        palavras = [p for p in re.split(r"\s{2,}|\t|\||;", re.sub(r"\([^)]*\)|\[[^\]]*\]", " ", texto)) if p.strip()]
        papeis = [colunas.papel(p) for p in palavras] if len(palavras) > 1 else [colunas.papel(w) for w in texto.split()]
        tem_tempo = any(p in ("data_hora", "hora", "data") for p in papeis)
        return fuso if tem_tempo and sum(1 for p in papeis if p) >= 2 else None

    def estado(self) -> tuple[int, int, int, int]:
        """O quanto o contexto já mudou (declarações, avisos, linhas na ordem): igual antes e depois de montar uns
        registros, a montagem deles não mudou o que os outros veem."""
        return len(self.declaracoes), len(self.alertas), len(self._alertados), len(self.ordem)

    def declarar_coluna(self, trecho: Trecho, coluna: str, nome: str) -> Declaracao | None:
        """O cabeçalho de uma coluna declara o fuso dela (`Data/hora (UTC-03:00)`)."""
        fuso = colunas.fuso_do_cabecalho(nome)
        if fuso is None:
            return None
        declaracao = Declaracao("fuso", fuso, "coluna", trecho, self.ordem.get(id(trecho), 0), coluna)
        self.declaracoes.append(declaracao)
        return declaracao

    def fuso_para(self, trecho: Trecho, declaracao_coluna: Declaracao | None = None) -> Declaracao | None:
        """A declaração de fuso em vigor para um trecho: a mais próxima; conflito no mesmo escopo dá None."""
        if declaracao_coluna is not None:
            return declaracao_coluna
        posicao = self.ordem.get(id(trecho), 0)
        for escopo in ESCOPOS:
            mesmas = self._candidatas(escopo, trecho, posicao)
            if escopo == "tabela" and mesmas:
                mesmas = [max(mesmas, key=lambda d: d.ordem)]  # o cabeçalho mais recente acima
            if not mesmas:
                continue
            distintas = {d.valor.upper(): d for d in mesmas}
            if len(distintas) > 1 and not _equivalentes([d.valor for d in distintas.values()]):
                chave = tuple(sorted(distintas))
                if chave not in self._alertados:
                    self._alertados.add(chave)
                    locais = " e ".join(f"'{d.valor}' ({d.onde()})" for d in distintas.values())
                    self.alertas.append(
                        f"{self.documento.arquivo}: fusos diferentes declarados no mesmo escopo ({escopo}): {locais};"
                        " nenhum é aplicado aos horários sem fuso próprio"
                    )
                return None
            return mesmas[0]
        return None

    def _candidatas(self, escopo: str, trecho: Trecho, posicao: int) -> list[Declaracao]:
        """As declarações de fuso do escopo que valem para o trecho (`_vale`), na ordem em que foram feitas.

        Por índice: um documento de 375 páginas declara o fuso no cabeçalho de cada página, e varrer todas as
        declarações a cada linha custava mais que a extração inteira.
        """
        if escopo == "coluna":
            return []  # o fuso de coluna chega por `declaracao_coluna`
        indice = self._indice_de_declaracoes()
        if escopo == "pasta":
            return indice.get((escopo,), [])
        if escopo == "documento":
            return indice.get((escopo, trecho.aba), [])
        if escopo == "pagina":
            return indice.get((escopo, trecho.aba, trecho.pagina), [])
        anteriores = indice.get((escopo, trecho.aba), [])
        ordens = self._ordens.get((escopo, trecho.aba), [])
        ate = bisect.bisect_right(ordens, posicao)
        if escopo == "tabela":  # só a mais recente acima importa: procura de trás para a frente
            for d in reversed(anteriores[:ate]):
                if self._vale(d, trecho, posicao):
                    return [d]
            return []
        return [d for d in anteriores[:ate] if self._vale(d, trecho, posicao)]

    def _indice_de_declaracoes(self) -> dict[tuple, list[Declaracao]]:
        if self._indice is None or self._indexadas != len(self.declaracoes):
            indice: dict[tuple, list[Declaracao]] = {}
            for d in self.declaracoes:
                if d.tipo != "fuso" or d.escopo == "coluna":
                    continue
                if d.escopo == "pagina":
                    indice.setdefault((d.escopo, d.trecho.aba, d.trecho.pagina), []).append(d)
                elif d.escopo == "pasta":
                    indice.setdefault((d.escopo,), []).append(d)
                else:
                    indice.setdefault((d.escopo, d.trecho.aba), []).append(d)
            for chave, lista in indice.items():
                if chave[0] not in ("documento", "pagina", "pasta"):
                    lista.sort(key=lambda d: d.ordem)  # estável: empates ficam na ordem das declarações
            self._ordens = {chave: [d.ordem for d in lista] for chave, lista in indice.items()}
            self._indice, self._indexadas = indice, len(self.declaracoes)
        return self._indice

    @staticmethod
    def _vale(d: Declaracao, trecho: Trecho, posicao: int) -> bool:
        if d.escopo == "pasta":
            return True
        if d.trecho.aba != trecho.aba:
            return False
        if d.escopo == "documento":
            return True
        if d.escopo == "pagina":
            return d.trecho.pagina == trecho.pagina
        return d.ordem <= posicao and (d.trecho.pagina is None or trecho.pagina is None or d.trecho.pagina <= trecho.pagina)


# um verão e um inverno com horário de verão em Brasília (até 2019) e um depois: dois fusos só são o mesmo
# se derem o mesmo deslocamento em todas essas datas ("horário de Brasília" não é "-03:00" em 2018)
_DATAS_DE_PROVA = tuple(d for d in (tempo.data("2018-01-15"), tempo.data("2018-07-15"), tempo.data("2025-01-15")) if d)


def _equivalentes(fusos: list[str]) -> bool:
    return all(len({str(tempo.deslocamento(f, quando)) for f in fusos}) == 1 for quando in _DATAS_DE_PROVA)


def equivalentes(fusos: list[str]) -> bool:
    """Os fusos escritos dão o mesmo deslocamento em todas as datas de prova ("UTC" e "GMT+0")."""
    return _equivalentes(fusos)


def aplicar_fuso(achado: Any, declaracao: Declaracao, arquivo: str) -> None:
    """Dá a uma data-hora sem fuso próprio o fuso declarado acima dela, e diz onde foi declarado."""
    meta = achado.metadados
    achado.fuso = declaracao.valor
    meta["contexto_fuso"] = declaracao.local(arquivo)
    if momento := tempo.instante(meta["data"], meta["hora"], declaracao.valor):
        meta["instante_utc"] = tempo.iso_utc(momento)
    if tempo.ambiguo(meta["data"], meta["hora"], declaracao.valor):
        meta["hora_ambigua"] = True
