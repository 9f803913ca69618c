"""O extrato em CSV do Banco do Brasil (sonda da 23ª sessão): cada Pix numa linha com o valor ("Pix - Recebido",
2350.00) e, na linha de baixo, sem valor, o detalhe "14/07 15:21 ANA BEATRIZ MOREIRA". O nome não era lido: a
materialidade ficava moderada ("o registro bancário não nomeia a vítima"). Agora o detalhe dá a contraparte do
lançamento de cima, citada na linha em que está escrita (como o extrato em texto do mesmo banco já fazia)."""

from __future__ import annotations

from pathlib import Path

from tests.conftest import conclusoes_do_caso, dados_da_pasta

_CABECALHO = '"Data","Dependencia Origem","Histórico","Data do Balancete","Número do documento","Valor",\r\n'
_LINHAS = ('"13/07/2025","","Saldo Anterior","","0","75.30",\r\n'
           '"14/07/2025","","Pix - Recebido","","14072025152107","2350.00",\r\n'
           '"14/07/2025","","14/07 15:21 ANA BEATRIZ MOREIRA","","","",\r\n'
           '"14/07/2025","","Pix - Enviado","","14072025153840","-2300.00",\r\n'
           '"14/07/2025","","14/07 15:38 LUCIANA FERREIRA DIAS","","","",\r\n'
           '"15/07/2025","","Tarifa Pacote de Serviços","","0","-12.50",\r\n'
           '"15/07/2025","","MARCOS TEIXEIRA LIMA","","","",\r\n')


def _caso(tmp_path: Path, linhas: str = _LINHAS) -> Path:
    pasta = tmp_path / "caso"
    pasta.mkdir()
    # como o banco exporta: Latin-1, fim de linha CRLF
    (pasta / "Extrato_conta_corrente_BB.csv").write_bytes((_CABECALHO + linhas).encode("latin-1"))
    return pasta


def test_o_detalhe_da_a_contraparte(tmp_path: Path) -> None:
    dados = dados_da_pasta(_caso(tmp_path))
    valores = {d["dado"]: d["metadados"].get("contraparte") for d in dados if d["campo"] == "valor_transacao"}
    assert valores == {"2350.00": "ANA BEATRIZ MOREIRA", "2300.00": "LUCIANA FERREIRA DIAS", "12.50": None}
    nomes = {d["dado"]: (d["metadados"]["papel"], d["linha_ou_celula"]) for d in dados if d["campo"] == "nome_titular"}
    # a tarifa não diz sentido nem pede nome: o nome da linha de baixo não é contraparte dela
    assert nomes == {"ANA BEATRIZ MOREIRA": ("remetente", "linha 4"), "LUCIANA FERREIRA DIAS": ("destinatario", "linha 6")}


def test_a_materialidade_nomeia_a_vitima(tmp_path: Path) -> None:
    pasta = _caso(tmp_path)
    (pasta / "bo.txt").write_text("BOLETIM DE OCORRÊNCIA Nº 5120/2025\nVítima: ANA BEATRIZ MOREIRA.\n"
                                  "Em 14/07/2025 a vítima transferiu R$ 2.350,00 via Pix para JULIANA COSTA RAMOS.\n",
                                  encoding="utf-8")
    [materialidade] = [c for c in conclusoes_do_caso(pasta) if c["tipo"] == "materialidade"]
    assert materialidade["grau_confianca"] == "forte" and "contraparte ANA BEATRIZ MOREIRA" in materialidade["afirmacao"]
    assert materialidade["validacao"]["veredicto_geral"] == "VERIFICADO"


def test_a_linha_de_baixo_com_valor_e_outro_lancamento(tmp_path: Path) -> None:
    linhas = ('"14/07/2025","","Pix - Recebido","","14072025152107","2350.00",\r\n'
              '"14/07/2025","","14/07 15:21 ANA BEATRIZ MOREIRA","","","10.00",\r\n')
    valores = {d["dado"]: d["metadados"].get("contraparte") for d in dados_da_pasta(_caso(tmp_path, linhas))
               if d["campo"] == "valor_transacao"}
    assert valores["2350.00"] is None


def test_o_formato_novo_com_a_coluna_detalhes(tmp_path: Path) -> None:
    # o outro CSV do BB: o detalhe numa coluna da mesma linha ("Detalhes" = "14/07 15:21 Ana Beatriz Moreira")
    pasta = tmp_path / "caso"
    pasta.mkdir()
    (pasta / "extrato.csv").write_bytes((
        '"Data","Lançamento","Detalhes","N° documento","Valor","Tipo Lançamento"\r\n'
        '"14/07/2025","Pix - Recebido","14/07 15:21 Ana Beatriz Moreira","141521","2.350,00","Entrada"\r\n'
        '"14/07/2025","Pix - Enviado","14/07 15:38 Luciana Ferreira Dias","141538","-2.300,00","Saída"\r\n'
        '"15/07/2025","Compra com Cartão","15/07 12:02 Padaria Central Ltda","141600","-18,90","Saída"\r\n'
    ).encode("latin-1"))
    valores = {d["dado"]: (d["metadados"].get("contraparte"), d["metadados"].get("hora"))
               for d in dados_da_pasta(pasta) if d["campo"] == "valor_transacao"}
    # a compra não é transferência: o estabelecimento não é contraparte
    assert valores == {"2.350,00": ("Ana Beatriz Moreira", "15:21"), "-2.300,00": ("Luciana Ferreira Dias", "15:38"),
                       "-18,90": (None, "12:02")}
