#!/usr/bin/env bash
# A Slurm cluster of one node, this machine, for trying the cluster scripts for real:
#   tools/slurm/single_node.sh start DIR   installs Debian's slurm-wlm and munge when missing
#                                          (needs root and apt), writes DIR/slurm.conf and
#                                          starts munged, slurmctld and slurmd
#   tools/slurm/single_node.sh stop DIR    stops the daemons started from DIR
# Every Slurm command then needs SLURM_CONF=DIR/slurm.conf in its environment.
# Exits 3, with the reason on stderr, where a cluster cannot be started here.
set -euo pipefail

action=${1:?usage: single_node.sh start|stop DIR}
dir=$(mkdir -p "${2:?usage: single_node.sh start|stop DIR}" && cd "$2" && pwd)
export SLURM_CONF=$dir/slurm.conf

cannot() { echo "single_node.sh: $*" >&2; exit 3; }

if [ "$action" = stop ]; then
  for daemon in slurmd slurmctld; do
    [ -f "$dir/$daemon.pid" ] && kill "$(cat "$dir/$daemon.pid")" 2>/dev/null || true
  done
  [ -f "$dir/munged.pid" ] && kill "$(cat "$dir/munged.pid")" 2>/dev/null || true
  exit 0
fi

[ "$action" = start ] || cannot "unknown action $action (start or stop)"
if ! command -v slurmctld >/dev/null || ! command -v munged >/dev/null; then
  [ "$(id -u)" = 0 ] || cannot "Slurm is not installed, and installing it needs root"
  command -v apt-get >/dev/null || cannot "Slurm is not installed, and there is no apt-get"
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq slurm-wlm munge \
    >/dev/null || cannot "apt-get could not install slurm-wlm and munge"
fi
[ "$(id -u)" = 0 ] || cannot "slurmd must run as root to start jobs as their users"

# munge: the key every Slurm daemon and command signs with, and its daemon.
mkdir -p /etc/munge /var/lib/munge /var/log/munge /run/munge
[ -s /etc/munge/munge.key ] || dd if=/dev/urandom of=/etc/munge/munge.key bs=1024 count=1 2>/dev/null
chown -R munge: /etc/munge /var/lib/munge /var/log/munge /run/munge 2>/dev/null || true
chmod 400 /etc/munge/munge.key
if ! munge -n </dev/null >/dev/null 2>&1; then
  if id munge >/dev/null 2>&1; then
    su -s /bin/sh munge -c "munged --pid-file=$dir/munged.pid.tmp" 2>/dev/null \
      || munged --force --pid-file="$dir/munged.pid.tmp"
  else
    munged --force --pid-file="$dir/munged.pid.tmp"
  fi
  for _ in $(seq 50); do munge -n </dev/null >/dev/null 2>&1 && break; sleep 0.1; done
  [ -f "$dir/munged.pid.tmp" ] && mv "$dir/munged.pid.tmp" "$dir/munged.pid"
fi
munge -n </dev/null >/dev/null 2>&1 || cannot "munged did not start"

cpus=$(nproc)
memory=$(( $(awk '/MemTotal/ {print $2}' /proc/meminfo) / 1024 / 2 ))
host=$(hostname -s)
mkdir -p "$dir/state" "$dir/spool" "$dir/log"
cat > "$SLURM_CONF" <<CONF
ClusterName=nqueens-test
SlurmctldHost=$host(127.0.0.1)
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
MpiDefault=none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/log/slurmctld.log
SlurmdLogFile=$dir/log/slurmd.log
JobCompType=jobcomp/none
AccountingStorageType=accounting_storage/none
JobAcctGatherType=jobacct_gather/none
MinJobAge=600
NodeName=$host NodeAddr=127.0.0.1 CPUs=$cpus RealMemory=$memory State=UNKNOWN
PartitionName=test Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF

[ -f "$dir/slurmctld.pid" ] && kill -0 "$(cat "$dir/slurmctld.pid")" 2>/dev/null \
  || slurmctld -i || cannot "slurmctld did not start (see $dir/log/slurmctld.log)"
[ -f "$dir/slurmd.pid" ] && kill -0 "$(cat "$dir/slurmd.pid")" 2>/dev/null \
  || slurmd || cannot "slurmd did not start (see $dir/log/slurmd.log)"
for _ in $(seq 100); do
  state=$(sinfo -h -o %t 2>/dev/null || true)
  case $state in idle*|mix*|alloc*) exit 0 ;; esac
  sleep 0.2
done
cannot "the node did not come up (sinfo says '${state:-nothing}'; see $dir/log)"
