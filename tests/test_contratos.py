"""Os modelos pydantic e os arquivos schemas/*.json dizem o mesmo, e ambos aplicam o contrato."""

from __future__ import annotations

import copy
import json

import pytest
from pydantic import ValidationError

from perito.contratos.esquemas import MODELOS, erros, erros_referencia, nome_arquivo, texto_esquema
from tests.conftest import RAIZ

# exemplos da seção 1-4 do documento de esquemas (o contrato normativo)
DADO = {
    "dado": "187.34.56.78",
    "campo": "ip_acesso",
    "arquivo_fonte": "resposta_meta_20250315.pdf",
    "pagina": 4,
    "linha_ou_celula": "linha 23",
    "texto_original": "Access IP: 187.34.56.78 at 2025-03-15 14:32:17 BRT",
    "fuso_horario_original": "BRT (UTC-3)",
    "tipo_dado": "ip",
    "metadados": {},
}
LOTE = {
    "extrator_id": "extrator_bancario_01",
    "status": "OK",
    "arquivos_processados": [
        {"arquivo": "extrato.pdf", "total_paginas": 12, "metodo_extracao": "pdfplumber", "paginas_com_falha": []}
    ],
    "dados_extraidos": [DADO],
    "alertas": ["Pagina 7 do arquivo extrato_bradesco teve extracao por OCR (qualidade media)"],
    "total_dados": 1,
}
REFERENCIA = {
    "arquivo": "resposta_meta_20250315.pdf",
    "pagina": 4,
    "linha_ou_celula": "linha 23",
    "dado_citado": "187.34.56.78 14:32:17 BRT",
    "extrator_id": "extrator_provedores_01",
}
CONCLUSOES = {
    "conclusoes": [
        {
            "id": 1,
            "tipo": "convergencia_ip",
            "afirmacao": "O IP 187.34.56.78 aparece no acesso ao WhatsApp e na transacao bancaria",
            "grau_confianca": "forte",
            "referencias": [REFERENCIA],
            "validacao": None,
        }
    ],
    "caso_id": "IP-2025-00123",
    "data_analise": "2025-03-20",
}
DETALHE = {**REFERENCIA, "status": "VERIFICADO", "texto_encontrado": "x", "metodo_extracao": "pdfplumber", "match_exato": True, "observacao": ""}
del DETALHE["extrator_id"]
VALIDACOES = {
    "validacoes": [{"conclusao_id": 1, "veredicto_geral": "VERIFICADO", "detalhes": [DETALHE]}],
    "resumo": {"total_conclusoes": 1, "verificadas": 1, "contraditas": 0, "ambiguas": 0},
    "validador_id": "validador_01",
    "data_validacao": "2025-03-20",
}
EXEMPLOS = {"dado_extraido": DADO, "lote_extracao": LOTE, "conclusoes": CONCLUSOES, "validacoes": VALIDACOES}


@pytest.mark.parametrize("nome", list(MODELOS))
def test_arquivo_de_esquema_igual_ao_exportado_dos_modelos(nome):
    em_disco = (RAIZ / "schemas" / nome_arquivo(nome)).read_text(encoding="utf-8")
    assert em_disco == texto_esquema(nome), "schemas/ desatualizado: rode `make esquemas`"


@pytest.mark.parametrize("nome", list(MODELOS))
def test_esquema_declara_draft_2020_12(nome):
    esquema = json.loads((RAIZ / "schemas" / nome_arquivo(nome)).read_text(encoding="utf-8"))
    assert esquema["$schema"] == "https://json-schema.org/draft/2020-12/schema"


@pytest.mark.parametrize("nome", list(MODELOS))
def test_exemplos_do_contrato_valem_nos_dois(nome):
    exemplo = EXEMPLOS[nome]
    assert erros(nome, exemplo) == []
    assert erros_referencia(nome, exemplo) == []
    MODELOS[nome][0].model_validate(exemplo)


def _mutacoes():
    def em(objeto, caminho, valor):
        novo = copy.deepcopy(objeto)
        alvo = novo
        for passo in caminho[:-1]:
            alvo = alvo[passo]
        if valor is KeyError:
            del alvo[caminho[-1]]
        else:
            alvo[caminho[-1]] = valor
        return novo

    yield "dado_extraido", em(DADO, ["campo"], "ip"), "campo fora da enumeração"
    yield "dado_extraido", em(DADO, ["tipo_dado"], "endereco_ip"), "tipo_dado fora da enumeração"
    yield "dado_extraido", em(DADO, ["pagina"], 0), "página 0"
    yield "dado_extraido", em(DADO, ["pagina"], "4"), "página como texto"
    yield "dado_extraido", em(DADO, ["linha_ou_celula"], KeyError), "sem localização"
    yield "dado_extraido", em(DADO, ["texto_original"], KeyError), "sem texto original"
    yield "dado_extraido", em(DADO, ["inventado"], 1), "campo desconhecido"
    yield "lote_extracao", em(LOTE, ["status"], "PARCIAL"), "status fora da enumeração"
    yield "lote_extracao", em(LOTE, ["total_dados"], KeyError), "sem total_dados"
    yield "conclusoes", em(CONCLUSOES, ["conclusoes", 0, "referencias"], []), "conclusão sem referência"
    yield "conclusoes", em(CONCLUSOES, ["conclusoes", 0, "grau_confianca"], "alto"), "grau fora da enumeração"
    yield "conclusoes", em(CONCLUSOES, ["conclusoes", 0, "tipo"], "convergencia_email"), "tipo fora da enumeração"
    yield "conclusoes", em(CONCLUSOES, ["conclusoes", 0, "referencias", 0, "extrator_id"], KeyError), "referência sem extrator"
    yield "validacoes", em(VALIDACOES, ["validacoes", 0, "detalhes", 0, "status"], "OK"), "status de referência inválido"
    yield "validacoes", em(VALIDACOES, ["validacoes", 0, "veredicto_geral"], "EXTRACAO_FALHOU"), "veredicto geral só tem 3 valores"


@pytest.mark.parametrize("nome,objeto,motivo", list(_mutacoes()), ids=[m[2] for m in _mutacoes()])
def test_fora_do_contrato_e_rejeitado_pelos_dois(nome, objeto, motivo):
    assert erros(nome, objeto), f"jsonschema aceitou: {motivo}"
    assert erros_referencia(nome, objeto), f"o validador de referência aceitou: {motivo}"
    with pytest.raises(ValidationError):
        MODELOS[nome][0].model_validate(objeto)


def test_erro_de_esquema_diz_o_caminho_json():
    objeto = copy.deepcopy(CONCLUSOES)
    objeto["conclusoes"][0]["grau_confianca"] = "alto"
    assert any(e.startswith("$.conclusoes[0].grau_confianca:") for e in erros("conclusoes", objeto))
