#!/usr/bin/env bash
# Counts n queens on a Slurm cluster in K parts: a job array with one part a task, and a merge
# job that runs when every task has succeeded.
#   tools/slurm/submit.sh N K [DIR]      (make slurm-count N=… K=… [DIR=…])
# DIR (default slurm-count-N-K) gets the parts' result files, the Slurm logs and, at the end,
# nqueens-count-N.txt. Submitting again submits only the parts without a result file (a part
# stopped midway goes on from its checkpoint), and the merge again.
# Prints the ids: "parts JOB (array I,J,…)" or "parts none", then "merge JOB".
# NQUEENS names the program (default: target/release/nqueens, which `make build` makes);
# SBATCH_OPTIONS adds options to both sbatch calls (a partition, an account, a time limit).
set -euo pipefail
n=${1:?usage: submit.sh N K [DIR]}
parts=${2:?usage: submit.sh N K [DIR]}
here=$(cd "$(dirname "$0")" && pwd)
dir=${3:-slurm-count-$n-$parts}
mkdir -p "$dir"
dir=$(cd "$dir" && pwd)
nqueens=${NQUEENS:-$here/../../target/release/nqueens}
[ -x "$nqueens" ] || { echo "submit.sh: no program $nqueens (run make build)" >&2; exit 2; }
nqueens=$(cd "$(dirname "$nqueens")" && pwd)/$(basename "$nqueens")
# Refuse a bad N or K here, before anything is queued.
"$nqueens" count "$n" --parts "$parts" --part 0 --time-limit 1e-9 --dir "$dir/.check" \
  >/dev/null 2>"$dir/.check.err" || {
  if ! grep -q "time limit" "$dir/.check.err"; then
    sed 's/^/submit.sh: /' "$dir/.check.err" >&2
    rm -rf "$dir/.check" "$dir/.check.err"
    exit 2
  fi
}
rm -rf "$dir/.check" "$dir/.check.err"

missing=()
for ((i = 0; i < parts; i++)); do
  result=$("$nqueens" count "$n" --parts "$parts" --part "$i" --dir "$dir" --files |
    sed -n 's/^result //p')
  [ -f "$result" ] || missing+=("$i")
done
read -r -a extra <<< "${SBATCH_OPTIONS:-}"
dependency=()
if [ ${#missing[@]} -gt 0 ]; then
  list=$(IFS=,; echo "${missing[*]}")
  array=$(sbatch --parsable "${extra[@]}" --array="$list" --job-name="nqueens-$n-part" \
    --output="$dir/slurm-%A_%a.out" "$here/count-part.sbatch" "$nqueens" "$n" "$parts" "$dir")
  array=${array%%;*}
  echo "parts $array (array $list)"
  dependency=(--dependency="afterok:$array")
else
  echo "parts none"
fi
merge=$(sbatch --parsable "${extra[@]}" "${dependency[@]}" --job-name="nqueens-$n-merge" \
  --output="$dir/slurm-merge-%j.out" "$here/count-merge.sbatch" "$nqueens" "$n" "$parts" "$dir")
echo "merge ${merge%%;*}"
