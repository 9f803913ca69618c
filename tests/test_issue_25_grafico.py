"""Issue 25, itens 3 e 4: o gráfico de vínculos (Cytoscape.js + fCoSE embutidos) e a linha do tempo (vis-timeline)
do relatorio.html, medidos num Chromium headless de verdade pelo protocolo DevTools (tests/cdp_chromium.py).

O caso de exemplo (fixture `analise_demo`) e um modelo sintético de 500 entidades montado em Python.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

from perito.saida import html, html_grafico
from perito.saida.entidades import Entidade
from perito.saida.eventos import Evento
from perito.saida.ligacoes import Ligacao
from perito.saida.vinculos import Modelo
from tests.cdp_chromium import Navegador, chromium

com_chromium = pytest.mark.skipif(chromium() is None, reason="Chromium ausente (make sistema o instala; a CI o tem)")
PRONTO = ("document.body && document.body.dataset.pronto === 'sim' && document.body.dataset.grafico === 'pronto'"
          " && (document.body.dataset.linha === 'pronta' || !document.getElementById('linha-do-tempo'))")


def _dados_da_pagina(texto: str) -> dict:
    bloco = re.search(r'<script type="application/json" id="dados-grafo">(.*?)</script>', texto, re.S)
    assert bloco, "sem o bloco de dados do gráfico"
    return json.loads(bloco.group(1))


@pytest.fixture(scope="module")
def pagina(analise_demo):
    resultado, _ = analise_demo
    arquivo = Path(resultado.saida) / "relatorio.html"
    return arquivo, _dados_da_pagina(arquivo.read_text(encoding="utf-8")), resultado


@pytest.fixture(scope="module")
def navegador():
    if chromium() is None:
        pytest.skip("Chromium ausente (make sistema o instala; a CI o tem)")
    with Navegador(1366, 900) as nav:
        yield nav


def _abrir(nav: Navegador, arquivo: Path, fragmento: str = "") -> None:
    nav.abrir(arquivo.as_uri() + fragmento)
    nav.esperar(PRONTO, limite=90)


# --- sem navegador ----------------------------------------------------------------------------------------------
def test_bibliotecas_embutidas_com_hash_na_csp_e_licencas(pagina):
    arquivo, _, _ = pagina
    texto = arquivo.read_text(encoding="utf-8")
    csp = re.search(r'Content-Security-Policy"\s+content="([^"]+)"', texto).group(1)
    assert "'unsafe-inline'" not in csp.split("script-src")[1].split(";")[0] and "unsafe-eval" not in csp
    assert "form-action 'none'" in csp and "base-uri 'none'" in csp
    scripts = re.findall(r"<script>(.*?)</script>", texto, re.S)
    assert len(scripts) == len(html_grafico.SCRIPTS_VENDOR) + 1  # as bibliotecas e o script do relatório
    for script in scripts:
        assert html_grafico.hash_csp(script) in csp
    assert "cytoscape" in scripts[0] and "sourceMappingURL" not in texto
    vendor = Path(html_grafico.__file__).parent / "vendor"
    versoes = (vendor / "VERSOES.md").read_text(encoding="utf-8")
    for nome in html_grafico.SCRIPTS_VENDOR:
        assert nome in versoes and (vendor / nome).is_file()
    assert {p.name for p in vendor.glob("LICENSE-*")} >= {"LICENSE-cytoscape.txt", "LICENSE-cytoscape-fcose.txt",
                                                         "LICENSE-cose-base.txt", "LICENSE-layout-base.txt"}


def test_json_do_grafico_nao_fecha_o_script():
    dados = {"rotulo": "</script><script>alert(1)</script> & <!--"}
    texto = html_grafico.json_em_script(dados)
    assert "<" not in texto and ">" not in texto and "&" not in texto
    assert json.loads(texto) == dados


def test_tabelas_de_vinculos_e_eventos_sem_javascript(pagina):
    """Sem JavaScript (ou se a biblioteca não carregar), entidades, vínculos e eventos continuam legíveis."""
    arquivo, dados, _ = pagina
    texto = arquivo.read_text(encoding="utf-8")
    assert texto.count('<tr class="aresta"') == len(dados["arestas"]) > 0
    assert texto.count('<tr class="entidade"') == len(dados["nos"])
    assert texto.count('<tr class="evento"') == len(dados["eventos"]) > 0
    assert 'id="conclusao-1"' in texto and "conclusão(ões)" not in texto and "(is)" not in texto


def test_horario_local_convertido_em_python():
    fuso = html_grafico.zona("America/Sao_Paulo")
    assert html_grafico.local("2025-03-15T14:36:40Z", fuso)["texto"] == "15/03/2025 11:36:40"
    assert html_grafico.local("2025-03-15T14:36:40Z", html_grafico.zona("America/Manaus"))["hora"] == "10:36:40"
    with pytest.raises(html_grafico.FusoInvalido):
        html_grafico.zona("Marte/Olympus")


# --- no navegador -----------------------------------------------------------------------------------------------
@com_chromium
def test_biblioteca_carregada_offline_sem_erros(pagina, navegador):
    arquivo, dados, _ = pagina
    _abrir(navegador, arquivo)
    estado = navegador.avaliar("({erros: peritoRelatorio.erros, nos: peritoRelatorio.cy.nodes().length,"
                               " arestas: peritoRelatorio.cy.edges().length, cytoscape: typeof cytoscape,"
                               " fcose: typeof peritoRelatorio.cy.layout, vis: typeof vis.Timeline})")
    assert estado["erros"] == [] and estado["cytoscape"] == "function" and estado["vis"] == "function"
    assert estado["nos"] == len(dados["nos"]) and estado["arestas"] == len(dados["arestas"])
    assert navegador.erros_do_console() == []
    rede = [u for u in navegador.pedidos() if u != arquivo.as_uri() and not u.startswith("data:")]
    assert rede == []


@com_chromium
def test_vinculos_do_caso_de_exemplo(pagina, navegador):
    arquivo, dados, resultado = pagina
    _abrir(navegador, arquivo)
    nos = navegador.avaliar("peritoRelatorio.cy.nodes().map(n => ({id: n.id(), grau: n.degree(false)}))")
    grau = {n["id"]: n["grau"] for n in nos}
    tipo = {n["id"]: n["tipo"] for n in dados["nos"]}
    # todo IP de uma conclusão convergencia_ip tem aresta
    convergencias = {c["id"] for c in resultado.finais["conclusoes"] if c["tipo"] == "convergencia_ip"}
    ips = [n["id"] for n in dados["nos"] if n["tipo"] == "ip" and set(n["conclusoes"]) & convergencias]
    assert {"ip:187.34.56.78", "ip:177.20.30.40"} <= set(ips)
    assert all(grau[ip] > 0 for ip in ips), {ip: grau[ip] for ip in ips}
    # um nó por conta (banco 989 e ISPB são a mesma) e por aparelho (IMEI e IMEISV)
    contas = [n for n in dados["nos"] if n["tipo"] == "conta"]
    numeros = [re.sub(r"\D", "", n["id"].split("|")[-1]) for n in contas]
    assert len(numeros) == len(set(numeros))
    [conta_vitima] = [n for n in contas if "123456" in n["id"]]
    assert any("989" in x for x in conta_vitima["notacoes"]) and any("ISPB" in x for x in conta_vitima["notacoes"])
    aparelhos = [n for n in dados["nos"] if n["tipo"] == "aparelho"]
    assert len({n["id"] for n in aparelhos}) == len(aparelhos) == 1
    assert {"353328114529074", "35332811452907 01"} <= set(aparelhos[0]["notacoes"])
    # entre duas pessoas, só transferiu (a relação que um registro validado afirma)
    arestas = navegador.avaliar("peritoRelatorio.cy.edges().map(e => [e.source().id(), e.target().id(), e.id()])")
    tipo_aresta = {a["id"]: a["tipo"] for a in dados["arestas"]}
    entre_pessoas = [(o, d, tipo_aresta[i]) for o, d, i in arestas if tipo[o] == tipo[d] == "pessoa"]
    assert entre_pessoas and all(t == "transferiu" for _, _, t in entre_pessoas)
    # as setas dizem valor e hora local
    rotulos = navegador.avaliar("peritoRelatorio.cy.edges().map(e => e.data('rotulo'))")
    assert any("R$ 3.500,00" in r and "15/03 11:36:40" in r for r in rotulos), rotulos


@com_chromium
def test_captura_1366x900_sem_rotulos_sobrepostos(pagina, navegador, tmp_path_factory):
    arquivo, _, _ = pagina
    _abrir(navegador, arquivo)
    navegador.avaliar("document.getElementById('grafico').scrollIntoView()")
    medida = navegador.avaliar("""(() => {
        const cy = peritoRelatorio.cy, w = cy.width(), h = cy.height();
        const caixas = cy.nodes(':visible').map(n => [n.id(), n.renderedBoundingBox({includeLabels: true})]);
        const sobrepostos = [];
        for (let i = 0; i < caixas.length; i++) for (let j = i + 1; j < caixas.length; j++) {
            const [a, p] = caixas[i], [b, q] = caixas[j];
            if (p.x1 < q.x2 && q.x1 < p.x2 && p.y1 < q.y2 && q.y1 < p.y2) sobrepostos.push([a, b]);
        }
        const fora = caixas.filter(([, c]) => c.x1 < 0 || c.y1 < 0 || c.x2 > w || c.y2 > h).map(([id]) => id);
        return {sobrepostos, fora, n: caixas.length, zoom: cy.zoom(), w, h};
    })()""")
    destino = tmp_path_factory.mktemp("captura") / "grafico_1366x900.png"
    navegador.captura(destino)
    print(f"\ncaptura: {destino}; {medida['n']} nós, zoom {medida['zoom']:.2f}, área {medida['w']}×{medida['h']}")
    assert medida["sobrepostos"] == [], medida["sobrepostos"]
    assert medida["fora"] == []  # nenhum rótulo cortado na borda
    assert medida["w"] >= 800 and medida["h"] >= 500


@com_chromium
def test_filtros_valem_para_o_grafico_e_aparecem_na_barra(pagina, navegador):
    arquivo, dados, resultado = pagina
    _abrir(navegador, arquivo)
    contar = "[peritoRelatorio.cy.nodes(':visible').length, peritoRelatorio.cy.edges(':visible').length]"
    todos = navegador.avaliar(contar)
    assert todos == [len(dados["nos"]), len(dados["arestas"])]
    assert navegador.avaliar("document.getElementById('filtro-ativo').hidden") is True
    navegador.avaliar("(() => {const s = document.getElementById('f-grau'); s.value = 'fraco';"
                      " s.dispatchEvent(new Event('change'));})()")
    fracos = navegador.avaliar(contar)
    assert 0 < fracos[1] < todos[1] and fracos[0] < todos[0]
    # as setas que sobram têm alguma conclusão fraca
    graus = {c["id"]: c["grau_confianca"] for c in resultado.finais["conclusoes"]}
    visiveis = navegador.avaliar("peritoRelatorio.cy.edges(':visible').map(e => e.id())")
    por_id = {a["id"]: a for a in dados["arestas"]}
    assert all(any(graus.get(c) == "fraco" for c in por_id[i]["conclusoes"]) for i in visiveis)
    barra = navegador.avaliar("document.getElementById('filtro-ativo').textContent")
    assert "Filtro: grau fraco" in barra and "limpar" in barra
    itens_linha = navegador.avaliar("peritoRelatorio.linha.itemsData.getIds().length")
    assert itens_linha < len(dados["eventos"])
    navegador.avaliar("document.querySelector('#filtro-ativo button.limpar').click()")
    assert navegador.avaliar(contar) == todos
    assert navegador.avaliar("document.getElementById('filtro-ativo').hidden") is True
    # o filtro de nó vindo do endereço aparece na barra e destaca a vizinhança
    _abrir(navegador, arquivo, "#no=ip:187.34.56.78")
    barra = navegador.avaliar("document.getElementById('filtro-ativo').textContent")
    assert "nó IP 187.34.56.78" in barra
    assert navegador.avaliar("document.getElementById('contagem').textContent") == "2 conclusões visíveis"
    assert navegador.avaliar("peritoRelatorio.cy.getElementById('ip:187.34.56.78').hasClass('escolhido')")
    painel = navegador.avaliar("document.getElementById('painel-grafico').textContent")
    do_ip = min(c["id"] for c in resultado.finais["conclusoes"] if "187.34.56.78" in c["afirmacao"])
    assert f"conclusão {do_ip}" in painel and "Referências" in painel


@com_chromium
def test_clique_no_no_painel_e_eventos_e_busca(pagina, navegador):
    arquivo, dados, _ = pagina
    _abrir(navegador, arquivo)
    no = "telefone:+5511987654321"
    navegador.avaliar(f"void peritoRelatorio.cy.getElementById('{no}').emit('tap')")
    selecionados = navegador.avaliar("peritoRelatorio.linha.getSelection()")
    eventos = {e["id"]: e for e in dados["eventos"]}
    assert selecionados and all(no in eventos[i]["entidades"] for i in selecionados)
    painel = navegador.avaliar("document.getElementById('painel-grafico').innerHTML")
    assert 'href="#conclusao-' in painel and "Notações nos documentos" in painel
    # um evento selecionado destaca as entidades dele
    pix = next(e for e in dados["eventos"] if e["utc"] == "2025-03-15T14:36:40Z")
    navegador.avaliar(f"void peritoRelatorio.linha.emit('select', {{items: ['{pix['id']}']}})")
    destacados = navegador.avaliar("peritoRelatorio.cy.nodes('.destacado').map(n => n.id())")
    assert set(destacados) == set(pix["entidades"])
    # busca pela identidade (CPF com pontuação; o id guarda só os dígitos)
    navegador.avaliar("(() => {const b = document.getElementById('busca-grafo'); b.value = '529.982.247-25';"
                      " document.getElementById('buscar').click();})()")
    achados = navegador.avaliar("peritoRelatorio.cy.nodes('.achado').map(n => n.id())")
    assert achados == ["pessoa:52998224725"]


@com_chromium
def test_linha_do_tempo_em_hora_local_e_sem_fuso_a_parte(pagina, navegador):
    arquivo, dados, _ = pagina
    _abrir(navegador, arquivo)
    pix = next(e for e in dados["eventos"] if e["utc"] == "2025-03-15T14:36:40Z")
    item = navegador.avaliar(f"""(() => {{
        const tl = peritoRelatorio.linha, d = tl.itemsData.get('{pix['id']}');
        return {{texto: d.content.textContent, dica: d.title.textContent,
                 eixo: vis.moment(d.start).utc().format('HH:mm:ss')}};
    }})()""")
    assert item["texto"].startswith("11:36:40 ") and item["eixo"] == "11:36:40"
    assert "UTC: 2025-03-15T14:36:40Z" in item["dica"] and pix["original"][:30] in item["dica"]
    visiveis = navegador.avaliar("Array.from(document.querySelectorAll('#linha-do-tempo .vis-item-content'))"
                                 ".map(e => e.textContent)")
    assert any(t.startswith("11:36:40 Pix") for t in visiveis) and not any(t.startswith("14:36:40") for t in visiveis)
    # sem fuso no documento: fora do eixo, rotulado
    assert dados["sem_fuso"], "o caso de exemplo tem registros sem fuso"
    ids_linha = set(navegador.avaliar("peritoRelatorio.linha.itemsData.getIds()"))
    assert not ids_linha & {e["id"] for e in dados["sem_fuso"]}
    sem_fuso = navegador.avaliar("Array.from(document.querySelectorAll('tr.evento-sem-fuso')).map(t => t.textContent)")
    assert len(sem_fuso) == len(dados["sem_fuso"]) and all("fuso não informado" in t for t in sem_fuso)


def test_fuso_do_relatorio_muda_a_hora_mostrada(pagina):
    _, _, resultado = pagina
    from perito.saida import revisao, vinculos

    saida = Path(resultado.saida)
    modelo = vinculos.montar(revisao.abrir_pasta(saida).conclusoes, resultado.lotes, {"decisoes": []})
    dados = html_grafico.dados(modelo, resultado.finais["conclusoes"], "America/Manaus")
    pix = next(e for e in dados["eventos"] if e["utc"] == "2025-03-15T14:36:40Z")
    assert pix["local_fuso"]["hora"] == "10:36:40" and pix["local_fuso"]["deslocamento"] == "UTC−04:00"


# --- 500 entidades ----------------------------------------------------------------------------------------------
def _modelo_sintetico(n_entidades: int = 500, semente: int = 25) -> tuple[Modelo, list[dict]]:
    aleatorio = random.Random(semente)
    modelo = Modelo()
    tipos = [("pessoa", 200), ("conta", 150), ("telefone", 100), ("ip", 50)]
    por_tipo: dict[str, list[Entidade]] = {}
    for tipo, quantos in tipos:
        for n in range(quantos * n_entidades // 500):
            rotulo = {"pessoa": f"PESSOA SINTÉTICA {n:03d}", "conta": f"Agência {n % 90:04d} Conta {10000 + n}-{n % 10}",
                      "telefone": f"+55119{n:08d}", "ip": f"200.{n // 250}.{n % 250}.{(n * 7) % 250}"}[tipo]
            entidade = Entidade(f"{tipo}:{n}", tipo, rotulo, {rotulo})
            modelo.entidades[entidade.id] = entidade
            por_tipo.setdefault(tipo, []).append(entidade)
    conclusoes = [{"id": c, "tipo": aleatorio.choice(["vinculo_financeiro", "convergencia_ip", "identificacao_titular"]),
                   "grau_confianca": aleatorio.choice(["forte", "moderado", "fraco"]), "afirmacao": f"Conclusão sintética {c}",
                   "referencias": [], "validacao": {"veredicto_geral": "VERIFICADO"}} for c in range(1, 61)]

    def ligar(tipo, origem, destino, **extra):
        conclusao = aleatorio.choice(conclusoes)
        ligacao = Ligacao(tipo, origem, destino, grau=conclusao["grau_confianca"], conclusoes={conclusao["id"]},
                          referencias=[{"arquivo": "sintetico.csv", "pagina": None, "linha_ou_celula": f"linha {len(modelo.ligacoes) + 2}",
                                        "aba_planilha": None, "dado_citado": destino.rotulo}], **extra)
        ligacao.id = f"l{len(modelo.ligacoes) + 1}"
        modelo.ligacoes.append(ligacao)
        for ponta in (origem, destino):
            ponta.conclusoes.add(conclusao["id"])

    pessoas, contas, telefones, ips = (por_tipo[t] for t in ("pessoa", "conta", "telefone", "ip"))
    for n, conta in enumerate(contas):
        ligar("titular_de", pessoas[n % len(pessoas)], conta)
    for n, telefone in enumerate(telefones):
        ligar("titular_de", pessoas[(n * 3) % len(pessoas)], telefone)
    for _ in range(250):
        origem, destino = aleatorio.sample(pessoas, 2)
        ligar("transferiu", origem, destino, valor=f"{aleatorio.randint(50, 9000)}.00",
              instante_utc=f"2025-03-{aleatorio.randint(1, 28):02d}T{aleatorio.randint(0, 23):02d}:10:00Z")
    for _ in range(200):
        ligar("usou", aleatorio.choice(telefones), aleatorio.choice(ips), porta="443",
              instante_utc=f"2025-03-{aleatorio.randint(1, 28):02d}T{aleatorio.randint(0, 23):02d}:20:00Z")
    for n in range(300):
        ligacao = aleatorio.choice(modelo.ligacoes)
        utc = ligacao.instante_utc or f"2025-03-{aleatorio.randint(1, 28):02d}T12:00:00Z"
        modelo.eventos.append(Evento("pix" if ligacao.tipo == "transferiu" else "acesso", utc, utc, "UTC", f"registro {n}",
                                     "sintetico.csv", f"linha {n + 2}", f"Evento sintético {n}",
                                     {ligacao.origem.id, ligacao.destino.id}, set(ligacao.conclusoes)))
    for conclusao in conclusoes:
        modelo.por_conclusao[conclusao["id"]] = sorted(e.id for e in modelo.entidades.values() if conclusao["id"] in e.conclusoes)
    return modelo, conclusoes


@com_chromium
def test_500_entidades_desenha_e_continua_interativo(navegador, tmp_path):
    modelo, conclusoes = _modelo_sintetico()
    assert len(modelo.entidades) == 500
    texto = html.montar(identificacao={"caso_id": "sintetico-500"}, conclusoes=conclusoes, modelo=modelo,
                        rev={"decisoes": []}, contextos={}, recortes={}, oficios=[])
    arquivo = tmp_path / "relatorio.html"
    arquivo.write_text(texto, encoding="utf-8")
    navegador.abrir(arquivo.as_uri())
    espera = navegador.esperar(PRONTO, limite=120)
    medida = navegador.avaliar("""(async () => {
        const cy = peritoRelatorio.cy, quadro = () => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)));
        const t0 = performance.now();
        cy.zoom({level: cy.zoom() * 3, renderedPosition: {x: cy.width() / 2, y: cy.height() / 2}});
        await quadro();
        const zoom = performance.now() - t0;
        const t1 = performance.now();
        cy.getElementById(cy.nodes()[0].id()).emit('tap');
        await quadro();
        const clique = performance.now() - t1;
        const t2 = performance.now();
        const s = document.getElementById('f-grau'); s.value = 'forte'; s.dispatchEvent(new Event('change'));
        await quadro();
        return {layout: peritoRelatorio.tempoLayout, zoom, clique, filtro: performance.now() - t2,
                nos: cy.nodes().length, arestas: cy.edges().length, erros: peritoRelatorio.erros};
    })()""")
    print(f"\n500 entidades: página pronta em {espera:.1f} s; layout {medida['layout']:.0f} ms, zoom {medida['zoom']:.0f} ms, "
          f"clique {medida['clique']:.0f} ms, filtro {medida['filtro']:.0f} ms ({medida['nos']} nós, {medida['arestas']} setas)")
    assert medida["erros"] == [] and navegador.erros_do_console() == []
    assert medida["nos"] == 500
    assert medida["layout"] < 30_000 and medida["zoom"] < 30_000 and medida["clique"] < 30_000


def test_opcao_fuso_relatorio_no_cli(pagina, tmp_path):
    """`perito relatorio --fuso-relatorio` refaz o HTML noutro fuso; um nome que não é IANA sai com código 2."""
    import shutil

    from tests.conftest import rodar_cli

    _, _, resultado = pagina
    copia = tmp_path / "saida"
    shutil.copytree(resultado.saida, copia)
    codigo, texto = rodar_cli("relatorio", copia, "--fuso-relatorio", "Marte/Olympus")
    assert codigo == 2 and "--fuso-relatorio inválido" in texto
    codigo, texto = rodar_cli("relatorio", copia, "--fuso-relatorio", "America/Manaus")
    assert codigo == 0, texto
    dados = _dados_da_pagina((copia / "relatorio.html").read_text(encoding="utf-8"))
    assert dados["fuso"] == "America/Manaus"
    pix = next(e for e in dados["eventos"] if e["utc"] == "2025-03-15T14:36:40Z")
    assert pix["local_fuso"]["texto"] == "15/03/2025 10:36:40"
    manifesto = json.loads((Path(resultado.saida) / "manifesto.json").read_text(encoding="utf-8"))
    assert manifesto["parametros"]["fuso_relatorio"] == "America/Sao_Paulo"  # o da análise, que `relatorio` reusa


@com_chromium
def test_a_420_px_nada_passa_da_largura_da_tela(pagina):
    """Issue 25: "a 420 px, sai da tela". O gráfico cabe, o painel desce para baixo dele e as tabelas largas rolam
    dentro da própria caixa: a página não ganha rolagem horizontal."""
    arquivo, _, _ = pagina
    with Navegador(420, 800) as nav:
        _abrir(nav, arquivo)
        largura_pagina, janela, grafico = nav.avaliar(
            "[document.documentElement.scrollWidth, window.innerWidth,"
            " document.getElementById('grafico').getBoundingClientRect().right]")
    assert largura_pagina <= janela and grafico <= janela
