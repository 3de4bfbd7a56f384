"""The hub as a student's browser reaches it, for the hub's test: HTTP requests through the
hub's proxy, the hub's REST API with the test's token, the login form, a student's server and
a kernel's websocket (the Jupyter messages JupyterLab sends and reads)."""

import asyncio
import json
import os
import pathlib
import re
import time
import uuid
from urllib.parse import urlencode

from tornado import httpclient, websocket

from tools import stuck

PORT = int(os.environ.get("HUB_TEST_PORT", "8710"))
BASE = f"http://127.0.0.1:{PORT}"
# The hub's service token for the test, which the test hands the hub (NQUEENS_HUB_TEST_TOKEN).
TOKEN = uuid.uuid4().hex
httpclient.AsyncHTTPClient.configure(None, max_clients=200)


class Failure(Exception):
    """What the test found wrong."""


class Closed(Failure):
    """The kernel's websocket closed (JupyterLab opens it again)."""


async def fetch(url, method="GET", body=None, headers=None, expect=(200, 201, 202, 204),
                **options):
    """One HTTP request; its response, or Failure when its code is not expected."""
    if isinstance(body, (dict, list)):
        body = json.dumps(body)
    if body is None and method in ("POST", "PUT"):
        body = b""
    request = httpclient.HTTPRequest(url, method=method, body=body, headers=headers or {},
                                     request_timeout=300, follow_redirects=False, **options)
    response = await httpclient.AsyncHTTPClient().fetch(request, raise_error=False)
    if response.code not in expect:
        raise Failure(f"{method} {url}: {response.code} {response.body[:300]!r}")
    return response


async def hub_api(path, method="GET", body=None, expect=(200, 201, 202, 204)):
    """The hub's REST API, as the test's service."""
    response = await fetch(f"{BASE}/hub/api/{path}", method, body,
                           {"Authorization": f"token {TOKEN}"}, expect)
    return json.loads(response.body) if response.body else None


def keep_cookies(response, cookies):
    """The cookies a response sets, kept in `cookies` (name: value), as a browser keeps them."""
    for header in response.headers.get_list("Set-Cookie"):
        key, _, value = header.split(";", 1)[0].partition("=")
        cookies[key] = value


def with_cookies(cookies):
    """The request header that sends `cookies` back."""
    return {"Cookie": "; ".join(f"{k}={v}" for k, v in cookies.items())}


async def log_in(name, password):
    """The hub's login form with the student's Unix password (PAM); the session's cookies."""
    page = await fetch(f"{BASE}/hub/login")
    cookies = {}
    keep_cookies(page, cookies)
    xsrf = re.search(r'name="_xsrf" value="([^"]+)"', page.body.decode()).group(1)
    answer = await fetch(f"{BASE}/hub/login", "POST",
                         urlencode({"_xsrf": xsrf, "username": name, "password": password}),
                         with_cookies(cookies), expect=(302,))
    if "login" in answer.headers.get("Location", "login"):
        raise Failure(f"{name} could not log in: sent back to {answer.headers.get('Location')}")
    keep_cookies(answer, cookies)
    return cookies


class Server:
    """A student's server, reached through the hub's proxy with a token of the student's."""

    def __init__(self, name, token, course_id):
        self.name = name
        self.course_id = course_id
        self.headers = {"Authorization": f"token {token}"}
        self.base = f"{BASE}/user/{name}/"

    async def call(self, path, method="GET", body=None, expect=(200, 201, 204)):
        response = await fetch(self.base + path, method, body, self.headers, expect)
        return json.loads(response.body) if response.body else None

    async def assignments(self, action, assignment):
        """The Assignment List's own requests (fetch, submit, fetch_feedback)."""
        listing = await self.call(f"assignments/{action}", "POST",
                                  {"course_id": self.course_id, "assignment_id": assignment})
        if isinstance(listing, dict) and not listing.get("success", True):
            raise Failure(f"{self.name}: {action} {assignment}: {listing.get('value')}")
        return listing

    async def kernel(self, path):
        session = await self.call("api/sessions", "POST", {
            "path": path, "type": "notebook", "name": pathlib.Path(path).name,
            "kernel": {"name": "rust"}})
        return await Kernel.open(self, session["kernel"]["id"])


class Kernel:
    """A kernel's websocket, as JupyterLab opens it."""

    @classmethod
    async def open(cls, server, kernel_id, attempts=3):
        """The kernel's websocket, once the kernel has answered. The server closes a websocket
        whose kernel does not answer its first requests within a minute (a kernel starting on a
        busy machine can take longer); JupyterLab then opens it again, and so does the test,
        saying so, up to `attempts` times."""
        for _ in range(attempts - 1):
            try:
                return await cls.connect(server, kernel_id)
            except Closed:
                print(f"{server.name}: the kernel's websocket closed before the kernel "
                      "answered; opened again, as JupyterLab does", flush=True)
        return await cls.connect(server, kernel_id)

    @classmethod
    async def connect(cls, server, kernel_id):
        self = cls()
        self.server, self.id = server, kernel_id
        self.session = uuid.uuid4().hex
        url = (f"ws://127.0.0.1:{PORT}/user/{server.name}/api/kernels/{kernel_id}/channels"
               f"?session_id={self.session}")
        self.socket = await websocket.websocket_connect(httpclient.HTTPRequest(
            url, headers=server.headers, request_timeout=300), max_message_size=1 << 30)
        # One reader, never cancelled, hands the messages on (a read that a timeout cancels
        # can lose the message that was on its way).
        self.messages = asyncio.Queue()
        self.reader = asyncio.create_task(self.read())
        await self.ready()
        return self

    async def read(self):
        while True:
            text = await self.socket.read_message()
            await self.messages.put(None if text is None else json.loads(text))
            if text is None:
                return

    async def next_message(self, timeout):
        message = await asyncio.wait_for(self.messages.get(), timeout)
        if message is None:
            self.messages.put_nowait(None)
            raise self.closed()
        return message

    def closed(self):
        """The failure a closed websocket is (JupyterLab, and `open`, open it again)."""
        return Closed(f"{self.server.name}: the kernel's websocket closed")

    def request(self, kind, content):
        msg_id = uuid.uuid4().hex
        try:
            self.socket.write_message(json.dumps({
                "header": {"msg_id": msg_id, "username": self.server.name,
                           "session": self.session, "msg_type": kind, "version": "5.3"},
                "parent_header": {}, "metadata": {}, "channel": "shell", "buffers": [],
                "content": content}))
        except websocket.WebSocketClosedError:
            # Closed between two reads: the same as a read that finds it closed.
            raise self.closed() from None
        return msg_id

    async def ready(self, timeout=300):
        """Asks for the kernel's info until it answers, as JupyterLab does before it runs a
        cell (a request sent while the kernel starts can go unanswered)."""
        deadline = time.monotonic() + timeout
        asked = set()
        while time.monotonic() < deadline:
            asked.add(self.request("kernel_info_request", {}))
            try:
                while True:
                    message = await self.next_message(2)
                    # A busy machine answers late: any of the requests will do.
                    if message.get("parent_header", {}).get("msg_id") in asked and \
                            message["msg_type"] == "kernel_info_reply":
                        return
            except TimeoutError:
                continue
        raise Failure(f"{self.server.name}: the kernel did not answer in {timeout} s; "
                      f"{stuck.report(self.server.name)}")

    def send(self, code):
        return self.request("execute_request", {
            "code": code, "silent": False, "store_history": True, "user_expressions": {},
            "allow_stdin": False, "stop_on_error": True})

    async def execute(self, code, timeout=600):
        """Runs one cell: its reply's status and its outputs."""
        msg_id = self.send(code)
        outputs, status = [], None
        deadline = time.monotonic() + timeout
        while status is None or not any(o.get("idle") for o in outputs):
            left = deadline - time.monotonic()
            if left <= 0:
                raise Failure(f"{self.server.name}: a cell ran past {timeout} s: {code[:60]!r}")
            message = await self.next_message(left)
            if message.get("parent_header", {}).get("msg_id") != msg_id:
                continue
            kind = message["msg_type"]
            if kind == "execute_reply":
                status = message["content"]["status"]
            elif kind == "status" and message["content"]["execution_state"] == "idle":
                outputs.append({"idle": True})
            elif kind in ("display_data", "execute_result", "stream", "error"):
                outputs.append(message["content"])
        return status, [o for o in outputs if not o.get("idle")]

    async def to_first_board(self, notebook, name, times):
        """Runs the notebook's code cells in order until one draws a board; the time each
        took goes into `times`."""
        for cell in notebook["cells"]:
            if cell["cell_type"] != "code":
                continue
            begin = time.monotonic()
            status, outputs = await self.execute(cell["source"] if isinstance(cell["source"], str)
                                                 else "".join(cell["source"]))
            times.append(round(time.monotonic() - begin, 2))
            if status != "ok":
                raise Failure(f"{self.server.name}: a cell of {name} failed: {outputs}")
            if any("<svg" in json.dumps(o.get("data", {})) for o in outputs):
                return time.monotonic()
        raise Failure(f"{self.server.name}: {name} drew no board")
