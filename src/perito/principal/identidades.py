"""Quem e onde no modelo de dinheiro: a pessoa (nome e CPF/CNPJ, inteiro ou mascarado), a chave Pix e a conta
em forma comparável."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from perito.chaves import mascara as cpf_mascarado
from perito.principal.ocorrencias import Ocorrencia


@dataclass(slots=True)
class Pessoa:
    """Quem paga, recebe ou é titular: nome normalizado e CPF/CNPJ (inteiro ou mascarado)."""

    nome: str | None = None
    cpf: str | None = None  # só dígitos
    mascara: str | None = None  # "***.046.285-**"
    provas: list[Ocorrencia] = field(default_factory=list)
    literal: str | None = None

    def mesma(self, outra: Pessoa | None) -> bool:
        """Mesma pessoa: CPF igual; ou nome igual sem CPF que conflite (o mascarado conflita se um dígito
        visível difere). Nome igual com CPFs diferentes é homônimo."""
        if outra is None:
            return False
        if self.cpf and outra.cpf:
            return self.cpf == outra.cpf
        if not (self.nome and outra.nome and self.nome == outra.nome):
            return False
        cpf, mascara = (self.cpf, outra.mascara) if self.cpf else (outra.cpf, self.mascara)
        return not (cpf and mascara and not _mascara_compativel(cpf, mascara))

    def descrever(self) -> str:
        partes = [self.literal or self.nome or "?"]
        if self.cpf and re.sub(r"\D", "", partes[0]) == self.cpf:
            pass  # só o documento, sem nome: escrito uma vez
        elif self.cpf:
            partes.append(f"CPF/CNPJ {self.cpf}")
        elif self.mascara:
            partes.append(f"CPF {self.mascara}")
        return " ".join(partes)


def _mascara_compativel(cpf: str, mascara: str) -> bool:
    return cpf_mascarado.compativel(cpf, mascara)


def chave_pix(o: Ocorrencia) -> str | None:
    """Forma comparável de uma chave Pix ou de um número/e-mail que pode ser chave."""
    if o.campo == "telefone":
        return o.meta.get("e164")
    if o.campo == "email":
        return o.literal.strip().lower()
    if o.campo == "chave_pix":
        # o telefone ou o e-mail que a coluna "Chave Pix" fez chave (`motor.comum.refinar`) é comparado pela forma
        # normal dele: "(11) 98765-4321" numa tabela de relato é a chave +5511987654321 do DICT
        return (o.meta.get("chave_normalizada") or o.meta.get("e164") or o.meta.get("email_normalizado")
                or o.literal.strip().lower())
    if o.campo == "cpf":
        return o.meta.get("digitos")
    return None


def chave_escrita(o: Ocorrencia) -> str:
    """A chave como o documento a escreve e, quando o OCR a gastou, como ela foi comparada (a conclusão diz)."""
    if o.meta.get("email_sem_arroba"):
        return f"{o.literal} (e-mail lido por OCR sem o @, comparado às chaves do DICT sem o @ e sem as trocas de OCR)"
    if o.meta.get("evp_deformada"):
        return (f"{o.literal} (chave aleatória lida por OCR com um caractere a mais ou a menos, comparada às chaves do "
                "DICT por essa diferença)")
    if o.meta.get("correcao_ocr"):
        return f"{o.literal} (lida por OCR, comparada como {o.meta.get('chave_normalizada')})"
    return o.literal


def conta_normalizada(meta: dict) -> str | None:
    """agência|conta sem zeros à esquerda nem separadores (o banco nem sempre vem dos dois lados)."""
    if isinstance(meta.get("conta"), dict):  # SIMBA
        conta = meta["conta"]
        agencia = (conta.get("agencia_normalizada") or "").lstrip("0")
        numero = conta.get("conta_normalizada")
        return f"{agencia}|{numero}" if numero else None
    if meta.get("conta"):
        agencia = re.sub(r"\D", "", str(meta.get("agencia", ""))).lstrip("0")
        return f"{agencia}|{str(meta['conta']).lstrip('0')}"
    return None


def conta_do_texto(texto: str | None) -> str | None:
    if not texto:
        return None
    m = re.search(r"ag[êe]ncia\D{0,12}(\d{1,5})(?:-\w)?\D{1,40}?conta\D{0,25}?([\d.]{1,14}-?[\dXx]?)", texto, re.IGNORECASE)
    if not m:
        return None
    return f"{m.group(1).lstrip('0')}|{re.sub(r'[^0-9Xx]', '', m.group(2)).lstrip('0')}"


_PARTICULAS = frozenset({"da", "de", "do", "das", "dos", "e"})


def outra_pessoa(a: Pessoa, b: Pessoa) -> bool:
    """Certamente outra pessoa: nomes que não podem ser o mesmo escrito de outro jeito, ou, sem um dos nomes, CPFs
    diferentes. O extrato corta e abrevia nomes ("JOSE C DA SILVA", "MARIA OLIVEIRA LI"): cada palavra do nome mais
    curto tem de ser uma palavra do mais longo, na ordem, a inicial dela ou o começo dela (a cortada). O mesmo nome com
    outro CPF fica como está (moderado, o CPF dito na afirmação): homônimo ou CPF trocado, quem lê decide."""
    if not (a.nome and b.nome):
        return bool(a.cpf and b.cpf and a.cpf != b.cpf)
    pa, pb = ([p for p in n.split() if p not in _PARTICULAS] for n in (a.nome, b.nome))
    # do mesmo tamanho, qualquer dos dois pode ser o abreviado ("RAFAEL D LIMA", como o Pix mostra o recebedor, e
    # "RAFAEL DUARTE LIMA"): a ordem dos argumentos não decide
    return not ((len(pa) <= len(pb) and _cabe(pa, pb)) or (len(pb) <= len(pa) and _cabe(pb, pa)))


def _cabe(curto: list[str], longo: list[str]) -> bool:
    """Cada palavra do nome curto é uma do longo, na ordem, a inicial dela ou o começo dela."""
    restantes = iter(longo)
    return all(any(p == palavra or p.startswith(palavra.rstrip(".")) for p in restantes) for palavra in curto)


def pode_ser(pagador: Pessoa, vitima: Pessoa) -> bool:
    """O pagador do extrato pode ser a vítima: a mesma pessoa, ou o nome que o banco cortou ("JOSE CARLOS DA S") sem
    CPF que o contradiga."""
    if pagador.mesma(vitima):
        return True
    if pagador.cpf and vitima.cpf:
        return False
    return not outra_pessoa(pagador, vitima)


def pago_por_outra_pessoa(contraparte: Pessoa | None, vitima: Pessoa | None) -> bool:
    """O banco nomeia quem pagou o crédito, e não pode ser a vítima do relato (outro nome, ou outro CPF)."""
    return (vitima is not None and contraparte is not None and bool(contraparte.nome or contraparte.cpf)
            and not pode_ser(contraparte, vitima))


def abreviado(banco: Pessoa, pessoa: Pessoa) -> bool:
    """O nome que o extrato corta ("HELENA M", "JOSE CA", do Itaú: o primeiro nome inteiro e o começo do seguinte) é o
    da pessoa: duas palavras ou mais, o primeiro nome igual, cada palavra seguinte o começo de uma palavra do nome
    inteiro, na ordem (`outra_pessoa`), e nenhum CPF que conflite. O nome inteiro igual é `Pessoa.mesma`."""
    if not (banco.nome and pessoa.nome) or banco.nome == pessoa.nome:
        return False
    if banco.cpf and pessoa.cpf and banco.cpf != pessoa.cpf:
        return False
    palavras, inteiras = banco.nome.split(), pessoa.nome.split()
    return (len(palavras) >= 2 and len(palavras) <= len(inteiras) and palavras[0] == inteiras[0]
            and not outra_pessoa(banco, pessoa))
