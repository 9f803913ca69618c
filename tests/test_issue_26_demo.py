"""Plano de diligências no caso de exemplo (issue 26): toda lacuna com passo datado e fundamentado, toda conclusão de
autoria com hipóteses, todo IP público com a rede, e a mesma informação no JSON, no terminal, no HTML, no .docx e nos
ofícios."""

from __future__ import annotations

import json

from perito.plano.hipoteses import TEMAS
from perito.saida import html_grafico


def test_plano_do_caso_de_exemplo_cobre_lacunas_autoria_e_ips(analise_demo):
    resultado, _ = analise_demo
    plano = json.loads((resultado.saida / "plano_diligencias.json").read_text(encoding="utf-8"))
    assert plano == resultado.plano
    conclusoes = {c["id"]: c for c in resultado.finais["conclusoes"]}
    # cada ofício (uma lacuna com dado relido) tem o seu passo, com fundamento e prazo ou o motivo de não haver
    oficios = sorted(f"oficios/{p.name}" for p in (resultado.saida / "oficios").glob("*.md"))
    assert oficios and set(oficios) <= {p.get("oficio") for p in plano["passos"]}
    for passo in plano["passos"]:
        assert passo["fundamentos"] and passo["destinatario"] and passo["itens"]
        assert passo["prazo"] or passo["sem_prazo"]
        assert all(i["referencia"]["arquivo"] and i["referencia"]["linha_ou_celula"] for i in passo["itens"])
    assert [p["numero"] for p in plano["passos"]] == list(range(1, len(plano["passos"]) + 1))
    # o Pix da vítima (15/03/2025) abre a janela do MED: 80 dias, até 03/06/2025
    med = next(p for p in plano["passos"] if p["tipo"] == "med_pix")
    assert med["prazo"]["guardado_ate"] == "2025-06-03"
    # o IP 187.34.56.78 sem assinante: 1 ano de guarda a partir do acesso de 15/03/2025
    ip = next(p for p in plano["passos"] if p["tipo"] == "ip" and p["chave"] == "187.34.56.78")
    assert ip["prazo"]["guardado_ate"] == "2026-03-15" and "AS27699" in ip["destinatario"]
    # toda conclusão de autoria tem hipóteses; nenhuma forte tem alternativa concorrente sustentada
    com_hipoteses = {h["conclusao_id"]: h["hipoteses"] for h in plano["hipoteses"]}
    assert {i for i, c in conclusoes.items() if c["tipo"] in TEMAS} == set(com_hipoteses)
    for cid, hipoteses in com_hipoteses.items():
        assert len(hipoteses) >= 3 and all(h["decide"] for h in hipoteses)
        if conclusoes[cid]["grau_confianca"] == "forte":
            assert not [h for h in hipoteses if h["concorrente"] and h["situacao"] == "sustentada"], cid
    # todo IP público citado numa conclusão aparece com AS, organização e a data da base
    assert {r["ip"] for r in plano["redes"]} >= {"187.34.56.78", "177.20.30.40"}
    assert all(r["asn"] and r["data_base"] == plano["base_ip"]["data"] for r in plano["redes"])
    assert [t["tema"] for t in plano["painel"]] == ["materialidade", "autoria"]


def test_plano_nas_saidas_para_pessoas(analise_demo):
    resultado, _ = analise_demo
    saida = resultado.saida
    texto = (saida / "relatorio.txt").read_text(encoding="utf-8")
    assert texto.index("Estado do caso") < texto.index("Arquivos do caso")  # o painel no topo
    assert "Plano de diligências" in texto and "03/06/2025" in texto
    html = (saida / "relatorio.html").read_text(encoding="utf-8")
    assert html.index("Estado do caso") < html.index("<h2>Resumo</h2>")
    assert 'id="passo-1"' in html and "Hipóteses concorrentes" in html and "Rede dos IPs" in html
    # nenhum endereço fora das bibliotecas embutidas do gráfico (URLs só nos comentários delas; o teste da issue 25
    # mede no navegador que nenhum pedido sai da página)
    proprio = html
    for embutido in (*html_grafico.scripts_vendor(), html_grafico.css_vendor()):
        proprio = proprio.replace(embutido, "")
    assert "AS27699" in html and "https://" not in proprio
    oficio = (saida / "oficios" / "ip_187.34.56.78.md").read_text(encoding="utf-8")
    assert "## Prazo e urgência (plano de diligências, passo" in oficio
    assert "Guarda obrigatória até 15/03/2026" in oficio and "**A:** TELEFONICA BRASIL S.A (AS27699)" in oficio
    from docx import Document

    paragrafos = [p.text for p in Document(str(saida / "relatorio.docx")).paragraphs]
    inicio = paragrafos.index("6. Estado do caso e plano de diligências")
    fim = paragrafos.index("7. Hipóteses concorrentes")
    assert any("Acionar o Mecanismo Especial de Devolução" in p for p in paragrafos[inicio:fim])
    assert any("Marco Civil" in p for p in paragrafos[inicio:fim])


def test_defeito_no_plano_nao_derruba_a_analise(tmp_path, monkeypatch):
    """Injeção de falha: o plano é conselho; as conclusões validadas saem e o defeito é dito."""
    from perito import analise
    from perito.plano import montagem
    from tests.conftest import CASO_DEMO, DATA

    def quebrado(*_args, **_kwargs):
        raise KeyError("metadados")

    monkeypatch.setattr(montagem, "montar", quebrado)
    resultado = analise.analisar(analise.Parametros(CASO_DEMO, tmp_path / "saida", data_analise=DATA))
    assert len(resultado.finais["conclusoes"]) > 10
    plano = json.loads((tmp_path / "saida" / "plano_diligencias.json").read_text(encoding="utf-8"))
    assert plano["falha"] == "KeyError: 'metadados'" and plano["passos"] == []
    texto = (tmp_path / "saida" / "relatorio.txt").read_text(encoding="utf-8")
    assert "Plano de diligências NÃO montado" in texto
    assert "defeito interno ao montar o plano" in (tmp_path / "saida" / "perito.log").read_text(encoding="utf-8")
