"""Uma linha de dados de uma tabela SIMBA e os dados que ela dá, célula por célula (papel da coluna).

Convenções do leiaute (FORMATOS.md §4): valores inteiros em centavos, datas `DDMMYYYY`, hora só dentro
de DESCRICAO_LANCAMENTO, corridas de 9 ou `NAO INFORMADO` no lugar do que o banco não tem.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from perito.chaves import conta as chaves_conta
from perito.chaves import documento as chaves_documento
from perito.chaves import telefone
from perito.chaves.digitos import somente_digitos
from perito.chaves.nome import dobrar
from perito.extratores import simba_leiaute as leiaute
from perito.extratores.achado import Achado
from perito.extratores.reconhecedores import PADRAO_EMAIL, reconhecer
from perito.extratores.simba_celulas import MAXIMO_COLUNAS, Cabecalho, Celula, celulas, data_simba, nao_informado, valor_simba
from perito.leitura.documento import Documento, Trecho
from perito.texto_ptbr import plural

_HORA = re.compile(
    r"(?<![\d:])(?P<h>[01]?\d|2[0-3])(?:h|H|:)(?P<m>[0-5]\d)(?:(?::|min)?(?P<s>[0-5]\d)s?)?(?![\d:])"
)
_MEIO = re.compile(r"\b(PIX|TED|DOC|TEF|BOLETO|SAQUE|DEPOSITO|TRANSF\w*)\b")
#: TIPO_LANCAMENTO (FORMATOS.md §4) → meio, quando a descrição não o diz
_MEIO_DO_TIPO = {"114": "SAQUE", "120": "TRANSFERENCIA", "209": "TRANSFERENCIA", "220": "DEPOSITO", "223": "PIX",
                 "222": "CARTAO"}
_TIPO_PESSOA = {"1": "fisica", "F": "fisica", "PF": "fisica", "FISICA": "fisica",
                "2": "juridica", "J": "juridica", "PJ": "juridica", "JURIDICA": "juridica"}
_TITULAR = frozenset({"T", "TITULAR"})
_MARCADOR_DE_HORA = re.compile(r"\s+(HR|HORA|AS|ÀS|H)\.?$", re.IGNORECASE)
#: papéis cujo valor identifica alguém ou algo: um marcador de "não informado" ali nunca é chave
_PAPEIS_DE_CHAVE = frozenset({"conta", "banco", "agencia", "documento", "nome", "data", "endereco", "telefone",
                              "email"})


@dataclass
class Linha:
    """Uma linha de dados de uma tabela SIMBA e os dados que ela dá."""

    documento: Documento
    cabecalho: Cabecalho
    trecho: Trecho
    alertas: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.celulas: list[Celula] = []
        colunas = self.cabecalho.colunas
        for indice, (texto, inicio) in enumerate(celulas(self.trecho, self.cabecalho.separador)):
            if indice >= MAXIMO_COLUNAS:
                self.alertas.append(
                    f"{self.documento.arquivo} ({self.trecho.localizacao}): mais de {MAXIMO_COLUNAS} colunas;"
                    f" só as {MAXIMO_COLUNAS} primeiras foram lidas"
                )
                break
            coluna = colunas[indice] if indice < len(colunas) else leiaute.sem_nome(indice + 1)
            if not self.cabecalho.conhecida and (coluna.papel in leiaute.PAPEIS_DAS_CONHECIDAS or coluna.papel_data):
                # tabela fora do leiaute lido: sem papéis que o cabeçalho não garante (a abertura é da agência?)
                papel = "texto" if coluna.papel in leiaute.PAPEIS_DAS_CONHECIDAS else coluna.papel
                coluna = leiaute.Coluna(coluna.nome, coluna.normalizado, papel, coluna.lado_od)
            self.celulas.append(Celula(texto, inicio, coluna))

    # -- o que a linha diz, por papel ------------------------------------------------------

    def celula(self, papel: str, lado_od: bool = False) -> Celula | None:
        return next((c for c in self.celulas if c.coluna.papel == papel and c.coluna.lado_od == lado_od
                     and c.valor), None)

    def chaves(self) -> dict[str, str]:
        return {c.coluna.normalizado.lower(): c.valor for c in self.celulas if c.coluna.papel == "chave" and c.valor}

    def tipo_pessoa(self, lado_od: bool = False) -> str | None:
        c = self.celula("tipo_pessoa", lado_od)
        return _TIPO_PESSOA.get(dobrar(c.valor).upper()) if c else None

    def conta(self, lado_od: bool = False) -> dict[str, Any] | None:
        """Banco, agência e conta da linha (ou da contraparte), com a conta normalizada."""
        numero = self.celula("conta", lado_od)
        if numero is None:
            return None
        banco, agencia = self.celula("banco", lado_od), self.celula("agencia", lado_od)
        chave = (lado_od, banco.valor if banco else None, agencia.valor if agencia else None, numero.valor)
        if chave not in self.cabecalho.contas:
            self.cabecalho.contas[chave] = _conta(banco, agencia, numero)
        return self.cabecalho.contas[chave]

    def data(self) -> tuple[Celula, str] | None:
        """A data do lançamento (a primeira coluna de data sem papel próprio)."""
        for c in self.celulas:
            if c.coluna.papel == "data" and not c.coluna.papel_data and (data := data_simba(c.valor)):
                return c, data
        return None

    def hora(self) -> tuple[str, str] | None:
        """(hora normalizada, literal) escrita dentro da descrição do lançamento."""
        descricao = self.celula("descricao")
        if descricao and (m := _HORA.search(descricao.valor)):
            normal = f"{int(m.group('h')):02d}:{m.group('m')}" + (f":{m.group('s')}" if m.group("s") else "")
            return normal, m.group(0)
        return None

    # -- dados ------------------------------------------------------------------------------

    def achados(self) -> list[Achado]:
        tabela = self.cabecalho.tabela
        base = {"tabela": tabela, "linha": _numero(self.trecho.localizacao),
                "conjunto": leiaute.conjunto(self.documento.arquivo), **self.chaves()}
        conta, conta_od = self.conta(), self.conta(lado_od=True)
        achados: list[Achado] = []
        for celula in self.celulas:
            if not celula.valor:
                continue
            for achado in self._da_celula(celula, conta, conta_od):
                if celula.coluna.papel in _PAPEIS_DE_CHAVE and nao_informado(celula.valor):
                    achado.metadados["nao_informado"] = True
                achado.metadados["simba"] = {**base, "coluna": celula.coluna.nome}
                achado.metadados["registro"] = self.trecho.localizacao
                if conta and "conta" not in achado.metadados:
                    achado.metadados["conta"] = conta
                achados.append(achado)
        if contraparte := self._contraparte(conta_od):
            for achado in achados:
                achado.metadados.setdefault("origem_destino", contraparte)
        self._ligar_valores(achados)
        achados.sort(key=lambda a: (a.inicio, a.fim))
        return achados

    def _da_celula(self, c: Celula, conta: dict | None, conta_od: dict | None) -> list[Achado]:
        papel, inicio, valor = c.coluna.papel, c.inicio_valor, c.valor
        fim = inicio + len(valor)
        if papel == "conta":
            propria = conta_od if c.coluna.lado_od else conta
            return [_marcar(Achado(inicio, fim, valor, "conta_bancaria", "financeiro",
                                   metadados={"conta": propria, **self._lado(c)}), propria)]
        if papel == "documento":
            return _lista(self._documento(c))
        if papel == "nome" and any(ch.isalpha() for ch in valor):
            return [self._nome(c)]
        if papel == "data":
            return _lista(self._data(c))
        if papel == "valor":
            return _lista(self._valor(c, "valor_transacao"))
        if papel == "renda":
            return _lista(self._valor(c, "outro", papel="renda_declarada"))
        if papel == "endereco" and any(ch.isalpha() for ch in valor):
            return [Achado(inicio, fim, valor, "endereco", "localizacao", metadados=self._lado(c))]
        if papel == "telefone" and (numero := telefone.e164(valor)):
            return [Achado(inicio, fim, valor, "telefone", "telefone", metadados={"e164": numero, **self._lado(c)})]
        if papel == "email" and PADRAO_EMAIL.fullmatch(valor):
            return [Achado(inicio, fim, valor, "email", "outro", metadados={"email_normalizado": valor.lower()})]
        if papel in ("texto", "descricao", "telefone", "email"):
            achados = [_sem_marcador_de_hora(a, c.texto) for a in reconhecer(c.texto)]
            for a in achados:
                a.inicio, a.fim = a.inicio + c.inicio, a.fim + c.inicio
            return achados
        return []  # chaves, códigos, tipos, natureza, saldo: não são dados

    def _lado(self, c: Celula) -> dict[str, str]:
        return {"lado": "contraparte"} if c.coluna.lado_od or self.cabecalho.tabela == "ORIGEM_DESTINO" else {}

    def _documento(self, c: Celula) -> Achado | None:
        valor, inicio = c.valor, c.inicio_valor
        fim, digitos = inicio + len(valor), somente_digitos(valor)
        pessoa = self.tipo_pessoa(c.coluna.lado_od)
        if nao_informado(valor):
            juridica = len(digitos) == 14 or (pessoa == "juridica" and len(digitos) != 11)
            meta: dict[str, Any] = {"nao_informado": True, **self._lado(c)}
            if juridica:
                meta["documento"] = "cnpj"
            return Achado(inicio, fim, valor, "outro" if juridica else "cpf", "documento", metadados=meta)
        if pessoa == "fisica" and len(digitos) == 14 and digitos.startswith("000"):
            digitos = digitos[3:]  # CPF gravado em campo de 14 posições
        elif pessoa == "fisica" and 8 <= len(digitos) < 11:
            digitos = digitos.zfill(11)  # zeros à esquerda perdidos numa planilha
        elif pessoa == "juridica" and 11 <= len(digitos) < 14:
            digitos = digitos.zfill(14)
        if len(digitos) not in (11, 14):
            self.alertas.append(f"{self.documento.arquivo} ({self.trecho.localizacao}): CPF/CNPJ {valor} com"
                                f" {plural(len(somente_digitos(valor)), 'dígito', 'dígitos')}; não lido")
            return None
        cpf = len(digitos) == 11
        valido = chaves_documento.cpf_valido(digitos) if cpf else chaves_documento.cnpj_valido(digitos)
        meta = {"digitos": digitos, "digito_verificador_valido": valido, **self._lado(c)}
        if pessoa:
            meta["tipo_pessoa"] = pessoa
        if not cpf:
            meta["documento"] = "cnpj"
        alerta = None if valido else f"{'CPF' if cpf else 'CNPJ'} {valor} com dígito verificador inválido"
        return Achado(inicio, fim, valor, "cpf" if cpf else "outro", "documento", metadados=meta, alerta=alerta)

    def _nome(self, c: Celula) -> Achado:
        valor, inicio = c.valor, c.inicio_valor
        meta: dict[str, Any] = {**self._lado(c)}
        if nao_informado(valor):
            meta["nao_informado"] = True
        else:
            meta["nome_normalizado"] = dobrar(valor)
        if meta.get("lado"):
            meta["papel"] = "contraparte"
        else:
            relacionamento = self.celula("relacionamento")
            meta["papel"] = "titular" if relacionamento is None or dobrar(relacionamento.valor).upper() in _TITULAR \
                else "relacionado_conta"
            if relacionamento:
                meta["relacionamento"] = relacionamento.valor
        if pessoa := self.tipo_pessoa(c.coluna.lado_od):
            meta["tipo_pessoa"] = pessoa
        return Achado(inicio, inicio + len(valor), valor, "nome_titular", "pessoa", metadados=meta)

    def _data(self, c: Celula) -> Achado | None:
        valor, inicio = c.valor, c.inicio_valor
        fim = inicio + len(valor)
        if nao_informado(valor):
            return Achado(inicio, fim, valor, "data_evento", "outro", metadados={"nao_informado": True})
        data = data_simba(valor)
        if data is None:
            if somente_digitos(valor).strip("0"):  # 00000000 é campo vazio, não data errada
                self.alertas.append(f"{self.documento.arquivo} ({self.trecho.localizacao}): data {valor} inválida"
                                    f" na coluna {c.coluna.nome}; não lida")
            return None
        meta: dict[str, Any] = {"data": data}
        if c.coluna.papel_data:
            meta["papel"] = c.coluna.papel_data
        elif (lancamento := self.data()) and lancamento[0] is c and (hora := self.hora()):
            meta["hora"], meta["hora_literal"] = hora
        return Achado(inicio, fim, valor, "data_evento", "outro", metadados=meta)

    def _valor(self, c: Celula, campo: str, papel: str | None = None) -> Achado | None:
        valor, inicio = c.valor, c.inicio_valor
        lido = valor_simba(valor)
        if lido is None:
            self.alertas.append(f"{self.documento.arquivo} ({self.trecho.localizacao}): valor {valor} ilegível"
                                f" na coluna {c.coluna.nome}; não lido")
            return None
        quantia, unidade = lido
        meta: dict[str, Any] = {"valor": str(quantia), "unidade": unidade}
        if unidade == "centavos":
            cab = self.cabecalho.trecho
            meta["contexto_unidade"] = {"arquivo": self.documento.arquivo, "linha_ou_celula": cab.localizacao,
                                        "texto": c.coluna.nome}
        if papel:
            meta["papel"] = papel
        return Achado(inicio, inicio + len(valor), valor, campo, "financeiro", metadados=meta)

    def _contraparte(self, conta_od: dict | None) -> dict[str, Any] | None:
        """A contraparte de uma linha de ORIGEM_DESTINO (CPF/CNPJ, nome, tipo, conta)."""
        if self.cabecalho.tabela != "ORIGEM_DESTINO":
            return None
        contraparte: dict[str, Any] = {}
        ausentes: list[str] = []
        if (doc := self.celula("documento", True) or self.celula("documento")) is not None:
            if nao_informado(doc.valor):
                ausentes.append("cpf_cnpj")
            else:
                contraparte["cpf_cnpj"] = doc.valor
                contraparte["digitos"] = somente_digitos(doc.valor)
        if (nome := self.celula("nome", True) or self.celula("nome")) is not None:
            if nao_informado(nome.valor):
                ausentes.append("nome")
            else:
                contraparte["nome"] = nome.valor
                contraparte["nome_normalizado"] = dobrar(nome.valor)
        if pessoa := self.tipo_pessoa(True) or self.tipo_pessoa():
            contraparte["tipo_pessoa"] = pessoa
        if conta_od:
            contraparte["conta"] = conta_od
        if ausentes:
            contraparte["nao_informado"] = ausentes
        return contraparte or None

    def _ligar_valores(self, achados: list[Achado]) -> None:
        """O valor de um lançamento leva data, hora, direção, meio, saldo e contraparte da linha."""
        data = self.data()
        hora = self.hora()
        natureza = self.celula("natureza")
        saldo = self.celula("saldo")
        descricao = self.celula("descricao")
        tipo = self.celula("tipo_lancamento")
        nomes = [a for a in achados if a.campo == "nome_titular" and a.metadados.get("nome_normalizado")
                 and a.metadados.get("papel") in ("remetente", "destinatario", "contraparte")]
        for achado in achados:
            if achado.campo != "valor_transacao":
                continue
            meta = achado.metadados
            if data:
                meta["data"] = data[1]
                meta["data_literal"] = data[0].valor
            if hora:
                meta["hora"], meta["hora_literal"] = hora
            if natureza:
                letra = natureza.valor.upper()
                meta["natureza"] = natureza.valor
                if letra in ("C", "D"):
                    meta["direcao"] = "credito" if letra == "C" else "debito"
                else:
                    meta["natureza_nao_informada"] = True
            if descricao and (m := _MEIO.search(dobrar(descricao.valor).upper())):
                meta["meio"] = "TRANSFERENCIA" if m.group(1).startswith("TRANSF") else m.group(1)
            elif tipo and tipo.valor.lstrip("0") in _MEIO_DO_TIPO:
                meta["meio"] = _MEIO_DO_TIPO[tipo.valor.lstrip("0")]
            if tipo:
                meta["tipo_lancamento"] = tipo.valor
            if saldo and (lido := valor_simba(saldo.valor)):
                meta["saldo_apos"] = saldo.valor
                meta["saldo_apos_valor"] = str(lido[0])
                if natureza_saldo := self.celula("natureza_saldo"):
                    meta["natureza_saldo"] = natureza_saldo.valor
            if nomes:
                meta["contraparte"] = nomes[0].dado
                meta["contraparte_normalizada"] = nomes[0].metadados["nome_normalizado"]


def _sem_marcador_de_hora(achado: Achado, texto: str) -> Achado:
    """`PIX RECEBIDO - FULANO HR 09:07:55`: o `HR` antes da hora não é parte do nome."""
    if achado.campo != "nome_titular":
        return achado
    m = _MARCADOR_DE_HORA.search(achado.dado)
    if m and _HORA.match(texto[achado.fim:].lstrip()):
        achado.dado = achado.dado[: m.start()].rstrip()
        achado.fim = achado.inicio + len(achado.dado)
        achado.metadados["nome_normalizado"] = dobrar(achado.dado)
    return achado


def _conta(banco: Celula | None, agencia: Celula | None, numero: Celula) -> dict[str, Any]:
    """A conta montada de banco, agência e número como escritos (`Linha.conta`)."""
    conta: dict[str, Any] = {"banco": banco.valor if banco else None, "agencia": agencia.valor if agencia else None,
                             "conta": numero.valor}
    ausentes = [p for p in ("banco", "agencia", "conta") if conta[p] and nao_informado(conta[p])]
    if ausentes:
        # nada daqui serve de chave: sem forma normalizada
        conta["nao_informado"] = ausentes
        return conta
    conta["conta_normalizada"] = chaves_conta.normalizar(numero.valor)
    if corpo := chaves_conta.corpo(numero.valor):
        conta["conta_sem_dv"] = corpo
    if agencia:
        conta["agencia_normalizada"] = chaves_conta.agencia(agencia.valor)
    if banco and (codigo := chaves_conta.banco(banco.valor)):
        conta.update(codigo)
    conta["chave"] = chaves_conta.chave(conta["banco"], conta["agencia"], numero.valor)
    return conta


def _marcar(achado: Achado, conta: dict | None) -> Achado:
    if conta and conta.get("nao_informado"):
        achado.metadados["nao_informado"] = True
    return achado


def _lista(achado: Achado | None) -> list[Achado]:
    return [achado] if achado else []


def _numero(localizacao: str) -> int | None:
    digitos = somente_digitos(localizacao)
    return int(digitos) if digitos else None
