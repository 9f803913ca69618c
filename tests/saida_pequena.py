"""Uma pasta de análise pequena, montada com o validador e os gravadores de verdade (sem o cruzamento)."""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any

from perito.saida import manifesto
from perito.saida.auditoria import NOME, Trilha
from perito.saida.escrita import bytes_json
from perito.saida.gravacao import gravar, gravar_manifesto, textos_das_saidas
from perito.validador.agente import aplicar, validar

RELATO = "Relato da vítima\nTelefone do autor: (11) 91234-0000\nValor: R$ 3.500,00 em 15/03/2025\nOutra linha\n"


def _ref(linha: int, dado: str) -> dict[str, Any]:
    return {"arquivo": "relato.txt", "pagina": None, "linha_ou_celula": f"linha {linha}", "dado_citado": dado,
            "extrator_id": "extrator_generico_01"}


CONCLUSOES = {
    "conclusoes": [
        {"id": 1, "tipo": "outro", "afirmacao": "O telefone (11) 91234-0000 aparece no relato", "grau_confianca": "fraco",
         "referencias": [_ref(2, "(11) 91234-0000"), _ref(3, "(11) 91234-0000")], "validacao": None},
        {"id": 2, "tipo": "outro", "afirmacao": "O relato cita R$ 3.500,00", "grau_confianca": "fraco",
         "referencias": [_ref(9, "R$ 3.500,00")], "validacao": None},
    ],
    "caso_id": "pequeno",
    "data_analise": "2025-03-20",
}


def montar(raiz: Path, analista: str = "Ana") -> tuple[Path, Path]:
    """(pasta do caso, pasta de saída) de uma análise com uma referência AMBIGUO e uma EXTRACAO_FALHOU."""
    caso, saida = raiz / "caso", raiz / "saida"
    caso.mkdir(parents=True)
    (caso / "relato.txt").write_text(RELATO, encoding="utf-8")
    sha = hashlib.sha256((caso / "relato.txt").read_bytes()).hexdigest()
    trilha = Trilha(saida)
    parametros = {"caso": str(caso), "data_analise": "2025-03-20", "inquerito": "IP 99/2025", "analista": analista}
    trilha.registrar("perito", "iniciar", detalhes={"parametros": parametros})
    validacoes = validar(CONCLUSOES, caso, "2025-03-20", {"relato.txt": sha})
    finais, contraditas = aplicar(CONCLUSOES, validacoes)
    envelope = {"conclusoes_contraditas": contraditas, "caso_id": "pequeno", "data_analise": "2025-03-20"}
    escritos = gravar(saida, textos_das_saidas({"validacao.json": bytes_json(validacoes)}, finais, envelope), trilha)
    arquivos = [{"arquivo": "relato.txt", "tamanho": len(RELATO.encode()), "sha256": sha, "tipo": "txt", "situacao": "lido"}]
    dados = manifesto.montar(caso_id="pequeno", parametros=parametros, inicio="x", fim="y", arquivos=arquivos,
                             saidas=escritos, auditoria={"arquivo": NOME, "hash_antes_do_manifesto": trilha.ultimo_hash})
    gravar_manifesto(saida, dados, trilha)
    return caso, saida
