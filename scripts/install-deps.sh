#!/usr/bin/env bash
# Installs the Debian 12 packages ContactLab builds with, skipping those already present.
# Run as root (or with sudo available).
set -euo pipefail

# Every package the configure and build need, named outright: the install skips recommended
# packages, so a dependency that another package only recommends must be listed here.
# qt6-charts-dev only recommends libqt6opengl6-dev, yet Qt6Charts' CMake config needs Qt6OpenGL,
# and Qt6Gui's needs XKB (libxkbcommon-dev).
packages=(
  cmake ninja-build g++ pkg-config
  qt6-base-dev qt6-charts-dev libqt6opengl6-dev libxkbcommon-dev libqcustomplot-dev libgl-dev
  fonts-dejavu-core
  catch2 libeigen3-dev nlohmann-json3-dev libcli11-dev libfmt-dev libbenchmark-dev libbullet-dev
  libgmp-dev
  # The Python module (python/): pybind11 for Debian's python3, and what the module, its batch
  # runner on Dask and its tests import.
  python3 python3-dev pybind11-dev python3-numpy python3-pandas python3-distributed
  python3-tqdm python3-pytest python3-hypothesis python3-matplotlib
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "Installing: ${missing[*]}"
sudo_cmd=()
[ "$(id -u)" -eq 0 ] || sudo_cmd=(sudo)
"${sudo_cmd[@]}" apt-get update -q
DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -q --no-install-recommends "${missing[@]}"
