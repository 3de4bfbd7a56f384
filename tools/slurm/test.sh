#!/usr/bin/env bash
# make slurm-test: the cluster scripts run for real on a Slurm of one node (single_node.sh).
# 16 queens in 8 parts through sbatch (a job array and a dependent merge) must give the count
# of `nqueens count 16`; with two result files taken away, submitting again must run only
# those two parts; then 18 queens in 1, 2, 4 and 8 parts, the time of each part from its result
# file, printed as a table (the scaling figures of docs/cli.md). Where a cluster cannot be started
# here (not root, no apt), says why and passes.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
work=$root/target/slurm-test
nqueens=$root/target/release/nqueens
cluster=$work/cluster
rm -rf "$work/runs"
mkdir -p "$work/runs"

if ! reason=$("$root/tools/slurm/single_node.sh" start "$cluster" 2>&1 >/dev/null); then
  echo "slurm-test: skipped, no Slurm here: ${reason#single_node.sh: }"
  exit 0
fi
trap '"$root/tools/slurm/single_node.sh" stop "$cluster"' EXIT
export SLURM_CONF=$cluster/slurm.conf
export NQUEENS=$nqueens

fail() { echo "slurm-test: FAILED: $*" >&2; exit 1; }

# Submits N in K parts into DIR and waits for the merge; prints what submit.sh printed.
run() {
  local submitted merge
  submitted=$("$root/tools/slurm/submit.sh" "$1" "$2" "$3")
  merge=$(echo "$submitted" | awk '/^merge/ {print $2}')
  for _ in $(seq 1200); do
    [ -z "$(squeue -h -j "$merge" 2>/dev/null)" ] && break
    sleep 0.5
  done
  [ -z "$(squeue -h -j "$merge" 2>/dev/null)" ] || fail "the merge job $merge did not finish in 10 minutes"
  echo "$submitted"
}

expected=$("$nqueens" count 16)
dir=$work/runs/16-in-8
submitted=$(run 16 8 "$dir")
# (A match in the shell's own terms: `echo | grep -q` under pipefail fails when grep quits at its
# first match before echo has written all, echo dying of SIGPIPE.)
[[ $submitted == *"(array 0,1,2,3,4,5,6,7)"* ]] || fail "expected the 8 parts submitted: $submitted"
[ -f "$dir/nqueens-count-16.txt" ] || fail "no merged count (see $dir/slurm-*.out)"
merged=$(cat "$dir/nqueens-count-16.txt")
[ "$merged" = "$expected" ] || fail "16 queens in 8 parts through Slurm: $merged, nqueens count 16: $expected"
echo "slurm-test: 16 queens in 8 parts through sbatch: $merged (nqueens count 16: $expected)"

result() { "$nqueens" count "$1" --parts "$2" --part "$3" --dir "$4" --files | sed -n 's/^result //p'; }
rm "$(result 16 8 2 "$dir")" "$(result 16 8 5 "$dir")" "$dir/nqueens-count-16.txt"
submitted=$(run 16 8 "$dir")
[[ $submitted == *"(array 2,5)"* ]] || fail "submitted again, expected parts 2 and 5 only: $submitted"
[ "$(cat "$dir/nqueens-count-16.txt")" = "$expected" ] || fail "the merge after resubmitting differs"
echo "slurm-test: submitted again without parts 2 and 5: only they ran, and the merge agrees"

expected=$("$nqueens" count 18)
printf '%-6s %-10s %-14s %-14s %s\n' parts cpus "mean part s" "slowest s" "slowest/mean" | tee "$work/scaling.txt"
for k in 1 2 4 8; do
  dir=$work/runs/18-in-$k
  run 18 "$k" "$dir" >/dev/null
  [ "$(cat "$dir/nqueens-count-18.txt")" = "$expected" ] || fail "18 queens in $k parts differs from nqueens count 18"
  awk -v k="$k" -v cpus="$(nproc)" '/^seconds / {s += $2; if ($2 > m) m = $2; c++}
    END {printf "%-6d %-10d %-14.2f %-14.2f %.2f\n", k, cpus, s / c, m, m / (s / c)}' \
    $(for ((i = 0; i < k; i++)); do result 18 "$k" "$i" "$dir"; done) | tee -a "$work/scaling.txt"
done
echo "slurm-test: 18 queens in 1, 2, 4 and 8 parts, each merge $expected; table in target/slurm-test/scaling.txt"
