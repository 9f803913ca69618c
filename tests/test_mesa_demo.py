"""O caso de exemplo analisado com --inquerito e --analista: cabeçalhos, revisão e relatórios novos (issue 11)."""

from __future__ import annotations

import json
import re
import shutil
import subprocess

import pytest

from perito.saida import html_grafico
from perito.saida.auditoria import NOME, ler, verificar
from perito.saida.nomes import plural
from tests.conftest import CASO_DEMO, DATA, rodar_cli

INQUERITO = "IP 2025.0001234-SP"
ANALISTA = "Ana Investigadora (mat. 4711)"


@pytest.fixture(scope="module")
def saida_demo(tmp_path_factory):
    saida = tmp_path_factory.mktemp("mesa") / "saida"
    codigo, texto = rodar_cli(
        "analisar", CASO_DEMO, "--saida", saida, "--data-analise", DATA, "--inquerito", INQUERITO, "--analista", ANALISTA
    )
    assert codigo == 0, texto
    assert INQUERITO in texto and ANALISTA in texto
    return saida


def test_inquerito_e_analista_no_manifesto_e_na_trilha(saida_demo):
    manifesto = json.loads((saida_demo / "manifesto.json").read_text(encoding="utf-8"))
    assert manifesto["inquerito"] == INQUERITO and manifesto["analista"] == ANALISTA
    assert manifesto["parametros"]["inquerito"] == INQUERITO
    entradas, problemas = ler(saida_demo / NOME)
    assert problemas == []
    inicio = next(e for e in entradas if e["acao"] == "iniciar")
    assert inicio["detalhes"]["parametros"]["analista"] == ANALISTA
    assert verificar(saida_demo) == []


def test_inquerito_com_caractere_de_controle_e_recusado(tmp_path):
    codigo, texto = rodar_cli("analisar", CASO_DEMO, "--saida", tmp_path / "s", "--inquerito", "IP\x1b[31m")
    assert codigo == 2
    assert "--inquerito inválido" in texto


def _chromium():
    return shutil.which("chromium") or shutil.which("chromium-browser")


def _abrir_no_navegador(arquivo, fragmento=""):
    processo = subprocess.run(
        [_chromium(), "--headless", "--disable-gpu", "--no-sandbox", "--virtual-time-budget=5000",
         "--enable-logging=stderr", "--v=0", "--dump-dom", arquivo.as_uri() + fragmento],
        capture_output=True, text=True, timeout=120, check=False,
    )
    return processo.stdout, processo.stderr


@pytest.mark.skipif(shutil.which("chromium") is None and shutil.which("chromium-browser") is None,
                    reason="Chromium ausente (make sistema o instala; a CI o tem)")
def test_relatorio_html_num_navegador_de_verdade(saida_demo):
    arquivo = saida_demo / "relatorio.html"
    conclusoes = json.loads((saida_demo / "conclusoes.json").read_text(encoding="utf-8"))["conclusoes"]
    html = arquivo.read_text(encoding="utf-8")
    # nada de rede: fora as bibliotecas embutidas (URLs só em comentários e mensagens delas; o teste da issue 25 mede
    # no navegador que nenhum pedido sai da página), nenhum endereço
    proprio = html
    for embutido in (*html_grafico.scripts_vendor(), html_grafico.css_vendor()):
        proprio = proprio.replace(embutido, "")
    assert "http://" not in proprio.replace("http://www.w3.org", "") and "https://" not in proprio
    assert INQUERITO in html and ANALISTA in html
    dom, erros = _abrir_no_navegador(arquivo)
    assert 'data-pronto="sim"' in dom, erros[-2000:]  # o script rodou até o fim
    assert not re.search(r"CONSOLE|Uncaught|SyntaxError|Content Security Policy", erros), erros[-2000:]
    for conclusao in conclusoes:
        assert f'id="conclusao-{conclusao["id"]}"' in dom
    assert f"{len(conclusoes)} conclusões visíveis" in dom
    # o gráfico (tabela das entidades e vínculos, que fica na página): o que as referências validadas sustentam
    for no in ("telefone:+5511912340000", "ip:187.34.56.78", "pessoa:11144477735", "conta:1|123456",
               "aparelho:35332811452907", "modelo:sm-a546e"):
        assert f'data-no="{no}"' in dom
    assert "ip:192.168.0.10" not in dom  # IP privado não é entidade
    assert dom.count('class="aresta"') >= 15 and 'data-grau="forte"' in dom
    assert 'class="evento"' in dom and "2025-03-15T14:32:17Z" in dom
    assert "data:image/png;base64," in dom  # recorte da página do PDF
    # filtro inicial pelo fragmento: só as conclusões fracas ficam visíveis
    fracas = [c["id"] for c in conclusoes if c["grau_confianca"] == "fraco"]
    dom, _ = _abrir_no_navegador(arquivo, "#grau=fraco")
    assert plural(len(fracas), "conclusão visível", "conclusões visíveis") in dom
    for conclusao in conclusoes:
        escondida = re.search(rf'<div class="conclusao" id="conclusao-{conclusao["id"]}"[^>]*\bhidden\b', dom)
        assert bool(escondida) == (conclusao["id"] not in fracas)
    # clique num nó (pelo fragmento): só as conclusões desse nó
    dom, _ = _abrir_no_navegador(arquivo, "#no=ip:187.34.56.78")
    assert "2 conclusões visíveis" in dom


def test_perito_relatorio_refaz_o_html_e_a_trilha_continua_integra(saida_demo):
    codigo, texto = rodar_cli("relatorio", saida_demo)
    assert codigo == 0, texto
    assert verificar(saida_demo) == []
    entradas, _ = ler(saida_demo / NOME)
    assert [e["acao"] for e in entradas][-2:] == ["gravar_relatorios", "gravar_manifesto"]


def test_oficios_das_lacunas_do_caso_de_exemplo(saida_demo):
    manifesto = json.loads((saida_demo / "manifesto.json").read_text(encoding="utf-8"))
    nomes = sorted(p.relative_to(saida_demo).as_posix() for p in (saida_demo / "oficios").glob("*.md"))
    assert "oficios/ip_187.34.56.78.md" in nomes and "oficios/conta_456_987654.md" in nomes
    assert not any("192.168" in n or n.startswith("oficios/pix_") for n in nomes)  # IP privado; chaves que o DICT respondeu
    assert all(n in manifesto["saidas"] for n in nomes)
    html = (saida_demo / "relatorio.html").read_text(encoding="utf-8")
    assert all(f'href="{n}"' in html for n in nomes)
    texto = (saida_demo / "oficios" / "ip_187.34.56.78.md").read_text(encoding="utf-8")
    assert INQUERITO in texto and "| 187.34.56.78 | 51234 | 15/03/2025 11:36:41 | BRT | 2025-03-15T14:36:41Z |" in texto


def test_relatorio_docx_do_caso_de_exemplo(saida_demo):
    from docx import Document

    conclusoes = json.loads((saida_demo / "conclusoes.json").read_text(encoding="utf-8"))["conclusoes"]
    verificada = next(c for c in conclusoes if c["validacao"]["veredicto_geral"] == "VERIFICADO")
    documento = Document(str(saida_demo / "relatorio.docx"))
    textos = [p.text for p in documento.paragraphs]
    inicio, fim = textos.index("4. Achados"), textos.index("5. Pendências")
    assert any(verificada["afirmacao"] in t for t in textos[inicio:fim])
    assert any("oficios/ip_187.34.56.78.md" in t for t in textos[textos.index("8. Ofícios sugeridos"):])
    tabela_material = "\n".join(c.text for linha in documento.tables[0].rows for c in linha.cells)
    assert "resposta_meta_whatsapp.pdf" in tabela_material


@pytest.mark.skipif(shutil.which("chromium") is None and shutil.which("chromium-browser") is None,
                    reason="Chromium ausente (make sistema o instala; a CI o tem)")
def test_issue_24_csp_so_roda_o_script_do_relatorio(saida_demo, tmp_path):
    """Issue 24, achado 10: a CSP permitia qualquer script inline ('unsafe-inline'). Agora só o do relatório, pelo
    hash; um script a mais (um texto de prova que escapasse do escape) não roda, e não há form-action nem base."""
    html = (saida_demo / "relatorio.html").read_text(encoding="utf-8")
    assert "script-src 'sha256-" in html and "'unsafe-inline'; form" not in html
    assert "form-action 'none'" in html and "base-uri 'none'" in html
    injetado = tmp_path / "relatorio.html"
    injetado.write_text(html.replace("<h2>Resumo</h2>", "<h2>Resumo</h2><script>document.body.dataset.injetado='sim'</script>"),
                        encoding="utf-8")
    dom, _ = _abrir_no_navegador(injetado)
    assert 'data-pronto="sim"' in dom  # o script do relatório roda
    assert "data-injetado" not in dom  # o injetado, não
