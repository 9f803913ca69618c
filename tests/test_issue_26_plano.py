"""Plano de diligências (issue 26) sobre lotes pequenos montados à mão: passos datados com o fundamento legal, a
guarda cautelar quando o fim da guarda está perto, a janela do MED, as hipóteses concorrentes e o painel."""

from __future__ import annotations

from typing import Any

from perito.plano import montagem, prazos

IP_AWS = "1.44.96.10"  # Amazon (AS16509): hospedagem
IP_TIM = "152.233.128.20"  # TIM S/A (AS26615): operadora móvel
IP_SALVADOR = "177.20.30.40"  # AS53239, provedor de acesso


def dado(valor: str, campo: str, arquivo: str, linha: str, familia: str, texto: str = "", **meta: Any) -> dict[str, Any]:
    tipos = {"ip_acesso": "ip", "valor_transacao": "valor", "imei": "imei", "telefone": "telefone", "chave_pix": "chave_pix",
             "nome_titular": "nome", "cpf": "cpf"}
    return {"dado": valor, "campo": campo, "arquivo_fonte": arquivo, "pagina": None, "linha_ou_celula": linha,
            "texto_original": texto or valor, "tipo_dado": tipos[campo], "aba_planilha": None,
            "metadados": {"familia_fonte": familia, "registro": linha, **meta}}


def ip(valor: str, arquivo: str, linha: str, familia: str, data: str, hora: str, fuso: str, utc: str,
       porta: str | None = "51234", **meta: Any) -> dict[str, Any]:
    return dado(valor, "ip_acesso", arquivo, linha, familia, f"{data} {hora} {fuso} {valor} {porta or ''}",
                ip_canonico=valor, versao_ip=4, roteavel=True, data=data, hora=hora, fuso=fuso, instante_utc=utc,
                **({"porta": porta} if porta else {}), **meta)


def ref(d: dict[str, Any]) -> dict[str, Any]:
    return {"arquivo": d["arquivo_fonte"], "pagina": None, "linha_ou_celula": d["linha_ou_celula"],
            "dado_citado": d["dado"], "extrator_id": "x", "aba_planilha": None}


def conclusao(numero: int, tipo: str, grau: str, dados: list[dict[str, Any]], veredicto: str = "VERIFICADO") -> dict[str, Any]:
    refs = [ref(d) for d in dados]
    detalhes = [{**r, "status": veredicto, "texto_encontrado": r["dado_citado"], "metodo_extracao": "texto",
                 "match_exato": True, "observacao": ""} for r in refs]
    return {"id": numero, "tipo": tipo, "afirmacao": "afirmação", "grau_confianca": grau, "referencias": refs,
            "validacao": {"conclusao_id": numero, "veredicto_geral": veredicto, "detalhes": detalhes}}


def lote(*dados: dict[str, Any]) -> dict[str, Any]:
    return {"extrator_id": "x", "dados_extraidos": list(dados), "total_dados": len(dados)}


def _convergencia(ip_: str, porta_provedor: str | None = "51234") -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    a = ip(ip_, "meta.pdf", "linha 12", "provedor", "2024-03-20", "14:32:17", "UTC", "2024-03-20T14:32:17Z",
           porta=porta_provedor, emissor_fonte="meta platforms")
    b = ip(ip_, "banco.csv", "linha 4", "banco", "20/03/2024", "11:34:02", "BRT", "2024-03-20T14:34:02Z")
    return [conclusao(1, "convergencia_ip", "forte", [a, b])], [lote(a, b)]


def _passo(plano: dict[str, Any], tipo: str) -> dict[str, Any]:
    return next(p for p in plano["passos"] if p["tipo"] == tipo)


def test_ip_sem_assinante_vira_passo_com_guarda_de_um_ano_e_guarda_cautelar_antes_de_vencer():
    conclusoes, lotes = _convergencia(IP_SALVADOR)
    plano = montagem.montar(conclusoes, lotes, "2025-03-19", "caso")  # 364 dias depois do acesso
    passo = _passo(plano, "ip")
    assert passo["prazo"]["guardado_ate"] == "2025-03-20" and passo["prazo"]["dias_restantes"] == 1
    assert passo["urgencia"] == prazos.IMEDIATA and passo["numero"] == 1
    assert {"MCI_13", "MCI_22", "STJ_PORTA"} <= {f["codigo"] for f in passo["fundamentos"]}
    assert passo["preservar_antes"]["pedido_judicial_ate"] == "2025-05-18"
    assert "MCI_13_2" == passo["preservar_antes"]["fundamento"]["codigo"]
    # o destinatário é a organização que anuncia o IP, com a data da base
    assert "AS53239" in passo["destinatario"] and passo["rede"]["asn"] == 53239
    # cada item: IP, porta, instante como escrito, fuso e UTC, e o local re-encontrável
    item = next(i for i in passo["itens"] if i["local"] == "banco.csv, linha 4")
    assert (item["porta"], item["quando_escrito"], item["fuso"], item["utc"]) == (
        "51234", "20/03/2024 11:34:02", "BRT", "2024-03-20T14:34:02Z")
    assert item["referencia"]["linha_ou_celula"] == "linha 4" and passo["conclusoes"] == [1]


def test_ip_com_guarda_vencida_366_dias_pede_mesmo_assim_e_diz_que_venceu():
    conclusoes, lotes = _convergencia(IP_SALVADOR)
    passo = _passo(montagem.montar(conclusoes, lotes, "2025-03-21", "caso"), "ip")
    assert passo["urgencia"] == prazos.VENCIDO and passo["prazo"]["dias_restantes"] == -1
    assert passo["preservar_antes"] is not None
    distante = _passo(montagem.montar(conclusoes, lotes, "2024-04-01", "caso"), "ip")
    assert distante["urgencia"] == prazos.ESTRATEGICA and distante["preservar_antes"] is None


def test_instante_respondido_pela_operadora_sai_do_pedido_e_o_outro_fica():
    conclusoes, lotes = _convergencia(IP_SALVADOR)
    resposta = ip(IP_SALVADOR, "operadora.xlsx", "celula A2", "operadora", "20/03/2024", "11:34:02", "BRT",
                  "2024-03-20T14:34:02Z", registro="linha 2")
    titular = dado("MARIA", "nome_titular", "operadora.xlsx", "celula B2", "operadora", registro="linha 2")
    plano = montagem.montar(conclusoes, lotes + [lote(resposta, titular)], "2025-03-19", "caso")
    assert [i["local"] for i in _passo(plano, "ip")["itens"]] == ["meta.pdf, linha 12"]
    outra = ip(IP_SALVADOR, "operadora.xlsx", "celula A3", "operadora", "2024-03-20", "14:32:17", "UTC",
               "2024-03-20T14:32:17Z", registro="linha 3")
    titular3 = dado("MARIA", "nome_titular", "operadora.xlsx", "celula B3", "operadora", registro="linha 3")
    plano = montagem.montar(conclusoes, lotes + [lote(resposta, titular, outra, titular3)], "2025-03-19", "caso")
    assert not [p for p in plano["passos"] if p["tipo"] == "ip"]
    mesmo = next(h for h in plano["hipoteses"][0]["hipoteses"] if h["codigo"] == "mesmo_assinante")
    assert mesmo["no_caso"] and mesmo["situacao"] == "sustentada"


def test_ipv4_sem_porta_pede_a_porta_ao_provedor_de_aplicacao_com_guarda_de_seis_meses():
    conclusoes, lotes = _convergencia(IP_TIM, porta_provedor=None)
    plano = montagem.montar(conclusoes, lotes, "2024-09-01", "caso")
    passo = _passo(plano, "porta_logica")
    assert passo["prazo"]["guardado_ate"] == "2024-09-20" and passo["urgencia"] == prazos.IMEDIATA
    assert "meta platforms" in passo["destinatario"]
    assert {"STJ_PORTA", "MCI_15"} <= {f["codigo"] for f in passo["fundamentos"]}
    assert passo["preservar_antes"]["fundamento"]["codigo"] == "MCI_15_2"
    assert "operadora móvel" in passo["pedido"]
    # CGNAT fica em aberto, com o dado que decide; a porta não está no caso
    cgnat = next(h for h in plano["hipoteses"][0]["hipoteses"] if h["codigo"] == "cgnat")
    assert cgnat["situacao"] == "em_aberto" and not cgnat["no_caso"] and "porta" in cgnat["decide"]


def test_hipoteses_de_ip_com_mesma_porta_afastam_cgnat_e_hospedagem_fica_sustentada():
    conclusoes, lotes = _convergencia(IP_AWS)
    conclusoes[0]["grau_confianca"] = "moderado"  # o principal não dá forte a IP de hospedagem
    plano = montagem.montar(conclusoes, lotes, "2024-04-01", "caso")
    por_codigo = {h["codigo"]: h for h in plano["hipoteses"][0]["hipoteses"]}
    assert por_codigo["cgnat"]["situacao"] == "afastada"
    assert por_codigo["hospedagem_vpn"]["situacao"] == "sustentada" and "AS16509" in por_codigo["hospedagem_vpn"]["porque"]
    assert plano["base_ip"]["data"] and plano["base_ip"]["licenca"] and "caminho" not in plano["base_ip"]
    # todo IP público das conclusões mostra AS, organização e a data da base
    [linha] = plano["redes"]
    assert (linha["ip"], linha["asn"], linha["classes"], linha["conclusoes"]) == (IP_AWS, 16509, ["hospedagem"], [1])
    assert linha["organizacao"] == "Amazon.com, Inc." and linha["data_base"] == plano["base_ip"]["data"]
    autoria = next(t for t in plano["painel"] if t["tema"] == "autoria")
    assert autoria["situacao"] == "em_andamento"


def test_pix_da_materialidade_abre_a_janela_do_med_de_80_dias():
    relato = dado("3.500,00", "valor_transacao", "bo.txt", "linha 12", "relato",
                  "a vítima enviou um PIX de R$ 3.500,00 em 15/03/2025", data="15/03/2025")
    credito = dado("3.500,00", "valor_transacao", "extrato.pdf", "linha 13", "banco", "15/03/2025 3.500,00 JOSE",
                   data="15/03/2025")
    conclusoes = [conclusao(1, "materialidade", "forte", [relato, credito])]
    plano = montagem.montar(conclusoes, [lote(relato, credito)], "2025-03-20", "caso")
    med = _passo(plano, "med_pix")
    assert med["prazo"]["guardado_ate"] == "2025-06-03" and med["urgencia"] == prazos.CURTO_PRAZO
    assert med["fundamentos"][0]["codigo"] == "PIX_MED" and "03/06/2025" in med["pedido"]
    tarde = _passo(montagem.montar(conclusoes, [lote(relato, credito)], "2025-06-04", "caso"), "med_pix")
    assert tarde["urgencia"] == prazos.VENCIDO and "terminou" in tarde["pedido"]
    materialidade = next(t for t in plano["painel"] if t["tema"] == "materialidade")
    assert materialidade["situacao"] == "estabelecida" and materialidade["proximo_passo"]["numero"] == med["numero"]


def test_transferencia_que_o_caso_nao_diz_ser_pix_nao_abre_med():
    relato = dado("3.500,00", "valor_transacao", "bo.txt", "linha 12", "relato", "TED de R$ 3.500,00", data="15/03/2025")
    plano = montagem.montar([conclusao(1, "materialidade", "forte", [relato])], [lote(relato)], "2025-03-20", "caso")
    assert not [p for p in plano["passos"] if p["tipo"] == "med_pix"]


def test_imei_invalido_sustenta_clonagem_e_duas_linhas_sustentam_troca_de_chip():
    invalido = dado("353328114529075", "imei", "apreensao.txt", "linha 6", "relato", imei_corpo="35332811452907",
                    digitos="353328114529075", luhn_valido=False)
    operadora = dado("353328114529074", "imei", "op.xlsx", "celula B2", "operadora", imei_corpo="35332811452907",
                     digitos="353328114529074", luhn_valido=True, registro="linha 2")
    linhas = [dado(t, "telefone", "op.xlsx", f"celula A{n}", "operadora", e164=t, registro=f"linha {n}")
              for n, t in ((2, "+5511912340000"), (4, "+5511987654321"))]
    outro = dado("353328114529074", "imei", "op.xlsx", "celula B4", "operadora", imei_corpo="35332811452907",
                 digitos="353328114529074", luhn_valido=True, registro="linha 4")
    c = conclusao(1, "convergencia_imei", "moderado", [invalido, operadora])
    plano = montagem.montar([c], [lote(invalido, operadora, outro, *linhas)], "2025-03-20", "caso")
    por_codigo = {h["codigo"]: h for h in plano["hipoteses"][0]["hipoteses"]}
    assert por_codigo["imei_clonado"]["situacao"] == "sustentada" and por_codigo["imei_clonado"]["concorrente"]
    assert por_codigo["troca_de_chip"]["situacao"] == "sustentada" and not por_codigo["troca_de_chip"]["concorrente"]
    assert "+5511987654321" in por_codigo["troca_de_chip"]["porque"]


def test_bilhetagem_com_dois_numeros_por_linha_da_ao_imei_so_a_linha_que_se_repete():
    """Numa bilhetagem, cada registro tem a linha do aparelho e o número do outro lado: não são duas linhas do IMEI."""
    dados = []
    for n, outro in ((15, "+5548988150374"), (16, "+5547988206113")):
        dados += [dado("35067213987402", "imei", "cdr.txt", f"linha {n}", "operadora", imei_corpo="35067213987402",
                       digitos="35067213987402", registro=f"linha {n}"),
                  dado("+5548996472031", "telefone", "cdr.txt", f"linha {n}", "operadora", e164="+5548996472031",
                       registro=f"linha {n}"),
                  dado(outro, "telefone", "cdr.txt", f"linha {n}", "operadora", e164=outro, registro=f"linha {n}")]
    relato = dado("35067213987402", "imei", "apreensao.txt", "linha 3", "relato", imei_corpo="35067213987402",
                  digitos="35067213987402")
    c = conclusao(1, "convergencia_imei", "forte", [relato, dados[0]])
    plano = montagem.montar([c], [lote(relato, *dados)], "2025-03-20", "caso")
    troca = next(h for h in plano["hipoteses"][0]["hipoteses"] if h["codigo"] == "troca_de_chip")
    assert troca["situacao"] == "em_aberto" and "outra linha" in troca["porque"]


def test_conclusao_contradita_nao_gera_hipotese_nem_passo():
    conclusoes, lotes = _convergencia(IP_SALVADOR)
    conclusoes[0]["validacao"]["veredicto_geral"] = "CONTRADITO"
    plano = montagem.montar(conclusoes, lotes, "2025-03-19", "caso")
    assert plano["hipoteses"] == [] and plano["passos"] == []
    assert [t["situacao"] for t in plano["painel"]] == ["pendente", "pendente"]


def test_cada_hipotese_leva_o_tipo_da_sua_conclusao_mesmo_fora_de_ordem():
    """O tipo de cada conclusão com hipóteses vem de um índice por id (a busca na lista crescia com o quadrado):
    ids fora de ordem e conclusões de outro tipo no meio não trocam o tipo de ninguém."""
    (ip_aws,), lotes_aws = _convergencia(IP_AWS)
    (ip_tim,), lotes_tim = _convergencia(IP_TIM)
    material = dado("1500.00", "valor_transacao", "banco.csv", "linha 9", "banco")
    conclusoes = [{**ip_tim, "id": 7, "tipo": "padrao_temporal"}, conclusao(3, "materialidade", "forte", [material]),
                  {**ip_aws, "id": 2}]
    for c in conclusoes:
        c["validacao"]["conclusao_id"] = c["id"]
    plano = montagem.montar(conclusoes, lotes_aws + lotes_tim + [lote(material)], "2025-03-19", "caso")
    por_id = {h["conclusao_id"]: h["tipo"] for h in plano["hipoteses"]}
    assert por_id == {2: "convergencia_ip", 7: "padrao_temporal"}
    assert [h["conclusao_id"] for h in plano["hipoteses"]] == [2, 7]
