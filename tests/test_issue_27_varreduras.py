"""Issue 27: regras do validador que varriam o documento inteiro a cada linha citada (um log TSV ou de texto com
centenas de milhares de linhas as tornava quadráticas) agora consultam o que foi montado uma vez por documento. O
resultado tem de ser o mesmo da varredura: aqui, a varredura antiga é o oráculo, em documentos lidos de arquivos."""

from __future__ import annotations

from pathlib import Path

from perito.leitura.leitor import ler_documento
from perito.validador import porta, registros


def _tsv(pasta: Path) -> Path:
    caminho = pasta / "acessos.txt"
    linhas = ["Data\tIP\tPorta"] + [f"2025-03-{1 + i % 28:02d} 10:00:{i % 60:02d}\t200.1.{i % 250}.10\t{20000 + i}"
                                    for i in range(120)]
    caminho.write_text("\n".join(linhas) + "\n", encoding="utf-8")
    return caminho


def _texto(pasta: Path) -> Path:
    caminho = pasta / "log.txt"
    linhas = ["Registro de acessos", "2025-03-01 09:00:00 200.1.1.1 31000"]  # acima do cabeçalho: sem porta
    linhas += ["Data Hora IP Porta"] + [f"2025-03-02 10:00:{i % 60:02d} 200.2.{i}.9 {40000 + i}" for i in range(60)]
    caminho.write_text("\n".join(linhas) + "\n", encoding="utf-8")
    return caminho


def _formulario_antigo(doc, trecho):
    """A regra como era: as linhas da tabela do trecho, varrendo o documento."""
    tabela = registros._tabela(trecho)
    if tabela is None:
        return None
    linhas = [t for t in doc.trechos if t.celulas is not None and registros._tabela(t) == tabela]
    return registros._formulario_da_tabela(linhas, tabela)


def test_tabela_de_um_log_tsv_nao_e_formulario_e_o_registro_e_a_linha(tmp_path):
    doc = ler_documento(_tsv(tmp_path), "acessos.txt", "txt", None, ())
    citados = [t for t in doc.trechos if t.celulas][1::17]
    for trecho in citados:
        assert registros._formulario(doc, trecho) is None and _formulario_antigo(doc, trecho) is None
        registro = registros.registro_de(doc, trecho)
        assert registro.trechos == (trecho,) and registro.estruturado


def test_formulario_de_duas_colunas_igual_ao_da_varredura(tmp_path):
    caminho = tmp_path / "dict.txt"
    caminho.write_text("Chave\t(11) 91234-0000\nNome do titular\tMARIA LIMA\nDocumento do titular\t111.444.777-35\n",
                       encoding="utf-8")
    doc = ler_documento(caminho, "dict.txt", "txt", None, ())
    for trecho in doc.trechos:
        novo, antigo = registros._formulario(doc, trecho), _formulario_antigo(doc, trecho)
        assert novo is not None and antigo is not None
        assert {k: (r.nome, r.trechos, r.rotulos) for k, r in novo.items()} == \
            {k: (r.nome, r.trechos, r.rotulos) for k, r in antigo.items()}


def test_porta_no_texto_so_abaixo_do_cabecalho(tmp_path):
    doc = ler_documento(_texto(tmp_path), "log.txt", "txt", None, ())
    linhas = doc.trechos_da_pagina(None)
    for n, trecho in enumerate(linhas):
        antes = any(porta._CABECALHO_EM_TEXTO.search(t.texto) for t in linhas[:n])  # a varredura antiga
        portas = porta.da_coluna(doc, trecho)
        if "200." in trecho.texto:
            assert bool(portas) == antes, trecho.texto
    assert porta.da_coluna(doc, linhas[1]) == {}  # a linha acima do cabeçalho
    assert porta.da_coluna(doc, linhas[10]) == {"200.2.7.9": "40007"}


def _sem_cache(doc, trecho):
    """O registro com o documento sem nada guardado: o que cada linha recebia quando tudo era refeito."""
    for chave in [c for c in doc.__dict__ if c.startswith(registros._CACHE)]:
        del doc.__dict__[chave]
    return registros.registro_de(doc, trecho)


def test_registros_de_blocos_e_linhas_soltas_iguais_com_e_sem_cache(tmp_path):
    """Um texto com blocos rótulo: valor e linhas soltas entre eles: cada linha citada (em qualquer ordem, repetida)
    tem o mesmo registro que teria com o documento recém-lido."""
    caminho = tmp_path / "google.txt"
    linhas = ["Google LLC - Subscriber Information", "All times are in UTC-03:00.", ""]
    for i in range(30):
        linhas += [f"Time: 0{1 + i % 9}/03/2025 10:00:{i:02d}", f"IP Address: 200.1.1.{i} Port: {20000 + i}", ""]
        if i % 7 == 0:
            linhas += [f"observação solta número {i}", ""]
    caminho.write_text("\n".join(linhas), encoding="utf-8")
    doc = ler_documento(caminho, "google.txt", "txt", None, ())
    ordem = doc.trechos[::-1] + doc.trechos[::3]  # de trás para a frente e de novo: o cache já cheio
    com_cache = [registros.registro_de(doc, t) for t in ordem]
    sem = [_sem_cache(doc, t) for t in ordem]
    assert [(r.nome, r.trechos, r.estruturado, r.frases, r.rotulos) for r in com_cache] == \
        [(r.nome, r.trechos, r.estruturado, r.frases, r.rotulos) for r in sem]
    assert any(len(r.trechos) >= 2 for r in com_cache) and any(not r.estruturado for r in com_cache)


def _reconstruir(tmp_path, total: int, duplicata: int | None):
    from perito.chaves.valores import decompor
    from perito.validador import multilinha
    from perito.validador.comparacao import comparar

    linhas = ["registro de acessos sem dados"] * total
    linhas[1000], linhas[1001] = "IP Address: 200.1.1.1", "2025-03-01 10:00:00"
    if duplicata is not None:
        linhas[duplicata] = "200.1.1.1 2025-03-01 10:00:00"  # o dado inteiro numa linha só
    caminho = tmp_path / f"log_{total}_{duplicata}.txt"
    caminho.write_text("\n".join(linhas) + "\n", encoding="utf-8")
    doc = ler_documento(caminho, caminho.name, "txt", None, ())
    trecho = doc.trechos_da_pagina(None)[1000]
    comparacoes = [comparar(v, decompor(trecho.texto), trecho.texto) for v in decompor("200.1.1.1 2025-03-01 10:00:00")]
    return multilinha.reconstruir(comparacoes, doc, trecho)


def test_dado_dividido_num_log_longo_procura_o_inteiro_so_em_volta(tmp_path):
    """Num log longo (mais de PAGINA_LONGA linhas), o dado inteiro a 2 mil linhas é outro registro: a reconstrução
    vale; a 30 linhas, é a linha certa que está lá (sem reconstrução). Num texto curto, a página toda conta."""
    assert _reconstruir(tmp_path, 3500, None) is not None
    assert _reconstruir(tmp_path, 3500, 3000) is not None
    assert _reconstruir(tmp_path, 3500, 1030) is None
    assert _reconstruir(tmp_path, 1900, 1800) is None  # texto curto: a página inteira, como sempre
    assert _reconstruir(tmp_path, 1900, None) is not None


def _intervalos_antigos(documento):
    """citacoes.intervalos como era (a deixa procurada a cada aspa): o oráculo."""
    from perito.chaves.nome import dobrar
    from perito.extratores import citacoes as c

    resultado, anterior, fecha, linhas_dentro = {}, "", None, 0
    for trecho in documento.trechos:
        texto, chave = trecho.texto, (trecho.pagina, trecho.aba, trecho.localizacao)
        if not texto.strip():
            fecha, anterior = None, ""
            continue
        inicio = 0
        for posicao, caractere in enumerate(texto):
            if fecha is not None:
                if caractere == fecha:
                    resultado.setdefault(chave, []).append((inicio, posicao + 1))
                    fecha = None
            elif caractere in c._ABRE and c._DEIXA.search(dobrar((anterior + " " + texto[:posicao])[-c._ANTES:])):
                fecha, inicio, linhas_dentro = c._FECHA[caractere], posicao, 0
        if fecha is not None:
            resultado.setdefault(chave, []).append((inicio, len(texto)))
            linhas_dentro += 1
            if linhas_dentro > c._MAXIMO_DE_LINHAS:
                fecha = None
        anterior = (anterior + " " + texto)[-c._ANTES:]
    return resultado


def test_citacoes_iguais_as_da_busca_a_cada_aspa(tmp_path):
    from perito.extratores import citacoes

    relato = tmp_path / "bo.txt"
    relato.write_text(
        'A vítima recebeu a MENSAGEM com o seguinte teor: "pague via pix para 200.1.1.1 ou CPF 111.444.777-35"\n'
        "Em seguida, transcrevemos o diálogo:\n“Oi, manda pro IP 10.0.0.1\ncontinua aqui”\n\n"
        'Texto com aspas soltas "sem deixa" e o IP 187.1.1.1.\n'
        "O suspeito ESCREVEU, dizendo: «transfira 3.500,00»\n"
        'Ｍｅｎｓａｇｅｍ: "forma larga também é deixa"\n', encoding="utf-8")
    json_ = tmp_path / "g.json"
    json_.write_text('{\n  "ipActivity": [\n    {"ipAddress": "200.1.1.1", "port": 2000}\n  ]\n}\n', encoding="utf-8")
    for caminho in (relato, json_):
        doc = ler_documento(caminho, caminho.name, "txt", None, ())
        assert citacoes.intervalos(doc) == _intervalos_antigos(doc)
    assert len(citacoes.intervalos(ler_documento(relato, "bo.txt", "txt", None, ()))) >= 4


def test_dobrar_ascii_pelo_atalho_igual_ao_caminho_geral():
    """O atalho ASCII de `dobrar` dá o mesmo que NFKD + sem marcas + casefold + espaços, em todo caractere ASCII."""
    import random
    import unicodedata

    from perito.chaves.nome import dobrar

    def geral(texto: str) -> str:
        sem = "".join(c for c in unicodedata.normalize("NFKD", texto) if not unicodedata.combining(c))
        return " ".join(sem.casefold().split())

    aleatorio = random.Random(27)
    amostras = ["".join(chr(aleatorio.randrange(0, 128)) for _ in range(aleatorio.randrange(0, 40))) for _ in range(2000)]
    amostras += ["".join(chr(c) for c in range(128)), "  JOSE   da\tSILVA \n", 'MENSAGEM: "x"']
    for texto in amostras:
        assert texto.isascii() and dobrar(texto) == geral(texto)
    assert dobrar("JOSÉ  Ｍｅｎｓａｇｅｍ") == "jose mensagem"  # fora do ASCII, o caminho geral


def test_cada_alternativa_da_deixa_tem_uma_palavra_do_atalho():
    """`_PALAVRAS_DA_DEIXA` é a lista que decide se a deixa pode estar na linha: uma alternativa nova em `_DEIXA` sem
    palavra ali seria pulada calada. Cada alternativa do grupo da deixa contém alguma das palavras."""
    import re

    from perito.extratores import citacoes

    grupo = citacoes._DEIXA.pattern.split(r"\b(", 1)[1].split(r")\b", 1)[0]
    alternativas, atual, profundidade = [], "", 0
    for caractere in grupo:  # divide no "|" de fora dos parênteses
        profundidade += caractere == "("
        profundidade -= caractere == ")"
        if caractere == "|" and profundidade == 0:
            alternativas.append(atual)
            atual = ""
        else:
            atual += caractere
    alternativas.append(atual)
    assert len(alternativas) >= 10
    for alternativa in alternativas:
        literal = re.sub(r"\\w\*|\[[^\]]*\]s?\??|\([^)]*\)\s?", "", alternativa).strip()
        assert len(literal) >= 5 and any(palavra in literal for palavra in citacoes._PALAVRAS_DA_DEIXA), alternativa


def _da_planilha_antiga(doc, trecho):
    """A regra como era: as células de cima da linha citada, varridas até a primeira de porta."""
    from itertools import takewhile

    acima = takewhile(lambda t: (t.linha_tabela or 0) < (trecho.linha_tabela or 0),
                      doc.trechos_da_pagina(None, trecho.aba))
    coluna = next((t.coluna for t in acima if porta._e_cabecalho(t.texto)), None)
    celula = next((t for t in doc.linha_da_planilha(trecho.aba, trecho.linha_tabela) if t.coluna == coluna),
                  None) if coluna else None
    return celula.texto.strip() if celula is not None and celula.texto.strip() else None


def test_porta_da_planilha_pela_primeira_celula_de_porta_igual_a_da_varredura(tmp_path):
    import openpyxl

    livro = openpyxl.Workbook()
    com = livro.active
    com.title = "Acessos"
    com.append(["Relatório de acessos"])
    com.append(["IP 200.9.9.9 antes do cabeçalho", "", "31000"])
    com.append(["Data", "IP", "Porta (origem)"])
    for i in range(40):
        com.append([f"2025-03-{1 + i % 28:02d} 10:00:00", f"200.1.{i}.10", str(20000 + i) if i % 7 else ""])
    sem = livro.create_sheet("SemPorta")
    sem.append(["Data", "IP", "Operação"])
    for i in range(40):
        sem.append([f"2025-03-{1 + i % 28:02d} 10:00:00", f"200.2.{i}.10", "LOGIN"])
    caminho = tmp_path / "acessos.xlsx"
    livro.save(caminho)
    doc = ler_documento(caminho, "acessos.xlsx", "xlsx", None, ())
    celulas_de_ip = [t for t in doc.trechos if t.coluna == "B" or "200.9.9.9" in t.texto]
    assert len(celulas_de_ip) > 80
    resultados = [porta._da_planilha(doc, t) for t in celulas_de_ip]
    assert resultados == [_da_planilha_antiga(doc, t) for t in celulas_de_ip]
    assert "20001" in resultados and None in resultados  # há porta achada e linha sem porta (vazia, aba sem coluna)
