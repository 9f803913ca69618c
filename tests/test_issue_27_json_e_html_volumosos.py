"""Issue 27: um JSON ou um HTML volumoso (a resposta de um provedor: logins do Google em JSON, os registros da Meta em
HTML) tem os dados gravados em disco pelo auxiliar, como uma planilha volumosa, e a releitura do validador traz só o
preâmbulo, o pé e a vizinhança das linhas citadas. Medido num caso com um JSON de 100 mil logins (13 MB) e um HTML de
100 mil acessos (7,8 MB): o principal chegava a 1.400 MiB; agora 207 MiB, com as mesmas conclusões, vereditos,
contextos e ofícios.

O oráculo é o caminho de sempre (os dados pelo canal, a releitura inteira): o mesmo caso analisado com o limiar padrão
dá as mesmas saídas e os mesmos dados nos lotes."""

from __future__ import annotations

import json
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from perito.analise import Parametros
from perito.leitura import em_partes
from perito.leitura.isolamento import Limites
from perito.leitura.leitor import ler_documento
from tests.conftest import exemplo_pelos_dois_caminhos, mesmas_saidas

#: o registro com o acesso que o caso de exemplo também tem, longe do preâmbulo e do pé
REGISTRO_DO_CASO = 900


def _logins_json(caminho: Path, registros: int = 1500) -> None:
    """Logins da conta em JSON (um objeto por login, em várias linhas), com o acesso do caso no meio."""
    logins = [{"timestamp": f"2025-03-{1 + i % 28:02d}T{i % 24:02d}:{i % 60:02d}:{(i * 7) % 60:02d}Z",
               "ip": f"200.{i % 250}.{(i // 250) % 250}.{1 + i % 199}", "port": 20000 + i, "activity": "LOGIN"}
              for i in range(registros)]
    logins[min(REGISTRO_DO_CASO, registros - 1)] = {"timestamp": "2025-03-15T14:33:10Z", "ip": "187.34.56.78", "port": 51234,
                                "activity": "LOGIN"}
    caminho.write_text(json.dumps({"account": "conta.alvo@example.com", "logins": logins}, indent=2), encoding="utf-8")


def _acessos_html(caminho: Path, linhas: int = 1500) -> None:
    """Registros de acesso em tabela HTML, com o fuso no cabeçalho da coluna e o acesso do caso no meio."""
    corpo = ["<html><body><h1>Registros da conta</h1><table>",
             "<tr><th>Time (UTC)</th><th>IP Address</th><th>Port</th></tr>"]
    for i in range(linhas):
        ip, porta, quando = f"201.{i % 250}.{(i // 250) % 250}.{1 + i % 199}", 30000 + i, \
            f"2025-03-{1 + i % 28:02d} {i % 24:02d}:{i % 60:02d}:{(i * 7) % 60:02d}"
        if i == REGISTRO_DO_CASO:
            ip, porta, quando = "187.34.56.78", 51234, "2025-03-15 14:33:10"
        corpo.append(f"<tr><td>{quando}</td><td>{ip}</td><td>{porta}</td></tr>")
    corpo.append("</table></body></html>")
    caminho.write_text("\n".join(corpo), encoding="utf-8")


def test_json_e_html_volumosos_dao_as_mesmas_saidas_e_lotes(tmp_path):
    def acrescentar(pasta: Path) -> None:
        _logins_json(pasta / "logins_google.json")
        _acessos_html(pasta / "registros_meta.html")

    _, comum, volumoso = exemplo_pelos_dois_caminhos(tmp_path, acrescentar, Limites(bytes_inteiro_em_disco=1))

    alertas = [a for a in mesmas_saidas(comum, volumoso) if "lido inteiro num auxiliar" in a]
    conclusoes = json.loads((volumoso / "conclusoes.json").read_text(encoding="utf-8"))["conclusoes"]
    citados = {r["arquivo"] for c in conclusoes for r in c["referencias"]}
    assert {"logins_google.json", "registros_meta.html"} <= citados  # as duas entram no cruzamento e são relidas

    assert any(a.startswith("logins_google.json: arquivo volumoso") for a in alertas)
    assert any(a.startswith("registros_meta.html: arquivo volumoso") for a in alertas)
    assert not list(volumoso.glob(".derrames*"))


def _linha(trecho) -> int:
    return int(trecho.localizacao.split()[-1])


def test_releitura_do_json_traz_o_preambulo_o_pe_e_a_vizinhanca_com_os_registros_dela(tmp_path):
    arquivo = tmp_path / "logins.json"
    _logins_json(arquivo, registros=3000)
    inteiro = ler_documento(arquivo, "logins.json", "txt")
    citada = next(_linha(t) for t in inteiro.trechos if "187.34.56.78" in t.texto)
    parcial = ler_documento(arquivo, "logins.json", "txt", linhas=(citada,), pontuais=(citada + 3000,))
    numeros = [_linha(t) for t in parcial.trechos]
    total = len(inteiro.trechos)
    janela = set(range(citada - em_partes.SOBREPOSICAO, citada + em_partes.SOBREPOSICAO + 1))
    pontual = set(range(citada + 3000 - em_partes.JANELA_PONTUAL, citada + 3000 + em_partes.JANELA_PONTUAL + 1))
    assert set(numeros) == ({_linha(t) for t in inteiro.trechos[:em_partes.PREAMBULO]} | janela | pontual
                            | {_linha(t) for t in inteiro.trechos[total - em_partes.EPILOGO:]})
    por_local = {t.localizacao: t for t in inteiro.trechos}
    for anterior, trecho in zip(parcial.trechos, parcial.trechos[1:]):
        salto = _linha(trecho) != _linha(anterior) + 1
        assert trecho.apos_omissao == salto  # o salto na numeração vem marcado, e só ele
        assert trecho.texto == por_local[trecho.localizacao].texto
    # os registros (objetos do JSON) que ficam apontam os trechos guardados, inteiros; o do acesso citado fica
    guardados = {id(t) for t in parcial.trechos}
    assert parcial.registros and all(id(t) in guardados for r in parcial.registros for t in r.trechos())
    assert all(id(c.trecho) in guardados for r in parcial.registros for c in r.campos)
    assert any(any(c.valor == "187.34.56.78" for c in r.campos) for r in parcial.registros)
    assert len(parcial.registros) < len(inteiro.registros) / 4


def test_releitura_do_html_so_em_volta_das_citadas(tmp_path):
    arquivo = tmp_path / "registros.html"
    _acessos_html(arquivo, linhas=3000)
    inteiro = ler_documento(arquivo, "registros.html", "html")
    citada = next(_linha(t) for t in inteiro.trechos if "187.34.56.78" in t.texto)
    parcial = ler_documento(arquivo, "registros.html", "html", linhas=(citada,))
    assert len(parcial.trechos) < len(inteiro.trechos) / 3
    por_local = {t.localizacao: t for t in inteiro.trechos}
    assert all(por_local[t.localizacao].texto == t.texto for t in parcial.trechos)
    assert any("187.34.56.78" in t.texto for t in parcial.trechos)


def test_so_json_xlsx_e_html_grandes_e_soltos_vao_inteiros_ao_disco(tmp_path):
    json_ = tmp_path / "a.json"
    _logins_json(json_, registros=20)
    texto = tmp_path / "log.txt"
    texto.write_text("2025-03-15 14:33:10 UTC 187.34.56.78 login\n" * 20, encoding="utf-8")
    html = tmp_path / "a.html"
    _acessos_html(html, linhas=20)
    assert em_partes.inteiro_em_disco(json_, "txt", None, limiar=json_.stat().st_size)
    assert not em_partes.inteiro_em_disco(json_, "txt", None, limiar=json_.stat().st_size + 1)
    assert em_partes.inteiro_em_disco(html, "html", None, limiar=1)
    assert not em_partes.inteiro_em_disco(texto, "txt", None, limiar=1)  # texto que não é JSON: em partes
    assert em_partes.pede_partes(texto, "txt", None, limiar=1) and not em_partes.pede_partes(json_, "txt", None, limiar=1)
    assert not em_partes.inteiro_em_disco(html, "html", ("membro.html",), limiar=1)  # membro de pacote: pelo canal
    assert not em_partes.inteiro_em_disco(tmp_path / "a.pdf", "pdf", None, limiar=1)


def test_json_volumoso_e_uma_tarefa_so_e_o_log_de_texto_se_divide_em_faixas(tmp_path):
    """Regressão: o JSON chega como "txt", e a leitura o dividia em faixas como a um log: cada auxiliar lia e
    extraía o arquivo inteiro, e o lote saía com os dados em dobro (visto num JSON de 600 mil linhas, acima das
    100 mil que dividem o trabalho entre dois auxiliares)."""
    from types import SimpleNamespace

    from perito.analise.etapas.leitura import _tarefas
    from perito.leitura.executor import ExecutorLocal
    from perito.leitura.inventario import ArquivoCaso
    from perito.saida.gravacao import Preparadas

    linhas = 2 * em_partes.LINHAS_POR_PARTE + 10
    json_ = tmp_path / "logins.json"
    json_.write_text("[\n" + ",\n".join(str(n) for n in range(linhas)) + "\n]\n", encoding="utf-8")
    log = tmp_path / "log.txt"
    log.write_text("".join(f"2025-03-15 14:33:10 UTC 10.0.0.{n % 250} login\n" for n in range(linhas)), encoding="utf-8")
    preparadas = Preparadas(tmp_path / "saida")
    analise = SimpleNamespace(
        parametros=Parametros(tmp_path, limites=Limites(processos=2, bytes_em_partes=1, bytes_inteiro_em_disco=1)),
        executor=ExecutorLocal(), preparadas=preparadas)
    try:
        do_json = _tarefas(analise, ArquivoCaso(json_, "logins.json", json_.stat().st_size, "", "txt"))
        do_log = _tarefas(analise, ArquivoCaso(log, "log.txt", log.stat().st_size, "", "txt"))
    finally:
        preparadas.descartar()
    assert len(do_json) == 1 and do_json[0].faixa is None and do_json[0].derrame is not None
    assert len(do_log) == 2 and all(t.faixa for t in do_log)  # o log, sim: um auxiliar por faixa


def _extrair(caminho: Path, coletor=None):
    from perito.extratores.registro import escolher

    documento = ler_documento(caminho, caminho.name, "txt")
    return escolher(documento).extrair(documento, coletor)


def test_json_numa_rodada_entrega_os_dados_ao_coletor_aos_poucos(tmp_path, monkeypatch):
    """Num JSON, linhas de texto e registros saem numa rodada só (o titular é lido de tudo junto); os dados prontos vão
    ao coletor aos poucos, na ordem, em vez de ficarem todos como dicionários até o fim da rodada (o auxiliar que
    extraía um JSON de 100 mil logins passava de 860 MiB)."""
    from perito.extratores import base

    caminho = tmp_path / "logins.json"
    _logins_json(caminho, registros=60)
    inteiro = _extrair(caminho).dados  # o oráculo: sem coletor, tudo no resultado
    monkeypatch.setattr(base, "_REGISTROS_POR_RODADA", 25)
    entregas: list[list[dict]] = []
    resto = _extrair(caminho, lambda dados: entregas.append(list(dados))).dados
    assert len(inteiro) > 100 and resto == []
    assert len(entregas) >= 4 and all(len(e) <= 26 for e in entregas)  # um registro passa do limite por um dado
    assert [d for e in entregas for d in e] == inteiro


def test_achados_guardados_por_linha_nao_crescem_com_o_arquivo(tmp_path, monkeypatch):
    """O Leitor de campos reconhece cada linha uma vez (num JSON compacto, vários objetos por linha); os achados
    guardados de um arquivo inteiro ficavam até o fim. Esquecê-los só custa reconhecer de novo: o resultado é o mesmo,
    inclusive com objetos que dividem a linha (a armadilha), com o guardado esvaziado a cada linha."""
    from perito.extratores.registros import campos

    compacto = tmp_path / "compacto.json"
    logins = [{"timestamp": f"2025-03-{1 + i % 28:02d}T10:00:{i % 60:02d}Z", "ip": f"200.1.{i}.9", "port": 20000 + i}
              for i in range(40)]
    # cinco logins por linha física: os campos de objetos vizinhos na mesma linha
    linhas = [", ".join(json.dumps(x) for x in logins[i:i + 5]) for i in range(0, 40, 5)]
    compacto.write_text('{"account": "conta@example.com", "logins": [\n' + ",\n".join(linhas) + "\n]}\n", encoding="utf-8")
    inteiro = _extrair(compacto).dados
    tamanhos: list[int] = []
    original = campos.Leitor._achados_da_linha

    def medir(self, trecho):
        tamanhos.append(len(self._da_linha))
        return original(self, trecho)

    monkeypatch.setattr(campos, "_LINHAS_GUARDADAS", 1)
    monkeypatch.setattr(campos.Leitor, "_achados_da_linha", medir)
    assert _extrair(compacto).dados == inteiro
    assert len(inteiro) >= 80 and max(tamanhos) <= 1


#: JSONs em que a ordem dos registros não é a dos objetos: o objeto cujo primeiro valor simples vem depois da lista
#: de dentro (a posição dele é depois da dos filhos), objetos vizinhos na mesma linha, um valor com escape (a linha
#: fica para a leitura por linhas, com o IP dela) e o titular dito no começo
JSONS_FORA_DE_ORDEM = {
    "pai_depois_dos_filhos": {
        "contas": [{"acessos": [{"ip": f"187.10.{i}.{j + 1}", "data": f"2025-03-0{1 + j}T10:0{i}:00Z"} for j in range(3)],
                    "titular": f"PESSOA NUMERO {i}", "telefone": f"+55119876543{i:02d}"} for i in range(6)]},
    "compacto": None,  # escrito à mão abaixo: vários objetos por linha
    "com_escape": {"account": "conta@example.com", "logins": [
        {"ip": f"200.1.1.{i + 1}", "timestamp": f"2025-03-0{1 + i % 9}T08:00:00Z",
         "note": "acesso \"suspeito\" 201.5.5.5" if i % 3 == 0 else "ok"} for i in range(9)]},
    "titular_no_topo": {"Titular": "MARIA DA SILVA", "CPF": "529.982.247-25", "Conta": "12345-6",
                        "transacoes": [{"Data": f"0{1 + i}/03/2025", "Valor": f"{100 + i},00", "Nome": f"FULANO {i}"}
                                       for i in range(5)]},
}


def test_json_montado_aos_poucos_da_os_mesmos_dados_que_inteiro(tmp_path):
    """Com coletor (o auxiliar), os registros de um JSON são montados aos poucos, na ordem do documento; o oráculo é
    a montagem de todos antes de ordenar (sem coletor): os mesmos dados, na mesma ordem, e os mesmos alertas."""
    for nome, objeto in JSONS_FORA_DE_ORDEM.items():
        caminho = tmp_path / f"{nome}.json"
        if objeto is None:
            itens = [json.dumps({"ip": f"177.0.{i}.9", "port": 30000 + i, "time": f"2025-03-02 1{i % 10}:00:00 UTC"})
                     for i in range(12)]
            caminho.write_text("[\n" + ",\n".join(", ".join(itens[i:i + 4]) for i in range(0, 12, 4)) + "\n]\n",
                               encoding="utf-8")
        else:
            caminho.write_text(json.dumps(objeto, indent=2, ensure_ascii=False), encoding="utf-8")
        oraculo = _extrair(caminho)
        entregues: list[dict] = []
        aos_poucos = _extrair(caminho, entregues.extend)
        assert oraculo.dados and entregues == oraculo.dados, nome
        assert aos_poucos.alertas == oraculo.alertas, nome


_ROTULOS_DE_CAIXA = st.sampled_from(["logins", "Titular", "nome", "cpf", "telefone", "ip", "data", "Hora", "porta",
                                     "valor", "conta", "device", "modelo", "imei", "email", "chave pix", "transacoes",
                                     "saldo", "Timestamp", "User Agent", "endereco", "registros", "Fuso", "UTC"])
_FOLHAS = st.sampled_from(["187.34.56.78", "2025-03-15T14:33:10Z", "15/03/2025 14:33:10", "(11) 98765-4321",
                           "529.982.247-25", "MARIA DA SILVA", "R$ 1.250,00", "358475120933181", "SM-A546E", 51234,
                           1700000000000, True, None, "", "conta@example.com", "BRT", "UTC-3",
                           # com escape: o valor não é lido como campo e a linha fica para o motor de linhas (a armadilha)
                           'acesso "suspeito" de 187.1.2.3'])


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(objeto=st.recursive(st.dictionaries(_ROTULOS_DE_CAIXA, _FOLHAS, min_size=1, max_size=4),
                           lambda filhos: st.one_of(st.lists(filhos, min_size=1, max_size=3),
                                                    st.dictionaries(_ROTULOS_DE_CAIXA, filhos, min_size=1, max_size=3)),
                           max_leaves=12),
       recuo=st.sampled_from([1, 2, 4]))
def test_linhas_so_de_estrutura_nao_dao_dado_no_motor_de_linhas(tmp_path, objeto, recuo):
    """O que `json_aos_poucos.so_estrutura` afirma para pular o motor de linhas de texto num JSON: quando as linhas que
    nenhum objeto lê são só a estrutura (`{`, `},`, `"logins": [`), o motor não tira dado nenhum delas nem muda o
    contexto. Aqui o motor roda mesmo assim, em JSONs com rótulos de verdade nas chaves que abrem listas e objetos."""
    from hypothesis import assume

    from perito.extratores.base import _registros_lidos
    from perito.extratores.contexto import Contexto
    from perito.extratores.motor.linhas import registros_linhas
    from perito.extratores.registros import json_aos_poucos

    caminho = tmp_path / "resposta.json"
    caminho.write_text(json.dumps(objeto, indent=recuo, ensure_ascii=False), encoding="utf-8")
    documento = ler_documento(caminho, caminho.name, "txt")
    consumidos = {id(t) for lido in _registros_lidos(documento) for t in lido.trechos()}
    assume(documento.registros and json_aos_poucos.so_estrutura(documento, consumidos))
    ctx = Contexto(documento)
    antes = ctx.estado()
    for prosa in (False, True):
        assert [r for r in registros_linhas(documento, ctx, prosa, consumidos) if r.itens] == []
    assert ctx.estado() == antes
