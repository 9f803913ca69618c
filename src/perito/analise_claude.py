"""O motor Claude dentro da análise: preparar o cliente, o lote do extrator Claude e as propostas do principal.

O SDK da Anthropic leva ~1 s para importar: só é carregado com `--motor claude`.
"""

from __future__ import annotations

import hashlib
from typing import TYPE_CHECKING, Any, Callable

from perito.extratores.registro import GENERICO, por_id
from perito.leitura.documento import Documento
from perito.principal.parametros import Parametros as ParametrosCruzamento
from perito.saida.auditoria import Registro
from perito.saida.escrita import bytes_json

if TYPE_CHECKING:
    from perito.llm.motor import MotorClaude

#: progresso(etapa, feitos, total, arquivo atual)
Progresso = Callable[[str, int, int, str], None]


def preparar_motor(motor: str, llm: Any) -> MotorClaude | None:
    if motor == "regras":
        return None
    from perito.llm.motor import MotorClaude

    return MotorClaude.preparar(llm)


def extrair_com_claude(
    motor: MotorClaude, documentos: list[Documento], lotes: list[dict[str, Any]], atribuicao: dict[str, str],
    avisar: Progresso,
) -> dict[str, Any]:
    """O lote do Claude: só documentos que as regras deram ao extrator genérico (relatos, layouts desconhecidos)."""
    from perito.llm import extrator as extrator_claude

    relatos = {arquivo for arquivo, extrator_id in atribuicao.items() if extrator_id == GENERICO.extrator_id}
    familias = {}
    for documento in documentos:
        extrator = por_id(atribuicao.get(documento.arquivo, "")) or GENERICO
        familias[documento.arquivo] = extrator.familia_do(documento)  # independência das fontes, como nas regras
    return extrator_claude.extrair(motor, documentos, lotes, relatos, familias, avisar)


def concluir_com_claude(
    motor: MotorClaude, lotes: list[dict[str, Any]], conclusoes: dict[str, Any], hash_conclusoes: str,
    cruzamento: ParametrosCruzamento, trilha: Registro, avisar: Progresso,
) -> tuple[dict[str, Any], str]:
    """(as conclusões das regras e, depois delas, as propostas do Claude que passaram pela conferência; seu SHA-256)."""
    from perito.llm import principal as principal_claude

    avisar("Claude: cruzamento", 0, 1, "")
    novas = principal_claude.concluir(motor, lotes, conclusoes, cruzamento)
    avisar("Claude: cruzamento", 1, 1, "")
    relato = motor.relatos["principal"]
    hash_novas = hashlib.sha256(bytes_json(novas)).hexdigest()
    trilha.registrar(
        "principal_claude", "propor", entradas={"conclusoes das regras": hash_conclusoes},
        saidas={"conclusoes (antes da validação)": hash_novas},
        detalhes={k: relato[k] for k in ("propostas", "aceitas", "rejeitadas", "falhou")},
    )
    return novas, hash_novas
