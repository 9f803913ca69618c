"""Extrator: reconhece os dados de cada registro do documento e os liga ao contexto.

Cada família (provedores, bancário, operadora, genérico) é um `Extrator` com seu id,
sua família e um teste `pode_ler(documento)` feito sobre o conteúdo. O trabalho é o
mesmo para todas; as famílias diferem no que reconhecem como seu.

Registros (a unidade em que o documento conta um evento):
- texto de provedor, banco e operadora: a linha, unida às linhas seguintes que a
  completam — bloco chave-valor (`Time` / `IP Address` / `Port`), lançamento com sua
  linha de continuação (hora e contraparte embaixo do valor) —; um registro novo começa
  quando volta um tipo de valor que o registro já tem, na troca de página, depois de uma
  linha em branco ou após 6 linhas;
- relato (boletim, termo, ofício): a frase, que as quebras de linha cortam em qualquer ponto;
- CSV e tabelas de DOCX/HTML: o registro, com o cabeçalho dando papel às colunas;
- planilha: a linha (o cabeçalho pode estar abaixo de um bloco de título).
O contexto declarado uma vez (fuso no preâmbulo, no título ou no cabeçalho da coluna;
data do dia acima dos lançamentos) vale para o que vem abaixo (`contexto.py`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from itertools import groupby
from typing import Any, Callable, Iterable, Iterator

from perito.chaves import ip as ip_chaves
from perito.chaves import tempo
from perito.chaves.digitos import somente_digitos
from perito.extratores import citacoes, colunas, contexto, quantias, rotulos, tempo_unix
from perito.extratores.achado import Achado
from perito.extratores.contexto import Contexto, Declaracao, aplicar_fuso
from perito.extratores.emissor import emissor as emissor_do
from perito.extratores.familias import classificar
from perito.extratores.montagem import DataVigente, HoraSolta, Item, Registro, dado, ligar
from perito.extratores.papeis import achado_da_coluna, documento_da_coluna
from perito.extratores.reconhecedores import reconhecer
from perito.extratores.registros import blocos, campos
from perito.extratores.registros.tabela_fixa import TabelaFixa
from perito.extratores.tempo_unix import ColunasUnix
from perito.leitura.documento import Documento, Trecho

# cabeçalho de extrato com coluna de saldo: o último valor da linha é o saldo, não uma transação
_CABECALHO_EXTRATO = re.compile(r"\bsaldo\b", re.IGNORECASE)
_CABECALHO_VALOR = re.compile(r"\b(valor|hist[óo]rico|lan[çc]amento|cr[ée]dito|d[ée]bito)\b", re.IGNORECASE)


@dataclass
class ResultadoArquivo:
    dados: list[dict[str, Any]] = field(default_factory=list)
    alertas: list[str] = field(default_factory=list)


class Extrator:
    extrator_id: str = ""
    familia: str = ""
    #: marcadores de conteúdo (minúsculas); quanto mais presentes, mais o documento é desta família
    marcadores: tuple[str, ...] = ()
    #: marcadores que sozinhos identificam a família (valem 3)
    marcadores_decisivos: tuple[str, ...] = ()

    def pontuacao(self, documento: Documento, minusculo: str | None = None) -> int:
        """`minusculo`: o texto do documento em minúsculas, quando quem escolhe já o tem (calculado uma vez para
        todos os extratores, não duas vezes por extrator: num log de 200 mil linhas é uma cópia de MB cada vez)."""
        texto = documento.texto_completo.lower() if minusculo is None else minusculo
        comuns = sum(1 for marcador in self.marcadores if marcador in texto)
        return comuns + 3 * sum(1 for marcador in self.marcadores_decisivos if marcador in texto)

    def pode_ler(self, documento: Documento, minusculo: str | None = None) -> bool:
        return self.pontuacao(documento, minusculo) >= 2

    def familia_do(self, documento: Documento) -> str:
        """Família de fonte do documento (independência das fontes), pelo conteúdo e com a dúvida explícita
        (`familias.classificar`): qualquer extrator pode ler um documento cuja família é `desconhecida`."""
        return classificar(documento).familia

    #: relatos contam um evento numa frase; as outras famílias, em linhas e blocos
    prosa: bool = False

    def extrair(self, documento: Documento, coletor: Coletor | None = None) -> ResultadoArquivo:
        """Os dados e alertas do documento. Com `coletor`, os dados de uma tabela pura (CSV, planilha) saem em
        rodadas de registros, cada uma entregue ao coletor e solta (a memória é a de uma rodada, não a do
        arquivo); o que não vai ao coletor fica em `dados` do resultado."""
        ctx = Contexto(documento)
        if documento.tipo == "xlsx":
            linhas, tabela = [], _registros_planilha(documento, ctx)
        else:
            # registros que a estrutura dá (objetos de JSON; blocos de formulário, também num relato: a ficha
            # de "Nome: / CPF:" de cada envolvido)
            lidos = documento.registros or [*blocos.blocos([t for t in documento.trechos if t.celulas is None]),
                                            *blocos.tabelas_de_formulario(documento.trechos)]
            de_campos, consumidos = campos.Leitor(ctx, documento.arquivo).registros(lidos)
            linhas = de_campos + _registros_linhas(documento, ctx, self.prosa, consumidos)
            tabela = _registros_tabela(documento, ctx, consumidos)
        if linhas or coletor is None:
            # linhas de texto e tabelas se intercalam na ordem do documento: o titular é lido de tudo junto
            rodadas: Iterable[list[Registro]] = [linhas + list(tabela)]
        else:
            rodadas = _em_rodadas(tabela, _REGISTROS_POR_RODADA)  # tabela pura: os registros já vêm na ordem
        resultado = ResultadoArquivo()
        familia = self.familia_do(documento)
        emissor = emissor_do(documento) if familia == "provedor" else None  # só provedores diferem por empresa
        citados = citacoes.intervalos(documento) if self.prosa else {}  # mensagem transcrita num relato
        titular = _Titular(ctx.ordem)
        textos: dict[str, str] = {}
        for registros in rodadas:
            for registro in registros:
                registro.fuso_de = ctx.fuso_para
                registro.arquivo = documento.arquivo
                registro.ordem = ctx.ordem
                ligar(registro)
            titular.aplicar(registros)
            dados = resultado.dados if coletor is None or linhas else []
            for indice, registro in enumerate(registros):
                registros[indice] = None  # type: ignore[call-overload]  # os achados saem da memória à medida que viram dados
                for item in registro.itens:
                    if item.achado.alerta:
                        resultado.alertas.append(f"{documento.arquivo} ({_onde(item.trecho)}): {item.achado.alerta}")
                    novo = dado(documento, item, familia, emissor)
                    if citados:
                        trecho = item.trecho
                        citacoes.marcar(novo, (trecho.pagina, trecho.aba, trecho.localizacao), item.achado.inicio, citados)
                    dados.append(_compartilhar_textos(novo, textos))
                    if len(textos) > _TEXTOS_COMPARTILHADOS:
                        textos.clear()
                sem_fuso = [i for i in registro.itens if i.achado.campo == "data_evento" and "hora" in i.achado.metadados
                            and not i.achado.fuso]
                if sem_fuso and any(i.achado.tipo_dado == "ip" for i in registro.itens):
                    resultado.alertas.append(
                        f"{documento.arquivo} ({_onde(sem_fuso[0].trecho)}): data-hora {sem_fuso[0].achado.dado} sem fuso"
                        " declarado; não será usada para afirmar simultaneidade"
                    )
            if dados is not resultado.dados and coletor is not None:
                coletor(dados)
        resultado.alertas.extend(ctx.alertas)
        return resultado


#: recebe os dados de uma rodada de registros (ver `Extrator.extrair`)
Coletor = Callable[[list[dict[str, Any]]], None]

#: registros por rodada numa tabela pura
_REGISTROS_POR_RODADA = 10_000


def _em_rodadas(registros: Iterable[Registro], tamanho: int) -> Iterator[list[Registro]]:
    rodada: list[Registro] = []
    for registro in registros:
        rodada.append(registro)
        if len(rodada) >= tamanho:
            yield rodada
            rodada = []
    if rodada:
        yield rodada


#: quantos textos distintos o compartilhamento guarda de cada vez (a memória do próprio dicionário fica limitada;
#: as repetições que importam, a data de um dia de log e o nome de um extrato, vêm em linhas vizinhas)
_TEXTOS_COMPARTILHADOS = 20_000


#: metadados que se repetem de uma linha para outra (o dia, a hora, a porta, o valor, o nome de um extrato)
_METADADOS_REPETIDOS = ("data", "hora", "data_hora", "registro", "porta", "valor", "saldo_apos", "meio", "nome_normalizado",
                        "contraparte", "contraparte_normalizada", "papel")


def _compartilhar_textos(dado: dict[str, Any], textos: dict[str, str]) -> dict[str, Any]:
    """Um texto repetido em muitos dados (a data, a hora, o nome, o valor) passa a ser um objeto só.

    Cada linha de um log de 200 mil acessos cria suas próprias cópias de "01/03/2025"; somadas, eram cerca
    de um oitavo da memória dos dados, no auxiliar e, depois do envio (o pickle guarda cada objeto uma vez),
    no principal. Os valores não mudam: só a identidade dos objetos. Só os campos que se repetem: os únicos
    (o instante, o texto da linha, que já é um objeto só) custariam tempo e nada poupariam.
    """
    for chave in ("dado", "linha_ou_celula"):
        dado[chave] = textos.setdefault(dado[chave], dado[chave])
    metadados = dado["metadados"]
    for chave in _METADADOS_REPETIDOS:
        valor = metadados.get(chave)
        if type(valor) is str:
            metadados[chave] = textos.setdefault(valor, valor)
    return dado


# -- linhas de texto (PDF, TXT, parágrafos de DOCX) ------------------------------------


# "Registro 1 de 3": as linhas seguintes, até o próximo, descrevem um mesmo objeto (chave Pix no DICT)
_INICIO_DE_BLOCO = re.compile(r"^\s*(registro|record|item|chave)\s+\d+\s+(de|of)\s+\d+\b", re.IGNORECASE)


def _registros_linhas(documento: Documento, ctx: Contexto, prosa: bool, consumidos: set[int] = frozenset()) -> list[Registro]:
    linhas: list[_Linha] = []
    tabelas: list[Registro] = []
    tabela_com_porta = extrato_com_saldo = False
    bloco: str | None = None
    data_vigente: DataVigente | None = None
    fixa: TabelaFixa | None = None
    anterior: Trecho | None = None  # a linha de texto de cima (o cabeçalho de uma régua)

    def fuso_do_texto(achados: list[Achado], trecho: Trecho) -> None:
        _fuso_do_contexto(achados, trecho, ctx, documento.arquivo)
    rotulo_solto: str | None = None
    periodo: tuple[Trecho, list] | None = None
    notacao = quantias.notacao_das_linhas(t.texto for t in documento.trechos if t.celulas is None)
    for trecho in documento.trechos:
        if trecho.celulas is not None or id(trecho) in consumidos:
            continue  # registros de tabela seguem pelo cabeçalho; os de campos (JSON) já foram lidos
        if fixa is not None:
            anterior = None  # linha de tabela não é cabeçalho de outra
            if fixa.medir(trecho):  # a régua sob o cabeçalho mede as colunas
                fixa.plano = _plano_fixo(fixa, ctx)
                continue
            if fixa.continua(trecho, rotulada=True):
                fixa.continuar(tabelas[-1], trecho, "porta" in fixa.plano.papeis.values(), fuso_do_texto)
                continue
            if (celulas := fixa.celulas(trecho)) is not None:
                linha_tabela = replace(trecho, celulas=celulas, tabela=fixa.identidade)
                ctx.ordem[id(linha_tabela)] = ctx.ordem.get(id(trecho), 0)
                fixa.trechos.append(linha_tabela)  # mantém vivo o id usado na ordem
                tabelas.append(_registro_tabela(linha_tabela, fixa.plano, ctx, documento.arquivo))
                continue
            if fixa.continua(trecho):
                fixa.continuar(tabelas[-1], trecho, "porta" in fixa.plano.papeis.values(), fuso_do_texto)
                continue
            fixa = None
        if (fixa := TabelaFixa.do_cabecalho(trecho)) is not None or (
                anterior is not None and (fixa := TabelaFixa.da_regua(anterior, trecho)) is not None):
            fixa.plano = _plano_fixo(fixa, ctx)
            anterior = trecho
            continue
        anterior = trecho
        if contexto.linha_anuncia_porta(trecho.texto):
            tabela_com_porta = True
        if _CABECALHO_EXTRATO.search(trecho.texto) and _CABECALHO_VALOR.search(trecho.texto):
            extrato_com_saldo = True
        achados = reconhecer(trecho.texto)
        if rotulo_solto is not None:
            achados = _valor_do_rotulo_acima(rotulo_solto, trecho.texto, achados)
        if extrato_com_saldo:
            achados = quantias.na_linha(trecho.texto, achados, notacao)
        rotulo_solto = trecho.texto.strip() if _parece_rotulo_solto(trecho.texto, achados) else None
        ips_sem_porta = [a for a in achados if a.tipo_dado == "ip" and "porta" not in a.metadados]
        for achado in ips_sem_porta if tabela_com_porta else ():
            if porta := contexto.porta_apos(trecho.texto, achado.fim):
                achado.metadados["porta"] = porta
        if tabela_com_porta and len(ips_sem_porta) == 1 and "porta" not in ips_sem_porta[0].metadados:
            # a coluna de porta noutra posição da linha (antes do IP, depois da data)
            if solta := contexto.porta_solta(trecho.texto, [(a.inicio, a.fim) for a in achados]):
                ips_sem_porta[0].metadados["porta"] = solta[0]
        if extrato_com_saldo:
            achados = _sem_saldo(achados, trecho.texto)
        elif not prosa and _LINHA_DE_SALDO.search(trecho.texto):
            # "Saldo ao final do dia R$ 149,90", "Total de entradas R$ 10.432,50": resumo, não lançamento
            achados = [a for a in achados if a.campo != "valor_transacao"]
        _fuso_do_contexto(achados, trecho, ctx, documento.arquivo)
        identidade = f"p{trecho.pagina}:{trecho.localizacao}" if trecho.pagina else trecho.localizacao
        if _INICIO_DE_BLOCO.match(trecho.texto):
            bloco = identidade
        if bloco:
            for achado in achados:
                achado.metadados["bloco"] = bloco
        if (dia := _cabecalho_do_dia(trecho, achados)) is not None:
            data_vigente = dia  # vale até o próximo cabeçalho de dia, também na página seguinte
        elif prosa and (dia := _data_da_narrativa(trecho, achados)) is not None:
            data_vigente = dia  # "no dia 18 de abril ... Às 16:40, efetuou": o dia contado vale até outro dia
        if not prosa:
            periodo = periodo or _periodo_declarado(trecho, achados)
            if periodo is not None and (sem_ano := _data_sem_ano(trecho, achados, periodo)) is not None:
                achados = sorted([*achados, sem_ano], key=lambda a: (a.inicio, a.fim))
        linhas.append(_Linha(trecho, achados, _horas_soltas(trecho.texto, achados, trecho), data_vigente, extrato_com_saldo,
                             identidade))
    registros = []
    for _, da_pagina in groupby(linhas, key=lambda linha: linha.trecho.pagina):
        pagina = list(da_pagina)
        # num relato, a página de formulário (comprovante anexado: "Valor: ...", "Chave Pix: ...") é um bloco
        formulario = prosa and _parece_formulario(pagina)
        grupos = _frases(pagina) if prosa and not formulario else _blocos(pagina, 20 if formulario else _MAXIMO_DE_LINHAS)
        registros += [_registro_de_linhas(grupo, prosa and not formulario) for grupo in grupos]
    return registros + tabelas


_ROTULO_E_VALOR = re.compile(r"^[^:.!?]{2,40}:\s*\S")


def _parece_formulario(linhas: list[_Linha]) -> bool:
    """Linhas curtas de rótulo e valor, sem frases: um comprovante ou ficha, não um relato."""
    textos = [linha.trecho.texto for linha in linhas]
    if len(textos) < 3:
        return False
    rotuladas = sum(1 for t in textos if _ROTULO_E_VALOR.match(t))
    curtas = sum(1 for t in textos if len(t) <= _LINHA_DE_FORMULARIO)
    return rotuladas >= len(textos) * 0.4 and curtas >= len(textos) * 0.6


_PAPEIS_DE_TITULAR = ("titular", "cliente", "nome")
_AMPARADOS = ("valor_transacao", "ip_acesso", "ip_transacao", "imei", "telefone")


class _Titular:
    """O titular dito uma vez (cabeçalho do extrato, bloco de cadastro da bilhetagem) vale para os
    registros abaixo dele, até outra declaração: cada valor, IP, IMEI e telefone desses registros leva
    `contexto_titular` com nome, CPF, conta e linha declarados e onde cada um está.

    Lê os registros na ordem do documento; `aplicar` pode ser chamado por rodadas sucessivas (o estado
    segue de uma para a outra). Registros sem achado não declaram nem recebem nada (em qualquer estado,
    passar por eles não muda nada): ficam de fora, e a posição de cada um não precisa ser conhecida.
    """

    def __init__(self, ordem: dict[int, int]) -> None:
        self.ordem = ordem
        self.atual: dict[str, Any] | None = None
        self.pendente = False
        self.algum_evento = False

    def _posicao(self, registro: Registro) -> int:
        return min(self.ordem.get(id(i.trecho), 0) for i in registro.itens)

    def aplicar(self, registros: list[Registro]) -> None:
        for registro in sorted((r for r in registros if r.itens), key=self._posicao):
            achados = registro.itens
            # no cabeçalho (antes do primeiro lançamento), "NOME CPF 284.907.163-31" também declara o titular
            papeis = _PAPEIS_DE_TITULAR if self.algum_evento else (*_PAPEIS_DE_TITULAR, "identificado_por_cpf")
            nomes = [i for i in achados if i.achado.campo == "nome_titular" and i.achado.metadados.get("papel") in papeis
                     and not i.achado.metadados.get("cpf_mascarado")]
            tem_evento = any(i.achado.campo == "valor_transacao" or i.achado.tipo_dado == "ip" for i in achados)
            self.algum_evento = self.algum_evento or tem_evento
            if nomes and not tem_evento:
                self.atual = {"nome": nomes[0].achado.dado, "locais": [_local_titular(nomes[0], "nome")]}
                self.pendente = True
            atual = self.atual
            if atual is not None and self.pendente and not tem_evento:
                for campo, chave in (("cpf", "cpf"), ("conta_bancaria", "conta"), ("telefone", "telefone")):
                    if chave not in atual and (achado := next((i for i in achados if i.achado.campo == campo), None)):
                        atual[chave] = achado.achado.dado
                        atual["locais"].append(_local_titular(achado, chave))
                continue
            self.pendente = False
            if atual is None:
                continue
            for item in achados:
                if item.achado.campo in _AMPARADOS and item.achado.dado != atual.get("telefone"):
                    item.achado.metadados["contexto_titular"] = atual


def _local_titular(item: Item, papel: str) -> dict[str, Any]:
    local: dict[str, Any] = {"papel": papel, "pagina": item.trecho.pagina, "linha_ou_celula": item.trecho.localizacao,
                             "dado": item.achado.dado}
    if item.trecho.aba:
        local["aba_planilha"] = item.trecho.aba
    return local


def _plano_fixo(fixa: TabelaFixa, ctx: Contexto) -> _Colunas:
    nomes = dict(enumerate(fixa.nomes))
    fusos = {i: d for i, nome in nomes.items() if (d := ctx.declarar_coluna(fixa.cabecalho, str(i), nome))}
    return _Colunas.de(fixa.papeis, nomes, fusos, fixa.cabecalho)


_PERIODO = re.compile(
    r"\b(per[íi]odo|de\s+\d{2}/\d{2}/\d{4}\s+(?:a|at[ée])\s+\d{2}/\d{2}/\d{4}|m[êe]s\s+de\s+refer[êe]ncia)", re.I
)
# "08/01 PIX RECEBIDO ...": dia e mês no começo do lançamento, o ano vem do período do extrato
_DIA_E_MES = re.compile(r"^\s*(?P<dm>(?P<d>[0-3]\d)/(?P<m>[01]\d))(?![/\d])")


def _periodo_declarado(trecho: Trecho, achados: list[Achado]) -> tuple[Trecho, list] | None:
    """Linha do período do extrato ("Período: 01/12/2024 a 31/01/2025"): as datas que dão o ano aos lançamentos."""
    datas = [tempo.data(a.metadados["data"]) for a in achados if a.campo == "data_evento" and "data" in a.metadados]
    datas = [d for d in datas if d is not None]
    if datas and _PERIODO.search(trecho.texto):
        return trecho, sorted(datas)
    return None


def _data_sem_ano(trecho: Trecho, achados: list[Achado], periodo: tuple[Trecho, list]) -> Achado | None:
    """A data "DD/MM" do lançamento, com o ano que a põe dentro do período declarado (Dez/Jan atravessa o ano)."""
    m = _DIA_E_MES.match(trecho.texto)
    if m is None or any(a.inicio < m.end("dm") and m.start("dm") < a.fim for a in achados):
        return None
    inicio, fim = periodo[1][0], periodo[1][-1]
    for ano in sorted({inicio.year, fim.year}):
        data = tempo.data(f"{m.group('d')}/{m.group('m')}/{ano}")
        if data is not None and inicio <= data <= fim:
            local = {"papel": "ano", "pagina": periodo[0].pagina, "linha_ou_celula": periodo[0].localizacao,
                     "dado": str(ano)}
            return Achado(m.start("dm"), m.end("dm"), m.group("dm"), "data_evento", "outro", metadados={
                "data": data.strftime("%d/%m/%Y"), "data_escrita": m.group("dm"), "ano_do_periodo": local,
            })
    return None


def _parece_rotulo_solto(texto: str, achados: list[Achado]) -> bool:
    """Linha que é só um rótulo ("OS Version", "Device Model", "Titular"): o valor vem na linha de baixo."""
    limpo = texto.strip().rstrip(":")
    return not achados and 0 < len(limpo) <= 40 and len(limpo.split()) <= 5 and not any(c.isdigit() for c in limpo)


def _valor_do_rotulo_acima(rotulo: str, texto: str, achados: list[Achado]) -> list[Achado]:
    """Relê a linha como se o rótulo de cima estivesse nela ("App Version: 2.24.15.80" não é IP); os achados
    ficam com a posição da própria linha. Só muda algo quando o rótulo muda o que a linha quer dizer."""
    rotulo = rotulo.rstrip(":").strip()
    deslocamento = len(rotulo) + 2
    juntos = [a for a in reconhecer(f"{rotulo}: {texto}") if a.inicio >= deslocamento]
    if {(a.campo, a.dado) for a in juntos} == {(a.campo, a.dado) for a in achados}:
        return achados
    for achado in juntos:
        achado.inicio -= deslocamento
        achado.fim -= deslocamento
        achado.metadados["rotulo_na_linha_de_cima"] = rotulo
    return juntos


@dataclass
class _Linha:
    trecho: Trecho
    achados: list[Achado]
    horas: list[HoraSolta]
    data_vigente: DataVigente | None
    extrato: bool
    identidade: str

    def ancoras(self) -> set[str]:
        tipos = set()
        for a in self.achados:
            if a.tipo_dado == "ip":
                tipos.add("ip")
            elif a.campo == "valor_transacao":
                tipos.add("valor")
            elif a.campo == "data_evento":
                tipos.add("momento" if "hora" in a.metadados else "data")
        if self.horas:
            tipos.add("momento")
        return tipos


_SO_DATA = re.compile(r"^[\W\d_]*$")
_DIA_DA_SEMANA = re.compile(r"\b(segunda|ter[çc]a|quarta|quinta|sexta|s[áa]bado|domingo)(-feira)?\b", re.IGNORECASE)


def _cabecalho_do_dia(trecho: Trecho, achados: list[Achado]) -> DataVigente | None:
    """Linha que só diz a data (`08 de janeiro de 2025 - quarta-feira`, `08/01/2025`, `Data: 08/01/2025`):
    vale para os lançamentos abaixo dela, até o próximo cabeçalho de dia."""
    texto = trecho.texto
    if m := tempo.PADRAO_DATA_EXTENSO.search(texto):
        resto = texto[: m.start()] + texto[m.end():]
    elif len(achados) == 1 and achados[0].campo == "data_evento" and "hora" not in achados[0].metadados:
        m = None
        resto = texto[: achados[0].inicio] + texto[achados[0].fim:]
    else:
        return None
    resto = _DIA_DA_SEMANA.sub(" ", resto)
    resto = re.sub(r"(?i)\b(data|dia|date|em)\b\s*:?", " ", resto)
    if not _SO_DATA.match(resto) or any(a.campo != "data_evento" for a in achados):
        return None
    if m is not None:
        return DataVigente(m.group(0), trecho)
    return DataVigente(achados[0].metadados["data"], trecho)


#: linhas até este tamanho são de formulário, não de frase (o mesmo limite de `_parece_formulario`)
_LINHA_DE_FORMULARIO = 45


def _data_da_narrativa(trecho: Trecho, achados: list[Achado]) -> DataVigente | None:
    """O último dia contado numa frase de relato ("no dia 18 de abril de 2018, foi contatada"): vale para o
    que a narrativa conta depois sem repetir o dia. Datas de campos ("Data do registro: ...", "Nascimento:
    ...") e datas com papel (abertura, nascimento) não são o dia dos fatos."""
    if _ROTULO_E_VALOR.match(trecho.texto) or len(trecho.texto.strip()) <= _LINHA_DE_FORMULARIO:
        return None  # linha de campo ou curta (carimbo, rodapé de formulário): não é narrativa
    datas = [a for a in achados if a.campo == "data_evento" and "papel" not in a.metadados and "data" in a.metadados]
    if not datas:
        return None
    return DataVigente(datas[-1].metadados["data"], trecho)


def _horas_soltas(texto: str, achados: list[Achado], trecho: Trecho) -> list[HoraSolta]:
    """Horas sem data colada ("14:19:27", "por volta das 10h40"); fora de outros achados e de fusos (-03:00)."""
    horas = []
    for padrao in (tempo.PADRAO_HORA, tempo.PADRAO_HORA_H):
        for m in padrao.finditer(texto):
            if any(a.inicio < m.end() and m.start() < a.fim for a in achados):
                continue
            if m.start() > 0 and texto[m.start() - 1] in "+-−":
                continue
            if tempo.hora(m.group(0)) is not None:
                horas.append(HoraSolta(m.group(0), trecho, m.start()))
    return sorted(horas, key=lambda h: h.inicio)


def _numero_da_linha(trecho: Trecho) -> int | None:
    m = re.fullmatch(r"linha (\d+)", trecho.localizacao)
    return int(m.group(1)) if m else None


_MAXIMO_DE_LINHAS = 6


def _blocos(linhas: list[_Linha], maximo: int = _MAXIMO_DE_LINHAS) -> list[list[_Linha]]:
    """Linha unida às seguintes que a completam (bloco chave-valor, continuação de lançamento)."""
    grupos: list[list[_Linha]] = []
    atual: list[_Linha] = []
    presentes: set[str] = set()
    for linha in linhas:
        ancoras = linha.ancoras()
        anterior = atual[-1] if atual else None
        quebra = (
            anterior is None
            or anterior.trecho.pagina != linha.trecho.pagina
            or _linha_em_branco_entre(anterior.trecho, linha.trecho)
            or len(atual) >= maximo
            or bool(ancoras & presentes)
            or linha.data_vigente is not anterior.data_vigente
            or _METADADO.search(linha.trecho.texto) is not None
            or _METADADO.search(anterior.trecho.texto) is not None
            or _cabecalho_de_colunas(linha) or _cabecalho_de_colunas(anterior)
        )
        if quebra:
            if atual:
                grupos.append(atual)
            atual, presentes = [], set()
        atual.append(linha)
        presentes |= ancoras
    if atual:
        grupos.append(atual)
    return grupos


def _cabecalho_de_colunas(linha: _Linha) -> bool:
    """Linha de títulos de coluna ("Data Hora Histórico Valor Saldo"): separa o cabeçalho dos lançamentos."""
    if linha.achados:
        return False
    palavras = linha.trecho.texto.split()
    return 2 <= len(palavras) <= 12 and sum(1 for p in palavras if colunas.papel(p)) >= 2


# datas do próprio documento (emissão, período pedido) não são o instante de um evento vizinho
_METADADO = re.compile(r"\b(generated|gerad[oa]|emitid[oa]|emiss[ãa]o|date\s+range|per[íi]odo)\b", re.IGNORECASE)


def _linha_em_branco_entre(a: Trecho, b: Trecho) -> bool:
    na, nb = _numero_da_linha(a), _numero_da_linha(b)
    return a.pagina is None and na is not None and nb is not None and nb - na > 1


_FIM_DE_FRASE = re.compile(r"[.!?](?=[\s\"”')]*$)|[.!?]\s+(?=[\"“(]?[A-ZÀ-Ý])")


def _frases(linhas: list[_Linha]) -> list[list[_Linha]]:
    """Relato: a frase é o registro. Uma linha pertence à frase em que começa; a frase termina
    no ponto final (ou parágrafo) e nunca atravessa a página."""
    grupos: list[list[_Linha]] = []
    atual: list[_Linha] = []
    for linha in linhas:
        if atual and (atual[-1].trecho.pagina != linha.trecho.pagina or _linha_em_branco_entre(atual[-1].trecho, linha.trecho)
                      or len(atual) >= 12):
            grupos.append(atual)
            atual = []
        atual.append(linha)
        if _FIM_DE_FRASE.search(linha.trecho.texto.rstrip()):
            grupos.append(atual)
            atual = []
    if atual:
        grupos.append(atual)
    return grupos


def _registro_de_linhas(grupo: list[_Linha], prosa: bool = False) -> Registro:
    itens = [Item(a, linha.trecho) for linha in grupo for a in linha.achados]
    _porta_rotulada(grupo, itens)
    return Registro(
        grupo[0].identidade,
        " ".join(linha.trecho.texto for linha in grupo),
        itens,
        extrato=grupo[0].extrato,
        prosa=prosa,
        horas=[h for linha in grupo for h in linha.horas],
        data_vigente=grupo[0].data_vigente,
    )


_PORTA_ROTULADA = re.compile(r"(?<![^\W_])(?:port|porta|puerto)(?:\s+de\s+origem|\s+origem)?\s*[:=]?\s*(\d{1,5})\b",
                             re.IGNORECASE)


def _porta_rotulada(grupo: list[_Linha], itens: list[Item]) -> None:
    """`Port: 51234` numa linha do bloco é a porta do IP do bloco."""
    ips = [i for i in itens if i.achado.tipo_dado == "ip" and "porta" not in i.achado.metadados]
    if len(ips) != 1:
        return
    for linha in grupo:
        texto = linha.trecho.texto
        if linha.trecho is ips[0].trecho:  # "IP Address: 170.1.2.3 Source Port: 27934": o rótulo depois do IP
            if (m := _PORTA_ROTULADA.search(texto, ips[0].achado.fim)) and ip_chaves.porta_valida(m.group(1)):
                ips[0].achado.metadados["porta"] = m.group(1)
                return
            continue
        if (m := _PORTA_ROTULADA.search(texto)) and ip_chaves.porta_valida(m.group(1)):
            meta = ips[0].achado.metadados
            meta["porta"] = m.group(1)
            meta.setdefault("apoio", []).append(
                {"papel": "porta", "pagina": linha.trecho.pagina, "linha_ou_celula": linha.trecho.localizacao, "dado": m.group(1)}
            )
            return


def _fuso_do_contexto(achados: list[Achado], trecho: Trecho, ctx: Contexto, arquivo: str,
                      declaracao_coluna: Declaracao | None = None) -> None:
    """Data-hora sem fuso próprio recebe o fuso declarado acima dela (o mais próximo)."""
    for achado in achados:
        if achado.campo == "data_evento" and "hora" in achado.metadados and not achado.fuso:
            if (declaracao := ctx.fuso_para(trecho, declaracao_coluna)) is not None:
                aplicar_fuso(achado, declaracao, arquivo)


_LINHA_DE_SALDO = re.compile(
    r"\bSALDO\b|\bTOTAL\s+(?:DE|DAS?|DOS?)\s+(?:ENTRADAS|SA[ÍI]DAS|CR[ÉE]DITOS|D[ÉE]BITOS)\b", re.IGNORECASE
)


def _sem_saldo(achados: list[Achado], texto: str) -> list[Achado]:
    """Numa linha de extrato com valor e saldo, o último valor é o saldo depois do lançamento;
    numa linha de saldo (SALDO ANTERIOR, SALDO DO DIA) nenhum valor é transação."""
    valores = [a for a in achados if a.campo == "valor_transacao"]
    if _LINHA_DE_SALDO.search(texto):
        return [a for a in achados if a.campo != "valor_transacao"]
    if len(valores) < 2:
        return achados
    saldo = valores[-1]
    for valor in valores[:-1]:
        valor.metadados["saldo_apos"] = saldo.dado
    return [a for a in achados if a is not saldo]


# -- registros de tabela (CSV, tabelas de DOCX) ----------------------------------------------


def _registros_tabela(documento: Documento, ctx: Contexto, consumidos: set[int] = frozenset()) -> Iterator[Registro]:
    """Os registros das tabelas do documento, na ordem (um gerador: quem lê por rodadas não guarda todos); as
    linhas `consumidos` já são campos de um registro de formulário."""
    com_celulas = [t for t in documento.trechos if t.celulas is not None and id(t) not in consumidos]
    # CSV: uma tabela, cabeçalho no primeiro registro; DOCX/HTML: cada tabela tem o seu
    for _, grupo in groupby(com_celulas, key=_tabela_do_trecho):
        trechos = list(grupo)
        indice_cabecalho = next((i for i, t in enumerate(trechos[:10]) if colunas.parece_cabecalho(t.celulas or ())), None)
        if indice_cabecalho is None:
            cabecalho, corpo = None, trechos
        else:
            cabecalho, corpo = trechos[indice_cabecalho], trechos[indice_cabecalho + 1:]
            for titulo in trechos[:indice_cabecalho]:  # linhas de título acima do cabeçalho: relidas como texto
                yield _registro_tabela(titulo, _SEM_COLUNAS, ctx, documento.arquivo)
        papeis = colunas.papeis(cabecalho.celulas) if cabecalho else {}
        nomes = dict(enumerate(cabecalho.celulas)) if cabecalho else {}
        fusos = {i: d for i, nome in nomes.items() if cabecalho and (d := ctx.declarar_coluna(cabecalho, str(i), nome))}
        plano = replace(_Colunas.de(papeis, nomes, fusos, cabecalho),
                        notacoes=quantias.notacoes_das_colunas(papeis, nomes, [t.celulas or () for t in corpo]))
        for trecho in corpo:
            yield _registro_tabela(trecho, plano, ctx, documento.arquivo)


def _tabela_do_trecho(trecho: Trecho) -> str:
    if trecho.tabela:
        return trecho.tabela
    return trecho.localizacao.split(" linha ")[0] if trecho.localizacao.startswith("tabela") else ""


@dataclass(frozen=True)
class _Colunas:
    """O que o cabeçalho de uma tabela diz das colunas, calculado uma vez por tabela (não a cada registro)."""

    papeis: dict[int, str]
    nomes: dict[int, str]
    fusos: dict[int, Declaracao]
    #: tabela de extrato (tem coluna de saldo)
    extrato: bool
    #: colunas de fuso e de hora, na ordem do cabeçalho
    de_fuso: tuple[int, ...]
    de_hora: tuple[int, ...]
    #: fuso do cabeçalho da primeira coluna de hora que declara um ("Data;Hora (BRT)")
    fuso_da_hora: Declaracao | None
    #: coluna → papel da data pelo nome dela ("Data de Ativação")
    papeis_de_data: dict[int, str]
    #: tem colunas de agência e de conta (a conta pode estar em colunas)
    conta_em_colunas: bool
    #: colunas de tempo Unix (a unidade de cada uma é decidida no primeiro valor)
    unix: ColunasUnix
    #: coluna de valor → notação (br, us, centavos), decidida por todos os valores dela
    notacoes: dict[int, str] = field(default_factory=dict)

    @classmethod
    def de(cls, papeis: dict[int, str], nomes: dict[int, str], fusos: dict[int, Declaracao],
           cabecalho: Trecho | None = None) -> _Colunas:
        return cls(
            papeis, nomes, fusos,
            extrato="saldo" in papeis.values(),
            de_fuso=tuple(i for i, p in papeis.items() if p == "fuso"),
            de_hora=tuple(i for i, p in papeis.items() if p == "hora"),
            fuso_da_hora=next((fusos[i] for i, p in sorted(papeis.items()) if p in ("hora", "data_hora") and i in fusos), None),
            papeis_de_data={i: papel for i, nome in nomes.items() if (papel := rotulos.papel_da_data(nome))},
            conta_em_colunas={"agencia", "conta"} <= set(papeis.values()),
            unix=ColunasUnix(dict(nomes), dict.fromkeys(nomes, cabecalho) if cabecalho else {}),
        )

    def coluna_de_fuso(self, celulas: tuple[str, ...]) -> int | None:
        """A primeira coluna de fuso preenchida neste registro."""
        return next((i for i in self.de_fuso if i < len(celulas) and celulas[i].strip()), None)


_SEM_COLUNAS = _Colunas.de({}, {}, {})


def _registro_tabela(trecho: Trecho, plano: _Colunas, ctx: Contexto, arquivo: str) -> Registro:
    papeis = plano.papeis
    achados = reconhecer(trecho.texto)
    celulas = trecho.celulas or ()
    posicoes = _posicoes(trecho.texto, celulas)
    achados = tempo_unix.nas_celulas(plano.unix, achados, celulas, posicoes, arquivo)
    _fuso_por_coluna(achados, trecho, posicoes, celulas, plano, ctx, arquivo)
    for indice, papel in papeis.items():
        if indice >= len(celulas) or posicoes[indice] is None or not celulas[indice].strip():
            continue
        inicio = posicoes[indice]
        fim = inicio + len(celulas[indice])
        dentro = [a for a in achados if inicio <= a.inicio and a.fim <= fim]
        if papel == "porta":
            for achado in achados:
                if achado.tipo_dado == "ip" and "porta" not in achado.metadados and celulas[indice].strip().isdigit():
                    achado.metadados["porta"] = celulas[indice].strip()
        elif papel == "saldo":
            achados = [a for a in achados if a not in dentro or a.campo != "valor_transacao"]
        elif not any(a.inicio < fim and inicio < a.fim for a in achados):
            novo = achado_da_coluna(papel, celulas[indice], inicio)
            if novo:
                achados.append(novo)
        else:
            for achado in dentro:
                _refinar(achado, papel)
    achados = quantias.nas_colunas(trecho.texto, achados, celulas, posicoes, papeis, plano.notacoes, plano.extrato, plano.nomes)
    for indice, papel_da_data in plano.papeis_de_data.items():  # só as colunas cujo nome dá papel à data
        if indice < len(posicoes) and (inicio := posicoes[indice]) is not None:
            fim = inicio + len(celulas[indice])
            _papel_das_datas([a for a in achados if inicio <= a.inicio and a.fim <= fim], papel_da_data)
    achados.sort(key=lambda a: (a.inicio, a.fim))
    _data_e_hora_em_colunas(achados, trecho, posicoes, celulas, plano, ctx, arquivo)
    if plano.conta_em_colunas and (conta := _conta_das_colunas(trecho.texto, achados, posicoes, celulas, papeis)):
        achados = sorted([*(a for a in achados if not (conta.inicio <= a.inicio and a.fim <= conta.fim)), conta],
                         key=lambda a: (a.inicio, a.fim))
    return Registro(trecho.localizacao, trecho.texto, [Item(a, trecho) for a in achados], extrato=plano.extrato)


def _conta_das_colunas(texto: str, achados: list[Achado], posicoes: list[int | None], celulas: tuple[str, ...],
                       papeis: dict[int, str]) -> Achado | None:
    """Banco, agência e conta em colunas (`ISPB;Agência;Conta`): uma conta, o trecho do primeiro ao último."""
    if any(a.campo == "conta_bancaria" for a in achados):
        return None
    partes = {p: i for i, p in papeis.items() if p in ("banco", "agencia", "conta") and i < len(celulas)
              and posicoes[i] is not None and re.search(r"\d", celulas[i])}
    if "conta" not in partes or "agencia" not in partes:
        return None
    indices = sorted(partes.values())
    inicio = posicoes[indices[0]] or 0
    fim = (posicoes[indices[-1]] or 0) + len(celulas[indices[-1]])
    meta = {"agencia": somente_digitos(celulas[partes["agencia"]]),
            "conta": somente_digitos(celulas[partes["conta"]]).lstrip("0") or "0"}
    if "banco" in partes and (banco := somente_digitos(celulas[partes["banco"]])):
        meta["banco"] = banco
    meta["conta_normalizada"] = "|".join(meta.get(k, "") for k in ("banco", "agencia", "conta"))
    return Achado(inicio, fim, texto[inicio:fim], "conta_bancaria", "financeiro", metadados=meta)


def _coluna_do_achado(achado: Achado, posicoes: list[int | None], celulas: tuple[str, ...]) -> int | None:
    for indice, inicio in enumerate(posicoes):
        if inicio is not None and inicio <= achado.inicio and achado.fim <= inicio + len(celulas[indice]):
            return indice
    return None


def _fuso_por_coluna(achados: list[Achado], trecho: Trecho, posicoes: list[int | None], celulas: tuple[str, ...],
                     plano: _Colunas, ctx: Contexto, arquivo: str) -> None:
    """Fuso da própria linha (coluna Fuso/tz_offset), senão o do cabeçalho da coluna, senão o de cima."""
    coluna_fuso = plano.coluna_de_fuso(celulas)
    for achado in achados:
        if achado.campo != "data_evento" or "hora" not in achado.metadados or achado.fuso:
            continue
        if coluna_fuso is not None and tempo.zona(celulas[coluna_fuso].strip()) is not None:
            achado.fuso = celulas[coluna_fuso].strip()
            if momento := tempo.instante(achado.metadados["data"], achado.metadados["hora"], achado.fuso):
                achado.metadados["instante_utc"] = tempo.iso_utc(momento)
            continue
        coluna = _coluna_do_achado(achado, posicoes, celulas) if plano.fusos else None
        declaracao = plano.fusos.get(coluna) if coluna is not None else None
        if declaracao is None:  # "Data;Hora (BRT)": o fuso está no cabeçalho da coluna da hora
            declaracao = plano.fuso_da_hora
        _fuso_do_contexto([achado], trecho, ctx, arquivo, declaracao)


def _data_e_hora_em_colunas(achados: list[Achado], trecho: Trecho, posicoes: list[int | None], celulas: tuple[str, ...],
                            plano: _Colunas, ctx: Contexto, arquivo: str) -> None:
    """Data numa coluna e hora noutra (`Data;Hora;IP`) formam o instante do registro."""
    fusos = plano.fusos
    coluna_hora = next((i for i in plano.de_hora if i < len(celulas)), None)
    if coluna_hora is None or tempo.hora(celulas[coluna_hora].strip()) is None:
        # sem coluna de hora: a hora do Pix escrita no histórico ("PIX RECEBIDO - 14:02:11", "HR 09:07:55")
        if (no_historico := quantias.hora_no_historico(celulas, plano.papeis)) is None:
            return
        coluna_hora, texto_hora = no_historico
    else:
        texto_hora = celulas[coluna_hora].strip()
    for achado in achados:
        meta = achado.metadados
        if achado.campo != "data_evento" or "hora" in meta:
            continue
        meta["hora"] = texto_hora
        coluna_fuso = plano.coluna_de_fuso(celulas)
        if coluna_fuso is not None and tempo.zona(celulas[coluna_fuso].strip()) is not None:
            achado.fuso = celulas[coluna_fuso].strip()
            if momento := tempo.instante(meta["data"], meta["hora"], achado.fuso):
                meta["instante_utc"] = tempo.iso_utc(momento)
        else:
            declaracao = fusos.get(coluna_hora) or fusos.get(_coluna_do_achado(achado, posicoes, celulas) or -1)
            _fuso_do_contexto([achado], trecho, ctx, arquivo, declaracao)


def _papel_pela_coluna(achados: list[Achado], nome_coluna: str) -> None:
    """A data de uma coluna "Data de Ativação" é uma ativação de linha."""
    if papel := rotulos.papel_da_data(nome_coluna):
        _papel_das_datas(achados, papel)


def _papel_das_datas(achados: list[Achado], papel: str) -> None:
    for achado in achados:
        if achado.campo == "data_evento":
            achado.metadados.setdefault("papel", papel)


def _refinar(achado: Achado, papel: str) -> None:
    """O papel da coluna afina o campo: um telefone numa coluna de chave Pix é uma chave Pix; onze dígitos
    numa coluna de CPF são um CPF (com DV certo), não um telefone."""
    if papel in ("cpf", "documento") and achado.campo == "telefone":
        if (documento := achado_da_coluna(papel, achado.dado, achado.inicio)) is not None:
            achado.campo, achado.tipo_dado, achado.metadados = documento.campo, documento.tipo_dado, documento.metadados
            achado.alerta = documento.alerta
        return
    if papel == "chave_pix" and achado.campo in ("telefone", "email", "cpf"):
        achado.metadados.setdefault("tipo_chave", {"telefone": "telefone", "email": "email", "cpf": "cpf"}[achado.campo])
        achado.campo, achado.tipo_dado = "chave_pix", "financeiro"
    elif papel in ("cpf", "documento") and achado.campo == "telefone":
        documento_da_coluna(achado)  # 11 dígitos na coluna do CPF: o CPF, não um celular com DDD


def _posicoes(texto: str, celulas: tuple[str, ...]) -> list[int | None]:
    """Início de cada célula dentro do texto bruto do registro (None se entre aspas escapadas)."""
    posicoes: list[int | None] = []
    cursor = 0
    for celula in celulas:
        achou = texto.find(celula, cursor) if celula else -1
        posicoes.append(achou if achou >= 0 else None)
        if achou >= 0:
            cursor = achou + len(celula)
    return posicoes


# -- planilhas (XLSX) ---------------------------------------------------------------------


def _registros_planilha(documento: Documento, ctx: Contexto) -> Iterator[Registro]:
    validos = [t for t in documento.trechos if not t.erro_celula]
    for aba, da_aba in groupby(validos, key=lambda t: t.aba):
        papeis: dict[str, str] = {}
        nomes: dict[str, str] = {}
        fusos: dict[str, Declaracao] = {}
        unix = ColunasUnix({}, {})
        for linha, celulas in groupby(da_aba, key=lambda t: t.linha_tabela):
            celulas = list(celulas)
            if not papeis and colunas.parece_cabecalho([c.texto for c in celulas]):
                papeis = {c.coluna or "": p for c in celulas if (p := colunas.papel(c.texto))}
                nomes = {c.coluna or "": c.texto for c in celulas}
                fusos = {c.coluna or "": d for c in celulas if (d := ctx.declarar_coluna(c, c.coluna or "", c.texto))}
                unix = ColunasUnix(dict(nomes), {c.coluna or "": c for c in celulas})
                continue
            registro = _registro_planilha(f"{aba}!{linha}", celulas, papeis, ctx, fusos, documento.arquivo, unix)
            quantias.na_planilha(registro.itens, celulas, papeis, nomes)
            for item in registro.itens:
                if item.trecho.coluna in nomes:
                    _papel_pela_coluna([item.achado], nomes[item.trecho.coluna])
            yield registro


def _registro_planilha(identidade: str, celulas: list[Trecho], papeis: dict[str, str], ctx: Contexto,
                       fusos: dict[str, Declaracao], arquivo: str, unix: ColunasUnix | None = None) -> Registro:
    itens: list[Item] = []
    por_papel = {papeis.get(c.coluna or ""): c for c in celulas}
    celula_fuso = por_papel.get("fuso")
    fuso_da_linha = celula_fuso.texto.strip() if celula_fuso is not None and tempo.zona(celula_fuso.texto.strip()) else None
    for celula in celulas:
        papel = papeis.get(celula.coluna or "")
        if papel in ("saldo", "fuso"):
            continue
        achados = reconhecer(celula.texto)
        if unix and (instante := unix.achado(celula.coluna or "", celula.texto, 0, arquivo)) is not None:
            achados = tempo_unix.trocar(achados, instante)
        if papel and not achados:
            if novo := achado_da_coluna(papel, celula.texto, 0):
                achados = [novo]
        for achado in achados:
            if papel:
                _refinar(achado, papel)
            if achado.campo == "data_evento" and "hora" in achado.metadados and not achado.fuso:
                if fuso_da_linha:
                    _fuso_da_celula(achado, fuso_da_linha, celula_fuso)
                else:
                    _fuso_do_contexto([achado], celula, ctx, arquivo, fusos.get(celula.coluna or ""))
            itens.append(Item(achado, celula))
    _juntar_data_e_hora(itens, por_papel, ctx, fusos, arquivo)
    _porta_da_coluna(itens, por_papel.get("porta"))
    return Registro(identidade, " ".join(c.texto for c in celulas), itens, extrato="saldo" in papeis.values())


def _fuso_da_celula(achado: Achado, fuso: str, celula: Trecho | None) -> None:
    achado.fuso = fuso
    if momento := tempo.instante(achado.metadados["data"], achado.metadados["hora"], fuso):
        achado.metadados["instante_utc"] = tempo.iso_utc(momento)
    if celula is not None:
        achado.metadados.setdefault("apoio", []).append(
            {"papel": "fuso", "pagina": None, "linha_ou_celula": celula.localizacao, "dado": fuso, "aba_planilha": celula.aba}
        )


def _juntar_data_e_hora(itens: list[Item], por_papel: dict[str | None, Trecho], ctx: Contexto,
                        fusos: dict[str, Declaracao], arquivo: str) -> None:
    """Data e hora em colunas separadas (e fuso numa terceira) formam o instante do registro."""
    celula_hora = por_papel.get("hora")
    if celula_hora is None or tempo.hora(celula_hora.texto.strip()) is None:
        return
    for item in itens:
        meta = item.achado.metadados
        if item.achado.campo == "data_evento" and "hora" not in meta and item.trecho is por_papel.get("data"):
            meta["hora"] = celula_hora.texto.strip()
            meta["apoio"] = [{"papel": "hora", "pagina": None, "linha_ou_celula": celula_hora.localizacao,
                              "dado": meta["hora"], "aba_planilha": celula_hora.aba}]
            celula_fuso = por_papel.get("fuso")
            fuso = celula_fuso.texto.strip() if celula_fuso is not None else None
            if fuso and tempo.zona(fuso):
                _fuso_da_celula(item.achado, fuso, celula_fuso)
            else:
                declaracao = fusos.get(celula_hora.coluna or "") or fusos.get(item.trecho.coluna or "")
                _fuso_do_contexto([item.achado], celula_hora, ctx, arquivo, declaracao)


def _porta_da_coluna(itens: list[Item], celula_porta: Trecho | None) -> None:
    if celula_porta is None or not celula_porta.texto.strip().isdigit():
        return
    for item in itens:
        if item.achado.tipo_dado == "ip" and "porta" not in item.achado.metadados:
            item.achado.metadados["porta"] = celula_porta.texto.strip()
            if celula_porta is not item.trecho:
                item.achado.metadados.setdefault("apoio", []).append(
                    {"papel": "porta", "pagina": None, "linha_ou_celula": celula_porta.localizacao,
                     "dado": celula_porta.texto.strip(), "aba_planilha": celula_porta.aba}
                )


def _onde(trecho: Trecho) -> str:
    partes = [f"página {trecho.pagina}"] if trecho.pagina else []
    if trecho.aba:
        partes.append(f"aba {trecho.aba}")
    partes.append(trecho.localizacao)
    return ", ".join(partes)
