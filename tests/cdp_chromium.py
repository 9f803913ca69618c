"""Chromium headless pelo protocolo DevTools, sem dependência nova: `--remote-debugging-pipe` (JSON terminado
em NUL nos descritores 3 e 4), só biblioteca padrão. Guarda mensagens do console, exceções e pedidos de rede.
"""

from __future__ import annotations

import base64
import fcntl
import json
import os
import shutil
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Any


def chromium() -> str | None:
    return shutil.which("chromium") or shutil.which("chromium-browser")


def _binario() -> str | None:
    """O executável de verdade: o /usr/bin/chromium do Debian é um script que o chama (e fecha descritores)."""
    for caminho in ("/usr/lib/chromium/chromium", "/usr/lib/chromium-browser/chromium-browser"):
        if os.access(caminho, os.X_OK):
            return caminho
    return chromium()


def _acima_de_9(fd: int) -> int:
    novo = fcntl.fcntl(fd, fcntl.F_DUPFD, 10)
    os.close(fd)
    return novo


class ErroCDP(RuntimeError):
    pass


class Navegador:
    def __init__(self, largura: int = 1366, altura: int = 900) -> None:
        binario = _binario()
        if binario is None:
            raise ErroCDP("Chromium ausente")
        self._perfil = tempfile.mkdtemp(prefix="perito-cdp-")
        # pipe 1: nós escrevemos, o Chromium lê no fd 3; pipe 2: o Chromium escreve no fd 4
        ler_chromium, escrever_nos = os.pipe()
        ler_nos, escrever_chromium = os.pipe()
        # as pontas do Chromium acima de 9, para o redirecionamento 3<&N 4>&M não pisar nelas
        ler_chromium, escrever_chromium = (_acima_de_9(ler_chromium), _acima_de_9(escrever_chromium))

        # o bash põe as pontas do Chromium nos descritores 3 e 4 (sem preexec_fn, que o close_fds desfaria)
        ligar = f'exec "$0" "$@" 3<&{ler_chromium} 4>&{escrever_chromium} {ler_chromium}<&- {escrever_chromium}>&-'
        self._processo = subprocess.Popen(
            ["bash", "-c", ligar, binario, "--headless", "--no-sandbox", "--disable-gpu", "--remote-debugging-pipe", "--no-first-run",
             "--no-default-browser-check", "--disable-extensions", "--disable-background-networking",
             "--disable-component-update", "--disable-sync", "--mute-audio", f"--user-data-dir={self._perfil}",
             f"--window-size={largura},{altura}", "about:blank"],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            pass_fds=(ler_chromium, escrever_chromium),
        )
        os.close(ler_chromium)
        os.close(escrever_chromium)
        self._escrita = os.fdopen(escrever_nos, "wb", buffering=0)
        self._leitura = os.fdopen(ler_nos, "rb", buffering=0)
        self._buffer = b""
        self._id = 0
        self.eventos: list[dict[str, Any]] = []
        self.sessao: str | None = None
        self._alvo: str | None = None
        self.largura, self.altura = largura, altura

    # --- protocolo -----------------------------------------------------------------------------------------
    def _mensagem(self) -> dict[str, Any]:
        while b"\0" not in self._buffer:
            pedaco = self._leitura.read(1 << 16)
            if not pedaco:
                raise ErroCDP("o Chromium fechou o canal DevTools")
            self._buffer += pedaco
        bruto, self._buffer = self._buffer.split(b"\0", 1)
        return dict(json.loads(bruto))

    def enviar(self, metodo: str, params: dict[str, Any] | None = None, sessao: bool = True) -> dict[str, Any]:
        self._id += 1
        pedido: dict[str, Any] = {"id": self._id, "method": metodo, "params": params or {}}
        if sessao and self.sessao:
            pedido["sessionId"] = self.sessao
        self._escrita.write(json.dumps(pedido).encode() + b"\0")
        while True:
            mensagem = self._mensagem()
            if mensagem.get("id") == self._id:
                if "error" in mensagem:
                    raise ErroCDP(f"{metodo}: {mensagem['error']}")
                return dict(mensagem.get("result") or {})
            if "method" in mensagem:
                self.eventos.append(mensagem)

    # --- página --------------------------------------------------------------------------------------------
    def abrir(self, url: str) -> None:
        """Uma aba nova (a anterior é fechada: uma aba em segundo plano não desenha) com a página `url`."""
        if self._alvo is not None:
            self.enviar("Target.closeTarget", {"targetId": self._alvo}, sessao=False)
        alvo = self._alvo = self.enviar("Target.createTarget", {"url": "about:blank"}, sessao=False)["targetId"]
        self.enviar("Target.activateTarget", {"targetId": alvo}, sessao=False)
        self.sessao = self.enviar("Target.attachToTarget", {"targetId": alvo, "flatten": True}, sessao=False)["sessionId"]
        for dominio in ("Runtime.enable", "Log.enable", "Network.enable", "Page.enable"):
            self.enviar(dominio)
        self.enviar("Emulation.setDeviceMetricsOverride",
                    {"width": self.largura, "height": self.altura, "deviceScaleFactor": 1, "mobile": False})
        self.eventos.clear()
        self.enviar("Page.navigate", {"url": url})

    def avaliar(self, expressao: str, aguardar: bool = True) -> Any:
        resultado = self.enviar("Runtime.evaluate", {"expression": expressao, "returnByValue": True,
                                                     "awaitPromise": aguardar})
        if "exceptionDetails" in resultado:
            raise ErroCDP(f"{expressao[:80]}: {resultado['exceptionDetails']}")
        return resultado["result"].get("value")

    def esperar(self, expressao: str, limite: float = 60.0) -> float:
        inicio = time.monotonic()
        while time.monotonic() - inicio < limite:
            try:
                if self.avaliar(expressao):
                    return time.monotonic() - inicio
            except ErroCDP:
                pass
            time.sleep(0.1)
        raise ErroCDP(f"esperou {limite} s por {expressao}")

    def captura(self, destino: Path) -> Path:
        dados = self.enviar("Page.captureScreenshot", {"format": "png"})["data"]
        destino.write_bytes(base64.b64decode(dados))
        return destino

    def erros_do_console(self) -> list[str]:
        erros = []
        for evento in self.eventos:
            metodo, params = evento.get("method"), evento.get("params", {})
            if metodo == "Runtime.exceptionThrown":
                erros.append(json.dumps(params.get("exceptionDetails"))[:500])
            elif metodo == "Runtime.consoleAPICalled" and params.get("type") in ("error", "warning", "assert"):
                erros.append(json.dumps(params.get("args"))[:500])
            elif metodo == "Log.entryAdded" and params.get("entry", {}).get("level") in ("error", "warning"):
                erros.append(json.dumps(params["entry"])[:500])
        return erros

    def pedidos(self) -> list[str]:
        return [e["params"]["request"]["url"] for e in self.eventos if e.get("method") == "Network.requestWillBeSent"]

    def fechar(self) -> None:
        try:
            self.enviar("Browser.close", sessao=False)
        except (ErroCDP, OSError, ValueError):
            pass
        try:
            self._processo.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self._processo.kill()
            self._processo.wait(timeout=10)
        for canal in (self._escrita, self._leitura):
            try:
                canal.close()
            except OSError:
                pass
        shutil.rmtree(self._perfil, ignore_errors=True)

    def __enter__(self) -> Navegador:
        return self

    def __exit__(self, *_: Any) -> None:
        self.fechar()
