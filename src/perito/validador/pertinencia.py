"""Valores citados como um evento são de um registro só (issue 23).

Cada referência pode estar certa sozinha (o valor está no local citado) e a conclusão errada: o IP de
um bloco com a hora do bloco vizinho, o telefone da linha 7 com o CPF da linha 6. O validador segmenta
os registros por conta própria (`registros.py`) e, entre referências do mesmo arquivo que caem em
registros diferentes e citam espécies de valor complementares (uma o IP, a outra a hora), confere o
registro de cada uma: se o registro de uma tem o seu próprio valor da espécie que a outra cita, e
diferente dela, o valor foi tomado de outro registro → CONTRADITO, com os dois registros na observação.

Só entre registros pares: linhas da mesma aba ou tabela, blocos do mesmo formulário, objetos do mesmo
JSON, ou linhas de texto com as mesmas espécies de valor (as linhas de uma tabela impressa). Em prosa o
validador não diz o que é um evento: uma hora citada numa linha e o IP ou valor em outra, sem registro
que os una, fica AMBIGUO com o motivo.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from perito.chaves import documento, imei, telefone
from perito.chaves.nome import dobrar
from perito.chaves.saldo_do_dia import SALDO_DO_DIA
from perito.chaves.valores import Valor, decompor
from perito.leitura.documento import PLANILHAS, Documento, Trecho
from perito.validador import porta
from perito.validador.fonte import FonteIndependente
from perito.validador.localizar import localizar
from perito.validador.registros import FIM_DE_FRASE as _FIM_DE_FRASE
from perito.validador.registros import Registro, registro_de

#: espécies que marcam um evento (o que se cruza); data e hora são o quando dele
ANCORAS = ("ip", "valor", "imei", "telefone", "cpf", "cnpj", "chave")
#: âncoras de um evento com o seu quando (um acesso, um lançamento, um uso do aparelho)
EVENTOS = ("ip", "valor", "imei")
_NOMES = {"ip": "o IP", "porta": "a porta", "valor": "o valor", "imei": "o IMEI", "telefone": "o telefone",
          "cpf": "o CPF", "cnpj": "o CNPJ", "data": "a data", "hora": "a hora", "nome": "o nome", "numero": "o número",
          "chave": "a chave"}


def especies(valores: list[Valor], portas: set[str], proprias: bool = False) -> dict[str, set[str]]:
    """Espécie → formas normais. `portas`: as rotuladas do registro (um número curto citado só é porta se
    o registro o rotula assim); `proprias`: as do registro entram como suas. O fuso é contexto (dito uma
    vez no documento), não parte do evento."""
    saida: dict[str, set[str]] = {}
    for v in valores:
        especie, normal = _especie(v, portas)
        if especie:
            saida.setdefault(especie, set()).add(normal)
        if v.tipo == "ip" and v.porta:
            saida.setdefault("porta", set()).add(v.porta)
    if proprias and portas:
        saida.setdefault("porta", set()).update(portas)
    return saida


#: palavras de descrição de lançamento ("Rendimento da carteira", "TARIFA MENSAL PACOTE", "Saldo bloqueado"): a célula
#: que as tem descreve a operação, não nomeia uma pessoa
_PALAVRAS_DE_DESCRICAO = frozenset({
    "rendimento", "rendimentos", "tarifa", "tarifas", "saldo", "pagamento", "pagto", "compra", "compras", "pix", "ted",
    "doc", "transferencia", "recebido", "recebida", "enviado", "enviada", "bloqueio", "bloqueado", "desbloqueio",
    "juros", "iof", "aplicacao", "resgate", "estorno", "devolucao", "deposito", "saque", "debito", "credito", "boleto",
    "cartao", "conta", "carteira", "mensal", "pacote", "servicos", "anuidade", "cashback", "judicial", "cautelar",
})


def nome_de_celula(texto: str) -> str | None:
    """Um nome numa célula (planilha, campo de CSV): só letras, duas palavras ou mais, nenhuma de descrição de
    lançamento."""
    palavras = texto.split()
    if len(palavras) >= 2 and all(p.replace(".", "").replace("-", "").isalpha() for p in palavras):
        dobrado = dobrar(texto)
        if not set(dobrado.split()) & _PALAVRAS_DE_DESCRICAO:
            return dobrado
    return None


def _especie(v: Valor, portas: set[str]) -> tuple[str | None, str]:
    if v.tipo in ("ip", "valor", "data", "hora", "chave"):
        return v.tipo, v.normal
    if v.tipo != "digitos":
        return None, ""
    n = v.normal
    if len(n) <= 5:
        return ("porta", n) if n in portas else (None, "")
    if len(n) == 15 and imei.luhn_valido(n) or len(n) in (14, 16) and "IMEI" in v.texto.upper():
        return "imei", imei.corpo(n) or n
    if documento.PADRAO_CNPJ.fullmatch(v.texto) or (len(n) == 14 and documento.cnpj_valido(n)):
        return "cnpj", n
    if documento.PADRAO_CPF.fullmatch(v.texto) or (len(n) == 11 and documento.cpf_valido(n) and not _com_cara_de_telefone(v)):
        return "cpf", n
    if alvo := telefone.e164(v.texto):
        return "telefone", alvo
    return None, ""


def _com_cara_de_telefone(v: Valor) -> bool:
    return any(c in v.texto for c in "+() ") or (len(v.normal) == 11 and v.normal[2] == "9")


@dataclass
class _Citado:
    indice: int
    registro: Registro
    especies: dict[str, set[str]]


@dataclass
class _Grupo:
    registro: Registro
    doc: Documento
    indices: list[int] = field(default_factory=list)
    citadas: dict[str, set[str]] = field(default_factory=dict)
    #: o que cada referência do grupo cita, como escrito (para achar a frase de cada valor na linha)
    textos_citados: list[str] = field(default_factory=list)
    _proprias: dict[str, set[str]] | None = None

    def frases_citadas(self) -> set[int]:
        """As frases da página em que os valores citados estão, numa linha solta de texto corrido: a frase que
        começou na linha de cima e termina no meio desta é outra que a que começa depois do ponto."""
        registro = self.registro
        if registro.estruturado or not registro.frases or len(registro.trechos) != 1:
            return set()
        texto = registro.trechos[0].texto.rstrip()
        if not _corrida(texto) and not self._continua_frase_corrida():
            return set()  # a linha de um extrato ou de um log impresso: sem frases, cada linha é o seu registro
        fins = [m.start() for m in _FIM_DE_FRASE.finditer(texto) if m.start() < len(texto) - 1]
        primeira = min(registro.frases)
        return {primeira + sum(1 for f in fins if f < posicao)
                for citado in self.textos_citados for v in decompor(citado)
                if (posicao := texto.find(v.texto)) >= 0}

    def _continua_frase_corrida(self) -> bool:
        """A linha curta que continua a frase corrida da linha de cima ("... R$ 2.350,00 em 14/07/2025, às" /
        "15:21:07; JORGE ... - R$ 1.450,00 ..."): tem as frases da carta, como a de cima."""
        trecho = self.registro.trechos[0]
        posicao = self.doc.posicao_na_pagina(trecho)
        if not posicao:
            return False
        de_cima = self.doc.trechos_da_pagina(trecho.pagina, trecho.aba)[posicao - 1]
        frases_de_cima = registro_de(self.doc, de_cima).frases
        return bool(frases_de_cima) and min(self.registro.frases) in frases_de_cima and _corrida(de_cima.texto)

    def proprias(self) -> dict[str, set[str]]:
        if self._proprias is None:
            portas = porta.rotuladas(" ".join(self.registro.textos))
            self._proprias = especies([v for t in self.registro.textos for v in decompor(t)], portas, proprias=True)
            nomes = {n for c in _celulas_de_valor(self.registro) if (n := nome_de_celula(c))}
            if nomes:
                self._proprias["nome"] = nomes
        return self._proprias


#: palavras de ligação do português: uma linha de texto corrido (carta, relato) tem algumas; uma linha de extrato ou de
#: log impressos, quase nenhuma ("PIX RECEBIDO JOSE CARLOS DA SILVA 3.500,00")
_LIGACOES = frozenset({"de", "da", "do", "que", "a", "o", "em", "no", "na", "para", "com", "se", "ao", "à", "e", "os", "as",
                       "dos", "das", "por", "foi", "pela", "pelo"})


def _corrida(texto: str) -> bool:
    palavras = [p.lower().strip(",.;:()") for p in texto.split()]
    return len(palavras) >= 8 and sum(1 for p in palavras if p in _LIGACOES) >= 3


def conferir(referencias: list[dict[str, Any]], detalhes: list[dict[str, Any]], fonte: FonteIndependente) -> None:
    """Marca, em `detalhes`, as referências VERIFICADO cujo valor foi tomado de outro registro."""
    por_arquivo: dict[str, dict[str, _Grupo]] = {}
    for i, (ref, detalhe) in enumerate(zip(referencias, detalhes, strict=True)):
        if detalhe["status"] != "VERIFICADO":
            continue
        aberto = fonte.abrir(ref["arquivo"])
        doc = aberto.documento
        if doc is None:
            continue
        trecho, _ = localizar(doc, ref)
        if trecho is None:
            continue
        registro = registro_de(doc, trecho)
        citadas = especies(decompor(ref["dado_citado"]), porta.rotuladas(" ".join(registro.textos)))
        vazio = not decompor(ref["dado_citado"]) or all(v.tipo == "palavra" for v in decompor(ref["dado_citado"]))
        if vazio and (nome := nome_de_celula(ref["dado_citado"])):  # o nome citado é do registro (linha, bloco)
            citadas["nome"] = {nome}
        if registro.estruturado and (numeros := _numeros_da_tabela(ref["dado_citado"], trecho, doc)):
            citadas["numero"] = numeros
        grupo = por_arquivo.setdefault(ref["arquivo"], {}).setdefault(_chave(registro, trecho), _Grupo(registro, doc))
        grupo.indices.append(i)
        grupo.textos_citados.append(ref["dado_citado"])
        for especie, normais in citadas.items():
            grupo.citadas.setdefault(especie, set()).update(normais)
    for grupos in por_arquivo.values():
        _conferir_grupos(list(grupos.values()), detalhes)


def _numeros_da_tabela(dado_citado: str, trecho: Trecho, doc: Documento) -> set[str]:
    """Números sem forma conhecida citados numa linha de tabela ("125090" em centavos, "08012025" como data no
    SIMBA): a coluna diz o que são, e o validador não a interpreta; mas são do registro, como o valor de uma
    célula. Só contam como o que a referência cita: um número não se cobra do registro vizinho (linhas de uma
    tabela repetem números de conta e de agência)."""
    if doc.tipo not in PLANILHAS and trecho.celulas is None:
        return set()
    return {v.normal for v in decompor(dado_citado) if v.tipo == "digitos" and len(v.normal) >= 3 and not _especie(v, set())[0]}


def _tabular(trecho: Trecho) -> bool:
    return trecho.linha_tabela is not None or trecho.celulas is not None


def _celulas_de_valor(registro: Registro) -> list[str]:
    """As células que podem ser um nome: num formulário (rótulo | valor), só as de valor ("Documento do titular" e
    "Data de ativação" são rótulos); na ficha de uma planilha, cada célula é um trecho e as de rótulo estão nos rótulos."""
    if registro.familia != "formulario":
        return [c for t in registro.trechos for c in _celulas(t)]
    return [c for t in registro.trechos for c in (
        _celulas(t)[1:] if t.linha_tabela is None else () if dobrar(t.texto.strip()) in registro.rotulos else (t.texto,))]


def _celulas(trecho: Trecho) -> tuple[str, ...]:
    if trecho.linha_tabela is not None:
        return (trecho.texto,)
    return trecho.celulas or ()


def _chave(registro: Registro, trecho: Trecho) -> str:
    return f"{trecho.aba}|{registro.nome}"


def _pares(a: _Grupo, b: _Grupo) -> bool:
    if a.registro.estruturado and b.registro.estruturado:
        if a.registro.familia != b.registro.familia:
            return False
        ra, rb = a.registro.rotulos, b.registro.rotulos
        # blocos e objetos: do mesmo formulário (ao menos metade dos rótulos em comum)
        return not (ra or rb) or len(ra & rb) * 2 >= len(ra | rb)
    if a.registro.estruturado or b.registro.estruturado:
        return False
    # linhas de texto: pares quando têm quase as mesmas espécies de valor (linhas de uma tabela impressa: numa
    # resposta do DICT a coluna da chave tem telefone numa linha e chave aleatória na outra)
    ea, eb = set(a.proprias()) - {"porta"}, set(b.proprias()) - {"porta"}
    mesma_pagina = a.registro.trechos[0].pagina == b.registro.trechos[0].pagina
    comuns = ea & eb
    return mesma_pagina and len(comuns) >= 2 and bool(comuns & set(ANCORAS)) and len(ea - eb) <= 1 and len(eb - ea) <= 1


def _conferir_grupos(grupos: list[_Grupo], detalhes: list[dict[str, Any]]) -> None:
    for y in grupos:
        if _dia_de_lancamentos_citados(y, grupos):
            continue
        for x in grupos:
            if x is y or not x.citadas or not y.citadas or set(x.citadas) & set(y.citadas):
                continue
            if _so_tempo(y) and set(x.citadas) <= _USO_DE_NUMERO:
                continue  # a data dos fatos citada para o uso de um número (identificação do titular): é contexto
            if _dia_de_cima(x, y):
                continue  # a data escrita só no primeiro registro do dia vale para as linhas de baixo, sem data
            if x.frases_citadas() & y.frases_citadas():
                continue  # a frase que as linhas cortam: o IP de uma linha e o quando da de cima, na mesma frase
            pares = _pares(x, y)
            problema = _tomado_de_outro(x, y) if pares else _tempo_de_outro(x, y) if _so_tempo(y) else None
            if problema:
                _marcar(y, detalhes, "CONTRADITO", problema)
            elif not pares and not x.registro.estruturado and not y.registro.estruturado:
                if (motivo := _sem_registro(x, y)) and not _hora_de_outro_citado(y, x, grupos):
                    _marcar(y, detalhes, "AMBIGUO", motivo)


def _dia_de_lancamentos_citados(dia: _Grupo, grupos: list[_Grupo]) -> bool:
    """A linha do dia na grade ("14 de Julho de 2025 | Saldo do dia: | R$ 800,00") citada como o dia de algum dos
    lançamentos citados abaixo dela: a conclusão que cita lançamentos de dias diferentes (os créditos de uma conta de
    passagem) cita cada linha do dia para os seus; para os lançamentos de outro dia ela não é o quando."""
    if not _so_tempo(dia) or dia.registro.trechos[0].celulas is None or not _linha_do_dia(dia.registro.trechos[0].texto):
        return False
    return any(x is not dia and x.citadas and not set(x.citadas) & set(dia.citadas) and _dia_de_cima(x, dia)
               for x in grupos)


def _dia_de_cima(evento: _Grupo, dia: _Grupo) -> bool:
    """A data citada (só ela) está na linha de cima da mesma tabela, e o registro do evento e as linhas entre os dois têm
    a célula daquela coluna vazia: o log ou o extrato que escreve o dia só no primeiro registro (ou a célula mesclada
    de uma planilha). Sem isso, a data de cima é de outro registro (e ele tem a sua hora, o seu IP)."""
    if set(dia.citadas) != {"data"} or "data" in evento.proprias() or dia.doc is not evento.doc:
        return False
    doc, de_cima, de_baixo = evento.doc, dia.registro.trechos[0], evento.registro.trechos[0]
    if doc.tipo in PLANILHAS:
        return _dia_de_cima_na_planilha(doc, de_cima, de_baixo)
    if de_cima.celulas is None or de_baixo.celulas is None:
        return False
    if _linha_do_dia(de_cima.texto):
        # "14 de Julho de 2025 | Saldo do dia: | R$ 800,00" na grade: o dia de cada lançamento até a próxima linha com data
        return _sem_outro_dia(doc, de_cima, de_baixo)
    if de_cima.pagina != de_baixo.pagina:
        return False
    linhas, acima, abaixo = doc.trechos_da_pagina(de_cima.pagina, de_cima.aba), doc.posicao_na_pagina(de_cima), \
        doc.posicao_na_pagina(de_baixo)
    coluna = next((i for i, c in enumerate(de_cima.celulas) if _tem_data(c)), None)
    if acima is None or abaixo is None or acima >= abaixo or coluna is None:
        return False
    return all(t.celulas is not None and len(t.celulas) == len(de_cima.celulas) and not t.celulas[coluna].strip()
               for t in linhas[acima + 1:abaixo + 1])


#: páginas que a linha do dia atravessa: o dia escrito no fim de uma página vale para o começo da seguinte
_PAGINAS_DO_DIA = 1


def _sem_outro_dia(doc: Documento, de_cima: Trecho, de_baixo: Trecho) -> bool:
    """Nenhuma linha da grade com data, nem outra linha do dia, entre a linha do dia e o lançamento, também na página
    seguinte (o cabeçalho repetido no topo dela, "Período: 01/07/2025 a 31/07/2025", é texto, não linha da grade)."""
    acima, abaixo = doc.posicao_no_documento(de_cima), doc.posicao_no_documento(de_baixo)
    if acima is None or abaixo is None or acima >= abaixo or not (
            0 <= (de_baixo.pagina or 0) - (de_cima.pagina or 0) <= _PAGINAS_DO_DIA):
        return False
    return not any((t.celulas is not None and _tem_data(t.texto)) or _linha_do_dia(t.texto)
                   for t in doc.trechos[acima + 1:abaixo + 1])


def _dia_de_cima_na_planilha(doc: Documento, de_cima: Trecho, de_baixo: Trecho) -> bool:
    if de_cima.aba != de_baixo.aba or de_cima.linha_tabela is None or de_baixo.linha_tabela is None:
        return False
    if de_cima.linha_tabela >= de_baixo.linha_tabela:
        return False
    coluna = next((c.coluna for c in doc.linha_da_planilha(de_cima.aba, de_cima.linha_tabela) if _tem_data(c.texto)), None)
    if coluna is None:
        return False
    for numero in range(de_cima.linha_tabela + 1, de_baixo.linha_tabela + 1):
        linha = doc.linha_da_planilha(de_cima.aba, numero)
        if not linha or any(c.coluna == coluna and c.texto.strip() for c in linha):
            return False
    return True


def _linha_do_dia(texto: str) -> bool:
    """A linha que só diz a data, talvez com o saldo do dia (que não é o valor de um evento)."""
    if saldo := SALDO_DO_DIA.search(texto):
        texto = texto[:saldo.start()]
    valores = decompor(texto)
    return bool(valores) and all(v.tipo == "data" for v in valores)


def _tem_data(texto: str) -> bool:
    return any(v.tipo == "data" for v in decompor(texto))


#: o uso de um número (o telefone ou a chave numa mensagem, num relato): a data dos fatos citada com ele não é o quando
#: de um evento dele, é o período dos fatos, que pode vir de outra mensagem ou de outra linha do mesmo relato. O nome e o
#: CPF ficam de fora: citados com a data de outro registro (a ativação de outro titular da mesma linha), é erro
_USO_DE_NUMERO = frozenset({"telefone", "chave"})


def _tomado_de_outro(x: _Grupo, y: _Grupo) -> str | None:
    """O registro de `y` tem o seu próprio valor de uma espécie que `x` cita, e diferente: y não é do evento de x."""
    for especie in sorted(x.citadas):
        proprios = y.proprias().get(especie, set())
        if proprios and not proprios & x.citadas[especie]:
            citado = _descrever(y.citadas)
            return (f"{citado} ({y.registro.nome}) e {_NOMES[especie]} {', '.join(sorted(x.citadas[especie]))} "
                    f"({x.registro.nome}) são de registros diferentes: {y.registro.nome} tem "
                    f"{_NOMES[especie]} {', '.join(sorted(proprios))}; os valores citados como um evento não são "
                    f"de um registro só")
    return None


def _so_tempo(y: _Grupo) -> bool:
    return bool(y.citadas) and set(y.citadas) <= {"data", "hora"}


def _tempo_de_outro(x: _Grupo, y: _Grupo) -> str | None:
    """A hora (ou data) citada em `y` para a âncora de `x`, quando o registro de `x` tem a sua, diferente: o quando
    é de cada evento, nunca contexto (o contexto dito uma vez é a data do cabeçalho do dia, sem data na linha)."""
    if not set(x.citadas) & set(EVENTOS):
        return None  # CPF, telefone, nome: identidade (o titular dito uma vez), não um evento com hora
    for especie in sorted(y.citadas):
        proprios = x.proprias().get(especie, set())
        if len(proprios) == 1 and not proprios & y.citadas[especie]:  # duas datas: um período, não o quando
            return (f"{_descrever(y.citadas)} ({y.registro.nome}) foi citada para {_descrever(x.citadas)} "
                    f"({x.registro.nome}), mas {x.registro.nome} tem {_NOMES[especie]} {', '.join(sorted(proprios))}: "
                    f"os valores citados como um evento não são de um registro só")
    return None


def _sem_registro(x: _Grupo, y: _Grupo) -> str | None:
    """Hora citada em `y` para a âncora (IP, valor) de `x`, em linhas de texto diferentes sem registro que as una."""
    if set(y.citadas) & set(ANCORAS) or "hora" not in y.citadas or not set(x.citadas) & {"ip", "valor", "imei"}:
        return None
    if "hora" in x.proprias():
        return None  # a âncora tem a sua hora: o cruzamento usa a dela
    if x.registro.trechos[0].pagina != y.registro.trechos[0].pagina or x.registro.frases & y.registro.frases:
        return None  # páginas diferentes (contexto do documento) ou a mesma frase: nada a dizer
    return (f"a hora {', '.join(sorted(y.citadas['hora']))} ({y.registro.nome}) e {_descrever(x.citadas)} "
            f"({x.registro.nome}) estão em linhas diferentes de um texto sem registros reconhecíveis: o validador "
            f"não confirma que são do mesmo evento")


def _hora_de_outro_citado(hora: _Grupo, ancora: _Grupo, grupos: list[_Grupo]) -> bool:
    """A hora citada está na frase de outro valor (IP, IMEI) citado, e a âncora tem a sua hora citada na frase dela: cada
    hora é a do seu evento (o extrato em cartões, um campo por linha: "15:21" / "+R$ 2.350,00" e, no cartão de baixo,
    "15:40" / "-R$ 2.300,00"). Sem a hora da âncora citada, a hora do outro pode ter sido dada a ela: a dúvida fica."""
    pagina = hora.registro.trechos[0].pagina

    def na_frase(a: _Grupo, b: _Grupo) -> bool:
        return a.registro.trechos[0].pagina == b.registro.trechos[0].pagina and bool(a.registro.frases & b.registro.frases)

    dela = any(w is not hora and "hora" in w.citadas and not set(w.citadas) & set(ANCORAS) and na_frase(w, ancora)
               for w in grupos)
    return dela and any(z is not ancora and z is not hora and set(z.citadas) & {"ip", "valor", "imei"}
                        and z.registro.trechos[0].pagina == pagina and na_frase(z, hora) for z in grupos)


def _descrever(citadas: dict[str, set[str]]) -> str:
    return " e ".join(f"{_NOMES[e]} {', '.join(sorted(v))}" for e, v in sorted(citadas.items()))


def _marcar(grupo: _Grupo, detalhes: list[dict[str, Any]], status: str, motivo: str) -> None:
    for i in grupo.indices:
        d = detalhes[i]
        if d["status"] == "VERIFICADO" or (status == "CONTRADITO" and d["status"] == "AMBIGUO"):
            d["status"] = status
        if motivo not in d["observacao"]:
            d["observacao"] = "; ".join(p for p in (d["observacao"], motivo) if p)
