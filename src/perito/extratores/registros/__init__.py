"""Segmentação de registros: cada disposição (tabela de largura fixa, bloco chave-valor, objeto JSON)
num módulo pequeno; todos entregam campos com a própria localização e o seu rótulo."""
