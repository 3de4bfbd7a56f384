"""JupyterHub's configuration for the nqueens course: `python -m tools.hub start` runs
`jupyterhub -f` on this file, as root.

* Students and the lecturer are Unix users of this machine and log in with their system
  passwords (PAM): a university's accounts reach the machine the same way (LDAP or Kerberos
  through sssd), so the hub keeps no password of its own. The hub lets in the members of the
  students' group and the lecturer, who is its admin.
* Each server runs as its user (JupyterHub's LocalProcessSpawner), from the hub's Python, in a
  cgroup of the user's own (memory, processes, an equal share of the CPU), with the Rust kernel
  starting from the shared warm build (layout.py).
* An idle server is stopped after an hour (jupyterhub-idle-culler, a service of the hub).
* `NQUEENS_HUB_SPAWNER=slurm` starts each server as a Slurm job instead (batchspawner).

Settings from the environment (tools/hub.py sets them): NQUEENS_HUB_ROOT, NQUEENS_HUB_BIND (the
address students open, default http://0.0.0.0:8000), NQUEENS_HUB_API_PORT (the hub's own API
and the proxy's, default 8081 and 8082, on localhost), NQUEENS_HUB_IDLE_SECONDS (3600),
NQUEENS_HUB_SSL_CERT and NQUEENS_HUB_SSL_KEY (serve HTTPS: a class's passwords must not cross a
network in clear), NQUEENS_HUB_TEST_TOKEN (a service for the hub's test).
"""

import os
import sys

from jupyterhub.spawner import LocalProcessSpawner
from tornado.web import StaticFileHandler

from coursework.hub import layout

c = get_config()  # noqa: F821 (JupyterHub provides it)


async def prepare(spawner):
    """Before a server starts: its home made ready (layout.prepare_home)."""
    layout.prepare_home(spawner.user.name)


class CourseSpawner(LocalProcessSpawner):
    """A local server in a cgroup of its user's own."""

    async def start(self):
        self.confinement = layout.Confinement(self.user.name)
        if not self.confinement.create():
            self.log.warning("%s: its server runs with the kernel's limits only",
                             self.confinement.reason)
        return await super().start()

    def make_preexec_fn(self, name):
        become = super().make_preexec_fn(name)
        confinement = self.confinement

        def preexec():
            confinement.join()
            become()

        return preexec


port = int(os.environ.get("NQUEENS_HUB_API_PORT", "8081"))
c.JupyterHub.bind_url = os.environ.get("NQUEENS_HUB_BIND", "http://0.0.0.0:8000")
c.JupyterHub.hub_bind_url = f"http://127.0.0.1:{port}"
c.ConfigurableHTTPProxy.api_url = f"http://127.0.0.1:{port + 1}"
c.ConfigurableHTTPProxy.command = [str(layout.PROXY / "node_modules" / ".bin"
                                       / "configurable-http-proxy")]
c.ConfigurableHTTPProxy.pid_file = str(layout.STATE / "proxy.pid")
c.JupyterHub.db_url = f"sqlite:///{layout.STATE / 'jupyterhub.sqlite'}"
c.JupyterHub.cookie_secret_file = str(layout.STATE / "cookie_secret")
if os.environ.get("NQUEENS_HUB_SSL_CERT"):
    c.JupyterHub.ssl_cert = os.environ["NQUEENS_HUB_SSL_CERT"]
    c.JupyterHub.ssl_key = os.environ["NQUEENS_HUB_SSL_KEY"]

# MathJax for the formgrader's and the feedback's pages (tools/hub.py, `pages`), to everyone.
c.JupyterHub.extra_handlers = [(r"/mathjax/(.*)", StaticFileHandler, {"path": str(layout.MATHJAX)})]

c.JupyterHub.authenticator_class = "pam"
c.PAMAuthenticator.admin_users = {layout.LECTURER}
c.PAMAuthenticator.allowed_groups = {layout.STUDENTS}
c.PAMAuthenticator.allowed_users = {layout.LECTURER}
# A student's session is the hub's alone (no PAM session of the system's per login).
c.PAMAuthenticator.open_sessions = False

c.Spawner.cmd = [str(layout.VENV / "bin" / "jupyterhub-singleuser")]
c.Spawner.pre_spawn_hook = prepare
c.Spawner.notebook_dir = "~"
c.Spawner.default_url = "/lab/tree/lectures"
# Twenty servers starting at once on two cores take a while each.
c.Spawner.start_timeout = 180
c.Spawner.http_timeout = 180


def environment(spawner):
    """The server's environment: layout.server_environment for its user."""
    return layout.server_environment(spawner.user.name)


idle = int(os.environ.get("NQUEENS_HUB_IDLE_SECONDS", "3600"))
c.Spawner.environment = {name: (lambda spawner, name=name: environment(spawner)[name])
                         for name in layout.server_environment(layout.LECTURER)}
# A server tells the hub of its last activity every 5 minutes unless told otherwise: with an
# idle timeout not many times that, a student at work could be culled between two reports.
c.Spawner.environment["JUPYTERHUB_ACTIVITY_INTERVAL"] = str(max(10, min(300, idle // 4)))
if os.environ.get("NQUEENS_HUB_SPAWNER") == "slurm":
    from coursework.hub import slurm_spawner

    slurm_spawner.configure(c, layout)
    if os.environ.get("NQUEENS_HUB_CONNECT_IP"):
        # The servers on the nodes reach the hub's API over the network.
        c.JupyterHub.hub_bind_url = f"http://0.0.0.0:{port}"
else:
    c.JupyterHub.spawner_class = CourseSpawner

c.JupyterHub.services = [{
    "name": "idle-culler",
    "command": [sys.executable, "-m", "jupyterhub_idle_culler", f"--timeout={idle}"],
}]
c.JupyterHub.load_roles = [{
    "name": "idle-culler",
    "scopes": ["list:users", "read:users:activity", "read:servers", "delete:servers"],
    "services": ["idle-culler"],
}]
if os.environ.get("NQUEENS_HUB_TEST_TOKEN"):
    c.JupyterHub.services.append({"name": "hub-test",
                                  "api_token": os.environ["NQUEENS_HUB_TEST_TOKEN"]})
    c.JupyterHub.load_roles.append({
        "name": "hub-test",
        "scopes": ["admin:users", "admin:servers", "tokens", "list:users", "read:users"],
        "services": ["hub-test"],
    })
