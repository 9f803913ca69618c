"""Rascunhos de ofício, um por lacuna (principal/lacunas.py), em `oficios/` na pasta de saída.

Cada rascunho diz a quem se dirige (pela família: provedor de conexão, Banco Central/DICT,
instituição da conta, operadoras), o que pedir com os dados exatos (IP, porta, data e hora
ao segundo, fuso como escrito e em UTC; a chave e o seu tipo; a conta; o IMEI) e de onde
vem cada dado (arquivo, página, linha ou célula), com o texto relido do documento pelo
validador. Só entra o dado VERIFICADO ou, com o aviso de conferir antes de assinar, o AMBIGUO
cujo literal está na linha relida; uma lacuna sem dado que entre não vira ofício.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Any, Callable

from perito.plano.texto import br
from perito.principal import lacunas as mod_lacunas
from perito.principal.lacunas import CONTA, IMEI, IP, PIX, Lacuna
from perito.saida.caso import cabecalho_texto, onde
from perito.texto_ptbr import plural

PASTA = "oficios"
#: referência → detalhe do validador (status, texto_encontrado, observacao)
Conferir = Callable[[dict[str, Any]], dict[str, Any]]
DESCARTADOS = ("CONTRADITO", "EXTRACAO_FALHOU")

DESTINATARIOS = {
    IP: "Provedor de conexão à internet (operadora) responsável pelo endereço IP {chave} nas datas indicadas",
    PIX: "Banco Central do Brasil — Diretório de Identificadores de Contas Transacionais (DICT)",
    CONTA: "{banco}",
    IMEI: "Operadoras de telefonia móvel (Claro, Oi, TIM, Vivo e demais prestadoras do SMP)",
}
ASSUNTOS = {
    IP: "dados cadastrais do assinante da conexão de internet (IP {chave})",
    PIX: "titularidade e vínculos da chave Pix {chave}",
    CONTA: "extrato e dados cadastrais da conta agência {agencia}, conta {conta}",
    IMEI: "histórico de linhas (IMSI/ICCID e assinantes) do aparelho IMEI {chave}",
}
PEDIDOS = {
    IP: ("os dados cadastrais (nome, CPF/CNPJ, endereço, telefone e e-mail) do assinante a quem o endereço IP "
         "abaixo estava atribuído, na porta lógica de origem e no instante indicados em cada linha (data e hora ao "
         "segundo, no fuso como escrito no documento e em UTC), com o identificador da conexão e o período de "
         "atribuição do endereço."),
    PIX: ("os dados do titular (nome e CPF/CNPJ) da chave Pix abaixo, a instituição participante (ISPB), a agência "
          "e a conta vinculadas, as datas de registro, portabilidade e exclusão da chave e o histórico de vínculos."),
    CONTA: ("a qualificação do titular e dos representantes, o extrato completo da conta abaixo no período de "
            "interesse (com contrapartes identificadas por nome, CPF/CNPJ, banco, agência e conta), os registros de "
            "acesso (IP, porta lógica, data, hora e fuso) e os dispositivos cadastrados, preferencialmente no leiaute "
            "SIMBA."),
    IMEI: ("o histórico de linhas em que o aparelho de IMEI abaixo operou (número, IMSI, ICCID, períodos de uso) e os "
           "dados cadastrais dos respectivos assinantes."),
}
TITULOS = {IP: "IP sem assinante identificado", PIX: "chave Pix sem resposta do DICT",
           CONTA: "conta sem extrato nem SIMBA", IMEI: "IMEI sem histórico de operadora"}


@dataclass
class Oficio:
    arquivo: str  # relativo à pasta de saída: oficios/ip_187.34.56.78.md
    tipo: str
    chave: str
    resumo: str
    texto: str
    referencias: list[dict[str, Any]]

    def como_dict(self) -> dict[str, Any]:
        return {"arquivo": self.arquivo, "tipo": self.tipo, "chave": self.chave, "resumo": self.resumo,
                "referencias": self.referencias}


def nome_arquivo(lacuna: Lacuna) -> str:
    parte = re.sub(r"[^0-9A-Za-z.@_+-]+", "_", lacuna.chave.replace(":", "-")).strip("_") or "sem_nome"
    return f"{PASTA}/{lacuna.tipo}_{parte}.md"


def local(dado: dict[str, Any]) -> str:
    return onde(dado["arquivo_fonte"], dado.get("pagina"), dado.get("aba_planilha"), dado["linha_ou_celula"])


def referencia(dado: dict[str, Any], lacuna: Lacuna) -> dict[str, Any]:
    """A referência do dado no formato do contrato; o citado é o que o ofício pede (IP com data e hora)."""
    meta = dado.get("metadados") or {}
    citado = dado["dado"]
    if lacuna.tipo == IP and meta.get("data") and meta.get("hora"):
        # a data como o documento a escreve ("8/2/2025" de uma resposta americana): é o que a releitura acha ali
        data = meta.get("data_escrita") if meta.get("ordem_data") == "mes_dia" else meta["data"]
        citado = f"{meta.get('ip_canonico') or dado['dado']} {data} {meta['hora']}"
    return {"arquivo": dado["arquivo_fonte"], "pagina": dado.get("pagina"), "linha_ou_celula": dado["linha_ou_celula"],
            "aba_planilha": dado.get("aba_planilha"), "dado_citado": citado,
            "extrator_id": str(dado.get("extrator_id") or meta.get("extrator_id") or "")}


def _linha_tabela(n: int, dado: dict[str, Any], lacuna: Lacuna) -> str:
    meta = dado.get("metadados") or {}
    if lacuna.tipo == IP:
        # a data de uma resposta americana vai lida (dia/mês/ano, como o destinatário a lê) e com a escrita ao lado
        escrita = ""
        if meta.get("ordem_data") == "mes_dia":
            escrita = " " + _md(f"(escrita {meta.get('data_escrita')}, mês antes do dia)")
        return (f"| {n} | {_md(meta.get('ip_canonico') or dado['dado'])} | {_md(meta.get('porta'))} | {_md(meta.get('data'))} "
                f"{_md(meta.get('hora'))}{escrita} | {_md(mod_lacunas.fuso(dado))} | {_md(mod_lacunas.instante_utc(dado))} "
                f"| [{n}] |")
    return f"| {n} | {_md(dado['dado'])} | [{n}] |"


def _cabecalho_tabela(lacuna: Lacuna) -> str:
    if lacuna.tipo == IP:
        return ("| # | IP | Porta lógica | Data e hora (como no documento) | Fuso (como escrito) | UTC | Ref. |\n"
                "|---|---|---|---|---|---|---|")
    rotulo = {PIX: "Chave como escrita", CONTA: "Conta como escrita", IMEI: "IMEI como escrito"}[lacuna.tipo]
    return f"| # | {rotulo} | Ref. |\n|---|---|---|"


def _dados_do_pedido(lacuna: Lacuna) -> str:
    if lacuna.tipo == IP:
        return f"Endereço IP: {lacuna.chave}"
    if lacuna.tipo == PIX:
        return f"Chave Pix: {lacuna.chave} (tipo: {lacuna.atributos.get('tipo_chave', 'não identificado')})"
    if lacuna.tipo == CONTA:
        agencia, conta = lacuna.atributos["agencia"], lacuna.atributos["conta"]
        banco = lacuna.atributos.get("banco")
        return f"Agência: {agencia}; conta: {conta}" + (f"; banco/ISPB citado: {banco}" if banco else "")
    return f"IMEI (corpo de 14 dígitos): {lacuna.chave}"


def _destinatario(lacuna: Lacuna) -> str:
    if lacuna.tipo == CONTA:
        banco = lacuna.atributos.get("banco")
        return (f"Instituição financeira mantenedora da conta (banco/ISPB {banco}, conforme citado)" if banco
                else "Instituição financeira mantenedora da conta (identificar o banco antes do envio)")
    return DESTINATARIOS[lacuna.tipo].format(chave=lacuna.chave)


def _assunto(lacuna: Lacuna) -> str:
    if lacuna.tipo == CONTA:
        return ASSUNTOS[CONTA].format(**lacuna.atributos)
    return ASSUNTOS[lacuna.tipo].format(chave=lacuna.chave)


def _md(valor: Any) -> str:
    """Texto de prova dentro do Markdown do ofício: uma linha só (uma quebra de linha num campo de CSV não abre um
    título "# OFÍCIO JÁ DEFERIDO" nem um segundo destinatário), sem caracteres de controle, HTML escapado
    (<script> e <img onerror> não rodam num visualizador) e sem |, [, ], ` e \\ que mudem a tabela ou criem link."""
    texto = re.sub(r"[\x00-\x1f\x7f-\x9f\u2028\u2029\s]+", " ", "" if valor is None else str(valor)).strip()
    texto = texto.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    return re.sub(r"([\\`|\[\]])", r"\\\1", texto)


def _lacuna_segura(lacuna: Lacuna) -> Lacuna:
    """A lacuna com a chave e os atributos (tirados das provas) prontos para o Markdown."""
    return replace(lacuna, chave=_md(lacuna.chave), atributos={k: _md(v) for k, v in lacuna.atributos.items()})


def _compacto(texto: str) -> str:
    return re.sub(r"\s+", "", texto).casefold()


def _no_documento(dado: dict[str, Any], detalhe: dict[str, Any]) -> bool:
    """VERIFICADO; ou AMBIGUO com o dado literalmente na linha relida (a chave aleatória não tem valor comparável)."""
    status = detalhe.get("status")
    if status == "VERIFICADO":
        return True
    return status not in DESCARTADOS and _compacto(dado["dado"]) in _compacto(str(detalhe.get("texto_encontrado") or ""))


def montar(
    lacunas: list[Lacuna], identificacao: dict[str, Any], conferir: Conferir,
    conclusoes_do: Callable[[Lacuna], list[int]] = lambda _: [],
    passo_de: Callable[[Lacuna], dict[str, Any] | None] = lambda _: None,
) -> list[Oficio]:
    """Um rascunho por lacuna com pelo menos um dado encontrado no documento pelo validador; com o passo do plano de
    diligências, o destinatário pela rede do IP, os fundamentos legais, o prazo de guarda e a guarda cautelar."""
    oficios = []
    for lacuna in lacunas:
        linhas = []
        for dado in lacuna.dados:
            ref = referencia(dado, lacuna)
            detalhe = conferir(ref)
            if _no_documento(dado, detalhe):
                linhas.append((dado, ref, detalhe))
        if linhas:
            oficios.append(_oficio(lacuna, linhas, identificacao, conclusoes_do(lacuna), passo_de(lacuna)))
    return oficios


def _oficio(
    lacuna: Lacuna, linhas: list[tuple[dict[str, Any], dict[str, Any], dict[str, Any]]], identificacao: dict[str, Any],
    conclusoes: list[int], passo: dict[str, Any] | None = None,
) -> Oficio:
    segura = _lacuna_segura(lacuna)
    inquerito = identificacao.get("inquerito") or "[número do procedimento]"
    titulo = cabecalho_texto(identificacao.get("inquerito"), identificacao.get("analista"), identificacao.get("caso_id"))
    tabela = "\n".join(_linha_tabela(n, dado, lacuna) for n, (dado, _, _) in enumerate(linhas, start=1))
    citacoes = []
    for n, (dado, _, detalhe) in enumerate(linhas, start=1):
        aviso = ""
        if detalhe.get("status") != "VERIFICADO":
            aviso = (f" **Conferir no documento antes de assinar: validador {_md(detalhe.get('status'))}"
                     f"{' — ' + _md(detalhe['observacao']) if detalhe.get('observacao') else ''}.**")
        texto = _md(detalhe.get("texto_encontrado") or dado.get("texto_original") or "")
        citacoes.append(f"[{n}] {_md(local(dado))} — texto no documento: \"{texto}\"{aviso}")
    relacionadas = (f"\nConclusões do relatório que citam este dado: {', '.join(map(str, conclusoes))}.\n"
                    if conclusoes else "")
    destinatario = _md(passo["destinatario"]) if passo else _destinatario(segura)
    fundamento = ("; ".join(_md(f["citacao"]) for f in passo["fundamentos"]) + " e [decisão judicial nº ___, quando exigida]"
                  if passo else "[fundamento legal / decisão judicial nº ___]")
    texto = f"""# RASCUNHO DE OFÍCIO — {TITULOS[lacuna.tipo]}

{titulo}

> Rascunho gerado pelo perito a partir das provas do caso. Não é um documento assinado:
> a autoridade confere os dados, indica o fundamento legal e a decisão judicial quando
> exigida, e ajusta o texto antes do envio.

**Ofício nº** [número]/[ano] — {inquerito}

**A:** {destinatario}

**Assunto:** {_assunto(segura)}

Senhor(a) Responsável,

Nos autos do procedimento em epígrafe, e com fundamento em {fundamento},
solicito a Vossa Senhoria que informe, no prazo de [__] dias, {PEDIDOS[lacuna.tipo]}

**{_dados_do_pedido(segura)}**

{_cabecalho_tabela(lacuna)}
{tabela}

{_secao_prazo(passo)}## De onde vem cada dado

{chr(10).join(citacoes)}
{relacionadas}
Atenciosamente,

[nome e cargo da autoridade]
"""
    referencias = [ref | {"status_validador": detalhe.get("status")} for _, ref, detalhe in linhas]
    a_quem = passo["destinatario"] if passo else _destinatario(lacuna)
    resumo = f"{TITULOS[lacuna.tipo]}: {lacuna.chave} ({plural(len(linhas), 'ocorrência', 'ocorrências')}) — {a_quem}"
    return Oficio(nome_arquivo(lacuna), lacuna.tipo, lacuna.chave, resumo, texto, referencias)



def _secao_prazo(passo: dict[str, Any] | None) -> str:
    """Prazo de guarda, urgência e guarda cautelar do passo do plano de diligências (vazio sem passo)."""
    if not passo:
        return ""
    linhas = [f"## Prazo e urgência (plano de diligências, passo {passo['numero']})", ""]
    prazo = passo.get("prazo")
    if prazo:
        linhas.append(f"- Guarda obrigatória até {br(prazo['guardado_ate'])}, contada do registro mais antigo "
                      f"({br(prazo['data_registro'])}); {_md(passo['urgencia_rotulo'])}.")
    else:
        linhas.append(f"- Sem prazo de guarda calculado: {_md(passo.get('sem_prazo') or '')}.")
    if preservar := passo.get("preservar_antes"):
        linhas.append(f"- **Antes deste ofício:** {_md(preservar['texto'])} ({_md(preservar['fundamento']['citacao'])}).")
    for f in passo["fundamentos"]:
        linhas.append(f"- {_md(f['citacao'])}: {_md(f['resumo'])}.")
    return "\n".join(linhas) + "\n\n"
