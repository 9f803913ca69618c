"""Gera o caso de demonstração `examples/caso_demo/` e o gabarito `examples/verdade/` (dados 100% fictícios).

Uso: python examples/gerar_caso_demo.py [PASTA_DO_CASO [PASTA_DO_GABARITO]]
     (padrão: caso_demo/ e verdade/ ao lado deste script)

O caso: JOSÉ CARLOS DA SILVA (vítima) recebe mensagens de WhatsApp do número
+55 11 98765-4321 e é induzido a enviar um PIX de R$ 3.500,00 a MARIA OLIVEIRA
LIMA em 15/03/2025 às 11:36 (BRT). A linha está em nome de RICARDO PEREIRA
SANTOS, que recebe em minutos os repasses da conta de MARIA (conta laranja).

Arquivos (um gerador por família em geradores/):
- resposta_meta_whatsapp.pdf           Meta, resposta curta (existentes)
- extrato_conta_corrente.pdf           extrato da vítima (existentes)
- log_internet_banking.csv             log do banco da vítima, cp1252 (existentes)
- boletim_ocorrencia.txt               boletim de ocorrência (existentes)
- resposta_meta_whatsapp_completa.pdf  Meta, 4 páginas: IPs, Connection Info, Message Log, Call Logs (provedores)
- extrato_maria_oliveira.pdf           extrato da conta recebedora (bancario)
- resposta_dict_bacen.pdf              chaves Pix no DICT (bancario)
- operadora_vivo_dados_cadastrais.xlsx dados cadastrais e IMEI x Linha, duas abas (operadora)
- operadora_cdr_chamadas.csv           CDR, UTF-8 com BOM (operadora)
- oficio_escaneado.pdf                 ofício só em imagem, lido por OCR (escaneado)
- auto_apreensao.txt                   auto de apreensão do aparelho de RICARDO (relatos)

Para cada arquivo, verdade/<arquivo>.json lista os dados que ele contém, com a
localização (regras em verdade/LEIAME.md). Os PDFs de texto são conferidos linha a
linha com o pdfplumber (x_tolerance=3, y_tolerance=3); o escaneado, com o Tesseract
quando ele existe. Tudo é determinístico: a mesma execução dá os mesmos bytes.
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from geradores import bancario, escaneado, existentes, operadora, pdf_texto, provedores, relatos, verdade  # noqa: E402

TETO_BYTES = 1_000_000


def main(argv):
    aqui = Path(__file__).resolve().parent
    pasta = Path(argv[1]) if len(argv) > 1 else aqui / "caso_demo"
    pasta_verdade = Path(argv[2]) if len(argv) > 2 else aqui / "verdade"
    pasta.mkdir(parents=True, exist_ok=True)

    gabaritos: dict[str, list[dict]] = {}
    pdfs = [existentes.META, existentes.EXTRATO, provedores.documento(), bancario.extrato(), bancario.dict_bacen()]
    for doc in pdfs:
        pdf_texto.gerar(pasta / doc.nome, doc)
        gabaritos[doc.nome] = pdf_texto.gabarito(doc)
    gabaritos.update(existentes.gerar_texto(pasta))
    gabaritos.update(relatos.gerar(pasta))
    gabaritos["operadora_vivo_dados_cadastrais.xlsx"] = operadora.gerar_xlsx(pasta / "operadora_vivo_dados_cadastrais.xlsx")
    gabaritos["operadora_cdr_chamadas.csv"] = operadora.gerar_cdr(pasta / "operadora_cdr_chamadas.csv")
    gabaritos["oficio_escaneado.pdf"] = escaneado.gerar(pasta / "oficio_escaneado.pdf")

    for doc in pdfs:
        extraidas = pdf_texto.conferir(pasta / doc.nome, doc)
        for n, linhas in enumerate(extraidas or [], start=1):
            print(f"== {doc.nome} p.{n}")
            print("\n".join(linhas))
    avisos = escaneado.conferir(pasta / "oficio_escaneado.pdf")
    for aviso in avisos:
        print(f"AVISO: {aviso}", file=sys.stderr)

    gerados = {p.name for p in pasta.iterdir() if p.is_file()}
    assert set(gabaritos) <= gerados, set(gabaritos) - gerados
    for nome, itens in sorted(gabaritos.items()):
        verdade.gravar(pasta_verdade, nome, itens)
    total = sum((pasta / nome).stat().st_size for nome in gabaritos)
    assert total < TETO_BYTES, f"o caso passou de 1 MB ({total} bytes)"
    print(f"Caso de demonstração gerado em {pasta} ({len(gabaritos)} arquivos, {total} bytes)")
    print(f"Gabarito gravado em {pasta_verdade}")


if __name__ == "__main__":
    main(sys.argv)
