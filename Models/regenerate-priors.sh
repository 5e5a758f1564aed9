#!/usr/bin/env bash
# Regenerates Models/priors.json: imports every real cook of a manifest directory (default: the
# vendored copy of the shared cook logs, Tests/Data/cooks) with its cut and target into a
# throw-away database, then learns per-cut priors with `cookcast fit --export-priors`.
#
#   Models/regenerate-priors.sh [COOKS_DIR [OUTPUT]]
set -euo pipefail
cd "$(dirname "$0")/.."
dir=${1:-Tests/Data/cooks}
out=${2:-Models/priors.json}
swift build -c release --product cookcast >/dev/null
bin="$(swift build -c release --show-bin-path)/cookcast"
db=$(mktemp -d)/priors.db
python3 - "$dir/manifest.json" <<'PY' | while IFS=$'\t' read -r file cut target id; do
import json, sys
for c in json.load(open(sys.argv[1]))["cooks"]:
    print("\t".join([c["file"], c["preset"], str(c["target_c"]), c["id"]]))
PY
    "$bin" import "$dir/$file" --cut "$cut" --target "$target" --name "$id" --db "$db" >/dev/null
done
"$bin" fit --db "$db" --export-priors "$out"
rm -rf "$(dirname "$db")"
