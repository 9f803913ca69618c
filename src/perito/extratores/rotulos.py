"""Reconhecedores de texto livre guiados por rótulo: nomes, contas, chaves Pix, aparelhos, endereços, OAB.

Só se reconhece o que o documento rotula ("Titular:", "Device Model", "Chave:") ou o
que a estrutura mostra (o nome no histórico "PIX ENVIADO - NOME", o nome seguido de
CPF): um texto em maiúsculas sozinho pode ser um título, e um falso nome é pior que
nenhum.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Callable, Iterator

from perito.chaves import carteira_cripto, mascara
from perito.chaves.conta import digitos_da_agencia
from perito.chaves.digitos import somente_digitos
from perito.chaves.nome import dobrar
from perito.extratores import colunas
from perito.extratores.achado import Achado
from perito.extratores.chaves_pix import chaves_do_texto

# rótulos que costumam vir logo depois de um nome e não fazem parte dele
_NAO_NOME = (
    r"(?!(?i:CPF|CNPJ|RG|OAB|TEL|TELEFONE|CELULAR|E-?MAIL|AG[ÊE]NCIA|AG|CONTA|DATA|VALOR|CHAVE|BANCO|ISPB|IMEI|LINHA"
    r"|EVP|ALEAT[ÓO]RIA|PAGAMENTO|CORRENTE|POUPAN[ÇC]A|TIPO|SALDO|TOTAL|PIX|TED|DOC|QR"
    r"|PER[ÍI]ODO|EXTRATO|MENSAL|MOVIMENTA[ÇC][ÃA]O|LAN[ÇC]AMENTOS?|HIST[ÓO]RICO"
    # as palavras de um rótulo em maiúsculas ("NOME DO ASSINANTE: JOSE ..."): nunca o começo de um nome
    r"|ASSINANTE|CLIENTE|USU[ÁA]RIO|TITULAR|NOME|MINIST[ÉE]RIO|JUSTI[ÇC]A"
    # o histórico todo em maiúsculas (REDS, RO): verbos e palavras da narrativa nunca fazem parte de um nome
    r"|V[ÍI]TIMA|ACIMA|QUALIFICAD[AO]S?|REALIZOU|RELATOU|RELATA|INFORMOU|INFORMA|COMPARECEU|EFETUOU|TRANSFERIU"
    r"|RECEBEU|ENVIOU|DEPOSITOU|N[ÃA]O|QUE|PARA|VIA|COM|POR|FOI|TERIA|SENDO|ONDE|QUANDO|AP[ÓO]S"
    # "COMPARECE A VÍTIMA NESTA DP ONLINE E INFORMA", "CUJA FAVORECIDA É JULIANA ...": o lugar e o verbo, nunca o nome
    r"|COMPARECE|NESTA|NESTE|NESSA|NESSE|DESTA|DESTE|CUJ[AO]S?|[ÉE]|ERA|SERIA"
    # a operação escrita entre o meio e a hora ("Pix - Devolução MED 09:01 FERNANDA ..."): nunca parte de um nome
    r"|DEVOLU[ÇC][ÃA]O|ESTORNO|MED|BLOQUEIO|DESBLOQUEIO|TARIFA|RENDIMENTO"
    # o sentido na coluna "Tipo" ao lado do nome ("14/07/2025 15:21 Recebido ANA B MOREIRA", a tabela lida pelo OCR);
    # não "CRÉDITO" nem "TRANSFERÊNCIA", que estão no nome de empresas ("FINANCEIRA CREDITO FACIL LTDA")
    r"|RECEBID[OA]S?|ENVIAD[OA]S?|ENTRADA|SA[ÍI]DA|EFETUAD[OA]|REALIZAD[OA]"
    # a natureza escrita antes do valor ("MARCOS ALVES DB 3.100,00", "ANA MENDES CR 3.200,00")
    r"|DB|CR|D[ÉE]B|CR[ÉE]D)\b)"
    # artigos e preposições soltos ("EM NOME DE", "A VÍTIMA"); a inicial com ponto ("JOSE A. SILVA") passa
    r"(?!(?:A|O|AS|OS|AO|NO|NA|EM)\s)"
)
_PALAVRA_NOME = _NAO_NOME + r"[A-ZÀ-Ý][A-Za-zÀ-ÿ'’.-]*"
#: uma palavra de nome toda em maiúsculas (nunca um rótulo nem a palavra de uma narrativa em maiúsculas)
PALAVRA_DE_NOME_MAIUSCULA = _NAO_NOME + r"[A-ZÀ-Ý][A-ZÀ-Ý'’-]+"
_LIGACAO = r"(?:d[aeo]s?|D[AEO]S?|e|E|&)"  # "&": a razão social ("NUNES & ROCHA COMERCIO LTDA")
# Nome próprio: 2+ palavras capitalizadas (partículas da/de/do/dos/e no meio)
# (a partícula nunca abre o nome: "DO ASSINANTE" é o resto do rótulo "NOME DO ASSINANTE")
NOME = rf"(?<![\w])(?!{_LIGACAO}\s){_PALAVRA_NOME}(?:\s+(?:{_LIGACAO}\s+)?{_PALAVRA_NOME})+"

_ROTULOS_NOME = {
    # (o titular que a ficha diz atual: "Titular atual: JOSE ...", "Assinante atual: ...")
    "titular": (r"titular(?:\s+da\s+(?:conta|linha|chave))?(?:\s+atual)?|(?:de\s+)?titularidade|nome\s+do\s+titular"
                r"|assinante(?:\s+atual)?|subscriber(?:\s+name)?|(?:account\s+)?holder(?:\s+name)?|account\s+owner"),
    # quem foi titular antes ("Titular anterior: RAFAEL ...", "Ex-titular:", "Assinante anterior:"): outra pessoa que o
    # titular de hoje, com o período dela; nunca o titular declarado (só com os dois-pontos)
    "titular_anterior": (r"titular\s+anterior(?=\s*:)|ex-titular(?=\s*:)|assinante\s+anterior(?=\s*:)"
                         r"|titular\s+antig[oa](?=\s*:)|antig[oa]\s+titular(?=\s*:)"),
    # o associado de uma cooperativa de crédito é o correntista ("Associado: RAFAEL ..."); só com os dois-pontos: "o IP
    # associado a RAFAEL ..." numa frase não diz titular
    "cliente": r"cliente|correntista|customer(?:\s+name)?|associad[oa](?=\s*:)|cooperad[oa](?=\s*:)",
    # "Family Name", "Last Name", "Given Name": uma parte do nome, nunca a pessoa inteira
    # a razão social da pessoa jurídica no cartão do CNPJ ("NOME EMPRESARIAL", "RAZÃO SOCIAL"): o nome vem depois do rótulo
    "nome": r"nome\s+empresarial|raz[ãa]o\s+social|denomina[çc][ãa]o\s+social|nome(?:\s+completo)?"
            r"|(?<!family\s)(?<!last\s)(?<!first\s)(?<!given\s)(?<!middle\s)(?<!sur)"
            r"(?<!screen\s)(?<!display\s)(?<!user\s)(?<!nick)(?<!maiden\s)(?<!company\s)(?<!business\s)name",
    "vitima": r"v[íi]tima|declarante|comunicante",
    # quem age pela conta e não é o titular dela ("Representante legal: LUCAS ...", "Procurador: MARCOS ...", "Sócio
    # administrador: ..."): só com os dois-pontos, como rótulo de ficha
    "representante": r"representante(?:\s+legal)?(?=\s*:)|procurador[a]?(?=\s*:)"
                     r"|s[óo]cio(?:[\s-]+(?:administrador|gerente))?(?=\s*:)|s[óo]cia(?:[\s-]+(?:administradora|gerente))?(?=\s*:)"
                     r"|administrador[a]?(?=\s*:)|preposto(?=\s*:)|mandat[áa]rio(?=\s*:)",
    # o autor do fato no BO/RO ("Autor:", "Autora:", "Indiciado:"); nunca o "Autor: Justiça Pública" de uma ação
    # o interrogado do termo de interrogatório e o conduzido do auto de prisão em flagrante
    "investigado": r"investigad[oa]|suspeit[oa]|indiciad[oa]|averiguad[oa]|interrogad[oa]|conduzid[oa]|autor(?=\s*:)"
                   r"|autora(?=\s*:)",
    # abreviaturas de extrato só com os dois-pontos ("DES: CARLOS ...", "REM: JOSE ...", "Cp :60746948-JOSE ...")
    "favorecido": r"favorecid[oa]|benefici[áa]ri[oa]|destinat[áa]ri[oa]|recebedor[a]?|des(?=\s*:)|dest\.(?=[\s:])",
    "remetente": r"remetente|pagador[a]?|rem(?=\s*:)",
    "contraparte": r"contraparte|cp(?=\s*:)",
}
# o rótulo em qualquer caixa; o nome, só com iniciais maiúsculas
PADRAO_NOME_ROTULADO = re.compile(
    r"(?<![\w])(?i:(?P<rotulo>" + "|".join(f"(?P<{p}>{r})" for p, r in _ROTULOS_NOME.items()) + r"))"
    # "o nome de BRUNO COSTA LIMA"; "Cp :60746948-JOSE ...": o ISPB do banco da contraparte antes do nome
    # os pontos de preenchimento de um formulário impresso ("TITULAR.........: JOSE ...", "Nome . . . . : JOSE ...")
    # e a borda da célula que o OCR lê como "|" ("Nome do assinante | FERNANDO ALVES COSTA")
    # o verbo da prosa entre o rótulo e o nome ("CUJA FAVORECIDA É JULIANA ...")
    rf"(?:\s+(?i:de|do|da))?\s*(?:(?:\.\s*){{2,}})?[:\-–|]?\s*(?:\d{{8}}\s*[-–]\s*)?(?:(?i:é|era|seria)\s+)?(?P<valor>{NOME})",
)
# "PIX ENVIADO - MARIA OLIVEIRA LIMA", "TED RECEBIDA - ...", "PIX RECEBIDO DE ...", "Pix - Recebido - MARIA ..." (BB)
# com o sentido escrito ("PIX RECEBIDO MARIA SOUZA") o separador é opcional; sem ele, exige "-", ":", DE ou PARA
# a hora do Pix pode vir entre o sentido e o nome ("PIX RECEBIDO - 14:02:11 MARIA ...", "PIX RECEBIDO às 14:02 de ...")
# o Banco do Brasil escreve o dia e a hora e o documento de quem pagou ("Pix - Recebido 12/06 10:02 00012345678901 ANA
# ..."): o dia sem ano antes da hora, os dígitos do CPF/CNPJ depois dela
_HORA_NO_HISTORICO = (r"(?:\s*[-–]?\s*(?:\d{2}/\d{2}(?:/\d{2,4})?\s+)?(?:(?i:[àa]s|hr|hora)\s*)?\d{1,2}[:h]\d{2}(?::\d{2})?"
                      r"(?:\s+\d{11,14}(?!\d))?\s*(?:[-–]|\b(?i:de|para)\b)?)?")
# a quantia do lançamento escrita entre o histórico e o nome ("Pix enviado - R$ 950,00 VALTER JUSTINO", o extrato
# cuja coluna de histórico leva o valor): o nome que vem logo depois dela é a contraparte do mesmo lançamento
_QUANTIA_NO_HISTORICO = r"(?:\s*[-–]?\s*(?:R\$\s*)?[-–(]?\s*\d{1,3}(?:[.,]?\d{3})*[.,]\d{2}\)?(?!\d))?"
# o CPF ou CNPJ de quem pagou (ou recebeu) escrito entre o sentido e o nome ("PIX RECEBIDO 318.274.519-04 ANA ..."): o
# nome depois dele continua a contraparte (o documento é lido à parte, e vai com ela no registro)
_DOCUMENTO_NO_HISTORICO = r"(?:\s*[-–]?\s*(?:\d{3}\.\d{3}\.\d{3}-\d{2}|\d{2}\.\d{3}\.\d{3}/\d{4}-\d{2})(?![\d/])\s*[-–]?)?"
# o sentido também abreviado, como os extratos impressos o cortam ("PIX RECEB JOSE ...", "PIX REC. ANA ...", "PIX ENV
# CARLOS ...", "TED CRED MARIA ..."): a abreviatura só como palavra inteira ("PIX RECIFE SHOPPING" não tem sentido)
_SENTIDO = (r"(?i:RECEBID[OA]|ENVIAD[OA]|EMITID[OA]|CR[ÉE]DITO|D[ÉE]BITO|REALIZAD[OA]"
            r"|(?:RECEB|REC|ENV|EMIT|CR[ÉE]D|D[ÉE]B)(?:\.|(?![\w])))")
PADRAO_HISTORICO = re.compile(
    # o sentido depois do traço primeiro: "Pix - Recebido ANA ..." não é a contraparte "Recebido ANA ..."
    r"\b(?P<meio>(?i:PIX|TED|DOC|TEF|TRANSF(?:ER[ÊE]NCIA)?))(?:\s*[-–]\s*(?=(?i:REC|ENV|EMIT|CR[ÉE]D|D[ÉE]B|REALIZ))|\s+)"
    rf"(?:(?P<sentido>{_SENTIDO})\s*(?:[-–:]|\b(?i:DE|PARA)\b)?|(?:[-–:]|\b(?i:DE|PARA)\b))"
    # o nome entre aspas ('Pix recebido: "JULIANA COSTA RAMOS"', como o Inter imprime)
    rf"{_HORA_NO_HISTORICO}{_QUANTIA_NO_HISTORICO}{_DOCUMENTO_NO_HISTORICO}\s*[\"“]?(?P<valor>{NOME})(?![\w$])",
)
# "Transferência recebida pelo Pix - JOSE ...", "Transferência enviada pelo Pix   MARIA ..." (as contas digitais escrevem o
# lançamento por extenso, o sentido antes do meio): o nome depois dele (de um separador, de dois espaços de coluna, de
# DE ou PARA) é a contraparte, e o sentido diz o lado
_SENTIDO_POR_EXTENSO = r"(?i:recebid[ao]|enviad[ao]|efetuad[ao]|realizad[ao])"
PADRAO_HISTORICO_POR_EXTENSO = re.compile(
    rf"\b(?:(?i:transfer[êe]ncia|transf\.?)\s+(?P<sentido>{_SENTIDO_POR_EXTENSO})\s+(?:(?i:pelo|pela|via|por)\s+)?"
    r"(?P<meio>(?i:pix|ted|doc))"
    # "Transferência Pix recebida", "TRANSFERENCIA ENVIADA PIX": o meio antes ou depois do sentido
    rf"|(?i:transfer[êe]ncia|transf\.?)\s+(?P<meio2>(?i:pix|ted|doc))\s+(?P<sentido2>{_SENTIDO_POR_EXTENSO})"
    # "Recebimento Pix", "Pagamento via Pix", "Envio de TED": o substantivo diz o sentido
    r"|(?P<sentido3>(?i:recebimento|pagamento|envio))\s+(?:(?i:de|via|por)\s+)?(?P<meio3>(?i:pix|ted|doc)))(?!\w)"
    # o separador, ou um espaço só antes do nome em maiúsculas ("Recebimento Pix JOSE ...")
    rf"(?:\s*[-–:]\s*|\s{{2,}}|\s+(?i:de|para)\s+|\s(?=[A-ZÀ-Ý]{{2,}}\s)){_HORA_NO_HISTORICO}{_QUANTIA_NO_HISTORICO}"
    rf"\s*(?P<valor>{NOME})(?![\w$])")

# o histórico em inglês (a exportação de uma conta internacional, "Pix received from ANA ...", "Pix sent to LUCIANA ...",
# "Transfer from ...", "Payment to ..."): a preposição diz o lado
PADRAO_HISTORICO_EM_INGLES = re.compile(
    r"\b(?P<meio>(?i:pix|ted|transfer|wire|payment))(?:\s+(?i:received|sent|in|out|incoming|outgoing))?\s+"
    rf"(?P<prep>(?i:from|to))\s+(?P<valor>{NOME})(?![\w$])")
# o meio numa coluna e o nome na seguinte, separados pelo espaço largo das colunas, sem sentido escrito ("14/07/2025
# 15:21  PIX  ANA BEATRIZ MOREIRA  R$ 2.350,00", sob o título "ENTRADAS"): só dentro de uma seção de sentido
# (`motor/sentido_da_secao.py`); numa tabela com cabeçalho, a coluna ("Pagador") é que diz o papel do nome
PADRAO_HISTORICO_EM_COLUNAS = re.compile(rf"\b(?P<meio>(?i:PIX|TED|DOC|TEF))\s{{2,}}(?P<valor>{NOME})(?![\w$])")
# o sentido abreviado antes do meio e o nome na mesma linha, como a Caixa imprime ("CRED PIX ANA BEATRIZ MOREIRA",
# "ENVIO PIX LUCIANA ...", "DEB TED JOSE ..."): o sentido diz o lado (com o nome na linha de baixo:
# `contraparte_na_linha_de_baixo`)
PADRAO_HISTORICO_SENTIDO_ANTES = re.compile(
    r"\b(?P<sentido>(?i:CRED|CR[ÉE]DITO|RECEB(?:IMENTO)?|DEB|D[ÉE]BITO|ENVIO|ENV))\.?\s+(?P<meio>(?i:PIX|TED|DOC|TEF))"
    rf"(?:\s*[-–:]\s*|\s+){_HORA_NO_HISTORICO}\s*(?P<valor>{NOME})(?![\w$])")
# "TRANSF PIX MARIA OLIVEIRA LIMA", "TRANSFERENCIA PIX JOSE ...": o meio composto já diz que o que vem é a contraparte,
# sem separador nem sentido (o sinal do valor diz o lado)
PADRAO_HISTORICO_COMPOSTO = re.compile(
    rf"\b(?P<meio>(?i:TRANSF(?:ER[ÊE]NCIA)?\.?\s+PIX|PIX\s+TRANSF(?:ER[ÊE]NCIA)?\.?))\s+(?P<valor>{NOME})(?![\w$])")
# o extrato do Itaú corta o nome da outra parte e cola nele o dia do Pix ("PIX TRANSF HELENA M05/09", "PIX QRS OSVALDO
# P08/09"): o nome abreviado, sem o dia (a última palavra pode ser só a inicial)
PADRAO_HISTORICO_DIA_COLADO = re.compile(
    r"\b(?P<meio>PIX|TED)\s+(?:TRANSF|QRS|QR\s?CODE|TRANSFERENCIA)\s+"
    r"(?P<valor>[A-ZÀ-Ý]{2,}(?:\s+[A-ZÀ-Ý]+)*)(?P<dia>\d{2}/\d{2})(?![\d/])")
# a linha do quadro de envolvidos em colunas ("01   BRUNO HENRIQUE SOUZA          VITIMA     413.058.276-35"): a
# condição escrita na coluna ao lado do nome dá o papel dele
_CONDICOES = r"(?i:v[íi]tima|comunicante|declarante|autor(?:\(a\)|a)?|suspeit[oa]|investigad[oa]|indiciad[oa])"
PADRAO_NOME_E_CONDICAO = re.compile(
    rf"(?P<valor>{NOME})(?:\s{{2,}}|\s*[\t;|]\s*)(?P<condicao>{_CONDICOES})(?=\s{{2,}}|\s*[\t;|]|\s*$)")
#: o gatilho dele: a condição escrita em algum lugar da linha (o mesmo padrão, sem o nome antes, que custava ~20 µs
#: por linha de todo extrato e de toda resposta em texto, tentado a partir de cada palavra)
_CONDICAO_ESCRITA = re.compile(_CONDICOES)
#: as palavras que a condição exige, em minúsculas ("v[íi]tima" tem "tima"): sem nenhuma, nem o gatilho roda (~2 µs)
_PALAVRAS_DA_CONDICAO = ("tima", "comunicante", "declarante", "autor", "suspeit", "investigad", "indiciad")
# NOME, CPF 111.444.777-35 — o nome que antecede um CPF, rotulado ou não (linha de tabela: "Nome 111.444.777-35")
# NOME - ***.046.285-** (extrato mostra o CPF da contraparte mascarado): o nome, com os dígitos visíveis
PADRAO_NOME_ANTES_DE_CPF_MASCARADO = re.compile(
    rf"(?P<valor>{NOME})\s*[,;|\t\-–]?\s*(?:CPF\s*:?\s*)?(?P<mascara>{mascara.PADRAO_CPF_MASCARADO.pattern})"
)
_MASCARA_DEPOIS = re.compile(rf"\s*[,;|\t\-–]?\s*(?:CPF\s*:?\s*)?(?P<mascara>{mascara.PADRAO_CPF_MASCARADO.pattern})")
# ("ANA BEATRIZ MOREIRA (CPF 526.018.159-06)": o documento entre parênteses depois do nome)
PADRAO_NOME_ANTES_DE_CPF = re.compile(
    rf"(?P<valor>{NOME})(?:\s*[,\-–]?\s+|\s*\(\s*)(?:CPF\b|(?=\d{{3}}\.\d{{3}}\.\d{{3}}-\d{{2}}(?!\d)))")

PADRAO_CONTA = re.compile(
    r"(?P<valor>(?:(?:Banco|Bco\.?|ISPB|COMPE)\s*[:\-]?\s*(?P<banco>\d{3}|\d{8})(?:\s*\([^)]*\))?\s*[-–,;/]?\s*)?"
    # "Ag 1234 Cc 56789-0", "AG: 1234 | CC: ...": a abreviatura sem o ponto, seguida do número
    # o rótulo e o número em células vizinhas ("Agência;0001;Conta;7788990-1" numa linha de CSV; as células de uma
    # linha de planilha lidas juntas, separadas por tabulação): a borda da célula entre eles
    r"(?:Ag[êe]ncia|Ag\.|Ag(?=\s*:?\s*\d)|Cooperativa)\s*(?:n[º°o.]*\s*)?:?\s*(?:[;\t|]\s*)?"
    # o ponto de separação dos aplicativos ("Agência 0001 • Conta 4471239-8") também separa
    r"(?P<agencia>\d{1,5}(?:-[\dXx])?)\s*[-–,;/|•·∙●]?\s*"
    r"(?:Conta(?:\s+Corrente|\s+Poupan[çc]a|\s+de\s+Pagamento)?|C/C|CC)\s*(?:n[º°o.]*\s*)?:?\s*(?:[;\t|]\s*)?"
    # a operação da Caixa separada por espaço antes do número ("Conta: 001 00001288-4": lida só até "001", a conta era
    # a operação); só o código de três algarismos que começa por zero (001 corrente, 013 poupança, 023 conta fácil)
    r"(?:(?P<operacao>0\d{2})\s+(?=\d{4,13}-[\dXx](?![\d/])))?"
    # com pontos em qualquer agrupamento ("123.456-7", o Santander "01.012345.6"), ou o prefixo do tipo de conta com
    # hífen ("01-012345-6": lida só até "01", toda conta do Santander casava com qualquer outra)
    r"(?P<conta>\d{1,13}(?:\.\d{1,13}){0,3}(?:-\d{2,13})?(?:-[\dXx])?)(?!\d))",
    re.IGNORECASE,
)
# "Agência/Conta: 1234/56789-0", "Ag./C.C. 0001 / 000123456-7", "Banco 341 Ag/Conta 1234/56789-0": os dois rótulos
# juntos, e os dois números na mesma ordem, separados pela barra
PADRAO_AGENCIA_BARRA_CONTA = re.compile(
    r"(?<!\w)(?P<valor>(?:(?:Banco|Bco\.?|ISPB|COMPE)\s*[:\-]?\s*(?P<banco>\d{3}|\d{8})(?:\s*\([^)]*\))?\s*[-–,;/]?\s*)?"
    r"(?:Ag[êe]ncia|Ag\.?)\s*/\s*(?:Conta(?:\s+Corrente)?|C\.?\s?C\.?|Cc)\s*(?:n[º°o.]*\s*)?:?\s*"
    r"(?P<agencia>\d{1,5}(?:-[\dXx])?)\s*/\s*(?P<conta>\d{1,13}(?:\.\d{1,13}){0,3}(?:-[\dXx]{1,2})?)(?![\d/]))",
    re.IGNORECASE,
)
# a conta antes da agência, como numa carta de banco: "conta corrente nº 0012345-6, agência 0001", "conta 12345-6 da
# agência 0001", "conta de pagamento nº 123456789-0 (agência 0001)"
PADRAO_CONTA_ANTES_DA_AGENCIA = re.compile(
    r"(?<!\w)(?P<valor>(?:Conta(?:\s+Corrente|\s+Poupan[çc]a|\s+de\s+Pagamento)?|C/C)\s*(?:n[º°o.]*\s*)?:?\s*"
    r"(?P<conta>\d{1,13}(?:-[\dXx])?)(?![\d/.])\s*[-–,;/(]?\s*(?:(?:d[ae]|n[ae])\s+)?"
    r"(?:Ag[êe]ncia|Ag\.)\s*(?:n[º°o.]*\s*)?:?\s*(?P<agencia>\d{1,5}(?:-[\dXx])?)(?!\d))",
    re.IGNORECASE,
)
# a agência antes da barra sob o rótulo só da conta: "conta 0001 / 123987-0", "Conta corrente: 0042/55123-4" (não
# "conta 12345/6", o dígito verificador depois da barra: o número depois dela tem três algarismos ou mais)
PADRAO_CONTA_COM_AGENCIA = re.compile(
    r"(?<![\w/])(?P<valor>(?:Conta(?:\s+Corrente|\s+Poupan[çc]a|\s+de\s+Pagamento)?|C/C)\s*(?:n[º°o.]*\s*)?:?\s*"
    r"(?P<agencia>\d{3,5}(?:-[\dXx])?)\s*/\s*(?P<conta>\d{3,13}(?:\.\d{1,13}){0,3}(?:-[\dXx]{1,2})?)(?![\d/]))",
    re.IGNORECASE,
)
# a conta da Caixa com a operação entre a agência e o número ("Conta: 4120 | 001 | 00001288-4", "4120.001.00001288-4"):
# a operação (001 corrente, 013 poupança) não entra na chave, como o banco de quem paga escreve ("Agência: 4120 Conta:
# 1288-4")
PADRAO_CONTA_COM_OPERACAO = re.compile(
    r"(?<![\w/])(?P<valor>(?:Conta(?:\s+Corrente|\s+Poupan[çc]a)?|C/C)\s*(?:n[º°o.]*\s*)?:?\s*"
    r"(?P<agencia>\d{4})\s*[|./]\s*(?P<operacao>\d{3})\s*[|./]\s*(?P<conta>\d{4,12}-?[\dXx]))(?![\d/])",
    re.IGNORECASE,
)
# rótulos em inglês das respostas de provedores vêm sem dois-pontos; os em português, com
PADRAO_APARELHO = re.compile(
    r"\b(?:device\s+model|device\s+type|(?:modelo(?:\s+do\s+aparelho)?|aparelho|dispositivo)\s*[:\-–])\s*"
    r"(?P<valor>[A-Za-z][\w\- .+()]*?[\w)])\s*(?=$|[,;|]|\s{2,})",
    re.IGNORECASE,
)
PADRAO_ENDERECO = re.compile(
    r"\b(?:endere[çc]o(?:\s+residencial|\s+de\s+cobran[çc]a)?|address)\s*[:\-–]\s*(?P<valor>\S.*?\S)\s*$",
    re.IGNORECASE,
)
PADRAO_OAB = re.compile(
    r"(?P<valor>\bOAB\s*[/-]?\s*(?P<uf1>[A-Z]{2})\s*(?:n[º°o.]*\s*)?(?P<num1>\d{1,3}(?:\.\d{3})+|\d{3,7})"
    r"|\bOAB\s*(?:n[º°o.]*\s*)?(?P<num2>\d{1,3}(?:\.\d{3})+|\d{3,7})\s*[/-]\s*(?P<uf2>[A-Z]{2}))\b"
)
_MODELO_CODIGO = re.compile(
    r"\b(SM-[A-Z0-9]{4,6}|iPhone\s?\d{1,2}(?:\s?(?:Pro|Max|Plus|mini))*|moto\s?[a-z]\d*|Redmi\s?\w+)\b", re.IGNORECASE
)


def _pedacos(padrao: str) -> Iterator[tuple[str, int]]:
    """Os pedaços de uma expressão, com a profundidade de grupo em que cada um está: um caractere, um escape
    inteiro ("\\s") ou uma classe inteira ("[íi]"); "|" e parênteses dentro de escape ou classe são literais."""
    profundidade, i = 0, 0
    while i < len(padrao):
        c = padrao[i]
        fim = i + 2 if c == "\\" else padrao.index("]", i + 2) + 1 if c == "[" else i + 1
        yield padrao[i:fim], profundidade
        profundidade += 1 if c == "(" else -1 if c == ")" else 0
        i = fim


def alternativas(padrao: str) -> list[str]:
    """As alternativas do nível de cima de uma expressão ("a|b(?:c|d)" → ["a", "b(?:c|d)"])."""
    partes, atual = [], ""
    for pedaco, profundidade in _pedacos(padrao):
        if pedaco == "|" and profundidade == 0:
            partes.append(atual)
            atual = ""
        else:
            atual += pedaco
    return [*partes, atual]


#: a abreviatura que só vale seguida dos dois-pontos ("Cp :", "REM:"): basta-lhe uma palavra de 2 letras no gatilho
_SO_COM_DOIS_PONTOS = "(?=\\s*:)"


def palavra_necessaria(alternativa: str) -> str:
    """A mais longa sequência de letras que toda ocorrência da alternativa contém: letras fora de grupos e de
    classes, sem a última quando um quantificador a torna opcional ("nomes?" → "nome"). Serve de gatilho; um
    rótulo sem palavra de 3 letras ou mais é recusado já na importação (o gatilho o barraria em silêncio)."""
    pedacos = list(_pedacos(alternativa))
    sequencias, atual = [], ""
    for i, (pedaco, profundidade) in enumerate(pedacos):
        seguinte = pedacos[i + 1][0] if i + 1 < len(pedacos) else ""
        letra = profundidade == 0 and len(pedaco) == 1 and pedaco.isascii() and pedaco.isalpha()
        if letra and seguinte not in ("?", "*", "{"):
            atual += pedaco.lower()
        else:  # outro pedaço, ou letra opcional: a sequência acaba aqui
            sequencias.append(atual)
            atual = ""
    palavra = max([*sequencias, atual], key=len)
    if len(palavra) < (2 if alternativa.endswith(_SO_COM_DOIS_PONTOS) else 3):
        raise ValueError(f"rótulo sem palavra literal de 3 letras ou mais para o gatilho: {alternativa!r}")
    return palavra


# condições necessárias de cada padrão de nome, baratas, para não varrer cada posição da linha com NOME:
# a palavra de cada rótulo vem dele mesmo (um rótulo novo em _ROTULOS_NOME ganha a sua sem mais nada)
_MEIOS_HISTORICO = ("PIX", "TED", "DOC", "TEF", "TRANSF", "WIRE", "PAYMENT")
_PALAVRAS_ROTULO_NOME = tuple(dict.fromkeys(
    palavra_necessaria(alternativa) for padrao in _ROTULOS_NOME.values() for alternativa in alternativas(padrao)
))
_FORMA_CPF = re.compile(r"\d{3}\.\d{3}\.\d{3}-\d{2}(?!\d)")
# "Conta de MARIA ...", "Extrato da conta de ...": só no começo da linha, o título do extrato ("PAGTO CONTA DE ENERGIA
# ELETRICA", num lançamento, não é titular)
PADRAO_TITULO_DA_CONTA = re.compile(
    rf"^\s*(?i:(?:extrato\s+(?:da\s+)?)?conta(?:\s+corrente)?\s+d[aeo])\s+(?P<valor>{NOME})"
    # a linha-título única da planilha: "Extrato de conta corrente - MARIA OLIVEIRA LIMA - CPF 111.444.777-35 - ..."
    rf"|^\s*(?i:extrato\s+d[ae]\s+conta(?:\s+corrente|\s+poupan[çc]a|\s+de\s+pagamento)?)\s*[-–:|]\s*(?P<titulo>{NOME})"
    rf"(?=\s*[-–|,]\s*(?:CPF|CNPJ)\b)"
    # com o nome da instituição no título ("Extrato PicPay - RAFAEL ... - CPF ***.271.946-**", "Extrato Mercado Pago |
    # ...") ou sem ele ("Extrato - RAPIDO COBRANCAS LTDA - CNPJ ...")
    rf"|^\s*(?i:extrato)(?:\s+(?![-–:|])[^-–:|\d]{{1,40}}?)?\s*[-–:|]\s*(?P<titulo2>{NOME})(?=\s*[-–|,]\s*(?:CPF|CNPJ)\b)")
#: o histórico que começa pelo sentido e a preposição, sem o meio (escrito noutra coluna: "Pix" | "Recebido de ANA
#: ...", "Enviado para LUCIANA ..."): só no começo da célula (depois de ";", tabulação, "|" ou do espaço largo entre
#: colunas) ou da linha, nunca no meio de uma frase de relato
PADRAO_HISTORICO_SEM_MEIO = re.compile(
    r"(?:^|(?<=[;\t|])|(?<=\S\s\s))\s*(?P<sentido>(?i:recebid[oa]|enviad[oa]|transferid[oa]|pag[oa]))\s+(?P<prep>(?i:de|da|do|para|a|ao|à))\s+"
    rf"(?P<valor>{NOME})(?![\w$])")

#: "De: ANA ..." / "Para: LUCIANA ..." embaixo do lançamento do extrato (o extrato em PDF com um lançamento em três
#: linhas: data e histórico, "De: NOME  Valor: R$ ...", "CPF ***..."): as preposições como rótulo, só com os
#: dois-pontos colados e no começo da linha ou da célula (nunca "Período de: 01/07", que não tem nome depois); o
#: cabeçalho de um e-mail encaminhado ("De: Fulano <fulano@...>") não é lançamento (`_nomes` o recusa pelo "@")
#: palavras do cabeçalho de um ofício ("De:"/"Para:" com a delegacia, o banco, o tratamento do destinatário)
_DE_OFICIO = frozenset({"delegacia", "policia", "banco", "gerente", "ilmo", "ilma", "exmo", "exma", "sr", "sra", "dr",
                        "dra", "juiz", "juiza", "juizo", "delegado", "delegada", "promotor", "promotora", "ministerio",
                        "tribunal", "vara", "secretaria", "departamento", "setor", "diretoria", "juridico", "cartorio",
                        "instituto", "superintendencia", "coordenacao", "gerencia", "senhor", "senhora"})
PADRAO_DE_PARA = re.compile(rf"(?:^|(?<=[;\t|])|(?<=\s\s))\s*(?P<prep>De|DE|Para|PARA)\s?:\s*(?P<valor>{NOME})")

#: o nome em minúsculas que a própria pessoa digitou no cadastro de uma plataforma ("Name: anderson pereira"): só com
#: o rótulo de nome e até o fim da linha (ou da célula), palavras só de letras
_NOME_MINUSCULO = re.compile(
    r"(?i:\b(?:nome(?:\s+completo)?|name|full\s+name|titular))\s*[:|]\s*(?P<valor>[a-zà-ÿ]{2,}(?:\s+[a-zà-ÿ]{1,}){1,5})"
    r"\s*(?:$|[|;,\t])")
_NAO_E_NOME = frozenset({"nao informado", "não informado", "nao consta", "não consta", "sem informacao",
                         "sem informação", "not provided", "not available", "nao disponivel", "não disponível"})


def _nomes_minusculos(texto: str) -> Iterator[Achado]:
    for m in _NOME_MINUSCULO.finditer(texto):
        if m.group("valor").strip() not in _NAO_E_NOME:
            yield achado_de_nome(m, "nome")


def _rotulo_de_nome(texto: str, minusculo: str) -> bool:
    """Gatilho do nome em minúsculas: um rótulo de nome e os dois-pontos (ou a barra de uma célula)."""
    return ("nome" in minusculo or "name" in minusculo or "titular" in minusculo) and (":" in texto or "|" in texto)


#: condições necessárias dos padrões de histórico, além do meio que todos exigem (as letras que o padrão sem caixa iguala
#: a ASCII e o lower() não, pelo `_tem_dobra`): por extenso, "transf" ou o substantivo do sentido; o composto, "transf";
#: o sentido antes do meio, o fim do sentido colado ao meio ("cred pix", "débito ted", "envio pix"); o dia colado (em
#: maiúsculas), "TRANSF" ou "QR"; sem o meio, o sentido e a preposição entre espaços. Numa linha de extrato comum
#: ("PIX RECEBIDO - MARIA ...") nenhum desses padrões casa, e cada um custava alguns µs por linha
_POR_EXTENSO_POSSIVEL = re.compile("transf|recebimento|pagamento|envio")
_SENTIDO_ANTES_POSSIVEL = re.compile(r"(?:cred|dito|receb|mento|deb|bito|vio|env)\.?\s+(?:pix|ted|doc|tef)")
_SEM_MEIO_POSSIVEL = re.compile(r"(?:recebid[oa]|enviad[oa]|transferid[oa]|pag[oa])\s+(?:de|da|do|para|a|ao|à)\s")


def _composto_possivel(minusculo: str, dobra: bool) -> bool:
    return dobra or "transf" in minusculo


def _dia_colado_possivel(texto: str) -> bool:
    return "TRANSF" in texto or "QR" in texto  # o padrão é só em maiúsculas


def _nomes(texto: str) -> Iterator[Achado]:
    minusculo, maiusculo = texto.lower(), texto.upper()  # uma vez por linha, não uma por palavra procurada
    if _rotulo_de_nome(texto, minusculo):
        yield from _nomes_minusculos(texto)
    if any(meio in maiusculo for meio in _MEIOS_HISTORICO):
        dobra = _tem_dobra(texto)
        # a máscara depois do nome só onde há alguma máscara (`mascara.casamentos`, guardada: a do fim da linha a usa)
        com_mascara = bool(mascara.casamentos(texto))
        # por extenso primeiro: em "enviada pelo Pix - ANA", o "Pix - ANA" do padrão curto não diz o lado
        for m in (PADRAO_HISTORICO_POR_EXTENSO.finditer(texto) if dobra or _POR_EXTENSO_POSSIVEL.search(minusculo)
                  else ()):
            sentido = (m.group("sentido") or m.group("sentido2") or m.group("sentido3")).upper()
            meio = "meio" if m.group("meio") else "meio2" if m.group("meio2") else "meio3"
            if texto[m.end(meio):m.start("valor")] == " " and sentido != "RECEBIMENTO" and not (
                    meio != "meio3" and m.group("valor").isupper()):
                # sem separador só o recebimento ("Recebimento Pix JOSE ...") e o sentido por extenso antes do nome em
                # maiúsculas ("Transferência recebida pelo Pix JOAO SILVA SOUZA"): "Pagamento Pix QR Code" não é nome
                continue
            papel = "remetente" if sentido.startswith("RECEB") else "destinatario"
            achado = achado_de_nome(m, papel, meio=(m.group("meio") or m.group("meio2") or m.group("meio3")).upper())
            if com_mascara and (seguinte := _MASCARA_DEPOIS.match(texto, achado.fim)):  # "... Pix - ANA - •••.456.789-••"
                achado.metadados["cpf_mascarado"] = seguinte.group("mascara")
            yield achado
        for m in PADRAO_HISTORICO.finditer(texto):
            sentido = (m.group("sentido") or "").upper()
            papel = "remetente" if sentido.startswith(("REC", "CR")) else "destinatario" if sentido else "contraparte"
            achado = achado_de_nome(m, papel, meio=m.group("meio").upper())
            if com_mascara and (seguinte := _MASCARA_DEPOIS.match(texto, achado.fim)):  # "PIX RECEBIDO ANA ***.456.789-**"
                achado.metadados["cpf_mascarado"] = seguinte.group("mascara")
            yield achado
        for m in (PADRAO_HISTORICO_COMPOSTO.finditer(texto) if _composto_possivel(minusculo, dobra) else ()):
            yield achado_de_nome(m, "contraparte", meio="PIX")
        for m in (PADRAO_HISTORICO_SENTIDO_ANTES.finditer(texto) if dobra or _SENTIDO_ANTES_POSSIVEL.search(minusculo)
                  else ()):
            papel = "remetente" if m.group("sentido").upper().startswith(("CR", "REC")) else "destinatario"
            yield achado_de_nome(m, papel, meio=m.group("meio").upper())
        if " from " in minusculo or " to " in minusculo:
            for m in PADRAO_HISTORICO_EM_INGLES.finditer(texto):
                if _nomes_de_coluna(m.group("valor")):
                    continue  # "Transfer to Account Holder Name": o cabeçalho, não uma pessoa
                papel = "remetente" if m.group("prep").lower() == "from" else "destinatario"
                meio = {"PIX": "PIX", "TED": "TED", "WIRE": "TED"}.get(m.group("meio").upper())
                yield achado_de_nome(m, papel, **({"meio": meio} if meio else {}))
        for m in (PADRAO_HISTORICO_DIA_COLADO.finditer(texto) if _dia_colado_possivel(texto) else ()):
            if len(m.group("valor").split()) >= 2:
                yield achado_de_nome(m, "contraparte", meio=m.group("meio"))
    # o gatilho é a palavra do sentido que o padrão exige ("pago"/"paga", não todo "página" ou "pagamento")
    if ("ecebid" in minusculo or "nviad" in minusculo or "ransferid" in minusculo or "pago" in minusculo or (
            "paga" in minusculo)) and (_SEM_MEIO_POSSIVEL.search(minusculo) or _tem_dobra(texto)):
        for m in PADRAO_HISTORICO_SEM_MEIO.finditer(texto):
            papel = "remetente" if m.group("sentido").lower().startswith("receb") else "destinatario"
            yield achado_de_nome(m, papel)
    if ("de:" in minusculo or "para:" in minusculo or "de :" in minusculo or "para :" in minusculo) and (
            "@" not in texto):
        com_dinheiro = "R$" in texto or bool(re.search(r"\d,\d\d\b", texto))
        for m in PADRAO_DE_PARA.finditer(texto):
            # o cabeçalho de um ofício ("De: DELEGACIA DE POLÍCIA ...", "Para: ILMO SR GERENTE DO BANCO ..."): sem
            # quantia na linha, a instituição ou o tratamento não é a outra parte de um lançamento
            if not com_dinheiro and set(dobrar(m.group("valor")).split()) & _DE_OFICIO:
                continue
            yield achado_de_nome(m, "remetente" if m.group("prep").lower() == "de" else "favorecido")
    if _TEM_PALAVRA_DA_CONDICAO(texto, minusculo) and _CONDICAO_ESCRITA.search(texto):
        for m in PADRAO_NOME_E_CONDICAO.finditer(texto):
            yield achado_de_nome(m, _PAPEL_DO_ENVOLVIMENTO[dobrar(m.group("condicao"))[:4]])
    if m := PADRAO_TITULO_DA_CONTA.match(texto):
        yield achado_de_nome(m, "titular") if m.group("valor") else _titulo_da_conta(m)
    if "eu" in minusculo:
        for m in PADRAO_EU_NOME.finditer(texto):
            yield achado_de_nome(m, "declarante")
    yield from _partes_na_prosa(texto, minusculo)
    if _TEM_PALAVRA_ROTULO_NOME(texto, minusculo):
        for m in PADRAO_NOME_ROTULADO.finditer(texto):
            if _nomes_de_coluna(m.group("valor")):
                continue  # "Subscriber Document Billing Address Date": a linha de cabeçalho, não um assinante
            papel = next(p for p in _ROTULOS_NOME if m.group(p))
            if papel == "nome" and (escrito := _ENVOLVIMENTO_DEPOIS.match(texto, m.end("valor"))):
                papel = _PAPEL_DO_ENVOLVIMENTO[dobrar(escrito.group("papel"))[:4]]
            yield achado_de_nome(m, papel)
    # a linha de cabeçalho inteira ("Detalhe Nome CPF/CNPJ Saldo Nº documento", sem dígitos) não tem pessoa
    if ("CPF" in texto or _FORMA_CPF.search(texto)) and not (_nomes_de_coluna(texto) and not any(
            c.isdigit() for c in texto)):
        for m in PADRAO_NOME_ANTES_DE_CPF.finditer(texto):
            if not _nomes_de_coluna(m.group("valor")):  # "Histórico Contraparte CPF/CNPJ": cabeçalho, não pessoa
                yield achado_de_nome(m, "identificado_por_cpf")
    if "-" in texto and mascara.casamentos(texto):  # o OCR troca os sinais: o hífen do DV fica
        for m in PADRAO_NOME_ANTES_DE_CPF_MASCARADO.finditer(texto):
            achado = achado_de_nome(m, "identificado_por_cpf")
            achado.metadados["cpf_mascarado"] = m.group("mascara")
            yield achado


# quem recebeu, na prosa de um relato: "transferiu R$ 2.500,00 para MARIA ...", "fez um Pix para MARIA ...", "pagou
# para o Sr. JOÃO ...", "em favor de MARIA ...", "para a conta de MARIA ...". O "para" só depois da quantia, do meio
# ou de um verbo de pagamento: "encaminhado para a DELEGACIA DE POLÍCIA" e "mensagem para JOÃO" não pagam ninguém
_QUANTIA_OU_PAGAMENTO = (r"(?:R\$\s*\d[\d.]*,\d{2}|\b(?i:pix|ted|doc|transferiu|transferiram|transferi|transferido|"
                         r"transferida|transferidos|transferidas|depositou|depositaram|depositei|depositado|depositada|"
                         r"pagou|pagaram|paguei|repassou|repassado|repassada)\b)")
_TRATAMENTO = r"(?:(?i:sr|sra|srta|dr|dra)\.?\s+)?"
# "pagou R$ 2.350,00 por Pix a RAFAEL ...", "fez um Pix ao Sr. JOÃO ...": a preposição "a" (à, ao) só depois da quantia
# ou do meio, nunca depois do verbo sozinho ("PAGOU A FATURA DO CARTÃO") nem antes do que é a quantia ou o modo
# ("PIX A PEDIDO DE", "R$ 500,00 A TÍTULO DE SINAL", "À VISTA")
_NAO_FAVORECIDO = r"(?i:quantia|import[âa]ncia|t[íi]tulo|vista|prazo|pedido|mando|sua|seu|v[íi]tima)\b"
_MEIO_ESCRITO = r"(?:(?i:por|via|por\s+meio\s+de)\s+(?i:pix|ted|doc|transfer[êe]ncia)\s+)?"
PADRAO_FAVORECIDO_NA_PROSA = re.compile(
    rf"(?:(?:{_QUANTIA_OU_PAGAMENTO}\s*,?\s+{_MEIO_ESCRITO}(?i:para)\s+(?:(?i:o|a)\s+)?"
    rf"|(?:R\$\s*\d[\d.]*,\d{{2}}\s*,?\s+{_MEIO_ESCRITO}|\b(?i:pix|ted|doc)\s+)(?i:a|à|ao)\s+(?!{_NAO_FAVORECIDO}))"
    r"(?:(?i:conta|chave)\s+(?:(?i:banc[áa]ria|pix)\s+)?(?i:de)\s+)?"
    r"|\b(?i:em\s+favor\s+d[eoa]|(?:para|na)\s+(?:a\s+)?conta\s+(?:banc[áa]ria\s+)?de)\s+)"
    rf"{_TRATAMENTO}(?P<valor>{NOME})"
)


# quem declara no termo, na primeira pessoa ("Eu, ANA BEATRIZ MOREIRA, brasileira, ..., declaro que ... transferi"): o
# declarante (no principal, a vítima quando o termo não qualifica um investigado: `Modelo._vitimas`)
PADRAO_EU_NOME = re.compile(rf"(?:^|(?<=[.;:]\s)|(?<=[.;:]))\s*(?i:eu)\s*,\s*{_TRATAMENTO}(?P<valor>{NOME})\s*,")
# quem pagou, na prosa de uma carta de banco ou de um relato: "transferência ... oriunda de JOSÉ ...", "proveniente
# de", "enviada por", "realizada por" (o crédito que a conta recebeu)
PADRAO_REMETENTE_NA_PROSA = re.compile(
    r"\b(?i:oriund[oa]s?\s+d[eoa]|provenientes?\s+d[eoa]|enviad[oa]s?\s+por|realizad[oa]s?\s+por|remetid[oa]s?\s+por)"
    rf"\s+{_TRATAMENTO}(?P<valor>{NOME})"
)


def _partes_na_prosa(texto: str, minusculo: str) -> Iterator[Achado]:
    """Quem recebeu (`favorecido`) e quem pagou (`remetente`) escritos na frase, sem rótulo."""
    if "para" in minusculo or "favor" in minusculo or "conta de" in minusculo or (
            (" a " in minusculo or " à " in minusculo or " ao " in minusculo)
            and ("r$" in minusculo or "pix" in minusculo or "ted" in minusculo or "doc" in minusculo)):
        for m in PADRAO_FAVORECIDO_NA_PROSA.finditer(texto):
            if not _nomes_de_coluna(m.group("valor")):
                yield achado_de_nome(m, "favorecido")
    if "oriund" in minusculo or "provenien" in minusculo or " por " in minusculo:
        for m in PADRAO_REMETENTE_NA_PROSA.finditer(texto):
            if not _nomes_de_coluna(m.group("valor")):
                yield achado_de_nome(m, "remetente")


#: o papel escrito depois do nome, na mesma linha da ficha do envolvido ("NOME: GERALDO ... TIPO DE ENVOLVIMENTO:
#: VÍTIMA", "Nome: ... Condição: Autor")
_ENVOLVIMENTO_DEPOIS = re.compile(
    r"\s*[,;|-]?\s*(?i:(?:tipo\s+de\s+)?envolvimento|condi[çc][ãa]o|qualidade|papel)\s*:?\s*"
    r"(?P<papel>(?i:v[íi]tima|comunicante|declarante|autor|suspeit[oa]|investigad[oa]|indiciad[oa]))")
_PAPEL_DO_ENVOLVIMENTO = {"viti": "vitima", "comu": "vitima", "decl": "vitima", "auto": "investigado",
                          "susp": "investigado", "inve": "investigado", "indi": "investigado"}


def _nomes_de_coluna(valor: str) -> bool:
    """Palavras que são nomes de coluna ("Document", "Address", "Date"): duas ou mais, e ao menos um terço delas."""
    palavras = valor.split()
    de_coluna = sum(1 for p in palavras if colunas.papel(p) is not None)
    return de_coluna >= 2 and de_coluna * 3 >= len(palavras)


#: o fim de uma frase dentro do que o padrão de nome pegou ("DOS ANJOS. A VÍTIMA REALIZOU"): a palavra de três
#: letras ou mais com ponto, seguida de espaço; "S.A." e a inicial "A." não terminam a frase
_FIM_DE_FRASE = re.compile(r"(?<=[^\W\d_]{3})\.\s")


def _titulo_da_conta(m: re.Match) -> Achado:
    grupo = "titulo" if m.group("titulo") else "titulo2"
    valor = m.group(grupo).strip()
    return Achado(m.start(grupo), m.start(grupo) + len(valor), valor, "nome_titular", "pessoa",
                  metadados={"nome_normalizado": dobrar(valor), "papel": "titular"})


def achado_de_nome(m: re.Match, papel: str, **extra: str) -> Achado:
    valor = m.group("valor").strip()
    if (fim := _FIM_DE_FRASE.search(valor)) and len(valor[:fim.start()].split()) >= 2:
        valor = valor[:fim.start() + 1]
    ultima = valor.split()[-1]
    if ultima.endswith(".") and ultima.count(".") == 1 and len(ultima) > 3:
        valor = valor[:-1]  # ponto final da frase, não abreviatura (S.A., LTDA.)
    inicio = m.start("valor")
    return Achado(
        inicio, inicio + len(valor), valor, "nome_titular", "pessoa",
        metadados={"nome_normalizado": dobrar(valor), "papel": papel, **extra},
    )


#: o nome logo depois da conta, no cabeçalho do extrato ("CONTA: 123.456-7   MARIA DA SILVA SOUZA"): o titular
# (o nome fecha a linha, ou vem seguido do CPF: "Agência 0001 Conta 12345-6 Período Extrato Mensal" não é titular)
_NOME_DEPOIS_DA_CONTA = re.compile(rf"\s*[-–|]?\s*(?P<valor>{NOME})\s*(?:$|[-–|,]\s*(?:CPF|CNPJ)\b)")
_QUANTIA = re.compile(r"\d,\d{2}(?!\d)")
#: a linha inteira até a agência é um nome (o texto do PDF junta os espaços das colunas do cabeçalho num só)
_NOME_ANTES_DA_CONTA = re.compile(rf"\s*(?P<valor>{NOME})\s*(?:[-–|]\s*)?")


def contas(texto: str) -> Iterator[Achado]:
    """As contas bancárias escritas em `texto` (banco, agência e conta), com o titular escrito junto delas."""
    if not GATILHOS[_contas](texto, texto.lower()):
        return iter(())  # sem rótulo de agência ou de conta (toda linha de uma planilha de acessos): nenhuma
    return _contas(texto)


def _contas(texto: str) -> Iterator[Achado]:
    casamentos = list(PADRAO_CONTA.finditer(texto))
    ocupados = [(m.start(), m.end()) for m in casamentos]
    for padrao in (PADRAO_CONTA_COM_OPERACAO, PADRAO_CONTA_ANTES_DA_AGENCIA, PADRAO_AGENCIA_BARRA_CONTA,
                   PADRAO_CONTA_COM_AGENCIA):
        novos = [m for m in padrao.finditer(texto) if not any(m.start() < fim and inicio < m.end() for inicio, fim in ocupados)]
        casamentos += novos
        ocupados += [(m.start(), m.end()) for m in novos]
    for m in sorted(casamentos, key=lambda m: m.start()):
        meta = {
            "agencia": digitos_da_agencia(m.group("agencia")),
            "conta": somente_digitos(m.group("conta")).lstrip("0") or "0",
        }
        if m.groupdict().get("banco"):
            meta["banco"] = m.group("banco")
        if m.groupdict().get("operacao"):
            meta["operacao_da_conta"] = m.group("operacao")  # a da Caixa (001, 013...): dita, fora da chave
        meta["conta_normalizada"] = "|".join(meta.get(k, "") for k in ("banco", "agencia", "conta"))
        yield Achado(m.start("valor"), m.end("valor"), m.group("valor"), "conta_bancaria", "financeiro", metadados=meta)
        # só numa linha sem quantia: num lançamento, o nome depois da conta é o da contraparte, não o do titular
        if (nome := _NOME_DEPOIS_DA_CONTA.match(texto, m.end("valor"))) and not _QUANTIA.search(texto):
            yield achado_de_nome(nome, "titular")
        # o nome sozinho no começo da linha, antes da agência e da conta ("JOAO V. MENDES    Agência: 0231  Conta ...")
        elif (nome := _NOME_ANTES_DA_CONTA.fullmatch(texto, 0, m.start("valor"))) and not _QUANTIA.search(texto):
            yield achado_de_nome(nome, "titular")


def normalizar_modelo(valor: str) -> str:
    """Código do modelo quando reconhecível (SM-A546E, IPHONE13), senão o texto sem espaços, em maiúsculas."""
    codigo = _MODELO_CODIGO.search(valor)
    return (codigo.group(0) if codigo else valor).upper().replace(" ", "")


def modelo(texto: str, inicio: int) -> Achado:
    """O modelo dentro do texto: o código reconhecível ("SM-A546E" em "Android SM-A546E") ou o texto todo."""
    codigo = _MODELO_CODIGO.search(texto)
    if codigo:
        texto, inicio = codigo.group(0), inicio + codigo.start()
    meta = {"modelo_normalizado": normalizar_modelo(texto)}
    return Achado(inicio, inicio + len(texto), texto, "modelo_dispositivo", "dispositivo", metadados=meta)


# código de modelo inequívoco mesmo sem rótulo (linha de tabela "Ramiro's iPhone iPhone 13 G7QX..."): o número do
# modelo é obrigatório ("iPhone" sozinho é nome de aparelho, não modelo)
_MODELO_SEM_ROTULO = re.compile(r"(?<![\w-])(SM-[A-Z]\d{3,4}[A-Z0-9]{0,2}|iPhone\s\d{1,2}(?:\s(?:Pro|Max|Plus|mini))*)(?![\w-])")


def _aparelhos(texto: str) -> Iterator[Achado]:
    rotulados = list(PADRAO_APARELHO.finditer(texto))
    for m in rotulados:
        yield modelo(m.group("valor"), m.start("valor"))
    for m in _MODELO_SEM_ROTULO.finditer(texto):
        if not any(r.start("valor") <= m.start() < r.end("valor") for r in rotulados):
            yield modelo(m.group(0), m.start())


# características do aparelho e nome de exibição: não identificam pessoa nem modelo, mas o investigador os quer
PADRAO_OUTRO_ROTULADO = re.compile(
    r"\b(?P<rotulo>OS\s+Version|App\s+Version|Push\s+Name|Nome\s+de\s+exibi[çc][ãa]o)\s*[:\-–]?\s*"
    r"(?P<valor>\S(?:.*\S)?)\s*$",
    re.IGNORECASE,
)


def _outros_rotulados(texto: str) -> Iterator[Achado]:
    for m in PADRAO_OUTRO_ROTULADO.finditer(texto):
        rotulo = "_".join(dobrar(m.group("rotulo")).split())
        meta = {"rotulo": rotulo}
        if rotulo in ("push_name", "nome_de_exibicao"):
            meta["nome_normalizado"] = dobrar(m.group("valor"))
        yield Achado(m.start("valor"), m.end("valor"), m.group("valor"), "outro", "outro", metadados=meta)


_PAPEIS_DE_DATA = (
    # a qualificação civil da pessoa, nunca um fato do caso nem o início de um cadastro
    ("nascimento", r"nascimento|nascid[oa]|data\s+de\s+nasc|\bdt[\s._]*nasc|birth|\bdob\b"),
    # "aberta em 03/02/2025" na carta do banco (a conta), "Account opened on": o nascimento da conta, não um uso do que
    # a ficha cadastral lista (o telefone, o endereço); "o protocolo aberto em" (masculino) é um fato
    ("abertura_conta", r"abertura|aberta\s+em|account\s+opened\s+(?:on|at|in)\b|account\s+opening"),
    ("criacao_chave", r"cria[çc][ãa]o\s+da\s+chave|key\s+creation|(?:registro|cadastro)\s+da\s+chave|key\s+registration"),
    # o histórico de vínculos de uma chave no DICT ("Data do vínculo: ...", "Data de desvinculação: ...")
    ("fim_posse_chave", r"desv[íi]ncul"),
    ("posse_chave", r"posse\s+da\s+chave|(?:data|in[íi]cio)\s+d[oa]\s+v[íi]ncul"),
    ("cancelamento_linha",
     r"cancelament|desativa[çc][ãa]o|inativa[çc][ãa]o|desligament|encerrament|t[ée]rmino|exclus[ãa]o"
     # a situação escrita no particípio ("Situação: EXCLUÍDA em 05/07/2025", "cancelada em", "encerrado em")
     r"|(?:exclu[íi]d|cancelad|desativad|inativad|encerrad|removid)[oa]s?\s+(?:em|desde|a\s+partir\s+de)\s*$"),
    ("ativacao_linha", r"ativa[çc][ãa]o|habilita[çc][ãa]o"),
    # "Created on" e o IP dos termos de serviço (o cadastro no Google: "Terms of Service IP: ..., on ..."): a data em
    # que a conta nasceu, não um uso do telefone de recuperação escrito na mesma ficha
    ("criacao_conta", r"account\s+creation|service\s+start|cria[çc][ãa]o\s+da\s+conta|created\s+(?:on|at)\b"
                      r"|account\s+created|conta\s+criada|member\s+since|terms\s+of\s+service|termos\s+de\s+servi[çc]o"
                      # o cadastro do usuário na plataforma ("register_time", "signup_date", "Data de cadastro"); não o
                      # "Telefone anterior (cadastrado em 17/04/2012)", que data um uso do número antigo
                      r"|regist(?:er|ration)[\s_]+(?:time|date)|sign[\s_-]?up(?:[\s_]+(?:time|date))?"
                      r"|(?:data|dt)[\s_]+(?:d[eo][\s_]+)?cadastro"),
    # a emissão do próprio documento ("Emitido em 20/06/2025 às 10:22:31", "Gerado em", "Data de impressão"): quando
    # o papel foi feito, não um fato do caso
    ("emissao_documento", r"generated|data\s+da\s+consulta|lavrado|registrado\s+em|s[ãa]o\s+paulo,"
                          r"|emitid[oa]\s+em|impress[oa]\s+em|data\s+d[ae]\s+(?:emiss[ãa]o|impress[ãa]o)"
                          # "gerado em" só do documento ("Relatório gerado em", ou abrindo o rótulo): o boleto gerado
                          # em 12/06 de um relato é um fato
                          r"|^\s*gerad[oa]\s+em|(?:relat[óo]rio|documento|extrato|arquivo|resposta)\s+gerad[oa]\s+em"),
    # "DATA_HORA_INICIO", "FIM_SESSAO", "Data final", "DATA_ULTIMO_USO": o sublinhado não é letra
    # (não "start"/"end": num log de provedor, "Start Time" é o instante do evento, um fato, não um período)
    ("inicio_uso", r"in[íi]cio|(?<![a-z])primeir[oa][\s_]+(?:uso|registro|utiliza[çc][ãa]o|conex[ãa]o)"),
    # a desconexão fecha a sessão da conexão ("Conectado em: ..." / "Desconectado em: ...", "Disconnected at"); não o
    # "logout", que num log de provedor é um evento com o seu instante
    ("fim_uso", r"(?<![a-z])(?:fim|final)(?![a-z])|[úu]ltim[oa][\s_]+(?:uso|registro|utiliza[çc][ãa]o|conex[ãa]o)"
                r"|desconex[ãa]o|desconectad[oa]|disconnect(?:ed|ion)"),
    ("ultimo_acesso", r"last\s+seen|[úu]ltimo\s+acesso"),
)
_PAPEIS_DE_DATA_COMPILADOS = tuple((papel, re.compile(padrao, re.IGNORECASE)) for papel, padrao in _PAPEIS_DE_DATA)


#: a ativação da linha contada na frase, antes da data: "a linha (31) 97120-3344, de onde partiu a ligação, foi ativada
#: em nome de MARCOS ... somente em 14/10/2025", "o número ... foi habilitado em 02/11/2024"; entre o particípio e o
#: "em" da data, nenhum algarismo (outra data, outro número: "ativada em 2020, recebeu ligação em 12/07/2025")
_ATIVADA_ANTES_DA_DATA = re.compile(
    r"(?i)\b(?:linha|n[úu]mero|terminal|chip|msisdn)\b[^.;]*\b(?:habilitad|ativad)[oa]\b[^.;\d]{0,60}?\bem\s*$")


def ativacao_antes_da_data(texto: str, inicio: int) -> str | None:
    """`ativacao_linha` quando a frase, antes da data em `inicio`, conta que a linha foi ativada ou habilitada nela."""
    comeco = max(texto.rfind(". ", 0, inicio), texto.rfind(";", 0, inicio)) + 1
    return "ativacao_linha" if _ATIVADA_ANTES_DA_DATA.search(texto, comeco, inicio) else None


@lru_cache(maxsize=16384)  # pura; numa tabela, o mesmo nome de coluna é perguntado a cada registro
@lru_cache(maxsize=4096)  # pura; o mesmo contexto ("", "Data: ") volta a cada linha de uma tabela
def papel_da_data(contexto: str) -> str | None:
    """O que a data é, pelo rótulo que a precede ("Data de abertura da conta 02/03/2025"); a chave em camelCase de um
    JSON ("dataHoraFim") conta pelas palavras dela."""
    contexto = _CAMEL.sub(" ", contexto)
    return next((papel for papel, padrao in _PAPEIS_DE_DATA_COMPILADOS if padrao.search(contexto)), None)


_CAMEL = re.compile(r"(?<=[a-zà-ÿ])(?=[A-ZÀ-Þ])")


def _enderecos(texto: str) -> Iterator[Achado]:
    for m in PADRAO_ENDERECO.finditer(texto):
        if rede := carteira_cripto.formato(m.group("valor")):
            # "Address: TQ5vD9...": a carteira de destino de um saque, não um endereço físico
            yield Achado(m.start("valor"), m.end("valor"), m.group("valor"), "outro", "outro",
                         metadados={"carteira_cripto": rede})
            continue
        yield Achado(m.start("valor"), m.end("valor"), m.group("valor"), "endereco", "localizacao")


def _oabs(texto: str) -> Iterator[Achado]:
    for m in PADRAO_OAB.finditer(texto):
        uf = m.group("uf1") or m.group("uf2")
        numero = somente_digitos(m.group("num1") or m.group("num2"))
        yield Achado(
            m.start("valor"), m.end("valor"), m.group("valor"), "oab", "documento",
            metadados={"uf": uf, "numero": numero, "oab_normalizada": f"{uf}{numero}"},
        )


# Gatilhos: condição barata que todo casamento do reconhecedor exige (o rótulo, a palavra, o caractere).
# Sem ela o reconhecedor nem roda: uma linha de log de acesso não paga a busca de nome, endereço e OAB.
# Cada gatilho é mais largo que os padrões do reconhecedor; tests/test_gatilhos.py confere que o resultado
# com e sem gatilhos é o mesmo em todas as linhas dos casos de exemplo, das variantes e da avaliação.
_DUAS_PALAVRAS_CAPITALIZADAS = re.compile(rf"[A-ZÀ-Ý][A-Za-zÀ-ÿ'’.-]*\s+(?:{_LIGACAO}\s+)?[A-ZÀ-Ý]")  # o esqueleto de NOME


#: as letras fora do ASCII que um padrão sem caixa iguala a uma letra ASCII ("İ" e "ı" = "i", "ſ" = "s", "K" = "k")
#: e que o lower() não leva a ela; o teste dos gatilhos confere que são só estas
DOBRAS_ASCII = "\u0130\u0131\u017f\u212a"


def tem_alguma(texto: str, minusculo: str, palavras: tuple[str, ...]) -> bool:
    """Condição necessária de um padrão sem caixa que exige uma das `palavras` (minúsculas, ASCII ou não)."""
    if len(palavras) == 1:
        achou = palavras[0] in minusculo
    else:  # uma passada do motor de expressões em vez de uma busca por palavra
        achou = _padrao_das_palavras(palavras).search(minusculo) is not None
    return achou or _tem_dobra(texto)


def _tem_dobra(texto: str) -> bool:
    return not texto.isascii() and any(c in texto for c in DOBRAS_ASCII)


@lru_cache(maxsize=64)
def _padrao_das_palavras(palavras: tuple[str, ...]) -> re.Pattern[str]:
    return re.compile("|".join(map(re.escape, palavras)))


def _tem(*palavras: str):
    """O gatilho de `tem_alguma` com o padrão já montado (roda em cada linha de cada documento)."""
    padrao = _padrao_das_palavras(palavras)
    return lambda texto, minusculo: padrao.search(minusculo) is not None or _tem_dobra(texto)


def gatilho(*palavras: str) -> Callable[[str, str], bool]:
    """`tem_alguma(texto, minusculo, palavras)` com o padrão já montado, para a condição que roda em cada linha (sem
    procurar o padrão das palavras a cada chamada)."""
    return _tem(*palavras)


#: os gatilhos de palavras de `_nomes` (a condição do envolvido, o rótulo de nome), montados uma vez: `tem_alguma` com a
#: tupla procurava o padrão das palavras a cada linha
_TEM_PALAVRA_DA_CONDICAO = gatilho(*_PALAVRAS_DA_CONDICAO)
_TEM_PALAVRA_ROTULO_NOME = gatilho(*_PALAVRAS_ROTULO_NOME)


GATILHOS = {
    # rótulo ou EVP (8-4-4-4-12)
    chaves_do_texto: lambda texto, minusculo: tem_alguma(texto, minusculo, ("chave",)) or texto.count("-") >= 4,
    _outros_rotulados: _tem("version", "push", "exibi"),
    # Agência, Ag. ou Cooperativa; e a conta com a agência antes da barra ("conta 0001 / 123987-0")
    # (a conta da Caixa com a operação: "Conta: 4120 | 001 | 00001288-4", sem agência escrita)
    _contas: lambda texto, minusculo: "ag" in minusculo or "coop" in minusculo or (
        ("/" in texto or "|" in texto or "." in texto) and ("conta" in minusculo or "c/c" in minusculo))
    or _tem_dobra(texto),
    _oabs: lambda texto, minusculo: "OAB" in texto,
    _nomes: lambda texto, minusculo: _DUAS_PALAVRAS_CAPITALIZADAS.search(texto) is not None or _rotulo_de_nome(texto, minusculo),
    _aparelhos: lambda texto, minusculo: ("SM-" in texto or "iPhone" in texto
                                          or tem_alguma(texto, minusculo, ("device", "modelo", "aparelho", "dispositivo"))),
    _enderecos: _tem("endere", "address"),
}

#: antes dos reconhecedores estruturados: uma chave Pix rotulada não é "só" um telefone
ANTES = (chaves_do_texto, _outros_rotulados)
#: depois: texto livre não pode engolir um IP, data ou CPF
DEPOIS = (_contas, _oabs, _nomes, _aparelhos, _enderecos)
