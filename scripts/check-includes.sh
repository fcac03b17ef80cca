#!/usr/bin/env bash
# The layering of docs/architecture.md, checked: app -> widgets -> engine, never back; no Qt
# in the engine; an engine folder's detail/ headers only inside the engine (and its tests);
# the engine's folders in the rank of architecture.md's folder table (a folder includes only
# folders above it in the table), each row's "includes" column exactly the folders it includes.
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
  'widgets/*.h' 'bench/*.cpp' 'bench/*.h' 'python/*.cpp' 'python/*.h')
report '#include [<"](Q[A-Za-z]*|qcustomplot)' "the engine includes Qt" "${engine[@]}"
report '#include "(widgets|app|python)/' "the engine includes widgets/, app/ or python/" "${engine[@]}"
report '#include "app/' "widgets/ includes app/" "${widgets[@]}"
report '#include "engine/[a-z_]+/detail/' "a front end includes an engine detail/ header" "${fronts[@]}"

# The folder table: rows "| folder | holds | includes |" after "### engine/", in rank order.
table=$(awk '/^### engine\//{on=1; next} on && /^### /{exit} on && /^\| [a-z_]+ \|/' \
  docs/architecture.md)
# Every include of another engine folder: "from to file:line".
edges=$(grep -nE '^#include "engine/[a-z_]+/' "${engine[@]}" |
  sed -E 's|^engine/([a-z_]+)/([^:]*):([0-9]+):#include "engine/([a-z_]+)/.*|\1 \4 engine/\1/\2:\3|' |
  awk '$1 != $2')
folders=$(printf '%s\n' "${engine[@]}" | awk -F/ 'NF > 2 {print $2}' | sort -u)
if ! ranks=$(awk -v folders="$folders" -v edges="$edges" '
  BEGIN { FS = "|" }
  function trim(s) { gsub(/^[ \t]+|[ \t]+$/, "", s); gsub(/\*/, "", s); return s }
  {
    f = trim($2); if (f == "folder") next; rank[f] = NR; n = split(trim($4), inc, /, */)
    for (i = 1; i <= n; i++) if (inc[i] != "" && inc[i] != "—") listed[f " " inc[i]] = 1
  }
  END {
    bad = 0
    split(folders, fs, "\n")
    for (i in fs) {
      present[fs[i]] = 1
      if (!(fs[i] in rank)) { print "engine/" fs[i] "/ has no row in the folder table"; bad = 1 }
    }
    for (f in rank) if (!(f in present)) { print "the table lists " f ", which is not an engine folder"; bad = 1 }
    n = split(edges, es, "\n")
    for (i = 1; i <= n; i++) {
      split(es[i], e, " "); pair = e[1] " " e[2]; used[pair] = 1
      if ((e[1] in rank) && (e[2] in rank) && rank[e[2]] >= rank[e[1]]) {
        print e[3] ": " e[1] " includes " e[2] ", which does not rank below it"; bad = 1
      } else if ((e[1] in rank) && !(pair in listed) && !(pair in said)) {
        print e[3] ": " e[1] " includes " e[2] ", not in its row of the table"; bad = 1; said[pair] = 1
      }
    }
    for (pair in listed) if (!(pair in used)) {
      split(pair, p, " "); print "the table says " p[1] " includes " p[2] ", which it does not"; bad = 1
    }
    exit bad
  }' <<<"$table"); then
  echo "check-includes: the engine's folders against docs/architecture.md's folder table:"
  echo "$ranks"
  bad=1
fi
if [[ $bad == 0 ]]; then echo "check-includes: the layering holds"; fi
exit $bad
