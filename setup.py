"""Só o empacotamento que o pyproject.toml não sabe dizer: `prompts/` (no topo do repositório) vira `perito.prompts`.

Os prompts ficam versionados em `prompts/`; no wheel (e na instalação editável) eles são dados do
pacote `perito.prompts`, lidos com importlib.resources, sem depender da árvore de fontes.
"""

from setuptools import find_packages, setup

setup(
    packages=[*find_packages("src"), "perito.prompts"],
    package_dir={"": "src", "perito.prompts": "prompts"},
    package_data={"perito": ["py.typed"], "perito.prompts": ["*.md"],
                  "perito.inteligencia_ip": ["dados/*.xz", "dados/*.json", "dados/*.csv", "dados/*.md"],
                  # Cytoscape.js, fCoSE e vis-timeline embutidos no relatorio.html (licenças e VERSOES.md junto)
                  "perito.saida": ["vendor/*.js", "vendor/*.css", "vendor/*.txt", "vendor/*.md"]},
)
