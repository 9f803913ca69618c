"""Fundamentos legais citados no plano e nos ofícios: um por código, com o artigo e o que ele diz.

Textos conferidos na lei (Lei 12.965/2014, Lei 9.613/1998, Lei 12.850/2013, LC 105/2001) e nas normas do Banco
Central (Regulamento Pix, anexo à Resolução BCB 1/2020, com a redação da Resolução BCB 103/2021). O plano cita o
código e o texto; quem assina confere a redação vigente antes do envio.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Fundamento:
    codigo: str
    citacao: str  # como se cita no ofício: "Lei 12.965/2014 (Marco Civil da Internet), art. 13"
    resumo: str  # o que a norma diz, no que importa ao passo

    def como_dict(self) -> dict[str, str]:
        return {"codigo": self.codigo, "citacao": self.citacao, "resumo": self.resumo}


_TODOS = (
    Fundamento("MCI_13", "Lei 12.965/2014 (Marco Civil da Internet), art. 13",
               "o provedor de conexão guarda os registros de conexão por 1 (um) ano"),
    Fundamento("MCI_13_2", "Lei 12.965/2014, art. 13, §§ 2º a 4º",
               "a autoridade policial ou o Ministério Público pode requerer cautelarmente a guarda por prazo superior; "
               "feito o requerimento, há 60 (sessenta) dias para ingressar com o pedido de autorização judicial de acesso"),
    Fundamento("MCI_15", "Lei 12.965/2014, art. 15",
               "o provedor de aplicações guarda os registros de acesso a aplicações por 6 (seis) meses"),
    Fundamento("MCI_15_2", "Lei 12.965/2014, art. 15, § 2º",
               "a autoridade policial ou o Ministério Público pode requerer cautelarmente ao provedor de aplicações a "
               "guarda por prazo superior, observados os §§ 3º e 4º do art. 13 (60 dias para o pedido judicial)"),
    Fundamento("MCI_22", "Lei 12.965/2014, art. 22, parágrafo único",
               "o requerimento judicial dos registros deve conter fundados indícios do ilícito, a justificativa "
               "motivada da utilidade dos registros e o período a que se referem"),
    Fundamento("MCI_10_3", "Lei 12.965/2014, art. 10, § 3º",
               "os dados cadastrais (qualificação pessoal, filiação e endereço) podem ser requisitados pelas "
               "autoridades administrativas com competência legal, sem ordem judicial"),
    Fundamento("STJ_PORTA", "STJ, REsp 1.777.769/SP (3ª Turma, 2019)",
               "o provedor de aplicações deve guardar e fornecer a porta lógica de origem: sem ela, o IPv4 "
               "compartilhado (CGNAT) não identifica o assinante"),
    Fundamento("LEI_9613_17B", "Lei 9.613/1998, art. 17-B",
               "a autoridade policial e o Ministério Público têm acesso, independentemente de autorização judicial, aos "
               "dados cadastrais (qualificação pessoal, filiação e endereço) mantidos por empresas telefônicas, "
               "instituições financeiras e provedores de internet"),
    Fundamento("LEI_12850_15", "Lei 12.850/2013, art. 15",
               "na investigação de organização criminosa, o delegado e o Ministério Público têm acesso, sem autorização "
               "judicial, aos dados cadastrais mantidos por empresas telefônicas, instituições financeiras e provedores"),
    Fundamento("LEI_9613_10", "Lei 9.613/1998, art. 10, § 2º",
               "as instituições obrigadas conservam cadastros e registros de transações por no mínimo 5 (cinco) anos "
               "do encerramento da conta ou da conclusão da transação"),
    Fundamento("LC_105", "Lei Complementar 105/2001, art. 1º, § 4º",
               "a quebra do sigilo bancário (extratos, movimentação) depende de ordem judicial"),
    Fundamento("LEI_12850_17", "Lei 12.850/2013, art. 17",
               "as concessionárias de telefonia mantêm por 5 (cinco) anos os registros de identificação dos terminais "
               "de origem e de destino das ligações; a lei não fixa prazo próprio para o histórico de IMEI"),
    Fundamento("PIX_MED", "Regulamento Pix (anexo à Resolução BCB 1/2020), cap. XI, com a redação da Resolução "
               "BCB 103/2021 — Mecanismo Especial de Devolução",
               "em fundada suspeita de fraude, a instituição do pagador (a vítima) notifica a infração em até 80 dias da "
               "transação; a instituição recebedora bloqueia o saldo e analisa; a devolução deve começar em até 90 "
               "dias da transação (art. 41-A, II)"),
    Fundamento("RFC_6598", "IETF RFC 6598 (2012)",
               "100.64.0.0/10 é espaço compartilhado de CGNAT: o mesmo endereço atende muitos assinantes da operadora"),
)

FUNDAMENTOS: dict[str, Fundamento] = {f.codigo: f for f in _TODOS}


def citar(*codigos: str) -> list[dict[str, str]]:
    return [FUNDAMENTOS[c].como_dict() for c in codigos]
