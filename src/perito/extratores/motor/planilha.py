"""Registros de planilha (XLSX): a linha de células, com o cabeçalho (que pode estar abaixo de um título)."""

from __future__ import annotations

import re
from collections import defaultdict
from itertools import groupby
from typing import Iterator

from openpyxl.utils import column_index_from_string

from perito.chaves import ip as ip_chaves
from perito.chaves import tempo
from perito.chaves.conta import digitos_da_agencia
from perito.chaves.digitos import somente_digitos
from perito.extratores import (
    colunas,
    contraparte_na_descricao,
    linha_de_resumo,
    meia_noite,
    pares_de_celulas,
    quantias,
    reconhecedores,
    tempo_unix,
)
from perito.extratores.achado import Achado
from perito.extratores.contexto import Contexto, Declaracao
from perito.extratores.contraparte_na_linha_de_baixo import contraparte_na_linha_de_baixo
from perito.extratores.montagem import DataVigente, HoraSolta, Item, Registro, em_espera
from perito.extratores.motor.comum import fuso_do_contexto, papel_pela_coluna, refinar
from perito.extratores.motor.conta_nas_celulas import conta_nas_celulas
from perito.extratores.papeis import achado_da_coluna, data_compacta, hora_compacta
from perito.extratores.reconhecedores import GuardaDaColuna, reconhecer
from perito.extratores.tempo_unix import ColunasUnix
from perito.leitura.documento import Documento, Trecho

#: o código do banco no começo da célula ("077 - Banco Inter S.A.", "260", "00000000 - BCO DO BRASIL")
_CODIGO_DO_BANCO = re.compile(r"^\s*(\d{3}|\d{8})(?!\d)")


def registros_planilha(documento: Documento, ctx: Contexto, consumidos: frozenset[int] | set[int] = frozenset(),
                       ) -> Iterator[Registro]:
    """`consumidos`: ids das células que outro registro já lê (as linhas de um formulário rótulo | valor)."""
    validos = [t for t in documento.trechos if not t.erro_celula and id(t) not in consumidos]
    for aba, da_aba in groupby(validos, key=lambda t: t.aba):
        da_aba = list(da_aba)
        com_casas = quantias.colunas_com_casas_decimais(da_aba)  # "62,3" numa linha: os inteiros da coluna são reais
        papeis: dict[str, str] = {}
        nomes: dict[str, str] = {}
        fusos: dict[str, Declaracao] = {}
        unix = ColunasUnix({}, {})
        dia: DataVigente | None = None  # a data da linha de cima, para as de baixo com a célula de data vazia ou mesclada
        anterior: tuple[int | None, int] = (None, 0)  # (número, células preenchidas) da linha anterior
        grupo: list[Trecho] = []  # a linha de cabeçalho logo acima, que pode ser a de grupos de um cabeçalho em dois níveis
        guardas: defaultdict[str, GuardaDaColuna] = defaultdict(GuardaDaColuna)  # os achados de cada coluna da aba
        # o registro da linha de cima, que a de baixo pode completar (`_continua`): sai quando a seguinte não o completa
        pendente: Registro | None = None
        for linha, celulas in groupby(da_aba, key=lambda t: t.linha_tabela):
            celulas = list(celulas)
            textos = [c.texto for c in celulas]
            abre = _abre_tabela(papeis, anterior, linha) and colunas.parece_cabecalho(textos)
            segundo_nivel = not abre and _segundo_nivel(grupo, anterior, linha, textos)
            if abre or segundo_nivel:
                if pendente is not None:
                    yield pendente
                    pendente = None
                if segundo_nivel:
                    # "Data/hora do acesso (BRT) | Origem" sobre "Data | Hora | IP | Porta": os nomes de baixo, e o de
                    # cima onde a coluna não tem nome embaixo; o fuso do grupo vale para as colunas que ele cobre
                    celulas_de_nome = _dois_niveis(grupo, celulas)
                else:
                    celulas_de_nome = {c.coluna or "": c for c in celulas}
                nomes = {letra: c.texto for letra, c in celulas_de_nome.items()}
                if segundo_nivel:
                    nomes = _em_reais_pelo_grupo(grupo, nomes)
                papeis = {} if colunas.lista_de_propriedades(textos) else colunas.sem_valor_repetido({
                    letra: p for letra, c in celulas_de_nome.items() if (p := colunas.papel(c.texto))}, nomes)
                fusos = {letra: d for letra, c in celulas_de_nome.items() if (d := ctx.declarar_coluna(c, letra, c.texto))}
                if segundo_nivel:
                    fusos = {**_fusos_do_grupo(grupo, celulas_de_nome, ctx), **fusos}
                unix = ColunasUnix(dict(nomes), dict(celulas_de_nome))
                dia = None
                anterior = (linha, len(celulas))
                grupo = [] if segundo_nivel else celulas
                continue
            grupo = []
            anterior = (linha, sum(1 for c in celulas if c.texto.strip()))
            registro = _registro_planilha(f"{aba}!{linha}", celulas, papeis, ctx, fusos, documento.arquivo, unix, nomes,
                                          guardas)
            if not papeis and (pares := pares_de_celulas.nas_celulas(celulas)) is not None:
                # antes do cabeçalho, "Cliente" | "RAFAEL ..." | "CPF" | "083...": o que só os pares rótulo e valor acham
                # (o nome do cliente) junto do que cada célula já deu (a conta com a agência citada como apoio)
                registro.itens += [Item(achado, celula) for achado, celula in pares if not any(
                    i.trecho is celula and i.achado.campo == achado.campo for i in registro.itens)]
            dia = _dia_repetido(registro, celulas, papeis, fusos, dia)
            quantias.na_planilha(registro.itens, celulas, papeis, nomes, com_casas)
            if any(i.achado.campo == "valor_transacao" for i in registro.itens):
                _sem_valor_que_nao_e_lancamento(registro, celulas, papeis, nomes)
            for item in registro.itens:
                if item.trecho.coluna in nomes:
                    papel_pela_coluna([item.achado], nomes[item.trecho.coluna])
            if pendente is not None and _continua(pendente, registro, celulas, papeis, linha):
                _continuar(pendente, registro, celulas)  # a contraparte na linha de baixo do lançamento
                continue
            if pendente is not None and _detalhe_sem_rotulo(pendente, registro, celulas, papeis, linha):
                continue  # "12/09 10:14 MARCOS ANTONIO FREIRE" embaixo de "Pix - Recebido": o nome de quem pagou
            if pendente is not None:
                yield pendente
            pendente = registro
        if pendente is not None:
            yield pendente
        pendente = None


#: papéis das colunas em que a linha de baixo de um lançamento escreve a outra parte ("PIX RECEBIDO" em cima,
#: "ANA BEATRIZ MOREIRA - CPF ***.274.519-**" embaixo, na mesma coluna de histórico)
_COLUNAS_DA_CONTINUACAO = frozenset({"historico", "nome"})


def _continua(de_cima: Registro, registro: Registro, celulas: list[Trecho], papeis: dict[str, str],
              linha: int | None) -> bool:
    """A linha logo abaixo de um lançamento que só escreve na coluna de histórico (sem data, sem valor, sem saldo) e
    ali nomeia alguém: é a continuação do lançamento de cima (a planilha de um extrato com o lançamento em duas
    linhas), não outro registro."""
    if linha is None or de_cima.identidade.rsplit("!", 1)[-1] != str(linha - 1):
        return False
    if not any(i.achado.campo == "valor_transacao" for i in de_cima.itens):
        return False
    if any(i.achado.campo in ("valor_transacao", "data_evento") for i in registro.itens):
        return False
    cheias = [c for c in celulas if c.texto.strip()]
    return bool(cheias) and all(papeis.get(c.coluna or "") in _COLUNAS_DA_CONTINUACAO for c in cheias) and any(
        i.achado.campo == "nome_titular" for i in registro.itens)


def _continuar(de_cima: Registro, registro: Registro, celulas: list[Trecho]) -> None:
    """Os achados da linha de baixo entram no lançamento de cima, cada um citado na sua célula; o nome sem papel de
    lado é a outra parte do lançamento (o histórico de cima diz o lado)."""
    for item in registro.itens:
        if item.achado.campo == "nome_titular" and item.achado.metadados.get("papel") in (
                None, "nome", "titular", "identificado_por_cpf"):
            item.achado.metadados["papel"] = "contraparte"
    de_cima.itens.extend(registro.itens)
    de_cima.texto = f"{de_cima.texto} {' '.join(c.texto for c in celulas if c.texto.strip())}"


def _detalhe_sem_rotulo(de_cima: Registro, registro: Registro, celulas: list[Trecho], papeis: dict[str, str],
                        linha: int | None) -> bool:
    """A linha de detalhe do extrato do Banco do Brasil exportado em planilha: embaixo de "Pix - Recebido | 3.400,00 C",
    uma linha só com "12/09 10:14 MARCOS ANTONIO FREIRE" na coluna de histórico, em que nenhum reconhecedor acha nada
    (o nome não tem rótulo, o dia não tem ano). A mesma regra do texto (`contraparte_na_linha_de_baixo`): o meio e o
    sentido escritos sem nome em cima, e embaixo só o dia, a hora e o nome. O nome entra no lançamento de cima,
    citado na sua célula; True quando a linha foi consumida assim."""
    if linha is None or registro.itens or de_cima.identidade.rsplit("!", 1)[-1] != str(linha - 1):
        return False
    if not any(i.achado.campo == "valor_transacao" for i in de_cima.itens) or any(
            i.achado.campo == "nome_titular" for i in de_cima.itens):
        return False
    cheias = [c for c in celulas if c.texto.strip()]
    if len(cheias) != 1 or papeis.get(cheias[0].coluna or "") not in _COLUNAS_DA_CONTINUACAO:
        return False
    celula = cheias[0]
    nomes = [a for a in contraparte_na_linha_de_baixo(de_cima.texto, celula.texto, []) if a.campo == "nome_titular"]
    if len(nomes) != 1:
        return False
    de_cima.itens.append(Item(nomes[0], celula))
    de_cima.texto = f"{de_cima.texto} {celula.texto}"
    return True


def _sem_valor_que_nao_e_lancamento(registro: Registro, celulas: list[Trecho], papeis: dict[str, str],
                                    nomes: dict[str, str]) -> None:
    """Tira da linha os valores que não são lançamento (só chamada na linha que tem algum valor: as regras só tiram)."""
    if any(linha_de_resumo.resumo(c.texto) for c in celulas
           if papeis.get(c.coluna or "") not in quantias.PAPEIS_DE_VALOR):
        # "TOTAL DO PERÍODO | 2.890,00 | 2.850,00": a soma, não um lançamento (a data viria da linha de cima)
        registro.itens = [i for i in registro.itens if i.achado.campo != "valor_transacao"]
    if quantias.moeda_estrangeira((nomes.get(c.coluna or "", ""), c.texto) for c in celulas):
        registro.itens = [i for i in registro.itens if i.achado.campo != "valor_transacao"]
    registro.itens = [i for i in registro.itens if not (  # o preço do anúncio não é um pagamento
        i.achado.campo == "valor_transacao" and quantias.coluna_de_preco(nomes.get(i.trecho.coluna or "", "")))]


def _dia_repetido(registro: Registro, celulas: list[Trecho], papeis: dict[str, str], fusos: dict[str, Declaracao],
                  dia: DataVigente | None) -> DataVigente | None:
    """A planilha que escreve a data só na primeira linha do dia (as de baixo com a célula de data vazia, ou a célula
    mesclada sobre as linhas do dia): a linha sem data leva a de cima, citada na célula dela, e a hora da coluna de hora
    compõe o instante, no fuso do cabeçalho da hora. Devolve o dia em vigor."""
    de_data = [letra for letra, papel in papeis.items() if papel == "data"]
    if len(de_data) != 1:
        return None
    por_letra = {c.coluna: c for c in celulas if c.texto.strip()}
    if (celula := por_letra.get(de_data[0])) is not None:
        datas = [i for i in registro.itens if i.trecho is celula and i.achado.campo == "data_evento"]
        if len(datas) != 1 or str(datas[0].achado.metadados.get("hora", "\0")) in celula.texto:
            return None  # a data com a hora na mesma célula: o instante é da linha, não um dia que se repete
        return DataVigente(datas[0].achado.metadados["data"], celula)
    if dia is None or any(i.achado.campo == "data_evento" for i in registro.itens):
        return dia
    registro.data_vigente = dia
    de_hora = next((letra for letra, papel in papeis.items() if papel == "hora" and letra in por_letra), None)
    if de_hora is not None and tempo.hora(hora := por_letra[de_hora].texto.strip()) is not None:
        celula_hora = por_letra[de_hora]
        registro.horas.append(HoraSolta(hora, celula_hora, celula_hora.texto.find(hora)))
        if (declaracao := fusos.get(de_hora)) is not None:
            registro.fuso_de = lambda _trecho, declaracao=declaracao: declaracao
    return dia


def _abre_tabela(papeis: dict[str, str], anterior: tuple[int | None, int], linha: int | None) -> bool:
    """Um cabeçalho pode abrir uma tabela: a primeira da aba ou outra depois de uma linha em branco ou de um título
    de uma célula só (cadastro em cima, eventos embaixo, cada tabela com as suas colunas). Dentro de uma tabela,
    uma linha com nomes de coluna não troca o cabeçalho."""
    if not papeis:
        return True
    numero, preenchidas = anterior
    return numero is None or linha is None or linha > numero + 1 or preenchidas <= 1


def _segundo_nivel(grupo: list[Trecho], anterior: tuple[int | None, int], linha: int | None, textos: list[str]) -> bool:
    """A linha logo abaixo de um cabeçalho que também é cabeçalho, sem nenhum algarismo: o segundo nível dele."""
    return (bool(grupo) and linha is not None and anterior[0] is not None and linha == anterior[0] + 1
            and colunas.parece_cabecalho(textos) and not any(ch.isdigit() for t in textos for ch in t))


def _indice(letra: str) -> int:
    return column_index_from_string(letra) if letra.isalpha() else 0


def _dois_niveis(grupo: list[Trecho], celulas: list[Trecho]) -> dict[str, Trecho]:
    nomes = {c.coluna or "": c for c in grupo if c.texto.strip()}
    nomes.update({c.coluna or "": c for c in celulas if c.texto.strip()})
    return dict(sorted(nomes.items(), key=lambda par: _indice(par[0])))


def _em_reais_pelo_grupo(grupo: list[Trecho], nomes: dict[str, str]) -> dict[str, str]:
    """"Valor (R$)" mesclada sobre "Crédito | Débito": o grupo diz a unidade das colunas que cobre (a dele e as
    seguintes até a próxima célula do grupo); a planilha mostra 2350.0 como "2350", que só com reais no nome da
    coluna é lido como R$ 2.350,00 (sem ele, um inteiro pode estar em centavos)."""
    cobertas: dict[str, str] = {}
    ordenadas = sorted((c for c in grupo if c.texto.strip()), key=lambda c: _indice(c.coluna or ""))
    for letra in nomes:
        de_cima = [c for c in ordenadas if _indice(c.coluna or "") <= _indice(letra)]
        if de_cima and quantias.declara_reais(de_cima[-1].texto) and not quantias.declara_reais(nomes[letra]):
            cobertas[letra] = f"{nomes[letra]} (R$)"
    return {**nomes, **cobertas}


def _fusos_do_grupo(grupo: list[Trecho], celulas_de_nome: dict[str, Trecho], ctx: Contexto) -> dict[str, Declaracao]:
    """O fuso escrito na célula do grupo ("Data/hora do acesso (BRT)", mesclada sobre Data e Hora) vale para as colunas
    de baixo, da dele até a do grupo seguinte; citado na célula do grupo."""
    inicios = sorted((_indice(c.coluna or ""), c) for c in grupo if c.texto.strip())
    fusos: dict[str, Declaracao] = {}
    for posicao, (inicio, celula) in enumerate(inicios):
        fim = inicios[posicao + 1][0] if posicao + 1 < len(inicios) else None
        for letra in celulas_de_nome:
            if inicio <= _indice(letra) and (fim is None or _indice(letra) < fim):
                if (declaracao := ctx.declarar_coluna(celula, letra, celula.texto)) is not None:
                    fusos[letra] = declaracao
    return fusos


def _registro_planilha(identidade: str, celulas: list[Trecho], papeis: dict[str, str], ctx: Contexto,
                       fusos: dict[str, Declaracao], arquivo: str, unix: ColunasUnix | None = None,
                       nomes: dict[str, str] | None = None,
                       guardas: defaultdict[str, GuardaDaColuna] | None = None) -> Registro:
    """`guardas`: os achados já lidos de cada coluna (uma coluna repete a data, a porta, a operação)."""
    itens: list[Item] = []
    por_papel = {papeis.get(c.coluna or ""): c for c in celulas}
    celula_fuso = por_papel.get("fuso")
    fuso_da_linha = celula_fuso.texto.strip() if celula_fuso is not None and tempo.zona(celula_fuso.texto.strip()) else None
    for celula in celulas:
        papel = papeis.get(celula.coluna or "")
        if papel in ("saldo", "fuso", "tarifa", "valor_liquido"):
            continue
        achados = guardas[celula.coluna or ""].reconhecer(celula.texto) if guardas is not None else reconhecer(celula.texto)
        if nomes and colunas.coluna_de_rede(nomes.get(celula.coluna or "", "")):
            achados = [a for a in achados if a.tipo_dado != "imei"]  # o IMSI, o CGI: quinze dígitos que não são aparelho
        if nomes and colunas.ip_do_servidor(nomes.get(celula.coluna or "", "")):
            for achado in achados:  # "IP Destino": o do serviço, como numa linha de CSV (`tabela.ips_de_outra_coisa`)
                if achado.tipo_dado == "ip":
                    achado.campo = "outro"
                    achado.metadados["papel_ip"] = "servidor"
        if unix and (instante := unix.achado(celula.coluna or "", celula.texto, 0, arquivo)) is not None:
            achados = tempo_unix.trocar(achados, instante)
        if papel == "data" and (compacta := data_compacta(celula.texto, 0)) is not None:
            # 20250315 gravado como número na coluna Data de um sistema: a data, não o telefone antigo de 8 dígitos
            achados = [compacta]
        if papel and not achados:
            if novo := achado_da_coluna(papel, celula.texto, 0):
                achados = [novo]
        for achado in achados:
            if papel:
                refinar(achado, papel)
            if achado.campo == "data_evento" and "hora" in achado.metadados and not achado.fuso:
                if fuso_da_linha:
                    _fuso_da_celula(achado, fuso_da_linha, celula_fuso)
                else:
                    fuso_do_contexto([achado], celula, ctx, arquivo, fusos.get(celula.coluna or ""))
            itens.append(Item(achado, celula))
    # as duas regras abaixo só valem na linha com valor (a de um log de acessos nem é olhada)
    com_valor = any(i.achado.campo == "valor_transacao" for i in itens)
    if com_valor and any(reconhecedores.rotulo_de_cadastro(c.texto) for c in celulas):
        itens = [i for i in itens if i.achado.campo != "valor_transacao"]  # a ficha: "Renda declarada | R$ 2.500,00"
    # (a célula de valor com algum algarismo que não zero: "0,00" na linha de um acesso à área Pix não é lançamento)
    lancamento = any(i.achado.campo == "valor_transacao" and any(ch in "123456789" for ch in i.achado.dado)
                     for i in itens) or any(papeis.get(c.coluna or "") in ("valor", "credito", "debito")
                                            and any(ch in "123456789" for ch in c.texto) for c in celulas)
    if lancamento and reconhecedores.fala_de_transacao(" ".join(c.texto for c in celulas)):
        # o IP na linha de um lançamento ("14/07 | PIX ENVIADO | 1.890,00 | 189.40.77.212"): o da transação, como na
        # linha de um CSV, onde a linha inteira decide (cada célula sozinha não fala de transação)
        for item in itens:
            if item.achado.campo == "ip_acesso":
                item.achado.campo = "ip_transacao"
    achados_da_linha = [i.achado for i in itens]
    if com_valor and contraparte_na_descricao.lancamento_de_transferencia(" ".join(c.texto for c in celulas),
                                                                          achados_da_linha):
        for celula in celulas:  # "Pix recebido | JOSE PEREIRA SANTOS | 2.500,00": o nome sozinho na descrição
            if (papeis.get(celula.coluna or "") == "historico" and not any(i.trecho is celula for i in itens)
                    and (nome := contraparte_na_descricao.nome(celula.texto, 0)) is not None):
                itens.append(Item(nome, celula))
                break
    _juntar_data_e_hora(itens, por_papel, ctx, fusos, arquivo)
    if (conta := _conta_das_colunas(itens, por_papel) or conta_nas_celulas(celulas, itens)) is not None:
        itens.append(conta)
    for chave in ("porta", "porta_final"):
        _portas_das_colunas(itens, [c for c in celulas if papeis.get(c.coluna or "") == chave], nomes or {}, chave)
    _porta_empilhada(itens, nomes or {})
    return Registro(identidade, " ".join(c.texto for c in celulas), itens, extrato="saldo" in papeis.values(),
                    em_espera=any(em_espera(c.texto) for c in celulas))


def _conta_das_colunas(itens: list[Item], por_papel: dict[str | None, Trecho]) -> Item | None:
    """Banco, agência e conta em colunas ("Banco | Agência | Conta"): a conta é a célula da conta, com a agência e o
    banco das células ao lado citados como apoio, como numa linha de CSV ou de texto a conta leva a agência."""
    agencia, conta = por_papel.get("agencia"), por_papel.get("conta")
    if agencia is None or conta is None or any(i.achado.campo == "conta_bancaria" for i in itens):
        return None
    if not (somente_digitos(agencia.texto) and somente_digitos(conta.texto)) or len(somente_digitos(conta.texto)) < 3:
        return None
    meta: dict = {"agencia": digitos_da_agencia(agencia.texto), "conta": somente_digitos(conta.texto).lstrip("0") or "0"}
    apoios = [("agencia", agencia)]
    if (banco := por_papel.get("banco")) is not None and (codigo := _CODIGO_DO_BANCO.match(banco.texto)):
        meta["banco"] = codigo.group(1)
        apoios.append(("banco", banco))
    meta["conta_normalizada"] = "|".join(meta.get(k, "") for k in ("banco", "agencia", "conta"))
    meta["apoio"] = [{"papel": papel, "pagina": None, "linha_ou_celula": celula.localizacao, "dado": celula.texto.strip(),
                      "aba_planilha": celula.aba} for papel, celula in apoios]
    texto = conta.texto.strip()
    inicio = conta.texto.find(texto)
    return Item(Achado(inicio, inicio + len(texto), texto, "conta_bancaria", "financeiro", metadados=meta), conta)


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
    if celula_hora is None and (de_tempo := por_papel.get("data_hora")) is not None and tempo.hora(de_tempo.texto.strip()):
        celula_hora = de_tempo  # "Date | Time": a coluna de tempo cujo valor é só a hora, como numa linha de CSV
    if celula_hora is not None:
        escrita = celula_hora.texto.strip()
    elif (historico := por_papel.get("historico")) is not None and (
            no_historico := quantias.hora_no_historico([historico.texto], {0: "historico"})) is not None:
        # sem coluna de hora, a hora do Pix escrita no histórico ("Pix - Recebido 12/06 10:02 ANA ..."), como na
        # linha de um CSV (`tabela._data_e_hora_em_colunas`)
        celula_hora, escrita = historico, no_historico[1]
    else:
        return
    # a hora do histórico é a do Pix, não a do lançamento: não troca a meia-noite da célula de data (o dia do Pix no
    # histórico pode não ser o do lançamento)
    de_coluna = celula_hora is not por_papel.get("historico")
    # 143502 gravado como número na coluna Hora (o zero da esquerda perdido: 91500): 14:35:02, citada como escrita
    compacta = hora_compacta(escrita) if tempo.hora(escrita) is None else None
    if tempo.hora(escrita) is None and compacta is None:
        return
    for item in itens:
        meta = item.achado.metadados
        if item.achado.campo == "data_evento" and item.trecho is por_papel.get("data") and (
                "hora" not in meta or (de_coluna and meia_noite.da_celula_de_data(item.achado, compacta or escrita))):
            meia_noite.trocar_pela_coluna_da_hora(item.achado)
            meta["hora"] = compacta or escrita
            if compacta:
                meta["hora_literal"] = escrita
            meta["apoio"] = [{"papel": "hora", "pagina": None, "linha_ou_celula": celula_hora.localizacao,
                              "dado": escrita, "aba_planilha": celula_hora.aba}]
            celula_fuso = por_papel.get("fuso")
            fuso = celula_fuso.texto.strip() if celula_fuso is not None else None
            if fuso and tempo.zona(fuso):
                _fuso_da_celula(item.achado, fuso, celula_fuso)
            else:
                declaracao = fusos.get(celula_hora.coluna or "") or fusos.get(item.trecho.coluna or "")
                fuso_do_contexto([item.achado], celula_hora, ctx, arquivo, declaracao)


def _porta_empilhada(itens: list[Item], nomes: dict[str, str]) -> None:
    """O IP e a porta empilhados na mesma célula ("IP\nPorta" no cabeçalho, "187.34.56.78\n51234" embaixo): a linha da
    célula na posição da porta no cabeçalho é a porta do IP."""
    for item in itens:
        celula = item.trecho
        if item.achado.tipo_dado != "ip" or "porta" in item.achado.metadados or "\n" not in celula.texto:
            continue
        cabecalho = [colunas.papel(parte) for parte in nomes.get(celula.coluna or "", "").split("\n")]
        partes = celula.texto.split("\n")
        if "porta" in cabecalho and len(partes) == len(cabecalho):
            porta = partes[cabecalho.index("porta")].strip()
            if porta.isdigit() and ip_chaves.porta_valida(porta):
                item.achado.metadados["porta"] = porta


def _portas_das_colunas(itens: list[Item], celulas_porta: list[Trecho], nomes: dict[str, str], chave: str) -> None:
    """Cada coluna de porta (ou de fim do bloco de portas, `porta_final`), da esquerda para a direita, vai para o IP da
    linha do mesmo lado da NAT (`colunas.porta_do_ip`) que ainda não tem uma."""
    for celula_porta in celulas_porta:
        _porta_da_coluna(itens, celula_porta, nomes, chave)


def _porta_da_coluna(itens: list[Item], celula_porta: Trecho, nomes: dict[str, str], chave: str) -> None:
    """A porta da coluna vai para o IP da linha, com a célula de apoio."""
    if not celula_porta.texto.strip().isdigit():
        return
    nome_da_porta = nomes.get(celula_porta.coluna or "", "")
    for item in itens:
        if (item.achado.tipo_dado == "ip" and chave not in item.achado.metadados
                and item.achado.metadados.get("papel_ip") != "servidor"
                and colunas.porta_do_ip(nomes.get(item.trecho.coluna or "", ""), nome_da_porta)):
            item.achado.metadados[chave] = celula_porta.texto.strip()
            if celula_porta is not item.trecho:
                item.achado.metadados.setdefault("apoio", []).append(
                    {"papel": chave, "pagina": None, "linha_ou_celula": celula_porta.localizacao,
                     "dado": celula_porta.texto.strip(), "aba_planilha": celula_porta.aba}
                )
