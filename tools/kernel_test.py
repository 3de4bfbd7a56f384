#!/usr/bin/env python3
"""The kernels' build cache (coursework/rust_kernel.py), tested with real evcxr kernels on a small
crate of its own in a temporary folder:

1. a kernel builds in a slot of the cache, with the launcher's cargo settings (no LTO, no
   incremental state), and runs the crate's function;
2. a second kernel started while the first runs builds in another slot;
3. the crate's function changed, with the file's date set an hour back (older than the build, as
   a zip unpacked with its dates leaves it): after a restart the kernel runs the new code;
4. changed again, dated now: after a restart, the new code again;
5. `--warm` builds the crate in the cache's base, and a kernel in a new slot starts with that
   build copied in;
6. a kernel answers every request while clients keep connecting to it and leaving, for
   `CHURN_SECONDS`, as a Jupyter server's short-lived connections do at every kernel start (the
   published evcxr_jupyter 0.22.0 stops answering on its shell channel within about two seconds
   of this: `EVCXR_CHANGE` in coursework/rust_kernel.py says why and what the kernel's build changes;
   its zeromq's fair queue could also spin for good on the control channel: `ZEROMQ_CHANGE`).

    python -m tools.kernel_test
"""

import json
import os
import pathlib
import shutil
import subprocess
import sys
import tempfile
import threading
import time

from coursework import rust_kernel
from tools import stuck

ROOT = pathlib.Path(__file__).resolve().parent.parent
LAUNCHER = ROOT / "coursework" / "rust_kernel.py"
CHURN_SECONDS = 20
# How long a request may wait for its answer before the kernel counts as stuck.
ANSWER_SECONDS = 10


def churn(info, seconds=CHURN_SECONDS, askers=4):
    """Keeps clients coming and going on a kernel for `seconds`: `askers` threads each connect
    to the shell or the control channel, ask for the kernel's info, wait for the answer and
    leave, over and over, while another subscribes to its broadcasts and leaves. Returns the
    number of answers and what went unanswered."""
    import zmq
    from jupyter_client.session import Session

    key = info["key"].encode() if isinstance(info["key"], str) else info["key"]
    session = Session(key=key, signature_scheme=info["signature_scheme"])
    context = zmq.Context()
    start = time.monotonic()
    end = start + seconds
    answers, unanswered = [], []

    def ask(channel):
        socket = context.socket(zmq.DEALER)
        socket.linger = 0
        socket.connect(f"{info['transport']}://{info['ip']}:{info[channel + '_port']}")
        try:
            session.send(socket, "kernel_info_request", {})
            if socket.poll(ANSWER_SECONDS * 1000):
                socket.recv_multipart()
                return True
            return False
        finally:
            socket.close()

    def asker(channel):
        while time.monotonic() < end and not unanswered:
            if ask(channel):
                answers.append(channel)
            else:
                unanswered.append(f"{channel}, after {time.monotonic() - start:.1f} s")

    def listener():
        while time.monotonic() < end and not unanswered:
            socket = context.socket(zmq.SUB)
            socket.linger = 0
            socket.setsockopt(zmq.SUBSCRIBE, b"")
            socket.connect(f"{info['transport']}://{info['ip']}:{info['iopub_port']}")
            time.sleep(0.01)
            socket.close()

    threads = [threading.Thread(target=asker, args=(("shell", "control")[i % 2],))
               for i in range(askers)] + [threading.Thread(target=listener)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    context.term()
    return len(answers), unanswered


def write_crate(crate, answer, age=0.0):
    (crate / "src").mkdir(parents=True, exist_ok=True)
    (crate / "Cargo.toml").write_text(
        '[package]\nname = "probe"\nversion = "0.1.0"\nedition = "2021"\n', encoding="utf-8")
    source = crate / "src" / "lib.rs"
    source.write_text(f"/// What the test reads.\npub fn answer() -> u32 {{\n    {answer}\n}}\n",
                      encoding="utf-8")
    if age:
        stamp = time.time() - age
        for path in (source, crate / "Cargo.toml"):
            os.utime(path, (stamp, stamp))


def run(client, code):
    """The text a cell shows, or raises with its error."""
    shown, errors = [], []

    def hook(message):
        content = message["content"]
        if message["msg_type"] == "error":
            errors.append(content.get("evalue", ""))
        elif message["msg_type"] in ("execute_result", "display_data"):
            shown.append(content["data"].get("text/plain", ""))
        elif message["msg_type"] == "stream" and content["name"] == "stdout":
            shown.append(content["text"])

    client.execute_interactive(code, output_hook=hook, timeout=600)
    if errors:
        raise RuntimeError(f"{code!r} failed: {errors[0]}")
    return "".join(shown).strip()


def main():
    # In the home folder, beside rustup's toolchains, as the real cache is (see find_std).
    home_cache = pathlib.Path(os.environ.get("XDG_CACHE_HOME") or pathlib.Path.home() / ".cache")
    home_cache.mkdir(parents=True, exist_ok=True)
    work = pathlib.Path(tempfile.mkdtemp(prefix="nqueens-kernel-test-", dir=home_cache))
    crate, cache, specs = work / "probe", work / "cache", work / "jupyter"
    write_crate(crate, 1)
    spec = specs / "kernels" / "probe"
    spec.mkdir(parents=True)
    (spec / "kernel.json").write_text(json.dumps({
        "argv": [sys.executable, str(LAUNCHER), "--crate", str(crate),
                 "--control_file", "{connection_file}"],
        "display_name": "Rust (kernel test)", "language": "rust", "interrupt_mode": "message"}),
        encoding="utf-8")
    os.environ["JUPYTER_PATH"] = str(specs)
    os.environ["NQUEENS_KERNEL_CACHE"] = str(cache)
    os.environ.pop("EVCXR_TMPDIR", None)
    for name in rust_kernel.BUILD_SETTINGS:
        # The launcher leaves a setting of the caller's alone: the test checks its own.
        os.environ.pop(name, None)
    import jupyter_client

    dep = f':dep probe = {{ path = "{crate}" }}'
    where = 'std::env::var("EVCXR_TMPDIR").unwrap()'
    problems = []

    def expect(what, got, wanted):
        verdict = "ok" if got == wanted else f"FAILED (wanted {wanted})"
        print(f"{what}: {got} {verdict}")
        if got != wanted:
            problems.append(what)

    first, client = jupyter_client.manager.start_new_kernel(kernel_name="probe",
                                                            startup_timeout=120)
    try:
        run(client, dep)
        expect("1. the crate's function", run(client, "probe::answer()"), "1")
        expect("1. the kernel's build directory", run(client, where).strip('"'),
               str(cache / "slot-0"))
        for name, value in rust_kernel.BUILD_SETTINGS.items():
            expect(f"1. the kernel's cargo has {name}",
                   run(client, f'std::env::var("{name}").unwrap_or_default()'), f'"{value}"')
        expect("1. and not incremental: no incremental state of the crate",
               any((cache / "slot-0" / "target").glob("**/incremental/probe-*")), False)

        second, other = jupyter_client.manager.start_new_kernel(kernel_name="probe",
                                                                startup_timeout=120)
        try:
            expect("2. a second kernel's build directory", run(other, where).strip('"'),
                   str(cache / "slot-1"))
        finally:
            second.shutdown_kernel(now=True)

        write_crate(crate, 2, age=3600)
        first.restart_kernel(now=True)
        client.wait_for_ready(timeout=120)
        run(client, dep)
        expect("3. changed, dated an hour back, after a restart", run(client, "probe::answer()"),
               "2")

        write_crate(crate, 3)
        first.restart_kernel(now=True)
        client.wait_for_ready(timeout=120)
        run(client, dep)
        expect("4. changed again, after a restart", run(client, "probe::answer()"), "3")
    finally:
        first.shutdown_kernel(now=True)

    notebook = work / "probe.ipynb"
    notebook.write_text(json.dumps({"cells": [{"cell_type": "code", "source": [dep],
                                               "metadata": {}, "outputs": [],
                                               "execution_count": None}],
                                    "metadata": {}, "nbformat": 4, "nbformat_minor": 5}),
                        encoding="utf-8")
    env = dict(os.environ, JUPYTER_PATH=str(specs))
    # --warm starts kernels of the spec named "rust"; here that is the probe's.
    (specs / "kernels" / "rust").mkdir()
    (specs / "kernels" / "rust" / "kernel.json").write_text(
        (spec / "kernel.json").read_text(encoding="utf-8"), encoding="utf-8")
    for slot in cache.glob("slot-*"):
        if slot.is_dir():
            shutil.rmtree(slot)
    subprocess.run([sys.executable, str(LAUNCHER), "--warm", str(notebook), "--crate", str(crate)], env=env,
                   check=True, capture_output=True)
    expect("5. --warm built the crate in the base",
           any((cache / "base" / "target").glob("*/*/.fingerprint/probe-*")), True)
    third, client = jupyter_client.manager.start_new_kernel(kernel_name="probe",
                                                            startup_timeout=120)
    try:
        expect("5. a new slot starts with the base's build",
               any((cache / "slot-0" / "target").glob("*/*/.fingerprint/probe-*")), True)
        run(client, dep)
        expect("5. and runs the crate", run(client, "probe::answer()"), "3")
    finally:
        third.shutdown_kernel(now=True)

    # A kernel with no client left on it: a client that stays but never reads the kernel's
    # broadcasts (as start_new_kernel's does not, between requests) stalls it once the
    # broadcasts fill its queue, since evcxr's zeromq waits for a slow subscriber.
    fourth = jupyter_client.KernelManager(kernel_name="probe")
    fourth.start_kernel()
    try:
        client = fourth.client()
        client.start_channels()
        client.wait_for_ready(timeout=120)
        client.stop_channels()
        answered, unanswered = churn(fourth.get_connection_info())
        print(f"6. {answered} requests answered in {CHURN_SECONDS} s of clients coming and going")
        expect("6. requests the kernel left unanswered", unanswered, [])
        if unanswered:
            print(stuck.report(kernel=pathlib.Path(fourth.connection_file).name))
    finally:
        fourth.shutdown_kernel(now=True)

    if problems:
        print(f"{len(problems)} failed; the cache is left in {work}")
        return 1
    shutil.rmtree(work, ignore_errors=True)
    print("the kernels' build cache: all checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
