"""Regras reescritas para escalar (Issue 15) contra a forma simples de antes, em lotes pequenos montados à mão.

Cada teste monta um caso aleatório (semente fixa) com as situações que a regra distingue e compara as conclusões
da regra com as de uma implementação de referência direta (agrupar tudo, varrer tudo).
"""

from __future__ import annotations

import itertools
import random

from perito.principal import convergencia_ip, convergencia_nome, identificacao_titular, padrao_temporal
from perito.principal.indice import Indice
from perito.principal.parametros import Parametros
from tests.fabrica_lotes import Fabrica

NUMEROS = [f"+55119876543{n:02d}" for n in range(12)]
NOMES = ["Ricardo Pereira Santos", "Ana Souza Lima", "Joao Carlos Mendes"]


def _escrito(numero: str, aleatorio: random.Random) -> str:
    """O número atual, ou a forma antiga de 8 dígitos (nono dígito acrescentado) de vez em quando."""
    if aleatorio.random() < 0.2:
        return f"(11) {numero[5:9]}-{numero[9:]}"
    return numero


def _caso_de_telefones(semente: int) -> Fabrica:
    aleatorio = random.Random(semente)
    fab = Fabrica()
    operadora = fab.documento("operadora.csv", "operadora")
    dict_pix = fab.dict_pix()
    provedor = fab.documento("meta.txt", "provedor")
    relato = fab.relato()
    for linha in range(2, 60):
        numero = aleatorio.choice(NUMEROS)
        sorteio = aleatorio.random()
        if sorteio < 0.25:
            operadora.telefone(_escrito(numero, aleatorio), linha)
            if aleatorio.random() < 0.8:  # cadastro às vezes sem titular na linha
                operadora.nome(aleatorio.choice(NOMES), linha, papel="titular")
        elif sorteio < 0.4:
            dict_pix.chave_pix(numero, linha, tipo="telefone", titular=aleatorio.choice(NOMES))
        elif sorteio < 0.7:
            provedor.telefone(_escrito(numero, aleatorio), linha)
        else:
            relato.telefone(_escrito(numero, aleatorio), linha)
    return fab


def _titular_referencia(indice: Indice) -> list[dict]:
    """identificacao_titular como era: agrupa todos os números e procura os cadastros dentro de cada grupo."""
    usos = indice.agrupar(indice.do_campo("telefone", "chave_pix"), identificacao_titular._chave)
    cadastros: dict[tuple[str, str], list] = {}
    for numero, grupo in usos.items():
        for cadastro in grupo:
            if cadastro.familia not in identificacao_titular.FAMILIAS_CADASTRAIS:
                continue
            titular = next(iter(indice.no_registro(cadastro, "nome_titular")), None)
            if titular is not None:
                cadastros.setdefault((numero, titular.meta["nome_normalizado"]), []).append((cadastro, titular))
    conclusoes = []
    for (numero, nome), pares in sorted(cadastros.items()):
        outras = [o for o in usos[numero] if o.familia not in identificacao_titular.FAMILIAS_CADASTRAIS]
        exatos = [(c, t) for c, t in pares if not identificacao_titular.antigo(c)]
        exatas = [o for o in outras if not identificacao_titular.antigo(o)]
        if exatos and exatas:
            conclusoes.append(identificacao_titular._conclusao(indice, numero, nome, exatos, exatas))
        antigas = [o for o in outras if identificacao_titular.antigo(o) or not exatos]
        if antigas:
            conclusoes.append(identificacao_titular._conclusao(indice, numero, nome, pares, antigas, pelo_antigo=True))
    return conclusoes


def test_identificacao_titular_igual_a_agrupar_todos_os_numeros() -> None:
    total = 0
    for semente in range(8):
        lotes = _caso_de_telefones(semente).lotes()
        obtidas = identificacao_titular.concluir(Indice(lotes), Parametros())
        assert obtidas == _titular_referencia(Indice(lotes)), semente
        total += len(obtidas)
    assert total > 20  # os casos têm conclusões de verdade, pelo número exato e pelo antigo


IPS = ["187.34.56.78", "187.34.56.79", "200.10.20.30", "10.0.0.5", "2804:14c:65a1:4000::1"]


def _caso_de_ips(semente: int) -> Fabrica:
    aleatorio = random.Random(semente)
    fab = Fabrica()
    provedor = fab.documento("provedor.txt", "provedor")
    extrato = fab.documento("extrato.txt", "banco")
    outro = fab.documento("outro_provedor.txt", "provedor")
    for linha in range(2, 80):
        ip = aleatorio.choice(IPS)
        hora = f"{aleatorio.randrange(10, 14):02d}:{aleatorio.randrange(60):02d}:00"
        porta = aleatorio.choice(["51234", "40000", None])
        documento = aleatorio.choice([provedor, provedor, extrato, outro])
        transacao = documento is extrato and aleatorio.random() < 0.7
        fuso = aleatorio.choice(["UTC", "BRT", None])
        documento.ip(ip, linha, data="15/03/2025", hora=hora, fuso=fuso, porta=porta, transacao=transacao)
    return fab


def _padrao_referencia(indice: Indice, parametros: Parametros) -> list[str]:
    """Os IPs com padrão: a primeira transação do banco pelo IP tem evento do provedor na janela anterior."""
    ips = [o for o in indice.todas if o.dado["tipo_dado"] == "ip" and o.meta.get("roteavel") and o.instante]
    achados = []
    for ip, grupo in indice.agrupar(ips, lambda o: o.meta.get("ip_canonico")).items():
        transacoes = [o for o in grupo if o.campo == "ip_transacao" and o.familia == "banco"]
        if transacoes and any(
            transacoes[0].instante - parametros.janela_padrao_temporal <= o.instante <= transacoes[0].instante
            for o in grupo if o.familia == "provedor"
        ):
            achados.append(ip)
    return achados


def test_padrao_temporal_so_agrupa_os_ips_de_transacao_sem_perder_nenhum() -> None:
    parametros = Parametros()
    total = 0
    for semente in range(8):
        indice = Indice(_caso_de_ips(semente).lotes())
        obtidas = padrao_temporal.concluir(indice, parametros)
        assert [c["chave_ordenacao"] for c in obtidas] == _padrao_referencia(indice, parametros), semente
        total += len(obtidas)
    assert total > 8


def test_ordem_do_par_de_ips_igual_a_graduar_o_par() -> None:
    """O melhor par de convergencia_ip é escolhido pela ordem sem o texto: a mesma de graduar(a, b).ordem() em todo
    par de um caso com IPv4 com e sem porta, IPv6, sem fuso, hora repetida do fim do horário de verão e famílias
    iguais e diferentes."""
    aleatorio = random.Random(3)
    fab = Fabrica()
    documentos = [fab.documento("provedor_a.txt", "provedor"), fab.documento("provedor_b.txt", "provedor"),
                  fab.documento("extrato.txt", "banco"), fab.documento("operadora.txt", "operadora")]
    for linha in range(2, 70):
        ip = aleatorio.choice(["187.34.56.78", "2804:14c:65a1:4000::1"])
        data, hora, fuso = aleatorio.choice([("17/02/2018", f"23:{aleatorio.randrange(25, 40)}:00", "horário de Brasília"),
                                             ("17/02/2018", f"22:{aleatorio.randrange(20, 60)}:00", "BRT"),
                                             ("17/02/2018", "23:30:00", None)])
        aleatorio.choice(documentos).ip(ip, linha, data=data, hora=hora, fuso=fuso,
                                        porta=aleatorio.choice(["51234", "40000", None]))
    ips = Indice(fab.lotes()).do_tipo("ip")
    janela = Parametros().janela
    graus = set()
    for a, b in itertools.permutations(ips, 2):
        par = convergencia_ip.graduar(a, b, janela)
        assert convergencia_ip.ordem_do_par(a, b, janela) == par.ordem(), (a, b)
        graus.add((par.grau, par.fontes_independentes))
    assert len(graus) == 5  # os três graus com famílias diferentes; fraco e moderado com a mesma (forte nunca)


def test_ordem_do_local_igual_a_tirar_o_que_nao_e_digito() -> None:
    """O atalho de "linha N" dá o mesmo número que tirar tudo o que não é dígito do local."""
    import re

    from perito.principal.ocorrencias import Ocorrencia

    locais = ["linha 12", "linha 0012", "linha ", "linha", "linha 1a", "linha 1-2", "linha ١٢", "linha ²",
              "célula B12", "linha 7, col 3", "registro 40", "Linha 5", "linhas 3-4", ""]
    for local in locais:
        dado = {"dado": "x", "campo": "telefone", "arquivo_fonte": "a.txt", "linha_ou_celula": local, "metadados": {}}
        numero = re.sub(r"\D+", "", local)
        assert Ocorrencia("", dado, "extrator_generico_01").ordem == ("a.txt", "", 0, int(numero) if numero else 0, "x")


def _cpf_valido(base: str) -> str:
    digitos = [int(d) for d in base]
    for tamanho in (9, 10):
        soma = sum(d * (tamanho + 1 - i) for i, d in enumerate(digitos[:tamanho]))
        digitos.append(0 if soma % 11 < 2 else 11 - soma % 11)
    return "".join(map(str, digitos))


def test_homonimos_e_cpf_citado_iguais_a_filtrar_o_grupo_por_cpf() -> None:
    """convergencia_nome separa os homônimos numa passada só e cita o primeiro CPF (na ordem do nome) de cada
    grupo: o mesmo que filtrar o grupo inteiro por CPF e procurar o CPF em cada membro."""
    cpfs_validos = [_cpf_valido(base) for base in ("123456789", "987654321", "111444777", "529982247")]
    total = fortes = separados = 0
    for semente in range(10):
        aleatorio = random.Random(semente)
        fab = Fabrica()
        documentos = [fab.documento(f"{familia}_{n}.txt", familia) for familia in ("provedor", "banco", "operadora")
                      for n in range(2)]
        for linha in range(2, 60):
            cpf = aleatorio.choice([*cpfs_validos[: aleatorio.randrange(1, 5)], None])
            if cpf and aleatorio.random() < 0.5:
                cpf = f"{cpf[:3]}.{cpf[3:6]}.{cpf[6:9]}-{cpf[9:]}"  # o mesmo CPF escrito de outra forma
            aleatorio.choice(documentos).nome(aleatorio.choice(NOMES[:2]), linha, cpf=cpf)
        indice = Indice(fab.lotes())
        esperado = []
        for nome, grupo in indice.agrupar(indice.do_campo("nome_titular"), lambda o: o.meta["nome_normalizado"]).items():
            if len({o.arquivo for o in grupo}) < 2:
                continue
            cpfs = {id(o): convergencia_nome._cpf(indice, o) for o in grupo}
            distintos = sorted({c.meta["digitos"] for c in cpfs.values() if c is not None})
            subgrupos = [[o for o in grupo if cpfs[id(o)] is not None and cpfs[id(o)].meta["digitos"] == d]
                         for d in distintos] if len(distintos) > 1 else [grupo]
            for sub in subgrupos:
                if len({o.familia for o in sub}) < 2:
                    continue
                com_cpf = {o.familia for o in sub if cpfs[id(o)] is not None}
                citado = next(c for c in cpfs.values() if c is not None and any(cpfs[id(o)] is c for o in sub)).literal \
                    if len(com_cpf) >= 2 else None
                primeiro = cpfs[id(sub[0])]
                esperado.append((f"{nome}|{primeiro.meta['digitos'] if primeiro else ''}", citado))
        conclusoes = convergencia_nome.concluir(indice, Parametros())
        separados += sum("homônimos ficaram separados" in c["afirmacao"] for c in conclusoes)
        obtido = [(c["chave_ordenacao"], c["afirmacao"].split("o mesmo CPF ")[1].split(" acompanha")[0]
                   if c["grau_confianca"] == "forte" else None) for c in conclusoes]
        assert obtido == esperado, semente
        total += len(obtido)
        fortes += sum(citado is not None for _, citado in obtido)
    assert total > 20 and fortes > 10 and separados > 5


def test_agrupar_entre_arquivos_igual_a_agrupar_e_descartar_os_de_um_arquivo_so() -> None:
    """As convergências só olham chaves escritas em dois arquivos ou mais; a passada que as separa antes de montar os
    grupos dá os mesmos grupos, na mesma ordem, que montar todos e descartar os de um arquivo só (inclusive a chave
    repetida em muitas linhas de um arquivo só, e a ocorrência sem chave)."""
    for semente in range(5):
        aleatorio = random.Random(semente)
        fab = Fabrica()
        documentos = [fab.documento(f"arquivo_{n}.txt", familia)
                      for n, familia in enumerate(("provedor", "provedor", "operadora", "banco"))]
        for linha in range(2, 200):
            documento = aleatorio.choice(documentos)
            if aleatorio.random() < 0.1:
                documento.nome("Fulano", linha, papel="titular")  # sem IMEI: a chave é None
            else:
                documento.imei(f"35067213987{aleatorio.randint(0, 40):03d}0"[:14], linha)
        indice = Indice(fab.lotes())
        ocorrencias = indice.do_campo("imei") + indice.do_campo("nome_titular")

        def chave(o):
            return o.meta.get("imei_corpo")

        esperado = {k: g for k, g in indice.agrupar(ocorrencias, chave).items() if len({o.arquivo for o in g}) >= 2}
        obtido = indice.agrupar_entre_arquivos(ocorrencias, chave)
        assert list(obtido) == list(esperado)
        assert all([o.seq for o in obtido[k]] == [o.seq for o in esperado[k]] for k in esperado)
        assert len(esperado) < len(indice.agrupar(ocorrencias, chave))  # houve chave de um arquivo só a descartar
