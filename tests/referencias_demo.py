"""Referências corretas a linhas do caso de exemplo, base dos testes de mutação e de afirmação."""

META = {"arquivo": "resposta_meta_whatsapp.pdf", "pagina": 1, "linha_ou_celula": "linha 12",
        "dado_citado": "187.34.56.78:51234 2025-03-15 14:32:17 UTC", "extrator_id": "t"}
LOG = {"arquivo": "log_internet_banking.csv", "pagina": None, "linha_ou_celula": "linha 4",
       "dado_citado": "187.34.56.78:51234 15/03/2025 11:34:02 BRT", "extrator_id": "t"}
EXTRATO = {"arquivo": "extrato_conta_corrente.pdf", "pagina": 1, "linha_ou_celula": "linha 7",
           "dado_citado": "15/03/2025 11:36:40 BRT MARIA OLIVEIRA LIMA -3.500,00", "extrator_id": "t"}
CPF_MARIA = {"arquivo": "boletim_ocorrencia.txt", "pagina": None, "linha_ou_celula": "linha 13",
             "dado_citado": "MARIA OLIVEIRA LIMA 111.444.777-35", "extrator_id": "t"}
