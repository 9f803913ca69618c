"""Nomes dos métodos de leitura (o `metodo_extracao` de cada trecho), sem importar os leitores.

Quem só compara o método (o validador no processo principal) não paga a importação do pdfplumber,
do PDFium ou do lxml: os leitores rodam nos processos auxiliares.
"""

PDFPLUMBER = "pdfplumber"
PDFIUM = "pypdfium2"
HTML = "html.parser"
LXML = "lxml"
