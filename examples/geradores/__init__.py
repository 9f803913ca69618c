"""Geradores dos documentos do caso de demonstração, um módulo por família.

- pdf_texto: PDFs com camada de texto desenhados linha a linha (e a conferência pelo pdfplumber)
- verdade:   anotação do gabarito (examples/verdade/) junto com o conteúdo
- existentes: os quatro arquivos originais do caso (bytes idênticos aos versionados)
- provedores: resposta completa da Meta (WhatsApp)
- bancario:  extrato da conta recebedora e resposta do DICT (Bacen)
- operadora: planilha de dados cadastrais/IMEI e CDR em CSV
- escaneado: ofício escaneado (PDF só com imagem, lido por OCR)
- relatos:   auto de apreensão (TXT)
"""
