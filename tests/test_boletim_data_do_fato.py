"""Boletins de ocorrência em formulário: a data do fato, o texto em maiúsculas e os papéis dos envolvidos.

Achados por sondas (BO de SP, RO do RJ, REDS de MG) e ausentes de todo exemplo:
- "Data e Hora da Comunicação: 04/08/2025 09:41" no cabeçalho, e no histórico "no dia 2 de agosto de 2025, por volta
  das 13h10min, ... R$ 2.350,00": o valor levava a data-hora da comunicação e a materialidade não saía. A data escrita
  mais perto do valor do que qualquer data-hora do registro é a do fato, com a hora solta da mesma frase.
- O histórico todo em maiúsculas: "2 DE AGOSTO DE 2025", "13H10MIN"; a "VÍTIMA ACIMA QUALIFICADA" não é nome, e o nome
  para no fim da frase ("DOS ANJOS. A VÍTIMA REALIZOU").
- "Autor:", "Indiciado:" são o investigado; "NOME: ... TIPO DE ENVOLVIMENTO: VÍTIMA" dá o papel escrito depois.
"""

from __future__ import annotations

from pathlib import Path

from perito.extratores.generico import ExtratorGenerico
from perito.extratores.reconhecedores import reconhecer
from perito.leitura.leitor import ler_documento
from tests.conftest import conclusoes_do_caso

_EXTRATO = (
    "Nu Pagamentos S.A. - Extrato de conta\n"
    "Titular: RAFAEL DOS SANTOS DE SOUZA - CPF: 398.259.791-94\n"
    "Agência: 0001 Conta: 7788991-4\n"
    "Data;Hora (BRT);Descrição;Valor\n"
    "02/08/2025;13:12:47;Transferência recebida pelo Pix ANA PAULA RODRIGUES;2.350,00\n"
    "02/08/2025;13:40:02;Transferência enviada pelo Pix MARCOS VINICIUS ALVES;-2.300,00\n"
)


def _valores_do_relato(tmp_path: Path, texto: str) -> list[tuple[str, str | None, str | None]]:
    caminho = tmp_path / "bo.txt"
    caminho.write_text(texto, encoding="utf-8")
    dados = ExtratorGenerico().extrair(ler_documento(caminho, caminho.name, "txt")).dados
    return [(d["dado"], d["metadados"].get("data"), d["metadados"].get("hora"))
            for d in dados if d["campo"] == "valor_transacao"]


def test_data_da_comunicacao_nao_e_a_do_fato(tmp_path: Path) -> None:
    valores = _valores_do_relato(tmp_path, (
        "BOLETIM DE OCORRÊNCIA\n"
        "Data e Hora da Comunicação: 04/08/2025 09:41\n"
        "A vítima ANA PAULA RODRIGUES relata que no dia 2 de agosto de 2025, por volta das 13h10min, após negociar\n"
        "pela internet a compra de um aparelho, efetuou uma transferência via Pix no valor\n"
        "de R$ 2.350,00 (dois mil, trezentos e cinquenta reais) para a chave Pix (21) 98877-6655.\n"))
    assert valores == [("R$ 2.350,00", "2 de agosto de 2025", "13h10min")]


def test_data_hora_no_registro_sem_outra_data_continua_valendo(tmp_path: Path) -> None:
    # armadilha: sem data nenhuma perto do valor, a data-hora do registro é a dele (comprovante em blocos)
    valores = _valores_do_relato(tmp_path, "Comprovante de transferência\nData/hora: 02/08/2025 13:10:44\n"
                                           "Valor: R$ 2.350,00\nFavorecido: RAFAEL DOS SANTOS DE SOUZA\n")
    assert valores == [("R$ 2.350,00", "02/08/2025", "13:10:44")]


def test_materialidade_do_bo_com_data_da_comunicacao(tmp_path: Path) -> None:
    caso = tmp_path / "caso"
    caso.mkdir()
    (caso / "bo.txt").write_text(
        "BOLETIM DE OCORRÊNCIA Nº 1234/2025 - POLÍCIA CIVIL\n"
        "Data e Hora da Comunicação: 04/08/2025 09:41\n"
        "Vítima: ANA PAULA RODRIGUES\n"
        "Histórico: a vítima relata que no dia 2 de agosto de 2025, por volta das 13h10min, transferiu\n"
        "R$ 2.350,00 por Pix para RAFAEL DOS SANTOS DE SOUZA.\n", encoding="utf-8")
    (caso / "extrato.csv").write_text(_EXTRATO, encoding="utf-8")
    materialidade = next(c for c in conclusoes_do_caso(caso) if c["tipo"] == "materialidade")
    assert "2 de agosto de 2025 13h10min" in materialidade["afirmacao"]
    assert materialidade["validacao"]["veredicto_geral"] == "VERIFICADO"


def test_data_e_hora_por_extenso_em_maiusculas() -> None:
    achados = reconhecer("NO DIA 2 DE AGOSTO DE 2025 ÀS 13H10MIN, A VÍTIMA")
    assert [(a.dado, a.metadados.get("hora")) for a in achados if a.campo == "data_evento"] == [
        ("2 DE AGOSTO DE 2025 ÀS 13H10MIN", "13H10MIN")]
    assert [a.dado for a in reconhecer("em 2 de agosto de 2025 às 13h10m") if a.campo == "data_evento"] == [
        "2 de agosto de 2025 às 13h10m"]


def _nomes(texto: str) -> list[tuple[str, str]]:
    return [(a.dado, a.metadados["papel"]) for a in reconhecer(texto) if a.campo == "nome_titular"]


def test_nomes_no_historico_em_maiusculas() -> None:
    assert _nomes("COMPARECEU A ESTA UNIDADE A VÍTIMA ACIMA QUALIFICADA, RELATANDO QUE") == []
    assert _nomes("PARA UMA CONTA EM NOME DE LUCAS HENRIQUE DOS ANJOS. A VÍTIMA REALIZOU A TRANSFERÊNCIA") == [
        ("LUCAS HENRIQUE DOS ANJOS", "nome")]
    # a inicial com ponto e a empresa com "E" continuam nomes
    assert _nomes("Titular: JOSE A. SILVA") == [("JOSE A. SILVA", "titular")]
    assert _nomes("Nome: JOÃO E MARIA LTDA") == [("JOÃO E MARIA LTDA", "nome")]


def test_papeis_dos_envolvidos() -> None:
    assert _nomes("Autor: JOÃO PEDRO DE OLIVEIRA NETO (qualificação indireta)") == [
        ("JOÃO PEDRO DE OLIVEIRA NETO", "investigado")]
    assert _nomes("Indiciado: CARLOS ALVES PEREIRA") == [("CARLOS ALVES PEREIRA", "investigado")]
    assert _nomes("Autor: Justiça Pública") == []  # a parte autora de uma ação penal não é pessoa investigada
    assert _nomes("NOME: GERALDO DAS GRAÇAS DE PAULA TIPO DE ENVOLVIMENTO: VÍTIMA") == [
        ("GERALDO DAS GRAÇAS DE PAULA", "vitima")]
    assert _nomes("NOME: LUCAS HENRIQUE DOS ANJOS TIPO DE ENVOLVIMENTO: AUTOR") == [
        ("LUCAS HENRIQUE DOS ANJOS", "investigado")]


def test_dois_envolvidos_numerados_sem_linha_em_branco(tmp_path: Path) -> None:
    # "ENVOLVIDO 01" / "ENVOLVIDO 02": dois blocos numerados são dois registros; o CPF de cada um fica com o nome dele
    caso = tmp_path / "caso"
    caso.mkdir()
    (caso / "reds.txt").write_text(
        "POLÍCIA CIVIL DE MINAS GERAIS - REDS Nº 2025-034512877-001\n"
        "ENVOLVIDO 01\nNOME: GERALDO DAS GRAÇAS DE PAULA TIPO DE ENVOLVIMENTO: VÍTIMA\n"
        "CPF: 35623012353 SEXO: MASCULINO\n"
        "ENVOLVIDO 02\nNOME: LUCAS HENRIQUE DOS ANJOS TIPO DE ENVOLVIMENTO: AUTOR\nCPF: 795.422.058-30\n",
        encoding="utf-8")
    (caso / "extrato.txt").write_text(
        "C6 BANK - Extrato de conta\nNome: LUCAS HENRIQUE DOS ANJOS - CPF: 795.422.058-30\n"
        "Agência: 0001 Conta: 1234567-8\n02/08/2025 PIX RECEBIDO GERALDO DAS GRACAS DE PAULA 4.980,00\n",
        encoding="utf-8")
    nomes = [c for c in conclusoes_do_caso(caso) if c["tipo"] == "convergencia_nome"]
    lucas = next(c for c in nomes if "LUCAS HENRIQUE DOS ANJOS" in c["afirmacao"])
    assert lucas["grau_confianca"] == "forte", lucas["afirmacao"]
    assert lucas["validacao"]["veredicto_geral"] == "VERIFICADO"


def test_campos_do_cabecalho_nao_colam_no_historico(tmp_path: Path) -> None:
    # "Vítima: ANA ..., CPF ..." e "Histórico:" sem ponto final: o histórico de baixo (com o CPF do favorecido) não
    # vira uma frase com a vítima, e o favorecido não fica com dois CPFs
    caso = tmp_path / "caso"
    caso.mkdir()
    (caso / "boletim.txt").write_text(
        "POLÍCIA CIVIL DO ESTADO DE SÃO PAULO\nBoletim de Ocorrência nº 4471/2025\n"
        "Vítima: ANA PAULA FERREIRA, CPF 123.456.789-09\nHistórico:\n"
        "A vítima relata que em 10/04/2025, por volta das 14h25, realizou um PIX de R$ 2.800,00 para a chave\n"
        "celular (11) 97654-3210, cujo favorecido apareceu como CARLOS EDUARDO MENDES, CPF 246.813.579-28.\n",
        encoding="utf-8")
    (caso / "operadora.csv").write_text("Linha;Nome do assinante;CPF\n11976543210;CARLOS EDUARDO MENDES;246.813.579-28\n",
                                        encoding="utf-8")
    nome = next(c for c in conclusoes_do_caso(caso) if c["tipo"] == "convergencia_nome")
    assert nome["grau_confianca"] == "forte", nome["afirmacao"]


def test_rotulo_que_abre_o_paragrafo_da_narrativa(tmp_path: Path) -> None:
    # "DINÂMICA: A vítima relata que no dia 10/06/2025, ..." é narrativa: o dia vale para o Pix das linhas de baixo
    valores = _valores_do_relato(tmp_path, (
        "REGISTRO DE OCORRÊNCIA Nº 014-04417/2025\nCOMUNICANTE/VÍTIMA: ANA CAROLINA MENDES, CPF 284.719.306-50.\n"
        "DINÂMICA: A vítima relata que no dia 10/06/2025, por volta das 13h55, seu celular ficou sem serviço.\n"
        "Ao acessar o aplicativo do banco verificou uma transferência via Pix que não reconhece:\n"
        "R$ 2.350,00 às 14h41 para MARCOS VINICIUS ROCHA.\n"))
    assert valores == [("R$ 2.350,00", "10/06/2025", "14h41")]
