"""Prompts versionados do motor Claude, instalados como dados do pacote perito.prompts (veja setup.py)."""
