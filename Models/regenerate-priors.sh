#!/usr/bin/env bash
# Regenerates Models/priors.json: imports every real cook of a manifest directory (default: the
# vendored copy of the shared cook logs, Tests/Data/cooks) with its cut and target into a
# throw-away database, then learns per-cut priors with `cookcast fit --export-priors`, from those
# cooks alone: cookcast runs on a copy of Models/ without priors.json, whose `cooks` a user's
# `fit` learns from beside their own (a cook dropped from the manifest stayed in the priors, and
# one whose readings an importer now reads otherwise counted twice).
#
#   Models/regenerate-priors.sh [COOKS_DIR [OUTPUT]]
#
# COOKCAST_BIN=path/to/cookcast uses that binary instead of building the release one.
set -euo pipefail
# COOKS_DIR and OUTPUT are relative to where the script is run from, not to the checkout.
dir=${1:+$(realpath -m -- "$1")}
out=${2:+$(realpath -m -- "$2")}
cd "$(dirname "$0")/.."
dir=${dir:-Tests/Data/cooks}
out=${out:-Models/priors.json}
bin=${COOKCAST_BIN:-}
if [[ -z "$bin" ]]; then
    swift build -c release --product cookcast >/dev/null
    bin="$(swift build -c release --show-bin-path)/cookcast"
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp -R Models "$work/Models"
rm -f "$work/Models/priors.json"
export COOKCAST_MODELS="$work/Models"
db=$work/priors.db
python3 - "$dir/manifest.json" <<'PY' | while IFS=$'\t' read -r file cut target id; do
import json, sys
for c in json.load(open(sys.argv[1]))["cooks"]:
    print("\t".join([c["file"], c["preset"], str(c["target_c"]), c["id"]]))
PY
    "$bin" import "$dir/$file" --cut "$cut" --target "$target" --name "$id" --db "$db" >/dev/null
done
"$bin" fit --db "$db" --export-priors "$out"
