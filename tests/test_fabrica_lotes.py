"""A fábrica de lotes monta dados como os extratores os gravam, e os lotes passam no esquema."""

from __future__ import annotations

from decimal import Decimal

from perito.contratos.esquemas import erros
from tests.fabrica_lotes import Fabrica


def _caso_do_pix(dia_do_credito: str = "15/03/2025") -> Fabrica:
    fab = Fabrica()
    extrato = fab.documento("recebedora.pdf", "banco")
    extrato.declarar_fuso("UTC-3", 2, texto="Horários no fuso de Brasília (UTC-3).")
    extrato.declarar_titular("MARIA OLIVEIRA LIMA", 3, cpf="111.444.777-35", agencia="0001", conta="8840217-6")
    extrato.valor("+ R$ 3.500,00", 11, data=dia_do_credito, hora="11:36:40", direcao="credito", meio="PIX",
                  contraparte="JOSE CARLOS DA SILVA", data_em=10)
    extrato.valor("- R$ 3.300,00", 12, data=dia_do_credito, hora="12:04:55", meio="PIX",
                  contraparte="RICARDO PEREIRA SANTOS", data_em=10)
    fab.dict_pix().chave_pix("+55 11 98765-4321", 13, tipo="telefone", titular="Maria Oliveira Lima",
                             cpf="111.444.777-35", banco="47110329", agencia="0001", conta="8840217-6")
    boletim = fab.relato()
    boletim.nome("JOSÉ CARLOS DA SILVA", 2, papel="vitima", cpf="529.982.247-25")
    boletim.valor("R$ 3.500,00", 3, data="15/03/2025", direcao="debito", meio="PIX")
    return fab


def _dados(fab: Fabrica) -> list[dict]:
    return [d for lote in fab.lotes() for d in lote["dados_extraidos"]]


def test_lotes_passam_no_esquema_um_por_extrator():
    lotes = _caso_do_pix().lotes()
    assert [lote["extrator_id"] for lote in lotes] == ["extrator_bancario_01", "extrator_generico_01"]
    assert all(erros("lote_extracao", lote) == [] for lote in lotes)
    assert all(lote["total_dados"] == len(lote["dados_extraidos"]) for lote in lotes)


def test_valor_de_extrato_leva_direcao_instante_contraparte_titular_e_apoio():
    [credito] = [d for d in _dados(_caso_do_pix()) if d["dado"] == "+ R$ 3.500,00"]
    meta = credito["metadados"]
    assert Decimal(meta["valor"]) == Decimal("3500.00") and meta["direcao"] == "credito" and meta["meio"] == "PIX"
    assert (meta["data"], meta["hora"], meta["instante_utc"]) == ("15/03/2025", "11:36:40", "2025-03-15T14:36:40Z")
    assert meta["contexto_fuso"]["linha_ou_celula"] == "linha 2" and meta["contexto_fuso"]["valor"] == "UTC-3"
    assert meta["contraparte_normalizada"] == "jose carlos da silva"
    assert meta["contexto_titular"]["cpf"] == "111.444.777-35"
    assert meta["apoio"] == [{"papel": "data", "pagina": 1, "linha_ou_celula": "linha 10", "dado": "15/03/2025"}]
    assert credito["texto_original"] == "11:36:40 PIX JOSE CARLOS DA SILVA + R$ 3.500,00"
    [debito] = [d for d in _dados(_caso_do_pix()) if d["dado"] == "- R$ 3.300,00"]
    assert debito["metadados"]["direcao"] == "debito"


def test_chave_pix_do_dict_e_familia_registro_com_titular_e_conta_no_registro():
    chave = [d for d in _dados(_caso_do_pix()) if d["arquivo_fonte"] == "dict.pdf"]
    assert {d["campo"] for d in chave} == {"chave_pix", "nome_titular", "cpf", "conta_bancaria"}
    assert {d["metadados"]["familia_fonte"] for d in chave} == {"registro"}
    assert len({d["metadados"]["registro"] for d in chave}) == 1
    [pix] = [d for d in chave if d["campo"] == "chave_pix"]
    assert pix["metadados"]["chave_normalizada"] == "+5511987654321"
    [conta] = [d for d in chave if d["campo"] == "conta_bancaria"]
    assert conta["metadados"]["conta_normalizada"] == "47110329|0001|88402176"


def test_hora_ambigua_e_marcada_como_na_montagem():
    fab = Fabrica()
    log = fab.documento("log.csv", "banco")
    log.declarar_fuso("horário de Brasília", 1)
    log.ip("187.34.56.78", 3, data="16/02/2019", hora="23:30:00", porta="51234")
    log.ip("187.34.56.78", 4, data="16/02/2019", hora="22:30:00", porta="51234")
    ips = [d for d in _dados(fab) if d["campo"] == "ip_acesso"]
    assert [d["metadados"].get("hora_ambigua", False) for d in ips] == [True, False]


def test_serve_as_regras_de_dinheiro():
    """O relato, o crédito no extrato e a chave no DICT montados aqui chegam às regras de dinheiro; o mesmo
    valor em outro dia não é materialidade."""
    assert [c["tipo"] for c in _caso_do_pix().do_tipo("materialidade")] == ["materialidade"]
    assert _caso_do_pix(dia_do_credito="16/03/2025").do_tipo("materialidade") == []
