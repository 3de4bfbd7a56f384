"""The course hub: JupyterHub's configuration (`jupyterhub_config.py`, which JupyterHub loads by
its path), where the hub keeps what it serves and how a student's server is confined (`layout`),
and the spawner that starts servers through Slurm (`slurm_spawner`)."""
