"""Issue 27: o plano e os relatórios da mesma análise usam um modelo de vínculos só (e as mesmas lacunas), montado
uma vez; a premissa é que o modelo das conclusões finais com as contraditas é o das finais, e que uma decisão humana
faz os relatórios montarem o seu."""

from __future__ import annotations

import copy
import json

from perito.plano import montagem
from perito.saida import relatorios, revisao, vinculos


def test_contradita_nao_muda_o_modelo(analise_demo):
    resultado, _ = analise_demo
    finais = resultado.finais["conclusoes"]
    contradita = copy.deepcopy(next(c for c in finais if c["tipo"] == "convergencia_ip"))
    contradita["id"] = max(c["id"] for c in finais) + 1
    contradita["validacao"]["veredicto_geral"] = "CONTRADITO"
    for detalhe in contradita["validacao"]["detalhes"]:
        detalhe["status"] = "CONTRADITO"
    so_finais = vinculos.montar(finais, resultado.lotes, {"decisoes": []})
    com_contradita = vinculos.montar(finais + [contradita], resultado.lotes, {"decisoes": []})
    assert so_finais.como_dict() == com_contradita.como_dict() and so_finais.por_conclusao == com_contradita.por_conclusao
    assert so_finais.como_dict()["entidades"]  # o caso tem vínculos: a comparação não é de dois vazios


def test_lacunas_guardadas_no_modelo_so_para_os_mesmos_lotes(analise_demo):
    resultado, _ = analise_demo
    modelo = vinculos.montar(resultado.finais["conclusoes"], resultado.lotes, {"decisoes": []})
    primeira = montagem.lacunas_do_caso(modelo, resultado.lotes)
    assert primeira and montagem.lacunas_do_caso(modelo, resultado.lotes) == primeira
    assert modelo.memoria["lacunas"][0] is resultado.lotes
    outros = copy.deepcopy(resultado.lotes)  # outros lotes (iguais em valor): a conta é refeita, não reaproveitada
    assert montagem.lacunas_do_caso(modelo, outros) == primeira and modelo.memoria["lacunas"][0] is outros


def test_com_decisao_os_relatorios_refazem_o_modelo(analise_demo, tmp_path):
    """Um modelo passado pela análise só vale sem decisões: com uma rejeição, a conclusão sai do gráfico."""
    resultado, _ = analise_demo
    pasta = resultado.saida
    analise = revisao.abrir_pasta(pasta, None)
    modelo_vazio = vinculos.Modelo()  # se usado, entidades.csv sai só com o cabeçalho
    sem_decisao, _, _ = relatorios._conteudos(pasta, None, None, lotes=resultado.lotes, modelo_sem_decisoes=modelo_vazio)
    assert len(sem_decisao["entidades.csv"].splitlines()) == 1  # só o cabeçalho: o modelo dado foi usado
    conclusao = next(c for c in analise.conclusoes if c["tipo"] == "convergencia_ip")
    ref = conclusao["referencias"][0]
    (pasta / revisao.NOME).write_text(json.dumps({"decisoes": [{
        "referencia": revisao.identidade(conclusao, ref), "decisao": "rejeitado", "motivo": "teste",
        "analista": "teste", "momento": "2025-03-20T10:00:00Z"}]}), encoding="utf-8")
    try:
        com_decisao, _, _ = relatorios._conteudos(pasta, None, None, lotes=resultado.lotes, modelo_sem_decisoes=modelo_vazio)
    finally:
        (pasta / revisao.NOME).unlink()
    assert len(com_decisao["entidades.csv"].splitlines()) > 1  # refeito com a decisão, das conclusões da pasta
