"""Modelos pydantic das seções 1-4 do contrato de comunicação entre os agentes (README, "Como funciona").

Nomes de campos e valores de enumeração são normativos: não traduzir nem
renomear. Estes modelos são a fonte única; `schemas/*.json` é exportado deles
(`perito esquemas`) e um teste falha quando os dois divergem.
"""

from __future__ import annotations

from typing import Any, Literal, get_args

from pydantic import BaseModel, ConfigDict, Field

Campo = Literal[
    "ip_acesso",
    "ip_transacao",
    "telefone",
    "imei",
    "nome_titular",
    "cpf",
    "conta_bancaria",
    "chave_pix",
    "valor_transacao",
    "data_evento",
    "modelo_dispositivo",
    "endereco",
    "email",
    "oab",
    "outro",
]
TipoDado = Literal[
    "ip", "telefone", "imei", "pessoa", "financeiro", "dispositivo", "localizacao", "documento", "outro"
]
StatusLote = Literal["OK", "ERRO"]
TipoConclusao = Literal[
    "convergencia_ip",
    "convergencia_imei",
    "convergencia_dispositivo",
    "convergencia_nome",
    "vinculo_financeiro",
    "vinculo_telefone",
    "identificacao_titular",
    "identificacao_laranja",
    "padrao_temporal",
    "materialidade",
    "outro",
]
GrauConfianca = Literal["forte", "moderado", "fraco"]
StatusReferencia = Literal["VERIFICADO", "CONTRADITO", "AMBIGUO", "EXTRACAO_FALHOU"]
VeredictoGeral = Literal["VERIFICADO", "CONTRADITO", "AMBIGUO"]
#: `metadados.familia_fonte` de cada dado: a família de fonte do documento (DESIGN.md, "uma fonte é uma
#: família"). `desconhecida`: nada no conteúdo a reconhece com segurança; nunca conta como fonte independente.
FamiliaFonte = Literal["provedor", "banco", "registro", "operadora", "relato", "desconhecida"]

CAMPOS: tuple[str, ...] = get_args(Campo)
TIPOS_DADO: tuple[str, ...] = get_args(TipoDado)
TIPOS_CONCLUSAO: tuple[str, ...] = get_args(TipoConclusao)
GRAUS: tuple[str, ...] = get_args(GrauConfianca)
STATUS_REFERENCIA: tuple[str, ...] = get_args(StatusReferencia)
FAMILIAS_FONTE: tuple[str, ...] = get_args(FamiliaFonte)
DESCONHECIDA = "desconhecida"

Pagina = int | None
_PAGINA = Field(ge=1, description="Página 1-indexed; null para CSV, TXT e XLSX")
_NAO_VAZIO = Field(min_length=1)
# Campos opcionais ausentes não aparecem no JSON (em vez de `null`).
_OPCIONAL = Field(default=None, exclude_if=lambda valor: valor is None)


class _Contrato(BaseModel):
    # Campos fora do contrato são rejeitados: "dados fora do formato são rejeitados".
    model_config = ConfigDict(extra="forbid", strict=True)


class DadoExtraido(_Contrato):
    """Seção 1: um dado extraído com sua referência exata."""

    dado: str = _NAO_VAZIO
    campo: Campo
    arquivo_fonte: str = _NAO_VAZIO
    pagina: int | None = _PAGINA
    linha_ou_celula: str = _NAO_VAZIO
    texto_original: str = _NAO_VAZIO
    tipo_dado: TipoDado
    fuso_horario_original: str | None = _OPCIONAL
    metadados: dict[str, Any] = Field(default_factory=dict)
    aba_planilha: str | None = _OPCIONAL


class ArquivoProcessado(_Contrato):
    arquivo: str = _NAO_VAZIO
    total_paginas: int | None = Field(default=None, ge=0)
    metodo_extracao: str = _NAO_VAZIO
    paginas_com_falha: list[int] = Field(default_factory=list)


class LoteExtracao(_Contrato):
    """Seção 2: envelope devolvido por um extrator."""

    extrator_id: str = _NAO_VAZIO
    status: StatusLote
    arquivos_processados: list[ArquivoProcessado]
    dados_extraidos: list[DadoExtraido]
    alertas: list[str]
    total_dados: int = Field(ge=0)


class Referencia(_Contrato):
    """Referência de uma conclusão (seção 3).

    `aba_planilha` é extensão nossa, opcional, com o mesmo sentido da seção 1:
    sem ela, `celula B7` é ambígua numa planilha de várias abas.
    """

    arquivo: str = _NAO_VAZIO
    pagina: int | None = _PAGINA
    linha_ou_celula: str = _NAO_VAZIO
    dado_citado: str = _NAO_VAZIO
    extrator_id: str = _NAO_VAZIO
    aba_planilha: str | None = _OPCIONAL


class DetalheValidacao(_Contrato):
    arquivo: str
    pagina: int | None = _PAGINA
    linha_ou_celula: str
    dado_citado: str
    status: StatusReferencia
    texto_encontrado: str
    metodo_extracao: str
    match_exato: bool
    observacao: str
    aba_planilha: str | None = _OPCIONAL


class Validacao(_Contrato):
    """Seção 4: veredicto de uma conclusão."""

    conclusao_id: int
    veredicto_geral: VeredictoGeral
    detalhes: list[DetalheValidacao] = Field(min_length=1)


class Conclusao(_Contrato):
    id: int = Field(ge=1)
    tipo: TipoConclusao
    afirmacao: str = _NAO_VAZIO
    grau_confianca: GrauConfianca
    referencias: list[Referencia] = Field(min_length=1)
    validacao: Validacao | None = None


class Conclusoes(_Contrato):
    """Seção 3: envelope do agente principal."""

    conclusoes: list[Conclusao]
    caso_id: str = _NAO_VAZIO
    data_analise: str = Field(pattern=r"^\d{4}-\d{2}-\d{2}$")


class Resumo(_Contrato):
    total_conclusoes: int = Field(ge=0)
    verificadas: int = Field(ge=0)
    contraditas: int = Field(ge=0)
    ambiguas: int = Field(ge=0)


class Validacoes(_Contrato):
    """Seção 4: envelope do validador."""

    validacoes: list[Validacao]
    resumo: Resumo
    validador_id: str = _NAO_VAZIO
    data_validacao: str = Field(pattern=r"^\d{4}-\d{2}-\d{2}$")
