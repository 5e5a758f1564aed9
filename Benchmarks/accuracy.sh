#!/usr/bin/env bash
# Accuracy as issue 3 scores it, from a clean checkout (a development tool; CI does not run it):
#   1. `eval_eta.py` (the shared scorer) over simulated suites and the real cooks, with
#      `cookcast predict ... --format seconds` as the external estimator;
#   2. `cookcast fit --backtest`: leave-one-out over the real cooks, with the vendors' own live
#      predictions beside cookcast's (the Combustion and Probe-ability exports are imported raw,
#      before the canonical copies, so their prediction series are kept).
#
#   Benchmarks/accuracy.sh [SEED...]        # simulated suites (default: 7), 60 cooks each
#
# EVAL_DIR: the scorer and simulator (default ../shared/tools/eval; needs numpy and scipy).
# COOKS_DIR: the real cooks, canonical and raw (default Tests/Data, the vendored copy).
# Suites are generated once into .build/accuracy/ (about 20 s each) and reused.
set -euo pipefail
cd "$(dirname "$0")/.."
eval_dir=${EVAL_DIR:-../shared/tools/eval}
cooks_dir=${COOKS_DIR:-Tests/Data}
seeds=("$@")
[ ${#seeds[@]} -gt 0 ] || seeds=(7)
[ -f "$eval_dir/eval_eta.py" ] || { echo "accuracy.sh: no eval_eta.py in $eval_dir (set EVAL_DIR)" >&2; exit 2; }

swift build -c release --product cookcast >/dev/null
bin="$(swift build -c release --show-bin-path)/cookcast"
work=.build/accuracy
mkdir -p "$work"
cmd="$bin predict {csv} --target {target} --at {t_now} --cut {cut} --format seconds"

# The scorer's summary: the medians at each checkpoint and overall, and the p90 over all.
summary() {
    grep -E '^(== estimator|@|OVERALL)' "$1" | sed 's/^/  /'
}

for seed in "${seeds[@]}"; do
    suite="$work/suite$seed"
    if [ ! -f "$suite/manifest.json" ]; then
        python3 "$eval_dir/simcook.py" --suite 60 --seed "$seed" --out "$suite" --jobs 2 >/dev/null
    fi
    echo "simulated suite, seed $seed:"
    python3 "$eval_dir/eval_eta.py" "$suite" --cmd "$cmd" --name cookcast --jobs 2 \
        --json "$work/seed$seed.json" >"$work/seed$seed.txt"
    summary "$work/seed$seed.txt"
done

echo "real cooks ($cooks_dir/cooks), shipped priors:"
python3 "$eval_dir/eval_eta.py" "$cooks_dir/cooks" --cmd "$cmd" --name cookcast --jobs 2 \
    --json "$work/real.json" >"$work/real.txt"
summary "$work/real.txt"

db="$work/backtest.db"
rm -f "$db" "$db-wal" "$db-shm"
# Vendor exports first (their raw files, named by the manifest's `source`), then every cook.
python3 - "$cooks_dir/cooks/manifest.json" <<'PY' | while IFS=$'\t' read -r file cut target id; do
import json, os, sys
cooks = json.load(open(sys.argv[1]))["cooks"]
for c in cooks:
    if "export also holds" in c.get("notes", ""):
        repo, path = c["source"].split(" ", 1)
        raw = os.path.join("raw", repo.split("@")[0].replace("/", "+"), os.path.basename(path))
        print("\t".join([raw, c["preset"], str(c["target_c"]), c["id"] + "_vendor_export"]))
for c in cooks:
    print("\t".join(["cooks/" + c["file"], c["preset"], str(c["target_c"]), c["id"]]))
PY
    "$bin" import "$cooks_dir/$file" --cut "$cut" --target "$target" --name "$id" --db "$db" >/dev/null 2>&1
done
echo "leave-one-out backtest, with the vendors' live predictions:"
"$bin" fit --db "$db" --backtest 2>/dev/null | sed -n '/^backtest/,$p' | sed 's/^/  /'
