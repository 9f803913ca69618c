"""Registro feito de campos rotulados (objeto de JSON, bloco chave-valor): os achados de cada campo,
com o papel que o rótulo dá, ligados dentro do registro.

Cada campo aponta a linha em que o valor está; os achados são os do reconhecedor sobre essa linha
(o rótulo na mesma linha dá contexto, como em `"Timestamp": 1700000000`) que caem dentro do valor.
Quando nenhum reconhecedor vê o valor, o papel do rótulo decide (`"Telefone verificado":
"5516968261648"`). No registro:
- a porta de um campo de porta vai para o IP do registro, com a linha dela como apoio;
- data e hora em campos separados formam o instante; o fuso vem, nesta ordem, de um campo de fuso do
  registro, do rótulo do campo (`"Timestamp (UTC-3)"`) ou do contexto declarado acima.
"""

from __future__ import annotations

import re
from typing import Any

from perito.chaves import dinheiro, faixa_de_portas, tempo, tempo_unix
from perito.chaves import ip as ip_chaves
from perito.chaves.conta import digitos_da_agencia
from perito.chaves.digitos import somente_digitos
from perito.extratores import colunas, quantias, reconhecedores, rotulos
from perito.extratores import tempo_unix as tempo_unix_extrator
from perito.extratores.achado import Achado
from perito.extratores.contexto import Contexto, Declaracao, aplicar_fuso
from perito.extratores.montagem import Item, Registro
from perito.extratores.motor.comum import lado_da_coluna, lado_das_pessoas
from perito.extratores.papeis import achado_da_coluna
from perito.extratores.reconhecedores import reconhecer
from perito.leitura.documento import Trecho
from perito.leitura.registro import Campo, RegistroLido

#: onde termina o nome no começo de um campo que diz mais coisas da pessoa
_SEPARA_O_NOME = re.compile(r"\s+[-–|,;/]\s+|\s*[,;(]\s*|\s+(?=(?:CPF|CNPJ|RG|Ag[eê]ncia|Ag\.|Conta|C/C)\b)", re.IGNORECASE)


#: linhas cujos achados o Leitor guarda de cada vez (só cópias saem do guardado: esquecer custa só reconhecer de novo)
_LINHAS_GUARDADAS = 4096


class Leitor:
    """Monta os registros de um documento; reconhece cada linha uma vez (num JSON compacto, uma linha tem
    muitos campos)."""

    def __init__(self, ctx: Contexto, arquivo: str) -> None:
        self.ctx = ctx
        self.arquivo = arquivo
        self._da_linha: dict[int, list[Achado]] = {}
        self._recortes: dict[int, tuple[int, int]] = {}
        self._em_reais: frozenset[str] = frozenset()

    def preparar(self, lidos: list[RegistroLido]) -> None:
        """As decisões que valem para o documento inteiro, tomadas antes do primeiro registro: o texto de cada objeto
        de um JSON minificado e os campos de valor cujos inteiros são reais."""
        self._recortes = _recortes_da_linha_partilhada(lidos)
        self._em_reais = _campos_de_valor_com_decimais(lidos)

    def _achados_da_linha(self, trecho: Trecho) -> list[Achado]:
        achados = self._da_linha.get(id(trecho))
        if achados is None:
            if len(self._da_linha) >= _LINHAS_GUARDADAS:
                # os registros vêm na ordem do documento: a linha repetida é a do registro ao lado (o JSON compacto);
                # guardadas todas, os achados de cada linha de um JSON de 100 mil logins ficavam até o fim
                self._da_linha.clear()
            achados = self._da_linha[id(trecho)] = reconhecer(trecho.texto)
        return achados

    def achados(self, campo: Campo, papel: str | None, lido: RegistroLido | None = None) -> list[Achado]:
        achados = self._achados(campo, papel, lido)
        # o lado da transferência dito no rótulo ("counterparty_name", "payer", "Favorecido"), como o nome da coluna de
        # uma tabela: a pessoa do campo é a contraparte, quem pagou ou quem recebeu, não o titular da conta
        if campo.rotulo and achados and (lado := lado_da_coluna(campo.rotulo)):
            lado_das_pessoas(achados, lado)
        return achados

    def _achados(self, campo: Campo, papel: str | None, lido: RegistroLido | None = None) -> list[Achado]:
        inicio, fim = campo.inicio, campo.inicio + len(campo.valor)
        if papel == "tempo_unix" and campo.rotulo and (instante := self._tempo_unix(campo, lido)) is not None:
            return [instante]
        # o que toca o valor ("Agência: 1207 Conta: 30418-6" é uma conta que começa no rótulo)
        dentro = [_copia(a) for a in self._achados_da_linha(campo.trecho) if a.inicio < fim and inicio < a.fim]
        if not dentro and papel in quantias.PAPEIS_DE_VALOR and (
                novo := _valor_do_campo(campo, papel, inicio, campo.rotulo in self._em_reais)):
            return [novo]
        if not dentro and papel and (novo := achado_da_coluna(papel, campo.valor, inicio)):
            return [novo]
        if papel == "nome" and dentro and not any(a.campo == "nome_titular" for a in dentro):
            # "Titular": "Laércio Lacerda Bezerra - CPF 30514015446 - Agência 0001 - Conta 6462765-2": o nome é o que
            # vem antes do primeiro separador ou do primeiro outro dado
            cabeca = _SEPARA_O_NOME.split(campo.valor.strip(), maxsplit=1)[0].strip()
            posicao = inicio + campo.valor.find(cabeca)
            if cabeca and all(posicao + len(cabeca) <= a.inicio for a in dentro) and (
                    novo := achado_da_coluna("nome", cabeca, posicao)):
                dentro.insert(0, novo)
        if campo.rotulo and reconhecedores.rotulo_de_cadastro(campo.rotulo):  # "Renda declarada": não é lançamento
            dentro = [a for a in dentro if a.campo != "valor_transacao"]
        if campo.rotulo and reconhecedores.rotulo_de_outro_numero(campo.rotulo):  # "ID do usuário | 1429935712"
            dentro = [a for a in dentro if not (a.tipo_dado == "telefone" and a.dado.isdigit())]
        for achado in dentro:
            _refinar(achado, papel)
        return dentro

    def _tempo_unix(self, campo: Campo, lido: RegistroLido | None) -> Achado | None:
        """O número sob um rótulo de tempo Unix (`<dt>timestamp_unix (ms)</dt><dd>1705443761491</dd>`): o instante, com
        a linha do rótulo como declaração citável (na mesma linha, o reconhecedor já o leu)."""
        valor = campo.valor.strip()
        rotulo = (campo.rotulo or "").strip()
        if not valor.isdigit() or rotulo in campo.trecho.texto:
            return None
        unidade = tempo_unix.unidade(valor, tempo_unix.coluna_de_tempo(rotulo) or "")
        if unidade is None or (momento := tempo_unix.instante(valor, unidade)) is None:
            return None
        # a linha do rótulo como escrita: "unix_time (ms)", "(timestamp_unix)" abaixo do valor, "Epoch:"
        linha_do_rotulo = next((t for t in (lido.trechos() if lido else ()) if _rotulo_escrito(t.texto) == rotulo), None)
        if linha_do_rotulo is None:
            return None  # sem a linha do rótulo para citar, o número não se sustenta como instante
        meta = tempo_unix_extrator.metadados(momento, unidade)
        meta["contexto_tempo_unix"] = Declaracao("tempo_unix", rotulo, "coluna", linha_do_rotulo, 0, None).local(self.arquivo)
        inicio = campo.inicio + campo.valor.index(valor)
        return Achado(inicio, inicio + len(valor), valor, "data_evento", "outro", tempo_unix.FUSO, meta)

    def registros(self, lidos: list[RegistroLido]) -> tuple[list[Registro], set[int]]:
        """Os registros e os ids dos trechos que eles já leem (a leitura por linhas pula esses)."""
        consumidos = {id(t) for lido in lidos for t in lido.trechos()}
        self.preparar(lidos)
        return [self.registro(lido) for lido in lidos], consumidos

    def registro(self, lido: RegistroLido) -> Registro:
        itens: list[Item] = []
        papeis: dict[str, Campo] = {}
        vistos: set[tuple[int, int, int]] = set()
        for campo in lido.campos:
            papel = colunas.papel(campo.rotulo) if campo.rotulo else None
            if papel:
                papeis.setdefault(papel, campo)
            if papel in ("porta", "porta_final", "fuso", "saldo"):
                continue
            for achado in self.achados(campo, papel, lido):
                if (id(campo.trecho), achado.inicio, achado.fim) in vistos:
                    continue
                vistos.add((id(campo.trecho), achado.inicio, achado.fim))
                if campo.rotulo and achado.campo == "data_evento":
                    if papel_da_data := _papel_da_data(campo.rotulo):
                        achado.metadados.setdefault("papel", papel_da_data)
                itens.append(Item(achado, campo.trecho))
        self._instantes(itens, lido, papeis)
        _porta(itens, papeis.get("porta"))
        _porta(itens, papeis.get("porta_final"), "porta_final")
        _porta_escrita_na_linha_do_ip(itens)
        _faixa_noutro_campo(itens, lido)
        _conta(itens, papeis)
        texto = " ".join(t.texto for t in lido.trechos())
        if (recorte := self._recortes.get(id(lido))) is not None:
            texto = texto[recorte[0]:recorte[1]]
        return Registro(lido.identidade, texto, itens, extrato="saldo" in papeis)

    def _instantes(self, itens: list[Item], lido: RegistroLido, papeis: dict[str, Campo]) -> None:
        hora = papeis.get("hora")
        if hora is None and (data_hora := papeis.get("data_hora")) is not None and tempo.hora_e_fuso(data_hora.valor):
            hora = data_hora  # "Time: 12:35:43" ao lado de "Date: 11/01/2018": o rótulo diz tempo, o valor é a hora
        fuso = papeis.get("fuso")
        fuso_valido = fuso is not None and tempo.zona(fuso.valor.strip()) is not None
        lida = tempo.hora_e_fuso(hora.valor) if hora is not None else None  # "Hora: 23:14:08 UTC+00:00"
        for item in itens:
            achado, meta = item.achado, item.achado.metadados
            if achado.campo != "data_evento":
                continue
            if "hora" not in meta and hora is not None and lida is not None:
                meta["hora"] = lida[0]
                if hora.trecho is not item.trecho:
                    meta.setdefault("apoio", []).append(_local(hora, "hora"))  # a hora como escrita, fuso junto
                if lida[1] is not None and not achado.fuso:
                    achado.fuso = lida[1]  # o fuso escrito no campo da hora: o mais próximo do dado
                    if momento := tempo.instante(meta["data"], meta["hora"], lida[1]):
                        meta["instante_utc"] = tempo.iso_utc(momento)
            if "hora" not in meta or achado.fuso:
                continue
            if fuso_valido and fuso is not None:
                _fuso_do_campo(item, fuso)
            elif (declaracao := self._fuso(item, lido, hora)) is not None:
                aplicar_fuso(achado, declaracao, self.arquivo)

    def _fuso(self, item: Item, lido: RegistroLido, hora: Campo | None = None) -> Declaracao | None:
        """Fuso do rótulo do campo da data, senão o do campo que deu a hora a ela ("Data" e, embaixo, "Hora (BRT)"),
        senão o declarado acima."""
        for campo in lido.campos:
            if campo.trecho is item.trecho and campo.rotulo and colunas.fuso_do_cabecalho(campo.rotulo):
                return self.ctx.declarar_coluna(_onde_o_rotulo(campo, lido), campo.rotulo, campo.rotulo)
        if (hora is not None and hora.trecho is not item.trecho and hora.rotulo
                and item.achado.metadados.get("hora") == (tempo.hora_e_fuso(hora.valor) or ("",))[0]
                and colunas.fuso_do_cabecalho(hora.rotulo)):
            return self.ctx.declarar_coluna(_onde_o_rotulo(hora, lido), hora.rotulo, hora.rotulo)
        return self.ctx.fuso_para(item.trecho)


def _onde_o_rotulo(campo: Campo, lido: RegistroLido) -> Trecho:
    """O trecho em que o rótulo do campo está escrito: o do valor ("Hora (BRT): 11:34:02"), ou a célula ou linha logo
    antes dele no registro (a célula de rótulo de uma ficha em colunas, a linha de rótulo acima do valor)."""
    if campo.rotulo and campo.rotulo in campo.trecho.texto:
        return campo.trecho
    linhas = lido.trechos()
    posicao = next((i for i, t in enumerate(linhas) if t is campo.trecho), 0)
    anterior = linhas[posicao - 1] if posicao > 0 else None
    return anterior if anterior is not None and campo.rotulo and campo.rotulo in anterior.texto else campo.trecho


def _rotulo_escrito(texto: str) -> str:
    """O rótulo de uma linha que é só rótulo, sem os parênteses que o envolvem nem os dois-pontos do fim."""
    limpo = texto.strip()
    if limpo.startswith("(") and limpo.endswith(")"):
        limpo = limpo[1:-1]
    return limpo.rstrip(":").strip()


def _copia(achado: Achado) -> Achado:
    return Achado(achado.inicio, achado.fim, achado.dado, achado.campo, achado.tipo_dado, achado.fuso,
                  dict(achado.metadados), achado.alerta)


def _papel_da_data(rotulo: str) -> str | None:
    return rotulos.papel_da_data(rotulo)


def _refinar(achado: Achado, papel: str | None) -> None:
    """O rótulo afina o campo: um telefone sob "Chave Pix" é uma chave; onze dígitos sob "CPF", um CPF; sob
    "Timestamp", não é telefone."""
    if papel == "chave_pix" and achado.campo in ("telefone", "email", "cpf"):
        achado.metadados.setdefault("tipo_chave", achado.campo)
        achado.campo, achado.tipo_dado = "chave_pix", "financeiro"
    elif papel in ("data_hora", "data", "hora", "tempo_unix") and achado.campo == "telefone":
        # dez dígitos sob "timestamp_unix" são um instante, não um telefone: ficam como dado sem papel de chave
        achado.campo, achado.tipo_dado, achado.metadados = "outro", "outro", {"rotulo": papel}
    elif papel in ("cpf", "documento") and achado.campo == "telefone":
        if (documento := achado_da_coluna(papel, achado.dado, achado.inicio)) is not None:
            achado.campo, achado.tipo_dado, achado.metadados = documento.campo, documento.tipo_dado, documento.metadados
            achado.alerta = documento.alerta


def _fuso_do_campo(item: Item, fuso: Campo) -> None:
    achado, meta = item.achado, item.achado.metadados
    achado.fuso = fuso.valor.strip()
    if momento := tempo.instante(meta["data"], meta["hora"], achado.fuso):
        meta["instante_utc"] = tempo.iso_utc(momento)
    if fuso.trecho is not item.trecho:
        meta.setdefault("apoio", []).append(_local(fuso, "fuso"))


_NUMERO_COM_PONTO = re.compile(r"-?\d+\.\d{1,2}")


def _valor_do_campo(campo: Campo, papel: str, inicio: int, em_reais: bool = False) -> Achado | None:
    """O valor de um campo de valor ("amount": "2870.00", mesmo no meio de um objeto JSON compacto): o ponto decimal
    com uma ou duas casas é a notação do JSON; a vírgula, a brasileira; o inteiro num campo em centavos, centavos.
    `em_reais`: o mesmo campo tem valores com centavos noutros objetos ("amount": 2350.5 e "amount": -2300, como o
    JavaScript grava o número redondo): o inteiro é de reais."""
    valor = campo.valor.strip()
    texto = campo.trecho.texto
    if _NUMERO_COM_PONTO.fullmatch(valor) or (em_reais and _INTEIRO.fullmatch(valor)):
        inteiro, _, casas = valor.partition(".")
        completo = f"{inteiro}.{casas.ljust(2, '0')}"  # "2350.5" → "2350.50", "-2300" → "-2300.00"
        return quantias.achado_de_valor(texto, inicio, completo, "us", papel, literal=valor)
    notacao = "centavos" if campo.rotulo and dinheiro.declara_centavos(campo.rotulo) else None
    return quantias.achado_de_valor(texto, inicio, valor, notacao, papel)


def _porta(itens: list[Item], campo: Campo | None, chave: str = "porta") -> None:
    """A porta do campo de porta é a do IP do registro (um IP só: com dois, não se sabe de qual é); `porta_final`, o
    fim do bloco de portas que a operadora deu à conexão."""
    if campo is None or not campo.valor.strip().isdigit() or not ip_chaves.porta_valida(campo.valor.strip()):
        return
    ips = [i for i in itens if i.achado.tipo_dado == "ip" and chave not in i.achado.metadados]
    if len(ips) != 1:
        return
    meta = ips[0].achado.metadados
    meta[chave] = campo.valor.strip()
    if campo.trecho is not ips[0].trecho:
        meta.setdefault("apoio", []).append(_local(campo, chave))


def _porta_escrita_na_linha_do_ip(itens: list[Item]) -> None:
    """A porta (ou o bloco de portas) rotulada na linha do IP, dentro do valor de outro campo ("IP: 189.40.77.212  Porta:
    50123  Data: ...", que o bloco de rótulos lê como um campo "IP" com o resto da linha no valor): a do IP, como na
    linha de texto. Só com um IP sem porta no registro e nenhum outro IP na linha."""
    ips = [i for i in itens if i.achado.tipo_dado == "ip"]
    if len(ips) != 1 or "porta" in (meta := ips[0].achado.metadados):
        return
    texto, depois = ips[0].trecho.texto, ips[0].achado.fim
    if texto[ips[0].achado.inicio:depois] != ips[0].achado.dado:
        return  # o achado não está em coordenadas da linha: não se sabe onde procurar
    if (faixa := faixa_de_portas.na_linha(texto, depois)) is not None:
        meta["porta"], meta["porta_final"] = faixa.inicial, faixa.final
    elif (m := ip_chaves.PADRAO_PORTA_ROTULADA.search(texto, depois)) and ip_chaves.porta_valida(m.group(1)):
        meta["porta"] = m.group(1)


def _faixa_noutro_campo(itens: list[Item], lido: RegistroLido) -> None:
    """O bloco de portas num campo do registro que não é o do IP ("Endereço público: 177.9.144.212" / "Intervalo de
    portas: 40000-40255", o bloco da CGNAT que o provedor dá à conexão): a primeira porta é a do IP e a última, o
    `porta_final` dele, citadas na linha do campo, como na leitura por linhas (`motor.linhas._faixa_de_portas`). Só
    com um IP sem porta no registro e nenhum IP na linha do campo."""
    ips = [i for i in itens if i.achado.tipo_dado == "ip"]
    if len(ips) != 1 or "porta" in (meta := ips[0].achado.metadados):
        return
    for campo in lido.campos:
        if campo.trecho is ips[0].trecho or any(i.trecho is campo.trecho and i.achado.tipo_dado == "ip" for i in itens):
            continue
        if (faixa := faixa_de_portas.na_linha(campo.trecho.texto)) is None:
            continue
        meta["porta"], meta["porta_final"] = faixa.inicial, faixa.final
        local = {"pagina": campo.trecho.pagina, "linha_ou_celula": campo.trecho.localizacao}
        if campo.trecho.aba:
            local["aba_planilha"] = campo.trecho.aba
        meta.setdefault("apoio", []).extend(
            {"papel": papel, **local, "dado": dado} for papel, dado in (("porta", faixa.inicial), ("porta_final", faixa.final)))
        return


def _conta(itens: list[Item], papeis: dict[str, Campo]) -> None:
    """Banco, agência e conta em campos separados formam a conta bancária, citada na linha da conta (as linhas da
    agência e do banco vão como apoio)."""
    conta, agencia = papeis.get("conta"), papeis.get("agencia")
    if conta is None or agencia is None or any(i.achado.campo == "conta_bancaria" for i in itens):
        return
    digitos_conta, digitos_agencia = somente_digitos(conta.valor), digitos_da_agencia(agencia.valor)
    if not digitos_conta or not digitos_agencia:
        return
    meta: dict[str, Any] = {"agencia": digitos_agencia, "conta": digitos_conta.lstrip("0") or "0"}
    apoio = [_local(agencia, "agencia")] if agencia.trecho is not conta.trecho else []
    if (banco := papeis.get("banco")) is not None and (digitos_banco := somente_digitos(banco.valor)):
        meta["banco"] = digitos_banco
        if banco.trecho is not conta.trecho:
            apoio.append(_local(banco, "banco"))
    meta["conta_normalizada"] = "|".join(meta.get(k, "") for k in ("banco", "agencia", "conta"))
    if apoio:
        meta["apoio"] = apoio
    inicio = conta.inicio + conta.valor.index(conta.valor.strip())
    achado = Achado(inicio, inicio + len(conta.valor.strip()), conta.valor.strip(), "conta_bancaria", "financeiro",
                    metadados=meta)
    itens[:] = [i for i in itens if not (i.trecho is conta.trecho and i.achado.inicio < achado.fim
                                         and achado.inicio < i.achado.fim)]
    itens.append(Item(achado, conta.trecho))


def _local(campo: Campo, papel: str) -> dict[str, Any]:
    local: dict[str, Any] = {"papel": papel, "pagina": campo.trecho.pagina, "linha_ou_celula": campo.trecho.localizacao,
                             "dado": campo.valor.strip()}
    if campo.trecho.aba:
        local["aba_planilha"] = campo.trecho.aba
    return local


def _recortes_da_linha_partilhada(lidos: list[RegistroLido]) -> dict[int, tuple[int, int]]:
    """id(registro) → (começo, fim) do texto dele na linha que divide com outros (o JSON minificado: todos os objetos
    numa linha só). O texto do registro é o que a direção, o meio e a operação leem: o "LANCAMENTO_FUTURO" ou o
    "CREDITO" do objeto vizinho não é deste. Cada registro vai do rótulo do seu primeiro campo ao do primeiro campo
    do seguinte."""
    por_linha: dict[int, list[RegistroLido]] = {}
    for lido in lidos:
        trechos = lido.trechos()
        if len(trechos) == 1 and lido.campos:
            por_linha.setdefault(id(trechos[0]), []).append(lido)
    recortes: dict[int, tuple[int, int]] = {}
    for juntos in por_linha.values():
        if len(juntos) < 2:
            continue
        comecos = [_comeco(lido) for lido in juntos]
        fim_da_linha = len(juntos[0].trechos()[0].texto)
        for lido, comeco, seguinte in zip(juntos, comecos, [*comecos[1:], fim_da_linha], strict=True):
            recortes[id(lido)] = (comeco, max(seguinte, comeco))
    return recortes


def _comeco(lido: RegistroLido) -> int:
    """Onde o registro começa na linha: o rótulo do primeiro campo escrito antes do valor, ou o valor."""
    primeiro = min(lido.campos, key=lambda c: c.inicio)
    rotulo = (primeiro.rotulo or "").split()[:1]
    if rotulo and (achado := primeiro.trecho.texto.rfind(rotulo[0], 0, primeiro.inicio)) >= 0:
        return achado
    return primeiro.inicio


_INTEIRO = re.compile(r"-?\d{1,12}")


def _campos_de_valor_com_decimais(lidos: list[RegistroLido]) -> frozenset[str]:
    """Os rótulos de campos de valor que têm, em algum objeto, um número com ponto e uma ou duas casas ("2350.5"): os
    inteiros deles são reais. Sem nenhum, o inteiro fica sem leitura (pode ser de centavos)."""
    return frozenset(c.rotulo for lido in lidos for c in lido.campos
                     if c.rotulo and _NUMERO_COM_PONTO.fullmatch(c.valor.strip())
                     and colunas.papel(c.rotulo) in quantias.PAPEIS_DE_VALOR
                     and not dinheiro.declara_centavos(c.rotulo))
