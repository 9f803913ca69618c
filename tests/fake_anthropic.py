"""Servidor falso da API da Anthropic em 127.0.0.1, para os testes do motor Claude rodarem sem rede.

O SDK real (`anthropic`) fala com ele pela variável ANTHROPIC_BASE_URL, como falaria com
a API. Cada pedido vai a um `responder(pedido) -> Resposta`; o servidor guarda os pedidos
(caminho, cabeçalhos, corpo) para os testes conferirem o que foi enviado. Nada do perito
é substituído: só a outra ponta da conexão.
"""

from __future__ import annotations

import json
import re
import threading
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, Callable

from perito.llm.configuracao import ConfiguracaoLLM

CHAVE_TESTE = "sk-ant-api03-TESTE-local-0000000000"
#: configuração rápida para testes: sem pausas, retentativas do SDK desligadas salvo quando o teste as quer
RAPIDA = ConfiguracaoLLM(modelo="claude-sonnet-5-5", tempo_limite=5.0, retentativas_sdk=0, tentativas=2, pausa=0.0)

RELATO = (
    "RELATÓRIO DE INVESTIGAÇÃO Nº 12/2025\n"
    "Delegacia de Repressão a Crimes Cibernéticos\n"
    "\n"
    "Em diligência, o investigador conversou com Joaquim Barbosa Lima na portaria do prédio.\n"
    "Segundo a vítima, o golpista se apresentou como Capivara e pediu dinheiro.\n"
    "Acesso registrado do IP 187.34.56.78 em 15/03/2025 14:32:17 BRT.\n"
    "nada a declarar\n"
)


def caso_relato(pasta: Path, texto: str = RELATO, nome: str = "relato.txt") -> Path:
    """Caso mínimo: um relatório em TXT (família relato, extrator genérico)."""
    caso = pasta / "caso"
    caso.mkdir(exist_ok=True)
    (caso / nome).write_text(texto, encoding="utf-8")
    return caso


@dataclass
class Resposta:
    status: int = 200
    corpo: bytes | dict[str, Any] = b""
    cabecalhos: dict[str, str] = field(default_factory=dict)
    #: segundos antes de responder (para estourar o tempo limite do cliente)
    atraso: float = 0.0


@dataclass
class Pedido:
    caminho: str
    cabecalhos: dict[str, str]
    corpo: dict[str, Any]

    @property
    def ferramenta(self) -> str:
        return self.corpo["tools"][0]["name"]

    @property
    def texto(self) -> str:
        return self.corpo["messages"][0]["content"]

    @property
    def arquivo(self) -> str:
        return json.loads(re.search(r"^Arquivo: (.+) \(formato", self.texto, re.M).group(1))

    def _entre(self, marca: str) -> list[dict[str, Any]]:
        corpo = self.texto.split(f"<{marca}>\n", 1)[1].split(f"\n</{marca}>", 1)[0]
        return [json.loads(linha) for linha in corpo.splitlines()]

    def trechos(self) -> list[dict[str, Any]]:
        return self._entre("documento")

    def dados(self) -> list[dict[str, Any]]:
        return self._entre("dados")

    def id_do_dado(self, valor: str, campo: str | None = None) -> int:
        return next(d["id"] for d in self.dados() if d["dado"] == valor and (campo is None or d["campo"] == campo))

    def dado(self, local: str, valor: str, campo: str, tipo_dado: str, **extra: Any) -> dict[str, Any]:
        """Um dado bem ancorado no trecho `local` enviado neste pedido (o que um modelo correto devolveria)."""
        trecho = next(t for t in self.trechos() if t["local"] == local)
        return {
            "dado": valor, "campo": campo, "arquivo_fonte": self.arquivo, "pagina": trecho["pagina"],
            "linha_ou_celula": local, "texto_original": trecho["texto"], "tipo_dado": tipo_dado, **extra,
        }


def mensagem(nome: str, entrada: Any, uso: dict[str, int] | None = None, parada: str = "tool_use") -> Resposta:
    """Resposta 200 no formato da Messages API com uma chamada de ferramenta."""
    return Resposta(corpo={
        "id": "msg_falso", "type": "message", "role": "assistant", "model": "claude-sonnet-5-5",
        "stop_reason": parada, "stop_sequence": None,
        "content": [{"type": "tool_use", "id": "toolu_falso", "name": nome, "input": entrada}],
        "usage": uso or {"input_tokens": 1000, "output_tokens": 200, "cache_creation_input_tokens": 0,
                         "cache_read_input_tokens": 800},
    })


def erro(status: int, tipo: str = "api_error", texto: str = "erro", cabecalhos: dict[str, str] | None = None) -> Resposta:
    return Resposta(status, {"type": "error", "error": {"type": tipo, "message": texto}}, cabecalhos or {})


Responder = Callable[[Pedido], Resposta]


class Roteiro:
    """Responder com uma função por agente; cada uma devolve a lista da ferramenta ou uma Resposta pronta."""

    def __init__(
        self, extrator: Callable[[Pedido], Any] | None = None, principal: Callable[[Pedido], Any] | None = None
    ) -> None:
        self.extrator, self.principal = extrator, principal

    def __call__(self, pedido: Pedido) -> Resposta:
        if pedido.ferramenta == "registrar_dados":
            resultado = self.extrator(pedido) if self.extrator else []
            return resultado if isinstance(resultado, Resposta) else mensagem("registrar_dados", {"dados": resultado})
        resultado = self.principal(pedido) if self.principal else []
        return resultado if isinstance(resultado, Resposta) else mensagem("propor_conclusoes", {"conclusoes": resultado})


class ServidorFalso:
    def __init__(self, responder: Responder) -> None:
        self.responder = responder
        self.pedidos: list[Pedido] = []
        self._parar = threading.Event()
        self._trava = threading.Lock()
        servidor = self

        class Manipulador(BaseHTTPRequestHandler):
            def do_POST(self) -> None:  # noqa: N802 (nome exigido pelo http.server)
                bruto = self.rfile.read(int(self.headers.get("content-length", 0)))
                pedido = Pedido(self.path, dict(self.headers), json.loads(bruto))
                with servidor._trava:
                    servidor.pedidos.append(pedido)
                resposta = servidor.responder(pedido)
                if resposta.atraso and servidor._parar.wait(resposta.atraso):
                    return
                corpo = resposta.corpo if isinstance(resposta.corpo, bytes) else json.dumps(resposta.corpo).encode()
                try:
                    self.send_response(resposta.status)
                    self.send_header("content-type", "application/json")
                    self.send_header("content-length", str(len(corpo)))
                    for nome, valor in resposta.cabecalhos.items():
                        self.send_header(nome, valor)
                    self.end_headers()
                    self.wfile.write(corpo)
                except (BrokenPipeError, ConnectionResetError):
                    pass  # o cliente desistiu (tempo limite): é o que o teste quer

            def log_message(self, *args: Any) -> None:
                pass

        self._http = ThreadingHTTPServer(("127.0.0.1", 0), Manipulador)
        self._http.daemon_threads = True
        self.url = f"http://127.0.0.1:{self._http.server_address[1]}"

    def __enter__(self) -> ServidorFalso:
        # espera curta no laço do servidor: o shutdown do teardown não custa meio segundo por teste
        threading.Thread(target=self._http.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True).start()
        return self

    def __exit__(self, *_: Any) -> None:
        self._parar.set()
        self._http.shutdown()
        self._http.server_close()

    def do_agente(self, ferramenta: str) -> list[Pedido]:
        return [p for p in self.pedidos if p.ferramenta == ferramenta]


def ambiente(monkeypatch, servidor: ServidorFalso, chave: str = CHAVE_TESTE) -> None:
    """A chave e o endereço do servidor falso no ambiente, como o usuário os poria."""
    monkeypatch.setenv("ANTHROPIC_API_KEY", chave)
    monkeypatch.setenv("ANTHROPIC_BASE_URL", servidor.url)
    monkeypatch.delenv("ANTHROPIC_AUTH_TOKEN", raising=False)
