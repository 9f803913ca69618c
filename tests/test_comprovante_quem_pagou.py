"""Comprovante Pix com as seções "Quem pagou" / "Quem recebeu" (o leiaute dos bancos digitais), achado por sonda.

Antes os dois nomes saíam com o papel genérico "nome", o registro era cortado ao meio (nome, CPF e conta se repetem
dos dois lados) e o débito do comprovante ficava sem contraparte, ou com a própria pagadora como contraparte: nenhum
vínculo com o crédito de mesmo valor no extrato de quem recebeu. Agora o título da seção dá o papel, a página de um
comprovante só é um registro, e num débito a contraparte é quem recebeu.
"""

from __future__ import annotations

from pathlib import Path

import openpyxl

from tests.conftest import conclusoes_do_caso, pdf_de_linhas

_COMPROVANTE = [
    "Comprovante de Pix", "10 JUN 2025 às 14:22:51", "Valor R$ 2.870,00", "Tipo Pix enviado",
    "Quem pagou", "Nome ANA PAULA RODRIGUES", "CPF ***.617.395-**", "Instituição NU PAGAMENTOS S.A.",
    "Agência 0001", "Conta 98765432-1",
    "Quem recebeu", "Nome JOAO VICTOR MENDES", "CPF ***.502.864-**", "Instituição BANCO C6 S.A.", "Agência 0001",
    "Conta 12345678-9", "Chave Pix +55 19 99812-4410", "ID da transação E18236120202506101722s0a1b2c3d4e5",
]




def _caso(tmp_path: Path) -> Path:
    caso = tmp_path / "caso"
    caso.mkdir()
    pdf_de_linhas(caso / "comprovante_pix_ana.pdf", _COMPROVANTE)
    livro = openpyxl.Workbook()
    folha = livro.active
    folha.title = "Extrato"
    folha.append(["Titular: JOAO VICTOR MENDES - CPF 731.502.864-17"])
    folha.append(["Agência: 0001 Conta: 12345678-9"])
    folha.append([])
    folha.append(["Data", "Descrição", "Entrada (R$)", "Saída (R$)"])
    folha.append(["10/06/2025", "Pix recebido ANA PAULA RODRIGUES", 2870.00, None])
    folha.append(["10/06/2025", "Pix enviado CARLOS EDUARDO NUNES", None, 2800.00])
    livro.save(caso / "extrato_c6_junho.xlsx")
    return caso


def test_debito_do_comprovante_chega_ao_credito_de_quem_recebeu(tmp_path: Path) -> None:
    conclusoes = conclusoes_do_caso(_caso(tmp_path))
    vinculo = next(c for c in conclusoes if c["tipo"] == "vinculo_financeiro")
    assert vinculo["afirmacao"].startswith("O valor sai da conta de ANA PAULA RODRIGUES (comprovante_pix_ana.pdf")
    assert "R$ 2.870,00 em 10 JUN 2025 14:22:51, JOAO VICTOR MENDES" in vinculo["afirmacao"]
    # dois documentos de banco são uma família só: moderado, nunca forte
    assert vinculo["grau_confianca"] == "moderado"
    assert vinculo["validacao"]["veredicto_geral"] == "VERIFICADO"


def test_numero_sem_formato_numa_coluna_em_reais(tmp_path: Path) -> None:
    from perito.extratores.bancario import ExtratorBancario
    from perito.leitura.leitor import ler_documento

    def valores(cabecalho: list[str]) -> list[str | None]:
        livro = openpyxl.Workbook()
        folha = livro.active
        folha.append(cabecalho)
        folha.append(["10/06/2025", "Pix recebido ANA PAULA RODRIGUES", 2870, None])
        folha.append(["11/06/2025", "Pix enviado CARLOS NUNES", None, 2800.5])
        caminho = tmp_path / f"extrato{len(cabecalho[2])}.xlsx"
        livro.save(caminho)
        dados = ExtratorBancario().extrair(ler_documento(caminho, caminho.name, "xlsx")).dados
        return [d["metadados"].get("valor") for d in dados if d["campo"] == "valor_transacao"]

    assert valores(["Data", "Descrição", "Entrada (R$)", "Saída (R$)"]) == ["2870.00", "-2800.50"]
    # sem a moeda no cabeçalho, o inteiro pode estar em centavos: não se lê; o número com casas decimais, sim (não
    # está em centavos)
    assert valores(["Data", "Descrição", "Entrada", "Saída"]) == ["-2800.50"]


def test_agencia_e_conta_em_linhas_separadas(tmp_path: Path) -> None:
    from perito.extratores.bancario import ExtratorBancario
    from perito.leitura.leitor import ler_documento

    caminho = tmp_path / "comprovante.pdf"
    pdf_de_linhas(caminho, _COMPROVANTE)
    dados = ExtratorBancario().extrair(ler_documento(caminho, caminho.name, "pdf")).dados
    contas = [(d["dado"], d["metadados"]["conta_normalizada"]) for d in dados if d["campo"] == "conta_bancaria"]
    assert contas == [("98765432-1", "|0001|987654321"), ("12345678-9", "|0001|123456789")]
    # a conta sem a agência logo acima (outro rótulo no meio) não inventa agência
    pdf_de_linhas(caminho, ["Comprovante", "Agência 0001", "Instituição BANCO C6 S.A.", "Conta 12345678-9"])
    dados = ExtratorBancario().extrair(ler_documento(caminho, caminho.name, "pdf")).dados
    assert [d for d in dados if d["campo"] == "conta_bancaria"] == []
