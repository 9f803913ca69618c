"""Revisão humana das referências que a máquina não deu como VERIFICADO (`revisao.json`).

Cada decisão (confirmado, rejeitado, pendente) tem motivo obrigatório, quem decidiu
e quando, e o SHA-256 do arquivo citado: ela só vale para aqueles bytes. O veredicto
da máquina nunca é alterado; os dois ficam lado a lado. Cada decisão é também uma
entrada da trilha de auditoria, e o manifesto é regravado no fim (a trilha continua
terminando no registro do manifesto).

Uma nova análise (ou `perito validar`) na mesma pasta reconcilia as decisões: a que
aponta para a mesma referência e os mesmos bytes segue vigente; a do arquivo que
mudou fica `documento_alterado`; a da referência que sumiu, `referencia_ausente`.

Situação exibida (`situacao_exibida`): o que um leitor vê de uma conclusão segue as
decisões vigentes, com o veredicto da máquina ao lado. Cada referência vale como a
pessoa decidiu (confirmado conta como VERIFICADO, rejeitado como CONTRADITO); sem
decisão vigente, ou com `pendente`, vale o status da máquina. Sobre esses status, a
mesma regra do validador (seção 4):
- toda referência VERIFICADO ou confirmada → VERIFICADO, "(confirmado na revisão)"
  quando alguma foi confirmada por uma pessoa: a conclusão é um achado;
- alguma referência rejeitada por uma pessoa (ou contradita pela máquina e não
  confirmada) → CONTRADITO, "(rejeitado na revisão)" quando foi uma pessoa: sai das
  pendências, fica com as descartadas;
- senão → AMBIGUO: segue nas pendências.
Uma decisão `documento_alterado` ou `referencia_ausente` não conta (valia para outros bytes).
"""

from __future__ import annotations

import datetime as dt
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from perito.contratos.contexto import Contexto
from perito.contratos.veredicto import veredicto_geral
from perito.saida.auditoria import NOME_REVISAO, Registro, Trilha, hash_decisao, sha256_texto
from perito.saida.escrita import escrever_texto, texto_json
from perito.saida.nomes import plural

NOME = NOME_REVISAO
DECISOES = ("confirmado", "rejeitado", "pendente")
#: situação de uma decisão depois de uma nova execução
VIGENTE, ALTERADO, AUSENTE = "vigente", "documento_alterado", "referencia_ausente"
#: o que revisar e relatorio leem da pasta: tem de ser o que a trilha registrou
LIDOS = ("manifesto.json", "conclusoes.json", "conclusoes_contraditas.json", "validacao.json")
CAMPOS_REFERENCIA = ("arquivo", "pagina", "linha_ou_celula", "aba_planilha", "dado_citado")
#: o texto em volta de cada linha citada, relido pelo validador quando os relatórios foram gravados
NOME_CONTEXTOS = "contextos.json"


class RevisaoInvalida(Exception):
    """Pasta ou decisão que não pode ser registrada; a mensagem é para o usuário (pt-BR)."""


@dataclass
class Item:
    """Uma referência de uma conclusão, com o detalhe da validação dela."""

    conclusao: dict[str, Any]
    indice: int  # 1, 2, ... na lista de referências da conclusão
    referencia: dict[str, Any]
    detalhe: dict[str, Any]

    @property
    def conclusao_id(self) -> int:
        return int(self.conclusao["id"])

    @property
    def rotulo(self) -> str:
        return f"{self.conclusao_id}.{self.indice}"

    @property
    def status(self) -> str:
        return str(self.detalhe.get("status", "AMBIGUO"))


def identidade(conclusao: dict[str, Any], referencia: dict[str, Any]) -> dict[str, Any]:
    """O que identifica a referência entre execuções (o id da conclusão pode mudar; a afirmação e o local, não)."""
    return {"tipo": conclusao["tipo"], "afirmacao": conclusao["afirmacao"],
            **{c: referencia.get(c) for c in CAMPOS_REFERENCIA}}


def chave(conclusao: dict[str, Any], referencia: dict[str, Any]) -> str:
    """SHA-256 da identidade da referência: a chave de revisao.json e de contextos.json."""
    return sha256_texto(texto_json(identidade(conclusao, referencia)))


def ler_contextos(pasta: Path, parte: str = "contextos") -> dict[str, dict[str, Any]]:
    """chave → entrada guardada em contextos.json: em "contextos", o texto em volta de cada linha citada (linhas,
    células, motivo, SHA-256 do arquivo relido, recorte); em "conferencias", a conferência de cada dado de ofício
    pelo validador. Vazio sem o arquivo ou fora do formato (quem lê relê o documento). Só vale para os mesmos bytes:
    quem usa confere o SHA-256 guardado com o do manifesto e com o do arquivo do caso agora."""
    caminho = pasta / NOME_CONTEXTOS
    try:
        objeto = json.loads(caminho.read_text(encoding="utf-8")) if caminho.is_file() else {}
        return {str(c["chave"]): c for c in objeto.get(parte, []) if c.get("sha256")}
    except (OSError, UnicodeDecodeError, ValueError, TypeError, KeyError, AttributeError):
        return {}


def contexto_guardado(guardado: dict[str, Any]) -> Contexto:
    """O Contexto de uma entrada de contextos.json (quem chama já conferiu o SHA-256)."""
    return Contexto([(linha["local"], linha["texto"], linha["citada"]) for linha in guardado["linhas"]],
                    list(guardado["celulas"]), guardado["motivo"], guardado["sha256"])


def itens(conclusoes: list[dict[str, Any]]) -> list[Item]:
    """Toda referência de todas as conclusões (finais e contraditas), com a validação de cada uma."""
    todos = []
    for conclusao in conclusoes:
        detalhes = (conclusao.get("validacao") or {}).get("detalhes") or [{} for _ in conclusao["referencias"]]
        for indice, (ref, detalhe) in enumerate(zip(conclusao["referencias"], detalhes, strict=True), start=1):
            todos.append(Item(conclusao, indice, ref, detalhe))
    return todos


def a_revisar(conclusoes: list[dict[str, Any]]) -> list[Item]:
    return [i for i in itens(conclusoes) if i.status != "VERIFICADO"]


def chave_linha(referencia: dict[str, Any]) -> tuple[Any, ...]:
    """A linha citada (arquivo, página, linha ou célula, aba): várias conclusões citam a mesma linha."""
    return tuple(referencia.get(c) for c in ("arquivo", "pagina", "linha_ou_celula", "aba_planilha"))


def mesma_linha(item: Item, todos: list[Item]) -> list[Item]:
    """As referências de `todos` que citam a linha de `item` (ele incluído), na ordem de `todos`."""
    linha = chave_linha(item.referencia)
    return [i for i in todos if chave_linha(i.referencia) == linha]


def alvos(pendentes: list[Item], rotulo: str, linha: bool = False) -> list[Item]:
    """As referências a decidir por um rótulo: "3" é a conclusão 3 inteira (toda referência dela a revisar),
    "3.2" é a referência 2 da conclusão 3 e, com `linha`, toda referência a revisar que cita a mesma linha."""
    rotulo = rotulo.strip()
    if "." not in rotulo:
        escolhidos = [i for i in pendentes if str(i.conclusao_id) == rotulo]
    else:
        escolhidos = [i for i in pendentes if i.rotulo == rotulo]
        if escolhidos and linha:
            escolhidos = mesma_linha(escolhidos[0], pendentes)
    if not escolhidos:
        a_decidir = sorted({str(i.conclusao_id) for i in pendentes}, key=int)
        raise RevisaoInvalida(
            f"{'Conclusão' if '.' not in rotulo else 'Referência'} {rotulo} não existe ou saiu VERIFICADO "
            f"(a revisar: {', '.join(i.rotulo for i in pendentes) or 'nenhuma'}; conclusões {', '.join(a_decidir) or '-'})")
    return escolhidos


# --- o que um leitor vê -----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class SituacaoExibida:
    """A situação de uma conclusão depois das decisões vigentes (regra no docstring do módulo)."""

    status: str  # VERIFICADO, AMBIGUO ou CONTRADITO, depois das decisões
    maquina: str  # o veredicto_geral do validador, que nunca muda
    confirmadas: int  # referências confirmadas por uma pessoa (decisão vigente)
    rejeitadas: int  # referências rejeitadas por uma pessoa (decisão vigente)
    pendentes: int  # referências não VERIFICADO sem confirmação nem rejeição vigente (`pendente` incluso)

    @property
    def revisada(self) -> bool:
        return bool(self.confirmadas or self.rejeitadas)

    @property
    def achado(self) -> bool:
        return self.status == "VERIFICADO"

    @property
    def rotulo(self) -> str:
        """"VERIFICADO (confirmado na revisão)", "CONTRADITO (rejeitado na revisão)" ou só o status."""
        if self.status == "VERIFICADO" and self.confirmadas:
            return "VERIFICADO (confirmado na revisão)"
        if self.status == "CONTRADITO" and self.rejeitadas:
            return "CONTRADITO (rejeitado na revisão)"
        return self.status

    @property
    def resumo(self) -> str:
        """"2 confirmadas, 1 pendente" (só o que não é zero; vazio sem revisão nem pendência)."""
        partes = [(self.confirmadas, "confirmada", "confirmadas"), (self.rejeitadas, "rejeitada", "rejeitadas"),
                  (self.pendentes, "pendente", "pendentes")]
        return ", ".join(plural(n, um, varios) for n, um, varios in partes if n)


def _situacao(conclusao: dict[str, Any], decididas: dict[str, dict[str, Any]]) -> SituacaoExibida:
    efetivos, confirmadas, rejeitadas, pendentes = [], 0, 0, 0
    for item in itens([conclusao]):
        decisao = decididas.get(sha256_texto(texto_json(identidade(item.conclusao, item.referencia))))
        escolha = decisao["decisao"] if decisao and decisao.get("situacao", VIGENTE) == VIGENTE else None
        if escolha == "confirmado":
            confirmadas += 1
            efetivos.append("VERIFICADO")
        elif escolha == "rejeitado":
            rejeitadas += 1
            efetivos.append("CONTRADITO")
        else:
            pendentes += item.status != "VERIFICADO"
            efetivos.append(item.status)
    maquina = (conclusao.get("validacao") or {}).get("veredicto_geral") or veredicto_geral(
        [i.status for i in itens([conclusao])])
    status = veredicto_geral(efetivos) if confirmadas or rejeitadas else maquina
    return SituacaoExibida(status, str(maquina), confirmadas, rejeitadas, pendentes)


def situacao_exibida(conclusao: dict[str, Any], rev: dict[str, Any]) -> SituacaoExibida:
    """A situação que um leitor vê da conclusão, com o veredicto da máquina ao lado (função pura)."""
    return _situacao(conclusao, vigentes(rev))


def situacoes_exibidas(conclusoes: list[dict[str, Any]], rev: dict[str, Any]) -> dict[int, SituacaoExibida]:
    """id da conclusão → situação exibida; as decisões são indexadas uma vez só para todas."""
    decididas = vigentes(rev)
    return {int(c["id"]): _situacao(c, decididas) for c in conclusoes}


# --- a pasta de saída -----------------------------------------------------------------------------------------


@dataclass
class PastaAnalise:
    pasta: Path
    manifesto: dict[str, Any]
    conclusoes: list[dict[str, Any]]  # finais e contraditas, com `validacao`
    hashes: dict[str, str]  # arquivo do caso → SHA-256 do manifesto

    @property
    def caso(self) -> Path:
        return Path(self.manifesto.get("parametros", {}).get("caso", ""))


def _ler_json(caminho: Path) -> Any:
    try:
        return json.loads(caminho.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise RevisaoInvalida(f"{caminho.name} não encontrado em {caminho.parent}: não é a pasta de uma análise") from None
    except (UnicodeDecodeError, json.JSONDecodeError):
        raise RevisaoInvalida(f"{caminho} está corrompido (não é JSON válido)") from None


def abrir_pasta(pasta: Path, manifesto: dict[str, Any] | None = None) -> PastaAnalise:
    """A análise gravada em `pasta`; `manifesto` substitui o da pasta (durante a análise ele ainda não existe)."""
    manifesto = manifesto if manifesto is not None else _ler_json(pasta / "manifesto.json")
    finais = _ler_json(pasta / "conclusoes.json")
    contraditas_caminho = pasta / "conclusoes_contraditas.json"
    contraditas = _ler_json(contraditas_caminho)["conclusoes_contraditas"] if contraditas_caminho.exists() else []
    try:
        hashes = {a["arquivo"]: a["sha256"] for a in manifesto.get("arquivos", []) if a.get("sha256")}
        conclusoes = list(finais["conclusoes"]) + list(contraditas)
    except (KeyError, TypeError, AttributeError):
        raise RevisaoInvalida(f"manifesto ou conclusões de {pasta} fora do formato esperado") from None
    return PastaAnalise(pasta, manifesto, conclusoes, hashes)


def ler(pasta: Path) -> dict[str, Any]:
    caminho = pasta / NOME
    if not caminho.exists():
        return {"decisoes": []}
    objeto = _ler_json(caminho)
    if not isinstance(objeto, dict) or not isinstance(objeto.get("decisoes"), list):
        raise RevisaoInvalida(f"{caminho} fora do formato esperado")
    return objeto


def vigentes(revisao: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """Última decisão de cada referência, por identidade canônica."""
    return {sha256_texto(texto_json(d["referencia"])): d for d in revisao["decisoes"]}


def decisao_de(revisao: dict[str, Any], item: Item) -> dict[str, Any] | None:
    return vigentes(revisao).get(sha256_texto(texto_json(identidade(item.conclusao, item.referencia))))


# --- registrar ------------------------------------------------------------------------------------------------


def _agora() -> str:
    return dt.datetime.now(dt.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def nova_decisao(item: Item, decisao: str, motivo: str, analista: str, sha256_arquivo: str) -> dict[str, Any]:
    if decisao not in DECISOES:
        raise RevisaoInvalida(f"decisão desconhecida {decisao!r}: use {', '.join(DECISOES)}")
    if not motivo.strip():
        raise RevisaoInvalida(f"a decisão sobre a referência {item.rotulo} precisa de um motivo")
    if not analista.strip():
        raise RevisaoInvalida("informe quem decide (--analista)")
    return {
        "conclusao_id": item.conclusao_id,
        "indice_referencia": item.indice,
        "referencia": identidade(item.conclusao, item.referencia),
        "status_maquina": item.status,
        "observacao_maquina": item.detalhe.get("observacao", ""),
        "decisao": decisao,
        "motivo": motivo.strip(),
        "analista": analista.strip(),
        "momento": _agora(),
        "sha256_arquivo": sha256_arquivo,
        "situacao": VIGENTE,
    }


def gravar_decisao(pasta: Path, trilha: Trilha, revisao: dict[str, Any], decisao: dict[str, Any]) -> None:
    """Acrescenta a decisão (a anterior da mesma referência sai de `decisoes`, mas fica na trilha)."""
    chave = sha256_texto(texto_json(decisao["referencia"]))
    revisao["decisoes"] = [d for d in revisao["decisoes"] if sha256_texto(texto_json(d["referencia"])) != chave]
    revisao["decisoes"].append(decisao)
    revisao["decisoes"].sort(key=lambda d: (d["conclusao_id"], d["indice_referencia"]))
    texto = texto_json(revisao)
    escrever_texto(pasta / NOME, texto)
    trilha.registrar(
        decisao["analista"], "revisar_referencia",
        entradas={decisao["referencia"]["arquivo"]: decisao["sha256_arquivo"]},
        saidas={NOME: sha256_texto(texto)},
        detalhes={**{k: decisao[k] for k in ("conclusao_id", "indice_referencia", "referencia", "status_maquina",
                                             "decisao", "motivo")}, "hash_decisao": hash_decisao(decisao)},
    )


def regravar_manifesto(pasta: Path, trilha: Trilha, novas_saidas: dict[str, str]) -> None:
    """Depois de gravar algo numa análise já terminada: manifesto com os novos hashes e a nova âncora da trilha."""
    from perito.saida.gravacao import gravar_manifesto  # evita ciclo: gravacao importa este módulo

    manifesto = _ler_json(pasta / "manifesto.json")
    manifesto.setdefault("saidas", {}).update(novas_saidas)
    # um rascunho removido (a lacuna foi respondida) sai também do manifesto
    manifesto["saidas"] = {nome: h for nome, h in sorted(manifesto["saidas"].items()) if (pasta / nome).exists()}
    manifesto.setdefault("auditoria", {})["hash_antes_do_manifesto"] = trilha.ultimo_hash
    gravar_manifesto(pasta, manifesto, trilha)


# --- reconciliar depois de uma nova execução ------------------------------------------------------------------


def situacoes(pasta: Path, conclusoes: list[dict[str, Any]], hashes: dict[str, str]) -> dict[str, int]:
    """Só leitura (perito validar): quantas decisões de revisao.json seguem vigentes diante das conclusões e dos
    bytes atuais, quantas têm o documento alterado e quantas perderam a referência."""
    if not (pasta / NOME).exists():
        return {}
    atuais = {sha256_texto(texto_json(identidade(i.conclusao, i.referencia))) for i in itens(conclusoes)}
    contagem = {VIGENTE: 0, ALTERADO: 0, AUSENTE: 0}
    for decisao in ler(pasta)["decisoes"]:
        if sha256_texto(texto_json(decisao["referencia"])) not in atuais:
            contagem[AUSENTE] += 1
        elif hashes.get(decisao["referencia"]["arquivo"]) != decisao["sha256_arquivo"]:
            contagem[ALTERADO] += 1
        else:
            contagem[VIGENTE] += 1
    return contagem


def reconciliar(
    pasta: Path, conclusoes: list[dict[str, Any]], hashes: dict[str, str], trilha: Registro | None
) -> dict[str, str]:
    """Reaplica as decisões às conclusões novas; devolve {revisao.json: SHA-256} (vazio sem revisão)."""
    caminho = pasta / NOME
    if not caminho.exists():
        return {}
    revisao = ler(pasta)
    atuais = {sha256_texto(texto_json(identidade(i.conclusao, i.referencia))): i for i in itens(conclusoes)}
    mudancas = []
    for decisao in revisao["decisoes"]:
        item = atuais.get(sha256_texto(texto_json(decisao["referencia"])))
        antes = decisao.get("situacao", VIGENTE)
        if item is None:
            decisao["situacao"] = AUSENTE
        elif hashes.get(decisao["referencia"]["arquivo"]) != decisao["sha256_arquivo"]:
            decisao["situacao"] = ALTERADO
        else:
            decisao["situacao"] = VIGENTE
            decisao["conclusao_id"], decisao["indice_referencia"] = item.conclusao_id, item.indice
            decisao["status_maquina_atual"] = item.status
        if decisao["situacao"] != antes:
            mudancas.append({"conclusao_id": decisao["conclusao_id"], "de": antes, "para": decisao["situacao"]})
    texto = texto_json(revisao)
    escrever_texto(caminho, texto)  # sempre registrada: a trilha desta execução cobre revisao.json
    if trilha is not None:
        trilha.registrar("revisao", "reconciliar_revisao", saidas={NOME: sha256_texto(texto)},
                         detalhes={"decisoes": len(revisao["decisoes"]), "mudancas": mudancas})
    return {NOME: sha256_texto(texto)}
