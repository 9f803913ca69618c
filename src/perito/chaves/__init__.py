"""Normalização de chaves de comparação (IP, tempo, telefone, IMEI, documentos, dinheiro, nomes).

Os valores continuam como o documento os escreveu; as formas normalizadas
servem só para comparar e vão para `metadados`.
"""
