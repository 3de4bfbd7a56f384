"""Students' servers as Slurm jobs (batchspawner's SlurmSpawner), for a class past one machine:
jupyterhub_config.py calls `configure` when NQUEENS_HUB_SPAWNER=slurm.

The hub submits each server with `sbatch` as the student (runuser, from the hub's root), the job
runs `batchspawner-singleuser jupyterhub-singleuser` on a compute node, and the server tells the
hub where it listens. Every node must see the same paths: the students' homes, the hub's root
(its Python, the crates, the warm build) and the sandbox's toolchain, on shared storage; and the
hub must listen where the nodes reach it (NQUEENS_HUB_CONNECT_IP). Slurm, not the hub, confines
the job: `--mem` is asked for, and holds where Slurm's task/cgroup plugin is on.

Settings from the environment: SLURM_CONF (passed on to sbatch), NQUEENS_HUB_SLURM_PARTITION,
NQUEENS_HUB_SLURM_TIME (default 8:00:00), NQUEENS_HUB_CONNECT_IP.
"""

import os


def configure(c, layout):
    """The hub's spawner made Slurm's."""
    c.JupyterHub.spawner_class = "batchspawner.SlurmSpawner"
    # The hub runs as root, and Debian's runuser comes with the system (sudo may not).
    c.BatchSpawnerBase.exec_prefix = "/usr/sbin/runuser -u {username} --"
    c.SlurmSpawner.req_memory = f"{layout.MEMORY_GIB}G"
    c.SlurmSpawner.req_runtime = os.environ.get("NQUEENS_HUB_SLURM_TIME", "8:00:00")
    c.SlurmSpawner.req_partition = os.environ.get("NQUEENS_HUB_SLURM_PARTITION", "")
    c.BatchSpawnerBase.batchspawner_singleuser_cmd = str(layout.VENV / "bin"
                                                         / "batchspawner-singleuser")
    if os.environ.get("SLURM_CONF"):
        c.Spawner.environment["SLURM_CONF"] = os.environ["SLURM_CONF"]
    if os.environ.get("NQUEENS_HUB_CONNECT_IP"):
        c.JupyterHub.hub_connect_ip = os.environ["NQUEENS_HUB_CONNECT_IP"]
    # A job waits in the queue before it starts.
    c.Spawner.start_timeout = 600
