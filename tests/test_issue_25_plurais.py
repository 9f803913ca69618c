"""Singular e plural pela quantidade em todo texto que uma pessoa lê (issue 25, item 6).

Antes: "1 família(s) de fonte independente(s)", "conclusão(ões)", "1 trecho(s) não foram enviados".
Agora a quantidade escolhe a forma (`perito.texto_ptbr.plural`), e a concordância do verbo vem junto.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

from perito.plano.texto import prazo_do_passo
from perito.saida import nomes
from perito.texto_ptbr import conforme, plural
from perito.validador import figuras
from tests.conftest import rodar_cli
from tests.fabrica_lotes import Fabrica

SRC = Path(__file__).resolve().parents[1] / "src" / "perito"

#: todo o pacote: depois da issue 25 (item 6), nenhum módulo volta a escrever "conclusão(ões)"
CONFERIDOS = ["."]

#: "conclusão(ões)", "arquivo(s)", "item(ns)", "dado(s)": letra colada a um sufixo de plural entre parênteses.
#: "Senhor(a)" (o vocativo do ofício) não é plural e não casa.
PLURAL_ENTRE_PARENTESES = re.compile(r"[^\W\d_]\((?:s|es|ões|is|ns|ãos|ães)\)")

#: regexes que LEEM texto (documentos, a afirmação, mensagens do click) podem precisar casar a forma antiga:
#: um literal passado a uma função de `re` não é texto para pessoas e fica de fora da conferência
_FUNCOES_DE_RE = {"compile", "search", "match", "fullmatch", "finditer", "findall", "sub", "split"}


def _arquivos() -> list[Path]:
    arquivos: list[Path] = []
    for nome in CONFERIDOS:
        caminho = SRC / nome
        arquivos += sorted(caminho.rglob("*.py")) if caminho.is_dir() else [caminho]
    return arquivos


def _literais_de_regex(arvore: ast.AST) -> set[int]:
    ids = set()
    for no in ast.walk(arvore):
        if (isinstance(no, ast.Call) and isinstance(no.func, ast.Attribute) and no.func.attr in _FUNCOES_DE_RE
                and isinstance(no.func.value, ast.Name) and no.func.value.id == "re" and no.args):
            ids |= {id(c) for c in ast.walk(no.args[0]) if isinstance(c, ast.Constant)}
    return ids


def test_nenhum_texto_dos_modulos_corrigidos_usa_plural_entre_parenteses():
    achados = []
    for arquivo in _arquivos():
        arvore = ast.parse(arquivo.read_text(encoding="utf-8"))
        regexes = _literais_de_regex(arvore)
        for no in ast.walk(arvore):
            if (isinstance(no, ast.Constant) and isinstance(no.value, str) and id(no) not in regexes
                    and (m := PLURAL_ENTRE_PARENTESES.search(no.value))):
                achados.append(f"{arquivo.relative_to(SRC)}:{no.lineno}: {no.value[max(0, m.start() - 30):m.end() + 10]!r}")
    assert not achados, "plural entre parênteses; use perito.texto_ptbr.plural:\n" + "\n".join(achados)


def test_a_conferencia_pega_o_plural_entre_parenteses_num_f_string_e_deixa_a_regex():
    fonte = 'import re\nX = re.compile(r"eventos?(?:\\(s\\))?")\nY = re.compile("família(s)")\ndef f(n):\n    return f"{n} arquivo(s)"\n'
    arvore = ast.parse(fonte)
    regexes = _literais_de_regex(arvore)
    soltos = [no.value for no in ast.walk(arvore) if isinstance(no, ast.Constant) and isinstance(no.value, str)
              and id(no) not in regexes and PLURAL_ENTRE_PARENTESES.search(no.value)]
    assert soltos == [" arquivo(s)"]


def test_plural_escolhe_pela_quantidade_e_zero_vai_ao_plural():
    assert plural(1, "conclusão", "conclusões") == "1 conclusão"
    assert plural(2, "conclusão", "conclusões") == "2 conclusões"
    assert plural(0, "conclusão", "conclusões") == "0 conclusões"
    assert conforme(1, "foi enviado", "foram enviados") == "foi enviado"
    assert nomes.plural is plural  # saida/nomes reexporta o mesmo


# -- afirmações do principal ---------------------------------------------------------------------------


def _imei_em(familias: list[tuple[str, str]]) -> dict:
    fab = Fabrica()
    for linha, (arquivo, familia) in enumerate(familias, start=4):
        fab.documento(arquivo, familia).imei("353328114529074", linha)
    [c] = fab.do_tipo("convergencia_imei")
    return c


def test_familias_de_fonte_no_singular_e_no_plural():
    uma = _imei_em([("cdr_jan.txt", "operadora"), ("cdr_fev.txt", "operadora")])
    duas = _imei_em([("cdr.txt", "operadora"), ("apple.txt", "provedor")])
    assert "1 família de fonte independente (operadora)" in uma["afirmacao"]
    assert "2 famílias de fonte independentes (operadora, provedor)" in duas["afirmacao"]
    for c in (uma, duas):
        assert "(s)" not in c["afirmacao"] and "famílias de fonte independente " not in c["afirmacao"]
        assert figuras.conferir(c, c["afirmacao"]) == []  # o validador lê as duas formas e a conta fecha
    # a conta que não fecha é apontada, no singular e no plural
    errada = duas["afirmacao"].replace("2 famílias de fonte independentes (operadora, provedor)",
                                       "1 família de fonte independente (operadora, provedor)")
    assert [str(p) for p in figuras.conferir(duas, errada)] == [
        "a afirmação diz 1 família de fonte independente; das referências citadas resulta 2 (operadora, provedor)"]


IP = "187.34.56.78"


def _padrao_temporal(horas_do_provedor: list[str]) -> dict:
    fab = Fabrica()
    provedor = fab.documento("meta.txt", "provedor")
    for linha, hora in enumerate(horas_do_provedor, start=2):
        provedor.ip(IP, linha, data="2025-03-15", hora=hora, fuso="UTC", porta="51234")
    fab.documento("extrato.txt", "banco").ip(IP, 5, data="15/03/2025", hora="11:36:41", fuso="BRT",
                                             porta="51234", transacao=True)
    [c] = fab.do_tipo("padrao_temporal")
    return c


def test_eventos_do_padrao_temporal_no_singular_e_no_plural():
    um = _padrao_temporal(["14:20:00"])
    dois = _padrao_temporal(["14:15:00", "14:20:00"])
    assert "o provedor registra 1 evento, em " in um["afirmacao"] and " entre " not in um["afirmacao"]
    assert "o provedor registra 2 eventos entre" in dois["afirmacao"]
    for c in (um, dois):
        assert "evento(s)" not in c["afirmacao"]


def test_o_validador_conta_os_eventos_nas_duas_formas_e_na_antiga():
    texto = "O provedor registra {} entre 15/03/2025 14:15:00 UTC e 15/03/2025 14:20:00 UTC; depois"
    refs = [{"arquivo": "meta.txt", "pagina": None, "linha_ou_celula": f"linha {n}",
             "dado_citado": f"15/03/2025 14:{m}:00 UTC"} for n, m in ((2, 15), (3, 20))]
    conclusao = {"referencias": refs}
    assert figuras.conferir(conclusao, texto.format("2 eventos")) == []
    assert figuras.conferir(conclusao, texto.format("2 evento(s)")) == []
    [problema] = figuras.conferir(conclusao, texto.format("1 evento"))
    assert str(problema) == ("a afirmação diz 1 evento; das referências citadas resulta 2 eventos citados "
                             "entre os dois instantes")


# -- mensagens da linha de comando e do plano -----------------------------------------------------------


def test_argumentos_a_mais_no_singular_e_no_plural():
    codigo, texto = rodar_cli("analisar", "a", "b")
    assert codigo == 2 and "Argumento a mais: b." in " ".join(texto.split())
    codigo, texto = rodar_cli("analisar", "a", "b", "c")
    assert codigo == 2 and "Argumentos a mais: b c." in " ".join(texto.split())


def test_prazo_do_passo_diz_falta_1_dia_e_faltam_2_dias():
    def passo(dias: int) -> dict:
        prazo = {"dias_restantes": dias, "guardado_ate": "2025-03-21", "data_registro": "2025-03-15"}
        return {"tipo": "preservar", "prazo": prazo}

    assert "(falta 1 dia;" in prazo_do_passo(passo(1))
    assert "(faltam 2 dias;" in prazo_do_passo(passo(2))
    assert "(vence hoje;" in prazo_do_passo(passo(0))
    assert "(venceu há 1 dia;" in prazo_do_passo(passo(-1))
