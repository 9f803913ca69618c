"""Issue 27: os atalhos das tabelas grandes (o log de acessos de 200 mil linhas, a planilha de 50 mil) dão sempre o mesmo
que o caminho lento que substituem.

Cada teste compara o atalho com o caminho original em todas as linhas e células dos casos de exemplo e das variantes
(`test_gatilhos._linhas`) e em milhares de textos sorteados com a forma que o atalho aceita, algarismos ao acaso
(datas e horas impossíveis, octetos acima de 255) e palavras que os padrões de data e de fuso conhecem.
"""

from __future__ import annotations

import random
from dataclasses import astuple

import pytest

from perito.chaves import tempo_formas
from perito.extratores import reconhecedores as r
from tests.test_gatilhos import LIMITES, _linhas


@pytest.fixture(scope="module")
def linhas():
    return _linhas()


#: palavras das células de palavra: as de fuso (a coluna de fuso ao lado da hora), de mês, de versão, de transação,
#: as letras soltas que os padrões de hora e de data conhecem (T, Z, h, AM/PM) e as que o gatilho de versão procura
_PALAVRAS = ["LOGIN", "LOGOUT", "UTC", "GMT", "BRT", "BRST", "Z", "T", "h", "H", "AM", "PM", "am", "p", "M", "mar", "MAR",
             "Mar", "jan", "de", "DE", "em", "on", "at", "Version", "v", "V", "b", "B", "build", "PIX", "pix", "TED",
             "transacao", "origem", "America_Sao_Paulo", "EST", "PST", "min", "s", "st", "th", "o", "x", "_", "GMT_",
             "Brasilia", "time", "ip", "porta", "src", "IPv", "ABC", "abc"]


def _algarismos(sorteio: random.Random, quantos: int) -> str:
    return "".join(sorteio.choice("0123456789") for _ in range(quantos))


def _data(sorteio: random.Random) -> str:
    # dias e meses possíveis e impossíveis (00, 13, 31/02, 99), anos de 19xx, 20xx e outros
    dia = sorteio.choice([f"{n:02d}" for n in range(0, 33)] + ["99", "45"])
    mes = sorteio.choice([f"{n:02d}" for n in range(0, 14)] + ["99"])
    ano = sorteio.choice(["2025", "2024", "1999", "2100", "0001", _algarismos(sorteio, 4)])
    return f"{dia}/{mes}/{ano}" if sorteio.random() < 0.7 else f"{ano}-{mes}-{dia}"


def _hora(sorteio: random.Random) -> str:
    partes = [sorteio.choice(["00", "03", "12", "23", "24", "25", "59", "60", "99", _algarismos(sorteio, 2)])
              for _ in range(3)]
    return ":".join(partes)


def _celula(sorteio: random.Random, fora: bool) -> str:
    tipo = sorteio.random()
    if tipo < 0.35:
        return ".".join(_algarismos(sorteio, sorteio.randint(1, 3)) for _ in range(sorteio.choice([4, 4, 4, 3] if fora
                                                                                                  else [4])))
    if tipo < 0.6:
        return _algarismos(sorteio, sorteio.randint(1, 8 if fora else 5))
    if tipo < 0.95:
        return sorteio.choice(_PALAVRAS + (_FORA if fora else []))
    return ""


#: pedaços fora do esqueleto do atalho (nas linhas sorteadas "fora", para que um esqueleto largo demais apareça)
_FORA = ["01/03/2025", "2025-03-01", "03:00:41", "10 mar 2025", "mar 10, 2025", "15-MAR-2025", "1.2.25", "Jan-2025",
         "v1", "x9", "UTC-3", "-03:00", "+0000", "14h30", "10.20.30"]


def _linhas_de_log(quantas: int, semente: int) -> list[str]:
    """Linhas (e células) com a forma que `_data_hora_so_no_comeco` aceita; um quinto delas pode sair dela (espaço
    entre as células, número longo, pedaço de data ou de hora, palavra com algarismo)."""
    sorteio = random.Random(semente)
    textos = []
    for _ in range(quantas):
        fora = sorteio.random() < 0.2
        texto = _data(sorteio) + sorteio.choice(" ;T") + _hora(sorteio)
        for _ in range(sorteio.choice([0, 0, 1, 2, 3, 4, 5, 6])):
            texto += sorteio.choice(";;;,|\t" + (" " if fora else "")) + _celula(sorteio, fora)
        textos.append(texto)
    return textos


def _achados(reconhecedor, texto: str) -> list[tuple]:
    return [astuple(a) for a in reconhecedor(texto)]


@pytest.mark.parametrize("mes_antes_do_dia", [False, True])
def test_data_hora_so_no_comeco_e_a_do_padrao_em_toda_a_linha(linhas, mes_antes_do_dia):
    """Na linha com o esqueleto do log (a data-hora no começo, depois IPv4, números curtos e palavras), tentar a data-hora
    e a data só no começo dá os mesmos achados que procurá-las em toda a linha (também os que a data-hora ocupa), nas
    duas ordens das datas; e `reconhecer` dá o mesmo com e sem gatilhos."""
    sorteados = _linhas_de_log(40_000, 27)
    no_esqueleto = [t for t in [*sorteados, *LIMITES, *linhas] if r._data_hora_so_no_comeco(t)]
    with tempo_formas.na_ordem(mes_antes_do_dia):
        com_achado = 0
        for texto in no_esqueleto:
            assert _achados(r._datas_horas_do_comeco, texto) == _achados(
                lambda t: r._datas_horas(t, fuso_solto=False), texto), texto
            assert _achados(r._datas_do_comeco, texto) == _achados(r._datas, texto), texto
        for texto in sorteados:
            rapido = [astuple(a) for a in r.reconhecer(texto)]
            assert rapido == [astuple(a) for a in r.reconhecer(texto, False)], texto
            com_achado += any(a[3] == "data_evento" for a in rapido)
    # a comparação diz algo: muitas linhas têm a data-hora, e muitas têm o esqueleto do atalho (e o plano delas o usa)
    assert com_achado > 5_000
    assert len(no_esqueleto) > 25_000
    assert r.plano("01/03/2025;03:00:40;200.20.0.10;20000;LOGIN")[:2] == (r._datas_horas_do_comeco, r._datas_do_comeco)
    assert r.plano("01/03/2025 03:00:00")[:2] == (r._datas_horas_do_comeco, r._datas_do_comeco)


def test_linhas_fora_do_esqueleto_nao_usam_o_atalho(linhas):
    """O atalho só vale no esqueleto dele: com espaço depois da hora, número longo, barra, hífen ou dois-pontos no resto,
    ou fuso possível escrito sozinho, a linha é procurada inteira."""
    for texto in ["01/03/2025;03:00:40;10 mar 2025", "01/03/2025;03:00:40;20250301", "01/03/2025;03:00:40;01/03/2025",
                  "01/03/2025;03:00:40;2025-03-01", "01/03/2025;03:00:40;03:00:41", "01/03/2025 03:00:40 UTC",
                  "01/03/2025;03:00:40;177.1.0.1:443", "x01/03/2025;03:00:40", "1/3/2025;03:00:40"]:
        assert not r._data_hora_so_no_comeco(texto), texto
        assert r._datas_horas_do_comeco not in r.plano(texto), texto
        assert r._datas_do_comeco not in r.plano(texto), texto
    # nos exemplos, onde o atalho não vale o plano é o de sempre
    for texto in linhas:
        if not r._data_hora_so_no_comeco(texto):
            assert r._datas_horas_do_comeco not in r.plano(texto) and r._datas_do_comeco not in r.plano(texto), texto


def _locais(sorteio: random.Random) -> object:
    numero = sorteio.choice([0, 1, 2, 12, 99, 100_001, sorteio.randint(0, 10**6)])
    return sorteio.choice([
        f"linha {numero}", f"celula B{numero}", f"celula AB{numero}", f"Acessos!{numero}", f"pagina 3 linha {numero}",
        f"tabela 1 linha {numero}", f"celula b{numero}", f"x celula B{numero}", f"Acessos!{numero} x", "", None,
        f"pagina {numero}", f"bloco {numero}", f"linha {numero} e linha 7", numero, f"linhas {numero}", "linha ",
    ])


def test_linhas_do_registro_e_do_dado_sao_as_das_duas_funcoes():
    """Os dois números de linha de um dado lidos com os locais guardados são os de `linha_do_registro` e de
    `linha_do_dado`, em dados sorteados (local e registro ausentes, vazios, de planilha, de página, sem número) e em
    sequências que repetem os locais, também depois de a guarda encher e recomeçar."""
    from perito import derrame

    sorteio = random.Random(27)
    lidas: dict[str, int] = {}
    anteriores: list[dict] = []
    for _ in range(20_000):
        if anteriores and sorteio.random() < 0.4:
            dado = sorteio.choice(anteriores[-50:])  # o mesmo local de novo (o outro dado da mesma linha)
        else:
            dado = {"linha_ou_celula": _locais(sorteio)}
            if sorteio.random() < 0.8:
                dado["metadados"] = {"registro": _locais(sorteio)} if sorteio.random() < 0.8 else {}
            anteriores.append(dado)
        esperado = (derrame.linha_do_registro(dado), derrame.linha_do_dado(dado))
        assert derrame.linhas_do_registro_e_do_dado(dado, lidas) == esperado, dado
    assert len(anteriores) > derrame._LIDAS_MAXIMO  # a guarda encheu e recomeçou no meio
