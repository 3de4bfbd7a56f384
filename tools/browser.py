"""Headless Chromium driven by Playwright for Python: the one way the tools drive a browser.

The browser is Debian's `chromium` package (`make chromium`), launched by path: Playwright's own
browser downloads are never used, so nothing is fetched from outside the package registries.
Each `Browser` has a fresh profile of its own, removed when it closes.
"""

import atexit
import shutil
import socket
import subprocess
import tempfile

from playwright.sync_api import Error, sync_playwright

# Besides headless mode and no sandbox, which Playwright sets from its own arguments.
FLAGS = ["--disable-gpu", "--disable-background-networking", "--disable-component-update",
         "--disable-sync", "--no-first-run", "--hide-scrollbars"]


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


_DRIVER = []


def driver():
    """Playwright, started once for the process (it allows one in a thread) and stopped at exit
    or by `stop`."""
    if not _DRIVER:
        _DRIVER.append(sync_playwright().start())
        atexit.register(stop)
    return _DRIVER[0]


def stop():
    """Stops Playwright, if it runs: its event loop, which runs in this thread while it does,
    keeps `asyncio.run` from starting another."""
    if _DRIVER:
        _DRIVER.pop().stop()


class Browser:
    """One headless Chromium with a fresh profile, and its page.

    `reduced_motion` asks pages for the reduced-motion variant of their styles, as a reader who
    turned animations off would see them; `dark`, for their dark mode, as a reader whose system
    prefers it.
    """

    def __init__(self, width=1280, height=1800, reduced_motion=False, dark=False):
        self.profile = tempfile.mkdtemp(prefix="nqueens-chromium-")
        try:
            self.context = driver().chromium.launch_persistent_context(
                self.profile, executable_path=binary(), headless=True, chromium_sandbox=False,
                args=FLAGS, viewport={"width": width, "height": height},
                reduced_motion="reduce" if reduced_motion else "no-preference",
                color_scheme="dark" if dark else "light")
        except Error:
            shutil.rmtree(self.profile, ignore_errors=True)
            raise
        self.page = self.context.pages[0] if self.context.pages else self.context.new_page()
        # A headless page never has the focus; pages that follow focus (JupyterLab's current
        # notebook) need it.
        session = self.context.new_cdp_session(self.page)
        session.send("Emulation.setFocusEmulationEnabled", {"enabled": True})

    def evaluate(self, script):
        """The value of a JavaScript expression in the page (promises are awaited)."""
        try:
            return self.page.evaluate(script)
        except Error as error:
            raise RuntimeError(f"{script[:80]}: {error.message}") from error

    def wait_for(self, script, timeout, what):
        """Evaluates the expression until it is truthy, and returns that value."""
        try:
            handle = self.page.wait_for_function(script, timeout=timeout * 1000, polling=250)
        except Error as error:
            raise TimeoutError(f"waited {timeout} s for {what}") from error
        return handle.json_value()

    def open(self, url, until="commit"):
        """Goes to `url`; returns once the page has started (or reached `until`: "load")."""
        self.page.goto(url, wait_until=until, timeout=120_000)

    def text_of(self, selector, timeout):
        """The text of the first element matching `selector`, once there is one."""
        return self.page.wait_for_selector(selector, state="attached",
                                           timeout=timeout * 1000).text_content()

    def screenshot(self, path):
        self.page.screenshot(path=str(path))

    def close(self):
        try:
            self.context.close()
        finally:
            shutil.rmtree(self.profile, ignore_errors=True)
