#!/usr/bin/env bash
# cookcast setup: install the C libraries, build a release binary, install it with its model
# data, and run a simulated turkey cook live (ends by itself in a few seconds).
#
#   ./setup.sh                 # PREFIX defaults to /usr/local as root, else ~/.local
#   PREFIX=/opt/cookcast ./setup.sh
set -euo pipefail
cd "$(dirname "$0")"

SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends \
    libsqlite3-dev liblapacke-dev libdbus-1-dev pkg-config \
    dbus-daemon dbus-bin python3-dbus python3-gi >/dev/null

swift build -c release --product cookcast

if [ -z "${PREFIX:-}" ]; then
    if [ "$(id -u)" -eq 0 ]; then PREFIX=/usr/local; else PREFIX="$HOME/.local"; fi
fi
mkdir -p "$PREFIX/bin" "$PREFIX/share/cookcast"
install -m 0755 "$(swift build -c release --show-bin-path)/cookcast" "$PREFIX/bin/cookcast"
rm -rf "$PREFIX/share/cookcast/Models"
cp -R Models "$PREFIX/share/cookcast/Models"
echo "installed $PREFIX/bin/cookcast (model data in $PREFIX/share/cookcast/Models)"
case ":$PATH:" in
    *":$PREFIX/bin:"*) ;;
    *) echo "note: add $PREFIX/bin to your PATH, e.g. export PATH=\"$PREFIX/bin:\$PATH\"" ;;
esac

echo "running a simulated turkey cook (4 h of cook time at 2000x):"
"$PREFIX/bin/cookcast" live --simulate turkey --seed 1 --speed 2000 --plain
echo "next: watch a real cook play (a 15 h brisket with a stall, shipped in Models/samples):"
echo "  cookcast live --sample brisket --speed 3000"
