"""O armazém do caso: um banco SQLite na pasta de saída que guarda, de uma execução para a outra, a leitura e a
extração de cada documento (pelo SHA-256 dele), a validação de cada conclusão e o resumo de cada execução.

Com ele, um segundo `analisar` sobre um caso que ganhou ou mudou arquivos lê só esses, relê só o que as conclusões
novas citam, e grava o mesmo que uma execução completa; `perito diferencas` diz o que mudou entre as execuções.
Nada do armazém é confiado às cegas: cada entrada reaproveitada tem o SHA-256 que a trilha registrou quando ela
foi guardada, e a impressão do código (perito, bibliotecas, Tesseract) faz parte da chave.
"""
