# Preparação e execução do perito numa máquina nova (Debian): `make demo` e `make test`.
PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
CASO ?= examples/caso_demo
PACOTES_APT := tesseract-ocr tesseract-ocr-por tesseract-ocr-eng tesseract-ocr-osd chromium fonts-dejavu-core

.PHONY: demo test sistema ambiente esquemas exemplo limpar avaliar lint tipos

## sistema: instala o Tesseract (por + eng + osd, a orientação da página) e o Chromium (teste do relatorio.html) pelo apt-get quando faltarem
sistema:
	@if command -v tesseract >/dev/null 2>&1 && tesseract --list-langs 2>/dev/null | grep -qx por \
	    && tesseract --list-langs 2>/dev/null | grep -qx eng && tesseract --list-langs 2>/dev/null | grep -qx osd \
	    && command -v chromium >/dev/null 2>&1 \
	    && [ -f /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf ]; then \
	  echo "Tesseract com por+eng e Chromium já instalados."; \
	else \
	  if [ "$$(id -u)" = 0 ]; then SUDO=""; else SUDO="sudo"; fi; \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $(PACOTES_APT); \
	fi

## ambiente: ambiente virtual com o perito e as dependências de teste
ambiente: $(VENV)/.instalado

$(VENV)/.instalado: pyproject.toml setup.py
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e '.[dev,cluster]'
	touch $@

## demo: prepara tudo e analisa o caso de exemplo (saída em examples/caso_demo-analise/)
demo: sistema ambiente
	$(VENV)/bin/analisar $(CASO) --data-analise 2025-03-20

## test: prepara tudo, confere estilo (ruff) e tipos (mypy) e roda a suíte de testes
test: sistema ambiente lint tipos
	$(PY) -m pytest

## esquemas: regrava schemas/ a partir dos modelos
esquemas: ambiente
	$(VENV)/bin/perito esquemas --saida schemas

## exemplo: regera examples/caso_demo/ e examples/variantes/ com os geradores versionados
exemplo: ambiente
	$(PY) examples/gerar_caso_demo.py
	$(PY) examples/gerar_variantes.py

limpar:
	rm -rf $(VENV) examples/caso_demo-analise .pytest_cache

## avaliar: revocação e precisão da extração contra examples/verdade/
avaliar: sistema ambiente
	$(PY) scripts/avaliar_extracao.py
	$(PY) scripts/avaliar_extracao.py --caso examples/variantes --verdade examples/verdade/variantes

## lint: estilo e erros comuns (ruff)
lint: ambiente
	$(VENV)/bin/ruff check src tests scripts examples

## tipos: conferência de tipos de src/ (mypy, configuração no pyproject.toml)
tipos: ambiente
	$(VENV)/bin/mypy
