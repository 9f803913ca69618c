"""O boletim de roubo de celular com o IMEI do aparelho levado e a data do fato, e a resposta da operadora com as
linhas que usaram o aparelho: a linha que passou a usá-lo depois do fato, em nome de outra pessoa, identifica quem
está com ele (moderado, com a ressalva de que usar não é subtrair). Achado por sonda: o caso clássico do celular
roubado dava só "o mesmo aparelho em 2 arquivos" e "o aparelho foi usado com 2 linhas", sem ligar a segunda linha ao
roubo nem dizer o titular dela. Armadilhas: a linha da vítima, a linha que já usava o aparelho antes do fato, o relato
que não conta subtração (o IMEI do aparelho de um suspeito num estelionato) e o relato sem a data do fato."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from perito.analise import Parametros, analisar
from perito.extratores.subtracao import SUBTRACAO

_IMEI = "352099001761481"
_BOLETIM = (
    "SECRETARIA DA SEGURANÇA PÚBLICA - POLÍCIA CIVIL DO ESTADO DE SÃO PAULO\n"
    "BOLETIM DE OCORRÊNCIA Nº 7788/2025 - 14º DP PINHEIROS\n"
    "NATUREZA: {natureza}\n"
    "{data_do_fato}"
    "VÍTIMA: BEATRIZ SANTOS OLIVEIRA, CPF 318.765.432-05, telefone (11) 97766-5544\n\n"
    "OBJETOS:\n"
    f"01 aparelho celular Samsung Galaxy A51 (SM-A515F), IMEI {_IMEI}, linha (11) 97766-5544\n\n"
    "HISTÓRICO:\n"
    "A vítima relata que caminhava pela Rua dos Pinheiros quando foi abordada por dois indivíduos.\n"
    # o IMEI escrito de novo no histórico: o mesmo aparelho, uma conclusão só
    f"Informa que o IMEI do aparelho é {_IMEI}.\n")
_OPERADORA = (
    f"CLARO S.A. - Resposta ao Ofício 1234/2025 - Histórico de uso do IMEI {_IMEI}\n"
    "IMEI;MSISDN;Assinante;CPF;Primeiro uso;Último uso\n"
    f"{_IMEI};5511977665544;BEATRIZ SANTOS OLIVEIRA;318.765.432-05;10/01/2024 10:00:00;05/06/2025 21:38:12\n"
    f"{_IMEI};5511933332222;WELLINGTON DIAS FARIAS;111.444.777-35;{{inicio}};01/08/2025 23:59:00\n")


def _conclusoes(tmp_path: Path, natureza: str = "Roubo (art. 157 CP)", inicio: str = "07/06/2025 15:22:09",
                data_do_fato: str = "DATA/HORA DO FATO: 05/06/2025 21:40\n") -> list[dict]:
    caso = tmp_path / "caso"
    caso.mkdir()
    (caso / "bo_roubo.txt").write_text(_BOLETIM.format(natureza=natureza, data_do_fato=data_do_fato), encoding="utf-8")
    (caso / "claro_imei.csv").write_text(_OPERADORA.format(inicio=inicio), encoding="utf-8")
    saida = tmp_path / "saida"
    analisar(Parametros(caso, saida, data_analise="2025-09-01"))
    conclusoes = json.loads((saida / "conclusoes.json").read_text(encoding="utf-8"))["conclusoes"]
    return [c for c in conclusoes if "que o relato diz subtraído" in c["afirmacao"]]


def test_a_linha_que_usou_o_aparelho_depois_do_roubo(tmp_path: Path) -> None:
    (conclusao,) = _conclusoes(tmp_path)
    assert conclusao["tipo"] == "identificacao_titular" and conclusao["grau_confianca"] == "moderado"
    afirmacao = conclusao["afirmacao"]
    assert "WELLINGTON DIAS FARIAS" in afirmacao and "+5511933332222" in afirmacao
    assert "BEATRIZ" not in afirmacao  # a linha da vítima não é a de quem está com o aparelho
    assert "a partir de 07/06/2025 15:22:09" in afirmacao and "fato em 05/06/2025" in afirmacao
    assert conclusao["validacao"]["veredicto_geral"] == "VERIFICADO"


@pytest.mark.parametrize("kwargs", [
    {"inicio": "02/03/2025 08:00:00"},  # a linha já usava o aparelho antes do fato
    {"natureza": "Estelionato (art. 171 CP)"},  # nenhuma subtração contada
    {"data_do_fato": ""},  # sem a data do fato, "depois do fato" não se afirma
    # no dia do fato, sem o fuso nas duas horas: não se sabe se o uso veio antes ou depois
    {"inicio": "05/06/2025 09:00:00"},
], ids=["antes_do_fato", "sem_subtracao", "sem_data_do_fato", "no_dia_do_fato_sem_fuso"])
def test_armadilhas(tmp_path: Path, kwargs: dict) -> None:
    assert _conclusoes(tmp_path, **kwargs) == []


@pytest.mark.parametrize(("texto", "achada"), [
    ("NATUREZA: Roubo (art. 157 CP)", "Roubo"), ("que mediante grave ameaça subtraíram seu aparelho", "subtraíram"),
    ("teve o celular furtado no ônibus", "furtado"),
    ("o suspeito Roberto usava o aparelho", None),  # "Roberto" não é roubo
    ("NATUREZA: Furto qualificado mediante fraude (art. 155, § 4º, II)", None),  # o golpe do Pix: nada foi levado
])
def test_a_palavra_da_subtracao(texto: str, achada: str | None) -> None:
    m = SUBTRACAO.search(texto)
    assert (m.group("palavra") if m else None) == achada


def test_o_dia_do_fato_contado_no_historico(tmp_path: Path) -> None:
    # sem o rótulo da data do fato: o dia escrito na frase que conta a subtração
    caso = tmp_path / "caso"
    caso.mkdir()
    (caso / "bo_furto.txt").write_text(
        "POLÍCIA CIVIL - BOLETIM DE OCORRÊNCIA Nº 99/2025\nNATUREZA: Furto\n"
        "VÍTIMA: BEATRIZ SANTOS OLIVEIRA, CPF 318.765.432-05\n"
        f"OBJETOS: celular Samsung, IMEI {_IMEI}\n\n"
        "HISTÓRICO: a vítima relata que no dia 05/06/2025 teve o celular furtado dentro do ônibus.\n", encoding="utf-8")
    (caso / "claro_imei.csv").write_text(_OPERADORA.format(inicio="07/06/2025 15:22:09"), encoding="utf-8")
    saida = tmp_path / "saida"
    analisar(Parametros(caso, saida, data_analise="2025-09-01"))
    conclusoes = json.loads((saida / "conclusoes.json").read_text(encoding="utf-8"))["conclusoes"]
    (conclusao,) = [c for c in conclusoes if "que o relato diz subtraído" in c["afirmacao"]]
    assert "'furtado'" in conclusao["afirmacao"] and "fato em 05/06/2025" in conclusao["afirmacao"]
    assert conclusao["validacao"]["veredicto_geral"] == "VERIFICADO"


def test_bilhetagem_e_o_cadastro_da_linha_a_parte(tmp_path: Path) -> None:
    # a bilhetagem do IMEI não diz o titular: o cadastro da linha, noutra resposta da operadora, diz
    caso = tmp_path / "caso"
    caso.mkdir()
    (caso / "bo_roubo.txt").write_text(_BOLETIM.format(natureza="Roubo", data_do_fato="DATA DO FATO: 05/06/2025 21:40\n"),
                                       encoding="utf-8")
    (caso / "tim_bilhetagem.csv").write_text(
        f"TIM S.A. - Bilhetagem do IMEI {_IMEI} - horário de Brasília\nDATA;HORA;ORIGEM;DESTINO;IMEI;DURACAO\n"
        f"05/06/2025;20:55:40;5511977665544;5511933334444;{_IMEI};00:00:45\n"
        f"08/06/2025;09:01:15;5511944445555;5511966667777;{_IMEI};00:03:01\n"
        f"10/06/2025;12:00:00;5511988889999;5511944445555;{_IMEI};00:00:30\n", encoding="utf-8")
    (caso / "tim_cadastro.csv").write_text(
        "TIM S.A. - Dados cadastrais das linhas\nLINHA;ASSINANTE;CPF;ATIVACAO\n"
        "5511944445555;WELLINGTON DIAS FARIAS;111.444.777-35;01/06/2025\n", encoding="utf-8")
    saida = tmp_path / "saida"
    analisar(Parametros(caso, saida, data_analise="2025-09-01"))
    conclusoes = json.loads((saida / "conclusoes.json").read_text(encoding="utf-8"))["conclusoes"]
    (conclusao,) = [c for c in conclusoes if "que o relato diz subtraído" in c["afirmacao"]]
    assert "+5511944445555" in conclusao["afirmacao"] and "(tim_cadastro.csv, linha 3)" in conclusao["afirmacao"]
    assert conclusao["validacao"]["veredicto_geral"] == "VERIFICADO"



def _dado(campo: str, dado: str, linha: int, arquivo: str, familia: str, **meta: str) -> dict:
    return {"dado": dado, "campo": campo, "arquivo_fonte": arquivo, "pagina": None, "linha_ou_celula": f"linha {linha}",
            "texto_original": dado, "tipo_dado": "outro",
            "metadados": {"registro": f"linha {linha}", "familia_fonte": familia, **meta}}


def test_registro_com_data_e_data_hora_do_mesmo_dia() -> None:
    """Um lote feito à mão: o registro da operadora com a data sem hora (a do cadastro) e a data-hora do primeiro uso
    no mesmo dia; antes, `min` comparava uma data com uma data-hora e o cruzamento parava com TypeError."""
    from perito.principal import aparelho_subtraido
    from perito.principal.indice import Indice

    bo, op = "bo.txt", "claro.csv"
    dados = [
        _dado("outro", "Roubo", 3, bo, "relato", subtracao="roubo"),
        _dado("data_evento", "05/06/2025 21:40", 4, bo, "relato", data="05/06/2025", hora="21:40",
              instante_utc="2025-06-06T00:40:00Z"),
        _dado("imei", _IMEI, 8, bo, "relato", imei_corpo=_IMEI[:14]),
        _dado("imei", _IMEI, 3, op, "operadora", imei_corpo=_IMEI[:14]),
        _dado("telefone", "5511933332222", 3, op, "operadora", e164="+5511933332222"),
        _dado("nome_titular", "WELLINGTON DIAS FARIAS", 3, op, "operadora", nome_normalizado="wellington dias farias",
              papel="titular"),
        _dado("data_evento", "07/06/2025", 3, op, "operadora", data="07/06/2025"),
        _dado("data_evento", "07/06/2025 15:22:09", 3, op, "operadora", data="07/06/2025", hora="15:22:09",
              instante_utc="2025-06-07T18:22:09Z"),
    ]
    # a data do fato no registro da palavra da subtração (sem rótulo): aqui, no mesmo registro
    dados[1]["metadados"]["registro"] = "linha 3"
    (conclusao,) = aparelho_subtraido.concluir(Indice([{"extrator_id": "extrator_generico_01", "dados_extraidos": dados}]))
    assert "a partir de 07/06/2025" in conclusao["afirmacao"] and "WELLINGTON DIAS FARIAS" in conclusao["afirmacao"]
