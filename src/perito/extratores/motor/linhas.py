"""Registros de linhas de texto (PDF, TXT, parágrafos): a linha unida às que a completam, ou a frase de um relato.

Um registro novo começa quando volta um tipo de valor que o registro já tem, na troca de página, depois de uma
linha em branco ou após 6 linhas; num relato, a frase é o registro.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from itertools import groupby, islice, pairwise

from perito.chaves import faixa_de_portas, tempo
from perito.chaves import ip as ip_chaves
from perito.chaves.nome import dobrar
from perito.extratores import colunas, contexto, frases_da_linha, linha_de_resumo, quantias, rotulos
from perito.extratores.achado import Achado
from perito.extratores.chave_quebrada import chave_quebrada
from perito.extratores.contexto import Contexto
from perito.extratores.contraparte_na_linha_de_baixo import contraparte_na_linha_de_baixo, pede_o_nome
from perito.extratores.imei_na_coluna import anuncia_imei, imeis_da_coluna, outro_cabecalho
from perito.extratores.montagem import DataVigente, HoraSolta, Item, Registro
from perito.extratores.motor import ano_do_relato, secao_do_comprovante
from perito.extratores.motor.comum import fuso_do_contexto, linha_em_branco_entre
from perito.extratores.motor.conta_em_duas_linhas import (
    conta_da_linha_de_baixo,
    conta_sob_os_rotulos,
    titular_abaixo_da_conta,
    titular_acima_do_cpf,
)
from perito.extratores.motor.dia import cabecalho_do_dia, data_sem_ano, no_dia, periodo_declarado
from perito.extratores.motor.lista_de_vitimas import ListaDeVitimas
from perito.extratores.motor.sentido_da_secao import SentidoDaSecao
from perito.extratores.motor.tabela import Colunas, dia_repetido, registro_tabela
from perito.extratores.reconhecedores import reconhecer
from perito.extratores.registros.tabela_fixa import TabelaFixa
from perito.extratores.saldo_corrente import tem_saldo_corrente
from perito.extratores.tempo_unix import CabecalhoUnix
from perito.leitura.documento import Documento, Trecho

# cabeçalho de extrato com coluna de saldo: o último valor da linha é o saldo, não uma transação
_CABECALHO_EXTRATO = re.compile(r"\bsaldo\b", re.IGNORECASE)


_CABECALHO_VALOR = re.compile(r"\b(valor|hist[óo]rico|lan[çc]amento|cr[ée]dito|d[ée]bito)\b", re.IGNORECASE)


# "Registro 1 de 3": as linhas seguintes, até o próximo, descrevem um mesmo objeto (chave Pix no DICT)
_INICIO_DE_BLOCO = re.compile(r"^\s*(registro|record|item|chave)\s+\d+\s+(de|of)\s+\d+\b", re.IGNORECASE)


def registros_linhas(documento: Documento, ctx: Contexto, prosa: bool, consumidos: set[int] = frozenset()) -> list[Registro]:
    linhas: list[_Linha] = []
    tabelas: list[Registro] = []
    tabela_com_porta = extrato_com_saldo = tabela_com_imei = False
    bloco: str | None = None
    data_vigente: DataVigente | None = None
    fixa: TabelaFixa | None = None
    anterior: Trecho | None = None  # a linha de texto de cima (o cabeçalho de uma régua)

    def fuso_do_texto(achados: list[Achado], trecho: Trecho) -> None:
        fuso_do_contexto(achados, trecho, ctx, documento.arquivo)
    rotulo_solto: str | None = None
    trecho_anterior: Trecho | None = None
    nao_vazios: list[Trecho] = []
    secao = secao_do_comprovante.Secao()
    sentido_da_secao = SentidoDaSecao()  # "ENTRADAS" / "SAÍDAS": o lado de cada valor abaixo do título
    vitimas = ListaDeVitimas()
    texto_anterior = ""
    unix: CabecalhoUnix | None = None
    periodo: tuple[Trecho, list] | None = None
    notacao = documento.decisoes.get("notacao") or quantias.notacao_das_linhas(
        t.texto for t in documento.trechos if t.celulas is None)
    # num relato, o dia contado sem o ano ("no dia 2 de agosto") leva o ano da data em que o documento foi lavrado
    lavrado = ano_do_relato.data_do_documento(documento) if prosa else None
    # o saldo corrente pela conta das linhas, também sem cabeçalho legível (extrato escaneado)
    extrato_com_saldo = not prosa and tem_saldo_corrente(
        (t.texto for t in documento.trechos if t.celulas is None and id(t) not in consumidos), notacao.notacao)
    for trecho in documento.trechos:
        if trecho.celulas is not None or id(trecho) in consumidos:
            if (prosa and data_vigente is None and trecho.celulas
                    and _ROTULO_DATA_DO_FATO.search(trecho.celulas[0] + " |")):
                # a ficha do termo em tabela ("Data do fato | 12/06/2025"): o dia do histórico escrito sem data
                data_vigente = _data_do_fato(trecho, reconhecer(trecho.texto))
            continue  # registros de tabela seguem pelo cabeçalho; os de campos (JSON) já foram lidos
        if fixa is not None:
            anterior = None  # linha de tabela não é cabeçalho de outra
            if fixa.medir(trecho) or fixa.complementar(trecho):  # a régua mede as colunas; a 2ª linha as nomeia
                fixa.plano = _plano_fixo(fixa, ctx, periodo)
                continue
            if fixa.registros and linha_de_resumo.resumo(trecho.texto):
                # "      TOTAL DO PERÍODO   2.890,00   2.850,00", "      SALDO FINAL   52,10": recuadas como a continuação
                # de um lançamento, mas são a soma e o saldo; nada delas entra no lançamento de cima
                fixa.trechos.append(trecho)
                continue
            if fixa.continua(trecho, rotulada=True) or (fixa.recuada(trecho) and not fixa.tem_quantia_propria(trecho)):
                fixa.continuar(tabelas[-1], trecho, "porta" in fixa.plano.papeis.values(), fuso_do_texto)
                continue
            if fixa.registros and tabelas and fixa.hora_da_data_de_cima(tabelas[-1], trecho, fuso_do_texto):
                continue
            # os achados de uma linha curta servem à pergunta do dia e, se ela for da tabela, ao registro dela
            achados_curta = reconhecer(trecho.texto) if len(trecho.texto) <= 60 else None
            if achados_curta is not None and (dia := cabecalho_do_dia(trecho, achados_curta)) is not None:
                # "19 de junho de 2022 - domingo" entre os grupos de lançamentos (com linha em branco antes): a
                # tabela continua, e o dia vale para as linhas de baixo
                data_vigente = dia
                fixa.trechos.append(trecho)
                continue
            if (celulas := fixa.celulas(trecho)) is not None:
                linha_tabela = replace(trecho, celulas=celulas, tabela=fixa.identidade)
                ctx.ordem[id(linha_tabela)] = ctx.ordem.get(id(trecho), 0)
                fixa.registrar(linha_tabela)  # mantém vivo o id usado na ordem
                tabelas.append(registro_tabela(linha_tabela, fixa.plano, ctx, documento.arquivo, achados_curta))
                if data_vigente is not None:
                    no_dia(tabelas[-1], linha_tabela, celulas, fixa.plano.de_hora, data_vigente)
                else:  # o lançamento sem a data, embaixo do primeiro do dia: o dia de cima (como na grade e no CSV)
                    fixa.dia = dia_repetido(tabelas[-1], linha_tabela, fixa.de_data, fixa.dia, fixa.plano)
                continue
            if fixa.continua(trecho):
                fixa.continuar(tabelas[-1], trecho, "porta" in fixa.plano.papeis.values(), fuso_do_texto)
                continue
            fixa = None
        if (fixa := TabelaFixa.do_cabecalho(trecho)) is not None or (
                anterior is not None and (fixa := TabelaFixa.da_regua(anterior, trecho)) is not None):
            fixa.plano = _plano_fixo(fixa, ctx, periodo)
            anterior = trecho
            continue
        anterior = trecho
        if contexto.linha_anuncia_porta(trecho.texto):
            tabela_com_porta = True
        if not prosa and anuncia_imei(trecho.texto):
            tabela_com_imei = True
        elif tabela_com_imei and outro_cabecalho(trecho.texto):
            tabela_com_imei = False  # outra tabela: o número longo dela não é da coluna IMEI de cima
        if _CABECALHO_EXTRATO.search(trecho.texto) and _CABECALHO_VALOR.search(trecho.texto):
            extrato_com_saldo = True
        achados = reconhecer(trecho.texto)
        if lavrado is not None and (sem_ano := ano_do_relato.datas_sem_ano(trecho.texto, achados, lavrado)):
            achados = sorted([*achados, *sem_ano], key=lambda a: (a.inicio, a.fim))
        if rotulo_solto is not None:
            achados = _valor_do_rotulo_acima(rotulo_solto, trecho.texto, achados)
        achados = chave_quebrada(texto_anterior, trecho.texto, achados)
        if extrato_com_saldo or pede_o_nome(texto_anterior):
            achados = contraparte_na_linha_de_baixo(texto_anterior, trecho.texto, achados)
        achados = conta_da_linha_de_baixo(trecho_anterior, trecho, achados)
        if rotulo_solto is not None:
            achados = conta_sob_os_rotulos(nao_vazios, trecho, achados)
        if not prosa and linhas and linhas[-1].trecho is trecho_anterior:
            if (titular := titular_acima_do_cpf(trecho_anterior, linhas[-1].achados, trecho.texto, achados)) is not None:
                secao.especificar([titular])  # o nome da seção "Destino" que a linha do CPF revelou
                linhas[-1].achados.append(titular)
            elif (titular := titular_abaixo_da_conta(linhas[-1].achados, texto_anterior, trecho.texto,
                                                     achados)) is not None:
                achados = [titular]
        texto_anterior, trecho_anterior = trecho.texto, trecho
        if trecho.texto.strip():
            nao_vazios = [*nao_vazios[-2:], trecho]  # as três últimas linhas com texto (a conta sob os rótulos)
        if not trecho.texto.strip():
            unix = None
        elif (cabecalho_unix := CabecalhoUnix.da_linha(trecho, achados)) is not None:
            unix = cabecalho_unix  # "Activity unix_time (ms)": os números das linhas de baixo são instantes
        elif unix is not None:
            achados = unix.instantes(trecho.texto, achados, documento.arquivo)
        secao.aplicar(trecho.texto, achados)
        if not prosa:
            sentido_da_secao.aplicar(trecho.texto, achados)
        achados = vitimas.aplicar(trecho.texto, achados)
        if extrato_com_saldo:
            achados = quantias.na_linha(trecho.texto, achados, notacao)
        if tabela_com_imei:
            achados = imeis_da_coluna(trecho.texto, achados)
        rotulo_solto = trecho.texto.strip() if _parece_rotulo_solto(trecho.texto, achados) else None
        ips_sem_porta = [a for a in achados if a.tipo_dado == "ip" and "porta" not in a.metadados]
        for achado in ips_sem_porta if tabela_com_porta else ():
            if porta := contexto.porta_apos(trecho.texto, achado.fim, [(a.inicio, a.fim) for a in achados]):
                achado.metadados["porta"] = porta
        if tabela_com_porta and len(ips_sem_porta) == 1 and "porta" not in ips_sem_porta[0].metadados:
            # a coluna de porta noutra posição da linha (antes do IP, depois da data)
            if solta := contexto.porta_solta(trecho.texto, [(a.inicio, a.fim) for a in achados]):
                ips_sem_porta[0].metadados["porta"] = solta[0]
        if extrato_com_saldo:
            achados = _sem_saldo(achados, trecho.texto)
        elif not prosa and (_LINHA_DE_SALDO.search(trecho.texto) or linha_de_resumo.resumo(trecho.texto)):
            # "Saldo ao final do dia R$ 149,90", "Total de entradas R$ 10.432,50": resumo, não lançamento
            achados = [a for a in achados if a.campo != "valor_transacao"]
        fuso_do_contexto(achados, trecho, ctx, documento.arquivo)
        identidade = f"p{trecho.pagina}:{trecho.localizacao}" if trecho.pagina else trecho.localizacao
        if _INICIO_DE_BLOCO.match(trecho.texto):
            bloco = identidade
        if bloco:
            for achado in achados:
                achado.metadados["bloco"] = bloco
        if (dia := cabecalho_do_dia(trecho, achados)) is not None:
            data_vigente = dia  # vale até o próximo cabeçalho de dia, também na página seguinte
            # o dia do cabeçalho é contexto dos lançamentos de baixo (vai com eles, citado como apoio), não um evento
            achados = [a for a in achados if a.campo != "data_evento"]
        elif prosa and data_vigente is None and (dia := _data_do_fato(trecho, achados)) is not None:
            data_vigente = dia  # "DATA DO FATO: 13/03/2025" no cabeçalho do formulário: o dia do histórico sem data
        elif prosa and (dia := _data_da_narrativa(trecho, achados)) is not None:
            data_vigente = dia  # "no dia 18 de abril ... Às 16:40, efetuou": o dia contado vale até outro dia
        if not prosa:
            periodo = periodo or periodo_declarado(trecho, achados)
            if periodo is not None and (sem_ano := data_sem_ano(trecho, achados, periodo)) is not None:
                achados = sorted([*achados, sem_ano], key=lambda a: (a.inicio, a.fim))
        linhas.append(_Linha(trecho, achados, _horas_soltas(trecho.texto, achados, trecho), data_vigente, extrato_com_saldo,
                             identidade))
    registros = []
    for _, da_pagina in groupby(linhas, key=lambda linha: linha.trecho.pagina):
        pagina = list(da_pagina)
        # num relato, a página de formulário (comprovante anexado: "Valor: ...", "Chave Pix: ...") é um bloco
        formulario = prosa and _parece_formulario(pagina)
        # o comprovante de uma transferência só (um valor na página): "Quem pagou" e "Quem recebeu" são do mesmo evento,
        # ainda que o nome, o CPF e a conta se repitam (um de cada lado)
        if not prosa and _um_comprovante(pagina):
            registros.append(_registro_de_linhas(pagina, False))
            continue
        # a carta de um banco ou operadora conta o evento numa frase, como um relato: "a referida conta recebeu, em
        # 02/08/2025, transferência Pix no valor de" | "R$ 1.250,90, oriunda de ..." é um lançamento em duas linhas
        em_frases = (prosa and not formulario) or (not prosa and _parece_prosa(pagina))
        if em_frases and not prosa:
            _o_mesmo_dia(pagina)
        grupos = _frases(pagina) if em_frases else _blocos(pagina, 20 if formulario else _MAXIMO_DE_LINHAS)
        registros += [_registro_de_linhas(grupo, em_frases) for grupo in grupos]
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


def _um_comprovante(linhas: list[_Linha]) -> bool:
    """Página de formulário com um único valor de transação e as duas seções (quem pagou, quem recebeu; o
    "Beneficiário" do boleto é quem recebeu). As parcelas do boleto ("Valor do documento", "(-) Desconto",
    "(+) Juros/Multa") não são outro pagamento: ficam como dados com `operacao: componente`, e o valor pago é o
    lançamento do comprovante."""
    if len(linhas) > 30:
        return False
    papeis = {a.metadados.get("papel") for linha in linhas for a in linha.achados if a.campo == "nome_titular"}
    if "remetente" not in papeis or not papeis & {"destinatario", "favorecido"}:
        return False
    valores = [(linha, a) for linha in linhas for a in linha.achados if a.campo == "valor_transacao"]
    componentes = [a for linha, a in valores if quantias.parcela_do_pagamento(linha.trecho.texto[: a.inicio])]
    if len(valores) - len(componentes) != 1:
        return False
    for achado in componentes:
        achado.metadados["operacao"] = "componente"
    return True


#: linhas de texto corrido numa página para ela ser lida em frases (uma carta tem parágrafos de várias linhas)
_LINHAS_DE_PROSA = 3
_AMOSTRA_DE_PROSA = 400


def _parece_prosa(linhas: list[_Linha]) -> bool:
    """Página de texto corrido (carta de banco ou operadora, ofício): frases de várias linhas, não tabela nem ficha.
    A maioria das linhas com texto é corrida, e há frase terminada; um extrato impresso não tem nenhuma das duas."""
    # as primeiras linhas bastam: uma página de carta tem dezenas; um log de texto inteiro é uma "página" só
    textos = list(islice((t for linha in linhas if linha.trecho.celulas is None and (t := linha.trecho.texto.strip())),
                         _AMOSTRA_DE_PROSA))
    corridas = sum(1 for t in textos if frases_da_linha.linha_de_prosa(t))
    return (corridas >= _LINHAS_DE_PROSA and corridas * 2 >= len(textos)
            and any(_FIM_DE_FRASE.search(t) for t in textos))


def _plano_fixo(fixa: TabelaFixa, ctx: Contexto, periodo: tuple[Trecho, list] | None) -> Colunas:
    """`periodo`: o declarado acima da tabela ("PERÍODO: 01/08/2025 - 31/08/2025"), que dá o ano às datas "02/08"."""
    nomes = dict(enumerate(fixa.nomes))
    fusos = {i: d for i, nome in nomes.items() if (d := ctx.declarar_coluna(fixa.cabecalho, str(i), nome))}
    return replace(Colunas.de(fixa.papeis, nomes, fusos, fixa.cabecalho),
                   notacoes=quantias.notacoes_pelos_nomes(fixa.papeis, nomes), periodo=periodo)


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
    #: o pedaço da linha que é deste registro, quando uma frase termina no meio dela e a seguinte continua embaixo
    #: (`_partir_na_frase_que_continua`); a linha inteira por padrão
    inicio: int = 0
    fim: int | None = None

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




#: linhas até este tamanho são de formulário, não de frase (o mesmo limite de `_parece_formulario`)
_LINHA_DE_FORMULARIO = 45


#: o campo do formulário do boletim que diz o dia do fato ("DATA DO FATO: 13/03/2025", "Data/hora do fato:",
#: "Data da ocorrência:", e a linha "Data do fato | 12/06/2025" da tabela do termo em DOCX); não a da comunicação nem a do
#: registro
_ROTULO_DATA_DO_FATO = re.compile(r"(?i)\bdata\s*(?:/\s*hora|e\s+hora)?\s+d[oa]\s+(?:fato|ocorr[êe]ncia)\s*[:|\t]?\s*$")


def _data_do_fato(trecho: Trecho, achados: list[Achado]) -> DataVigente | None:
    for achado in achados:
        if (achado.campo == "data_evento" and "data" in achado.metadados and "papel" not in achado.metadados
                and _ROTULO_DATA_DO_FATO.search(trecho.texto, 0, achado.inicio)):
            meta = achado.metadados
            return DataVigente(meta["data"], trecho, meta.get("data_escrita"), meta.get("ano_do_periodo"))
    return None


def _data_da_narrativa(trecho: Trecho, achados: list[Achado]) -> DataVigente | None:
    """O último dia contado numa frase de relato ("no dia 18 de abril de 2018, foi contatada"): vale para o
    que a narrativa conta depois sem repetir o dia. Datas de campos ("Data do registro: ...", "Nascimento:
    ...") e datas com papel (abertura, nascimento) não são o dia dos fatos."""
    # linha de campo ou curta (carimbo, rodapé de formulário): não é narrativa; mas o rótulo que abre um parágrafo
    # de narrativa ("DINÂMICA: A vítima relata que no dia 10/06/2025, ...") não faz da linha um campo
    campo = _ROTULO_E_VALOR.match(trecho.texto) and not frases_da_linha.linha_de_prosa(trecho.texto)
    if campo or len(trecho.texto.strip()) <= _LINHA_DE_FORMULARIO:
        return None
    datas = [a for a in achados if a.campo == "data_evento" and "papel" not in a.metadados and "data" in a.metadados]
    if not datas:
        return None
    meta = datas[-1].metadados
    return DataVigente(meta["data"], trecho, meta.get("data_escrita"), meta.get("ano_do_periodo"))


#: a frase da carta que conta outro evento "do mesmo dia" ("Às 15:40:52 do mesmo dia, foram transferidos R$ 2.300,00")
_MESMO_DIA = re.compile(r"(?i)\b(?:n|d)?[oa]\s+mesm[oa]\s+(?:dia|data)\b")


def _o_mesmo_dia(pagina: list[_Linha]) -> None:
    """Na carta do banco (página lida em frases), a linha que diz "do mesmo dia" sem escrever a data é do último dia
    contado numa linha de cima."""
    contado: DataVigente | None = None
    for linha in pagina:
        if (dia := _data_da_narrativa(linha.trecho, linha.achados)) is not None:
            contado = dia
        elif contado is not None and linha.data_vigente is None and _MESMO_DIA.search(linha.trecho.texto):
            linha.data_vigente = contado


def _horas_soltas(texto: str, achados: list[Achado], trecho: Trecho) -> list[HoraSolta]:
    """Horas sem data colada ("14:19:27", "por volta das 10h40"); fora de outros achados e de fusos (-03:00)."""
    horas = []
    # a hora com "h" ("10h40") só onde há "h": numa linha de extrato quase nunca
    for padrao in (tempo.PADRAO_HORA, tempo.PADRAO_HORA_H) if "h" in texto or "H" in texto else (tempo.PADRAO_HORA,):
        for m in padrao.finditer(texto):
            if any(a.inicio < m.end() and m.start() < a.fim for a in achados):
                continue
            if m.start() > 0 and texto[m.start() - 1] in "+-−":
                continue
            if tempo.hora(m.group(0)) is not None:
                horas.append(HoraSolta(m.group(0), trecho, m.start()))
    if "h" in texto or "H" in texto:
        for m in tempo.PADRAO_HORA_CHEIA.finditer(texto):  # "por volta das 15h": a hora em ponto
            inicio, fim = m.span("hora")
            if not any(a.inicio < fim and inicio < a.fim for a in achados) and not any(
                    h.inicio < fim and inicio < h.inicio + len(h.texto) for h in horas):
                horas.append(HoraSolta(m.group("hora"), trecho, inicio))
    return sorted(horas, key=lambda h: h.inicio)


_MAXIMO_DE_LINHAS = 6


def _blocos(linhas: list[_Linha], maximo: int = _MAXIMO_DE_LINHAS) -> list[list[_Linha]]:
    """Linha unida às seguintes que a completam (bloco chave-valor, continuação de lançamento)."""
    grupos: list[list[_Linha]] = []
    atual: list[_Linha] = []
    presentes: set[str] = set()
    algum_evento = False  # o cabeçalho do documento vem antes do primeiro lançamento
    itens_de_lista = _itens_de_lista(linhas)
    for linha in linhas:
        ancoras = linha.ancoras()
        anterior = atual[-1] if atual else None
        quebra = (
            anterior is None
            or anterior.trecho.pagina != linha.trecho.pagina
            or linha_em_branco_entre(anterior.trecho, linha.trecho)
            or (len(atual) - _titulos_no_inicio(atual) >= maximo and not _porta_do_ip_de_cima(linha, anterior))
            or _outro_registro(ancoras & presentes, linha, atual)
            # o quadro de outro envolvido ("Vítima" / "Nome: ..." / "Telefone: ...", depois "Autor" / "Telefone: ..."):
            # o telefone do autor não é do registro da vítima (o primeiro quadro segue com o cabeçalho do boletim)
            or (secao_do_comprovante.titulo_de_envolvido(linha.trecho.texto)
                and any(secao_do_comprovante.titulo_de_envolvido(de_cima.trecho.texto) for de_cima in atual))
            or _outra_ficha(linha, atual)
            or linha.data_vigente is not anterior.data_vigente
            or _do_documento(linha.trecho.texto) or _do_documento(anterior.trecho.texto)
            or _cabecalho_de_colunas(linha) or _cabecalho_de_colunas(anterior)
            or _novo_lancamento(linha, atual)
            or id(linha) in itens_de_lista
            or (not algum_evento and _lancamento_depois_do_cabecalho(linha, atual))
        )
        algum_evento = algum_evento or any(a.campo == "valor_transacao" or a.tipo_dado == "ip" for a in linha.achados)
        if quebra:
            if atual:
                grupos.append(atual)
            atual, presentes = [], set()
        atual.append(linha)
        presentes |= ancoras
    if atual:
        grupos.append(atual)
    return grupos


def _porta_do_ip_de_cima(linha: _Linha, anterior: _Linha) -> bool:
    """A porta rotulada sozinha logo abaixo da linha de um IP sem porta (a ficha de um dossiê com mais de seis campos:
    "IP de origem ... 177.45.10.2" / "Porta ... 51234"): continua o registro do IP, ainda que passe do máximo de
    linhas (antes, a ficha cortada a cada seis linhas deixava a porta num registro e o IP noutro)."""
    return bool(ip_chaves.PADRAO_SO_A_PORTA.match(linha.trecho.texto)) and any(
        a.tipo_dado == "ip" and "porta" not in a.metadados for a in anterior.achados)


def _outro_registro(repetidas: set[str], linha: _Linha, atual: list[_Linha]) -> bool:
    """Uma âncora (IP, valor, data, momento) que o bloco já tem começa outro registro. Salvo a data que só repete o
    dia do lançamento de cima: a linha de detalhe do Banco do Brasil ("11/03 09:17 ANTONIO ...", o dia sem ano que o
    período do extrato completa) continua o lançamento de "11/03/2025 ... Pix - Recebido ... 150,00 C"."""
    if repetidas != {"data"}:
        return bool(repetidas)
    dias = {a.metadados.get("data") for a in linha.achados if a.campo == "data_evento"}
    do_bloco = {a.metadados.get("data") for anterior in atual for a in anterior.achados if a.campo == "data_evento"}
    return not (dias and None not in dias and dias <= do_bloco and any("data_escrita" in a.metadados
                                                                        for a in linha.achados))


#: o que identifica alguém ou algo numa linha de cadastro (a chave, a conta, o CPF, o número, o nome, o aparelho)
_IDENTIDADES = {"chave_pix": "chave", "conta_bancaria": "conta", "cpf": "cpf", "telefone": "telefone",
                "nome_titular": "nome", "imei": "imei"}
#: espécies de identidade que uma linha precisa ter para ser uma ficha inteira (a linha de um cadastro)
_FICHA_INTEIRA = 3


def _identidades(linha: _Linha) -> set[str]:
    return {especie for a in linha.achados if (especie := _IDENTIDADES.get(a.campo))}


def _outra_ficha(linha: _Linha, atual: list[_Linha]) -> bool:
    """A linha de cadastro inteira que repete o que o bloco já tem ("Chave ... Titular ... CPF ... Conta ..." embaixo
    de outra igual; "Linha ... Assinante ... CPF ..." de dois assinantes): é a ficha de outra pessoa, não a
    continuação da de cima. Juntas, o CPF, a conta e o nome de uma iam para a chave ou o número da outra."""
    if not atual or len(proprias := _identidades(linha)) < _FICHA_INTEIRA:
        return False
    do_bloco = set().union(*(_identidades(anterior) for anterior in atual))
    return len(proprias & do_bloco) >= 2


#: a descrição de um lançamento que começa ("Transferência enviada pelo Pix DIEGO ...", o extrato do Nubank em que o
#: valor vem na última linha do lançamento): o lançamento de cima, que já tem o seu valor, terminou
_DESCRICAO_DE_LANCAMENTO = re.compile(
    r"(?i)^\s*(?:transfer[êe]ncia|pix|ted|doc|pagamento|compra|dep[óo]sito|saque|estorno|resgate|aplica[çc][ãa]o)\b"
    r".{0,40}\b(?:recebid[oa]|enviad[oa]|efetuad[oa]|realizad[oa]|de\s+boleto|no\s+d[ée]bito|no\s+cr[ée]dito)\b")


def _novo_lancamento(linha: _Linha, atual: list[_Linha]) -> bool:
    """A linha descreve um lançamento novo (sem valor nela) e o bloco já tem o valor do de cima."""
    if not atual or not _DESCRICAO_DE_LANCAMENTO.match(linha.trecho.texto):
        return False
    if any(a.campo == "valor_transacao" for a in linha.achados):
        return False
    return any(a.campo == "valor_transacao" for anterior in atual for a in anterior.achados)


#: o item numerado de uma lista ("1) Vínculo de 03/02/2025 a ...", "2 - Vínculo desde ..."): o número e a primeira palavra
_ITEM_NUMERADO = re.compile(r"^\s*(?P<numero>\d{1,2})\s*[).\-–]\s+(?P<palavra>[^\W\d_]+)")


def _itens_de_lista(linhas: list[_Linha]) -> set[int]:
    """As linhas que abrem um item de uma lista numerada cujos itens começam pela mesma palavra ("1) Vínculo de ..." /
    "Titular: ..." / "2) Vínculo desde ..."): cada item é um registro (o histórico de vínculos de uma chave no DICT: o
    titular e a conta de um vínculo não são do outro, nem do cabeçalho). Os campos numerados de um formulário ("1. Nome:",
    "2. CPF:") começam por palavras diferentes e não são itens."""
    numeros: dict[str, set[str]] = {}
    abertas: list[tuple[int, str]] = []
    for linha in linhas:
        if (m := _ITEM_NUMERADO.match(linha.trecho.texto)) is not None:
            palavra = m.group("palavra").casefold()
            numeros.setdefault(palavra, set()).add(m.group("numero"))
            abertas.append((id(linha), palavra))
    return {ident for ident, palavra in abertas if len(numeros[palavra]) >= 2}


_PAPEIS_DO_CABECALHO = frozenset({"titular", "cliente", "nome", "identificado_por_cpf"})
#: a data no começo da linha ("14/07/2025 15:21 Pix recebido ...", a linha de um extrato)
_COMECA_COM_DATA = re.compile(r"^\s*\d{1,4}[/.-]\d{1,2}(?:[/.-]\d{2,4})?(?!\d)")


def _lancamento_depois_do_cabecalho(linha: _Linha, atual: list[_Linha]) -> bool:
    """A linha de lançamento (começa pela data e tem o valor) logo abaixo do cabeçalho sem linha em branco (o extrato
    salvo da página do banco: "Cliente: RAFAEL ... - CPF ..." / "Agência 0001 Conta ..." / "14/07/2025 15:21 Pix
    recebido ... + R$ 2.350,00"): o cabeçalho, que não tem evento, é um registro e declara o titular; junto do
    lançamento, o nome era de um registro com valor e não declarava nada. O bloco rotulado ("Data: ..." depois de
    "Pagador: ...") não começa pela data e continua um registro só."""
    if not atual or not _COMECA_COM_DATA.match(linha.trecho.texto):
        return False
    if not any(a.campo == "valor_transacao" for a in linha.achados):
        return False
    do_bloco = [a for anterior in atual for a in anterior.achados]
    # o nome do bloco é o do titular ("Cliente:", "Titular:", o nome sobre o CPF); "Pagador: ANA ..." sobre a linha do
    # lançamento é uma parte dele
    return not any(a.campo in ("valor_transacao", "data_evento") or a.tipo_dado == "ip"
                   or (a.campo == "nome_titular" and a.metadados.get("papel") not in _PAPEIS_DO_CABECALHO)
                   for a in do_bloco)


def _titulos_no_inicio(atual: list[_Linha]) -> int:
    """Linhas sem valor nem papel de coluna no começo do registro ("Message Log"): o título da seção, que não conta
    no limite de linhas. Contado, tirava do registro a última linha que cabia (a porta do IP de uma resposta da Meta:
    "Sender Ip" na 6ª linha depois do título, "Sender Port" na 7ª); um rótulo solto ("IP Address" sobre o valor)
    tem papel e conta."""
    titulos = 0
    for linha in atual:
        texto = linha.trecho.texto.strip()
        if linha.achados or linha.horas or not texto or colunas.papel(texto) is not None:
            break
        titulos += 1
    return titulos


def _cabecalho_de_colunas(linha: _Linha) -> bool:
    """Linha de títulos de coluna ("Data Hora Histórico Valor Saldo"): separa o cabeçalho dos lançamentos."""
    if linha.achados:
        return False
    palavras = linha.trecho.texto.split()
    if any(p.isdigit() for p in palavras):
        return False  # "Sender Port 40123": rótulo e valor de um registro, não títulos de coluna
    return 2 <= len(palavras) <= 12 and sum(1 for p in palavras if colunas.papel(p)) >= 2


# datas do próprio documento (emissão, período pedido) não são o instante de um evento vizinho
_METADADO = re.compile(r"\b(generated|gerad[oa]|emitid[oa]|emiss[ãa]o|date\s+range|per[íi]odo)\b", re.IGNORECASE)
# o local e a data de uma carta ("Rio de Janeiro, 25 de abril de 2025", "São Paulo/SP, 02/06/2025."): a data em que foi
# escrita, não a de um evento; sem ela como âncora, a data do cadastro contado embaixo não corta a frase em dois
_LOCAL_E_DATA = re.compile(
    r"^\s*[A-ZÀ-Ý][A-Za-zÀ-ÿ' .-]{1,40}(?:\s*[/-]\s*[A-Z]{2})?,\s*(?:(?:em\s+)?\d{1,2}º?\s+de\s+[A-Za-zçÇ]+\s+de\s+\d{4}"
    r"|\d{1,2}/\d{1,2}/\d{4})\.?\s*$")


def _do_documento(texto: str) -> bool:
    """A linha diz algo do próprio documento (emissão, período pedido, o local e a data da carta)."""
    return _METADADO.search(texto) is not None or _LOCAL_E_DATA.match(texto) is not None


#: a legenda do que vem embaixo ("... informou os dados cadastrais abaixo:"): a frase acaba nela, e o parágrafo depois
#: da tabela ou da lista é outra frase
_LEGENDA = re.compile(r"(?i)\b(?:abaixo|a\s+seguir|seguintes?)\b[^.!?]*:\s*$")
_FIM_DE_FRASE = re.compile(r"[.!?](?=[\s\"”')]*$)|[.!?]\s+(?=[\"“(]?[A-ZÀ-Ý])")


def _frases(linhas: list[_Linha]) -> list[list[_Linha]]:
    """Relato: a frase é o registro. Uma linha pertence à frase em que começa; a frase termina
    no ponto final (ou parágrafo) e nunca atravessa a página. Salvo a linha em que uma frase termina logo no começo e
    a seguinte ocupa o resto ("gerente de banco. Às 14:12 fez um PIX de R$ 3.200,00 para MARCOS ..., CPF ...," e,
    embaixo, "Nu Pagamentos, agência 0001, conta 7712045-3."): ela vai com a frase que continua embaixo."""
    grupos: list[list[_Linha]] = []
    atual: list[_Linha] = []
    for linha in linhas:
        secao = _titulo_de_secao(linha.trecho.texto)
        vira = _frase_vira_no_comeco(linha.trecho.texto, linha.achados)
        if atual and (atual[-1].trecho.pagina != linha.trecho.pagina or linha_em_branco_entre(atual[-1].trecho, linha.trecho)
                      or len(atual) >= 12 or secao or _ENVOLVIDO_NA_LINHA.match(linha.trecho.texto) or vira
                      or _LEGENDA.search(atual[-1].trecho.texto)):
            grupos.append(atual)
            atual = []
        atual.append(linha)
        if vira:
            continue  # a frase que começa no meio dela continua na linha de baixo
        if _termina_frase(linha.trecho.texto.rstrip()) or secao:
            cabeca, cauda = _partir_na_frase_que_continua(linha)
            atual[-1] = cabeca
            grupos.append(atual)
            atual = [cauda] if cauda is not None else []
    if atual:
        grupos.append(atual)
    return grupos


def _termina_frase(texto: str) -> bool:
    """Alguma frase termina na linha; o número do item no começo ("1. Em 13/07/2025, ... tendo como" / "pagador MARCOS
    ...") não termina nenhuma: o item continua na linha de baixo."""
    return any(not _ENUMERADOR.fullmatch(texto[: m.start() + 1]) for m in _FIM_DE_FRASE.finditer(texto))


def _partir_na_frase_que_continua(linha: _Linha) -> tuple[_Linha, _Linha | None]:
    """A linha em que uma frase termina e outra começa e continua embaixo ("... IP 177.45.10.2, porta 51234. Em
    16/03/2025, às 09:10:00 (UTC), a" / "conta acessou ... IP 189.20.30.40"): os achados depois do último fim de frase
    (a data-hora da segunda) vão com a frase de baixo, não com a de cima. A linha fica nos dois registros, cada um com
    os seus achados; a segunda parte com outra identidade. Sem achado depois do fim, a linha fica inteira em cima."""
    texto = linha.trecho.texto.rstrip()
    if re.search(r"[.!?][\"”')]*$", texto):
        return linha, None  # a frase termina no fim da linha: nada continua embaixo
    fins = [m for m in _FIM_NO_MEIO.finditer(texto) if not _ENUMERADOR.fullmatch(texto[: m.start() + 1])
            and not frases_da_linha.ABREVIATURA.search(texto, 0, m.start())]
    if not fins:
        return linha, None
    corte = fins[-1].end()
    depois = [a for a in linha.achados if a.inicio >= corte]
    if not depois and not any(h.inicio >= corte for h in linha.horas):
        # nada depois do fim da frase; a hora solta também conta ("... emprestado. Por volta das 10h30 a vítima
        # realizou uma" / "transferência ... R$ 2.350,00"): é a hora da frase de baixo
        return linha, None
    cabeca = replace(linha, achados=[a for a in linha.achados if a.inicio < corte],
                     horas=[h for h in linha.horas if h.inicio < corte], fim=corte)
    cauda = replace(linha, achados=depois, horas=[h for h in linha.horas if h.inicio >= corte],
                    identidade=f"{linha.identidade}, frase seguinte", inicio=corte)
    return cabeca, cauda


#: o fim de frase no meio da linha, com outra frase começando depois dele
_FIM_NO_MEIO = re.compile(r"[.!?]\s+(?=[\"“(]?[A-ZÀ-Ý])")


def _frase_vira_no_comeco(texto: str, achados: list[Achado]) -> bool:
    """A linha termina uma frase e começa outra que passa para a linha de baixo, e o que a linha tem da frase nova pesa
    mais: a frase de cima acaba no primeiro terço, ou o valor da linha está todo depois do fim dela ("..., por meio de
    chave aleatória. Nove minutos depois, R$ 4.700,00 foram repassados por Pix" / "à conta do investigado ...")."""
    texto = texto.rstrip()
    if re.search(r"[.!?][\"”')]*$", texto):
        return False
    fins = [m for m in _FIM_NO_MEIO.finditer(texto) if not _ENUMERADOR.fullmatch(texto[: m.start() + 1])]
    if len(fins) != 1:
        return False
    valores = [a for a in achados if a.campo == "valor_transacao"]
    return fins[0].end() * 3 <= len(texto) or bool(valores) and all(a.inicio >= fins[0].end() for a in valores)


#: o número do item no começo da linha ("4. A linha (31) 97120-3344 ..."): não termina frase nenhuma
_ENUMERADOR = re.compile(r"\s*(?:\d{1,3}|[a-z])[.)]")


#: a linha de um envolvido no quadro do boletim ("VÍTIMA ........: MARCOS ... - CPF ...", "SUSPEITO ......: JULIANA"):
#: cada uma é a sua pessoa, e o CPF de uma não vai com o nome da de baixo
_ENVOLVIDO_NA_LINHA = re.compile(
    r"(?i)^\s*(?:v[íi]tima|suspeit[oa]|autor(?:\(a\))?|investigad[oa]|indiciad[oa]|comunicante|declarante"
    r"|testemunha|envolvid[oa]|representante)\s*[.\s]*:")
#: o título de uma seção do boletim numa linha só ("Histórico:", "Relato dos fatos:", "DINÂMICA:"): separa a
#: qualificação de cima (a vítima com o CPF dela) da narrativa de baixo, que sem ele colava numa frase só
_SECAO = re.compile(r"^\s*[^\W\d][^:.!?\d]{0,30}:\s*$")


def _titulo_de_secao(texto: str) -> bool:
    return _SECAO.match(texto) is not None and len(texto.split()) <= 4


def _registro_de_linhas(grupo: list[_Linha], prosa: bool = False) -> Registro:
    if prosa:
        _nomes_cortados_pela_linha(grupo)
    itens = [Item(a, linha.trecho) for linha in grupo for a in linha.achados]
    _porta_rotulada(grupo, itens)
    return Registro(
        grupo[0].identidade,
        " ".join(linha.trecho.texto for linha in grupo),
        itens,
        extrato=grupo[0].extrato,
        prosa=prosa,
        horas=[h for linha in grupo for h in linha.horas],
        # o dia que vale desde a primeira linha que o tem: o título do termo, de antes da ficha ("Data do fato |
        # 12/06/2025"), abre a frase que segue até o histórico
        data_vigente=next((linha.data_vigente for linha in grupo if linha.data_vigente is not None), None),
        frases=_frases_do_registro(grupo) if len(grupo) > 1 else {},
    )


#: o começo de um nome em maiúsculas no fim da linha de prosa ("... de ANA" / "BEATRIZ MOREIRA, CPF ..."): de uma a três
#: palavras, depois de uma palavra em minúsculas, de uma vírgula ou de dois-pontos
_COMECO_DE_NOME_NO_FIM = re.compile(
    rf"(?:(?<=[a-zà-ú,:] )|(?<=[a-zà-ú,:]\s{{2}}))(?P<nome>(?:{rotulos.PALAVRA_DE_NOME_MAIUSCULA}\s+(?:D[AEO]S?\s+)?){{0,2}}"
    rf"{rotulos.PALAVRA_DE_NOME_MAIUSCULA})\s*$")


def _nomes_cortados_pela_linha(grupo: list[_Linha]) -> None:
    """O nome que a quebra de linha da prosa cortou ("... de ANA" / "BEATRIZ MOREIRA, CPF 526.018.159-06; ..."): o
    nome da linha de baixo, que o reconhecedor viu só com as palavras dela, é o nome inteiro, com as da linha de cima
    (o validador o reconstrói pelas duas linhas, `validador.multilinha`)."""
    for de_cima, de_baixo in pairwise(grupo):
        texto = de_baixo.trecho.texto
        comeco = de_baixo.inicio + len(texto[de_baixo.inicio:]) - len(texto[de_baixo.inicio:].lstrip())
        nome = next((a for a in de_baixo.achados if a.campo == "nome_titular" and a.inicio == comeco), None)
        if nome is None:  # o nome começa em cima e termina embaixo, ou termina em cima com o CPF embaixo
            _fim_do_nome_na_linha_de_baixo(de_cima, de_baixo, comeco)
            _nome_antes_do_cpf_da_linha_de_baixo(de_cima, de_baixo, comeco)
            continue
        if not nome.dado.isupper():
            continue
        fim = len(de_cima.trecho.texto) if de_cima.fim is None else de_cima.fim
        cauda = _COMECO_DE_NOME_NO_FIM.search(de_cima.trecho.texto[:fim])
        if cauda is None or any(a.fim > cauda.start("nome") for a in de_cima.achados if a.campo == "nome_titular"):
            continue
        inteiro = f"{cauda.group('nome')} {nome.dado}"
        completo = replace(nome, dado=inteiro, metadados={**nome.metadados, "nome_normalizado": dobrar(inteiro)})
        de_baixo.achados = [completo if a is nome else a for a in de_baixo.achados]


#: o fim de um nome em maiúsculas no começo da linha de baixo ("RAFAEL SOUZA" / "PINTO, CPF ..."): uma ou duas palavras,
#: seguidas de vírgula, parêntese, "CPF" ou do fim da linha
_FIM_DE_NOME_NO_COMECO = re.compile(
    rf"(?P<nome>(?:(?:D[AEO]S?\s+)?{rotulos.PALAVRA_DE_NOME_MAIUSCULA}\s+){{0,1}}(?:D[AEO]S?\s+)?"
    rf"{rotulos.PALAVRA_DE_NOME_MAIUSCULA})(?=\s*(?:[,(]|CPF\b|$))")


#: o nome em maiúsculas no fim da linha de cima, e o documento dele abrindo a linha de baixo ("... a LUCIANA FERREIRA
#: DIAS" / "(CPF 186.091.390-34); em ...")
_NOME_NO_FIM = re.compile(rf"(?P<valor>{rotulos.NOME})\s*$")
_CPF_NO_COMECO = re.compile(r"\s*[,(]?\s*CPF\b")


def _nome_antes_do_cpf_da_linha_de_baixo(de_cima: _Linha, de_baixo: _Linha, comeco: int) -> None:
    """O nome que a linha de cima termina e cujo CPF a de baixo começa: o nome identificado pelo CPF, como na mesma
    linha ("NOME (CPF ...)")."""
    fim = len(de_cima.trecho.texto) if de_cima.fim is None else de_cima.fim
    if not _CPF_NO_COMECO.match(de_baixo.trecho.texto, comeco):
        return
    if (m := _NOME_NO_FIM.search(de_cima.trecho.texto[:fim])) is None or not m.group("valor").isupper():
        return
    if any(a.inicio < m.end("valor") and m.start("valor") < a.fim for a in de_cima.achados):
        return  # o fim da linha já é outro dado (ou o nome já foi visto)
    de_cima.achados = sorted([*de_cima.achados, rotulos.achado_de_nome(m, "identificado_por_cpf")],
                             key=lambda a: (a.inicio, a.fim))


def _fim_do_nome_na_linha_de_baixo(de_cima: _Linha, de_baixo: _Linha, comeco: int) -> None:
    """O nome que começa no fim da linha de cima e termina no começo da de baixo ("... de titularidade de RAFAEL SOUZA" /
    "PINTO, CPF 083.016.613-05, ..."): o nome de cima fica inteiro."""
    fim = len(de_cima.trecho.texto) if de_cima.fim is None else de_cima.fim
    texto_de_cima = de_cima.trecho.texto[:fim].rstrip()
    nome = next((a for a in de_cima.achados if a.campo == "nome_titular" and a.fim == len(texto_de_cima)
                 and a.dado.isupper()), None)
    if nome is None or any(a.inicio == comeco for a in de_baixo.achados if a.campo == "nome_titular"):
        return
    if (resto := _FIM_DE_NOME_NO_COMECO.match(de_baixo.trecho.texto, comeco)) is None:
        return
    inteiro = f"{nome.dado} {resto.group('nome')}"
    completo = replace(nome, dado=inteiro, metadados={**nome.metadados, "nome_normalizado": dobrar(inteiro)})
    de_cima.achados = [completo if a is nome else a for a in de_cima.achados]


def _frases_do_registro(grupo: list[_Linha]) -> dict[int, tuple[int, tuple[int, ...]]]:
    """Onde cada linha do registro começa na contagem das frases dele, e onde as frases terminam nela: a carta que
    conta dois acessos em frases cortadas pelas linhas ("... IP 177.45.10.2, porta 51234. Em 16/03/2025, às" / "09:10:00
    (UTC), ... IP 189.20.30.40 ...") liga cada IP ao quando da sua frase, não ao da linha. Vazio sem fim de frase."""
    frases: dict[int, tuple[int, tuple[int, ...]]] = {}
    atual = 0
    for linha in grupo:
        texto = linha.trecho.texto.rstrip()
        fins = frases_da_linha.fins(texto)
        frases[id(linha.trecho)] = (atual, fins)
        atual += len(fins) + (1 if _TERMINA_FRASE.search(texto) else 0)
    return frases if atual else {}


#: a linha que termina numa frase terminada
_TERMINA_FRASE = re.compile(r"[.!?;][\"”')]*$")


_PORTA_ROTULADA = ip_chaves.PADRAO_PORTA_ROTULADA


def _porta_rotulada(grupo: list[_Linha], itens: list[Item]) -> None:
    """`Port: 51234` numa linha do bloco é a porta do IP do bloco."""
    ips = [i for i in itens if i.achado.tipo_dado == "ip" and "porta" not in i.achado.metadados]
    if len(ips) > 1:
        _portas_depois_de_cada_ip(ips)
        return
    if not ips:
        return
    if _faixa_de_portas(grupo, itens, ips[0]):
        return
    for posicao, linha in enumerate(grupo):
        texto = linha.trecho.texto
        fim = len(texto) if linha.fim is None else linha.fim  # só o pedaço da linha que é deste registro
        if linha.trecho is ips[0].trecho:  # "IP Address: 170.1.2.3 Source Port: 27934": o rótulo depois do IP
            if (m := _PORTA_ROTULADA.search(texto, ips[0].achado.fim, fim)) and ip_chaves.porta_valida(m.group(1)):
                ips[0].achado.metadados["porta"] = m.group(1)
                return
            if (antes := _porta_antes_do_ip(texto[linha.inicio:fim], itens, linha.trecho)) is not None:
                ips[0].achado.metadados["porta"] = antes  # "Source Port 51235, Source IP 177.45.10.3"
                return
            if posicao + 1 < len(grupo) and _porta_na_quebra(texto[ips[0].achado.fim:fim], grupo[posicao + 1], ips[0]):
                return
            continue
        if any(i.trecho is linha.trecho for i in itens if i.achado.tipo_dado == "ip"):
            continue  # a porta rotulada da linha de outro IP é a dele ("IP ... porta 40122" / "IP [...]:40124")
        if (m := _PORTA_ROTULADA.search(texto, linha.inicio, fim)) and ip_chaves.porta_valida(m.group(1)):
            meta = ips[0].achado.metadados
            meta["porta"] = m.group(1)
            meta.setdefault("apoio", []).append(
                {"papel": "porta", "pagina": linha.trecho.pagina, "linha_ou_celula": linha.trecho.localizacao, "dado": m.group(1)}
            )
            return


def _faixa_de_portas(grupo: list[_Linha], itens: list[Item], ip: Item) -> bool:
    """O bloco de portas da CGNAT escrito no registro do IP ("Portas: 50000 a 50255", "Porta inicial: 50000  Porta
    final: 50255"): a primeira porta é a do IP e a última, o `porta_final` dele, como nas colunas de uma tabela. Na
    linha do IP, depois dele; noutra linha do registro, só se ela não tem outro IP."""
    for linha in grupo:
        texto = linha.trecho.texto
        fim = len(texto) if linha.fim is None else linha.fim
        if linha.trecho is ip.trecho:
            inicio = ip.achado.fim
        elif any(i.trecho is linha.trecho for i in itens if i.achado.tipo_dado == "ip"):
            continue
        else:
            inicio = linha.inicio
        if (faixa := faixa_de_portas.na_linha(texto, inicio, fim)) is None:
            continue
        meta = ip.achado.metadados
        meta["porta"], meta["porta_final"] = faixa.inicial, faixa.final
        if linha.trecho is not ip.trecho:
            meta.setdefault("apoio", []).extend(
                {"papel": papel, "pagina": linha.trecho.pagina, "linha_ou_celula": linha.trecho.localizacao, "dado": dado}
                for papel, dado in (("porta", faixa.inicial), ("porta_final", faixa.final)))
        return True
    return False


def _porta_antes_do_ip(texto: str, itens: list[Item], trecho: Trecho) -> str | None:
    """A porta rotulada antes do IP, na linha dele ("Source Port 51235, Source IP 177.45.10.3"): só com um IP e uma
    porta rotulada na linha (com dois, não se sabe de qual é)."""
    if sum(1 for i in itens if i.trecho is trecho and i.achado.tipo_dado == "ip") != 1:
        return None
    portas = {m.group(1) for m in _PORTA_ROTULADA.finditer(texto)}
    return portas.pop() if len(portas) == 1 and ip_chaves.porta_valida(next(iter(portas))) else None


#: o rótulo da porta que a quebra de linha da prosa cortou no fim da linha do IP ("o endereço IP 201.17.88.45, porta" /
#: "de origem 33012, às 10h12min50s ...")
_ROTULO_CORTADO = re.compile(r"\b(?:port|porta|puerto)(?:\s+(?:de|do|da|l[oó]gica|de\s+origem))?\s*$", re.IGNORECASE)


def _porta_na_quebra(cauda: str, seguinte: _Linha, ip: Item) -> bool:
    """A porta cujo rótulo começa no fim da linha do IP e termina, com o número, no começo da linha de baixo: o IP
    fica com a porta, citada na linha de baixo, onde o número está escrito."""
    if not (corte := _ROTULO_CORTADO.search(cauda)):
        return False
    texto = seguinte.trecho.texto
    fim = len(texto) if seguinte.fim is None else seguinte.fim
    juntado = corte.group(0).rstrip() + " " + texto[seguinte.inicio:fim].lstrip()
    if not ((m := _PORTA_ROTULADA.match(juntado)) and m.start(1) > len(corte.group(0).rstrip())
            and ip_chaves.porta_valida(m.group(1))):
        return False
    meta = ip.achado.metadados
    meta["porta"] = m.group(1)
    meta.setdefault("apoio", []).append({"papel": "porta", "pagina": seguinte.trecho.pagina,
                                         "linha_ou_celula": seguinte.trecho.localizacao, "dado": m.group(1)})
    return True


def _portas_depois_de_cada_ip(ips: list[Item]) -> None:
    """Vários IPs numa linha (a carta que conta dois acessos: "... IP 177.45.10.2, porta 51234. Em 16/03 ... IP
    189.20.30.40, porta 40000."): cada um com a porta rotulada que vem depois dele e antes do próximo IP da linha.
    Em linhas diferentes do bloco, nenhum: não se sabe de qual IP é a porta."""
    por_trecho: dict[int, list[Item]] = {}
    for item in ips:
        por_trecho.setdefault(id(item.trecho), []).append(item)
    for da_linha in por_trecho.values():
        da_linha.sort(key=lambda i: i.achado.inicio)
        texto = da_linha[0].trecho.texto
        for atual, seguinte in zip(da_linha, [*da_linha[1:], None], strict=True):
            fim = seguinte.achado.inicio if seguinte is not None else len(texto)
            if (m := _PORTA_ROTULADA.search(texto, atual.achado.fim, fim)) and ip_chaves.porta_valida(m.group(1)):
                atual.achado.metadados["porta"] = m.group(1)


_LINHA_DE_SALDO = re.compile(
    r"\bSALDO\b|\bS A L D O\b|\bTOTAL\s+(?:DE|DAS?|DOS?)\s+(?:ENTRADAS|SA[ÍI]DAS|CR[ÉE]DITOS|D[ÉE]BITOS)\b", re.IGNORECASE
)


def _sem_saldo(achados: list[Achado], texto: str) -> list[Achado]:
    """Numa linha de extrato com valor e saldo, o último valor é o saldo depois do lançamento;
    numa linha de saldo (SALDO ANTERIOR, SALDO DO DIA) nenhum valor é transação."""
    valores = [a for a in achados if a.campo == "valor_transacao"]
    if _LINHA_DE_SALDO.search(texto) or linha_de_resumo.resumo(texto):
        return [a for a in achados if a.campo != "valor_transacao"]
    if len(valores) < 2:
        return achados
    saldo = valores[-1]
    for valor in valores[:-1]:
        valor.metadados["saldo_apos"] = saldo.dado
    return [a for a in achados if a is not saldo]
