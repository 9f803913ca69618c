"""Plano de diligências: o que pedir, a quem, com que fundamento e até quando (issue 26).

`fundamentos` guarda o texto legal citado; `prazos` conta a data de expurgo de cada dado contra a data
da análise; `passos` transforma lacunas e conclusões em passos datados; `hipoteses` lista as
explicações concorrentes de cada conclusão de autoria; `painel` resume o estado do caso.
"""
