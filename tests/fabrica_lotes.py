"""Fábrica de lotes de extração pequenos, montados à mão, para testar as regras do principal sem o pipeline.

Cada dado sai como os extratores o gravam (README, "Dados extraídos" e "Contexto declarado
uma vez"): o literal como escrito, o local, o `texto_original` da linha (a junção do que foi
escrito nela), e em `metadados` as formas normalizadas calculadas com as mesmas funções de
`perito.chaves`, `registro`, `metodo_extracao` e `familia_fonte`; data, hora, fuso e instante
ligados ao IP e ao valor do mesmo registro; `apoio` quando a data-hora está noutra célula;
`contexto_fuso` e `contexto_titular` quando declarados uma vez; `hora_ambigua` na hora
repetida do fim do horário de verão. Os lotes saem conferidos pelo esquema (seção 2).

Uso:

    fab = Fabrica()
    log = fab.documento("log.csv", "banco")
    log.ip("187.34.56.78", 2, data="15/03/2025", hora="11:34:02", fuso="BRT", porta="51234")
    meta = fab.documento("meta.txt", "provedor")
    meta.ip("187.34.56.78", 5, data="2025-03-15", hora="14:32:17", fuso="UTC", porta="51234")
    [c] = fab.do_tipo("convergencia_ip")

Um local é `linha` (int → "linha N", ou o texto: "celula B7"), com `pagina` (PDF) e `aba`.
Dados do mesmo registro (cadastro, lançamento) compartilham `registro` (padrão: o próprio local).
"""

from __future__ import annotations

from collections import defaultdict
from decimal import Decimal
from typing import Any

from perito.chaves import conta as chaves_conta
from perito.chaves import dinheiro, documento, imei, ip, telefone, tempo
from perito.chaves.digitos import somente_digitos
from perito.chaves.nome import dobrar
from perito.contratos.esquemas import erros
from perito.extratores.rotulos import normalizar_modelo
from perito.principal.agente import cruzar
from perito.principal.parametros import Parametros

DATA_ANALISE = "2025-03-20"

#: família de fonte → extrator que a lê (o DICT é lido pelo bancário, com família `registro`)
EXTRATOR_DA_FAMILIA = {
    "provedor": "extrator_provedores_01",
    "banco": "extrator_bancario_01",
    "registro": "extrator_bancario_01",
    "operadora": "extrator_operadora_01",
    "relato": "extrator_generico_01",
    "desconhecida": "extrator_generico_01",  # leiaute que nada reconhece: lido, citado, nunca fonte independente
}
_METODO = {".csv": "csv", ".xlsx": "openpyxl", ".pdf": "pdfplumber", ".txt": "texto"}

Local = int | str


class Documento:
    """Um arquivo do caso: os dados que um extrator tiraria dele."""

    def __init__(self, arquivo: str, familia: str, extrator_id: str, pagina: int | None) -> None:
        self.arquivo = arquivo
        self.familia = familia
        self.extrator_id = extrator_id
        self.pagina = pagina
        self.metodo = next((m for ext, m in _METODO.items() if arquivo.lower().endswith(ext)), "texto")
        self.dados: list[dict[str, Any]] = []
        self._textos: dict[tuple, list[str]] = defaultdict(list)
        self._fuso: dict[str, Any] | None = None
        self._titular: dict[str, Any] | None = None
        self._datas_do_dia: set[tuple] = set()

    # -- contexto declarado uma vez --------------------------------------------------------------

    def declarar_fuso(self, valor: str, linha: Local, *, texto: str | None = None, pagina: int | None = None,
                      aba: str | None = None) -> dict[str, Any]:
        """Fuso dito uma vez (preâmbulo, título, cabeçalho de coluna): vale para as datas-horas sem fuso abaixo."""
        pagina = pagina if pagina is not None else self.pagina
        self._fuso = {"valor": valor, "escopo": "documento", "arquivo": self.arquivo, "pagina": pagina,
                      "linha_ou_celula": _local(linha), "texto": texto or f"Horários em {valor}"}
        if aba:
            self._fuso["aba_planilha"] = aba
        self._escrever((pagina, aba, _local(linha)), self._fuso["texto"])
        return self._fuso

    def declarar_titular(self, nome: str, linha: Local, *, cpf: str | None = None, conta: str | None = None,
                         agencia: str | None = None, telefone: str | None = None,
                         papel: str = "cliente") -> dict[str, Any]:
        """Titular no cabeçalho (extrato, bloco de cadastro da bilhetagem): nome, CPF, conta ("Agência A Conta C")
        e telefone em linhas seguidas a partir de `linha` (um registro só), e `contexto_titular` em cada valor, IP,
        IMEI e telefone escritos depois."""
        if conta is not None:
            conta_escrita = f"Agência {agencia} Conta {conta}" if agencia else f"Conta {conta}"
        registro = _local(linha)
        contexto: dict[str, Any] = {"nome": nome, "locais": []}
        for chave, literal, deslocamento in (("nome", nome, 0), ("cpf", cpf, 1),
                                              ("conta", conta_escrita if conta else None, 2), ("telefone", telefone, 3)):
            if literal is None:
                continue
            onde = linha + deslocamento if isinstance(linha, int) else linha
            if chave == "nome":
                self.nome(literal, onde, papel=papel, registro=registro)
            elif chave == "cpf":
                self.cpf(literal, onde, registro=registro)
            elif chave == "conta":
                self.conta(literal, onde, agencia=agencia, numero=conta, registro=registro)
            else:
                self.telefone(literal, onde, registro=registro, _titular=False)
            contexto[chave] = literal
            contexto["locais"].append({"papel": chave, "pagina": self.pagina, "linha_ou_celula": _local(onde),
                                       "dado": literal})
        self._titular = contexto
        return contexto

    # -- dados ------------------------------------------------------------------------------------

    def dado(self, campo: str, tipo_dado: str, literal: str, linha: Local, metadados: dict[str, Any] | None = None, *,
             registro: str | None = None, pagina: int | None = None, aba: str | None = None, fuso: str | None = None,
             texto: str | None = None) -> dict[str, Any]:
        """Um DadoExtraido qualquer (seção 1). `texto` força o texto_original; sem ele, é a linha montada."""
        pagina = pagina if pagina is not None else self.pagina
        local = _local(linha)
        dado: dict[str, Any] = {
            "dado": literal, "campo": campo, "arquivo_fonte": self.arquivo, "pagina": pagina, "linha_ou_celula": local,
            "texto_original": texto or "", "tipo_dado": tipo_dado,
            "metadados": {**(metadados or {}), "registro": registro or local, "metodo_extracao": self.metodo,
                          "familia_fonte": self.familia},
        }
        if fuso:
            dado["fuso_horario_original"] = fuso
        if aba:
            dado["aba_planilha"] = aba
        if texto is None:
            self._escrever((pagina, aba, local), literal)
            dado["_chave_texto"] = (pagina, aba, local)
        self.dados.append(dado)
        return dado

    def data_hora(self, data: str, hora: str | None, linha: Local, *, fuso: str | None = None, escrito: str | None = None,
                  **onde: Any) -> dict[str, Any]:
        """Data (e hora) de evento; sem `fuso`, vale o declarado no documento (se houver)."""
        meta = self._instante(data, hora, fuso)
        # a data-hora guarda o fuso (escrito ou declarado) em fuso_horario_original, não nos metadados
        efetivo = meta.pop("fuso", None)
        literal = escrito or " ".join(p for p in (data, hora) if p)
        dado = self.dado("data_evento", "outro", literal, linha, meta, fuso=efetivo, **onde)
        if fuso and "_chave_texto" in dado:
            self._escrever(dado["_chave_texto"], fuso)  # o fuso escrito na própria linha
        return dado

    def ip(self, literal: str, linha: Local, *, data: str | None = None, hora: str | None = None,
           fuso: str | None = None, porta: str | None = None, transacao: bool = False,
           data_em: Local | None = None, **onde: Any) -> dict[str, Any]:
        """IP de acesso (ou de transação) com a data-hora do mesmo registro; `data_em` põe a data-hora noutra
        célula ou linha (vira `apoio`)."""
        canonico = ip.canonico(literal)
        assert canonico, literal
        meta: dict[str, Any] = {"ip_canonico": canonico, "versao_ip": ip.versao(canonico),
                                "roteavel": ip.roteavel(canonico)}
        if porta:
            meta["porta"] = porta
        registro = onde.pop("registro", None) or _local(linha)
        if data:
            quando = self.data_hora(data, hora, data_em if data_em is not None else linha, fuso=fuso,
                                    registro=registro, **onde)
            meta["data_hora"] = quando["dado"]
            meta.update({k: v for k, v in self._instante(data, hora, fuso).items()})
            if data_em is not None:
                meta["apoio"] = [{"papel": "data_hora", "pagina": quando["pagina"], "linha_ou_celula": _local(data_em),
                                  "dado": quando["dado"]}]
                if quando.get("aba_planilha"):
                    meta["apoio"][0]["aba_planilha"] = quando["aba_planilha"]
        self._com_titular(meta)
        campo = "ip_transacao" if transacao else "ip_acesso"
        escrito = f"{literal}:{porta}" if porta and ":" not in literal else literal
        dado = self.dado(campo, "ip", literal, linha, meta, registro=registro, **onde)
        if porta and "_chave_texto" in dado:
            partes = self._textos[dado["_chave_texto"]]
            partes[-1] = escrito
        return dado

    def telefone(self, literal: str, linha: Local, *, _titular: bool = True, **onde: Any) -> dict[str, Any]:
        """Telefone como escrito; o celular antigo de 8 dígitos leva a forma atual e `nono_digito_acrescentado`."""
        meta: dict[str, Any]
        if numero := telefone.e164(literal):
            meta = {"e164": numero}
        else:
            atual = telefone.celular_antigo(literal)
            assert atual, literal
            meta = {"e164": atual, "nono_digito_acrescentado": True}
        if _titular:
            self._com_titular(meta)
        return self.dado("telefone", "telefone", literal, linha, meta, **onde)

    def cpf(self, literal: str, linha: Local, *, nao_informado: bool = False, **onde: Any) -> dict[str, Any]:
        """CPF (ou o marcador 99999999999 com `nao_informado`, que o principal nunca indexa)."""
        meta: dict[str, Any] = {"digitos": somente_digitos(literal),
                                "digito_verificador_valido": documento.cpf_valido(literal)}
        if nao_informado:
            meta["nao_informado"] = True
        return self.dado("cpf", "documento", literal, linha, meta, **onde)

    def nome(self, literal: str, linha: Local, *, papel: str | None = None, cpf: str | None = None,
             cpf_nao_informado: bool = False, **onde: Any) -> dict[str, Any]:
        """Nome (com `papel`: titular, cliente, vitima, remetente…); `cpf` o põe no mesmo registro e linha."""
        meta: dict[str, Any] = {"nome_normalizado": dobrar(literal)}
        if papel:
            meta["papel"] = papel
        registro = onde.pop("registro", None) or _local(linha)
        dado = self.dado("nome_titular", "pessoa", literal, linha, meta, registro=registro, **onde)
        if cpf:
            self.cpf(cpf, linha, nao_informado=cpf_nao_informado, registro=registro, **onde)
        return dado

    def imei(self, literal: str, linha: Local, **onde: Any) -> dict[str, Any]:
        corpo = imei.corpo(literal)
        assert corpo, literal
        meta = {"imei_corpo": corpo, "digitos": somente_digitos(literal), "luhn_valido": imei.luhn_valido(literal)}
        self._com_titular(meta)
        return self.dado("imei", "imei", literal, linha, meta, **onde)

    def modelo(self, literal: str, linha: Local, **onde: Any) -> dict[str, Any]:
        return self.dado("modelo_dispositivo", "dispositivo", literal, linha,
                         {"modelo_normalizado": normalizar_modelo(literal)}, **onde)

    def conta(self, literal: str, linha: Local, *, banco: str | None = None, agencia: str | None = None,
              numero: str | None = None, **onde: Any) -> dict[str, Any]:
        """Conta bancária como escrita ("Agência 0001 Conta 8840217-6"), com banco, agência e conta normalizados."""
        meta: dict[str, Any] = {}
        if banco:
            meta["banco"] = banco
        if agencia:
            meta["agencia"] = agencia
        meta["conta"] = chaves_conta.normalizar(numero or literal)
        meta["conta_normalizada"] = "|".join(meta.get(k, "") for k in ("banco", "agencia", "conta"))
        return self.dado("conta_bancaria", "financeiro", literal, linha, meta, **onde)

    def valor(self, literal: str, linha: Local, *, data: str | None = None, hora: str | None = None,
              fuso: str | None = None, direcao: str | None = None, meio: str | None = None,
              contraparte: str | None = None, saldo_apos: str | None = None, data_em: Local | None = None,
              **onde: Any) -> dict[str, Any]:
        """Valor de transação (extrato, comprovante, relato) como o bancário o grava: `valor` em centavos exatos,
        `direcao` só quando dada (ou pelo sinal), data/hora/fuso/instante do registro, `contraparte` (o nome vira
        também um dado do registro) e o titular declarado no cabeçalho (`contexto_titular`).

        A data na mesma linha vira um `data_evento` do registro; `data_em` a põe noutra linha (o cabeçalho do dia
        de um extrato, a frase anterior de um relato), que vira `apoio` e um `data_evento` lá."""
        centavos = dinheiro.centavos(literal)
        assert centavos is not None, literal
        registro = onde.pop("registro", None) or _local(linha)
        meta: dict[str, Any] = {"valor": str(centavos)}
        if data:
            meta.update(self._instante(data, hora, fuso))
            if data_em is None:
                self.data_hora(data, hora, linha, fuso=fuso, registro=registro, **onde)
            else:
                cabecalho = (onde.get("pagina", self.pagina), onde.get("aba"), _local(data_em))
                if cabecalho not in self._datas_do_dia:  # o cabeçalho do dia é um dado só, por mais lançamentos que tenha
                    self._datas_do_dia.add(cabecalho)
                    self.data_hora(data, None, data_em, **{k: v for k, v in onde.items() if k in ("pagina", "aba")})
                meta["apoio"] = [{"papel": "data", "pagina": onde.get("pagina", self.pagina),
                                  "linha_ou_celula": _local(data_em), "dado": data}]
                if hora:
                    self._escrever((onde.get("pagina", self.pagina), onde.get("aba"), _local(linha)), hora)
        if direcao or centavos < 0:
            meta["direcao"] = direcao or "debito"
        if meio:
            meta["meio"] = meio
            self._escrever((onde.get("pagina", self.pagina), onde.get("aba"), _local(linha)), meio)
        if contraparte:
            meta["contraparte"] = contraparte
            meta["contraparte_normalizada"] = dobrar(contraparte)
            papel = "remetente" if meta.get("direcao") == "credito" else "destinatario"
            self.nome(contraparte, linha, papel=papel, registro=registro, **onde)
        if saldo_apos:
            meta["saldo_apos"] = saldo_apos
        self._com_titular(meta)
        dado = self.dado("valor_transacao", "financeiro", literal, linha, meta, registro=registro, **onde)
        if saldo_apos:
            self._escrever((dado["pagina"], onde.get("aba"), _local(linha)), saldo_apos)
        return dado

    def chave_pix(self, chave: str, linha: Local, *, tipo: str, titular: str | None = None, cpf: str | None = None,
                  banco: str | None = None, agencia: str | None = None, conta: str | None = None,
                  **onde: Any) -> dict[str, Any]:
        """Uma linha do DICT: chave (tipo telefone, cpf, email, aleatoria), titular, CPF e conta no mesmo registro."""
        normalizada = telefone.e164(chave) if tipo == "telefone" else chave.lower()
        assert normalizada, chave
        registro = onde.pop("registro", None) or _local(linha)
        dado = self.dado("chave_pix", "financeiro", chave, linha, {"tipo_chave": tipo, "chave_normalizada": normalizada},
                         registro=registro, **onde)
        if titular:
            self.nome(titular, linha, papel="titular", cpf=cpf, registro=registro, **onde)
        if conta:
            self.conta(f"{agencia or ''} {conta}".strip(), linha, banco=banco, agencia=agencia, numero=conta,
                       registro=registro, **onde)
        return dado

    # -- montagem ---------------------------------------------------------------------------------

    def _instante(self, data: str, hora: str | None, fuso: str | None) -> dict[str, Any]:
        """data, hora, fuso, instante_utc, contexto_fuso e hora_ambigua como a montagem os liga."""
        meta: dict[str, Any] = {"data": data}
        if hora:
            meta["hora"] = hora
        efetivo = fuso or (self._fuso["valor"] if self._fuso and hora else None)
        if efetivo:
            meta["fuso"] = efetivo
            if not fuso and self._fuso:
                meta["contexto_fuso"] = dict(self._fuso)
            if hora and (momento := tempo.instante(data, hora, efetivo)):
                meta["instante_utc"] = tempo.iso_utc(momento)
            if hora and tempo.ambiguo(data, hora, efetivo):
                meta["hora_ambigua"] = True
        return meta

    def _com_titular(self, meta: dict[str, Any]) -> None:
        if self._titular is not None:
            meta["contexto_titular"] = self._titular

    def _escrever(self, chave: tuple, texto: str) -> None:
        self._textos[chave].append(texto)

    def finalizar(self) -> list[dict[str, Any]]:
        for dado in self.dados:
            if (chave := dado.pop("_chave_texto", None)) is not None:
                dado["texto_original"] = " ".join(dict.fromkeys(self._textos[chave]))
        return self.dados


class Fabrica:
    """Os documentos de um caso montado à mão; `lotes()` dá um LoteExtracao por extrator."""

    def __init__(self) -> None:
        self.documentos: list[Documento] = []

    def documento(self, arquivo: str, familia: str, *, extrator_id: str | None = None,
                  pagina: int | None = None) -> Documento:
        """Um arquivo da família (provedor, banco, operadora, registro, relato); PDF começa na página 1."""
        if pagina is None and arquivo.lower().endswith(".pdf"):
            pagina = 1
        doc = Documento(arquivo, familia, extrator_id or EXTRATOR_DA_FAMILIA[familia], pagina)
        self.documentos.append(doc)
        return doc

    def relato(self, arquivo: str = "boletim.txt") -> Documento:
        """Boletim, termo de declarações, ofício (família relato)."""
        return self.documento(arquivo, "relato")

    def dict_pix(self, arquivo: str = "dict.pdf") -> Documento:
        """Resposta do DICT (família registro: cadastro Pix)."""
        return self.documento(arquivo, "registro")

    def lotes(self) -> list[dict[str, Any]]:
        """Um lote por extrator (na ordem dos ids), arquivos em ordem de nome; conferidos pelo esquema."""
        por_extrator: dict[str, list[Documento]] = defaultdict(list)
        for doc in self.documentos:
            por_extrator[doc.extrator_id].append(doc)
        lotes = []
        for extrator_id in sorted(por_extrator):
            docs = sorted(por_extrator[extrator_id], key=lambda d: d.arquivo)
            dados = [d for doc in docs for d in doc.finalizar()]
            lote = {
                "extrator_id": extrator_id, "status": "OK",
                "arquivos_processados": [{"arquivo": d.arquivo, "total_paginas": d.pagina, "metodo_extracao": d.metodo,
                                          "paginas_com_falha": []} for d in docs],
                "dados_extraidos": dados, "alertas": [], "total_dados": len(dados),
            }
            problemas = erros("lote_extracao", lote)
            assert not problemas, problemas
            lotes.append(lote)
        return lotes

    def cruzar(self, parametros: Parametros | None = None) -> list[dict[str, Any]]:
        """As conclusões do principal sobre estes lotes (já conferidas pelo esquema da seção 3)."""
        return cruzar(self.lotes(), "caso-fabrica", DATA_ANALISE, parametros)["conclusoes"]

    def do_tipo(self, tipo: str, parametros: Parametros | None = None) -> list[dict[str, Any]]:
        return [c for c in self.cruzar(parametros) if c["tipo"] == tipo]


def _local(linha: Local) -> str:
    return f"linha {linha}" if isinstance(linha, int) else linha


def reais(valor: str) -> Decimal:
    """"R$ 3.500,00" → Decimal("3500.00"), para comparar com `metadados.valor`."""
    centavos = dinheiro.centavos(valor)
    assert centavos is not None, valor
    return centavos
