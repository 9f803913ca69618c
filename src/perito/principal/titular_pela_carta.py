"""titular_pela_carta: o titular de um extrato que não o declara, pela resposta do banco que o encaminha.

O extrato exportado sem cabeçalho (o CSV do Nubank, o anexo de um e-mail) não diz de quem é a conta; a resposta ao
ofício que o encaminha diz ("o CPF ... corresponde ao cliente RAFAEL ..., titular da conta 91823-4, agência 0001.
Segue em anexo o extrato (arquivo NU_91823_extrato_jul2025.csv)"; "encaminhamos em anexo o extrato da conta
corrente nº 7712345-0, agência 0001, de titularidade de RAFAEL ..."). A conclusão que se apoia nesse titular cita a
conta, o nome e o CPF na carta, e diz por que o extrato é daquela conta.

A carta: um documento do banco com uma conta só (agência e conta) e um titular só (nome com papel de titular ou
cliente; o CPF/CNPJ escrito na mesma linha, quando há). O extrato é da conta da carta quando:
- o cabeçalho do extrato diz a conta (sem o nome) e ela é a da carta;
- o nome do arquivo do extrato traz o número da conta (com ou sem o dígito, ao menos 5 algarismos);
- o extrato é anexo do e-mail cujo corpo é a carta;
- a carta escreve o nome do arquivo do extrato numa linha que fala do anexo ("Segue em anexo o extrato da conta
  (arquivo nubank_extrato.csv)": `extratores.arquivos_citados`); a linha do nome é citada com o titular.
Duas cartas de titulares diferentes que servem ao mesmo extrato: nenhuma (não se escolhe).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from pathlib import PurePosixPath

from perito.chaves.arquivo import nome_do_anexo
from perito.principal.identidades import Pessoa, conta_normalizada
from perito.principal.indice import PAPEIS_DE_TITULAR, Indice
from perito.principal.ocorrencias import Ocorrencia

#: o número da conta no nome do arquivo só vale com ao menos 5 algarismos ("extrato_2025.csv" não é a conta 2025-1)
_MINIMO_DE_ALGARISMOS = 5
_PACOTES_DE_EMAIL = (".eml", ".msg", ".mbox")
#: quem declara a conta e o titular: a resposta do banco, e a do DICT sobre uma chave (uma conta, um titular: "NU_88123456
#: _01JUL2025.csv", o extrato exportado sem cabeçalho, traz no nome a conta que o DICT vincula à chave)
_FAMILIAS_DA_CARTA = frozenset({"banco", "registro"})


@dataclass(slots=True)
class Carta:
    titular: Pessoa
    conta: str  # a chave normalizada (|agência|conta)
    conta_escrita: Ocorrencia
    #: os arquivos que a carta nomeia ao encaminhá-los (nome em minúsculas → o dado do nome)
    anexos: dict[str, Ocorrencia]


@dataclass(slots=True)
class TitularPelaCarta:
    carta: Carta
    motivo: str

    @property
    def descricao(self) -> str:
        """"titular e conta declarados em oficio.txt, linha 5 (conta 91823-4, agência 0001), conta que o nome do
        arquivo do extrato traz": o que a afirmação diz ao lado do titular."""
        conta = self.carta.conta_escrita
        return f"titular e conta declarados em {conta.onde} ({conta.literal}), {self.motivo}"


def cartas(indice: Indice) -> dict[str, Carta]:
    """As cartas do caso, por arquivo: uma conta e um titular declarados."""
    contas_por_arquivo: dict[str, dict[str, Ocorrencia]] = {}
    for o in indice.do_campo("conta_bancaria"):
        if o.familia in _FAMILIAS_DA_CARTA and (chave := conta_normalizada(o.meta)) and o.meta.get("agencia"):
            contas_por_arquivo.setdefault(o.arquivo, {}).setdefault(chave, o)
    achadas = {}
    for arquivo, contas in contas_por_arquivo.items():
        if len(contas) != 1:
            continue
        nomes = {n.meta.get("nome_normalizado"): n for n in indice.do_arquivo(arquivo, "nome_titular")
                 if n.meta.get("papel") in PAPEIS_DE_TITULAR and n.meta.get("nome_normalizado")}
        if len(nomes) != 1:
            continue
        ((chave, conta),) = contas.items()
        (nome,) = nomes.values()
        documentos = [d for d in indice.no_registro(nome, "cpf", "outro") if d.meta.get("digitos")]
        cpf = documentos[0] if len({d.meta["digitos"] for d in documentos}) == 1 else None
        provas = [nome, *([cpf] if cpf else []), conta]
        titular = Pessoa(nome.meta["nome_normalizado"], cpf.meta["digitos"] if cpf else None, provas=provas,
                         literal=nome.literal)
        anexos = {o.meta["arquivo_citado"]: o for o in indice.do_arquivo(arquivo, "outro")
                  if o.meta.get("arquivo_citado")}
        achadas[arquivo] = Carta(titular, chave, conta, anexos)
    return achadas


def titular_do_extrato(extrato: str, conta_declarada: str | None, achadas: dict[str, Carta]) -> TitularPelaCarta | None:
    """A carta que encaminha o extrato (sem titular declarado nele), ou None se nenhuma, ou mais de uma pessoa."""
    servem = []
    for arquivo, carta in achadas.items():
        if arquivo == extrato:
            continue
        if motivo := _motivo(extrato, conta_declarada, arquivo, carta):
            servem.append(TitularPelaCarta(carta, motivo))
        elif conta_declarada is None and (nomeado := carta.anexos.get(nome_do_anexo(extrato))) is not None:
            # o nome do arquivo na carta é o que liga o extrato a ela: a linha dele vai com as provas do titular
            titular = replace(carta.titular, provas=[*carta.titular.provas, nomeado])
            servem.append(TitularPelaCarta(replace(carta, titular=titular),
                                           f"extrato que a carta nomeia ({nomeado.literal!r}, {nomeado.onde})"))
    if not servem or any(not s.carta.titular.mesma(servem[0].carta.titular) for s in servem[1:]):
        return None
    return servem[0]


def _motivo(extrato: str, conta_declarada: str | None, arquivo: str, carta: Carta) -> str | None:
    if conta_declarada is not None:
        # o extrato diz a sua conta: só a carta da mesma conta serve, por qualquer motivo
        return "a mesma conta que o cabeçalho do extrato diz" if conta_declarada == carta.conta else None
    if _no_nome_do_arquivo(extrato, carta):
        return "conta que o nome do arquivo do extrato traz"
    if _anexo_do_mesmo_email(extrato, arquivo):
        return "no corpo do e-mail de que o extrato é anexo"
    return None


def _no_nome_do_arquivo(extrato: str, carta: Carta) -> bool:
    digitos = re.sub(r"\D", "", carta.conta_escrita.meta.get("conta") or "")
    formas = {d for d in (digitos, digitos[:-1]) if len(d) >= _MINIMO_DE_ALGARISMOS}
    nome = PurePosixPath(extrato.rsplit("!/", 1)[-1]).stem
    # o número inteiro ("7712345-0" ou "77123450") ou sem o dígito ("NU_91823_extrato"), nunca dentro de outro número
    corridas = set(re.findall(r"\d+", nome)) | {re.sub(r"\D", "", m) for m in re.findall(r"\d+-\d\b", nome)}
    return bool(formas & corridas)


def _anexo_do_mesmo_email(extrato: str, carta: str) -> bool:
    if "!/" not in extrato or "!/" not in carta:
        return False
    pacote, _, membro = carta.rpartition("!/")
    return (extrato.rpartition("!/")[0] == pacote and pacote.lower().endswith(_PACOTES_DE_EMAIL)
            and PurePosixPath(membro).stem.lower() == "corpo")
