"""Issue 24, achado 2: decisões de revisão só valem por `perito revisar`, cada uma na trilha com o seu hash.

Antes: um `revisao.json` escrito à mão, rejeitando uma referência VERIFICADO "por Delegado Titular", passava em
`auditoria verificar` (0) e `perito relatorio` o usava; um `revisao.json` editado era pego, mas o próximo
`perito revisar` o regravava e registrava, e `verificar` voltava a 0.
"""

from __future__ import annotations

import hashlib
import json

from typer.testing import CliRunner

from perito.cli.app import app
from perito.erros import Saida
from perito.saida import revisao
from perito.saida.auditoria import Trilha, hash_decisao
from tests.saida_pequena import montar


def _cli(*args):
    resultado = CliRunner().invoke(app, [*map(str, args)])
    texto = resultado.stdout + (resultado.stderr or "")
    assert "Traceback" not in texto
    return resultado.exit_code, " ".join(texto.split())  # o rich quebra linhas longas


def _forjada(conclusao_id=1, indice=1):
    return {
        "conclusao_id": conclusao_id, "indice_referencia": indice,
        "referencia": {"tipo": "outro", "afirmacao": "O telefone (11) 91234-0000 aparece no relato",
                       "arquivo": "relato.txt", "pagina": None, "linha_ou_celula": "linha 2", "aba_planilha": None,
                       "dado_citado": "(11) 91234-0000"},
        "status_maquina": "VERIFICADO", "observacao_maquina": "", "decisao": "rejeitado",
        "motivo": "não confere", "analista": "Delegado Titular", "momento": "2025-03-21T10:00:00Z",
        "sha256_arquivo": "0" * 64, "situacao": "vigente",
    }


def test_issue_24_revisao_escrita_a_mao_e_recusada_por_verificar_relatorio_revisar_e_analisar(tmp_path):
    caso, saida = montar(tmp_path)
    (saida / revisao.NOME).write_text(json.dumps({"decisoes": [_forjada()]}), encoding="utf-8")
    html_antes = (saida / "relatorio.html").read_bytes() if (saida / "relatorio.html").exists() else None

    codigo, texto = _cli("auditoria", "verificar", saida)
    assert codigo == Saida.AUDITORIA_INVALIDA and "não foi gravado pelo perito" in texto
    codigo, texto = _cli("relatorio", saida, "--caso", caso)
    assert codigo == Saida.AUDITORIA_INVALIDA and "decisões só valem por `perito revisar`" in texto
    assert ((saida / "relatorio.html").read_bytes() if (saida / "relatorio.html").exists() else None) == html_antes
    codigo, _ = _cli("revisar", saida, "--analista", "Ana", "--decisao", "1.2=confirmado:conferido")
    assert codigo == Saida.AUDITORIA_INVALIDA
    codigo, _ = _cli("analisar", caso, "--saida", saida, "--data-analise", "2025-03-20")
    assert codigo == Saida.AUDITORIA_INVALIDA
    assert json.loads((saida / revisao.NOME).read_text(encoding="utf-8"))["decisoes"] == [_forjada()]  # nada regravado


def test_issue_24_revisao_editada_nao_e_lavada_pelo_proximo_revisar(tmp_path):
    caso, saida = montar(tmp_path)
    assert _cli("revisar", saida, "--analista", "Ana", "--decisao", "1.2=confirmado:conferido no original")[0] == 0
    objeto = json.loads((saida / revisao.NOME).read_text(encoding="utf-8"))
    objeto["decisoes"][0]["decisao"] = "rejeitado"
    (saida / revisao.NOME).write_text(json.dumps(objeto), encoding="utf-8")
    assert _cli("revisar", saida, "--analista", "Ana", "--decisao", "2.1=pendente:reler")[0] == Saida.AUDITORIA_INVALIDA
    codigo, texto = _cli("auditoria", "verificar", saida)
    assert codigo == Saida.AUDITORIA_INVALIDA and "revisao.json foi alterado" in texto


def test_issue_24_decisao_colada_com_trilha_recomputada_sem_o_registro_dela_e_recusada(tmp_path):
    """Quem troca revisao.json e acrescenta à trilha um `reconciliar_revisao` com o hash novo (sem chave, a
    cadeia se recalcula) ainda não tem a entrada `revisar_referencia` com o hash da decisão."""
    caso, saida = montar(tmp_path)
    texto = json.dumps({"decisoes": [_forjada()]})
    (saida / revisao.NOME).write_text(texto, encoding="utf-8")
    (saida / revisao.NOME).rename(saida / "x")
    trilha = Trilha(saida)  # sem revisao.json a trilha abre; a entrada forjada registra o arquivo novo
    trilha.registrar("revisao", "reconciliar_revisao", saidas={revisao.NOME: hashlib.sha256(texto.encode()).hexdigest()})
    (saida / "x").rename(saida / revisao.NOME)
    codigo, texto_saida = _cli("auditoria", "verificar", saida)
    assert codigo == Saida.AUDITORIA_INVALIDA
    assert "'rejeitado' sobre a referência 1.1 (por 'Delegado Titular') não está registrada" in texto_saida


def test_issue_24_decisoes_pelo_revisar_seguem_valendo_em_relatorio_e_nova_analise(tmp_path):
    """A armadilha: o uso normal — revisar, relatorio, nova análise — continua íntegro."""
    caso, saida = montar(tmp_path)
    assert _cli("revisar", saida, "--analista", "Ana", "--decisao", "1.2=confirmado:conferido no original")[0] == 0
    decisao = revisao.ler(saida)["decisoes"][0]
    entradas = [json.loads(linha) for linha in (saida / "auditoria.jsonl").read_text(encoding="utf-8").splitlines()]
    assert hash_decisao(decisao) in {(e["detalhes"] or {}).get("hash_decisao") for e in entradas}
    assert _cli("relatorio", saida, "--caso", caso)[0] == 0
    assert _cli("auditoria", "verificar", saida)[0] == 0
    assert _cli("revisar", saida, "--analista", "Ana", "--decisao", "2.1=pendente:reler o original")[0] == 0
    assert _cli("auditoria", "verificar", saida)[0] == 0
