"""E-mail de chave Pix lido por OCR sem o `@` (e partido num ponto): comparado ao do DICT pela forma que sobrevive ao
OCR, e a conclusão diz que foi assim.

Variantes (sementes 223 e 234): o boletim escaneado dizia "chave e-mail claudio.castrollcaixaweb.com.br" (o `@`
sumiu, `11` virou `ll`) e "eduardo. junqueira38caixaweb.com.br"; a cadeia relato → DICT → conta não saía.
"""

from __future__ import annotations

from pathlib import Path

from perito.chaves import email
from perito.extratores.registro import escolher
from perito.leitura.texto import ler_texto
from tests.fabrica_lotes import Fabrica
from tests.test_dinheiro_regras import _extrato


def test_forma_ocr_junta_o_que_o_ocr_troca_e_separa_o_resto() -> None:
    assert email.forma_ocr("claudio.castro11@caixaweb.com.br") == email.forma_ocr("claudio.castrollcaixaweb.com.br")
    assert email.forma_ocr("eduardo.junqueira38@caixaweb.com.br") == email.forma_ocr("eduardo. junqueira38caixaweb.com.br")
    # armadilha: outra letra (fora das trocas do OCR) é outra chave
    assert email.forma_ocr("claudio.castro11@caixaweb.com.br") != email.forma_ocr("claudia.castrollcaixaweb.com.br")
    assert email.lido_sem_arroba("claudio.castrollcaixaweb.com.br")
    assert not email.lido_sem_arroba("claudio.castro11@caixaweb.com.br")  # inteiro: é e-mail comum
    assert not email.lido_sem_arroba("aplicativo")  # sem domínio


def test_relato_com_email_sem_arroba_e_partido_num_ponto(tmp_path: Path) -> None:
    (tmp_path / "boletim.txt").write_text(
        "BOLETIM DE OCORRÊNCIA\n"
        "Pix no valor de R$ 1.124,90 para a chave e-mail eduardo. junqueira38caixaweb.com.br, que o aplicativo\n",
        encoding="utf-8")
    documento = ler_texto(tmp_path / "boletim.txt", "boletim.txt")
    [chave] = [d for d in escolher(documento).extrair(documento).dados if d["campo"] == "chave_pix"]
    assert chave["dado"] == "eduardo. junqueira38caixaweb.com.br"
    assert chave["metadados"]["chave_normalizada"] == email.forma_ocr("eduardo.junqueira38@caixaweb.com.br")


def test_espaco_antes_do_arroba_e_arroba_lido_como_e(tmp_path: Path) -> None:
    """Variantes (sementes 148 e 157): "julio.toledo77 @mailvale.com" (o OCR pôs um espaço antes do @) é o e-mail
    inteiro; "roberto. mendes81Ecaixaweb.com.br" (o @ lido como E) compara com o do DICT pela forma do OCR."""
    (tmp_path / "boletim.txt").write_text(
        "Pix de R$ 1.044,90 para a chave e-mail julio.toledo77 @mailvale.com, que o aplicativo mostrou\n"
        "Pix de R$ 1.970,00 para a chave e-mail roberto. mendes81Ecaixaweb.com.br, que o aplicativo\n",
        encoding="utf-8")
    documento = ler_texto(tmp_path / "boletim.txt", "boletim.txt")
    chaves = [d["metadados"]["chave_normalizada"] for d in escolher(documento).extrair(documento).dados
              if d["campo"] == "chave_pix"]
    assert chaves[0] == "julio.toledo77@mailvale.com"
    assert chaves[1] in email.formas_ocr("roberto.mendes81@caixaweb.com.br")


def _caso(chave_no_dict: str, lida: str = "bruno.lima11costaweb.com.br", *outras_no_dict: str) -> Fabrica:
    fab = Fabrica()
    relato = fab.relato("boletim.txt")
    relato.valor("R$ 1.890,00", 4, data="10/02/2025", hora="10h20", registro="frase 1")
    relato.dado("chave_pix", "financeiro", lida, 5, registro="frase 1",
                metadados={"tipo_chave": "email", "email_sem_arroba": True, "chave_normalizada": email.forma_ocr(lida)})
    _extrato(fab)
    dict_pix = fab.dict_pix("chaves.csv")
    dict_pix.chave_pix(chave_no_dict, 2, tipo="email", titular="BRUNO COSTA LIMA", cpf="987.654.321-00")
    for linha, outra in enumerate(outras_no_dict, start=3):
        dict_pix.chave_pix(outra, linha, tipo="email", titular="BRUNA COSTA LIMA", cpf="529.982.247-25")
    return fab


def test_cadeia_pelo_email_lido_sem_arroba_diz_como_comparou() -> None:
    [c] = _caso("bruno.limall@costaweb.com.br").do_tipo("vinculo_financeiro")
    assert "lido por OCR sem o @" in c["afirmacao"]
    assert {r["arquivo"] for r in c["referencias"]} >= {"boletim.txt", "chaves.csv", "extrato.pdf"}


def test_armadilha_outro_email_no_dict_nao_fecha_a_cadeia() -> None:
    assert _caso("bruna.lima11@costaweb.com.br").do_tipo("vinculo_financeiro") == []


def test_arroba_lido_como_sinais_do_desenho_dele() -> None:
    """Variantes (semente 284): "claudio.moreira50OQQmailvale.com" — o `@` virou "OQQ". Casa com o e-mail do DICT
    quando o que sobra entre o nome e o domínio são até três sinais do desenho do `@`, e um só e-mail casa.
    Armadilhas: um dígito no lugar do `@` ("bruno.lima112costaweb") é outro e-mail; dois e-mails do DICT que casam
    não fecham a cadeia."""
    assert email.casa_ocr(email.forma_ocr("claudio.moreira50OQQmailvale.com"), "claudio.moreira50@mailvale.com")
    assert not email.casa_ocr(email.forma_ocr("claudio.moreira50OQQmailvale.com"), "claudio.moreira5@mailvale.com")
    assert not email.casa_ocr(email.forma_ocr("ana12x.com"), "ana1@x.com")
    [c] = _caso("bruno.lima11@costaweb.com.br", "bruno.lima11OQQcostaweb.com.br").do_tipo("vinculo_financeiro")
    assert "lido por OCR sem o @" in c["afirmacao"]
    assert _caso("bruno.lima11@costaweb.com.br", "bruno.lima112costaweb.com.br").do_tipo("vinculo_financeiro") == []
    assert _caso("bruno.lima11@costaweb.com.br", "bruno.lima11OQcostaweb.com.br",
                 "bruno.lima11o@costaweb.com.br").do_tipo("vinculo_financeiro") == []


def test_email_partido_na_linha_de_baixo_do_anuncio(tmp_path: Path) -> None:
    """Variantes (semente 199): "...para a chave e-mail" / "gisele.ourique43 @correioagil.com.br, que o aplicativo":
    a quebra de linha da prosa e o espaço que o OCR pôs antes do @, juntos. Armadilha: o e-mail inteiro na linha de
    baixo continua e-mail (a regra de quem narra não muda)."""
    (tmp_path / "termo.txt").write_text(
        "transferência via Pix no valor de R$ 1.937,50 para a chave e-mail\n"
        "gisele.ourique43 @correioagil.com.br, que o aplicativo do banco mostrou\n", encoding="utf-8")
    documento = ler_texto(tmp_path / "termo.txt", "termo.txt")
    [chave] = [d for d in escolher(documento).extrair(documento).dados if d["campo"] == "chave_pix"]
    assert (chave["linha_ou_celula"], chave["metadados"]["chave_normalizada"]) == (
        "linha 2", "gisele.ourique43@correioagil.com.br")
    (tmp_path / "termo.txt").write_text(
        "transferência via Pix no valor de R$ 1.937,50 para a chave e-mail\ngisele.ourique43@correioagil.com.br, que o\n",
        encoding="utf-8")
    documento = ler_texto(tmp_path / "termo.txt", "termo.txt")
    assert [d["campo"] for d in escolher(documento).extrair(documento).dados if "gisele" in d["dado"]] == ["email"]


def test_chave_que_comeca_com_n_depois_do_tipo(tmp_path: Path) -> None:
    """Variantes (sementes 284, 288, 300): "para a chave e-mail nelson.alves48@correioagil.com.br" saía
    "elson.alves48@…": o "n" de "nº" era opcional no sinal e comia a primeira letra da chave; sem a chave do
    relato, o vínculo com o DICT não saía. O número com sinal ("chave nº 529…") continua lido."""
    (tmp_path / "boletim.txt").write_text(
        "R$ 1.987,50 para a chave e-mail nelson.alves48@correioagil.com.br, que o aplicativo mostrou\n"
        "e depois para a chave nº 529.982.247-25, indicada pelo golpista\n", encoding="utf-8")
    documento = ler_texto(tmp_path / "boletim.txt", "boletim.txt")
    chaves = [d["dado"] for d in escolher(documento).extrair(documento).dados if d["campo"] == "chave_pix"]
    assert chaves == ["nelson.alves48@correioagil.com.br", "529.982.247-25"]


def test_arroba_lido_como_espaco_parte_o_email_em_pedacos(tmp_path: Path) -> None:
    """Variantes (semente 300): o boletim escaneado dizia "chave e-mail" e, na linha de baixo, "aline.nascimento 76
    lumenmail.com," — o `@` virou espaço. Os pedaços seguintes valem até três, quando juntos terminam num domínio.
    Armadilha: a prosa depois de um e-mail truncado ("aline.nascimento, que o aplicativo...") não vira chave."""
    (tmp_path / "boletim.txt").write_text(
        "transferência via Pix no valor de R$ 939,90 para a chave e-mail\n"
        "aline.nascimento 76 lumenmail.com, que o aplicativo do banco mostrou em nome de\n"
        "ALINE GLORIA JUSTINO NASCIMENTO. Depois, outra para a chave e-mail joana.reis que o aplicativo indicou\n",
        encoding="utf-8")
    documento = ler_texto(tmp_path / "boletim.txt", "boletim.txt")
    [chave] = [d for d in escolher(documento).extrair(documento).dados if d["campo"] == "chave_pix"]
    assert chave["dado"] == "aline.nascimento 76 lumenmail.com"
    assert chave["metadados"]["chave_normalizada"] in email.formas_ocr("aline.nascimento76@lumenmail.com")
