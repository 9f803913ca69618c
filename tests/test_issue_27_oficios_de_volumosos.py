"""Issue 27: o ofício de um IP lista cada ocorrência dele, também as de um arquivo volumoso que as conclusões não
citam. O validador relê um TXT, CSV ou XLSX volumoso só em volta das linhas citadas pelas conclusões; a conferência
dos dados de ofício fora dessas vizinhanças dava EXTRACAO_FALHOU e o dado saía do ofício em silêncio (no caso g do
benchmark, 598 das 1.000 ocorrências). Agora a releitura traz também as linhas dos dados de ofício.

Oráculo: o mesmo caso com o log lido inteiro (o limiar padrão) dá os mesmos ofícios e as mesmas conferências."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from perito.analise import Parametros, analisar
from perito.leitura.isolamento import Limites
from tests.conftest import CASO_DEMO, DATA

#: as linhas do log com o IP e a porta da conta alvo do caso de exemplo, espalhadas (longe umas das outras)
LINHAS_DO_CASO = range(100, 1500, 35)


def _log(caminho: Path) -> None:
    corpo = [f"2025-03-{1 + i % 28:02d} {i % 24:02d}:{i % 60:02d}:{(i * 7) % 60:02d}   "
             f"{f'200.{i % 250}.{(i // 250) % 250}.{1 + i % 199}':<18} {20000 + i}" for i in range(1500)]
    for n in LINHAS_DO_CASO:
        corpo[n] = f"2025-03-15 {n % 24:02d}:33:10   {'187.34.56.78':<18} 51234"
    caminho.write_text("Registros de conexão - resposta à requisição judicial\nHorários em UTC.\n\n"
                       "Data/Hora             Endereço IP        Porta\n" + "\n".join(corpo) + "\n", encoding="utf-8")


def _conferencias(pasta: Path) -> list[tuple[str, str]]:
    contextos = json.loads((pasta / "contextos.json").read_text(encoding="utf-8"))
    return sorted((c["chave"], c["detalhe"]["status"]) for c in contextos["conferencias"])


def test_oficio_lista_as_ocorrencias_do_volumoso_que_as_conclusoes_nao_citam(tmp_path):
    caso = tmp_path / "caso"
    shutil.copytree(CASO_DEMO, caso)
    _log(caso / "registros_conexao_provedor.txt")
    inteiro, volumoso = tmp_path / "inteiro", tmp_path / "volumoso"
    analisar(Parametros(caso, inteiro, data_analise=DATA))
    analisar(Parametros(caso, volumoso, data_analise=DATA, limites=Limites(bytes_em_partes=1)))

    citadas = {r["linha_ou_celula"] for c in json.loads((volumoso / "conclusoes.json").read_text(encoding="utf-8"))[
        "conclusoes"] for r in c["referencias"] if r["arquivo"] == "registros_conexao_provedor.txt"}
    do_caso = {f"linha {n + 5}" for n in LINHAS_DO_CASO}  # 4 linhas de preâmbulo, numeração a partir de 1
    assert citadas and do_caso - citadas  # há ocorrências que nenhuma conclusão cita (o que o teste exercita)

    assert _conferencias(volumoso) == _conferencias(inteiro)
    assert "EXTRACAO_FALHOU" not in {status for _, status in _conferencias(volumoso)}
    oficios = sorted(p.name for p in (inteiro / "oficios").glob("*.md"))
    assert oficios == sorted(p.name for p in (volumoso / "oficios").glob("*.md"))
    do_ip = [nome for nome in oficios if "187.34.56.78" in (inteiro / "oficios" / nome).read_text(encoding="utf-8")]
    assert do_ip
    for nome in oficios:
        assert (volumoso / "oficios" / nome).read_bytes() == (inteiro / "oficios" / nome).read_bytes(), nome
    texto = (volumoso / "oficios" / do_ip[0]).read_text(encoding="utf-8")
    # o ofício cita ocorrências que nenhuma conclusão cita (as linhas fora das vizinhanças relidas antes)
    assert any(f"registros_conexao_provedor.txt, {linha} — " in texto for linha in do_caso - citadas)
