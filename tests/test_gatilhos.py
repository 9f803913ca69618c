"""Issue 15: os gatilhos dos reconhecedores (condição barata antes do padrão) nunca mudam o resultado.

Cada gatilho deve ser mais largo que os padrões do seu reconhecedor. Prova: em todas as linhas e células dos
casos de exemplo, das variantes e do caso de avaliação externo, e em linhas escritas para pegar cada gatilho
no limite (rótulo em caixa alta, abreviado, em inglês), `reconhecer` dá o mesmo com e sem gatilhos.
"""

from __future__ import annotations

from dataclasses import astuple

import pytest

from perito.extratores.reconhecedores import GATILHOS, reconhecer
from perito.leitura.inventario import listar
from perito.leitura.leitor import ler_documento
from tests.conftest import CASO_DEMO, RAIZ

PUBLICO = RAIZ.parent / "shared" / "avaliacao" / "caso_publico"
PASTAS = [CASO_DEMO, RAIZ / "examples" / "variantes", PUBLICO]

LIMITES = [
    "AGÊNCIA 1207 CONTA 30418-6", "Ag. 0001 C/C 12345-6", "ag 12 cc 3", "Banco 001 Ag: 1234 Conta: 99-1",
    "OAB/SP 123.456", "OAB nº 12345/RJ", "oab/sp 123", "ENDEREÇO: Rua das Flores, 10", "Address - 1 Main St",
    "Device Model iPhone13,2", "MODELO: SM-A546E", "Ramiro's iPhone iPhone 13 G7QX", "aparelho - Moto G8",
    "CHAVE PIX: 11999998888", "Chave: maria@exemplo.com", "123e4567-e89b-12d3-a456-426614174000",
    "App Version 2.25.5.74", "PUSH NAME Zé", "Nome de exibição: Ana Paula", "PIX ENVIADO - MARIA DA SILVA",
    "TED RECEBIDA DE JOSÉ DOS SANTOS", "JOÃO DE SOUZA, CPF 111.444.777-35", "Ana E Bruno ***.046.285-**",
    "Titular: Maria Oliveira Lima", "nome do titular BRUNO COSTA LIMA", "fulano@x.com.br", "2804:14c::1", "2001:0db8:0000:0000:0000:ff00:0042:8329", "fe80::1%eth0", "::1",
    "IPv6 2804:14C:5B00:8000:0:0:0:1 porta 443", "14:32:17 2804:14c:5b::a", "::ffff:187.34.56.78",
    "[2804:14c:5b::a]:443", "187.34.56.78:51234", "R$ 1.234,56", "-1.000,00", "Valor 10,00",
    # letras que o padrão sem caixa iguala a ASCII e o lower() não: "İ"/"ı" = "i", "ſ" = "s", "K" (Kelvin) = "k"
    "NOME DO T\u0130TULAR: Ana Souza", "t\u0131tular: Bruno Lima", "addre\u017f\u017f: Rua X, 1",
    "Dev\u0130ce Model iPhone13,2", "\u0130MEI 356938035643809", "Cp\u0131: x", "CHAVE P\u0130X: 11999998888",
    "Cliente: MARIA LIMA CPF 111.444.777-35", "MARIA LIMA 111.444.777-35", "ANA E BRUNO ***.046.285-**",
    "PIX RECEBIDO - JOSE DA SILVA 10,00", "TRANSFERENCIA PARA ANA LIMA", "recebedora: Ana Lima",
    # a condição do envolvido depois do nome, em toda caixa e com as letras que o padrão iguala a ASCII
    "GERALDO DOS SANTOS  VÍTIMA", "Ana Lima;Autor(a)", "BRUNO COSTA | INVESTIGADO", "Maria Souza\tsuſpeita",
    "CARLOS LIMA  V\u0130TIMA", "Joana Prado | Indiciada", "PEDRO ALVES;comunicante",
    # a quantia redonda: com a moeda, ou "reais" em toda caixa (e com as letras que o padrão iguala a ASCII)
    "transferiu R$ 3.500 ao golpista", "BRL 1200", "3.500 REAIS", "paguei 200 rea\u0130s", "500 reaiſ", "-R$3500",
    # tempo Unix com rótulo na mesma linha, em caixa alta, camelCase e com "="
    "unix_time: 1449851959", "EPOCH_MS=1714835411123", "createdAt: 1714835411", "ts:1714835411", "Data: 1198765432",
    "Created (epoch ms) = 1709470000123", "Valor: 1230.00",
    # telefone rotulado com o 55 e sem o "+", em caixa alta, em inglês e em espanhol
    "TELEFONE CONFIÁVEL: 5537994424330", "Trusted Phone: 5511987654321", "Teléfono: 5521987654321", "MSISDN: 5511987654321",
    "Celular (WhatsApp): 5511987654321", "F\u0130XO/TELEFONE: 5511987654321", "IDENTIFICADOR DE LA CUENTA: 5511987654321",
    # o CNPJ sem pontuação, só com o rótulo (também "CPF/CNPJ"), em toda caixa
    "CNPJ: 11222333000181", "cpf/cnpj 11222333000181", "CPF/CNPJ: 52998224725", "Cnpj nº 11222333000181",
    # o CPF só com o hífen, com e sem rótulo
    "MARIA LIMA 111444777-35", "CPF nº 111444777-35", "Conta 123456789-01",
    # a data-hora do OFX, depois da etiqueta de data (SGML e XML)
    "<DTPOSTED>20250315113640[-3:BRT]", "<DTUSER>20250315</DTUSER>", "<TRNAMT>20250315",
    # a data do Java (Date.toString), em toda caixa e com as letras que o padrão iguala a ASCII: nenhum caso
    # de exemplo tem uma, e o gatilho dela (o dia da semana) precisa deixar passar alguma
    # a data-hora compacta da ISO 8601 com o "T" (e o fuso colado), num texto corrido
    "login at 20250714T182107Z from 189.40.77.212", "time=20250714T152107-0300", "20250714T182107",
    "Mon Jul 14 18:21:07 BRT 2025", "login: THU JUL 17 09:02:11 UTC 2025", "\u017fun Dec 07 03:00:00 UTC 2025",
]


def _linhas() -> list[str]:
    textos: list[str] = list(LIMITES)
    for pasta in PASTAS:
        if not pasta.is_dir():
            continue
        for arquivo in listar(pasta):
            if not arquivo.tipo or arquivo.membro:
                continue
            documento = ler_documento(arquivo.caminho, arquivo.nome, arquivo.tipo)
            textos += [t.texto for t in documento.trechos]
            textos += [c for t in documento.trechos for c in (t.celulas or ())]
    return list(dict.fromkeys(textos))


@pytest.fixture(scope="module")
def linhas():
    return _linhas()


def test_gatilhos_nao_mudam_nenhum_achado(linhas):
    # os casos estão lá: a comparação diz algo (sem ../shared ao lado do repositório, só os exemplos: 882 linhas)
    assert len(linhas) > (1000 if PUBLICO.is_dir() else 850)
    diferentes = [t for t in linhas if [astuple(a) for a in reconhecer(t)] != [astuple(a) for a in reconhecer(t, False)]]
    assert diferentes == []


def test_cada_gatilho_deixa_passar_as_linhas_do_seu_reconhecedor(linhas):
    """Nenhum gatilho é inútil nem fechado demais: cada um barra alguma linha e deixa passar uma que tem achado."""
    if not PUBLICO.is_dir():  # o único exemplo de alguns reconhecedores (registros) está no caso público
        pytest.skip(f"caso público ausente em {PUBLICO} (esperado ../shared/avaliacao/caso_publico)")
    for reconhecedor, gatilho in GATILHOS.items():
        passam = [t for t in linhas if gatilho(t, t.lower())]
        assert len(passam) < len(linhas), reconhecedor.__name__
        assert any(list(reconhecedor(t)) for t in passam), reconhecedor.__name__


def test_contexto_de_transacao_sem_padrao_da_o_mesmo_que_o_padrao(linhas):
    """O atalho das palavras (antes do padrão do IP de transação) nunca muda a resposta, nem com as letras que o
    padrão sem caixa iguala e o lower() não ("ſ" = "s", "İ" = "i")."""
    from perito.extratores.reconhecedores import _CONTEXTO_TRANSACAO, _fala_de_transacao

    extremos = ["TRANSAÇÃO PIX 187.34.56.78", "tranſação 1.2.3.4", "PİX 1.2.3.4", "IP   ORIGEM: 1.2.3.4", "TED",
                "doc.", "Transferência", "transferencia", "pixel 1.2.3.4", "tedio", "IP de origem", "acesso 1.2.3.4"]
    for texto in extremos + linhas:
        assert _fala_de_transacao(texto) == (_CONTEXTO_TRANSACAO.search(texto) is not None), texto


def test_dobras_ascii_sao_todas_as_letras_que_o_padrao_sem_caixa_iguala_a_ascii():
    import re

    from perito.extratores.rotulos import DOBRAS_ASCII

    dobraveis = {c for c in map(chr, range(128, 0x30000)) if re.fullmatch(r"(?i:[a-z])", c)}
    assert dobraveis == set(DOBRAS_ASCII)


def test_gatilhos_dos_padroes_de_nome_sao_condicoes_necessarias(linhas):
    """Cada padrão de nome só roda se o seu gatilho deixa: nenhuma linha em que o padrão casa é barrada."""
    from perito.chaves import dinheiro
    from perito.extratores import rotulos as r

    gatilhos = {
        r.PADRAO_HISTORICO: lambda t: any(m in t for m in r._MEIOS_HISTORICO),
        r.PADRAO_NOME_ROTULADO: lambda t: r.tem_alguma(t, t.lower(), r._PALAVRAS_ROTULO_NOME),
        r.PADRAO_NOME_ANTES_DE_CPF: lambda t: "CPF" in t or r._FORMA_CPF.search(t) is not None,
        r.PADRAO_NOME_ANTES_DE_CPF_MASCARADO: lambda t: "*" in t,
        r.PADRAO_NOME_E_CONDICAO: lambda t: r._CONDICAO_ESCRITA.search(t) is not None,
        dinheiro.PADRAO_VALOR_SEM_CENTAVOS: lambda t: dinheiro.MOEDA_OU_REAIS.search(t) is not None,
    }
    for padrao, gatilho in gatilhos.items():
        casam = [t for t in LIMITES + linhas if padrao.search(t)]
        assert casam, padrao.pattern[:40]  # a comparação diz algo
        assert [t for t in casam if not gatilho(t)] == [], padrao.pattern[:40]


@pytest.mark.parametrize(("alternativa", "palavra"), [
    ("titular(?:\\s+da\\s+(?:conta|linha))?", "titular"),  # o que está num grupo opcional não conta
    ("nome\\s+do\\s+titular", "titular"),  # a mais longa das sequências obrigatórias
    ("v[íi]tima", "tima"),  # a classe separa as sequências
    ("nomes?", "nome"),  # a letra opcional sai
    ("pagador[a]?", "pagador"),
    ("(?:sr\\.)?depositante", "depositante"),
])
def test_palavra_necessaria_de_um_rotulo(alternativa, palavra):
    from perito.extratores.rotulos import palavra_necessaria

    assert palavra_necessaria(alternativa) == palavra


def test_rotulo_sem_palavra_literal_e_recusado():
    """Um rótulo que o gatilho não conseguiria reconhecer (só classes e grupos) é erro do desenvolvedor, já na importação,
    e não um nome que o gatilho barraria em silêncio."""
    from perito.extratores.rotulos import palavra_necessaria

    with pytest.raises(ValueError, match="gatilho"):
        palavra_necessaria("[a-z]+(?:dor|tor)")


def test_cada_alternativa_de_rotulo_de_nome_passa_pelo_gatilho():
    """Cada alternativa de _ROTULOS_NOME, escrita como o documento a escreveria (a alternativa com as classes e os
    grupos opcionais resolvidos pela primeira opção), casa o padrão e passa pelo gatilho."""
    import re

    from perito.extratores import rotulos as r

    def exemplo(alternativa: str) -> str:
        texto, antes = alternativa, None
        while texto != antes:  # grupos opcionais fora, de dentro para fora
            antes, texto = texto, re.sub(r"\(\?:[^()]*\)\?", "", texto)
            texto = re.sub(r"\(\?:([^()|]*)(?:\|[^()]*)?\)(?![?*])", r"\1", texto)  # grupo obrigatório: a primeira opção
        texto = re.sub(r"\[(.)[^\]]*\]\??", r"\1", texto)  # classe: a primeira letra
        texto = re.sub(r"\(\?=[^()]*\)", "", texto)  # o que vem depois ("REM" só com os dois-pontos): o exemplo os tem
        return texto.replace("\\s+", " ").replace("\\.", ".")

    for papel, padrao in r._ROTULOS_NOME.items():
        for alternativa in r.alternativas(padrao):
            linha = f"{exemplo(alternativa).upper()}: Maria Oliveira Lima"
            m = r.PADRAO_NOME_ROTULADO.search(linha)
            assert m is not None and m.group(papel), linha
            assert r.tem_alguma(linha, linha.lower(), r._PALAVRAS_ROTULO_NOME), linha


def _outros_algarismos(texto: str) -> str:
    """O mesmo texto com cada algarismo ASCII trocado por outro (0→1, ..., 9→0): mesmo esqueleto, outros valores."""
    return texto.translate(str.maketrans("0123456789", "1234567890"))


def test_gatilhos_nao_dependem_de_quais_algarismos(linhas):
    """O plano guardado pelo esqueleto (algarismos trocados por 0) só vale se nenhum gatilho olha quais algarismos
    a linha tem: em cada linha dos casos, trocar os algarismos não muda nenhum gatilho."""
    from perito.extratores.reconhecedores import _COM_GATILHO

    for texto in LIMITES + linhas:
        outro = _outros_algarismos(texto)
        for reconhecedor, gatilho in _COM_GATILHO:
            if gatilho is not None:
                assert gatilho(texto, texto.lower()) == gatilho(outro, outro.lower()), (reconhecedor.__name__, texto)


def test_plano_guardado_pelo_esqueleto_nao_guarda_os_achados():
    """Duas linhas de mesmo esqueleto: a segunda usa o plano da primeira, mas os achados são os dela (a data
    inválida e o IP fora de faixa não viram dado só porque a linha anterior, de mesmo formato, tinha os válidos)."""
    from perito.extratores.reconhecedores import plano

    valida, invalida = "01/03/2025;10:00:00;177.10.0.3;443", "99/99/2025;99:00:00;977.10.0.3;443"
    assert plano(valida) is plano(invalida)
    assert {a.campo for a in reconhecer(valida)} == {"data_evento", "ip_acesso"}
    assert [a for a in reconhecer(invalida) if a.campo in ("ip_acesso", "data_evento")] == []
    # e o caminho sem gatilhos concorda nas duas
    for texto in (valida, invalida):
        assert [astuple(a) for a in reconhecer(texto)] == [astuple(a) for a in reconhecer(texto, False)]


def test_plano_com_muitos_esqueletos_continua_certo(monkeypatch):
    """Quando o guardado enche, ele recomeça: os planos seguintes continuam os de cada linha."""
    from perito.extratores import reconhecedores

    monkeypatch.setattr(reconhecedores, "_PLANOS_MAXIMO", 3)
    monkeypatch.setattr(reconhecedores, "_PLANOS", {})
    textos = [f"{'x' * i} maria@exemplo.com 01/03/2025" for i in range(8)] + ["CPF 111.444.777-35"]
    for texto in textos:
        assert [astuple(a) for a in reconhecer(texto)] == [astuple(a) for a in reconhecer(texto, False)]
    assert len(reconhecedores._PLANOS) <= 3


def test_linha_longa_nao_e_guardada_e_da_o_mesmo(monkeypatch):
    """Uma linha enorme (parágrafo sem quebra, campo de 1 MB) tem o plano calculado sem guardar o esqueleto:
    cópias que nunca se repetem não ficam na memória, e os achados são os mesmos."""
    from perito.extratores import reconhecedores

    monkeypatch.setattr(reconhecedores, "_PLANOS", {})
    longa = "Vítima relata acesso do IP 187.34.56.78 em 01/03/2025 10:00:00 BRT. " * 40
    assert len(longa) > reconhecedores._ESQUELETO_MAXIMO
    assert [astuple(a) for a in reconhecer(longa)] == [astuple(a) for a in reconhecer(longa, False)]
    assert reconhecedores._PLANOS == {}
    curta = longa[:60]
    reconhecer(curta)
    assert len(reconhecedores._PLANOS) == 1
