"""`analisar --motor claude` pela linha de comando: chave ausente, chave canário, manifesto e relatório.

A API é o servidor falso local (ANTHROPIC_BASE_URL); o SDK e o perito são os reais.
"""

from __future__ import annotations

import json

from perito.erros import Saida
from tests.conftest import DATA, hashes_da_arvore, rodar_cli
from tests.fake_anthropic import Resposta, Roteiro, caso_relato, erro, mensagem
from tests.test_llm_regras import HASHES_DOS_PROMPTS

CANARIO = "sk-ant-api03-CANARIO-claude-nao-pode-vazar-0123456789"


_rodar = rodar_cli


def _propoe(pedido):
    ids = [pedido.id_do_dado("187.34.56.78"), pedido.id_do_dado("15/03/2025 14:32:17")]
    return [{"tipo": "outro", "grau_confianca": "fraco", "dados": ids,
             "afirmacao": "O relatório registra o IP 187.34.56.78 em 15/03/2025 14:32:17 BRT."}]




def test_motor_claude_sem_chave_para_antes_de_qualquer_trabalho(tmp_path, monkeypatch):
    monkeypatch.delenv("ANTHROPIC_API_KEY", raising=False)
    caso = caso_relato(tmp_path)
    antes = hashes_da_arvore(tmp_path)
    codigo, saida = _rodar("analisar", caso, "--motor", "claude", "--saida", tmp_path / "saida")
    assert codigo == Saida.SEM_CHAVE_API == 9
    assert "O motor Claude precisa da variável de ambiente ANTHROPIC_API_KEY" in saida
    assert "--motor regras" in saida
    assert hashes_da_arvore(tmp_path) == antes  # nem a saída pedida nem a padrão foram criadas


def test_motor_desconhecido_e_erro_de_uso(tmp_path):
    codigo, _ = _rodar("analisar", caso_relato(tmp_path), "--motor", "gpt")
    assert codigo == Saida.USO


def test_motor_regras_continua_o_padrao_e_nao_usa_a_rede(tmp_path, servidor):
    falso = servidor(Roteiro())
    codigo, saida = _rodar("analisar", caso_relato(tmp_path), "--saida", tmp_path / "s", "--data-analise", DATA)
    assert codigo == 0 and "Motor Claude" not in saida
    assert falso.pedidos == []
    manifesto = json.loads((tmp_path / "s" / "manifesto.json").read_text(encoding="utf-8"))
    assert manifesto["parametros"]["motor"] == "regras" and "llm" not in manifesto and "llm" not in manifesto["parametros"]
    assert not (tmp_path / "s" / "lotes" / "extrator_claude_01.json").exists()


def test_manifesto_e_relatorio_registram_prompts_modelo_tokens_e_custo(tmp_path, servidor):
    def extrai(pedido):
        return [pedido.dado("linha 4", "Joaquim Barbosa Lima", "nome_titular", "pessoa"),
                pedido.dado("linha 5", "187.34.56.78", "ip_acesso", "ip")]  # alucinado: descartado

    falso = servidor(Roteiro(extrator=extrai, principal=_propoe))
    saida_dir = tmp_path / "s"
    codigo, saida = _rodar("analisar", caso_relato(tmp_path), "--motor", "claude", "--modelo", "claude-haiku-4-5",
                           "--saida", saida_dir, "--data-analise", DATA)
    assert codigo == 0, saida
    assert "Motor Claude" in saida and "Modelo claude-haiku-4-5" in saida
    assert "1 descartado pela ancoragem" in saida and "1 aceita" in saida
    assert "Tokens: 2000 de entrada, 400 de saída, 0 gravados e 1600 lidos do cache" in saida
    assert "custo estimado US$ 0.004160" in saida  # 2000×1 + 400×5 + 1600×0,10 por milhão (claude-haiku-4-5)

    manifesto = json.loads((saida_dir / "manifesto.json").read_text(encoding="utf-8"))
    parametros = manifesto["parametros"]
    assert parametros["motor"] == "claude" and parametros["llm"]["modelo"] == "claude-haiku-4-5"
    assert parametros["llm"]["endpoint"] == falso.url and parametros["llm"]["concorrencia"] == 2
    for nome, (arquivo, esperado) in HASHES_DOS_PROMPTS.items():
        assert parametros["llm"]["prompts"][nome] == {"arquivo": arquivo, "sha256": esperado}
        assert esperado[:12] in saida
    llm = manifesto["llm"]
    assert llm["consumo"]["total"]["tokens"] == {"entrada": 2000, "saida": 400, "escrita_cache": 0, "leitura_cache": 1600}
    assert llm["consumo"]["total"]["custo_estimado_usd"] == "0.004160"
    assert llm["consumo"]["total"]["precos_usd_por_milhao"]["saida"] == "5"
    assert llm["extrator"]["dados_descartados"] == 1 and llm["principal"]["aceitas"] == 1
    assert "lotes/extrator_claude_01.json" in manifesto["saidas"]
    texto = (saida_dir / "manifesto.json").read_text(encoding="utf-8").lower()
    assert "authorization" not in texto and "api_key" not in texto and "x-api-key" not in texto
    # modelo da geração 4: a ferramenta é forçada pelo tool_choice
    assert all(p.corpo["model"] == "claude-haiku-4-5" for p in falso.pedidos)
    assert falso.do_agente("registrar_dados")[0].corpo["tool_choice"]["type"] == "tool"
    # a conclusão do Claude foi validada como as outras
    conclusoes = json.loads((saida_dir / "conclusoes.json").read_text(encoding="utf-8"))["conclusoes"]
    assert [c["validacao"]["veredicto_geral"] for c in conclusoes] == ["VERIFICADO"]
    # a trilha de auditoria fecha com o lote e as conclusões do Claude
    codigo, _ = _rodar("auditoria", "verificar", saida_dir)
    assert codigo == 0


def test_chave_canario_nunca_aparece_em_saida_nem_arquivo(tmp_path, servidor):
    """Um endpoint que ecoa a chave (no erro, num dado, numa afirmação) não a faz chegar a nada que o perito escreve."""
    tentativas = []

    def ecoa(pedido):
        chave = pedido.cabecalhos.get("Authorization", "")
        if pedido.ferramenta == "registrar_dados":
            tentativas.append(pedido)
            if len(tentativas) == 1:
                return erro(500, "api_error", f"falhou com {chave}", cabecalhos={"retry-after-ms": "1"})
            dado = pedido.dado("linha 4", "Joaquim Barbosa Lima", "nome_titular", "pessoa", metadados={"nota": chave})
            return mensagem("registrar_dados", {"dados": [dado, {**dado, "dado": CANARIO, "metadados": {}}]})
        propostas = _propoe(pedido)
        propostas[0]["afirmacao"] += f" Chave: {CANARIO}."
        propostas.append({**propostas[0], "afirmacao": f"O IP 10.0.0.1 e {CANARIO}."})
        return mensagem("propor_conclusoes", {"conclusoes": propostas})

    falso = servidor(ecoa, chave=CANARIO)
    saida_dir = tmp_path / "s"
    codigo, saida = _rodar("analisar", caso_relato(tmp_path), "--motor", "claude", "--saida", saida_dir,
                           "--data-analise", DATA)
    assert codigo == 0, saida
    assert falso.pedidos[0].cabecalhos["Authorization"] == f"Bearer {CANARIO}"  # a chave foi de fato usada
    assert CANARIO not in saida
    arquivos = [p for p in saida_dir.rglob("*") if p.is_file()]
    assert {p.name for p in arquivos} >= {"perito.log", "manifesto.json", "auditoria.jsonl", "extrator_claude_01.json"}
    for arquivo in arquivos:
        assert CANARIO not in arquivo.read_text(encoding="utf-8", errors="replace"), arquivo
    lote = json.loads((saida_dir / "lotes" / "extrator_claude_01.json").read_text(encoding="utf-8"))
    assert any("[REDIGIDO]" in a for a in lote["alertas"])
    assert lote["dados_extraidos"][0]["metadados"]["claude"] == {"nota": "Bearer [REDIGIDO]"}


def test_falha_da_api_pela_cli_sai_com_codigo_de_analise_incompleta(tmp_path, servidor):
    servidor(lambda p: Resposta(200, b"{ isto nao e json"))
    saida_dir = tmp_path / "s"
    codigo, saida = _rodar("analisar", caso_relato(tmp_path), "--motor", "claude", "--saida", saida_dir,
                           "--data-analise", DATA)
    assert codigo == Saida.INCOMPLETA == 1
    assert "Análise INCOMPLETA" in saida and "resposta ilegível da API" in saida
    assert (saida_dir / "conclusoes.json").is_file()
