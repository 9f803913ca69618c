"""Os atalhos da leitura de tabelas grandes não mudam nenhum achado.

A guarda dos achados de cada coluna de planilha (`GuardaDaColuna`) devolve o mesmo que `reconhecer`, sempre em
objetos novos (quem recebe os altera); as variantes que o plano escolhe pelo esqueleto da linha (sem a busca do fuso
solto, o IP de acesso já decidido) dão o mesmo que os reconhecedores completos.
"""

from __future__ import annotations

from dataclasses import astuple

from perito.chaves import tempo_formas
from perito.extratores import reconhecedores
from perito.extratores.reconhecedores import GuardaDaColuna, reconhecer

CELULAS = ["01/03/2025 03:00:00", "200.20.0.10", "20000", "01/03/2025 03:00:00", "20000", "LOGIN",
           "R$ 1.234,56", "R$ 1.234,56", "08/02/2025", "08/02/2025", "", "CPF 111.444.777-35", "CPF 111.444.777-35"]

LINHAS = ["01/03/2025;03:00:40;200.20.0.10;20000;LOGIN", "15/03/2025;14:32:17;-03:00;187.34.56.78;51234",
          "15/03/2025 14:32:17 BRT 187.34.56.78", "2025-03-15T14:32:17;America/Sao_Paulo;187.34.56.78",
          "15/03/2025 14:32:17 horário de Brasília 187.34.56.78", "PIX 15/03/2025 14:32:17 IP 187.34.56.78",
          "transação 15/03/2025;14:32:17;187.34.56.78:443", "às 14:20:05 de 18/09/2025 IP 187.34.56.78",
          "Sat Aug 02 10:10:44 BRT 2025 189.1.2.3", "Valor: 1.250,00", "15/03/2025|14:32:17|UTC|1.2.3.4"]


def _tuplas(achados):
    return [astuple(a) for a in achados]


def test_guarda_devolve_o_mesmo_em_objetos_novos():
    guarda = GuardaDaColuna()
    for texto in CELULAS * 3:
        guardados = guarda.reconhecer(texto)
        assert _tuplas(guardados) == _tuplas(reconhecer(texto))
        for achado in guardados:
            achado.metadados["alterado"] = True  # quem recebe altera: a próxima célula não pode ver isto
            achado.fuso = "UTC"
    assert guarda.repetidas > 0


def test_guarda_respeita_a_ordem_das_datas():
    guarda = GuardaDaColuna()
    antes = _tuplas(guarda.reconhecer("08/02/2025"))
    with tempo_formas.na_ordem(True):
        assert _tuplas(guarda.reconhecer("08/02/2025")) == _tuplas(reconhecer("08/02/2025"))
    assert _tuplas(guarda.reconhecer("08/02/2025")) == antes


def test_guarda_desliga_na_coluna_sem_repeticao(monkeypatch):
    monkeypatch.setattr(reconhecedores, "_AMOSTRA_DA_COLUNA", 10)
    guarda = GuardaDaColuna()
    for i in range(20):
        texto = f"200.20.0.{i}"
        assert _tuplas(guarda.reconhecer(texto)) == _tuplas(reconhecer(texto))
    assert not guarda.ligada and not guarda.achados


def test_variantes_do_plano_dao_o_mesmo_que_os_reconhecedores_completos():
    for linha in LINHAS:
        assert _tuplas(reconhecer(linha)) == _tuplas(reconhecer(linha, com_gatilhos=False)), linha


def test_guarda_tem_teto_de_achados(monkeypatch):
    monkeypatch.setattr(reconhecedores, "_ACHADOS_GUARDADOS_MAXIMO", 3)
    guarda = GuardaDaColuna()
    textos = [f"0{d}/03/2025 10:00:00" for d in range(1, 8)]
    for texto in textos * 2:
        assert _tuplas(guarda.reconhecer(texto)) == _tuplas(reconhecer(texto))
        assert guarda.guardados <= 3 and sum(map(len, guarda.achados.values())) == guarda.guardados
