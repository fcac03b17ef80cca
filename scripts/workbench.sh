#!/usr/bin/env bash
# Installs what is missing, builds, and opens the workbench (on the default scene, or the
# scene file given as the first argument).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
bash scripts/build.sh
if [ -z "${DISPLAY:-}" ] && [ -z "${WAYLAND_DISPLAY:-}" ] && [ -z "${QT_QPA_PLATFORM:-}" ]; then
  echo "note: no DISPLAY or WAYLAND_DISPLAY is set, so the window has nowhere to open." >&2
  echo "      Run this from a desktop session, or try: xvfb-run -a $0" >&2
fi
exec ./build/app/workbench/contactlab "$@"
