"""Respostas em JSON com chaves de sistema e objetos aninhados, e a chave Pix que é um e-mail.

Achados por uma sonda com leiautes que nenhum exemplo tinha (uma resposta do DICT em JSON, um histórico de
login de rede social em JSON): `cpfCnpj` e `tipoChave` não eram rótulos (camelCase), `"conta": {"numero": ...}`
era lido como telefone, a resposta do DICT ficava de família desconhecida, o `.json` vinha com "extensão
desconhecida", e o e-mail da conta no provedor, chave Pix de alguém no DICT, não identificava ninguém.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from perito.analise import Parametros, analisar
from perito.extratores import colunas
from perito.extratores.bancario import ExtratorBancario
from perito.extratores.familias import classificar
from perito.leitura.inventario import detectar_tipo
from perito.leitura.leitor import ler_documento

_DICT = {
    "oficio": "Ofício 1234/2025",
    "resultado": [{
        "chave": "pedro.alves.2025@gmail.com", "tipoChave": "EMAIL", "dataCriacao": "2025-07-11T10:22:03Z",
        "titular": {"nome": "PEDRO HENRIQUE ALVES", "cpfCnpj": "12345678909", "tipoPessoa": "NATURAL_PERSON"},
        "conta": {"ispb": "18236120", "agencia": "0001", "numero": "987654321", "tipo": "CACC"},
    }],
}
_REDE_SOCIAL = {
    "user": {"username": "pedrinho_2025", "email": "pedro.alves.2025@gmail.com"},
    "login_history": [{"ip": "187.34.56.78", "port": 51234, "time": "2025-08-02T13:11:30Z"}],
}


@pytest.mark.parametrize(("rotulo", "papel"), [
    ("cpfCnpj", "cpf"), ("tipoChave", "tipo_chave"), ("IPAddress", "ip"), ("IPv6Address", "ip"), ("IPv4", "ip"),
    ("IMEI_A", "imei"), ("DataHora", "data_hora"), ("nomeTitular", "nome"),
    ("conta numero", "conta"), ("numero", "telefone"),  # o número sozinho continua o de telefone
])
def test_rotulos_em_camel_case(rotulo: str, papel: str) -> None:
    assert colunas.papel(rotulo) == papel


def test_ipv4_e_imei_nao_se_partem() -> None:
    assert colunas.palavras("IPv4") == ("ipv4",) and colunas.palavras("IMEISV") == ("imeisv",)


def _escrever(pasta: Path, nome: str, conteudo: dict) -> Path:
    caminho = pasta / nome
    caminho.write_text(json.dumps(conteudo, ensure_ascii=False, indent=2), encoding="utf-8")
    return caminho


def test_dict_em_json_e_registro_com_conta_e_cpf(tmp_path: Path) -> None:
    caminho = _escrever(tmp_path, "resposta.json", _DICT)
    documento = ler_documento(caminho, caminho.name, "txt")
    assert classificar(documento).familia == "registro"
    dados = ExtratorBancario().extrair(documento).dados
    por_campo = {d["campo"]: d for d in dados}
    assert por_campo["conta_bancaria"]["metadados"]["conta_normalizada"] == "18236120|0001|987654321"
    assert por_campo["cpf"]["dado"] == "12345678909"
    assert not any(d["campo"] == "telefone" for d in dados)  # o "numero" da conta não é telefone


def test_json_nao_e_extensao_desconhecida(tmp_path: Path) -> None:
    caminho = _escrever(tmp_path, "resposta.json", _DICT)
    tipo, motivo, alerta = detectar_tipo(caminho, caminho.read_bytes()[:8192], caminho.stat().st_size)
    assert (tipo, motivo, alerta) == ("txt", None, None)


def test_email_da_conta_que_e_chave_pix_identifica_o_titular(tmp_path: Path) -> None:
    caso = tmp_path / "caso"
    caso.mkdir()
    _escrever(caso, "dict_resposta.json", _DICT)
    _escrever(caso, "rede_social.json", _REDE_SOCIAL)
    # armadilha: outro e-mail na rede social, que não é chave de ninguém, não identifica nada
    _escrever(caso, "outra_rede.json", {"user": {"username": "x", "email": "outra.pessoa@example.com"},
                                        "login_history": [{"ip": "200.1.2.3", "time": "2025-08-02T13:11:30Z"}]})
    analisar(Parametros(caso, tmp_path / "saida", data_analise="2025-09-01"))
    conclusoes = json.loads((tmp_path / "saida" / "conclusoes.json").read_text(encoding="utf-8"))["conclusoes"]
    titulares = [c for c in conclusoes if c["tipo"] == "identificacao_titular"]
    assert len(titulares) == 1
    (titular,) = titulares
    assert titular["afirmacao"].startswith("O e-mail pedro.alves.2025@gmail.com está cadastrado em nome de PEDRO")
    assert titular["grau_confianca"] == "moderado"  # DICT e provedor: duas famílias
    assert titular["validacao"]["veredicto_geral"] == "VERIFICADO"


def test_chave_aleatoria_e_dita_como_chave_nao_como_numero(tmp_path: Path) -> None:
    caso = tmp_path / "caso"
    caso.mkdir()
    (caso / "resposta_dict_evp.csv").write_text(
        "Chave;Tipo;Titular;Documento;Participante;Agência;Conta;Tipo de conta;Abertura\n"
        "7d9f3c2a-1b4e-4f6a-9c8d-2e5f7a1b3c4d;EVP;RODRIGO MENDES FARIAS;987.654.321-00;60746948;1234;55667-8;CACC;"
        "01/09/2025\n", encoding="utf-8")
    (caso / "boletim.txt").write_text(
        "BOLETIM DE OCORRÊNCIA Nº 7788/2025 - 15º DP\nA vítima ANA PAULA RIBEIRO relata que no dia 14/09/2025 efetuou "
        "transferência via Pix de R$ 3.480,00 para a chave aleatória 7d9f3c2a-1b4e-4f6a-9c8d-2e5f7a1b3c4d.\n",
        encoding="utf-8")
    analisar(Parametros(caso, tmp_path / "saida", data_analise="2025-10-01"))
    conclusoes = json.loads((tmp_path / "saida" / "conclusoes.json").read_text(encoding="utf-8"))["conclusoes"]
    (titular,) = [c for c in conclusoes if c["tipo"] == "identificacao_titular"]
    assert titular["afirmacao"].startswith("A chave Pix 7d9f3c2a-1b4e-4f6a-9c8d-2e5f7a1b3c4d está cadastrada em nome de")
    assert "A mesma chave Pix aparece como" in titular["afirmacao"]
    assert titular["validacao"]["veredicto_geral"] == "VERIFICADO"
