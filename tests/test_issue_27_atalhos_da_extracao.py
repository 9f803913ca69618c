"""Issue 27: os atalhos da extração (condição necessária antes de um padrão caro, resultado guardado por texto) dão
sempre o mesmo que o caminho lento que substituem.

Cada teste compara o atalho com o padrão original em todas as linhas e células dos casos de exemplo e das variantes
(`test_gatilhos._linhas`) e em milhares de textos sorteados de pedaços que ficam no limite de cada padrão.
"""

from __future__ import annotations

import random

import pytest

from perito.chaves import mascara
from tests.test_gatilhos import LIMITES, _linhas


@pytest.fixture(scope="module")
def linhas():
    return _linhas()


def _sorteados(pedacos: list[str], quantos: int, semente: int) -> list[str]:
    """Textos de 1 a 6 pedaços, colados ou separados por espaço, com um caractere trocado às vezes."""
    sorteio = random.Random(semente)
    textos = []
    for _ in range(quantos):
        partes = [sorteio.choice(pedacos) for _ in range(sorteio.randint(1, 6))]
        texto = "".join(p + sorteio.choice(("", " ", "  ", " - ", ";", "|")) for p in partes)
        if texto and sorteio.random() < 0.5:
            i = sorteio.randrange(len(texto))
            texto = texto[:i] + sorteio.choice("0123456789*•●·xX#.,-_ +eAa¢") + texto[i + 1:]
        textos.append(texto)
    return textos


_PEDACOS_DE_MASCARA = [
    "***.456.789-**", "•••.456.789-••", "XXX.456.789-XX", "xxx.123.456-xx", "###.046.285-##", "●●●.111.222-●●",
    "···.333.444-··", "***.***.***-**", "123.***.789-**", "+ee.080.779-c0", "¢¢**.197.837-*¢", "¢e¢.214.776-+¢",
    "*tk 456.789-+*", "ee 456,789_+", "AG.123.456-7X", "111.444.777-35", "111444777-35", "12.345.678/0001-90",
    "PIX RECEBIDO - MARIA OLIVEIRA LIMA", "CPF", "1.000,00", "5315,19", "01/03/2025 00:00:00", "Cliente:", "123.456.",
    "***.456.", "456.789-", "456,789_", "x", "X", "*", "-", ".", "_", "9", "99", "999",
]


def test_casamentos_da_mascara_sao_os_do_padrao(linhas):
    textos = [*LIMITES, *linhas, *_PEDACOS_DE_MASCARA, *_sorteados(_PEDACOS_DE_MASCARA, 20_000, 27)]
    com_mascara = 0
    for texto in textos:
        lento = tuple((m.start(), m.group(0)) for m in mascara.PADRAO_CPF_MASCARADO.finditer(texto))
        assert mascara.casamentos(texto) == lento, texto
        # a condição é necessária: nenhum texto com máscara é recusado por ela
        assert mascara._POSSIVEL.search(texto) is not None or not lento, texto
        com_mascara += bool(lento)
    assert com_mascara > 1000  # a comparação diz algo: muitos textos têm máscara


def _caixas(frases: list[str]) -> list[str]:
    """Cada frase em maiúsculas, minúsculas e como escrita, e com as letras que o padrão sem caixa iguala a ASCII e o
    lower() não ("ſ" = "s", "ı" e "İ" = "i", "K" = "k")."""
    saida = []
    for frase in frases:
        for forma in (frase, frase.upper(), frase.lower(), frase.title()):
            saida += [forma, forma.replace("s", "\u017f"), forma.replace("i", "\u0131"), forma.replace("I", "\u0130"),
                      forma.replace("k", "\u212a").replace("K", "\u212a")]
    return list(dict.fromkeys(saida))


#: um texto que casa cada alternativa dos padrões de operação, de lado e da situação de espera (e vizinhos que não)
_FRASES_DE_LANCAMENTO = _caixas([
    "DEVOLUÇÃO", "Devolucao", "devolvido", "DEVOLVIDA", "ESTORNO", "estornado", "ESTORNADA", "REVERSÃO", "reversao",
    "MED", "Pix - Devolução MED", "chargeback", "BLOQ", "BLOQUEIO", "DESBLOQ", "desbloqueio", "BLOQUEADO",
    "desbloqueada", "CAUTELAR", "SISBAJUD", "BACENJUD", "CONSTRIÇÃO", "constricao", "PENHORA", "RECUSADO",
    "recusadas", "REJEITADO", "rejeitadas", "CANCELADO", "canceladas", "NEGADA", "negados", "EXPIRADO", "expiradas",
    "FALHOU", "falhado", "FALHADAS", "NÃO EFETIVADO", "nao realizada", "NÃO CONCLUÍDO", "nao concluidas",
    "NAO AUTORIZADO", "não aprovadas", "NÃO PROCESSADO", "NAO COMPLETADA", "não liquidado", "NÃO  EXECUTADOS",
    "SEM SUCESSO", "sem\tsucesso", "DECLINED", "failed", "REJECTED", "CANCELED", "cancelled", "LANÇAMENTO_FUTURO",
    "LANCAMENTO FUTURO", "TRANSAÇÃO_PROCESSANDO", "transacao processando", "COMPRA", "compras", "TARIFA", "tarifas",
    "IOF", "JUROS", "RENDIMENTO", "rendimentos", "RENTABILIDADE", "APLICAÇÃO", "aplicacao", "ANUIDADE",
    "CESTA DE SERVIÇOS", "cesta de servicos",
    "ENVIADO", "enviada", "EMITIDO", "emitida", "DÉBITO", "debito", "PAGAMENTO", "SAQUE", "TRANSFERÊNCIA ENVIADA",
    "transferencia  enviada", "SAÍDA", "saida", "PIX_OUT", "CASH-OUT", "TED OUT", "DOCOUT", "TRANSFER_OUT",
    "Pix sent", "TRANSFER SENT", "payment sent", "TED SENT", "10,00 D", "10,00 D \n", "10,00 d", "10,00\tD",
    "RECEBIDO", "recebida", "RECEBEU", "CRÉDITO", "credito", "CREDITADO", "creditada", "ORIUNDO", "oriunda",
    "DEPÓSITO", "deposito", "ENTRADA", "PIX_IN", "CASH-IN", "TED IN", "DOCIN", "TRANSFER IN", "Pix received",
    "PAYMENT RECEIVED", "10,00 C", "10,00 c  ", "10,00\tC\n",
    "Status: PENDENTE", "situação = agendado", "STATE: pending", "estado: em análise", "Situacao: Processando",
    "status=\"SCHEDULED\"", "STATUS - ON HOLD", "estado : aguardando liberação do banco",
    # vizinhos: as palavras coladas ou pela metade
    "MEDEIROS", "PIXOUT", "OUTRO", "SENTIDO", "COMPRADOR", "DEVOLVER", "CANCELAMENTO", "PROCESSAMENTO", "ESTADOS",
    "STATUSQUO", "REALIZADO", "EFETIVADO", "DEBITOS", "CREDITOS", "INVESTIGADA", "VITIMA", "vítima", "AUTORA",
    "Autor(a)", "suspeito", "COMUNICANTE", "declarante", "indiciado",
])
_PEDACOS_DE_LANCAMENTO = [*_FRASES_DE_LANCAMENTO, "PIX RECEBIDO - MARIA OLIVEIRA LIMA", "5315,19", "1.000,00", "-",
                          "01/03/2025 00:00:00", "JOSE CARLOS DA SILVA", "D", "C", "d", "c", "\n", " "]


def _lancamentos(linhas: list[str]) -> list[str]:
    return [*LIMITES, *linhas, *_FRASES_DE_LANCAMENTO, *_sorteados(_PEDACOS_DE_LANCAMENTO, 30_000, 2027)]


def test_operacao_escrita_e_a_dos_padroes(linhas):
    from perito.extratores import montagem

    achadas = set()
    for texto in _lancamentos(linhas):
        lenta = next((n for n, padrao in montagem._OPERACOES if padrao.search(texto)), None)
        assert montagem._operacao_escrita(texto) == lenta, texto
        achadas.add(lenta)
    assert achadas == {None, "devolucao", "bloqueio", "nao_efetivada", "consumo"}


def test_situacao_de_espera_rotulada_e_a_do_padrao(linhas):
    from perito.extratores import montagem

    casam = 0
    for texto in _lancamentos(linhas):
        lenta = montagem._SITUACAO_DE_ESPERA_ROTULADA.search(texto) is not None
        assert montagem._situacao_de_espera_rotulada(texto) == lenta, texto
        casam += lenta
    assert casam > 100


def test_lados_so_deixam_de_rodar_onde_o_padrao_nao_casa(linhas):
    from perito.extratores import montagem

    debitos = creditos = 0
    for texto in _lancamentos(linhas):
        if montagem._DEBITO.search(texto):
            assert montagem._pode_ser_debito(texto), texto
            debitos += 1
        if montagem._CREDITO.search(texto):
            assert montagem._pode_ser_credito(texto), texto
            creditos += 1
    assert debitos > 1000 and creditos > 1000


def test_condicao_do_envolvido_so_deixa_de_rodar_onde_o_padrao_nao_casa(linhas):
    from perito.extratores import rotulos

    casam = 0
    for texto in _lancamentos(linhas):
        if rotulos._CONDICAO_ESCRITA.search(texto):
            assert rotulos.tem_alguma(texto, texto.lower(), rotulos._PALAVRAS_DA_CONDICAO), texto
            casam += 1
    assert casam > 500


_FRASES_DE_CADASTRO = _caixas([
    "Renda", "renda mensal:", "Salário", "SALARIO", "faturamento anual", "Patrimônio", "patrimonio", "Limite",
    "CAPITAL", "capital social", "Score", "income", "Credit limit", "credit  limit", "Lat", "latitude", "Long",
    "longitude", "lng", "lon", "ALTITUDE", "Precisão", "precisao", "accuracy", "raio", "radius", "Distância",
    "distancia", "distance", "velocidade", "speed", "azimute", "azimuth", "Saldo", "LATAM", "PLATAFORMA", "limites",
])
_PEDACOS_DE_VALOR = [*_FRASES_DE_CADASTRO, ":", " ", "R$ 1.234,56", "-23,550520", "2.500,00", "10,00", "1,75 m",
                     "PIX RECEBIDO - MARIA LIMA", "\n", "=", "12"]


def test_valor_de_cadastro_e_o_dos_padroes(linhas):
    from perito.extratores import reconhecedores as r

    textos = [*LIMITES, *linhas, *_FRASES_DE_CADASTRO, *_sorteados(_PEDACOS_DE_VALOR, 6_000, 45)]
    casam = 0
    for texto in textos:
        for inicio in range(len(texto) + 1):
            lento = r._ROTULO_DE_CADASTRO.search(texto, max(0, inicio - 45), inicio) is not None or (
                r._ROTULO_DE_MEDIDA.search(texto, max(0, inicio - 30), inicio) is not None)
            assert r._de_cadastro(texto, inicio) == lento, (texto, inicio)
            casam += lento
    assert casam > 10_000


#: linhas no limite dos gatilhos do fuso solto, da hora antes da data, da data do Java e das horas soltas
_PEDACOS_DE_TEMPO = [
    "14:20:05", "14h20", "10H40min", "9h05", "às", "de", "DE", "do dia", "no dia", "em", "EM", "on", "On", "18/09/2025",
    "2025-09-18", "15.03.2025", "UTC", "GMT", "BRT", "BRST", "AMT", "AMST", "FNT", "-03:00", "+00:00", "-0300", "-03",
    "UTC-3", "GMT-03:00", "horário de Brasília", "hora oficial de Brasília", "Brasília time", "America/Sao_Paulo",
    "Pacific Time", "Eastern Standard Time", "Sat Aug 02 10:10:44 BRT 2025", "sun Aug 02 13:10:44 +0000 2025",
    "Mon", "Tuesday", "\u017fat", "S\u0130X", "PIX RECEBIDO - MARIA LIMA", "1.000,00", "-6.174,97", "|", ";", ",",
    "\t", "IP 187.34.56.78", "porta 51234", "3:20:11 PM", "Aug", "02", "2025", "LOGIN", "(UTC)", "Z", "T",
    # o fuso solto numa coluna à parte da data-hora
    "18/09/2025 14:20:05 LOGIN -03:00", "2025-09-18 14:20:05 | 187.34.56.78 | +00:00", "18/09/2025 14:20:05;OK;-02:00",
    "22/08/23 12:08:33 ::ffff:1.2.3.4 49865 +00:00 OK", "18/09/2025 14:20:05 - PIX - +01:30",
]


def test_gatilhos_do_tempo_nao_mudam_nenhum_achado():
    from dataclasses import astuple

    from perito.extratores.reconhecedores import reconhecer

    textos = [*_PEDACOS_DE_TEMPO, *_sorteados(_PEDACOS_DE_TEMPO, 12_000, 1527)]
    com_tempo = 0
    for texto in textos:
        rapido = [astuple(a) for a in reconhecer(texto)]
        assert rapido == [astuple(a) for a in reconhecer(texto, False)], texto
        com_tempo += any(a[3] == "data_evento" for a in rapido)
    assert com_tempo > 2_000


def test_horas_soltas_sao_as_dos_dois_padroes():
    from perito.chaves import tempo
    from perito.extratores.motor.linhas import _horas_soltas
    from perito.extratores.reconhecedores import reconhecer
    from perito.leitura.documento import Trecho

    def lento(texto, achados, trecho):
        horas = []
        for padrao in (tempo.PADRAO_HORA, tempo.PADRAO_HORA_H):
            for m in padrao.finditer(texto):
                if any(a.inicio < m.end() and m.start() < a.fim for a in achados):
                    continue
                if m.start() > 0 and texto[m.start() - 1] in "+-−":
                    continue
                if tempo.hora(m.group(0)) is not None:
                    horas.append((m.group(0), m.start()))
        return sorted(horas, key=lambda h: h[1])

    achadas = 0
    for texto in [*_PEDACOS_DE_TEMPO, *_sorteados(_PEDACOS_DE_TEMPO, 8_000, 77)]:
        trecho = Trecho(1, "linha 1", texto, "texto")
        for achados in ([], reconhecer(texto)):
            rapido = [(h.texto, h.inicio) for h in _horas_soltas(texto, achados, trecho)]
            assert rapido == lento(texto, achados, trecho), texto
            achadas += any("h" in h[0].lower() for h in rapido)
    assert achadas > 500


def test_notacao_das_linhas_e_a_da_contagem_inteira(linhas):
    from perito.chaves import dinheiro
    from perito.extratores import quantias

    def lenta(textos):
        ponto = brasileiros = 0
        centavos = False
        for texto in textos:
            if dinheiro.declara_centavos(texto) and quantias._FALA_DE_VALOR.search(texto):
                centavos = True
            brasileiros += len(dinheiro.PADRAO_VALOR.findall(texto))
            ponto += len(dinheiro.PADRAO_NUMERO_PONTO.findall(texto))
        if centavos and not brasileiros:
            return quantias.NotacaoDoTexto("centavos")
        if ponto >= 2:
            return quantias.NotacaoDoTexto("us" if not brasileiros else "mista")
        return quantias.NotacaoDoTexto(None)

    pedacos = ["1,985.00", "3.226,10", "1.000,00", "10.50", "R$ 12.30", "Valores em centavos", "valor (centavos)",
               "Amount", "Valor", "123456", "PIX RECEBIDO", "USD 1,200.00", "2.350", "1.2.3.4"]
    sorteio = random.Random(8)
    notacoes = set()
    for _ in range(4_000):
        textos = [" ".join(sorteio.choice(pedacos) for _ in range(sorteio.randint(1, 4))) for _ in range(sorteio.randint(0, 6))]
        if sorteio.random() < 0.2:
            textos += sorteio.sample(linhas, 20)
        assert quantias.notacao_das_linhas(textos) == lenta(textos), textos
        notacoes.add(lenta(textos).notacao)
    assert notacoes == {None, "us", "mista", "centavos"}


_FRASES_DE_HORARIO = _caixas([
    "Times are shown in UTC", "All timestamps in GMT", "Date range: 01/03/2025 - 31/03/2025", "Datas em BRT",
    "hours (UTC-3)", "Horários em horário de Brasília", "Horário de Brasília", "horas", "Fuso horário: GMT-03:00",
    "fuso_horario=UTC", "Time zone: America/Sao_Paulo", "timezone UTC", "zone UTC", "Zona horaria: UTC-5",
    "huso horario: UTC-3", "expressed in UTC", "displayed in PST", "Período: 01/03 a 31/03", "periodo", "Intervalo",
    "Generated at 2025-03-01 10:00:00 UTC", "Emitido em 02/03/2025", "tempo", "hoje", "super", "DATE", "HORÁRIO",
])


def test_fala_de_horario_so_deixa_de_rodar_onde_o_padrao_nao_casa(linhas):
    from perito.extratores import contexto, rotulos

    casam = 0
    for texto in [*LIMITES, *linhas, *_FRASES_DE_HORARIO, *_sorteados([*_FRASES_DE_HORARIO, *_PEDACOS_DE_TEMPO], 8_000, 5)]:
        if contexto._FALA_DE_HORARIO.search(texto):
            assert rotulos.tem_alguma(texto, texto.lower(), contexto._PALAVRAS_DE_HORARIO), texto
            casam += 1
    assert casam > 3_000


def test_linha_de_prosa_guardada_e_a_calculada(linhas):
    from perito.extratores import frases_da_linha

    for texto in [*linhas, *_FRASES_DE_LANCAMENTO]:
        assert frases_da_linha.linha_de_prosa(texto) == frases_da_linha.linha_de_prosa.__wrapped__(texto), texto
        assert frases_da_linha.linha_de_prosa(texto) == frases_da_linha.linha_de_prosa.__wrapped__(texto), texto


def test_colunas_com_casas_decimais_sao_as_de_todas_as_celulas():
    from perito.extratores import quantias
    from perito.leitura.documento import Trecho

    textos = ["62,3", " -1750,5 ", "1.000,00", "10.50", "+ 3,25", "−7,1", "200.20.0.10", "01/03/2025", "LOGIN", "",
              "12", "3,", ",5", "1,234", "abc,12", " 9.99\n", "1.2.3", "-", "R$ 5,00"]
    sorteio = random.Random(3)
    achadas = set()
    for _ in range(3_000):
        celulas = [Trecho(1, f"celula {col}{n}", sorteio.choice(textos), "openpyxl", coluna=col)
                   for n in range(sorteio.randint(0, 12)) for col in [sorteio.choice(("A", "B", "C", None))]]
        lenta = frozenset(c.coluna for c in celulas if c.coluna and quantias._COM_CASAS.fullmatch(c.texto.strip()))
        assert quantias.colunas_com_casas_decimais(iter(celulas)) == lenta
        achadas.add(len(lenta))
    assert achadas == {0, 1, 2, 3}


_PEDACOS_DE_HISTORICO = [
    *_caixas(["Transferência recebida pelo Pix", "TRANSFERENCIA ENVIADA PIX", "Transf. Pix recebida", "transf ted enviada",
              "Recebimento Pix", "Pagamento via Pix", "Envio de TED", "envio por doc", "TRANSF PIX", "PIX TRANSFERÊNCIA",
              "pix transf.", "CRED PIX", "CRÉDITO TED", "RECEB PIX", "RECEBIMENTO. DOC", "DEB TED", "DÉBITO  PIX",
              "ENVIO PIX", "ENV. TEF", "Recebido de", "Enviado para", "transferida a", "pago ao", "paga à", "Recebida da",
              "PIX RECEBIDO", "PIX ENVIADO", "TED RECEBIDA DE", "Pix - Recebido", "PIX REC.", "Pix received from",
              "Transfer to", "QR CODE", "pagamento de boleto", "crediário pix"]),
    "PIX TRANSF HELENA M05/09", "PIX QRS OSVALDO P08/09", "PIX QR CODE ANA B12/09", "TED TRANSFERENCIA JOSE S01/02",
    "ANA BEATRIZ MOREIRA", "JOSE CARLOS DA SILVA", "MARIA OLIVEIRA LIMA", "Luciana Prado", "***.456.789-**",
    "•••.046.285-••", "+ee.080.779-c0", "CPF", "-", "14:02:11", "R$ 950,00", "318.274.519-04", "12/06", ";", "|", "\t",
]


#: cada frase de histórico seguida de um nome, com cada separador: o nome que cada padrão de histórico pega
_HISTORICOS_COM_NOME = [f"{frase}{separador}{nome}" for frase in _PEDACOS_DE_HISTORICO[:-16]
                        for separador in (" ", " - ", "  ", ": ") for nome in ("ANA BEATRIZ MOREIRA", "Luciana Prado")]


def test_gatilhos_dos_historicos_so_deixam_de_rodar_onde_o_padrao_nao_casa(linhas):
    from perito.chaves import mascara
    from perito.extratores import rotulos as r

    textos = [*LIMITES, *linhas, *_FRASES_DE_LANCAMENTO, *_PEDACOS_DE_HISTORICO, *_HISTORICOS_COM_NOME,
              *_sorteados(_PEDACOS_DE_HISTORICO, 25_000, 99)]
    contagem = dict.fromkeys(("extenso", "composto", "antes", "dia", "sem_meio", "mascara"), 0)
    for texto in textos:
        minusculo, dobra = texto.lower(), r._tem_dobra(texto)
        if r.PADRAO_HISTORICO_POR_EXTENSO.search(texto):
            assert dobra or r._POR_EXTENSO_POSSIVEL.search(minusculo), texto
            contagem["extenso"] += 1
        if r.PADRAO_HISTORICO_COMPOSTO.search(texto):
            assert r._composto_possivel(minusculo, dobra), texto
            contagem["composto"] += 1
        if r.PADRAO_HISTORICO_SENTIDO_ANTES.search(texto):
            assert dobra or r._SENTIDO_ANTES_POSSIVEL.search(minusculo), texto
            contagem["antes"] += 1
        if r.PADRAO_HISTORICO_DIA_COLADO.search(texto):
            assert r._dia_colado_possivel(texto), texto
            contagem["dia"] += 1
        if r.PADRAO_HISTORICO_SEM_MEIO.search(texto):
            assert dobra or r._SEM_MEIO_POSSIVEL.search(minusculo), texto
            contagem["sem_meio"] += 1
        if any(r._MASCARA_DEPOIS.match(texto, i) for i in range(len(texto) + 1)):
            assert mascara.casamentos(texto), texto
            contagem["mascara"] += 1
    assert min(contagem.values()) > 100, contagem


def test_nomes_sao_os_mesmos_com_os_gatilhos_sempre_abertos(linhas, monkeypatch):
    """Ponta a ponta: os nomes de cada texto com as condições dos padrões de histórico e o mesmo com elas sempre
    verdadeiras (o caminho lento)."""
    import re
    from dataclasses import astuple

    from perito.chaves import mascara
    from perito.extratores import rotulos as r

    textos = [*LIMITES, *linhas, *_PEDACOS_DE_HISTORICO, *_HISTORICOS_COM_NOME, *_sorteados(_PEDACOS_DE_HISTORICO, 6_000, 11)]
    rapidos = [[astuple(a) for a in r._nomes(t)] for t in textos]
    sempre = re.compile("")
    for nome in ("_POR_EXTENSO_POSSIVEL", "_SENTIDO_ANTES_POSSIVEL", "_SEM_MEIO_POSSIVEL"):
        monkeypatch.setattr(r, nome, sempre)
    monkeypatch.setattr(r, "_TEM_PALAVRA_DA_CONDICAO", lambda texto, minusculo: True)
    monkeypatch.setattr(r, "_composto_possivel", lambda minusculo, dobra: True)
    monkeypatch.setattr(r, "_dia_colado_possivel", lambda texto: True)
    monkeypatch.setattr(r, "_tem_dobra", lambda texto: True)  # abre também os gatilhos de `tem_alguma`
    monkeypatch.setattr(mascara, "casamentos", lambda texto: ((0, ""),))
    lentos = [[astuple(a) for a in r._nomes(t)] for t in textos]
    assert rapidos == lentos
    assert sum(map(bool, rapidos)) > 1_500


def test_gatilhos_montados_uma_vez_sao_os_de_tem_alguma(linhas):
    from perito.extratores import contexto, montagem, reconhecedores, rotulos

    pares = [(rotulos._TEM_PALAVRA_ROTULO_NOME, rotulos._PALAVRAS_ROTULO_NOME),
             (rotulos._TEM_PALAVRA_DA_CONDICAO, rotulos._PALAVRAS_DA_CONDICAO),
             (reconhecedores._TEM_PALAVRA_DE_CADASTRO_OU_MEDIDA, reconhecedores._PALAVRAS_DE_CADASTRO_OU_MEDIDA),
             (contexto._TEM_PALAVRA_DE_HORARIO, contexto._PALAVRAS_DE_HORARIO),
             (montagem._TEM_PALAVRA_DE_DEBITO, montagem._PALAVRAS_DE_DEBITO),
             (montagem._TEM_PALAVRA_DE_CREDITO, montagem._PALAVRAS_DE_CREDITO),
             (montagem._TEM_PALAVRA_DE_OPERACAO, montagem._PALAVRAS_DAS_OPERACOES),
             (montagem._TEM_PALAVRA_DA_SITUACAO, montagem._PALAVRAS_DA_SITUACAO)]
    textos = [*linhas, *_FRASES_DE_LANCAMENTO, *_FRASES_DE_CADASTRO, *_FRASES_DE_HORARIO, *_PEDACOS_DE_HISTORICO]
    for gatilho, palavras in pares:
        passam = 0
        for texto in textos:
            esperado = rotulos.tem_alguma(texto, texto.lower(), palavras)
            assert gatilho(texto, texto.lower()) == esperado, (palavras, texto)
            passam += esperado
        assert 0 < passam < len(textos), palavras
