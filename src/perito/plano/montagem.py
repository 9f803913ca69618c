"""O plano de diligências do caso (`plano_diligencias.json`): passos datados, hipóteses de autoria e o painel.

Só dos contratos: as conclusões validadas, os lotes e a data da análise. Nada aqui relê documento: os locais
citados são os dos dados dos lotes, os mesmos que os ofícios citam depois de relidos pelo validador.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from perito import registro
from perito.plano import hipoteses as mod_hipoteses
from perito.plano import painel, passos, prazos
from perito.principal import lacunas as mod_lacunas
from perito.principal.lacunas import Lacuna
from perito.saida import vinculos

NOME = "plano_diligencias.json"


def rede_padrao(ip: str) -> Any:
    """A base de IP embarcada (ou a atualizada pelo analista)."""
    from perito.inteligencia_ip import consultar  # só quando há IP a consultar: a base carrega na primeira consulta

    return consultar(ip)


#: os tipos de nó do modelo que dão o dado de cada tipo de lacuna (a chave Pix de tipo telefone é o próprio número,
#: entidade telefone; o IMEI é o aparelho)
_TIPOS_DE_NO = {mod_lacunas.IP: ("ip",), mod_lacunas.PIX: ("chave_pix", "telefone"), mod_lacunas.CONTA: ("conta",),
                mod_lacunas.IMEI: ("aparelho",)}


def conclusoes_da_lacuna(modelo: vinculos.Modelo, lacuna: Lacuna) -> list[int]:
    """As conclusões cujos nós (só referências validadas) são o dado da lacuna."""
    return sorted(_conclusoes_por_dado(modelo).get((lacuna.tipo, lacuna.chave.lower()), ()))


def _conclusoes_por_dado(modelo: vinculos.Modelo) -> dict[tuple[str, str], set[int]]:
    """(tipo de lacuna, chave do nó como a lacuna a escreve, em minúsculas) → conclusões, montado uma vez por modelo:
    antes, cada lacuna varria todos os nós (800 lacunas × 10 mil nós, segundos num caso com 950 conclusões)."""
    guardado = modelo.memoria.get("conclusoes_por_dado")
    if guardado is not None and guardado[0] == len(modelo.entidades):
        return guardado[1]
    indice: dict[tuple[str, str], set[int]] = {}
    for no in modelo.entidades.values():
        bruta = no.id.split(":", 1)[1]
        for tipo, tipos_no in _TIPOS_DE_NO.items():
            if no.tipo not in tipos_no:
                continue
            chave = bruta
            if tipo == mod_lacunas.CONTA:
                partes = chave.split("|")
                chave = f"{partes[-2].lstrip('0')}|{partes[-1].lstrip('0')}" if len(partes) >= 2 else chave
            elif tipo == mod_lacunas.IMEI:
                chave = chave[:14]
            indice.setdefault((tipo, chave.lower()), set()).update(no.conclusoes)
    modelo.memoria["conclusoes_por_dado"] = (len(modelo.entidades), indice)
    return indice


def lacunas_do_caso(modelo: vinculos.Modelo, lotes: list[dict[str, Any]]) -> list[Lacuna]:
    """As lacunas que viram pedido: um IP sem assinante só quando está numa conclusão (num log de 200 mil acessos,
    pedir o assinante de cada IP solto seria um ofício por linha, não um pedido que a prova justifica).

    Guardadas no modelo com os lotes de que vieram: o plano e os ofícios da mesma análise as pedem (uma varredura
    dos lotes a menos, segundos num caso grande); outros lotes, outra conta."""
    guardadas = modelo.memoria.get("lacunas")
    if guardadas is not None and guardadas[0] is lotes:
        return list(guardadas[1])
    em_conclusoes = {no.id.split(":", 1)[1].lower() for no in modelo.entidades.values() if no.tipo == "ip" and no.conclusoes}
    achadas = [lacuna for lacuna in mod_lacunas.encontrar(lotes, em_conclusoes)
               if lacuna.tipo != mod_lacunas.IP or conclusoes_da_lacuna(modelo, lacuna)]
    modelo.memoria["lacunas"] = (lotes, achadas)
    return list(achadas)


def _dados_citados(conclusoes: list[dict[str, Any]], lotes: list[dict[str, Any]]) -> dict[int, list[dict[str, Any]]]:
    """Conclusão → os dados dos lotes nos locais que ela cita cujo valor está no texto citado."""
    locais = {(r["arquivo"], r.get("pagina"), r["linha_ou_celula"], r.get("aba_planilha"))
              for c in conclusoes for r in c["referencias"]}
    indice = vinculos.indice_dos_lotes(lotes, locais)
    por_conclusao: dict[int, list[dict[str, Any]]] = {}
    for c in conclusoes:
        vistos: set[int] = set()
        dados = por_conclusao.setdefault(c["id"], [])
        for r in c["referencias"]:
            for dado in indice.get((r["arquivo"], r.get("pagina"), r["linha_ou_celula"], r.get("aba_planilha")), []):
                if id(dado) not in vistos and vinculos.citado(dado, r["dado_citado"]):
                    vistos.add(id(dado))
                    dados.append(dado)
    return por_conclusao


def _local_do_dado(dado: dict[str, Any]) -> tuple[Any, ...]:
    return dado.get("arquivo_fonte"), dado.get("pagina"), dado.get("linha_ou_celula"), dado.get("dado")


def _quem_cita(conclusoes: list[dict[str, Any]],
               citados: dict[int, list[dict[str, Any]]]) -> dict[tuple[Any, ...], list[tuple[dict[str, Any], int]]]:
    """Local e valor de cada dado citado → (dado, conclusão): as conclusões de um dado de lacuna saem pela igualdade
    só com os dados do mesmo local (antes, cada lacuna comparava com todos os dados de todas as conclusões)."""
    indice: dict[tuple[Any, ...], list[tuple[dict[str, Any], int]]] = {}
    for c in conclusoes:
        for dado in citados.get(c["id"], []):
            indice.setdefault(_local_do_dado(dado), []).append((dado, c["id"]))
    return indice


def _conclusoes_dos_dados(quem_cita: dict[tuple[Any, ...], list[tuple[dict[str, Any], int]]],
                          dados: list[dict[str, Any]]) -> list[int]:
    """As conclusões que citam um dado igual a um destes (`_quem_cita`)."""
    return sorted({cid for d in dados for outro, cid in quem_cita.get(_local_do_dado(d), ()) if outro == d})


def _lacunas_de_porta(conclusoes: list[dict[str, Any]], citados: dict[int, list[dict[str, Any]]]) -> list[Lacuna]:
    """IPv4 público sem porta lógica, com instante, citado numa conclusão de IP fora de resposta de operadora."""
    achadas: dict[str, Lacuna] = {}
    for c in conclusoes:
        if mod_hipoteses.TEMAS.get(c["tipo"]) != "ip" or _veredicto(c) == "CONTRADITO":
            continue
        for dado in citados.get(c["id"], []):
            meta = dado.get("metadados") or {}
            if (dado["campo"] not in mod_lacunas.CAMPOS_IP or meta.get("versao_ip") != 4 or meta.get("roteavel") is not True
                    or meta.get("porta") or mod_lacunas.familia(dado) == "operadora"
                    or mod_lacunas.instante_utc(dado) is None):
                continue
            ip = str(meta.get("ip_canonico") or dado["dado"])
            lacuna = achadas.setdefault(ip, Lacuna(passos.PORTA, ip))
            if dado not in lacuna.dados:
                lacuna.dados.append(dado)
                if meta.get("emissor_fonte") and "emissor" not in lacuna.atributos:
                    lacuna.atributos["emissor"] = str(meta["emissor_fonte"])
    return [achadas[ip] for ip in sorted(achadas)]


def _datas_dos_registros(lacunas: list[Lacuna], lotes: list[dict[str, Any]]) -> passos.DataDe:
    """A data de um dado da lacuna pela dele ou pela mais antiga do seu registro (a conta citada numa linha de
    extrato datada pela coluna Data; o IMEI numa linha de bilhetagem)."""
    registros = {_registro(d) for lacuna in lacunas if lacuna.tipo in (mod_lacunas.CONTA, mod_lacunas.IMEI)
                 for d in lacuna.dados}
    arquivos = {r[0] for r in registros}
    datas: dict[tuple[str, str], dt.date] = {}
    for lote in lotes:
        for dado in lote.get("dados_extraidos", []):
            if dado["arquivo_fonte"] in arquivos and (r := _registro(dado)) in registros:
                if (data := passos.data_do_registro(dado)) is not None and (r not in datas or data < datas[r]):
                    datas[r] = data

    def data_de(dado: dict[str, Any]) -> dt.date | None:
        return passos.data_do_registro(dado) or datas.get(_registro(dado))

    return data_de


def _registro(dado: dict[str, Any]) -> tuple[str, str]:
    meta = dado.get("metadados") or {}
    return dado["arquivo_fonte"], str(meta.get("registro") or dado["linha_ou_celula"])


def _veredicto(conclusao: dict[str, Any]) -> str:
    return str((conclusao.get("validacao") or {}).get("veredicto_geral") or "")


def _pix_da_materialidade(conclusao: dict[str, Any], dados: list[dict[str, Any]]) -> dict[str, Any] | None:
    """A transação mais antiga citada pela materialidade, quando o caso diz que foi Pix (a palavra na linha citada ou
    uma chave Pix entre os dados citados)."""
    pix = any(d["campo"] == "chave_pix" or str((d.get("metadados") or {}).get("meio") or "").casefold() == "pix"
              or "pix" in str(d.get("texto_original", "")).casefold() for d in dados)
    transacoes = [d for d in dados if d["campo"] == "valor_transacao" and passos.data_do_registro(d)]
    if not pix or not transacoes:
        return None
    return min(transacoes, key=lambda d: (passos.data_do_registro(d), d["arquivo_fonte"], d["linha_ou_celula"]))


def montar(conclusoes: list[dict[str, Any]], lotes: list[dict[str, Any]], data_analise: str, caso_id: str,
           rede: passos.Rede | None = None, modelo: vinculos.Modelo | None = None) -> dict[str, Any]:
    rede = rede or rede_padrao
    analise = dt.date.fromisoformat(data_analise)
    modelo = modelo or vinculos.montar(conclusoes, lotes, {"decisoes": []})
    citados = _dados_citados(conclusoes, lotes)
    achadas = lacunas_do_caso(modelo, lotes)
    data_de = _datas_dos_registros(achadas, lotes)
    lista: list[dict[str, Any]] = [
        passos.passo_da_lacuna(lacuna, analise, rede, conclusoes_da_lacuna(modelo, lacuna), data_de) for lacuna in achadas]
    quem_cita = _quem_cita(conclusoes, citados)
    for lacuna in _lacunas_de_porta(conclusoes, citados):
        lista.append(passos.passo_da_porta(lacuna, analise, rede, _conclusoes_dos_dados(quem_cita, lacuna.dados)))
    for c in conclusoes:
        if c["tipo"] == "materialidade" and _veredicto(c) != "CONTRADITO":
            if (transacao := _pix_da_materialidade(c, citados.get(c["id"], []))) is not None:
                if (med := passos.passo_do_med(transacao, analise, c)) is not None:
                    lista.append(med)
    ordenados = [{**p, "urgencia_rotulo": prazos.ROTULOS_URGENCIA[p["urgencia"]]} for p in passos.ordenar(lista)]
    fatos = mod_hipoteses.fatos_dos_lotes(lotes)
    com_imei = any(c["tipo"] == "convergencia_imei" and _veredicto(c) != "CONTRADITO" for c in conclusoes)
    por_conclusao = {}
    for c in conclusoes:
        if _veredicto(c) == "CONTRADITO":
            continue
        if lista_h := mod_hipoteses.hipoteses(c, citados.get(c["id"], []), fatos, rede, com_imei):
            por_conclusao[c["id"]] = lista_h
    # o tipo pelo id num dicionário: procurar a conclusão na lista a cada hipótese crescia com o quadrado (25 mil
    # conclusões: segundos só aqui)
    tipo_de = {c["id"]: c["tipo"] for c in conclusoes}
    hipoteses = [{"conclusao_id": cid, "tipo": tipo_de[cid], "hipoteses": h} for cid, h in sorted(por_conclusao.items())]
    redes = _redes(modelo, ordenados, rede)
    return {
        "caso_id": caso_id,
        "data_analise": data_analise,
        "criterios": prazos.criterios(),
        "painel": painel.montar(conclusoes, por_conclusao, ordenados),
        "passos": ordenados,
        "hipoteses": hipoteses,
        "redes": redes,
        "base_ip": _base_ip() if redes else None,
    }


def montar_ou_falha(conclusoes: list[dict[str, Any]], lotes: list[dict[str, Any]], data_analise: str,
                    caso_id: str, modelo: vinculos.Modelo | None = None) -> dict[str, Any]:
    """`montar`, mas um defeito no plano não derruba as conclusões já validadas: o plano sai vazio com o motivo (dito no
    terminal, no log e no próprio plano_diligencias.json)."""
    try:
        return montar(conclusoes, lotes, data_analise, caso_id, modelo=modelo)
    except Exception as erro:  # noqa: BLE001 — o plano é conselho; as conclusões e a validação são o resultado
        registro.LOGGER.exception("defeito interno ao montar o plano de diligências")
        return {"caso_id": caso_id, "data_analise": data_analise, "falha": f"{type(erro).__name__}: {erro}",
                "criterios": {}, "painel": [], "passos": [], "hipoteses": [], "redes": [], "base_ip": None}


def _redes(modelo: vinculos.Modelo, passos_: list[dict[str, Any]], rede: passos.Rede) -> list[dict[str, Any]]:
    """Cada IP público das conclusões (referências validadas) e dos passos: AS, organização, classes e a data da base."""
    ips = {no.id.split(":", 1)[1] for no in modelo.entidades.values() if no.tipo == "ip" and no.conclusoes}
    ips |= {p["chave"] for p in passos_ if p["tipo"] in (passos.PORTA, mod_lacunas.IP)}
    linhas = []
    for ip in sorted(ips):
        if (info := rede(ip)) is None:
            continue
        conclusoes = modelo.conclusoes_da_entidade("ip", ip)
        linhas.append({"ip": info.ip, "asn": info.asn, "organizacao": info.organizacao, "classes": list(info.classes),
                       "data_base": info.data_base, "descricao": info.descricao(), "conclusoes": list(conclusoes)})
    return linhas


def _base_ip() -> dict[str, Any]:
    """A base de IP consultada (data, fonte, licença, SHA-256; sem o caminho, que é desta máquina)."""
    from perito.inteligencia_ip import base_em_uso

    return {k: v for k, v in base_em_uso().items() if k != "caminho"}
