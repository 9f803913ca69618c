"""perito: cruzamento de provas para investigações criminais."""

from importlib.metadata import PackageNotFoundError, version

try:
    __version__ = version("perito")
except PackageNotFoundError:  # executado a partir da árvore sem instalação
    __version__ = "0.0.0+local"
