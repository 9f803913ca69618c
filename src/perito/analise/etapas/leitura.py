"""Leitura e extração: cada arquivo legível num processo auxiliar (tempo e memória limitados), que já extrai."""

from __future__ import annotations

from perito import registro
from perito.analise.estado import Analise
from perito.analise.etapas.base import Etapa
from perito.extratores.lotes import extrair_no_auxiliar, extrair_no_auxiliar_com_trechos
from perito.leitura.documento import Documento
from perito.leitura.isolamento import Tarefa, encerrar_servidor, ler_isolados
from perito.saida.arquivos import situacao

#: trechos lidos acima dos quais o caso é grande o bastante para a memória pesar mais que uns décimos de segundo
_TRECHOS_DE_CASO_GRANDE = 100_000


def ler(analise: Analise) -> None:
    legiveis = [a for a in analise.inventario if a.tipo]
    feitos = 0
    analise.avisar("leitura", 0, len(legiveis), "")

    def lido(tarefa: Tarefa, documento: Documento) -> None:
        nonlocal feitos
        feitos += 1
        analise.avisar("leitura", feitos, len(legiveis), tarefa.nome)
        if documento.erro:
            registro.LOGGER.warning("%s não pôde ser lido: %s", tarefa.nome, documento.erro)

    # `legiveis` só tem arquivos com tipo detectado (o `or ""` é para o verificador de tipos)
    tarefas = [Tarefa(a.caminho, a.nome, a.tipo or "", a.membro) for a in legiveis]
    # cada auxiliar extrai o que leu; os trechos só voltam quando o motor Claude vai lê-los
    depois = extrair_no_auxiliar_com_trechos if analise.parametros.motor == "claude" else extrair_no_auxiliar
    documentos = ler_isolados(tarefas, analise.parametros.limites, lido, depois)
    if sum(d.total_trechos for d in documentos) > _TRECHOS_DE_CASO_GRANDE:
        # num caso grande, o forkserver e os leitores pré-carregados não ficam ocupando memória no cruzamento;
        # num pequeno, fica: o validador o usaria de novo, e fazê-lo nascer outra vez custaria mais que a memória
        encerrar_servidor()
    for arquivo, documento in zip(legiveis, documentos, strict=True):
        if arquivo.alerta:
            documento.alertas.insert(0, f"{arquivo.nome}: {arquivo.alerta}")
        estado, motivo = situacao(documento)
        analise.eventos.registrar(
            "leitor", "ler", entradas={arquivo.nome: arquivo.sha256},
            detalhes={
                "situacao": estado, "metodo_extracao": documento.metodo_extracao,
                "trechos": documento.total_trechos, "paginas_com_falha": documento.paginas_com_falha,
                **({"motivo": motivo} if motivo else {}),
            },
        )
    for arquivo in analise.inventario:
        if arquivo.tipo is None:
            analise.eventos.registrar("inventario", "ignorar", entradas={arquivo.nome: arquivo.sha256},
                                      detalhes={"motivo": arquivo.motivo_ignorado})
    analise.documentos = documentos


ETAPA = Etapa("leitura_e_extracao", ler, lidos_por_auxiliares=lambda analise: analise.documentos)
