"""Issue 27: a releitura do validador de um JSON volumoso lê o texto inteiro (o parser precisa dele), mas só cria os
trechos das linhas que guarda (o preâmbulo, o epílogo e a vizinhança das citadas) e só os registros com todos os
campos nelas. Antes criava os 700 mil trechos de um JSON de 100 mil logins e os jogava fora (`em_partes.so_as_linhas`):
~4 s e ~450 MiB no auxiliar a cada análise. O oráculo é esse caminho antigo: os mesmos trechos, na mesma ordem, com
a mesma marca de omissão, e os mesmos registros, com a mesma identidade ("objeto 2" num JSON compacto)."""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from perito.leitura import em_partes
from perito.leitura.leitor import ler_documento
from perito.leitura.texto import ler_texto

_ESCALARES = st.one_of(
    st.integers(-10, 10**6), st.booleans(), st.none(),
    st.sampled_from(["187.34.56.78", "2025-03-15T14:33:10Z", "conta@example.com", "+55 11 98765-4321", "", "  ",
                     "com \"aspas\"", "Jo\u00e3o", "linha\tcom tab"]),
)
_CHAVES = st.sampled_from(["ip", "timestamp", "port", "user", "nome", "conta", "dados", "itens"])
_VALORES = st.recursive(_ESCALARES, lambda filhos: st.one_of(
    st.lists(filhos, max_size=4), st.dictionaries(_CHAVES, filhos, max_size=4)), max_leaves=30)


def _iguais(parcial, oraculo) -> None:
    assert [(t.localizacao, t.texto, t.apos_omissao, t.celulas) for t in parcial.trechos] == \
        [(t.localizacao, t.texto, t.apos_omissao, t.celulas) for t in oraculo.trechos]
    assert [(r.identidade, [(c.rotulo, c.valor, c.trecho.localizacao, c.trecho.apos_omissao, c.inicio) for c in r.campos])
            for r in parcial.registros] == \
        [(r.identidade, [(c.rotulo, c.valor, c.trecho.localizacao, c.trecho.apos_omissao, c.inicio) for c in r.campos])
         for r in oraculo.registros]
    ids = {id(t) for t in parcial.trechos}
    assert all(id(c.trecho) in ids for r in parcial.registros for c in r.campos)  # apontam os trechos guardados


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(objeto=st.dictionaries(_CHAVES, _VALORES, min_size=1, max_size=5), recuo=st.sampled_from([None, 1, 2]),
       pedidas=st.lists(st.integers(1, 60), max_size=4), pontuais=st.lists(st.integers(1, 60), max_size=2),
       janela=st.integers(0, 3), preambulo=st.integers(0, 4), epilogo=st.integers(0, 3))
def test_json_lido_em_parte_igual_ao_lido_inteiro_e_reduzido(tmp_path, objeto, recuo, pedidas, pontuais, janela,
                                                             preambulo, epilogo):
    caminho = tmp_path / "resposta.json"
    texto = json.dumps(objeto, indent=recuo, ensure_ascii=False)
    if recuo is None:  # compacto: vários objetos por linha física, e quebras entre eles
        texto = texto.replace("}, {", "},\n{", 2)
    caminho.write_text(texto + "\n", encoding="utf-8")
    guardadas = em_partes.Guardadas(pedidas, pontuais, janela, preambulo, epilogo)
    oraculo = em_partes.so_as_linhas(ler_texto(caminho, "resposta.json"), pedidas, pontuais, janela, preambulo, epilogo)
    _iguais(ler_texto(caminho, "resposta.json", guardar=guardadas), oraculo)


def test_json_de_logins_compacto_e_recuado(tmp_path):
    """Um JSON de logins de verdade, recuado e compacto (cinco logins por linha: "objeto 2", "objeto 3"...), relido
    pelo caminho do validador (`ler_documento` com `linhas`), com os registros cortados nas bordas das janelas."""
    logins = [{"timestamp": f"2025-03-{1 + i % 28:02d}T10:00:{i % 60:02d}Z", "ip": f"200.1.{i % 250}.9", "port": 20000 + i}
              for i in range(3000)]
    recuado = tmp_path / "recuado.json"
    recuado.write_text(json.dumps({"account": "conta@example.com", "logins": logins}, indent=2), encoding="utf-8")
    compacto = tmp_path / "compacto.json"
    muitos = logins * 10  # 6 mil linhas de cinco logins
    linhas = [", ".join(json.dumps(x) for x in muitos[i:i + 5]) for i in range(0, len(muitos), 5)]
    compacto.write_text('{"account": "conta@example.com", "logins": [\n' + ",\n".join(linhas) + "\n]}\n", encoding="utf-8")
    for caminho, pedidas in ((recuado, (7000, 7003, 15001)), (compacto, (2500, 2501, 4590))):
        parcial = ler_documento(caminho, caminho.name, "txt", linhas=pedidas, pontuais=(401,))
        oraculo = em_partes.so_as_linhas(ler_texto(caminho, caminho.name), pedidas, (401,))
        _iguais(parcial, oraculo)
        assert len(parcial.trechos) < len(ler_texto(caminho, caminho.name).trechos) / 3  # e só o que guarda
        assert parcial.registros and any(t.apos_omissao for t in parcial.trechos)
    assert any("objeto 3" in r.identidade for r in ler_documento(compacto, "c", "txt", linhas=(2500,)).registros)


def test_objeto_que_comeca_numa_linha_nao_guardada_nao_conta_na_identidade(tmp_path):
    """O objeto que começa numa linha omitida e termina na guardada não é guardado, nem numera os que começam nela: o
    segundo objeto da linha 2 continua "linha 2 objeto 2", como no documento inteiro."""
    caminho = tmp_path / "compacto.json"
    caminho.write_text('[{"ip": "187.1.1.1",\n"port": 1}, {"ip": "187.2.2.2", "port": 2}, {"ip": "187.3.3.3", "port": 3},\n'
                       '{"ip": "187.4.4.4", "port": 4}]\n', encoding="utf-8")
    guardadas = em_partes.Guardadas([2], (), janela=0, preambulo=0, epilogo=0)
    parcial = ler_texto(caminho, "compacto.json", guardar=guardadas)
    _iguais(parcial, em_partes.so_as_linhas(ler_texto(caminho, "compacto.json"), [2], (), 0, 0, 0))
    assert [r.identidade for r in parcial.registros] == ["linha 2", "linha 2 objeto 2"]
