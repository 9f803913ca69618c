"""O perito instalado de um wheel (não editável) funciona: prompts como dados do pacote, demo completa.

Constrói o wheel do checkout, instala-o num ambiente virtual novo sem pip nem o código-fonte
no caminho (as dependências vêm do ambiente de teste, só como biblioteca) e roda `analisar`
no caso de exemplo e o carregamento dos prompts a partir de outra pasta.
"""

from __future__ import annotations

import json
import subprocess
import sys
import sysconfig
import venv
from pathlib import Path

from tests.conftest import CASO_DEMO, DATA, RAIZ
from tests.test_llm_regras import HASHES_DOS_PROMPTS


def _rodar(*args, cwd):
    return subprocess.run([str(a) for a in args], cwd=cwd, capture_output=True, text=True, timeout=300)


def test_issue12_instalacao_nao_editavel_roda_a_demo_e_le_os_prompts(tmp_path):
    """Issue 12, defeito 5: `prompts/` era achado pela árvore de fontes, e a instalação normal saía com 8.

    Os prompts agora são dados do pacote `perito.prompts`, lidos com importlib.resources.
    """
    rodada = _rodar(sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q",
                    "-w", tmp_path / "dist", RAIZ, cwd=tmp_path)
    assert rodada.returncode == 0, rodada.stderr
    [roda] = (tmp_path / "dist").glob("perito-*.whl")
    ambiente = tmp_path / "venv"
    venv.create(ambiente, with_pip=False)
    python = ambiente / "bin" / "python"
    rodada = _rodar(sys.executable, "-m", "pip", "--python", python, "install", "--no-deps", "--no-index", "-q", roda,
                    cwd=tmp_path)
    assert rodada.returncode == 0, rodada.stderr
    # dependências do ambiente de teste como biblioteca; a instalação editável do perito não vem junto
    proprio = Path(_rodar(python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])", cwd=tmp_path)
                   .stdout.strip())
    (proprio / "dependencias_do_teste.pth").write_text(sysconfig.get_paths()["purelib"] + "\n", encoding="utf-8")

    rodada = _rodar(python, "-c", "import json, perito; from perito.llm.prompts import carregar_todos; "
                    "print(json.dumps([perito.__file__, {n: [p.arquivo, p.sha256] for n, p in carregar_todos().items()}]))",
                    cwd=tmp_path)
    assert rodada.returncode == 0, rodada.stderr
    arquivo, prompts = json.loads(rodada.stdout)
    assert Path(arquivo).is_relative_to(proprio) and not Path(arquivo).is_relative_to(RAIZ)
    assert {n: tuple(p) for n, p in prompts.items()} == HASHES_DOS_PROMPTS

    saida = tmp_path / "analise"
    rodada = _rodar(ambiente / "bin" / "analisar", CASO_DEMO, "--saida", saida, "--data-analise", DATA, cwd=tmp_path)
    assert rodada.returncode == 0, rodada.stdout[-2000:] + rodada.stderr[-2000:]
    conclusoes = json.loads((saida / "conclusoes.json").read_text(encoding="utf-8"))["conclusoes"]
    assert conclusoes and all(c["validacao"]["veredicto_geral"] == "VERIFICADO" for c in conclusoes)
