"""Motor Claude (`--motor claude`): um extrator e um agente principal que nunca inventam prova.

Claude só propõe. O código decide: a ancoragem (`ancoragem.py`) descarta todo dado cujo
texto não está no local citado, o agente principal (`principal.py`) só aceita afirmações
cujos valores vêm dos dados referenciados e monta as referências a partir desses dados,
e o validador independente confere tudo como faz com as regras. O texto dos documentos
vai delimitado como dado (`trechos.py`); tentativas de instrução são sinalizadas
(`injecao.py`). Falha de chamada é relatada e torna a análise incompleta (`cliente.py`).
"""
