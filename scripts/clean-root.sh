#!/usr/bin/env bash
# clean-root.sh [COMMAND...]
# Runs COMMAND (by default `bash scripts/test.sh`, the README's test command) on a clean clone
# of this checkout's committed HEAD, inside a new minimal Debian 12 root: what passes there is
# what a new machine gets, whatever this one has installed. Before the command the root holds
# Debian's minbase, git and ca-certificates, nothing else. Needs root (debootstrap, mount,
# chroot). CI runs its test stage this way (.ci/run).
#
# The minimal root is bootstrapped once and kept as a tarball under $CLEAN_ROOT_CACHE
# (default /var/cache/contactlab-clean-root); each run unpacks a new copy and deletes it after.
# Exit status: the command's; 2 when the root cannot be made.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
(($# > 0)) || set -- bash scripts/test.sh
if [[ $(id -u) != 0 ]]; then
  echo "clean-root: must run as root (debootstrap, mount, chroot)" >&2
  exit 2
fi
git -C "$here" rev-parse --verify -q HEAD >/dev/null ||
  { echo "clean-root: $here is not a git checkout with a commit" >&2; exit 2; }

cache=${CLEAN_ROOT_CACHE:-/var/cache/contactlab-clean-root}
image=$cache/debian12-minbase.tar
mkdir -p "$cache"

# The mirror this machine's apt uses (deb822 sources first, then the one-line format).
mirror() {
  local uri
  uri=$(awk '$1 == "URIs:" {print $2; exit}' /etc/apt/sources.list.d/*.sources 2>/dev/null || true)
  [[ -n $uri ]] || uri=$(awk '$1 == "deb" {print $2; exit}' /etc/apt/sources.list 2>/dev/null || true)
  echo "${uri:-http://deb.debian.org/debian}"
}

bootstrap() {
  command -v debootstrap >/dev/null ||
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q debootstrap >/dev/null
  local from tree
  from=$(mirror)
  tree=$(mktemp -d /var/tmp/contactlab-bootstrap.XXXXXX)
  echo "clean-root: bootstrapping a minimal Debian 12 from $from (once; about a minute)" >&2
  if ! debootstrap --variant=minbase --include=git,ca-certificates bookworm "$tree" "$from" \
    >"$cache/bootstrap.log" 2>&1; then
    echo "clean-root: debootstrap failed; its log is $cache/bootstrap.log" >&2
    rm -rf --one-file-system "$tree"
    exit 2
  fi
  # The root's apt reads the same sources as this machine's.
  cp /etc/apt/sources.list.d/*.sources "$tree/etc/apt/sources.list.d/" 2>/dev/null || true
  tar -C "$tree" -cf "$image.part" . && mv "$image.part" "$image"
  rm -rf --one-file-system "$tree"
}
[[ -s $image ]] || bootstrap

root=$(mktemp -d /var/tmp/contactlab-clean-root.XXXXXX)
cleanup() {
  local m
  for m in sys dev proc; do
    if mountpoint -q "$root/$m"; then umount -R -l "$root/$m" || true; fi
  done
  # Never follows a mount out of the root: the host's /dev stays untouched even if an
  # unmount above failed.
  rm -rf --one-file-system "$root"
}
trap cleanup EXIT
tar -C "$root" -xf "$image"
cp -L /etc/resolv.conf "$root/etc/resolv.conf" 2>/dev/null || true
mount -t proc proc "$root/proc"
mount --rbind /dev "$root/dev"
mount -t sysfs sysfs "$root/sys"
git clone -q --no-hardlinks "$here" "$root/root/contactlab"

echo "clean-root: '$*' on a clean clone of $(git -C "$here" rev-parse --short HEAD)," \
  "in a new Debian 12 root" >&2
status=0
chroot "$root" /usr/bin/env -i HOME=/root LANG=C.UTF-8 TERM=dumb CI="${CI:-}" \
  PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
  bash -c 'cd /root/contactlab && "$@"' clean-root "$@" || status=$?
echo "clean-root: exit $status" >&2
exit "$status"
