#!/bin/sh
# Install the Debian packages the harness needs; apt runs only when one
# is missing.
set -eu
. "$(dirname "$0")/lib.sh"

pkgs="make gcc git xz-utils flex bison bc libelf-dev libssl-dev dwarves ccache
	qemu-system-x86 clang llvm lld libcap-dev zlib1g-dev python3-docutils
	pkg-config libbpf-dev iproute2 iputils-ping kmod cpio rsync ethtool
	python3-ply python3-git python-is-python3"
missing=
for p in $pkgs; do
	dpkg-query -W -f='${Status}\n' "$p" 2>/dev/null | grep -q '^install ok installed' ||
		missing="$missing $p"
done
[ -n "$missing" ] || exit 0
say "installing:$missing"
export DEBIAN_FRONTEND=noninteractive
apt-get update -q
# shellcheck disable=SC2086
apt-get install -y -q --no-install-recommends $missing
