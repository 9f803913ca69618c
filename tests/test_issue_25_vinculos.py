"""Issue 25, item 1: o modelo de vínculos — entidades resolvidas e ligações com sentido, nunca co-ocorrência.

Lotes pequenos montados à mão (`fabrica_lotes`); as conclusões citam os dados como o principal citaria e vêm
validadas à mão (o modelo confia na validação: o que ele decide é o que liga a quê).
"""

from __future__ import annotations

import csv
import io
import json
import xml.etree.ElementTree as ET
from typing import Any

from perito.saida import exportacoes, revisao, vinculos
from tests.fabrica_lotes import Fabrica


def _conclusao(id_: int, dados: list[dict[str, Any]], *, status: str = "VERIFICADO", tipo: str = "vinculo_financeiro",
               grau: str = "forte") -> dict[str, Any]:
    refs = [{"arquivo": d["arquivo_fonte"], "pagina": d.get("pagina"), "linha_ou_celula": d["linha_ou_celula"],
             "aba_planilha": d.get("aba_planilha"), "dado_citado": d["dado"]} for d in dados]
    return {"id": id_, "tipo": tipo, "grau_confianca": grau, "afirmacao": f"conclusão {id_}", "referencias": refs,
            "validacao": {"veredicto_geral": status, "detalhes": [{"status": status} for _ in refs]}}


def _modelo(fab: Fabrica, *conclusoes: dict[str, Any], rev: dict[str, Any] | None = None) -> vinculos.Modelo:
    return vinculos.montar(list(conclusoes), fab.lotes(), rev or {"decisoes": []})


def _ligacoes(modelo: vinculos.Modelo, tipo: str) -> list[tuple[str, str]]:
    return [(lig.origem.id, lig.destino.id) for lig in modelo.ligacoes if lig.tipo == tipo]


def test_conta_em_notacoes_diferentes_e_uma_so_e_bancos_que_se_contradizem_nao() -> None:
    fab = Fabrica()
    extrato = fab.documento("extrato.pdf", "banco")
    a = extrato.conta("Banco: 989 Agência: 0001 Conta: 12345-6", 3, banco="989", agencia="0001", numero="12345-6")
    dict_ = fab.dict_pix()
    b = dict_.conta("ISPB 48756102 Agência 1 Conta 123456", 5, banco="48756102", agencia="1", numero="123456")
    # armadilha: a mesma agência e conta no Bradesco (237) e no ISPB do Itaú são duas contas
    outro = fab.documento("itau.pdf", "banco")
    c = outro.conta("Banco 237 Agência 0450 Conta 7788-1", 2, banco="237", agencia="0450", numero="7788-1")
    d = outro.conta("ISPB 60701190 Agência 450 Conta 77881", 9, banco="60701190", agencia="450", numero="77881")
    modelo = _modelo(fab, _conclusao(1, [a, b]), _conclusao(2, [c, d]))
    contas = sorted(e.id for e in modelo.entidades.values() if e.tipo == "conta")
    assert contas == ["conta:1|123456", "conta:compe:237|450|77881", "conta:ispb:60701190|450|77881"]
    assert modelo.entidades["conta:1|123456"].notacoes == {a["dado"], b["dado"]}


def test_imei_e_imeisv_do_mesmo_aparelho_sao_um_no_com_as_duas_notacoes() -> None:
    fab = Fabrica()
    auto = fab.relato("auto.txt")
    imei = auto.imei("35 332811 452907 4", 6, registro="linha 1")
    imeisv = auto.imei("35332811452907 01", 7, registro="linha 1")
    modelo = _modelo(fab, _conclusao(1, [imei, imeisv], tipo="convergencia_imei"))
    [aparelho] = modelo.entidades.values()
    assert aparelho.id == "aparelho:35332811452907" and aparelho.notacoes == {imei["dado"], imeisv["dado"]}


def test_pessoa_pelo_cpf_e_o_nome_so_quando_nenhum_cpf_o_disputa() -> None:
    fab = Fabrica()
    operadora = fab.documento("cadastro.csv", "operadora")
    maria = operadora.nome("MARIA LIMA", 2, papel="titular", cpf="111.444.777-35")
    # dois CPFs para o mesmo nome: a menção só pelo nome não vira nenhum dos dois
    jose1 = operadora.nome("JOSE SOUZA", 3, papel="titular", cpf="529.982.247-25")
    operadora.nome("JOSE SOUZA", 4, papel="titular", cpf="347.821.560-90")
    relato = fab.relato()
    so_nome_maria = relato.nome("Maria Lima", 2, papel="vitima")
    so_nome_jose = relato.nome("José Souza", 3, papel="vitima")
    # armadilha: o ofício cita a titular (com CPF) e a vítima no mesmo parágrafo; o CPF é dela, não dele
    oficio = fab.relato("oficio.txt")
    oficio.nome("MARIA LIMA", 9, papel="titular", cpf="111.444.777-35", registro="linha 9")
    vitima = oficio.nome("PEDRO ALVES", 14, papel="vitima", registro="linha 9")
    modelo = _modelo(fab, _conclusao(1, [maria, jose1, so_nome_maria, so_nome_jose, vitima], tipo="convergencia_nome"))
    pessoas = sorted(e.id for e in modelo.entidades.values() if e.tipo == "pessoa")
    assert pessoas == ["pessoa:11144477735", "pessoa:52998224725", "pessoa:nome:jose souza", "pessoa:nome:pedro alves"]
    assert modelo.entidades["pessoa:11144477735"].notacoes == {"111.444.777-35", "MARIA LIMA", "Maria Lima"}


def test_relato_com_duas_pessoas_nao_liga_ninguem_e_o_cadastro_liga_o_titular() -> None:
    fab = Fabrica()
    boletim = fab.relato()
    vitima = boletim.nome("JOSE CARLOS", 5, papel="vitima", registro="linha 1")
    suspeita = boletim.nome("MARIA LIMA", 13, papel="identificado_por_cpf", cpf="111.444.777-35", registro="linha 1")
    fone_no_relato = boletim.telefone("(11) 93456-7890", 6, registro="linha 1")
    cadastro = fab.documento("cadastro.xlsx", "operadora")
    linha = cadastro.telefone("11912340000", "celula A7", registro="Dados!7")
    titular = cadastro.nome("MARIA LIMA", "celula B7", papel="titular", registro="Dados!7")
    modelo = _modelo(fab, _conclusao(1, [vitima, suspeita, fone_no_relato]), _conclusao(2, [linha, titular]))
    assert _ligacoes(modelo, "titular_de") == [("pessoa:11144477735", "telefone:+5511912340000")]
    pessoas = {e.id for e in modelo.entidades.values() if e.tipo == "pessoa"}
    assert not [lig for lig in modelo.ligacoes if lig.origem.id in pessoas and lig.destino.id in pessoas]


def test_transferencia_tem_sentido_valor_e_instante_e_o_titular_dito_no_cabecalho() -> None:
    fab = Fabrica()
    extrato = fab.documento("extrato_maria.pdf", "banco")
    extrato.declarar_titular("MARIA LIMA", 2, cpf="111.444.777-35", conta="12345-6", agencia="0001")
    recebido = extrato.valor("3.500,00", 13, data="15/03/2025", hora="11:36:40", fuso="BRT", direcao="credito",
                             meio="PIX", contraparte="JOSE CARLOS")
    enviado = extrato.valor("-3.300,00", 15, data="15/03/2025", hora="12:04:55", fuso="BRT", meio="PIX",
                            contraparte="RICARDO SANTOS")
    modelo = _modelo(fab, _conclusao(1, [recebido, enviado]))
    transferencias = {(lig.origem.rotulo, lig.destino.rotulo, lig.valor, lig.instante_utc)
                      for lig in modelo.ligacoes if lig.tipo == "transferiu"}
    assert transferencias == {("JOSE CARLOS", "MARIA LIMA", "3500.00", "2025-03-15T14:36:40Z"),
                              ("MARIA LIMA", "RICARDO SANTOS", "3300.00", "2025-03-15T15:04:55Z")}
    [lig] = [lig for lig in modelo.ligacoes if lig.valor == "3500.00"]
    assert {c["linha_ou_celula"] for c in lig.contexto} == {"linha 2", "linha 3", "linha 4"}  # onde o titular foi dito
    pix = [e for e in modelo.eventos if e.tipo == "pix"]
    assert [e.descricao for e in pix] == ["Pix recebido: R$ 3.500,00 — JOSE CARLOS", "Pix enviado: R$ 3.300,00 — RICARDO SANTOS"]


def test_cada_ip_da_convergencia_tem_aresta_com_o_sujeito_que_o_documento_diz() -> None:
    fab = Fabrica()
    meta = fab.documento("meta.pdf", "provedor")
    alvo = meta.telefone("+5511987654321", 4, registro="p1:linha 1")
    acesso_meta = meta.ip("187.34.56.78", 12, data="2025-03-15", hora="14:32:17", fuso="UTC", porta="51234")
    log = fab.documento("log.csv", "banco")
    acesso_log = log.ip("187.34.56.78", 4, data="15/03/2025", hora="11:34:02", fuso="BRT", porta="51234")
    privado = log.ip("192.168.0.10", 2, data="14/03/2025", hora="19:07:12", fuso="BRT")
    modelo = _modelo(fab, _conclusao(1, [acesso_meta, acesso_log, privado], tipo="convergencia_ip"))
    usos = {(lig.origem.id, lig.destino.id, lig.instante_utc, lig.porta) for lig in modelo.ligacoes if lig.tipo == "usou"}
    assert usos == {("telefone:+5511987654321", "ip:187.34.56.78", "2025-03-15T14:32:17Z", "51234"),
                    ("desconhecido:log.csv", "ip:187.34.56.78", "2025-03-15T14:34:02Z", "51234")}
    [do_meta] = [lig for lig in modelo.ligacoes if lig.origem.id.startswith("telefone")]
    assert do_meta.contexto == [{"arquivo": "meta.pdf", "pagina": 1, "linha_ou_celula": "linha 4", "aba_planilha": None,
                                 "dado_citado": alvo["dado"]}]
    assert "ip:192.168.0.10" not in modelo.entidades  # IP privado não identifica ninguém


def test_referencia_ambigua_nao_liga_e_conclusao_contradita_nao_entra() -> None:
    fab = Fabrica()
    dict_ = fab.dict_pix()
    chave = dict_.chave_pix("+5511912340000", 7, tipo="telefone", titular="MARIA LIMA", cpf="111.444.777-35",
                            agencia="0001", conta="12345-6", registro="p1:linha 6")
    dados = [d for d in fab.lotes()[0]["dados_extraidos"]]
    conclusao = _conclusao(1, dados)
    assert {t for t in ("titular_de", "chave_de") if _ligacoes(_modelo(fab, conclusao), t)} == {"titular_de", "chave_de"}
    assert _ligacoes(_modelo(fab, conclusao), "chave_de") == [("telefone:+5511912340000", "conta:1|123456")]
    ambigua = _conclusao(1, dados, status="AMBIGUO")
    assert _modelo(fab, ambigua).ligacoes == []
    contradita = _conclusao(1, dados, status="CONTRADITO")
    assert _modelo(fab, contradita).entidades == {}
    # a conclusão que a revisão rejeitou sai do gráfico como a que a máquina contradisse; a confirmada entra
    itens = revisao.itens([ambigua])
    def rev(decisao: str) -> dict[str, Any]:
        return {"decisoes": [{"referencia": revisao.identidade(ambigua, itens[0].referencia), "decisao": decisao,
                              "situacao": revisao.VIGENTE}]}
    assert _modelo(fab, conclusao, rev=rev("rejeitado")).entidades == {}
    confirmada = _modelo(fab, ambigua, rev=rev("confirmado"))
    assert [e.tipo for e in confirmada.entidades.values()] == ["telefone"] and confirmada.ligacoes == []
    del chave


def _exportado() -> vinculos.Modelo:
    fab = Fabrica()
    cadastro = fab.documento("cadastro.csv", "operadora")
    linha = cadastro.telefone("11987654321", 2)
    nome = cadastro.nome("=HYPERLINK(\"x\")", 2, papel="titular")
    extrato = fab.documento("extrato.pdf", "banco")
    extrato.declarar_titular("MARIA LIMA", 2, cpf="111.444.777-35", conta="12345-6", agencia="0001")
    valor = extrato.valor("-3.300,00", 15, data="15/03/2025", hora="12:04:55", fuso="BRT", meio="PIX",
                          contraparte="RICARDO SANTOS")
    relato = fab.relato()
    sem_fuso = relato.valor("R$ 50,00", 9, data="03/03/2025", meio="PIX")
    return _modelo(fab, _conclusao(1, [linha, nome]), _conclusao(2, [valor, sem_fuso]))


def test_csvs_para_i2_e_maltego_com_identidade_canonica_sem_apostrofo_e_formula_neutralizada() -> None:
    modelo = _exportado()
    entidades = list(csv.DictReader(io.StringIO(exportacoes.entidades_csv(modelo).lstrip("\ufeff")), delimiter=";"))
    por_tipo = {e["tipo"]: e for e in entidades}
    assert por_tipo["Telefone"]["identidade"] == "+5511987654321"  # sem apóstrofo: é número, não fórmula
    rotulos = {e["rotulo"] for e in entidades}
    assert "'=HYPERLINK(\"x\")" in rotulos  # o nome que seria fórmula é neutralizado
    vinculos_csv = list(csv.DictReader(io.StringIO(exportacoes.vinculos_csv(modelo).lstrip("\ufeff")), delimiter=";"))
    [transferencia] = [v for v in vinculos_csv if v["tipo_vinculo"] == "transferiu"]
    assert (transferencia["rotulo_origem"], transferencia["rotulo_destino"]) == ("MARIA LIMA", "RICARDO SANTOS")
    assert (transferencia["valor"], transferencia["instante_utc"], transferencia["grau"]) == \
        ("3300.00", "2025-03-15T15:04:55Z", "forte")
    [titular] = [v for v in vinculos_csv if v["tipo_vinculo"] == "titular_de"]
    assert titular["identidade_destino"] == "+5511987654321"


def test_graphml_dirigido_com_atributos_e_timesketch_so_com_instante() -> None:
    modelo = _exportado()
    ns = {"g": "http://graphml.graphdrawing.org/xmlns"}
    raiz = ET.fromstring(exportacoes.graphml(modelo))
    grafo = raiz.find("g:graph", ns)
    assert grafo is not None and grafo.get("edgedefault") == "directed"
    arestas = [{**a.attrib, **{d.get("key"): d.text for d in a.findall("g:data", ns)}} for a in raiz.iterfind(".//g:edge", ns)]
    [transferencia] = [a for a in arestas if a["tipo_vinculo"] == "transferiu"]
    assert transferencia["source"] == "pessoa:11144477735" and transferencia["valor"] == "3300.00"
    linhas = [json.loads(linha) for linha in exportacoes.linha_do_tempo_jsonl(modelo).splitlines()]
    assert [(e["datetime"], e["message"]) for e in linhas] == [
        ("2025-03-15T15:04:55+00:00", "Pix enviado: R$ 3.300,00 — RICARDO SANTOS")]
    assert linhas[0]["timestamp_desc"].startswith("Pix")
    sem_fuso = [e for e in modelo.eventos if e.utc is None]
    assert [e.escrito for e in sem_fuso] == ["03/03/2025"]  # fica na linha do tempo do HTML, sem fuso adivinhado


def test_caso_de_exemplo_sem_aresta_entre_pessoas_sem_relacao_validada(analise_demo) -> None:
    resultado, _ = analise_demo
    pasta = resultado.saida if hasattr(resultado, "saida") else resultado["saida"]
    from pathlib import Path

    pasta = Path(pasta)
    conclusoes = json.loads((pasta / "conclusoes.json").read_text(encoding="utf-8"))
    conclusoes = conclusoes["conclusoes"] if isinstance(conclusoes, dict) else conclusoes
    lotes = [json.loads(p.read_text(encoding="utf-8")) for p in sorted((pasta / "lotes").glob("*.json"))]
    modelo = vinculos.montar(conclusoes, lotes, {"decisoes": []})
    # toda conversa entre duas pessoas é uma transferência de um lançamento citado
    pessoas = {e.id for e in modelo.entidades.values() if e.tipo == "pessoa"}
    entre_pessoas = {lig.tipo for lig in modelo.ligacoes if lig.origem.id in pessoas and lig.destino.id in pessoas}
    assert entre_pessoas == {"transferiu"}
    # cada IP de convergencia_ip tem aresta; uma conta e um aparelho por identidade
    ips = {e.id for e in modelo.entidades.values() if e.tipo == "ip"}
    assert ips and ips <= {lig.destino.id for lig in modelo.ligacoes if lig.tipo == "usou"}
    assert len([e for e in modelo.entidades.values() if e.tipo == "aparelho"]) == 1
    notacoes = [n for e in modelo.entidades.values() if e.tipo == "conta" for n in e.notacoes]
    assert len(notacoes) == len(set(notacoes))  # nenhuma notação em duas contas
    assert any("ISPB" in n for n in modelo.entidades["conta:1|123456"].notacoes)
