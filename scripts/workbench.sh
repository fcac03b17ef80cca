#!/usr/bin/env bash
# Installs what is missing, builds, and opens the workbench (on the default scene, or the
# scene file given as the first argument; further arguments go to the workbench).
# Where no display exists: with --screenshot the window renders offscreen to the PNG;
# otherwise it opens on a virtual X display under xvfb-run (installed here if missing).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
bash scripts/build.sh
app=./build/app/workbench/contactlab
if [ -n "${DISPLAY:-}" ] || [ -n "${WAYLAND_DISPLAY:-}" ] || [ -n "${QT_QPA_PLATFORM:-}" ]; then
  exec "$app" "$@"
fi
for arg in "$@"; do
  if [ "$arg" = "--screenshot" ]; then
    QT_QPA_PLATFORM=offscreen exec "$app" "$@"
  fi
done
if ! command -v xvfb-run >/dev/null; then
  echo "No DISPLAY or WAYLAND_DISPLAY is set: installing xvfb to open the window on a virtual display."
  sudo_cmd=()
  [ "$(id -u)" -eq 0 ] || sudo_cmd=(sudo)
  DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -q --no-install-recommends \
    xvfb xauth
fi
echo "note: no DISPLAY or WAYLAND_DISPLAY is set, so the workbench opens on a virtual X display" >&2
echo "      (xvfb-run -a) that nothing shows. Run this from a desktop session to see it, or pass" >&2
echo "      --screenshot out.png to render the window to a picture." >&2
exec xvfb-run -a "$app" "$@"
