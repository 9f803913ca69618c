"""O relatório de operações com IP de um banco em CSV (vigésima primeira sessão, caso inteiro c8): o timbre "Banco
Beta S.A. - Relatório de operações com IP" na primeira linha (uma célula só) e as operações "PIX - ENVIO".

Antes: o timbre só contava numa linha de texto (a linha de uma célula de um CSV tem `celulas`), e "PIX - ENVIO" não era
operação Pix: o arquivo ficava de família desconhecida, a convergência de IP com o provedor ficava moderada ("sem duas
famílias reconhecidas") e não havia padrão temporal. Armadilhas: o nome do banco numa célula de uma linha de tabela (o
participante de cada chave do DICT) não é timbre; "PIX PAGAMENTO" numa loja não faz dela um banco.
"""

from __future__ import annotations

from pathlib import Path

from perito.extratores.familias import classificar
from perito.leitura.leitor import ler_documento

CABECALHO = "Cliente: CARLOS EDUARDO NUNES - CPF 993.518.190-19\nHorário de Brasília\nData;Hora;Operação;Valor;IP;Porta\n"


def _familia(caminho: Path, texto: str) -> str:
    caminho.write_text(texto, encoding="utf-8")
    return classificar(ler_documento(caminho, caminho.name, "csv")).familia


def test_timbre_na_primeira_linha_do_csv_e_do_banco(tmp_path: Path) -> None:
    texto = "Banco Beta S.A. - Relatório de operações com IP\n" + CABECALHO + "03/08/2025;09:58:10;LOGIN;;189.40.77.210;40122\n"
    assert _familia(tmp_path / "r.csv", texto) == "banco"


def test_pix_envio_e_operacao_do_banco(tmp_path: Path) -> None:
    texto = CABECALHO + ("03/08/2025;09:58:10;LOGIN;;189.40.77.210;40122\n"
                         "03/08/2025;10:40:02;PIX - ENVIO;1.500,00;189.40.77.210;40122\n"
                         "03/08/2025;11:02:30;PIX RECEBIMENTO;200,00;189.40.77.210;40122\n")
    assert _familia(tmp_path / "r.csv", texto) == "banco"


def test_nome_do_banco_numa_celula_da_tabela_nao_e_timbre(tmp_path: Path) -> None:
    texto = ("Chave;Tipo;Nome;CPF;Participante;Agência;Conta\n"
             "+5561998112233;celular;BRUNO HENRIQUE TAVARES;628.194.821-12;BANCO DIGITAL OMEGA S.A.;0001;5512098-3\n")
    assert _familia(tmp_path / "r.csv", texto) != "banco"


def test_pix_pagamento_numa_loja_nao_e_banco(tmp_path: Path) -> None:
    texto = ("Loja Virtual Exemplo - Relatório de pedidos\nData;Hora;Operação;Valor;IP;Porta\n"
             "03/08/2025;10:40:02;PIX PAGAMENTO;150,00;189.40.77.210;40122\n")
    assert _familia(tmp_path / "r.csv", texto) != "banco"
