#!/usr/bin/env bash
# The layering of docs/architecture.md, checked: app -> widgets -> engine, never back; no Qt
# in the engine; an engine folder's detail/ headers only inside the engine (and its tests).
set -euo pipefail
cd "$(dirname "$0")/.."
bad=0
report() {  # pattern, message, files...
  local pattern=$1 message=$2
  shift 2
  local hits
  hits=$(grep -nE "$pattern" "$@" 2>/dev/null || true)
  if [[ -n $hits ]]; then
    echo "check-includes: $message:"
    echo "$hits"
    bad=1
  fi
}
mapfile -t engine < <(git ls-files -co --exclude-standard 'engine/*.cpp' 'engine/*.h')
mapfile -t widgets < <(git ls-files -co --exclude-standard 'widgets/*.cpp' 'widgets/*.h')
mapfile -t fronts < <(git ls-files -co --exclude-standard 'app/*.cpp' 'app/*.h' 'widgets/*.cpp' \
  'widgets/*.h' 'bench/*.cpp' 'bench/*.h')
report '#include [<"](Q[A-Za-z]*|qcustomplot)' "the engine includes Qt" "${engine[@]}"
report '#include "(widgets|app)/' "the engine includes widgets/ or app/" "${engine[@]}"
report '#include "app/' "widgets/ includes app/" "${widgets[@]}"
report '#include "engine/[a-z_]+/detail/' "a front end includes an engine detail/ header" "${fronts[@]}"
if [[ $bad == 0 ]]; then echo "check-includes: the layering holds"; fi
exit $bad
