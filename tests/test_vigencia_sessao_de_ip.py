"""O início e o fim de uma linha da resposta sobre um IP são os da sessão de dados, não os do cadastro da linha
(vigésima sessão: a planilha "IP, Porta, Data/Hora início, Data/Hora fim, Linha, Assinante, Documento" da operadora).

Antes: "o cadastro vale desde 12/06/2025 13:55:00 até 12/06/2025 15:10:00, o que inclui os fatos" — a sessão de uma hora
dita como a vigência do cadastro; com o número usado noutro dia, o titular caía para fraco ("o cadastro termina ...
antes dos fatos"). Armadilha: o cadastro de linhas com início e fim e sem IP continua dizendo a vigência.
"""

from __future__ import annotations

from pathlib import Path

from tests.conftest import conclusoes_dos_textos

_PROVEDOR = ("WhatsApp LLC\nResponse to legal process - Account: +55 21 98877-6655\n\nIP Addresses\n"
             "Time                      IP Address       Port\n"
             "2025-06-{dia} 17:21:40 UTC   189.120.44.17    50123\n")
_BOLETIM = ("POLÍCIA CIVIL DO ESTADO DO RIO DE JANEIRO\nREGISTRO DE OCORRÊNCIA 012-04567/2025\n"
            "Relata a comunicante que em 12/06/2025 recebeu mensagens do número (21) 98877-6655.\n")


def _titular_do_numero(tmp_path: Path, operadora: str, dia: str = "12") -> dict:
    tmp_path.mkdir(exist_ok=True)
    conclusoes = conclusoes_dos_textos(tmp_path, {
        "claro.csv": operadora, "whatsapp.txt": _PROVEDOR.format(dia=dia), "boletim.txt": _BOLETIM})
    [titular] = [c for c in conclusoes if c["afirmacao"].startswith("O número +5521988776655 está cadastrado")]
    return titular


_SESSOES = ("CLARO S.A. - Identificação de usuário de IP (horário de Brasília)\n"
            "IP;Porta;Data/Hora início;Data/Hora fim;Linha;Assinante;Documento\n"
            "189.120.44.17;50123;12/06/2025 13:55:00;12/06/2025 15:10:00;21988776655;FELIPE AUGUSTO MOURA;186.091.390-34\n")


def test_a_sessao_do_ip_nao_e_a_vigencia_do_cadastro(tmp_path: Path) -> None:
    titular = _titular_do_numero(tmp_path / "a", _SESSOES)
    assert "o cadastro vale" not in titular["afirmacao"] and titular["grau_confianca"] == "forte"
    # o número usado dois dias depois da sessão: o cadastro não "termina antes dos fatos"
    depois = _titular_do_numero(tmp_path / "b", _SESSOES, dia="14")
    assert "o cadastro termina" not in depois["afirmacao"] and depois["grau_confianca"] == "forte"


def test_o_cadastro_sem_ip_diz_a_vigencia(tmp_path: Path) -> None:
    cadastro = ("CLARO S.A. - Dados cadastrais das linhas\nLinha;Assinante;Documento;Início;Fim\n"
                "21988776655;FELIPE AUGUSTO MOURA;186.091.390-34;01/05/2025;30/06/2025\n")
    titular = _titular_do_numero(tmp_path, cadastro)
    assert "o cadastro vale desde 01/05/2025 até 30/06/2025, o que inclui os fatos" in titular["afirmacao"]


def test_a_abertura_da_conta_na_carta_do_banco_nao_e_um_uso_do_telefone(tmp_path: Path) -> None:
    """A carta do banco conta a ficha do cliente ("... aberta em 03/02/2025, ... telefone (21) 97001-2233"): a data da
    abertura da conta não é o dia em que o telefone foi usado, e não faz a chave criada depois parecer de outra pessoa."""
    carta = ("BANCO DO BRASIL S.A.\nEm atenção ao ofício, informamos que a conta corrente nº 12345-6, agência 0987-1, é "
             "de titularidade de JOSE CARLOS LIMA, CPF 529.982.247-25, aberta em 03/02/2025, com telefone "
             "(21) 97001-2233.\n")
    dict_ = ("Banco Central do Brasil - Diretório de Identificadores de Contas Transacionais (DICT)\n"
             "Chave: +5521970012233 | Tipo: PHONE | CPF: 529.982.247-25 | Nome: JOSE CARLOS LIMA | "
             "Agência: 0987 | Conta: 12345-6 | Data de criação da chave: 05/02/2025\n")
    boletim = ("POLÍCIA CIVIL DO ESTADO DO RIO DE JANEIRO\nREGISTRO DE OCORRÊNCIA 012-04567/2025\n"
               "Relata a vítima que em 12/06/2025 transferiu R$ 1.850,00 via Pix para a chave (21) 97001-2233.\n")
    conclusoes = conclusoes_dos_textos(tmp_path, {"carta_banco.txt": carta, "dict.txt": dict_, "boletim.txt": boletim})
    [titular] = [c for c in conclusoes if c["afirmacao"].startswith("O número +5521970012233 está cadastrado")]
    assert "03/02/2025" not in titular["afirmacao"] and titular["grau_confianca"] == "forte"


def test_o_protocolo_aberto_em_e_um_fato() -> None:
    from perito.extratores.rotulos import papel_da_data

    assert papel_da_data("é de titularidade de JOSE CARLOS LIMA, aberta em ") == "abertura_conta"
    assert papel_da_data("Account opened on ") == "abertura_conta"
    assert papel_da_data("a vítima registrou o protocolo aberto em ") is None


def test_o_cadastro_na_plataforma_nao_e_um_uso_do_numero(tmp_path: Path) -> None:
    """A ficha do usuário de uma plataforma ("register_time", "last_login_time" em tempo Unix): o cadastro dele na
    plataforma (anterior à linha) não é um uso do número; o último acesso, sim, e é dito com o dia que o número é."""
    plataforma = ("user_id,username,phone_number,register_time,register_ip,last_login_time,last_login_ip\n"
                  "7281993411002,imoveis.helena,+5521973112040,1724932800,177.45.210.33,1757074353,177.45.210.33\n")
    cadastro = ("TIM S.A. - Dados cadastrais das linhas\nLinha;Assinante;Documento;Data de ativação\n"
                "21973112040;WALTER BRAGA JUNIOR;402.118.927-00;20/08/2025\n")
    boletim = ("POLÍCIA CIVIL DO ESTADO DO RIO DE JANEIRO\nREGISTRO DE OCORRÊNCIA 912-03311/2025\n"
               "A vítima conversou pelo WhatsApp do número (21) 97311-2040.\n")
    conclusoes = conclusoes_dos_textos(tmp_path, {"tiktok.csv": plataforma, "tim.csv": cadastro, "bo.txt": boletim})
    [titular] = [c for c in conclusoes if c["afirmacao"].startswith("O número +5521973112040 está cadastrado")]
    assert titular["grau_confianca"] == "forte"
    assert ("o cadastro vale desde 20/08/2025, o que inclui os fatos (tempo Unix 1757074353 em segundos, UTC por "
            "definição: 2025-09-05 12:12:33 UTC)") in titular["afirmacao"]
    assert titular["validacao"]["veredicto_geral"] == "VERIFICADO"


def test_datas_de_cadastro_e_de_criacao() -> None:
    from perito.extratores.rotulos import papel_da_data

    assert papel_da_data("register_time ") == papel_da_data("DT_CADASTRO ") == "criacao_conta"
    assert papel_da_data("Data de registro da chave: ") == "criacao_chave"
    assert papel_da_data("created_at ") is None  # a transação criada num JSON de movimentação é um fato
    # o número antigo "cadastrado em" 2012 na ficha do provedor: um uso datado dele, não a criação da conta
    assert papel_da_data("Telefone anterior (cadastrado em ") is None
