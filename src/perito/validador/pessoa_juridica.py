"""O CPF é de pessoa física: a afirmação que o dá a um nome de pessoa jurídica ("BANCO DO SUL S.A., CPF/CNPJ
111.444.777-35") juntou o nome da instituição ao documento do dono, e não é verdadeira ao documento.

Foi o que a leitura da resposta do DICT em JSON fazia com o "nomeParticipante" (o banco da conta): cada referência
estava certa, o nome e o CPF estavam no mesmo registro, e a afirmação dizia que a chave era do banco. Só o par escrito
junto na afirmação, o nome logo antes de "CPF"/"CPF/CNPJ" e de onze algarismos; o CNPJ (catorze) é de pessoa jurídica
e fica como está.
"""

from __future__ import annotations

import re

#: o nome em maiúsculas logo antes do documento ("BANCO DO SUL S.A. CPF/CNPJ 11144477735", "..., CPF 111.444.777-35")
_NOME_E_CPF = re.compile(
    r"(?P<nome>[A-ZÀ-Ý][A-ZÀ-Ý0-9.&/' -]{2,80}?)\s*,?\s*(?:CPF/CNPJ|CPF)\s*:?\s*(?P<doc>\d{3}\.?\d{3}\.?\d{3}-?\d{2})(?![\d./-])")
#: o que só um nome de pessoa jurídica tem: a forma societária no fim, ou a instituição no começo
_PESSOA_JURIDICA = re.compile(
    # (o "S.A." com o ponto ou a barra: "SA" sozinho é o sobrenome Sá sem acento, "MARIA DE SA")
    r"(?:\bS\.\s?A\.?|\bS/A|\bLTDA\.?|\bEIRELI)\s*$"
    r"|^(?:BANCO|BCO|COOPERATIVA|INSTITUI[ÇC][ÃA]O DE PAGAMENTO|CAIXA ECON[ÔO]MICA)\b"
    r"|\bPAGAMENTOS\b|\bINSTITUI[ÇC][ÃA]O DE PAGAMENTO\b")


def cpf_de_pessoa_juridica(afirmacao: str) -> list[str]:
    """Os problemas: cada nome de pessoa jurídica a que a afirmação dá um CPF."""
    problemas = []
    for m in _NOME_E_CPF.finditer(afirmacao):
        nome = m.group("nome").strip(" ,")
        if _PESSOA_JURIDICA.search(nome):
            problemas.append(f"a afirmação dá o CPF {m.group('doc')} (de pessoa física) a {nome}, nome de pessoa "
                             "jurídica: o nome da instituição e o documento do titular não são da mesma pessoa")
    return problemas
