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


def _conclusoes_da_lacuna_antiga(modelo, lacuna):
    """A regra como era (o oráculo): cada lacuna varria todos os nós do modelo."""
    from perito.principal import lacunas as mod_lacunas

    tipos_no = {mod_lacunas.IP: ("ip",), mod_lacunas.PIX: ("chave_pix", "telefone"), mod_lacunas.CONTA: ("conta",),
                mod_lacunas.IMEI: ("aparelho",)}[lacuna.tipo]
    ids = set()
    for no in modelo.entidades.values():
        chave = no.id.split(":", 1)[1]
        if no.tipo not in tipos_no:
            continue
        if lacuna.tipo == mod_lacunas.CONTA:
            partes = chave.split("|")
            chave = f"{partes[-2].lstrip('0')}|{partes[-1].lstrip('0')}" if len(partes) >= 2 else chave
        elif lacuna.tipo == mod_lacunas.IMEI:
            chave = chave[:14]
        if chave.lower() == lacuna.chave.lower():
            ids.update(no.conclusoes)
    return sorted(ids)


def test_conclusoes_de_cada_lacuna_pelo_indice_iguais_as_da_varredura(analise_demo):
    from perito.principal import lacunas as mod_lacunas

    resultado, _ = analise_demo
    modelo = vinculos.montar(resultado.finais["conclusoes"], resultado.lotes, {"decisoes": []})
    achadas = mod_lacunas.encontrar(resultado.lotes, set())
    assert achadas
    # lacunas de todo tipo com as chaves dos nós do modelo (como a lacuna as escreve), em outra caixa, e uma que
    # nenhum nó tem
    sinteticas = [mod_lacunas.Lacuna(mod_lacunas.IP, "203.0.113.77")]
    for no in modelo.entidades.values():
        chave = no.id.split(":", 1)[1]
        for tipo in (mod_lacunas.IP, mod_lacunas.PIX, mod_lacunas.CONTA, mod_lacunas.IMEI):
            sinteticas += [mod_lacunas.Lacuna(tipo, chave), mod_lacunas.Lacuna(tipo, chave.upper()),
                           mod_lacunas.Lacuna(tipo, chave[:14])]
            partes = chave.split("|")
            if len(partes) >= 2:
                sinteticas.append(mod_lacunas.Lacuna(tipo, f"{partes[-2].lstrip('0')}|{partes[-1].lstrip('0')}"))
    tipos_de_no = {no.tipo for no in modelo.entidades.values()}
    assert {"ip", "telefone", "conta", "aparelho"} <= tipos_de_no  # o exemplo tem nós de cada tipo que uma lacuna pede
    com_conclusao = 0
    for lacuna in [*achadas, *sinteticas]:
        esperado = _conclusoes_da_lacuna_antiga(modelo, lacuna)
        assert montagem.conclusoes_da_lacuna(modelo, lacuna) == esperado
        com_conclusao += bool(esperado)
    assert com_conclusao > 10


def test_conclusoes_de_cada_lacuna_de_porta_pela_igualdade_dos_dados_como_antes():
    """As conclusões de uma lacuna de porta: as que citam um dado igual a um dos dela (igualdade de dicionário, não
    identidade: o mesmo acesso lido duas vezes é o mesmo dado)."""
    def acesso(linha, ip="200.1.1.1", **extra):
        return {"dado": ip, "campo": "ip_acesso", "arquivo_fonte": "log.csv", "pagina": None,
                "linha_ou_celula": f"linha {linha}", "metadados": {"ip_canonico": ip, **extra}}

    um, igual_ao_um, outro = acesso(2), acesso(2), acesso(3)
    diferente_no_meta = acesso(2, porta="443")
    conclusoes = [{"id": 1}, {"id": 2}, {"id": 3}, {"id": 4}]
    citados = {1: [um], 2: [igual_ao_um], 3: [outro], 4: [diferente_no_meta]}
    quem_cita = montagem._quem_cita(conclusoes, citados)
    for dados_da_lacuna in ([um], [outro], [um, outro], [diferente_no_meta], [acesso(9)]):
        antigo = sorted({c["id"] for c in conclusoes for d in citados.get(c["id"], []) if d in dados_da_lacuna})
        assert montagem._conclusoes_dos_dados(quem_cita, dados_da_lacuna) == antigo
    assert montagem._conclusoes_dos_dados(quem_cita, [um]) == [1, 2]


def test_documentos_relidos_saem_da_memoria_antes_do_docx_e_os_relatorios_sao_os_mesmos(analise_demo, tmp_path):
    """Os relatórios soltam os documentos relidos depois dos ofícios (o .docx de um caso com centenas de conclusões é
    o pico de memória); os contextos, os recortes e os ofícios já estão prontos e saem iguais."""
    import functools
    import shutil

    from perito.validador import trechos
    from perito.validador.fonte import FonteIndependente
    from tests.conftest import CASO_DEMO

    resultado, _ = analise_demo
    pasta = tmp_path / "saida"
    shutil.copytree(resultado.saida, pasta)
    (pasta / revisao.NOME_CONTEXTOS).unlink()  # sem os contextos guardados: tudo é relido, como na análise

    def conteudos(soltar: bool):
        fonte = FonteIndependente(CASO_DEMO)
        chamadas = []

        def soltar_releitura():
            chamadas.append(len(fonte.documentos()))
            fonte.soltar()

        saida = relatorios._conteudos(pasta, CASO_DEMO, None, lotes=resultado.lotes,
                                      reler=functools.partial(trechos.reler, fonte=fonte),
                                      soltar_releitura=soltar_releitura if soltar else None)
        return saida, chamadas, fonte

    (com, _, binarios_com), chamadas, fonte = conteudos(True)
    (sem, _, binarios_sem), _, _ = conteudos(False)
    assert chamadas and chamadas[0] > 0  # havia documentos relidos quando foram soltos
    assert fonte.documentos() == []
    assert com == sem and any(nome.startswith("oficios/") for nome in com)
    assert binarios_com.keys() == binarios_sem.keys()
    # solto, um documento pedido de novo é relido e conferido
    relido = fonte.abrir("auto_apreensao.txt")
    assert relido.documento is not None and relido.documento.trechos and fonte.documentos() == [relido.documento]
