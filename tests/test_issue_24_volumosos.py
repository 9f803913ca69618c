"""Issue 24, carga: um TXT ou CSV volumoso é lido e extraído em partes, com os dados em disco, e o cruzamento lê só
os registros com valores de outros arquivos; o lote gravado e as conclusões são os da leitura inteira."""

from __future__ import annotations

import codecs
import json
import re
import shutil
from dataclasses import replace
from pathlib import Path

import pytest

from perito import pickle_seguro
from perito.analise import Parametros, analisar
from perito.derrame import DadosDoLote, Derrame, Gravador
from perito.extratores import familias
from perito.extratores.em_partes import extrair_em_partes, juntar
from perito.extratores.lotes import extrair_documento
from perito.leitura import em_partes
from perito.leitura.documento import Documento
from perito.leitura.isolamento import Limites
from perito.leitura.leitor import ler_documento
from perito.principal import selecao
from perito.saida.escrita import bytes_json, json_em_partes
from tests.conftest import CASO_DEMO, DATA


def _log_texto(caminho: Path, linhas: int) -> None:
    """Log de provedor: título, fuso declarado uma vez, tabela de largura fixa."""
    corpo = [f"2025-03-{1 + i % 28:02d} {i % 24:02d}:{i % 60:02d}:{(i * 7) % 60:02d}   "
             f"{f'200.{i % 250}.{(i // 250) % 250}.{1 + i % 199}':<18} {20000 + i}" for i in range(linhas)]
    caminho.write_text("Registros de conexão - resposta à requisição judicial\nHorários em UTC.\n\n"
                       "Data/Hora             Endereço IP        Porta\n" + "\n".join(corpo) + "\n", encoding="utf-8")


def _log_desalinhado(caminho: Path, linhas: int) -> None:
    """O mesmo log com a coluna da porta andando uma posição quando o último octeto do IP ganha um algarismo."""
    corpo = [f"2025-03-{1 + i % 28:02d} {i % 24:02d}:{i % 60:02d}:{(i * 7) % 60:02d}   "
             f"200.{i % 250}.{(i // 250) % 250}.{1 + i % 199:<3}   {20000 + i}" for i in range(linhas)]
    caminho.write_text("Registros de conexão - resposta à requisição judicial\nHorários em UTC.\n\n"
                       "Data/Hora             Endereço IP        Porta\n" + "\n".join(corpo) + "\n", encoding="utf-8")


def _fuso_no_fim(caminho: Path, linhas: int) -> None:
    """O fuso dito uma vez, no fim ("todos os horários acima estão em UTC"): vale para as linhas de todas as partes."""
    _log_texto(caminho, linhas)
    texto = caminho.read_text(encoding="utf-8").replace("Horários em UTC.\n", "")
    caminho.write_text(texto + "\nObservação: todos os horários acima estão em UTC.\n", encoding="utf-8")


def _datas_dos_eua(caminho: Path, linhas: int) -> None:
    """Log americano: mês antes do dia, e a única data que o prova (08/13/2025) está numa parte do meio; o dia 02/08
    das outras partes é 8 de fevereiro lido à brasileira e 2 de agosto à americana. A ordem é do arquivo inteiro."""
    corpo = [f"{1 + i % 12:02d}/{1 + (i * 5 + 1) % 12:02d}/2025 {10 + i % 12}:{i % 60:02d}:00 UTC   "
             f"189.{i % 250}.{(i // 250) % 250}.9" for i in range(linhas)]
    corpo.insert(2 * linhas // 3, "08/13/2025 10:00:00 UTC   189.1.1.9")  # numa parte do meio, longe das pontas
    caminho.write_text("Sign-in activity report\nDate (UTC)                 IP address\n" + "\n".join(corpo) + "\n",
                       encoding="utf-8")


def _csv_cp1252(caminho: Path, linhas: int) -> None:
    """CSV de banco em cp1252, com título em cima, ';' e um histórico entre aspas que atravessa linhas."""
    corpo = []
    for i in range(linhas):
        historico = '"PIX RECEBIDO\nJOSÉ DA SILVA"' if i % 97 == 0 else "PIX ENVIADO"
        corpo.append(f"{1 + i % 28:02d}/03/2025;{i % 24:02d}:{i % 60:02d};{historico};{100 + i},00;"
                     f"177.{i % 250}.{(i // 250) % 250}.{1 + i % 199}")
    texto = ("Extrato de acessos e transações - Titular: MARIA DA CONCEIÇÃO\nFuso: horário de Brasília\n"
             "Data;Hora;Histórico;Valor (R$);IP\n" + "\n".join(corpo) + "\n")
    caminho.write_bytes(texto.encode("cp1252"))


def _tab(caminho: Path, linhas: int) -> None:
    corpo = [f"{i}\t+55 11 9{i % 10000:04d}-{i % 9000 + 1000:04d}\t2025-01-{1 + i % 28:02d}T10:{i % 60:02d}:00-03:00"
             for i in range(linhas)]
    caminho.write_text("ID\tTELEFONE\tDATA_HORA\n" + "\n".join(corpo) + "\n", encoding="utf-8")


def _blocos(caminho: Path, registros: int) -> None:
    """Registros de várias linhas (rótulo: valor), separados por linha em branco: a divisa das partes cai no meio."""
    partes = ["Resposta do provedor - registros de acesso da conta alvo", "Fuso horário: UTC", ""]
    for i in range(registros):
        partes += [f"IP Address: 189.{i % 250}.{1 + i % 200}.{1 + i % 199}", f"Port: {30000 + i}",
                   f"Time: 2025-02-{1 + i % 28:02d} 1{i % 10}:{i % 60:02d}:00", ""]
    caminho.write_text("\n".join(partes), encoding="utf-8")


def _comparaveis(dados: list[dict]) -> list[str]:
    return [json.dumps(d, sort_keys=True, ensure_ascii=False) for d in dados]


@pytest.mark.parametrize("gerar,nome", [(_log_texto, "conexoes.txt"), (_log_desalinhado, "conexoes.txt"),
                                        (_fuso_no_fim, "conexoes.txt"), (_datas_dos_eua, "entradas.txt"),
                                        (_csv_cp1252, "extrato.csv"),
                                        (_tab, "linhas.txt"), (_blocos, "acessos.txt")])
def test_partes_dao_os_mesmos_dados_da_leitura_inteira(tmp_path, gerar, nome):
    arquivo = tmp_path / nome
    gerar(arquivo, 900)
    inteiro = extrair_documento(ler_documento(arquivo, nome, arquivo.suffix[1:]))
    documento = extrair_em_partes(arquivo, nome, arquivo.suffix[1:], tmp_path, linhas_por_parte=250, sobreposicao=20)
    (derrame,) = documento.extraido.derrames
    em_disco = [d for bloco in derrame.blocos() for d in bloco]
    assert len(em_disco) == derrame.total > 900
    assert _comparaveis(em_disco) == _comparaveis(inteiro.dados)  # mesmos dados, mesma ordem, mesmos registros
    assert documento.extraido.extrator_id == inteiro.extrator_id
    assert documento.trechos == [] and documento.trechos_descartados == len(ler_documento(arquivo, nome, arquivo.suffix[1:]).trechos)


@pytest.mark.parametrize("gerar,nome", [(_log_texto, "conexoes.txt"), (_csv_cp1252, "extrato.csv"),
                                        (_blocos, "acessos.txt"), (_fuso_no_fim, "conexoes.txt")])
def test_faixas_em_auxiliares_diferentes_dao_os_mesmos_dados(tmp_path, gerar, nome):
    """Três faixas de linhas extraídas cada uma por si (como em três auxiliares) e juntadas na ordem: os mesmos
    dados da extração inteira, com o preâmbulo só na primeira e os registros da divisa uma vez só."""
    arquivo = tmp_path / nome
    gerar(arquivo, 1200)
    tipo = arquivo.suffix[1:]
    inteiro = extrair_documento(ler_documento(arquivo, nome, tipo))
    faixas = em_partes.faixas(arquivo, 3, minimo=100)
    assert len(faixas) == 3 and faixas[0][0] == 1 and faixas[-1][1] == em_partes.SEM_FIM
    assert all(a[1] + 1 == b[0] for a, b in zip(faixas, faixas[1:]))  # contíguas, sem buraco nem repetição
    documentos = [extrair_em_partes(arquivo, nome, tipo, tmp_path, linhas_por_parte=150, sobreposicao=20, faixa=f)
                  for f in faixas]
    junto = juntar(documentos)
    em_disco = [d for derrame in junto.extraido.derrames for bloco in derrame.blocos() for d in bloco]
    assert _comparaveis(em_disco) == _comparaveis(inteiro.dados)
    assert len({d.extraido.extrator_id for d in documentos}) == 1
    assert junto.trechos_descartados == len(ler_documento(arquivo, nome, tipo).trechos)


def test_uma_faixa_em_erro_deixa_o_arquivo_sem_dados_e_apaga_os_derrames(tmp_path):
    arquivo = tmp_path / "conexoes.txt"
    _log_texto(arquivo, 600)
    boa = extrair_em_partes(arquivo, "conexoes.txt", "txt", tmp_path, faixa=(1, 300))
    caiu = Documento(arquivo="conexoes.txt", tipo="txt", erro="tempo limite de leitura excedido")
    junto = juntar([boa, caiu])
    assert junto.erro == "tempo limite de leitura excedido" and junto.extraido is None
    assert not list(tmp_path.glob("*.dados"))


def test_arquivo_pequeno_nao_e_dividido(tmp_path):
    arquivo = tmp_path / "conexoes.txt"
    _log_texto(arquivo, 500)
    assert em_partes.faixas(arquivo, 2) == [None]  # menos de uma parte por auxiliar
    assert em_partes.faixas(arquivo, 1, minimo=10) == [None]


def test_o_preambulo_cobre_o_que_a_classificacao_da_familia_le():
    # toda parte começa pelas mesmas linhas que `classificar` lê: nenhuma parte muda de família
    assert em_partes.PREAMBULO >= familias.TRECHOS_LIDOS


def test_arquivo_que_some_vira_erro_sem_derrame_pela_metade(tmp_path):
    documento = extrair_em_partes(tmp_path / "sumiu.csv", "sumiu.csv", "csv", tmp_path)
    assert documento.erro and "volumoso" in documento.erro
    assert not list(tmp_path.glob("*.dados"))


def test_pede_partes_so_para_texto_e_csv_grandes_e_nunca_json(tmp_path):
    grande = tmp_path / "g.txt"
    grande.write_text("linha\n" * 2000, encoding="utf-8")
    json_grande = tmp_path / "j.txt"
    json_grande.write_text("[" + ",".join('{"ip": "1.2.3.4"}' for _ in range(1000)) + "]", encoding="utf-8")
    assert em_partes.pede_partes(grande, "txt", None, limiar=1000)
    assert not em_partes.pede_partes(grande, "txt", None, limiar=1 << 30)
    assert not em_partes.pede_partes(grande, "pdf", None, limiar=1000)
    assert not em_partes.pede_partes(grande, "txt", ("membro.txt",), limiar=1000)  # membro de ZIP: já em memória
    assert not em_partes.pede_partes(json_grande, "txt", None, limiar=1000)


def test_ler_linhas_traz_o_preambulo_e_a_vizinhanca_das_citadas(tmp_path):
    arquivo = tmp_path / "conexoes.txt"
    _log_texto(arquivo, 3000)
    documento = ler_documento(arquivo, "conexoes.txt", "txt")
    parcial = em_partes.ler_linhas(arquivo, "conexoes.txt", "txt", {1500, 2900}, janela=5, preambulo=10)
    numeros = [int(t.localizacao.split()[-1]) for t in parcial.trechos]
    assert numeros[:4] == [1, 2, 4, 5]  # o título e o fuso de cima, sem a linha vazia
    assert set(range(1495, 1506)) <= set(numeros) and set(range(2895, 2906)) <= set(numeros)
    assert set(range(2905, 3005)) <= set(numeros)  # o epílogo (as últimas linhas): o contexto dito no fim
    assert len(numeros) == 10 + 11 + 110  # a vizinhança da 2900 encosta no epílogo
    por_local = {t.localizacao: t for t in documento.trechos}
    # os mesmos trechos da leitura inteira; o primeiro depois de cada salto diz que houve linhas omitidas
    assert all(replace(por_local[t.localizacao], apos_omissao=t.apos_omissao) == t for t in parcial.trechos)
    assert [t.localizacao for t in parcial.trechos if t.apos_omissao] == ["linha 1495", "linha 2895"]
    # o fim lido sem a vizinhança da citada: o salto antes dele também é de linhas omitidas
    so_o_meio = em_partes.ler_linhas(arquivo, "conexoes.txt", "txt", {1500}, janela=5, preambulo=10)
    assert [t.localizacao for t in so_o_meio.trechos if t.apos_omissao] == ["linha 1495", "linha 2905"]


def _dado(arquivo: str, linha: int, campo: str, valor: str, **meta) -> dict:
    return {"dado": valor, "campo": campo, "arquivo_fonte": arquivo, "pagina": None, "linha_ou_celula": f"linha {linha}",
            "texto_original": valor, "tipo_dado": "ip" if campo.startswith("ip") else "outro",
            "metadados": {"registro": f"linha {linha}", **meta}}


def test_selecao_guarda_o_preambulo_e_os_registros_com_valor_de_outro_arquivo(tmp_path):
    gravador = Gravador(tmp_path / "log.dados", "log.txt", por_bloco=3)
    titular = _dado("log.txt", 2, "nome_titular", "MARIA DA SILVA", nome_normalizado="maria da silva")
    gravador.acrescentar(titular)
    for linha in range(100, 110):
        gravador.acrescentar(_dado("log.txt", linha, "ip_acesso", f"200.1.1.{linha}", ip_canonico=f"200.1.1.{linha}"))
        gravador.acrescentar(_dado("log.txt", linha, "data_evento", f"2025-03-01 10:{linha - 100:02d}:00"))
    volumoso = DadosDoLote()
    volumoso.segmentos.append(gravador.fechar())
    comum = DadosDoLote()
    relato = [_dado("bo.txt", 5, "ip_acesso", "200.1.1.104", ip_canonico="200.1.1.104"),
              _dado("bo.txt", 6, "data_evento", "01/03/2025")]
    comum.segmentos.append(relato)
    comum.extend(relato)
    lotes = [{"dados_extraidos": comum}, {"dados_extraidos": volumoso}]

    escolhidos = selecao.selecionar(lotes)

    assert escolhidos == {"log.txt": 3}
    assert volumoso == [titular, *[d for d in _todos(volumoso) if d["linha_ou_celula"] == "linha 104"]]
    assert [d["campo"] for d in volumoso] == ["nome_titular", "ip_acesso", "data_evento"]  # o registro inteiro
    assert volumoso.total == 21 and len(_todos(volumoso)) == 21  # o lote gravado continua com todos
    assert comum == relato


def test_selecao_entre_dois_volumosos_acha_o_valor_que_so_eles_tem(tmp_path):
    listas = []
    for nome, linhas in (("meta.txt", range(100, 105)), ("google.txt", range(200, 205))):
        gravador = Gravador(tmp_path / f"{nome}.dados", nome)
        for linha in linhas:
            ip = "200.9.9.9" if linha in (103, 201) else f"10.{linha}.0.1"
            gravador.acrescentar(_dado(nome, linha + 400, "ip_acesso", ip, ip_canonico=ip))
        lista = DadosDoLote()
        lista.segmentos.append(gravador.fechar())
        listas.append(lista)
    selecao.selecionar([{"dados_extraidos": lista} for lista in listas])
    assert [d["dado"] for d in listas[0]] == ["200.9.9.9"] and [d["dado"] for d in listas[1]] == ["200.9.9.9"]


def _todos(lista: DadosDoLote) -> list[dict]:
    return [d for segmento in lista.segmentos
            for bloco in (segmento.blocos() if isinstance(segmento, Derrame) else [segmento]) for d in bloco]


def test_o_lote_gravado_de_um_derrame_tem_os_mesmos_bytes_do_lote_inteiro(tmp_path):
    dados = [_dado("log.txt", i, "ip_acesso", f"200.1.1.{i}") for i in range(1, 8)]
    gravador = Gravador(tmp_path / "log.dados", "log.txt", por_bloco=2)
    for dado in dados[2:]:
        gravador.acrescentar(dado)
    lista = DadosDoLote()
    lista.segmentos += [dados[:2], gravador.fechar()]
    lista.extend(dados[:3])  # o cruzamento vê menos; o lote gravado tem todos
    lote = {"extrator_id": "x", "dados_extraidos": lista, "alertas": [], "total_dados": lista.total}
    gravado = b"".join(json_em_partes(lote, "dados_extraidos", por_parte=3))
    assert gravado == bytes_json({**lote, "dados_extraidos": dados})


def test_o_lote_e_gravado_do_json_do_auxiliar_sem_desempacotar(tmp_path, monkeypatch):
    """O auxiliar grava cada bloco também em JSON (comprimido): o principal grava esses bytes (nenhum bloco
    desempacotado). Sem esse arquivo (gravado por outra versão), o lote sai dos blocos, com os mesmos bytes."""
    dados = [_dado("log.txt", i, "ip_acesso", f"200.1.1.{i}") for i in range(1, 12)]
    gravador = Gravador(tmp_path / "log.dados", "log.txt", por_bloco=3)
    for dado in dados[2:]:
        gravador.acrescentar(dado)
    derrame = gravador.fechar()
    lista = DadosDoLote()
    lista.segmentos += [dados[:2], derrame, []]
    lote = {"extrator_id": "x", "dados_extraidos": lista, "alertas": ["a"], "total_dados": lista.total}
    esperado = bytes_json({**lote, "dados_extraidos": dados})

    def proibido(_conteudo):
        raise AssertionError("bloco desempacotado para gravar o lote")

    with monkeypatch.context() as m:
        m.setattr(pickle_seguro, "carregar", proibido)
        assert b"".join(json_em_partes(lote, "dados_extraidos", por_parte=4)) == esperado
    assert (tmp_path / "log.dados.json.z").stat().st_size < len(esperado)
    (tmp_path / "log.dados.json.z").unlink()
    assert b"".join(json_em_partes(lote, "dados_extraidos", por_parte=4)) == esperado
    derrame.apagar()
    assert list(tmp_path.iterdir()) == []


def _log_com_um_acesso_do_caso(caminho: Path) -> None:
    """1.500 acessos de IPs que o caso não conhece e, no meio, o IP e a porta da conta alvo no caso de exemplo."""
    _log_texto(caminho, 1500)
    linhas = caminho.read_text(encoding="utf-8").splitlines()
    linhas[1000] = f"{'2025-03-15 14:33:10':<22}{'187.34.56.78':<18} 51234"
    caminho.write_text("\n".join(linhas) + "\n", encoding="utf-8")


def test_caso_com_txt_e_csv_volumosos_da_as_mesmas_conclusoes_e_lotes(tmp_path):
    """O caso de exemplo, mais um log de 1.500 acessos, analisado duas vezes: como sempre, e com todo TXT e CSV
    tratado como volumoso (limiar de 1 byte: lidos em partes, o cruzamento vendo só os registros com valores de
    outros arquivos). As conclusões, os vereditos e os lotes gravados são os mesmos; o log entra numa conclusão;
    nada fica da área temporária."""
    caso = tmp_path / "caso"
    shutil.copytree(CASO_DEMO, caso)
    _log_com_um_acesso_do_caso(caso / "registros_conexao_provedor.txt")
    comum, volumosa = tmp_path / "comum", tmp_path / "volumosa"
    analisar(Parametros(caso, comum, data_analise=DATA))
    analisar(Parametros(caso, volumosa, data_analise=DATA, limites=Limites(bytes_em_partes=1)))

    def resumo(pasta: Path) -> list[tuple]:
        conclusoes = json.loads((pasta / "conclusoes.json").read_text(encoding="utf-8"))["conclusoes"]
        return [(c["tipo"], c["grau_confianca"], c["afirmacao"], c["validacao"]["veredicto_geral"],
                 [d["status"] for d in c["validacao"]["detalhes"]]) for c in conclusoes]

    assert resumo(volumosa) == resumo(comum)
    assert any("registros_conexao_provedor.txt" in c[2] and c[3] == "VERIFICADO" for c in resumo(volumosa))
    alertas = []
    for lote in sorted((comum / "lotes").glob("*.json")):
        antes = json.loads(lote.read_text(encoding="utf-8"))
        depois = json.loads((volumosa / "lotes" / lote.name).read_text(encoding="utf-8"))
        assert depois["dados_extraidos"] == antes["dados_extraidos"] and depois["total_dados"] == antes["total_dados"]
        alertas += [a for a in depois["alertas"] if "arquivo volumoso" in a]
    lidos = {re.match(r"(\S+):", a).group(1): a for a in alertas}
    assert set(lidos) == {p.name for p in caso.iterdir() if p.suffix in (".txt", ".csv")}
    total, escolhidos = map(int, re.search(r"(\d+) dados no lote, dos quais o cruzamento leu (\d+)",
                                           lidos["registros_conexao_provedor.txt"]).groups())
    assert total >= 3000 and escolhidos < 700  # o preâmbulo e o registro do IP do caso, não os 1.500 acessos
    assert not list(volumosa.glob(".derrames*"))
    # issue 27: a tabela de arquivos do relatorio.txt conta os dados do lote inteiro, não os escolhidos para cruzar
    # (dizia "1716" de um log de 400 mil dados, e `perito relatorio`, que lê o lote gravado, dizia outro número)
    def na_tabela(pasta: Path) -> dict[str, int]:
        texto = (pasta / "relatorio.txt").read_text(encoding="utf-8")
        return {m.group(1): int(m.group(2))
                for m in re.finditer(r"^\s*(\S+\.(?:txt|csv))\s+(?:txt|csv)\s+\S+\s+(\d+)\s", texto, re.M)}

    assert na_tabela(volumosa) == na_tabela(comum)
    assert na_tabela(volumosa)["registros_conexao_provedor.txt"] == total


def _extrato_volumoso(pasta: Path, creditos: int) -> DadosDoLote:
    gravador = Gravador(pasta / "extrato.dados", "extrato.csv")
    for linha in range(100, 100 + creditos):
        gravador.acrescentar(_dado("extrato.csv", linha, "nome_titular", f"PAGADOR {linha}",
                                   nome_normalizado=f"pagador {linha}", familia_fonte="banco"))
    lista = DadosDoLote()
    lista.segmentos.append(gravador.fechar())
    return lista


def test_extrato_volumoso_entra_inteiro_no_cruzamento_ate_o_limite(tmp_path, monkeypatch):
    """Os indícios de laranja contam os créditos do próprio extrato: um extrato volumoso que cabe entra inteiro,
    mesmo sem nenhum pagador escrito noutro arquivo; acima do limite, só o que cruza (e o alerta diz)."""
    lista = _extrato_volumoso(tmp_path, 50)
    assert selecao.selecionar([{"dados_extraidos": lista}]) == {"extrato.csv": 50} and len(lista) == 50
    monkeypatch.setattr(selecao, "INTEIRO_ATE", 10)
    lista = _extrato_volumoso(tmp_path, 50)
    assert selecao.selecionar([{"dados_extraidos": lista}]) == {"extrato.csv": 0} and len(lista) == 0


def test_disco_cheio_na_saida_vira_erro_do_arquivo_com_o_que_fazer(tmp_path, monkeypatch):
    import errno

    from perito import derrame as modulo

    arquivo = tmp_path / "conexoes.txt"
    _log_texto(arquivo, 400)

    def cheio(self) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(modulo.Gravador, "_gravar", cheio)
    documento = extrair_em_partes(arquivo, "conexoes.txt", "txt", tmp_path, linhas_por_parte=100)
    assert "sem espaço em disco na pasta de saída" in documento.erro and "--saida" in documento.erro
    assert not list(tmp_path.glob("*.dados"))


def _so_cr(caminho: Path) -> None:
    _log_texto(caminho, 900)
    caminho.write_bytes(caminho.read_bytes().replace(b"\n", b"\r"))  # fim de linha só com CR (sistemas antigos)


def _utf16(caminho: Path) -> None:
    _log_texto(caminho, 900)
    caminho.write_bytes(codecs.BOM_UTF16_LE + caminho.read_text(encoding="utf-8").encode("utf-16-le"))


def _csv_com_aspas_abertas(caminho: Path) -> None:
    _csv_cp1252(caminho, 900)
    linhas = caminho.read_bytes().split(b"\n")
    linhas[500] += b';"aberta'  # aspas sem fechamento: a leitura inteira para aqui, com o motivo
    caminho.write_bytes(b"\n".join(linhas))


def _com_nul(caminho: Path) -> None:
    _log_texto(caminho, 900)
    linhas = caminho.read_bytes().split(b"\n")
    linhas[700] += b"\x00\x00"
    caminho.write_bytes(b"\n".join(linhas))


@pytest.mark.parametrize("estragar,nome", [(_so_cr, "cr.txt"), (_utf16, "utf16.txt"),
                                           (_csv_com_aspas_abertas, "aspas.csv"), (_com_nul, "nul.txt")])
def test_arquivos_estranhos_em_faixas_dao_os_dados_alertas_e_situacao_da_leitura_inteira(tmp_path, estragar, nome):
    """Fim de linha só com CR, UTF-16 com BOM, CSV cortado por aspas abertas no meio, bytes NUL: duas faixas juntadas
    dão os mesmos dados, os mesmos alertas e a mesma leitura parcial (o motivo) que a leitura inteira."""
    arquivo = tmp_path / nome
    estragar(arquivo)
    tipo = arquivo.suffix[1:]
    documento = ler_documento(arquivo, nome, tipo)
    inteiro = extrair_documento(documento)
    faixas = em_partes.faixas(arquivo, 2, minimo=100)
    assert len(faixas) == 2
    junto = juntar([extrair_em_partes(arquivo, nome, tipo, tmp_path, linhas_por_parte=150, sobreposicao=20, faixa=f)
                    for f in faixas])
    em_disco = [d for derrame in junto.extraido.derrames for bloco in derrame.blocos() for d in bloco]
    assert _comparaveis(em_disco) == _comparaveis(inteiro.dados) and inteiro.dados
    assert junto.parcial == documento.parcial and sorted(junto.alertas) == sorted(documento.alertas)


def test_o_json_de_um_bloco_grande_vai_a_gravacao_em_fatias(tmp_path):
    """O JSON de um bloco de derrame (~12 MB num log grande) não vai inteiro à fila de quem grava: em fatias de até
    1 MiB, com os mesmos bytes no fim."""
    dados = [_dado("log.txt", i, "ip_acesso", f"200.{i % 250}.{i // 250 % 250}.1") for i in range(1, 6001)]
    gravador = Gravador(tmp_path / "log.dados", "log.txt", por_bloco=6000)
    for dado in dados:
        gravador.acrescentar(dado)
    lista = DadosDoLote()
    lista.segmentos.append(gravador.fechar())
    lote = {"extrator_id": "x", "dados_extraidos": lista, "alertas": [], "total_dados": lista.total}
    partes = list(json_em_partes(lote, "dados_extraidos"))
    assert sum(map(len, partes)) > 1 << 20  # o bloco passa de 1 MiB
    assert max(map(len, partes)) <= 1 << 20
    assert b"".join(partes) == bytes_json({**lote, "dados_extraidos": dados})
