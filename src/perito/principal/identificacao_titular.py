"""identificacao_titular: o titular de uma linha (cadastro da operadora) ou de uma chave Pix (DICT); e o cliente a quem
a operadora atribuiu o IP de um acesso (`titular_do_ip`).

Só números e chaves que importam ao caso: os que aparecem também numa fonte que não é
cadastro. A chave Pix que é um e-mail vale como o número: o e-mail de uma conta no provedor que o
DICT diz ser chave de alguém identifica essa pessoa como o seu titular. Uma conclusão por número (ou
chave) e titular, citando cada cadastro. O grau cresce com as famílias de fonte independentes em que o
número aparece (uma: indício; duas: moderado; três ou mais: forte). Só conta o número igual dígito a dígito: o celular
antigo de 8 dígitos (nono dígito acrescentado) é vínculo provável, dá uma conclusão à parte,
no máximo moderada, e nunca é motivo de forte. O mesmo CPF no cadastro da operadora e no DICT
identifica o assinante como titular das chaves (`titular_por_cpf`).
"""

from __future__ import annotations

from typing import Any

from perito.principal import aparelho_subtraido, graus, historico_da_chave, titular_do_ip, titular_por_cpf, vigencia
from perito.principal.cpf_da_pessoa import cpfs_da_pessoa
from perito.principal.dinheiro import modelo
from perito.principal.indice import Indice
from perito.principal.ocorrencias import OUTROS_QUE_O_TITULAR, Ocorrencia
from perito.principal.parametros import Parametros
from perito.principal.referencias import referencias
from perito.principal.telefones import antigo, e164, usos_por_papel

FAMILIAS_CADASTRAIS = ("operadora", "registro")

#: linha da tabela de regras do README: o que compara, quando é forte, quando é moderado
DESCRICAO = (
    "titular de uma linha (cadastro da operadora) ou chave Pix (DICT) cujo número ou e-mail aparece noutra fonte; ou o "
    "cliente a quem a operadora atribuiu o IP de um acesso que outra fonte registra (o IP, a porta e o instante ao "
    "segundo que a resposta cobre; sem porta, num IPv4, no máximo fraco); ou o titular da linha que usou, depois do "
    "fato, o aparelho que um relato de roubo ou furto diz subtraído (pelo IMEI; a linha da vítima e a que já o usava "
    "antes não contam); uma família é indício (fraco)",
    "três famílias ou mais pelo número (ou e-mail, ou acesso) exato, nomeadas na afirmação",
    "duas famílias (o mesmo CPF no cadastro da operadora e no DICT já são duas); ou a ligação pelo número antigo de 8 "
    "dígitos (conclusão à parte, nunca forte); ou a linha que usou o aparelho subtraído (nunca forte: usar não é "
    "subtrair)",
)


def _chave(o: Ocorrencia) -> str | None:
    if o.campo == "email":  # o e-mail de uma conta ou de um cadastro, comparado com a chave Pix que é e-mail
        return o.meta.get("email_normalizado")
    if o.campo == "chave_pix":  # a chave de e-mail vem com o e-mail normalizado, as outras com a chave normalizada
        return e164(o) or o.meta.get("chave_normalizada") or o.meta.get("email_normalizado")
    return e164(o)


def _titular_do_cadastro(indice: Indice, cadastro: Ocorrencia) -> Ocorrencia | None:
    """O nome do registro do número. Num registro com mais de um número (linhas de uma tabela lidas como texto: o OCR
    de uma tabela sem grade, a listagem de linhas de um CPF), só o nome escrito na mesma linha do número: o nome da
    linha de cima é de outro assinante."""
    # quem foi titular antes ("Titular anterior:") e quem age pela conta ("Representante legal:") não são o titular
    nomes = [n for n in indice.no_registro(cadastro, "nome_titular") if n.meta.get("papel") not in OUTROS_QUE_O_TITULAR]
    if not nomes and cadastro.familia == "registro":
        # a resposta do DICT sobre uma chave só, em rótulos e valores em linhas separadas ("Chave Pix" / "+55 11 ..." /
        # "Nome do titular" / "RAFAEL ..."): a chave e o titular são de um registro, como no modelo do dinheiro
        nomes = modelo(indice).resposta_de_uma_chave(cadastro.arquivo)[0][:1]
    if not nomes and _linha_da_bilhetagem(indice, cadastro):
        # a bilhetagem de uma linha só: a linha e o assinante ditos uma vez no topo ("Extrato de chamadas da linha
        # 11987654321" / "Assinante: RAFAEL ... - CPF ..."), em linhas diferentes, valem para o documento inteiro
        titular = indice.titular_do_arquivo(cadastro.arquivo)
        return titular if titular is not None and titular.familia == cadastro.familia else None
    if not nomes:
        return None
    numeros = {_chave(o) for o in indice.no_registro(cadastro, "telefone", "chave_pix")} - {None}
    if len(numeros) <= 1:
        return nomes[0]
    return next(iter(indice.no_local(cadastro, "nome_titular")), None)


def _titulares_do_historico(indice: Indice, cadastro: Ocorrencia
                            ) -> list[tuple[Ocorrencia, tuple[Ocorrencia | None, Ocorrencia | None]]]:
    """Os titulares do histórico de vínculos da chave dita uma vez no arquivo do DICT, um por bloco (o nome do bloco),
    cada um com o período do vínculo."""
    memoria = indice.memoria.setdefault("titulares_dos_historicos", {})
    if cadastro.arquivo not in memoria:  # type: ignore[operator]
        escritas = {k for o in indice.do_arquivo(cadastro.arquivo, "chave_pix", "telefone", "email") if (k := _chave(o))}
        memoria[cadastro.arquivo] = [(v.nomes[0], (v.inicio, v.fim)) for v in historico_da_chave.vinculos(  # type: ignore[index]
            indice, cadastro.arquivo, escritas) if v.nomes]
    return memoria[cadastro.arquivo]  # type: ignore[index,no-any-return]


def _linha_da_bilhetagem(indice: Indice, cadastro: Ocorrencia) -> bool:
    """O número é a linha dita no topo de uma bilhetagem de uma linha só (as chamadas apontam para ela)."""
    if "linhas_das_bilhetagens" not in indice.memoria:
        indice.memoria["linhas_das_bilhetagens"] = {
            (o.arquivo, dita.get("pagina"), dita["linha_ou_celula"], dita["e164"])
            for o in indice.do_campo("telefone") if (dita := o.meta.get("linha_da_bilhetagem"))}
    chave = (cadastro.arquivo, cadastro.dado.get("pagina"), cadastro.dado.get("linha_ou_celula"), e164(cadastro))
    return chave in indice.memoria["linhas_das_bilhetagens"]  # type: ignore[operator]


def concluir(indice: Indice, parametros: Parametros) -> list[dict[str, Any]]:
    ocorrencias = indice.do_campo("telefone", "chave_pix", "email")
    # primeiro os cadastros (na ordem do documento, como dentro de cada grupo), depois os usos só dos números
    # cadastrados: agrupar todos os números de um registro de mensagens era quase todo o custo da regra
    cadastros: dict[tuple[str, str], list[tuple[Ocorrencia, Ocorrencia]]] = {}
    #: os titulares de um histórico de vínculos da chave (`historico_da_chave`) → o período do vínculo deles
    do_historico: dict[int, tuple[Ocorrencia | None, Ocorrencia | None]] = {}
    for cadastro in ocorrencias:
        if cadastro.familia not in FAMILIAS_CADASTRAIS or (numero := _chave(cadastro)) is None:
            continue
        titular = _titular_do_cadastro(indice, cadastro)
        if titular is not None:
            cadastros.setdefault((numero, titular.meta["nome_normalizado"]), []).append((cadastro, titular))
        elif cadastro.familia == "registro":
            for titular, periodo in _titulares_do_historico(indice, cadastro):
                cadastros.setdefault((numero, titular.meta["nome_normalizado"]), []).append((cadastro, titular))
                do_historico[id(titular)] = periodo
    cadastrados = {numero for numero, _ in cadastros}
    usos: dict[str, list[Ocorrencia]] = {}
    for o in ocorrencias:
        if (numero := _chave(o)) in cadastrados:
            usos.setdefault(numero, []).append(o)
    conclusoes = []
    for (numero, nome), pares in sorted(cadastros.items()):
        outras = [o for o in usos[numero] if o.familia not in FAMILIAS_CADASTRAIS]
        # só o número igual dígito a dígito identifica: o antigo de 8 dígitos (dos dois lados) fica à parte
        exatos = [(c, t) for c, t in pares if not antigo(c)]
        exatas = [o for o in outras if not antigo(o)]
        if exatos and exatas:  # um número que só os cadastros mencionam não importa ao caso
            conclusoes.append(_conclusao(indice, numero, nome, exatos, exatas, do_historico=do_historico))
        antigas = [o for o in outras if antigo(o) or not exatos]
        if antigas:
            conclusoes.append(_conclusao(indice, numero, nome, pares, antigas, pelo_antigo=True, do_historico=do_historico))
    # o assinante da linha e o titular das chaves Pix pelo mesmo CPF (operadora × DICT); o cliente a quem a operadora
    # atribuiu o IP de um acesso
    return (conclusoes + titular_por_cpf.concluir(indice) + titular_do_ip.concluir(indice)
            + aparelho_subtraido.concluir(indice))


def _conclusao(
    indice: Indice, numero: str, nome: str, pares: list[tuple[Ocorrencia, Ocorrencia]], outras: list[Ocorrencia],
    pelo_antigo: bool = False, do_historico: dict[int, tuple[Ocorrencia | None, Ocorrencia | None]] | None = None,
) -> dict[str, Any]:
    titular = pares[0][1]
    cpfs = [c for _, titular in pares for c in cpfs_da_pessoa(indice, titular)]
    familias = {c.familia for c, _ in pares} | {o.familia for o in outras}
    grau = graus.por_familias(len(graus.independentes(familias)))
    motivo = f"{graus.explicar_familias(familias)} apontam para esse número"
    if pelo_antigo:
        grau = graus.no_maximo(grau, "moderado")
        antigos = ", ".join(sorted({o.literal for o in [*outras, *(c for c, _ in pares)] if antigo(o)}))
        motivo += (
            f", mas a ligação passa pelo número antigo de 8 dígitos {antigos}, ligado a {numero} pelo nono dígito "
            "acrescentado: vínculo provável, não identidade, por isso no máximo moderado"
        )
    # o histórico de titulares da linha: quem deixou de sê-lo antes dos fatos não era o titular quando o número foi usado
    do_historico = do_historico or {}
    vigencias = [vigencia.do_cadastro(indice, c, outras, do_historico.get(id(t))) for c, t in pares]
    foras = [v for v in vigencias if v.fora]
    todos_fora = bool(foras) and len(foras) == len(vigencias)
    vigencias_citadas: list[Ocorrencia] = []
    if todos_fora:
        grau = graus.no_maximo(grau, "fraco")
        motivo += (f", mas {foras[0].fora}: o número pode ter passado a outra pessoa, e quem está neste cadastro não era "
                   "o titular na época dos fatos, por isso no máximo fraco")
        vigencias_citadas = foras[0].citados()
    elif dentro := next((v for v in vigencias if v.dentro), None):
        motivo += f"; {dentro.dentro}"
        vigencias_citadas = dentro.citados()
    fontes = "; ".join(f"{_cadastro(c)} em {c.onde}" for c, _ in pares)
    documento = f", CPF/CNPJ {cpfs[0].literal}" if cpfs else ""
    amostras, usos = usos_por_papel(outras)
    # o que a chave é, dito como é: o telefone (E.164, com o "+") é um número; a chave aleatória e a de CPF ou CNPJ, não
    if "@" in numero:
        o_, nome_da_chave, cadastrado, mesmo, esse = "O", "e-mail", "cadastrado", "O mesmo", "esse"
    elif numero.startswith("+") and numero[1:].isdigit():
        o_, nome_da_chave, cadastrado, mesmo, esse = "O", "número", "cadastrado", "O mesmo", "esse"
    else:
        o_, nome_da_chave, cadastrado, mesmo, esse = "A", "chave Pix", "cadastrada", "A mesma", "essa"
    # "esteve" só quando todo cadastro terminou antes dos fatos; o que começa depois deles ainda está em vigor
    esteve = todos_fora and all((v.fora or "").startswith("o cadastro termina") for v in foras)
    afirmacao = (
        f"{o_} {nome_da_chave} {numero} {'esteve' if esteve else 'está'} {cadastrado} em nome de "
        f"{titular.literal}{documento} ({fontes}). "
        f"{mesmo} {nome_da_chave} aparece como {usos}. "
        f"Grau {grau}: {motivo.replace('esse número', f'{esse} {nome_da_chave}')}."
    )
    citados = [*(o for par in pares for o in par), *cpfs, *amostras, *vigencias_citadas]
    return {
        "tipo": "identificacao_titular",
        "afirmacao": afirmacao,
        "grau_confianca": grau,
        "referencias": referencias(citados),
        "chave_ordenacao": f"{numero}|{nome}" + ("|antigo" if pelo_antigo else ""),
    }


def _cadastro(o: Ocorrencia) -> str:
    if o.familia == "registro":
        return "chave Pix no DICT"
    return "e-mail no cadastro da operadora" if o.campo == "email" else "linha na operadora"
