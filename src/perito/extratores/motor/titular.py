"""O titular dito uma vez (cabeçalho do extrato, cadastro da bilhetagem) e os registros que ele governa."""

from __future__ import annotations

import re
from typing import Any

from perito.chaves import marcadores
from perito.chaves.digitos import somente_digitos
from perito.chaves.nome import dobrar
from perito.extratores import frases_da_linha
from perito.extratores.montagem import Item, Registro, documento_da_contraparte
from perito.extratores.reconhecedores import reconhecer
from perito.leitura.documento import Trecho

_PAPEIS_DE_TITULAR = ("titular", "cliente", "nome")


_AMPARADOS = ("valor_transacao", "ip_acesso", "ip_transacao", "imei", "telefone")


class Titular:
    """O titular dito uma vez (cabeçalho do extrato, bloco de cadastro da bilhetagem) vale para os
    registros abaixo dele, até outra declaração: cada valor, IP, IMEI e telefone desses registros leva
    `contexto_titular` com nome, CPF, conta e linha declarados e onde cada um está. Um cabeçalho que só diz a conta
    (sem o nome) também declara: o contexto fica sem "nome".

    Lê os registros na ordem do documento; `aplicar` pode ser chamado por rodadas sucessivas (o estado
    segue de uma para a outra). Registros sem achado não declaram nem recebem nada (em qualquer estado,
    passar por eles não muda nada): ficam de fora, e a posição de cada um não precisa ser conhecida.
    """

    def __init__(self, ordem: dict[int, int], rodape: dict[str, Any] | None = None) -> None:
        self.ordem = ordem
        # o titular dito só no rodapé (`do_rodape`) governa desde o começo, até um cabeçalho que diga outro
        self.atual: dict[str, Any] | None = rodape
        self.do_rodape = rodape is not None
        self.pendente = False
        self.algum_evento = False
        self.aba: str | None = None

    def _posicao(self, registro: Registro) -> int:
        # (o laço, sem o gerador do `min`: roda para cada registro de cada rodada)
        ordem = self.ordem
        itens = registro.itens
        posicao = ordem.get(id(itens[0].trecho), 0)
        for item in itens[1:]:
            if (outra := ordem.get(id(item.trecho), 0)) < posicao:
                posicao = outra
        return posicao

    def aplicar(self, registros: list[Registro]) -> None:
        for registro in sorted((r for r in registros if r.itens), key=self._posicao):
            achados = registro.itens
            aba = achados[0].trecho.aba
            if aba != self.aba:
                if self.aba is not None and _outra_conta_na_aba(aba, self.atual):
                    # a aba de outra conta ("Conta 5544332-1" depois de "Conta 7788990-1"): o titular da de cima não
                    # governa a de baixo (as abas de meses de um extrato só, sem número, continuam com ele)
                    self.atual, self.do_rodape, self.pendente, self.algum_evento = None, False, False, False
                self.aba = aba
            # no cabeçalho (antes do primeiro lançamento), "NOME CPF 284.907.163-31" também declara o titular
            papeis = _PAPEIS_DE_TITULAR if self.algum_evento else (*_PAPEIS_DE_TITULAR, "identificado_por_cpf")
            # os campos da linha numa passada só (cada linha de um log de 200 mil acessos passa por aqui)
            campos = {i.achado.campo for i in achados}
            # a linha "telefone NOME CPF" é um assinante de uma tabela de linhas (lida como texto, o OCR de uma tabela
            # sem grade), não o titular declarado para as linhas de baixo
            com_telefone = "telefone" in campos
            nomes = [i for i in achados if i.achado.campo == "nome_titular" and i.achado.metadados.get("papel") in papeis
                     # o nome com CPF mascarado é a contraparte, como o extrato a mostra; o titular rotulado ("NOME" /
                     # "CPF •••.016.613-••" no cabeçalho do aplicativo) continua titular
                     # ("Nome: RAFAEL ... CPF: ***.271.946-**" no cabeçalho, antes de todo lançamento: o rótulo diz; e
                     # "JULIANA ... CPF •••.274.519-•• Agência 0001 Conta 91823-4", o do extrato da conta digital: a
                     # conta na mesma linha diz)
                     and not (i.achado.metadados.get("cpf_mascarado") and i.achado.metadados.get("papel") != "titular"
                              and (self.algum_evento or not (i.achado.metadados.get("papel") == "nome"
                                                             or "conta_bancaria" in campos)))
                     and not (com_telefone and i.achado.metadados.get("papel") == "identificado_por_cpf")
                     ] if "nome_titular" in campos else []
            tem_evento = ("valor_transacao" in campos or any(i.achado.tipo_dado == "ip" for i in achados)) and not (
                _ficha_com_o_ip_de_abertura(achados))
            self.algum_evento = self.algum_evento or tem_evento
            if nomes and not tem_evento:
                if self.do_rodape and not self.algum_evento:
                    self.atual, self.do_rodape = None, False  # o cabeçalho diz o titular: o do rodapé não governa
                if self.atual is not None and self.pendente and "nome" not in self.atual:
                    # a conta veio antes do nome no cabeçalho ("Agência: 0231 Conta: 01.012345.6", depois o nome)
                    self.atual["nome"] = nomes[0].achado.dado
                    self.atual["locais"].append(_local_titular(nomes[0], "nome"))
                else:
                    self.atual = {"nome": nomes[0].achado.dado, "locais": [_local_titular(nomes[0], "nome")]}
                self.pendente = True
            elif not tem_evento and not self.algum_evento and (self.atual is None or self.do_rodape) and (
                    conta := next((i for i in achados if i.achado.campo == "conta_bancaria"), None)) is not None:
                # o extrato exportado do aplicativo diz só a agência e a conta no cabeçalho, sem o nome: a conta
                # governa os lançamentos do mesmo jeito (e é por ela que o lançamento encontra a chave Pix no DICT)
                self.atual, self.do_rodape = {"conta": conta.achado.dado, "locais": [_local_titular(conta, "conta")]}, False
                _chave_da_conta(self.atual, conta)
                self.pendente = True
            atual = self.atual
            if atual is not None and self.pendente and not tem_evento:
                outros = _linhas_de_outra_pessoa(achados, atual.get("nome"))
                for campo, chave in (("cpf", "cpf"), ("conta_bancaria", "conta"), ("telefone", "telefone")):
                    if chave not in atual and (achado := _do_titular(achados, campo, atual.get("nome"), outros)):
                        atual[chave] = achado.achado.dado
                        atual["locais"].append(_local_titular(achado, chave))
                        if chave == "conta":
                            _chave_da_conta(atual, achado)
                continue
            self.pendente = False
            if tem_evento and (registro.prosa or frases_da_linha.linha_de_prosa(registro.texto)) and (
                    na_frase := _titular_na_frase(registro)) is not None:
                # a carta que declara e conta na mesma frase ("a conta ..., de titularidade de RAFAEL ..., CPF ...,
                # recebeu um Pix de R$ 2.350,00 ..."): o titular vale para esta frase e para as de baixo
                self.atual = atual = na_frase
            if (atual is None or "nome" not in atual) and (lado := _titular_pelo_lado(registro, atual)) is not None:
                atual = lado  # a relação de transferências que não diz de quem é a conta: o lado dela em cada linha
            if atual is None:
                continue
            for item in achados:
                if item.achado.campo in _AMPARADOS and item.achado.dado != atual.get("telefone"):
                    item.achado.metadados["contexto_titular"] = atual
            if not registro.prosa:
                _contraparte_pelo_titular(registro, atual)


def _linhas_de_outra_pessoa(achados: list[Item], nome: str | None) -> set[int]:
    """As linhas do registro que nomeiam outra pessoa que o titular (o representante legal, o procurador da conta): o
    CPF e o telefone delas são dessa pessoa, não do titular."""
    if not nome:
        return set()
    titular = dobrar(nome)
    return {id(i.trecho) for i in achados if i.achado.campo == "nome_titular" and dobrar(i.achado.dado) != titular}


def _do_titular(achados: list[Item], campo: str, nome: str | None, outros: set[int]) -> Item | None:
    """O CPF (ou o CNPJ, na linha do nome da pessoa jurídica), a conta ou o telefone do titular: o da linha do nome
    primeiro; senão o primeiro de uma linha que não nomeia outra pessoa."""
    if campo == "cpf" and nome:
        titular = dobrar(nome)
        linhas_do_nome = {id(i.trecho) for i in achados
                          if i.achado.campo == "nome_titular" and dobrar(i.achado.dado) == titular}
        if documento := next((i for i in achados if id(i.trecho) in linhas_do_nome and (
                i.achado.campo == "cpf" or i.achado.metadados.get("documento") == "cnpj")), None):
            return documento
    return next((i for i in achados if i.achado.campo == campo and id(i.trecho) not in outros), None)


#: a data que diz o nascimento da conta, não um uso dela
_PAPEIS_DE_ABERTURA = frozenset({"abertura_conta", "criacao_conta"})


def _ficha_com_o_ip_de_abertura(achados: list[Item]) -> bool:
    """A ficha cadastral do cliente (a aba "Dados Cadastrais" da resposta do banco: nome, CPF, conta, a data e o IP de
    abertura), sem lançamento: o IP é o da abertura da conta, não um acesso, e a ficha declara o titular das abas de
    transações e de acessos, como o cabeçalho de um extrato."""
    ips = [i for i in achados if i.achado.tipo_dado == "ip"]
    return (len(ips) == 1 and not any(i.achado.campo == "valor_transacao" for i in achados)
            and any(i.achado.campo == "data_evento" and i.achado.metadados.get("papel") in _PAPEIS_DE_ABERTURA
                    for i in achados))


#: linhas não vazias do fim do documento, depois do último lançamento ou acesso, em que o rodapé diz o titular
_LINHAS_DO_RODAPE = 8
#: só o rótulo de titular ou de cliente: "Nome:" no rodapé pode ser o de quem emitiu o documento
_PAPEIS_DO_RODAPE = ("titular", "cliente")


#: um número de conta no nome da aba (cinco algarismos ou mais, com o dígito separado ou não)
_CONTA_NO_NOME = re.compile(r"\d[\d.]{3,}\d(?:-[\dXx])?")


def _outra_conta_na_aba(aba: str | None, atual: dict[str, Any] | None) -> bool:
    """O nome da aba diz uma conta que não é a do titular em vigor."""
    numeros = [somente_digitos(m.group()) for m in _CONTA_NO_NOME.finditer(aba or "")]
    if not numeros:
        return False
    da_conta = somente_digitos(str((atual or {}).get("conta", "")))
    return not any(n.lstrip("0") and n.lstrip("0") in da_conta for n in numeros)


def do_rodape(trechos: list[Trecho]) -> dict[str, Any] | None:
    """O titular dito só no fim do documento, depois do último lançamento ou acesso ("Cliente: MARIA ... - CPF ... -
    Agência 0001 Conta 12345-6", o rodapé de um extrato): vale para os registros de cima, como o do cabeçalho, até
    um cabeçalho que diga outro. Com o nome, o CPF, a conta e o telefone escritos no rodapé."""
    rodape: list[Item] = []
    linhas = 0
    for trecho in reversed(trechos):
        if not trecho.texto.strip():
            continue
        achados = reconhecer(trecho.texto)
        if any(a.campo == "valor_transacao" or a.tipo_dado == "ip" for a in achados):
            break
        linhas += 1
        if linhas > _LINHAS_DO_RODAPE:
            return None  # não é um rodapé: o documento termina num texto longo sem lançamento
        rodape[:0] = [Item(a, trecho) for a in achados]
    nome = next((i for i in rodape if i.achado.campo == "nome_titular" and i.achado.metadados.get("papel") in
                 _PAPEIS_DO_RODAPE and not i.achado.metadados.get("cpf_mascarado")), None)
    if nome is None:
        return None
    atual: dict[str, Any] = {"nome": nome.achado.dado, "locais": [_local_titular(nome, "nome")]}
    for campo, chave in (("cpf", "cpf"), ("conta_bancaria", "conta"), ("telefone", "telefone")):
        if achado := next((i for i in rodape if i.achado.campo == campo), None):
            atual[chave] = achado.achado.dado
            atual["locais"].append(_local_titular(achado, chave))
            if chave == "conta":
                _chave_da_conta(atual, achado)
    return atual


def _titular_na_frase(registro: Registro) -> dict[str, Any] | None:
    """O titular escrito com o rótulo na frase da carta que também conta o lançamento ("... de titularidade de RAFAEL
    SOUZA PINTO, CPF 083.016.613-05, recebeu ..."): um nome só com o papel de titular, o CPF escrito logo depois dele
    (antes do próximo nome) e a conta, quando a frase tem uma só."""
    ordenados = sorted(registro.itens, key=lambda i: (registro.ordem.get(id(i.trecho), 0), i.achado.inicio))
    titulares = [i for i in ordenados if i.achado.campo == "nome_titular" and i.achado.metadados.get("papel") == "titular"]
    if len({i.achado.metadados.get("nome_normalizado") for i in titulares}) != 1:
        return None
    nome = titulares[0]
    primeiro_evento = next((i for i in ordenados if i.achado.campo == "valor_transacao" or i.achado.tipo_dado == "ip"))
    if ordenados.index(nome) > ordenados.index(primeiro_evento):
        # "houve crédito de R$ 2.350,00 proveniente da conta ..., de titularidade de ANA ...": a conta descrita depois
        # do lançamento é a da outra parte, não a do extrato
        return None
    atual: dict[str, Any] = {"nome": nome.achado.dado, "locais": [_local_titular(nome, "nome")]}
    depois = ordenados[ordenados.index(nome) + 1:]
    for item in depois:
        if item.achado.campo == "nome_titular":
            break
        if item.achado.campo == "cpf":
            atual["cpf"] = item.achado.dado
            atual["locais"].append(_local_titular(item, "cpf"))
            break
    if len(contas := [i for i in ordenados if i.achado.campo == "conta_bancaria"]) == 1:
        atual["conta"] = contas[0].achado.dado
        atual["locais"].append(_local_titular(contas[0], "conta"))
        _chave_da_conta(atual, contas[0])
    return atual


def _titular_pelo_lado(registro: Registro, atual: dict[str, Any] | None) -> dict[str, Any] | None:
    """A linha de uma relação de transferências com as duas pontas em colunas (pagador e recebedor, cada um com o seu
    CPF), num documento que não declara o titular da conta: o crédito entrou na conta de quem recebeu, e o débito saiu
    da de quem pagou. Esse lado é o titular da conta nessa linha, citado onde está escrito. Só em linha de tabela (o
    comprovante em texto nomeia os dois lados e não é a relação de uma conta) e só com um nome de cada lado."""
    if not registro.itens or any(i.trecho.celulas is None and i.trecho.coluna is None for i in registro.itens):
        return None
    valores = [i for i in registro.itens if i.achado.campo == "valor_transacao" and i.achado.metadados.get("direcao")]
    if len(valores) != 1:
        return None
    lados = {papel: [i for i, item in enumerate(registro.itens) if item.achado.campo == "nome_titular"
                     and item.achado.metadados.get("papel") == papel] for papel in ("remetente", "destinatario")}
    if len(lados["remetente"]) != 1 or len(lados["destinatario"]) != 1:
        return None
    indice = lados["destinatario" if valores[0].achado.metadados["direcao"] == "credito" else "remetente"][0]
    nome = registro.itens[indice]
    contexto: dict[str, Any] = {**(atual or {}), "nome": nome.achado.dado,
                                "locais": [*(atual or {}).get("locais", []), _local_titular(nome, "nome")]}
    # o CPF da mesma ponta: o que vem logo depois do nome ("Nome Recebedor | CPF/CNPJ Recebedor")
    if indice + 1 < len(registro.itens) and (cpf := registro.itens[indice + 1]).achado.campo == "cpf":
        contexto["cpf"] = cpf.achado.dado
        contexto["locais"].append(_local_titular(cpf, "cpf"))
    return contexto


def _contraparte_pelo_titular(registro: Registro, atual: dict[str, Any]) -> None:
    """Num lançamento de extrato cujo titular o cabeçalho declara, o nome do campo genérico ("Nome", "Name") que
    não é o do titular é a contraparte: quem pagou ou recebeu (um JSON de banco digital: `"Nome": "Thiago ..."`).
    Só com um nome assim no registro; dois deixariam a dúvida de qual é."""
    if "nome" not in atual:
        return  # só a conta foi declarada: nenhum nome do registro se distingue do titular
    declarado = dobrar(atual["nome"])
    outros = [i.achado for i in registro.itens if i.achado.campo == "nome_titular"
              and i.achado.metadados.get("papel") in _PAPEIS_DE_TITULAR
              and i.achado.metadados.get("nome_normalizado") != declarado
              and not marcadores.texto_nao_informado(i.achado.dado)]  # "Nao Informado" não é pessoa
    if len(outros) != 1:
        return
    for item in registro.itens:
        meta = item.achado.metadados
        if item.achado.campo == "valor_transacao" and "contraparte" not in meta:
            meta["contraparte"] = outros[0].dado
            meta["contraparte_normalizada"] = outros[0].metadados["nome_normalizado"]
            documento_da_contraparte(meta, outros[0], registro)


def _chave_da_conta(atual: dict[str, Any], conta: Item) -> None:
    """A conta como "agência|número" (a forma de `principal.identidades.conta_do_texto`), quando a agência foi lida
    junto dela, ainda que noutra linha ("Agência ;0001" em cima de "Conta ;1234567-8"): o literal da conta sozinho
    não diz a agência."""
    meta = conta.achado.metadados
    if meta.get("agencia") and meta.get("conta"):
        atual["conta_chave"] = f"{meta['agencia'].lstrip('0')}|{meta['conta'].lstrip('0')}"


def _local_titular(item: Item, papel: str) -> dict[str, Any]:
    local: dict[str, Any] = {"papel": papel, "pagina": item.trecho.pagina, "linha_ou_celula": item.trecho.localizacao,
                             "dado": item.achado.dado}
    if item.trecho.aba:
        local["aba_planilha"] = item.trecho.aba
    return local
