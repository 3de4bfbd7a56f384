"""The grading kernel's one door: Unix sockets in a folder the grader can open, relayed to the
kernel's TCP ports on the loopback of a network namespace of its own.

A graded kernel has no network (sandbox.py starts it with bubblewrap's `--unshare-net`): no
route to another kernel, to any process of the machine, or outside. evcxr speaks to its client
only over TCP, so inside that namespace it listens on its own loopback, and this relay, started
first in the same sandbox, listens on one Unix socket per port (`PREFIX-PORT`, the names of
Jupyter's `ipc` transport) and carries each connection to `127.0.0.1:PORT`. The grader connects
to the Unix sockets from outside; nothing else can: the folder is the kernel's, which no other
user may enter.

    kernel_relay.py PREFIX PORT... -- KERNEL COMMAND...

It runs the kernel's command as its child and ends when the kernel ends, with its status.
Standard library only: it runs under the system's Python inside the sandbox.
"""

import asyncio
import os
import signal
import sys

# How long a connection waits for the kernel to listen on its port (it starts after the relay).
CONNECT_SECONDS = 120
CHUNK = 1 << 16


async def pump(reader, writer):
    """Copies one direction of a connection until it closes."""
    try:
        while data := await reader.read(CHUNK):
            writer.write(data)
            await writer.drain()
    except (ConnectionError, asyncio.CancelledError):
        pass
    finally:
        writer.close()


async def connect(port):
    """A connection to the kernel's port, waiting for the kernel to listen on it."""
    loop = asyncio.get_running_loop()
    give_up = loop.time() + CONNECT_SECONDS
    while True:
        try:
            return await asyncio.open_connection("127.0.0.1", port)
        except OSError:
            if loop.time() > give_up:
                raise
            await asyncio.sleep(0.05)


def relay_to(port):
    async def handle(reader, writer):
        try:
            kernel_reader, kernel_writer = await connect(port)
        except OSError:
            writer.close()
            return
        await asyncio.gather(pump(reader, kernel_writer), pump(kernel_reader, writer))
    return handle


async def main(prefix, ports, command):
    for port in ports:
        path = f"{prefix}-{port}"
        if os.path.exists(path):
            os.unlink(path)
        await asyncio.start_unix_server(relay_to(port), path=path)
    kernel = await asyncio.create_subprocess_exec(*command)
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
        loop.add_signal_handler(sig, kernel.send_signal, sig)
    return await kernel.wait()


if __name__ == "__main__":
    args = sys.argv[1:]
    if "--" not in args or args.index("--") < 2:
        sys.exit(__doc__)
    split = args.index("--")
    status = asyncio.run(main(args[0], [int(p) for p in args[1:split]], args[split + 1:]))
    sys.exit(status if status >= 0 else 128 - status)
