"""Ponta a ponta no caso de exemplo: a convergência plantada é achada, as armadilhas não."""

from __future__ import annotations

import json

from perito.analise import Parametros, analisar
from perito.contratos.esquemas import erros
from tests.conftest import CASO_DEMO, DATA, hashes_da_arvore


def _conclusoes_do_ip(resultado, ip):
    return [c for c in resultado.finais["conclusoes"] if c["tipo"] == "convergencia_ip" and f"O IP {ip} " in c["afirmacao"]]


def test_convergencia_plantada_e_forte_e_verificada(analise_demo):
    resultado, _ = analise_demo
    [conclusao] = _conclusoes_do_ip(resultado, "187.34.56.78")
    assert conclusao["grau_confianca"] == "forte"
    assert conclusao["validacao"]["veredicto_geral"] == "VERIFICADO"
    arquivos = {r["arquivo"] for r in conclusao["referencias"]}
    assert {"resposta_meta_whatsapp.pdf", "log_internet_banking.csv"} <= arquivos
    # a afirmação cita os horários originais com seus fusos e o intervalo calculado
    assert "2025-03-15 14:32:17 UTC" in conclusao["afirmacao"]
    assert "15/03/2025 11:34:02 BRT" in conclusao["afirmacao"]
    assert "1min45s" in conclusao["afirmacao"]
    meta = next(r for r in conclusao["referencias"] if r["arquivo"] == "resposta_meta_whatsapp.pdf")
    assert (meta["pagina"], meta["linha_ou_celula"]) == (1, "linha 12")


def test_ip_privado_nunca_converge(analise_demo):
    resultado, _ = analise_demo
    todas = resultado.finais["conclusoes"] + resultado.contraditas
    assert not any("192.168.0.10" in c["afirmacao"] for c in todas)


def test_ipv4_horas_distante_e_portas_diferentes_nao_e_forte(analise_demo):
    resultado, _ = analise_demo
    for conclusao in _conclusoes_do_ip(resultado, "177.20.30.40"):
        assert conclusao["grau_confianca"] != "forte"
        assert "10h35min10s" in conclusao["afirmacao"]


def test_validador_verifica_todas_as_referencias_do_principal(analise_demo):
    resultado, _ = analise_demo
    detalhes = [d for v in resultado.validacoes["validacoes"] for d in v["detalhes"]]
    assert detalhes, "o exemplo deve gerar referências"
    assert [d for d in detalhes if d["status"] != "VERIFICADO"] == []
    assert resultado.contraditas == []


def test_caso_nunca_e_escrito(analise_demo):
    _, antes = analise_demo
    assert hashes_da_arvore(CASO_DEMO) == antes


def test_saidas_seguem_os_contratos(analise_demo):
    resultado, _ = analise_demo
    saida = resultado.saida
    conclusoes = json.loads((saida / "conclusoes.json").read_text(encoding="utf-8"))
    validacao = json.loads((saida / "validacao.json").read_text(encoding="utf-8"))
    assert erros("conclusoes", conclusoes) == []
    assert erros("validacoes", validacao) == []
    lotes = sorted((saida / "lotes").glob("*.json"))
    assert [p.stem for p in lotes] == [
        "extrator_bancario_01", "extrator_generico_01", "extrator_operadora_01", "extrator_provedores_01",
    ]
    for caminho in lotes:
        lote = json.loads(caminho.read_text(encoding="utf-8"))
        assert erros("lote_extracao", lote) == []
        assert lote["total_dados"] == len(lote["dados_extraidos"])
        for dado in lote["dados_extraidos"]:
            # o dado está escrito no texto original citado
            assert dado["dado"] in dado["texto_original"]


def test_manifesto_lista_cada_entrada_com_hash(analise_demo):
    resultado, _ = analise_demo
    manifesto = json.loads((resultado.saida / "manifesto.json").read_text(encoding="utf-8"))
    arquivos = {a["arquivo"]: a for a in manifesto["arquivos"]}
    assert set(arquivos) == {p.name for p in CASO_DEMO.iterdir()}
    for nome, linha in arquivos.items():
        assert linha["tamanho"] == (CASO_DEMO / nome).stat().st_size
        assert linha["sha256"] == hashes_da_arvore(CASO_DEMO)[nome]
    assert manifesto["perito_versao"]
    assert manifesto["inicio"] <= manifesto["fim"]
    assert manifesto["parametros"]["data_analise"] == DATA
    assert set(manifesto["saidas"]) >= {"conclusoes.json", "validacao.json"}
    # issue 27: segundos e memória por etapa; o pico do principal só cresce, e os auxiliares medem o seu
    etapas, memoria = manifesto["etapas"], manifesto["memoria_etapas"]
    assert list(etapas) == ["inventario", "leitura_e_extracao", "lotes", "cruzamento", "validacao", "saidas",
                            "relatorios"] and set(memoria) == set(etapas)
    picos = [m["principal_ate_aqui_mib"] for m in memoria.values()]
    assert picos == sorted(picos) and picos[0] > 20
    assert memoria["leitura_e_extracao"]["maior_auxiliar_mib"] > 20 and memoria["validacao"]["maior_auxiliar_mib"] > 20


def test_reexecucao_da_saidas_identicas(analise_demo, tmp_path):
    resultado, _ = analise_demo
    outra = analisar(Parametros(CASO_DEMO, tmp_path / "outra", data_analise=DATA))
    for nome in ("conclusoes.json", "validacao.json", "conclusoes_contraditas.json", "lotes/extrator_provedores_01.json"):
        assert (outra.saida / nome).read_bytes() == (resultado.saida / nome).read_bytes(), nome


def test_lotes_localizam_os_dados_do_log_bancario(analise_demo):
    resultado, _ = analise_demo
    lote = next(lote for lote in resultado.lotes if lote["extrator_id"] == "extrator_bancario_01")
    ip = next(
        d for d in lote["dados_extraidos"]
        if d["arquivo_fonte"] == "log_internet_banking.csv" and d["dado"] == "187.34.56.78" and d["linha_ou_celula"] == "linha 4"
    )
    assert ip["pagina"] is None
    assert ip["texto_original"] == "15/03/2025;11:34:02;BRT;187.34.56.78;51234;Android SM-A546E;Login"
    assert ip["metadados"]["porta"] == "51234"
    assert ip["metadados"]["instante_utc"] == "2025-03-15T14:34:02Z"
    arquivo = next(a for a in lote["arquivos_processados"] if a["arquivo"] == "log_internet_banking.csv")
    assert arquivo["metodo_extracao"] == "csv"


def test_caso_alterado_durante_a_analise_falha_alto(caso_demo, tmp_path):
    """Se alguém escreve no caso no meio da análise, os resultados não valem."""
    import pytest

    from perito.erros import ErroPerito, Saida

    def intruso(etapa, *_):
        if etapa == "cruzamento":
            (caso_demo / "novo.txt").write_text("chegou depois\n", encoding="utf-8")

    with pytest.raises(ErroPerito) as erro:
        analisar(Parametros(caso_demo, tmp_path / "saida", data_analise=DATA), intruso)
    assert erro.value.codigo == Saida.CASO_ALTERADO
    assert not (tmp_path / "saida" / "conclusoes.json").exists()
    # os lotes já tinham ido ao disco em temporários (issue 15): nenhum fica, nem com o nome final
    assert list((tmp_path / "saida" / "lotes").iterdir()) == []


def test_interrupcao_nao_deixa_arquivo_final_pela_metade_e_reexecucao_da_o_mesmo(analise_demo, tmp_path):
    """Ctrl-C no meio da análise: nenhum arquivo final nem temporário; a nova execução sai igual à limpa, e não relê o
    que a interrompida já tinha lido (o armazém do caso guarda as leituras assim que terminam)."""
    import pytest

    resultado, _ = analise_demo
    destino = tmp_path / "saida"

    def ctrl_c(etapa, *_):
        if etapa == "validação":
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        analisar(Parametros(CASO_DEMO, destino, data_analise=DATA), ctrl_c)
    restos = sorted(p.name for p in destino.rglob("*") if p.is_file())
    assert restos == ["armazem.sqlite3", "auditoria.jsonl", "perito.log"]
    analisar(Parametros(CASO_DEMO, destino, data_analise=DATA))
    trilha = [json.loads(linha) for linha in (destino / "auditoria.jsonl").read_text(encoding="utf-8").splitlines()]
    ultima = trilha[max(n for n, e in enumerate(trilha) if e["acao"] == "iniciar"):]
    lidas = [e for e in ultima if e["acao"] == "ler"]
    assert len(lidas) == 11 and all("reaproveitado_do_armazem" in e["detalhes"] for e in lidas)
    for nome in ("conclusoes.json", "validacao.json", "conclusoes.csv", "lotes/extrator_bancario_01.json"):
        assert (destino / nome).read_bytes() == (resultado.saida / nome).read_bytes(), nome


def test_log_de_texto_com_um_nul_perdido_e_lido_com_alerta(caso_demo, tmp_path):
    (caso_demo / "log.txt").write_bytes(b"acesso 15/03/2025 11:34:02 BRT IP 187.34.56.78\x00\nfim\n" + b"x" * 200)
    resultado = analisar(Parametros(caso_demo, tmp_path / "s", data_analise=DATA))
    linha = next(a for a in resultado.arquivos if a["arquivo"] == "log.txt")
    assert linha["situacao"] == "lido"
    alertas = [a for lote in resultado.lotes for a in lote["alertas"]]
    assert any("log.txt" in a and "NUL" in a for a in alertas)


def test_exemplo_produz_todo_tipo_de_conclusao_verificado(analise_demo):
    from perito.contratos.modelos import TIPOS_CONCLUSAO

    resultado, _ = analise_demo
    tipos = {c["tipo"] for c in resultado.finais["conclusoes"]}
    assert tipos == set(TIPOS_CONCLUSAO) - {"outro"}
    assert all(c["validacao"]["veredicto_geral"] == "VERIFICADO" for c in resultado.finais["conclusoes"])
    graus = {c["tipo"]: c["grau_confianca"] for c in resultado.finais["conclusoes"]}
    assert graus["convergencia_dispositivo"] == "fraco" and graus["materialidade"] == "forte"
