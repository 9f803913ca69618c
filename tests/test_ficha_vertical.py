"""A ficha vertical de uma pessoa só (o rótulo numa linha, o valor na de baixo), que não se repete no documento.

Antes a leitura por linhas a cortava em registros de até seis linhas: nome, CPF e linha juntos, e o IMEI do fim da
ficha (com o endereço) noutro registro, longe da linha de que ele é o aparelho. Limite antigo do README.
"""

from __future__ import annotations

from pathlib import Path

from tests.conftest import dados_da_pasta

FICHA = ("OPERADORA TELEFONIA S.A.\nResposta ao Ofício nº 123/2025 - Dados cadastrais\n\n"
         "Nome do assinante\nMARIA OLIVEIRA LIMA\nCPF\n111.444.777-35\nNome da mãe\nANA OLIVEIRA\n"
         "Linha\n(11) 91234-0000\nPlano\nCONTROLE 20GB\nData de ativação\n10/01/2024\n"
         "Endereço\nRua das Flores, 10 - São Paulo/SP\nIMEI do aparelho\n353328101234563\n")


def _registros(pasta: Path, texto: str) -> dict[str, str]:
    (pasta / "resposta.txt").write_text(texto, encoding="utf-8")
    return {d["campo"]: d["metadados"].get("registro") for d in dados_da_pasta(pasta)}


def test_a_ficha_inteira_e_um_registro(tmp_path: Path) -> None:
    registros = _registros(tmp_path, FICHA)
    assert {registros[c] for c in ("nome_titular", "cpf", "telefone", "imei", "endereco")} == {"linha 5"}


def test_armadilha_duas_pessoas_nao_se_juntam(tmp_path: Path) -> None:
    # a vítima e o autor, um embaixo do outro: dois "Nome" e dois "CPF" não são uma ficha só
    texto = ("BOLETIM DE OCORRÊNCIA\n\nNome\nJOSE PEREIRA SANTOS\nCPF\n529.982.247-25\nTelefone\n(11) 95555-4444\n"
             "Endereço\nRua A, 1\nNome\nMARIA OLIVEIRA LIMA\nCPF\n111.444.777-35\nTelefone\n(11) 91234-0000\n"
             "Endereço\nRua B, 2\n")
    (tmp_path / "bo.txt").write_text(texto, encoding="utf-8")
    por_cpf = {d["dado"]: d["metadados"].get("registro") for d in dados_da_pasta(tmp_path) if d["campo"] == "cpf"}
    assert por_cpf["529.982.247-25"] != por_cpf["111.444.777-35"]


def test_armadilha_poucos_campos_ficam_como_antes(tmp_path: Path) -> None:
    registros = _registros(tmp_path, "Resposta\n\nNome do assinante\nMARIA OLIVEIRA LIMA\nCPF\n111.444.777-35\n"
                                     "Linha\n(11) 91234-0000\n")
    assert registros["nome_titular"] == registros["cpf"] == registros["telefone"]  # seis linhas: já juntas


def test_armadilha_comprovante_com_rotulo_e_valor_na_mesma_linha(tmp_path: Path) -> None:
    # "Nome FULANO ..." numa linha e "CPF ***..." na de baixo não são rótulo e valor: o comprovante continua um evento
    # só, com o destinatário como contraparte do valor
    (tmp_path / "comprovante.txt").write_text(
        "Banco Exemplo\nComprovante de transferência Pix\nValor R$ 1.250,00\nData e hora 10/02/2025 09:15:30\n"
        "DESTINO\nNome RENATA DUARTE FONSECA\nCPF *++,222.333-+*\nInstituição Banco Azul\nChave Pix 529.982.247-25\n"
        "ORIGEM\nNome OTAVIO LIMA PRADO\nInstituição Banco Exemplo\nAgência 0001\nConta 7654321-0\n"
        "ID da transação E12345678202502100915abcdEFGH\n", encoding="utf-8")
    dados = dados_da_pasta(tmp_path)
    [valor] = [d for d in dados if d["campo"] == "valor_transacao"]
    assert valor["metadados"].get("contraparte") == "RENATA DUARTE FONSECA"
    assert {d["metadados"].get("registro") for d in dados} == {valor["metadados"]["registro"]}
