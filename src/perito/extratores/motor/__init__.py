"""O motor dos extratores: registros de linhas de texto, de tabelas e de planilhas, e o titular declarado."""
