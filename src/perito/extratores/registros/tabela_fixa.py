"""Tabela de largura fixa num texto (bilhetagem de operadora, relatórios de sistema, DICT em TXT).

Cabeçalho: nomes de coluna separados por dois ou mais espaços. Quando logo abaixo dele vem uma
régua (`-------  -----  ----`), ela é a medida das colunas: cada grupo de traços é a extensão de
uma coluna, e os nomes de várias palavras ("Conta (com DV)") ficam inteiros. Sem régua, as
colunas começam onde começam os nomes do cabeçalho.

Cada linha abaixo é cortada nas colunas; uma linha recuada logo abaixo de um registro é a continuação
dele (a porta ou a contraparte na linha de baixo). A tabela vai até uma linha em branco, uma régua depois dos registros
(fecho da tabela) ou uma linha que não cabe nas colunas. A régua colada no cabeçalho não encerra
a tabela: ela só a mede.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Callable

from perito.chaves import ip as ip_chaves
from perito.chaves import tempo
from perito.extratores import colunas
from perito.extratores.achado import Achado
from perito.extratores.contraparte_na_linha_de_baixo import contraparte_na_linha_de_baixo
from perito.extratores.montagem import DataVigente, Item, Registro
from perito.extratores.reconhecedores import reconhecer
from perito.leitura.documento import Trecho

_SEPARADOR = re.compile(r"^[\s\-=_*.]*$")
_REGUA = re.compile(r"[-=_]{2,}")
_NOMES = re.compile(r"\S+(?: \S+)*")
_PORTA_ROTULADA = ip_chaves.PADRAO_PORTA_ROTULADA
_ROTULO_NA_LINHA = re.compile(r"^\s{4,}[^\W\d_][^:\d]{0,30}:\s*\S")


_COLUNAS_DE_QUANTIA = frozenset({"valor", "credito", "debito"})
#: a quantia sozinha na célula: "2.300,00", "-2.300,00", "2.300,00 D", "(2.300,00)", "R$ 2.300,00"
_QUANTIA = re.compile(r"[-+−(]?\s*(?:R\$\s*)?\d{1,3}(?:[.,]?\d{3})*[.,]\d{2}\)?\s*[CD]?[-+]?")


def e_separador(texto: str) -> bool:
    return bool(_SEPARADOR.match(texto))


def grupos_da_regua(texto: str) -> list[tuple[int, int]] | None:
    """Extensões (início, fim) de cada grupo de traços; None se a linha não é uma régua de colunas."""
    if not texto.strip() or not e_separador(texto):
        return None
    grupos = [(m.start(), m.end()) for m in _REGUA.finditer(texto)]
    return grupos if len(grupos) >= 2 else None


@dataclass
class TabelaFixa:
    identidade: str
    cabecalho: Trecho
    #: nome de cada coluna, na ordem
    nomes: list[str]
    #: início de cada coluna no texto
    inicios: list[int]
    #: papel de cada coluna reconhecida
    papeis: dict[int, str]
    #: plano das colunas de quem usa a tabela (o extrator guarda aqui o que calcula uma vez por tabela)
    plano: Any = None
    medida_pela_regua: bool = False
    trechos: list[Trecho] = field(default_factory=list)
    #: quantos registros (linhas cortadas em células) a tabela já tem, e se todos começam na margem: contados
    #: à medida que entram, para `recuada` não percorrer a tabela a cada linha (quadrático num log de 200 mil)
    registros: int = 0
    todos_na_margem: bool = True
    #: o dia em vigor: o da última linha com data, para as linhas do mesmo dia que não a repetem
    dia: DataVigente | None = None
    #: a segunda linha do cabeçalho, quando ele tem duas (`complementar`)
    complemento: Trecho | None = None

    @property
    def de_data(self) -> list[int]:
        return [i for i, p in self.papeis.items() if p in ("data", "data_hora")]

    def tem_quantia_propria(self, trecho: Trecho) -> bool:
        """A linha recuada põe uma quantia na coluna de valor (de crédito, de débito): é outro lançamento do mesmo dia
        ("            TRANSFERENCIA PIX   1453840        2.300,00     110,55", sem a data, que o Bradesco só escreve
        no primeiro do dia), não a continuação do de cima."""
        celulas = self.celulas(trecho)
        if celulas is None:
            return False
        return any(p in _COLUNAS_DE_QUANTIA and i < len(celulas) and _QUANTIA.fullmatch(celulas[i])
                   for i, p in self.papeis.items())

    def registrar(self, linha: Trecho) -> None:
        """Uma linha cortada em células entra na tabela como registro."""
        self.trechos.append(linha)
        self.registros += 1
        self.todos_na_margem = self.todos_na_margem and bool(linha.texto[:1].strip())

    @classmethod
    def do_cabecalho(cls, trecho: Trecho) -> TabelaFixa | None:
        partes = [(m.start(), m.group(0)) for m in _NOMES.finditer(trecho.texto)]
        if len(partes) < 3 or any(re.search(r"\d{3,}", nome) for _, nome in partes):
            return None
        nomes = [nome for _, nome in partes]
        papeis = colunas.papeis(nomes)
        if len(papeis) < 2 or len(papeis) < len(partes) / 2:
            return None
        return cls(f"texto {trecho.localizacao}", trecho, nomes, [inicio for inicio, _ in partes], papeis)

    @classmethod
    def da_regua(cls, cabecalho: Trecho, regua: Trecho) -> TabelaFixa | None:
        """Cabeçalho que não se reconheceu pelos nomes ("Type", "A Number", "Cell"), mas tem uma régua logo
        abaixo com um grupo de traços sob cada nome: a régua diz que é tabela."""
        grupos = grupos_da_regua(regua.texto)
        if grupos is None or len(grupos) < 3 or _linha_em_branco_entre(cabecalho, regua):
            return None
        texto = cabecalho.texto
        nomes = [texto[a:b].strip() for a, b in _estendidos(grupos, len(texto))]
        if sum(1 for n in nomes if n) < 3 or any(re.search(r"\d{3,}", n) for n in nomes):
            return None
        papeis = colunas.papeis(nomes)
        if not papeis:
            return None
        return cls(f"texto {cabecalho.localizacao}", cabecalho, nomes, [a for a, _ in grupos], papeis,
                   medida_pela_regua=True)

    def medir(self, trecho: Trecho) -> bool:
        """A régua logo abaixo do cabeçalho passa a medir as colunas; True se `trecho` era essa régua."""
        if self.trechos or self.medida_pela_regua:
            return False
        grupos = grupos_da_regua(trecho.texto)
        if grupos is None:
            # a régua contínua ("-----...") de largura inteira sob o cabeçalho não mede coluna nenhuma: é só o
            # sublinhado dele, e a tabela continua medida pelo cabeçalho
            return bool(trecho.texto.strip()) and e_separador(trecho.texto)
        texto = self.cabecalho.texto
        nomes = [texto[a:b].strip() for a, b in _estendidos(grupos, len(texto))]
        if sum(1 for n in nomes if n) < 2:
            return False
        inicios = [a for a, _ in grupos]
        if self.complemento is not None:  # a régua embaixo da segunda linha do cabeçalho: os nomes das duas
            nomes = completados(nomes, inicios, self.complemento.texto, folga=None) or nomes
        self.nomes, self.inicios = nomes, inicios
        self.papeis = colunas.papeis(nomes)
        self.medida_pela_regua = True
        return True

    def complementar(self, trecho: Trecho) -> bool:
        """O cabeçalho em duas linhas ("PORTA   PORTA" / "INICIAL FINAL", "DATA" / "INICIO"): a linha logo abaixo dele,
        sem algarismos, com cada palavra alinhada sob um nome de cima, completa o nome dessa coluna; True se
        `trecho` era essa linha. Só quando os nomes completos não reconhecem menos colunas."""
        texto = trecho.texto
        if self.trechos or self.complemento is not None or not texto.strip() or any(c.isdigit() for c in texto):
            return False
        if _linha_em_branco_entre(self.cabecalho, trecho) or e_separador(texto):
            return False
        nomes = completados(self.nomes, self.inicios, texto)
        if nomes is None or len(papeis := colunas.papeis(nomes)) < len(self.papeis):
            return False
        self.nomes, self.papeis, self.complemento = nomes, papeis, trecho
        return True

    def continua(self, trecho: Trecho, rotulada: bool = False) -> bool:
        """Linha recuada logo abaixo de um registro ("      Port: 51234", a contraparte do lançamento): a
        continuação dele, não o fim da tabela. `rotulada`: só a que escreve "Rótulo: valor" (essa é
        continuação mesmo quando os pedaços caem em colunas)."""
        texto = trecho.texto
        if not self.trechos or e_separador(texto) or not texto[:4].isspace():
            return False
        if _linha_em_branco_entre(self.trechos[-1], trecho):
            return False
        return not rotulada or bool(_ROTULO_NA_LINHA.match(texto))

    def recuada(self, trecho: Trecho) -> bool:
        """Linha recuada logo abaixo de um registro, numa tabela cujos registros começam todos na margem (a primeira
        coluna sempre cheia): a continuação dele ("      Luana Elaine Ramos   679.691.582-85", a contraparte na
        segunda linha), mesmo quando os pedaços dela caem em várias colunas."""
        return bool(self.registros) and self.inicios[0] == 0 and self.todos_na_margem and self.continua(trecho)

    def continuar(self, registro: Registro, trecho: Trecho, com_coluna_de_porta: bool,
                  fuso: Callable[[list[Achado], Trecho], None]) -> None:
        """A linha de continuação é parte do registro de cima: seus achados entram nele (`fuso` lhes dá o fuso
        declarado), e a porta escrita nela ("Port: 51234", ou o número solto quando a tabela tem coluna de
        porta) é a do IP do registro."""
        achados = reconhecer(trecho.texto)
        if not any(i.achado.tipo_dado == "pessoa" for i in registro.itens):
            # "14/07  PIX RECEBIDO  E341...  2.350,00 C" / "       ANA BEATRIZ MOREIRA": o nome sozinho na linha de
            # continuação é quem pagou (ou recebeu) o lançamento de cima
            achados = contraparte_na_linha_de_baixo(registro.texto, trecho.texto, achados)
        fuso(achados, trecho)
        registro.itens.extend(Item(a, trecho) for a in achados)
        registro.texto = f"{registro.texto} {trecho.texto.strip()}"
        self.trechos.append(trecho)  # a próxima linha é vizinha desta
        ips = [i for i in registro.itens if i.achado.tipo_dado == "ip" and "porta" not in i.achado.metadados]
        m = _PORTA_ROTULADA.search(trecho.texto)
        solto = re.fullmatch(r"\s*(\d{1,5})\s*", trecho.texto) if com_coluna_de_porta else None
        porta = m.group(1) if m else solto.group(1) if solto else None
        if len(ips) == 1 and ip_chaves.porta_valida(porta):
            meta = ips[0].achado.metadados
            meta["porta"] = porta
            if ips[0].trecho is not trecho:
                meta.setdefault("apoio", []).append(
                    {"papel": "porta", "pagina": trecho.pagina, "linha_ou_celula": trecho.localizacao, "dado": porta})

    def hora_da_data_de_cima(self, registro: Registro, trecho: Trecho,
                             fuso: Callable[[list[Achado], Trecho], None]) -> bool:
        """A hora sozinha na linha de baixo, sob a data do registro de cima que não tem hora ("14/07/2025   177.45.10.2
        51234" / "18:19:02 UTC": a célula "Data/Hora" que quebrou em duas linhas): a hora (e o fuso escrito com ela)
        completa a data, citada como apoio onde está escrita. False quando a linha não é isso (nada muda)."""
        texto = trecho.texto
        lida = tempo.hora_e_fuso(texto)
        if lida is None or not self.trechos or _linha_em_branco_entre(self.trechos[-1], trecho):
            return False
        datas = [i for i in registro.itens if i.achado.campo == "data_evento" and "hora" not in i.achado.metadados]
        recuo = len(texto) - len(texto.lstrip())
        if len(datas) != 1 or abs(datas[0].achado.inicio - recuo) > 2:
            return False  # a hora de outra coluna, ou de um registro com duas datas: não se sabe de qual
        hora, escrito = lida
        achado = datas[0].achado
        meta = achado.metadados
        meta["hora"] = hora
        meta.setdefault("apoio", []).append({"papel": "hora", "pagina": trecho.pagina, "linha_ou_celula": trecho.localizacao,
                                             "dado": texto.strip()})
        if escrito is not None:
            achado.fuso = escrito
            if momento := tempo.instante(meta["data"], hora, escrito):
                meta["instante_utc"] = tempo.iso_utc(momento)
        else:
            fuso([achado], trecho)
        registro.texto = f"{registro.texto} {texto.strip()}"
        self.trechos.append(trecho)
        return True

    def celulas(self, trecho: Trecho) -> tuple[str, ...] | None:
        """As células da linha, ou None quando a linha encerra a tabela."""
        texto = trecho.texto
        if e_separador(texto) or (self.trechos and _linha_em_branco_entre(self.trechos[-1], trecho)):
            return None
        cortes = [_corte(texto, inicio) for inicio in self.inicios[1:]]
        limites = list(zip([0, *cortes], [*cortes, len(texto)], strict=True))
        celulas = tuple(texto[a:b].strip() for a, b in limites)
        if sum(1 for c in celulas if c) < max(2, len(celulas) // 2):
            return None
        return celulas


def completados(nomes: list[str], inicios: list[int], texto: str, folga: int | None = 2) -> list[str] | None:
    """Os nomes das colunas com as palavras de `texto` (a segunda linha do cabeçalho) acrescentadas ao da coluna em que
    cada uma começa; None se alguma cai longe do nome de cima (mais de `folga` espaços depois dele: no vão entre as
    colunas, não é a continuação de um nome). Com `folga` None, a coluna inteira vale (medida pela régua)."""
    completos = list(nomes)
    fins = [*inicios[1:], len(texto) + 1]
    for m in re.finditer(r"\S+", texto):
        coluna = next((i for i, (a, b) in enumerate(zip(inicios, fins, strict=True)) if a <= m.start() < b), None)
        if coluna is None or (folga is not None and m.start() > inicios[coluna] + len(nomes[coluna]) + folga):
            return None
        completos[coluna] = f"{completos[coluna]} {m.group(0)}"
    return completos


def _estendidos(grupos: list[tuple[int, int]], largura: int) -> list[tuple[int, int]]:
    """Cada coluna vai do início do seu grupo de traços até o início do próximo."""
    inicios = [a for a, _ in grupos]
    return list(zip(inicios, [*inicios[1:], max(largura, grupos[-1][1])], strict=True))


def _corte(texto: str, inicio: int) -> int:
    """Onde cortar antes da coluna: no começo da palavra que ocupa a posição do cabeçalho."""
    if inicio >= len(texto):
        return len(texto)
    while inicio > 0 and not texto[inicio - 1].isspace() and not texto[inicio].isspace():
        inicio -= 1
    return inicio


def _numero_da_linha(trecho: Trecho) -> int | None:
    m = re.fullmatch(r"linha (\d+)", trecho.localizacao)
    return int(m.group(1)) if m else None


def _linha_em_branco_entre(a: Trecho, b: Trecho) -> bool:
    na, nb = _numero_da_linha(a), _numero_da_linha(b)
    # b.apos_omissao: o salto é de linhas que a leitura em partes omitiu (`leitura.em_partes`), não de linhas vazias
    return a.pagina is None and na is not None and nb is not None and nb - na > 1 and not b.apos_omissao
