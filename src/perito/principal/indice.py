"""Índice dos dados extraídos: por chave normalizada, por registro e por local (junções por hash)."""

from __future__ import annotations

from collections import defaultdict
from typing import Any, Callable, Iterable, Sequence

from perito.chaves import marcadores
from perito.principal.ocorrencias import Ocorrencia, ordem

PAPEIS_DE_TITULAR = ("cliente", "titular")
#: campos que as regras procuram no mesmo registro, bloco, local ou arquivo de outro dado
CAMPOS_DE_CONTEXTO = frozenset({
    "nome_titular", "cpf", "data_evento", "telefone", "chave_pix", "outro", "conta_bancaria", "email",
})


class Indice:
    def __init__(self, lotes: Iterable[dict[str, Any]]) -> None:
        # Na ordem dos lotes: extratores na ordem do registro, arquivos em ordem de nome, dados na
        # ordem do documento. Já é determinística; ordenar um milhão de dados de novo só custaria tempo.
        self.todas: list[Ocorrencia] = []
        self._por_registro: dict[tuple, list[Ocorrencia]] = defaultdict(list)
        self._por_bloco: dict[tuple, list[Ocorrencia]] = defaultdict(list)
        self._por_local: dict[tuple, list[Ocorrencia]] = defaultdict(list)
        self._por_campo: dict[str, list[Ocorrencia]] = defaultdict(list)
        self._por_arquivo_campo: dict[tuple[str, str], list[Ocorrencia]] = defaultdict(list)
        self._por_tipo: dict[str, list[Ocorrencia]] = defaultdict(list)
        self._valores_de_relato: dict[tuple, list[Ocorrencia]] = defaultdict(list)
        #: linhas do SIMBA e dados do cadastro Pix (DICT): o modelo do dinheiro os procura entre todos os dados
        self.do_simba: list[Ocorrencia] = []
        self.do_dict: list[Ocorrencia] = []
        por_campo, por_registro, por_local = self._por_campo, self._por_registro, self._por_local
        por_tipo, por_arquivo_campo, por_bloco = self._por_tipo, self._por_arquivo_campo, self._por_bloco
        campos_de_chave, nao_informado = marcadores.CAMPOS_DE_CHAVE, marcadores.dado_nao_informado
        todas, seq, do_simba, do_dict = self.todas, 0, self.do_simba, self.do_dict
        # uma passada só: criar a ocorrência e indexá-la (com um milhão de dados, cada passada a mais custa ~0,3 s)
        for lote in lotes:
            extrator_id = lote["extrator_id"]
            for dado in lote["dados_extraidos"]:
                o = Ocorrencia("", dado, extrator_id, seq)
                seq += 1
                todas.append(o)
                campo, meta = o.campo, o.meta
                if meta.get("simba"):
                    do_simba.append(o)
                if o.familia == "registro":
                    do_dict.append(o)
                if meta.get("citacao") or meta.get("requisicao") or meta.get("de_outra_resposta"):
                    # a mensagem transcrita num relato (as palavras do suspeito), o ofício que a polícia manda (o que
                    # ele pede, transcrito de outra fonte) e a frase que repete uma resposta nunca são achado nem chave
                    continue
                por_tipo[dado["tipo_dado"]].append(o)
                if meta.get("nao_informado") or (campo in campos_de_chave and nao_informado(dado)):
                    # marcador do documento ("não informado", 99999999999, 000.000.000-00): está no lote, nunca é
                    # chave (fora dos campos de chave nenhum valor é marcador: a pergunta inteira só para eles)
                    continue
                por_campo[campo].append(o)
                if campo == "valor_transacao" and o.familia == "relato":
                    # o valor contado num relato, procurado ao lado da chave da mesma frase (a data do fato dela)
                    self._valores_de_relato[o.registro].append(o)
                if campo in CAMPOS_DE_CONTEXTO:
                    # só o que uma regra procura ao lado de outro dado entra nos índices por local
                    por_registro[o.registro].append(o)
                    por_local[o.local].append(o)
                    por_arquivo_campo[(o.arquivo, campo)].append(o)
                    if o.bloco:
                        por_bloco[o.bloco].append(o)
        self._titulares: dict[str, Ocorrencia | None] = {}
        self._de_varios_campos: dict[tuple[str, ...], list[Ocorrencia]] = {}
        #: resultados que mais de uma regra usa (lançamentos, saltos entre extratos)
        self.memoria: dict[str, object] = {}

    def do_campo(self, *campos: str) -> list[Ocorrencia]:
        if len(campos) == 1:
            return self._por_campo.get(campos[0], [])  # na ordem de self.todas
        # ordenada uma vez: mais de uma regra pede os mesmos campos (telefone e chave Pix)
        if campos not in self._de_varios_campos:
            self._de_varios_campos[campos] = sorted((o for c in campos for o in self._por_campo.get(c, [])), key=ordem)
        return self._de_varios_campos[campos]

    def do_tipo(self, tipo: str) -> list[Ocorrencia]:
        """Ocorrências cujo `tipo_dado` é `tipo` (IP de acesso, de transação...), na ordem de self.todas,
        marcadores de "não informado" inclusive, texto citado de mensagem não; uma varredura dos dados para todos os tipos."""
        return self._por_tipo.get(tipo, [])

    def agrupar(
        self, ocorrencias: Iterable[Ocorrencia], chave: Callable[[Ocorrencia], str | None]
    ) -> dict[str, list[Ocorrencia]]:
        """Chave normalizada → ocorrências, em ordem estável de chave e de local."""
        grupos: dict[str, list[Ocorrencia]] = defaultdict(list)
        for o in ocorrencias:
            if (k := chave(o)) is not None:
                grupos[k].append(o)
        return {k: grupos[k] for k in sorted(grupos)}

    def agrupar_entre_arquivos(
        self, ocorrencias: Sequence[Ocorrencia], chave: Callable[[Ocorrencia], str | None]
    ) -> dict[str, list[Ocorrencia]]:
        """`agrupar` só com as chaves escritas em dois arquivos ou mais, as únicas que uma convergência compara.

        Num registro de 200 mil acessos quase todo IP é de um arquivo só: uma passada marca as chaves que
        aparecem em outro arquivo, e só os grupos delas são montados e ordenados.
        """
        chaves = [chave(o) for o in ocorrencias]
        primeiro: dict[str, str] = {}
        varios: set[str] = set()
        for o, k in zip(ocorrencias, chaves, strict=True):
            if k is not None and primeiro.setdefault(k, o.arquivo) != o.arquivo:
                varios.add(k)
        grupos: dict[str, list[Ocorrencia]] = defaultdict(list)
        for o, k in zip(ocorrencias, chaves, strict=True):
            if k in varios:
                grupos[k].append(o)
        return {k: grupos[k] for k in sorted(grupos)}

    def no_registro(self, o: Ocorrencia, *campos: str) -> list[Ocorrencia]:
        """Dados do mesmo registro (linha, registro CSV, linha de planilha) ou do mesmo bloco (DICT)."""
        vizinhos = self._por_bloco.get(o.bloco, []) if o.bloco else self._por_registro.get(o.registro, [])
        return [v for v in vizinhos if v.campo in campos] if campos else list(vizinhos)

    def valores_do_relato(self, o: Ocorrencia) -> list[Ocorrencia]:
        """Os valores contados no registro (frase) de `o` num relato; fora de um relato, nenhum (os lançamentos de um
        extrato não entram nos índices por registro: são milhões)."""
        return self._valores_de_relato.get(o.registro, []) if o.familia == "relato" else []

    def no_local(self, o: Ocorrencia, *campos: str) -> list[Ocorrencia]:
        """Dados escritos no mesmo local citável (a mesma linha ou célula)."""
        vizinhos = self._por_local.get(o.local, [])
        return [v for v in vizinhos if v.campo in campos] if campos else list(vizinhos)

    def do_arquivo(self, arquivo: str, *campos: str) -> list[Ocorrencia]:
        return [o for c in campos for o in self._por_arquivo_campo.get((arquivo, c), [])]

    def titular_do_arquivo(self, arquivo: str) -> Ocorrencia | None:
        """O titular declarado no cabeçalho do documento (extrato: "Cliente: NOME")."""
        if arquivo not in self._titulares:
            nomes = [
                o for o in self.do_arquivo(arquivo, "nome_titular")
                if o.meta.get("papel") in PAPEIS_DE_TITULAR and not o.bloco
            ]
            self._titulares[arquivo] = min(nomes, key=ordem) if nomes else None
        return self._titulares[arquivo]
