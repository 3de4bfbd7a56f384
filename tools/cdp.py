"""A small client for the Chrome DevTools Protocol: headless Chromium driven from Python.

Chromium is Debian's package; the protocol goes over the websocket-client package that the
notebook tools already bring.

The DevTools socket is opened without an `Origin` header. Chromium 111 and later refuse a
socket whose Origin they were not told to allow (`--remote-allow-origins`), to keep web pages
from driving the browser; a client that sends no Origin is not a page, and every Chromium,
older or newer, accepts it. Allowing an origin instead (`--remote-allow-origins=*`) would let
any page the browser opens, the notebooks under test included, take the socket too.
"""

import base64
import itertools
import json
import shutil
import socket
import subprocess
import tempfile
import time
import urllib.request

import websocket

FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--no-first-run", "--hide-scrollbars"]


def binary():
    """The path of Chromium, or an exit with the command that installs it."""
    found = shutil.which("chromium") or shutil.which("chromium-browser")
    if found is None:
        raise SystemExit("chromium is not installed: run `make chromium`")
    return found


def version():
    """What Chromium says of its own version (`Chromium 148.0.7778.167 …`), for the test's log."""
    answer = subprocess.run([binary(), "--version"], capture_output=True, text=True, check=False)
    return answer.stdout.strip() or answer.stderr.strip() or "chromium (no version printed)"


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Browser:
    """One headless Chromium with a fresh profile, and its first page."""

    def __init__(self, width=1280, height=1800):
        self.profile = tempfile.mkdtemp(prefix="nqueens-chromium-")
        port = free_port()
        self.process = subprocess.Popen(
            [binary(), *FLAGS, f"--user-data-dir={self.profile}", f"--remote-debugging-port={port}",
             f"--window-size={width},{height}", "about:blank"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        page = None
        for _ in range(200):
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/json") as answer:
                    page = next(t for t in json.load(answer) if t["type"] == "page")
                break
            except (OSError, StopIteration):
                time.sleep(0.1)
        if page is None:
            self.close()
            raise RuntimeError("chromium did not start")
        self.socket = websocket.create_connection(page["webSocketDebuggerUrl"], timeout=120,
                                                  suppress_origin=True)
        self.ids = itertools.count(1)
        # A headless page never has the focus; pages that follow focus (JupyterLab's current
        # notebook) need it.
        self.call("Emulation.setFocusEmulationEnabled", enabled=True)

    def call(self, method, **params):
        """Sends one command and returns its result (events on the way are dropped)."""
        number = next(self.ids)
        self.socket.send(json.dumps({"id": number, "method": method, "params": params}))
        while True:
            message = json.loads(self.socket.recv())
            if message.get("id") == number:
                if "error" in message:
                    raise RuntimeError(f"{method}: {message['error']}")
                return message.get("result", {})

    def evaluate(self, script):
        """The value of a JavaScript expression in the page (promises are awaited)."""
        result = self.call("Runtime.evaluate", expression=script, returnByValue=True,
                           awaitPromise=True)
        if "exceptionDetails" in result:
            raise RuntimeError(f"{script[:80]}: {result['exceptionDetails']}")
        return result["result"].get("value")

    def wait_for(self, script, timeout, what):
        """Evaluates the expression until it is truthy, and returns that value."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            value = self.evaluate(script)
            if value:
                return value
            time.sleep(0.25)
        raise TimeoutError(f"waited {timeout} s for {what}")

    def open(self, url):
        self.call("Page.navigate", url=url)

    def screenshot(self, path):
        shot = self.call("Page.captureScreenshot", format="png")
        path.write_bytes(base64.b64decode(shot["data"]))

    def close(self):
        if getattr(self, "socket", None):
            self.socket.close()
        self.process.terminate()
        self.process.wait(timeout=30)
        shutil.rmtree(self.profile, ignore_errors=True)
