"""Referências de conclusão montadas a partir de dados extraídos (nunca digitadas).

O `dado_citado` só junta valores escritos no local citado, para o validador poder
achá-los lá. Um valor composto de vários lugares (IP numa célula, data-hora em outra,
porta numa terceira; valor numa linha e a data no cabeçalho do dia) dá uma referência por
lugar, e o fuso declarado uma vez no documento é citado no lugar da declaração.
"""

from __future__ import annotations

import re
from operator import attrgetter
from typing import Any, Iterable

from perito.principal.ocorrencias import Ocorrencia

# as chaves de ordenação sem uma chamada Python a mais por elemento (milhões de ocorrências citadas)
_ORDEM = Ocorrencia.ordem.fget  # type: ignore[attr-defined]
_ARQUIVO_E_SEQ = attrgetter("arquivo", "seq")


def referencia(ocorrencia: Ocorrencia, dado_citado: str) -> dict[str, Any]:
    dado = ocorrencia.dado
    ref: dict[str, Any] = {
        "arquivo": dado["arquivo_fonte"],
        "pagina": dado.get("pagina"),
        "linha_ou_celula": dado["linha_ou_celula"],
        "dado_citado": dado_citado,
        "extrator_id": ocorrencia.extrator_id,
    }
    if dado.get("aba_planilha"):
        ref["aba_planilha"] = dado["aba_planilha"]
    return ref


def citavel(o: Ocorrencia) -> str:
    """O dado como escrito; uma data-hora leva o fuso escrito no mesmo local (sem ele não há instante).

    O fuso que veio de uma declaração (preâmbulo, cabeçalho) não está no local: é citado onde foi dito."""
    fuso = o.dado.get("fuso_horario_original")
    if o.campo == "data_evento" and fuso and fuso not in o.literal and not o.meta.get("contexto_fuso"):
        texto = o.dado.get("texto_original", "")
        if f"{o.literal}{fuso}" in texto:  # "2025-08-02T13:10:44.000Z": o fuso colado, citado como escrito
            return f"{o.literal}{fuso}"
        if fuso in texto:
            return f"{o.literal} {fuso}"
    return o.literal


def no_local(o: Ocorrencia, principal: str | None = None) -> list[str]:
    """Valores de `o` escritos no próprio local: o dado e, para IP e valor, a data, a hora e o fuso
    do instante ligado a ele quando estão na mesma linha ou célula."""
    partes = [principal or citavel(o)]
    if o.campo == "valor_transacao" or o.dado.get("tipo_dado") == "ip":
        texto = o.dado.get("texto_original", "")
        # a data e a hora compactas como estão na linha: "08012025" do SIMBA, "20250315" e "143502" das colunas Data
        # e Hora de um sistema (a leitura delas, em ISO, não está escrita ali)
        for chave in ("data_literal", "hora_literal"):
            if (literal := o.meta.get(chave)) and literal in texto and literal not in partes:
                partes.append(literal)
        fora = {a.get("papel") for a in o.meta.get("apoio", [])}
        if o.meta.get("unidade_tempo_unix"):  # tempo Unix: o número como escrito, nunca a data convertida
            if "data_hora" not in fora and (escrito := o.meta.get("data_hora")) and escrito in texto:
                partes.append(escrito)
        elif compacta := o.meta.get("data_hora_compacta"):  # "20250802131044": o número como escrito
            if "data_hora" not in fora and compacta in texto:
                partes.append(compacta)
            fuso = o.meta.get("fuso")
            if (fuso and not o.meta.get("contexto_fuso") and "fuso" not in fora and fuso in texto
                    and not compacta.endswith(fuso)):  # "20250714T182107Z": o fuso já vai colado no número
                partes.append(fuso)
        elif "data_hora" not in fora and _data_partida_pela_hora(o, texto):
            # "Mon Jul 14 18:21:07 +0000 2025" (o ip-audit do X/Twitter): a data lida ("Jul 14 2025") não está
            # escrita assim, o ano vem depois da hora; cita-se a data-hora inteira, como escrita
            partes.append(o.meta["data_hora"])
        elif "data_hora" not in fora:
            for chave in ("data", "hora"):
                # a data de ordem incerta (mês antes do dia) não tem leitura: é citada como escrita
                valor = o.meta.get("data_escrita" if chave == "data" and o.meta.get("ordem_data") else chave)
                if chave not in fora and valor and valor in texto and valor not in " ".join(partes):
                    partes.append(valor)
            fuso = o.meta.get("fuso")
            if fuso and not o.meta.get("contexto_fuso") and "fuso" not in fora and fuso in texto:
                partes.append(fuso)
        fim = o.meta.get("data_hora_fim")  # o fim da sessão de conexão, na mesma linha
        if fim and "data_hora_fim" not in fora and fim in texto and fim not in partes:
            partes.append(fim)
    return partes


def _data_partida_pela_hora(o: Ocorrencia, texto: str) -> bool:
    """A data do instante não está escrita no local como foi lida, mas a data-hora inteira está."""
    data = o.meta.get("data_escrita" if o.meta.get("ordem_data") else "data")
    inteira = o.meta.get("data_hora")
    return bool(data and data not in texto and inteira and o.meta.get("hora") and inteira in texto)


def _local_ref(o: Ocorrencia, pagina: Any, local: str, aba: str | None, citado: str) -> dict[str, Any]:
    ref: dict[str, Any] = {
        "arquivo": o.arquivo, "pagina": pagina, "linha_ou_celula": local, "dado_citado": citado, "extrator_id": o.extrator_id,
    }
    if aba:
        ref["aba_planilha"] = aba
    return ref


#: metadados que apontam para outro local (sem nenhum deles, o dado não tem referência de apoio)
_TEM_APOIO = frozenset({"apoio", "contexto_unidade", "contexto_fuso", "contexto_tempo_unix"})


def apoios(o: Ocorrencia) -> list[dict[str, Any]]:
    """As outras linhas ou células de onde vieram valores de `o` (data, hora, porta, fuso), a declaração
    de fuso em vigor e a da unidade (centavos no SIMBA), cada uma com o valor escrito lá."""
    if not _TEM_APOIO.intersection(o.meta):
        return []  # quase todo dado: nada escrito noutro lugar
    refs = []
    for apoio in o.meta.get("apoio", []):
        refs.append(_local_ref(o, apoio.get("pagina"), apoio["linha_ou_celula"], apoio.get("aba_planilha"), apoio["dado"]))
    unidade = o.meta.get("contexto_unidade")  # SIMBA: o cabeçalho que diz que o valor está em centavos
    if unidade and unidade.get("arquivo", o.arquivo) == o.arquivo:
        refs.append(_local_ref(o, unidade.get("pagina"), unidade["linha_ou_celula"], unidade.get("aba_planilha"),
                               unidade["texto"]))
    # o cabeçalho que declara a coluna de tempo Unix: o validador o relê para aceitar o instante convertido
    unix = o.meta.get("contexto_tempo_unix")
    if unix and unix.get("arquivo", o.arquivo) == o.arquivo:
        refs.append(_local_ref(o, unix.get("pagina"), unix["linha_ou_celula"], unix.get("aba_planilha"), unix["valor"]))
    declaracao = o.meta.get("contexto_fuso")
    if declaracao and declaracao.get("arquivo", o.arquivo) == o.arquivo:
        refs.append(_local_ref(o, declaracao.get("pagina"), declaracao["linha_ou_celula"], declaracao.get("aba_planilha"),
                               declaracao["valor"]))
    elif declaracao:  # o fuso dito na carta que encaminha o arquivo (`extratores.fuso_pela_carta`): a linha da carta
        ref = _local_ref(o, declaracao.get("pagina"), declaracao["linha_ou_celula"], declaracao.get("aba_planilha"),
                         declaracao["valor"])
        ref["arquivo"], ref["extrator_id"] = declaracao["arquivo"], declaracao.get("extrator_id", o.extrator_id)
        refs.append(ref)
    return refs


def citar(principal: Ocorrencia, *junto: Ocorrencia) -> dict[str, Any]:
    """Referência ao local de `principal` citando ele e os outros dados do mesmo local."""
    if not junto:
        partes = no_local(principal)
        if len(partes) == 1:  # o caso comum, sem nada a juntar nem a tirar (o mesmo texto do caminho geral)
            return referencia(principal, partes[0])
    mesmos = [principal, *(o for o in junto if o.local == principal.local and o is not principal)]
    partes = list(dict.fromkeys(p for o in mesmos for p in no_local(o)))
    # a data de um IP já citada inteira pela data-hora do mesmo local não se repete
    partes = [p for p in partes if not any(p != q and p in q for q in partes)]
    return referencia(principal, unir(partes))


def unir(partes: list[str]) -> str:
    """Valores citados num local, separados por espaço; dois números seguidos ganham " | " entre eles, para
    não virarem um número só na leitura do validador ("125090 08012025" seria 12509008012025), e duas palavras
    também ("SAMUEL ANDRADE | samuel.andrade@…": o nome e o e-mail não são uma frase escrita no local)."""
    texto = ""
    for parte in partes:
        # dois números, ou duas palavras de valores diferentes (o nome e o e-mail), ganham " | ": o validador exige
        # palavras seguidas no local para palavras seguidas no dado citado
        if texto and (texto[-1].isdigit() and parte[:1].isdigit() or texto[-1].isalpha() and parte[:1].isalpha()):
            texto += " | " + parte
        else:
            texto += (" " if texto else "") + parte
    return texto


def juntar(refs: Iterable[dict[str, Any]], copiar: bool = True) -> list[dict[str, Any]]:
    """Uma referência por local: os valores citados no mesmo local ficam num só `dado_citado`.

    `copiar=False` só para referências recém-criadas por quem chama (a junção altera a primeira de cada local):
    centenas de milhares de conclusões não pagam uma cópia de cada referência."""
    por_local: dict[tuple, dict[str, Any]] = {}
    separadas: list[dict[str, Any]] = []
    for ref in refs:
        chave = (ref["arquivo"], ref.get("pagina"), ref.get("aba_planilha"), ref["linha_ou_celula"])
        atual = por_local.get(chave)
        if atual is not None and _outro_momento(atual["dado_citado"], ref["dado_citado"]):
            # a linha da carta com dois lançamentos, cada um com a sua hora ("... às" / "15:21:07; JORGE ... às
            # 16:02:11."): duas citações, uma por evento, para o validador conferir cada hora na frase do seu valor
            separadas.append(dict(ref) if copiar else ref)
            continue
        if atual is not None:
            partes = atual["dado_citado"].split(" ")
            novos = [p for p in ref["dado_citado"].split(" ") if p not in partes]
            if novos and ref["dado_citado"] not in atual["dado_citado"]:
                atual["dado_citado"] = unir([atual["dado_citado"], ref["dado_citado"]])
        else:
            por_local[chave] = dict(ref) if copiar else ref
    return [*por_local.values(), *separadas]


#: a hora citada, não o deslocamento do fuso ("+00:00", "UTC-03:00", "GMT-03:00")
_HORA_CITADA = re.compile(r"(?<![\d:+\-−])\d{1,2}:\d{2}(?::\d{2})?(?![\d:])")


def _outro_momento(atual: str, novo: str) -> bool:
    """As duas citações do mesmo local dizem horas diferentes: dois eventos, não um."""
    horas_atuais, horas_novas = set(_HORA_CITADA.findall(atual)), set(_HORA_CITADA.findall(novo))
    return bool(horas_atuais) and bool(horas_novas) and not horas_novas & horas_atuais


def titular_declarado(o: Ocorrencia) -> list[dict[str, Any]]:
    """As linhas onde o titular do extrato foi declarado (nome, CPF, conta), quando a conclusão se apoia nele."""
    declarado = o.meta.get("contexto_titular") or {}
    return [_local_ref(o, local.get("pagina"), local["linha_ou_celula"], local.get("aba_planilha"), local["dado"])
            for local in declarado.get("locais", [])]


def referencias(ocorrencias: Iterable[Ocorrencia], extras: Iterable[dict[str, Any]] = ()) -> list[dict[str, Any]]:
    """Uma referência por local, na ordem do documento, sem repetição; com os locais de apoio de cada dado."""
    por_local: dict[tuple, list[Ocorrencia]] = {}
    lista = sorted(dict.fromkeys(ocorrencias), key=_ORDEM)
    for o in lista:
        if (grupo := por_local.get(local := o.local)) is None:
            por_local[local] = [o]
        else:
            grupo.append(o)
    refs = [citar(grupo[0]) if len(grupo) == 1 else citar(*grupo) for grupo in por_local.values()]
    for o in lista:
        if _TEM_APOIO.intersection(o.meta):
            refs += apoios(o)
    # as referências montadas aqui são novas: só as de quem chamou (extras) são copiadas
    return juntar([*refs, *(dict(ref) for ref in extras)], copiar=False)


def amostra_por_arquivo(ocorrencias: Iterable[Ocorrencia], limite: int = 3) -> tuple[list[Ocorrencia], str]:
    """Até `limite` ocorrências por arquivo (as primeiras) e a descrição "arquivo (p. 1, linha 4; ...; N no total)".

    Mantém citação e afirmação legíveis quando um número aparece em dezenas de linhas
    de um mesmo registro de mensagens; a contagem total fica dita.
    """
    por_arquivo: dict[str, list[Ocorrencia]] = {}
    for o in sorted(ocorrencias, key=_ARQUIVO_E_SEQ):  # seq: ordem do documento no arquivo
        por_arquivo.setdefault(o.arquivo, []).append(o)
    escolhidas, partes = [], []
    for arquivo, lista in por_arquivo.items():
        locais = list(dict.fromkeys(o.local for o in lista))
        primeiros = set(locais[:limite])
        primeiras = [o for o in lista if o.local in primeiros]
        escolhidas += primeiras
        onde = "; ".join(dict.fromkeys(o.local_curto for o in primeiras))
        resto = f"; {len(locais)} locais no total" if len(locais) > limite else ""
        partes.append(f"{arquivo} ({onde}{resto})")
    return escolhidas, "; ".join(partes)
