"""Issue 27 (rapido27): os atalhos da linha de log e do instante dão sempre o mesmo que o caminho geral que substituem.

Cada teste compara o atalho com o caminho geral (o mesmo código com o atalho desligado, ou a forma antiga da função) nas
linhas e células dos exemplos (`test_gatilhos._linhas`) e em milhares de linhas sorteadas com a forma do log
(`test_issue_27_tabelas_grandes._linhas_de_log`: datas e horas impossíveis, células de IPv4, números e palavras).
"""

from __future__ import annotations

import datetime as dt
import random
from dataclasses import astuple

import pytest

from perito.chaves import tempo, tempo_formas
from perito.extratores import contexto as c
from perito.extratores import reconhecedores as r
from tests.test_gatilhos import LIMITES, _linhas
from tests.test_issue_27_tabelas_grandes import _linhas_de_log


@pytest.fixture(scope="module")
def linhas():
    return _linhas()


def _iso_utc_antigo(momento: dt.datetime) -> str:
    m = momento.astimezone(dt.timezone.utc)
    if m.year < 1000:
        return m.strftime("%Y-%m-%dT%H:%M:%SZ")
    return f"{m.year}-{m.month:02d}-{m.day:02d}T{m.hour:02d}:{m.minute:02d}:{m.second:02d}Z"


def test_iso_utc_e_o_do_fstring():
    """O instante em ISO UTC é o mesmo texto da forma antiga (f-string) em instantes sorteados: anos de 1 a 9999,
    deslocamentos de -14 h a +14 h, microssegundos, a virada do dia e do ano."""
    sorteio = random.Random(27)
    zonas = [dt.timezone.utc, dt.timezone(dt.timedelta(hours=-3)), dt.timezone(dt.timedelta(hours=14)),
             dt.timezone(dt.timedelta(hours=-14)), dt.timezone(dt.timedelta(hours=5, minutes=30))]
    casos = [dt.datetime(2025, 1, 1, 0, 0, 0, tzinfo=dt.timezone(dt.timedelta(hours=3))),
             dt.datetime(2024, 12, 31, 23, 59, 59, 999_999, tzinfo=dt.timezone(dt.timedelta(hours=-3))),
             dt.datetime(1000, 1, 1, 5, tzinfo=dt.timezone.utc), dt.datetime(9999, 12, 31, 10, tzinfo=dt.timezone.utc)]
    for _ in range(50_000):
        ano = sorteio.choice([sorteio.randint(2, 9998), sorteio.randint(1000, 1005), sorteio.randint(2, 999), 2025])
        casos.append(dt.datetime(ano, sorteio.randint(1, 12), sorteio.randint(1, 28), sorteio.randint(0, 23),
                                 sorteio.randint(0, 59), sorteio.randint(0, 59), sorteio.choice([0, 0, 1, 999_999]),
                                 tzinfo=sorteio.choice(zonas)))
    for momento in casos:
        assert tempo.iso_utc(momento) == _iso_utc_antigo(momento), momento
    assert sum(1 for m in casos if m.astimezone(dt.timezone.utc).year < 1000) > 1_000  # o caminho do strftime também


@pytest.mark.parametrize("mes_antes_do_dia", [False, True])
def test_data_do_comeco_ocupado_nem_procurada(linhas, mes_antes_do_dia, monkeypatch):
    """Com a posição 0 já ocupada (a data-hora do começo da linha de log), a data do começo não é procurada: os achados
    são os mesmos de procurá-la (e descartá-la pela sobreposição), nas linhas sorteadas com a forma do log (também com a
    hora impossível, em que a data sozinha é o achado) e em todas as dos exemplos, nas duas ordens das datas."""
    textos = [*_linhas_de_log(30_000, 2727), *LIMITES, *linhas]
    with tempo_formas.na_ordem(mes_antes_do_dia):
        rapidos = [[astuple(a) for a in r.reconhecer(t)] for t in textos]
        pulou = 0
        original = r._comeco_ocupado

        def contando(ocupado):
            nonlocal pulou
            resposta = original(ocupado)
            pulou += resposta
            return resposta

        monkeypatch.setattr(r, "_comeco_ocupado", contando)
        for texto in textos:
            r.reconhecer(texto)
        monkeypatch.setattr(r, "_comeco_ocupado", lambda ocupado: False)  # o caminho geral: sempre procura
        for texto, rapido in zip(textos, rapidos, strict=True):
            assert rapido == [astuple(a) for a in r.reconhecer(texto)], texto
            # e o de todo reconhecedor em toda a linha (sem o plano, que é onde a data do começo entra)
            assert rapido == [astuple(a) for a in r.reconhecer(texto, False)], texto
    # a comparação diz algo: o atalho foi tomado em muitas linhas, e muitas linhas têm só a data (a hora impossível)
    assert pulou > 2_000
    assert sum(1 for t, a in zip(textos, rapidos, strict=True)
               if r._data_hora_so_no_comeco(t) and any(x[0] == 0 and x[3] == "data_evento" and ":" not in x[2] for x in a)
               ) > 1_000


def test_comeco_ocupado():
    assert r._comeco_ocupado([(0, 19)])
    assert r._comeco_ocupado([(20, 31), (0, 10)])
    assert not r._comeco_ocupado([])
    assert not r._comeco_ocupado([(1, 19), (20, 31)])
    assert not r._comeco_ocupado([(0, 0)])  # um achado vazio em 0 não sobrepõe a data


# --- as guardas de `registro_tabela` decididas uma vez por tabela ------------------------------------------------

#: tabelas sorteadas: colunas de log, de versão, de User-Agent, do IP do servidor, de tempo Unix, de duração
_COLUNAS = ["Data", "Hora (BRT)", "Endereço IP", "IP", "Porta (origem)", "Operação", "App Version", "User-Agent",
            "IP Destino", "IP do servidor", "Server IP", "timestamp_unix", "epoch (ms)", "Duração", "Data/Hora (UTC)",
            "Versão", "build", "Valor", "Histórico", "Login", "DNS", "IP Origem", "created_at_ms", "Timestamp"]


def _celula_sorteada(sorteio: random.Random, nome: str) -> str:
    baixo = nome.lower()
    if "unix" in baixo or "epoch" in baixo or "_ms" in baixo:
        return sorteio.choice(["1741100000", "1741100000123", "12", "", "abc", "20250301031010"])
    if "dura" in baixo:
        return sorteio.choice(["00:01:02", "01:00:00", "12"])
    if "ip" in baixo or "dns" in baixo or "server" in baixo or "vers" in baixo or "build" in baixo or "agent" in baixo:
        return sorteio.choice(["177.1.0.1", "10.0.0.1", "2.25.5.74", "Mozilla/5.0 Chrome/120.0.0.0", "200.20.0.10",
                               "2804:14c:65a1:4f2e::1"])
    if "data" in baixo or "time" in baixo:
        return sorteio.choice(["01/03/2025", "2025-03-01 03:00:40", "01/03/2025 03:00:40", "32/13/2025"])
    if "hora" in baixo:
        return sorteio.choice(["03:00:40", "25:00:00", "03:00"])
    if "porta" in baixo:
        return sorteio.choice(["20000", "443", "0", "99999"])
    if "valor" in baixo:
        return sorteio.choice(["1.234,56", "-10,00", "0,00"])
    return sorteio.choice(["LOGIN", "PIX RECEBIDO - ANA", "", "x"])


def _tabelas_sorteadas(pasta, quantas: int) -> list:
    sorteio = random.Random(2727)
    caminhos = []
    for n in range(quantas):
        nomes = sorteio.sample(_COLUNAS, sorteio.randint(2, 6))
        linhas = [";".join(nomes)]
        linhas += [";".join(_celula_sorteada(sorteio, nome) for nome in nomes) for _ in range(sorteio.randint(1, 12))]
        caminho = pasta / f"tabela_{n}.csv"
        caminho.write_text("\n".join(linhas) + "\n", encoding="utf-8")
        caminhos.append(caminho)
    return caminhos


def _registros_de_todas(documentos) -> list:
    from perito.extratores.contexto import Contexto
    from perito.extratores.motor.tabela import registros_tabela

    saida = []
    for documento in documentos:
        for registro in registros_tabela(documento, Contexto(documento)):
            saida.append((documento.arquivo, registro.identidade, registro.texto,
                          [(astuple(i.achado), i.trecho.localizacao) for i in registro.itens]))
    return saida


def test_guardas_da_tabela_sao_o_caminho_geral(tmp_path, monkeypatch):
    """Sem coluna de versão, de User-Agent ou do IP do servidor, `ips_de_outra_coisa` não roda; sem coluna de duração,
    `_sem_hora_da_duracao` também não; e as colunas de tempo que já se decidiram não ser de tempo Unix não são
    olhadas de novo a cada linha. Os registros de todas as tabelas dos exemplos e de tabelas sorteadas (com e sem essas
    colunas) são os mesmos do caminho geral, em que as três rodam em toda linha."""
    from perito.extratores import tempo_unix
    from perito.extratores.motor import tabela
    from perito.leitura.inventario import listar
    from perito.leitura.leitor import ler_documento
    from tests.test_gatilhos import PASTAS

    arquivos = [(a.caminho, a.nome, a.tipo) for pasta in PASTAS if pasta.is_dir() for a in listar(pasta)
                if a.tipo in ("csv", "docx", "html", "pdf", "txt") and not a.membro]
    arquivos += [(c, c.name, "csv") for c in _tabelas_sorteadas(tmp_path, 300)]
    documentos = [ler_documento(*a) for a in arquivos]
    rapidos = _registros_de_todas(documentos)

    guardas = {"ips": 0, "unix": 0}
    original_ips = tabela.algum_ip_de_outra_coisa
    monkeypatch.setattr(tabela, "algum_ip_de_outra_coisa", lambda nomes: guardas.__setitem__(
        "ips", guardas["ips"] + (not original_ips(nomes))) or True)
    achado_original = tempo_unix.ColunasUnix.achado

    def sempre_olhando(self, *args):
        resposta = achado_original(self, *args)
        guardas["unix"] += self.nenhuma
        self.nenhuma = False  # o caminho geral: toda coluna olhada em toda linha
        return resposta

    monkeypatch.setattr(tempo_unix.ColunasUnix, "achado", sempre_olhando)
    geral = _registros_de_todas(documentos)
    assert rapidos == geral
    # a comparação diz algo: tabelas sem coluna de outra coisa, com coluna de tempo que não é Unix, e com as outras
    assert guardas["ips"] > 100 and guardas["unix"] > 100
    assert any(tabela.algum_ip_de_outra_coisa({0: nome}) for nome in _COLUNAS)
    assert sum(len(r[3]) for r in rapidos) > 2_000
    # sem coluna de duração, a função da duração não muda nenhum achado de nenhuma linha
    for documento in documentos:
        for trecho in documento.trechos:
            achados = r.reconhecer(trecho.texto)
            assert tabela._sem_hora_da_duracao(achados, trecho.texto, [0] * 8, frozenset()) is achados


# --- o número de linha do local "linha N" sem o padrão ------------------------------------------------------------

def _numero_pelo_padrao(texto: str) -> int | None:
    from perito import derrame

    achada = derrame._LINHA.search(texto)
    return derrame._numero(achada) if achada else None


def test_numero_do_local_e_o_do_padrao():
    """O número de linha lido de "linha N" sem o padrão é o do padrão (`_LINHA`) em locais sorteados: de CSV e de TXT,
    com zeros à esquerda, algarismos de outras escritas (que o `\\d` também aceita), sinal, espaço, fração, sufixo,
    prefixo, de planilha, de página, vazios."""
    from perito import derrame

    sorteio = random.Random(27)
    pedacos = ["linha ", "linha", "Linha ", " linha ", "celula B", "Acessos!", "pagina 3 linha ", "x", "", " "]
    cauda = ["0", "1", "12", "0012", "100001", "٣", "١٢", "²", "½", "-1", "+2", " 3", "3 ", "3x", "3.5", "1_000", "\u0663\u0664"]
    for _ in range(50_000):
        texto = sorteio.choice(pedacos) + "".join(sorteio.choice(cauda) for _ in range(sorteio.randint(0, 3)))
        assert derrame._numero_do_local(texto) == _numero_pelo_padrao(texto), texto
    for numero in (0, 1, 2, 299, 300, 301, 10**6):
        assert derrame._numero_do_local(f"linha {numero}") == numero
        dado = {"linha_ou_celula": f"linha {numero}", "metadados": {"registro": f"linha {numero + 1}"}}
        assert (derrame.linha_do_registro(dado), derrame.linha_do_dado(dado)) == (numero + 1, numero)


# --- a data do documento: só as linhas que podem ter a data da emissão são reconhecidas -------------------------

def _coberta(sequencia, palavras) -> bool:
    """Todo casamento de `sequencia` (árvore do `re._parser`) contém uma das `palavras`: uma sequência de letras
    obrigatórias a contém, ou um grupo obrigatório é coberto, ou todas as alternativas de um ramo obrigatório são."""
    import re._constants as c

    letras = ""
    for op, valor in sequencia:
        if op is c.LITERAL:
            letras += chr(valor).lower()
            if any(p in letras for p in palavras):
                return True
            continue
        letras = ""
        if op is c.SUBPATTERN and _coberta(valor[3], palavras):
            return True
        if op is c.BRANCH and all(_coberta(alternativa, palavras) for alternativa in valor[1]):
            return True
    return False


def test_toda_alternativa_da_emissao_exige_uma_palavra_do_atalho():
    import re
    import re._parser as parser

    from perito.extratores import rotulos
    from perito.extratores.motor import ano_do_relato

    palavras = ano_do_relato._PODE_SER_EMISSAO.pattern.split("|")
    assert ano_do_relato._PODE_SER_EMISSAO.flags & re.IGNORECASE
    emissao = dict(rotulos._PAPEIS_DE_DATA)["emissao_documento"]
    arvore = parser.parse(emissao, re.IGNORECASE)
    assert _coberta(arvore, palavras)
    # e o teste pega a alternativa sem palavra
    assert not _coberta(parser.parse(emissao + r"|data\s+do\s+documento", re.IGNORECASE), palavras)
    assert not _coberta(parser.parse(r"s[ãa]o\s+pau?lo", re.IGNORECASE), palavras)
    assert _coberta(parser.parse(r"x(?:emiss|gerad)o", re.IGNORECASE), palavras)


_EMISSOES = ["São Paulo, 05 de agosto de 2025.", "SAO PAULO, 5 de agosto de 2025", "Relatório gerado em 01/02/2025",
             "Gerado em 01/02/2025 10:00:00", "  gerada em 2025-02-01", "EMITIDO EM 20/06/2025 às 10:22:31",
             "Documento impresso em 20/06/2025", "Data de emissão: 20/06/2025", "Data da impressão 20/06/2025",
             "Generated: 2025-03-01 10:00:00 UTC", "reportGenerated 2025-03-01", "dataDaConsulta 2025-03-01",
             "Data da consulta: 01/03/2025", "Lavrado em 02/03/2025", "Registrado em 02/03/2025 às 10h",
             "o boleto gerado em 12/06/2025 foi pago", "Extrato gerado em 01/01/2026", "Emitida em 3 de março de 2025",
             "Impressa em 03/03/2025", "São Paulo, 10 de março de 2024", "Brasília, 05 de agosto de 2025"]


def test_data_do_documento_e_a_da_procura_em_toda_linha(monkeypatch):
    """A data do documento (a última emissão dita) é a mesma reconhecendo só as linhas com uma palavra da emissão e
    reconhecendo toda linha com ano: nos documentos dos exemplos e em documentos sorteados com linhas de emissão
    (também em camelCase, maiúsculas, sem acento) entre linhas de acesso e de prosa."""
    import re

    from perito.extratores.motor import ano_do_relato
    from perito.leitura.documento import Documento, Trecho
    from perito.leitura.inventario import listar
    from perito.leitura.leitor import ler_documento
    from tests.test_gatilhos import PASTAS

    documentos = [ler_documento(a.caminho, a.nome, a.tipo) for pasta in PASTAS if pasta.is_dir()
                  for a in listar(pasta) if a.tipo and not a.membro]
    sorteio = random.Random(27)
    outras = [*_linhas_de_log(3_000, 7), "A vítima relatou em 02/03/2025 que fez um Pix.", "2025-03-01 00:00:00 1.2.3.4"]
    for n in range(300):
        linhas = [sorteio.choice(outras) for _ in range(sorteio.randint(0, 15))]
        for _ in range(sorteio.randint(0, 3)):
            linhas.insert(sorteio.randint(0, len(linhas)), sorteio.choice(_EMISSOES))
        documentos.append(Documento(arquivo=f"sorteado_{n}.txt", tipo="txt", trechos=[
            Trecho(None, f"linha {i + 1}", texto, "texto") for i, texto in enumerate(linhas)]))

    def resumo(achada):
        return None if achada is None else (achada.trecho.localizacao, achada.escrita, achada.data)

    rapidas = [resumo(ano_do_relato.data_do_documento(d)) for d in documentos]
    monkeypatch.setattr(ano_do_relato, "_PODE_SER_EMISSAO", re.compile(""))  # o caminho geral: toda linha com ano
    assert rapidas == [resumo(ano_do_relato.data_do_documento(d)) for d in documentos]
    assert sum(r is not None for r in rapidas) > 150  # a comparação diz algo: muitos têm a data da emissão


# --- a notação das linhas para de contar quando o resultado não muda mais -----------------------------------------

def _notacao_contando_tudo(textos):
    from perito.chaves import dinheiro
    from perito.extratores import quantias

    ponto = brasileiros = 0
    centavos = False
    for texto in textos:
        if not brasileiros:
            if dinheiro.declara_centavos(texto) and quantias._FALA_DE_VALOR.search(texto):
                centavos = True
            brasileiros += len(dinheiro.PADRAO_VALOR.findall(texto))
        ponto += len(dinheiro.PADRAO_NUMERO_PONTO.findall(texto))
    if centavos and not brasileiros:
        return "centavos"
    if ponto >= 2:
        return "us" if not brasileiros else "mista"
    return None


def test_notacao_das_linhas_e_a_de_contar_todas(linhas):
    """A notação das linhas, que para de contar no primeiro valor brasileiro com dois números de ponto vistos, é a de
    contar todas as linhas: em sequências sorteadas das linhas dos exemplos e de linhas de extrato nas três notações,
    com a declaração de centavos, e em todos os documentos de exemplo inteiros."""
    from perito.extratores import quantias

    sorteio = random.Random(27)
    extrato = ["01/03/2025 PIX RECEBIDO - ANA 5315,19 1.000,00", "01/03/2025 PIX 1,234.56 10.00", "Valores em centavos",
               "valor (em centavos) 123456", "2025-03-01 TED 1234.56", "Saldo 1.000,00", "1.2.3.4 porta 443", "R$ 10,00"]
    amostras = [linhas]
    for _ in range(3_000):
        amostras.append([sorteio.choice(extrato if sorteio.random() < 0.6 else linhas)
                         for _ in range(sorteio.randint(0, 12))])
    resultados = set()
    for textos in amostras:
        esperado = _notacao_contando_tudo(textos)
        assert quantias.notacao_das_linhas(iter(textos)).notacao == esperado, textos
        resultados.add(esperado)
    assert resultados == {None, "us", "mista", "centavos"}  # as quatro respostas aparecem


# --- as declarações de fuso: o primeiro e o último horário, sem procurar a data-hora em toda linha ---------------

# (cópia da versão anterior a rapido27, com os nomes do módulo `c`)
def _ler_declaracoes_antigo(self) -> None:
    """`Contexto._ler_declaracoes` como era: a data-hora procurada em toda linha (o caminho geral)."""
    primeiro_horario: dict[int | None, int] = {}  # página → ordem do primeiro trecho com data-hora
    ultimo_horario = -1
    for i, trecho in enumerate(self.documento.trechos):
        if (trecho.celulas is not None and c._preenchidas(trecho.celulas) > 1) or trecho.coluna is not None:
            # registros e células de tabela: o cabeçalho declara por coluna (declarar_coluna); a linha de um CSV
            # com uma célula só preenchida ("CONEXÕES DE DADOS (HORÁRIO DE BRASÍLIA);;;;") é o título de uma
            # seção, lido como texto
            continue
        tem_horario = bool(tempo.PADRAO_DATA_HORA.search(trecho.texto))
        fuso = self._fuso_de_cabecalho_textual(trecho.texto)
        escopo = "tabela"
        if fuso is None:
            fuso = c.fuso_declarado_na_linha(trecho.texto)
            # antes de qualquer data-hora do documento: preâmbulo; depois, vale para a página (cabeçalho repetido)
            escopo = "pagina" if primeiro_horario else "documento"
        if fuso is None and (fuso := c.fuso_do_titulo(trecho.texto)) is not None:
            escopo = "tabela"  # o título de uma seção vale para o que vem embaixo dele, até o próximo
        if fuso is not None:
            self.declaracoes.append(c.Declaracao("fuso", fuso, escopo, trecho, i))
        if tem_horario:
            primeiro_horario.setdefault(trecho.pagina, i)
            ultimo_horario = i
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
        if (fuso := c.fuso_declarado_na_linha(trecho.texto)) and (sozinha or not (
            c.colunas.papel(trecho.texto) is not None and len(trecho.texto.split()) <= 4  # nome de coluna
            and not c._ROTULO_E_VALOR.search(trecho.texto)  # "Zona horaria: BRT" é declaração, não nome de coluna
        )):
            # célula de título de planilha ("Horários em UTC-03:00") vale para a aba
            self.declaracoes.append(c.Declaracao("fuso", fuso, "pagina", trecho, i))
        elif sozinha and (fuso := c.fuso_do_titulo(trecho.texto)):
            # "Conexões (UTC)" sozinha na linha: o título da seção de baixo
            self.declaracoes.append(c.Declaracao("fuso", fuso, "tabela", trecho, i))
    self._promover_na_pasta(self.declaracoes[primeira_celula:])


def _todos_os_horarios(trechos, lidos):
    from perito.chaves import tempo

    com = [i for i in lidos if tempo.PADRAO_DATA_HORA.search(trechos[i].texto)]
    return (com[0] if com else None), (com[-1] if com else -1)


_FRASES_DE_FUSO = ["Todos os horários estão em UTC", "Horário de Brasília", "* Horários em UTC-03:00", "Time zone: GMT",
                   "Os horários abaixo estão em UTC", "Os horários a seguir estão no horário de Brasília",
                   "Conexões (UTC)", "Data Hora (BRT) IP", "Times are shown in UTC.", "Fuso: America/Sao_Paulo",
                   # a frase de fuso na mesma linha da primeira (ou da última) data-hora
                   "Em 01/03/2025 10:00:00. Todos os horários estão em UTC",
                   "01/03/2025 10:00:00 Os horários abaixo estão em UTC"]


def test_declaracoes_de_fuso_sao_as_da_procura_em_toda_linha(monkeypatch):
    """As declarações de fuso do contexto (valor, escopo, onde) e os alertas, achando só o primeiro e o último trecho com
    data-hora, são os de procurar a data-hora em toda linha: nos documentos dos exemplos e em documentos sorteados com
    frases de fuso antes, entre e depois das linhas com data-hora, em páginas, e com linhas de tabela."""
    from perito.extratores import contexto
    from perito.leitura.documento import Documento, Trecho
    from perito.leitura.inventario import listar
    from perito.leitura.leitor import ler_documento
    from tests.test_gatilhos import PASTAS

    documentos = [ler_documento(a.caminho, a.nome, a.tipo) for pasta in PASTAS if pasta.is_dir()
                  for a in listar(pasta) if a.tipo and not a.membro]
    sorteio = random.Random(27)
    outras = [*_linhas_de_log(2_000, 9), "Extrato de conta", "Cliente: ANA", "", "Página 1 de 2", "Saldo 10,00"]
    for n in range(400):
        trechos = []
        for i in range(sorteio.randint(0, 25)):
            texto = sorteio.choice(_FRASES_DE_FUSO if sorteio.random() < 0.25 else outras)
            celulas = tuple(texto.split(";")) if sorteio.random() < 0.15 else None
            trechos.append(Trecho(sorteio.choice([None, 1, 2, 3]) if n % 2 else None, f"linha {i + 1}", texto, "texto",
                                  celulas=celulas))
        documentos.append(Documento(arquivo=f"sorteado_{n}.txt", tipo=sorteio.choice(["txt", "pdf", "csv"]),
                                    trechos=trechos))

    # e, de propósito, a frase com data-hora como a primeira, a do meio e a última linha com data-hora
    for frase in _FRASES_DE_FUSO[-2:]:
        for linhas in ([frase, "02/03/2025 11:00:00 1.2.3.4"], ["02/03/2025 11:00:00 1.2.3.4", frase],
                       ["Extrato", frase, "x", "02/03/2025 11:00:00 1.2.3.4", frase, "Página 1"]):
            documentos.append(Documento(arquivo="frase.txt", tipo="txt", trechos=[
                Trecho(None, f"linha {i + 1}", texto, "texto") for i, texto in enumerate(linhas)]))

    def resumo(documento):
        ctx = contexto.Contexto(documento)
        return [(d.tipo, d.valor, d.escopo, d.ordem, d.trecho.localizacao) for d in ctx.declaracoes], ctx.alertas

    rapidos = [resumo(d) for d in documentos]
    monkeypatch.setattr(contexto, "primeiro_e_ultimo_horario", _todos_os_horarios)  # o caminho geral do atalho
    assert rapidos == [resumo(d) for d in documentos]
    monkeypatch.setattr(contexto.Contexto, "_ler_declaracoes", _ler_declaracoes_antigo)  # e a função como era
    assert rapidos == [resumo(d) for d in documentos]
    # a comparação diz algo: declarações de página, de documento e de tabela aparecem
    escopos = {d[2] for declaracoes, _ in rapidos for d in declaracoes}
    assert {"pagina", "documento", "tabela"} <= escopos
    assert sum(1 for declaracoes, _ in rapidos if declaracoes) > 200
