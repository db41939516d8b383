# Shared settings for the harness scripts; sourced, never run.
# Every path and name the scripts agree on is defined here, once.

TOP=$(cd "$(dirname "$0")/.." && pwd)
BUILD=${BUILD:-$TOP/build}
CACHE=${XDP_MB_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/xdp-mb}

# The bases the series is tested on: Debian's orig tarballs of linux,
# pinned by checksum.  BASE picks one by version; the first is the default
# and BASE=stable the last, the newest.
#   version   suite of Debian's archive   sha256 of linux_VERSION.orig.tar.xz
BASES='
5.10.223  bullseye           5272175427d036677539b9ef88a6bc30e455aca2d4fe9a942b2926ef7967ad20
5.10.257  bullseye-security  8771a2cc25566ac0925a94f21e64ddd13896fcadad70d23cf013c77648636b16
'
DEFAULT_BASE=$(echo "$BASES" | awk 'NF { print $1; exit }')
BASE=${BASE:-$DEFAULT_BASE}
[ "$BASE" != stable ] || BASE=$(echo "$BASES" | awk 'NF { v = $1 } END { print v }')
read -r BASE_VERSION BASE_SUITE BASE_SHA256 <<EOF
$(echo "$BASES" | awk -v v="$BASE" '$1 == v')
EOF
[ "$BASE_VERSION" = "$BASE" ] || { printf 'error: unknown BASE %s; known: %s\n' \
	"$BASE" "$(echo "$BASES" | awk 'NF { printf "%s ", $1 }')" >&2; exit 1; }
BASE_TARBALL=linux_$BASE_VERSION.orig.tar.xz
BASE_REPO=$CACHE/linux-$BASE_VERSION.git	# the base as one commit, tag "base"

# Trees and results of another base than the default carry its version.
sfx=
[ "$BASE" = "$DEFAULT_BASE" ] || sfx=-$BASE
TREE=${TREE:-$BUILD/linux$sfx}			# generated tree: base + series
BASE_TREE=$BUILD/linux-base$sfx			# unpatched tree, for A/B benchmarks
RESULTS=$BUILD/results$sfx			# VM outputs of test, bench, demo
BENCH_RESULTS=${BENCH_RESULTS:-$RESULTS/bench}	# make bench: VM outputs, results.md

# The project's identity: author and Signed-off-by of every patch.
PROJECT_NAME='XDP multi-buffer project'
PROJECT_EMAIL='xdp-mb@example.org'
# The revision of the posted series, in its subjects ([PATCH v3 ...])
SERIES_VERSION=3

JOBS=${JOBS:-$(($(nproc) + 1))}
# The scripts run their own makes with -j$JOBS; a jobserver inherited from
# the front-door make would not reach them and force -j1.
unset MAKEFLAGS MFLAGS MAKELEVEL

say() { printf '==> %s\n' "$*" >&2; }
die() { printf 'error: %s\n' "$*" >&2; exit 1; }

# apt_source SUITE PACKAGE=VERSION DIR: download a Debian source package
# into DIR without touching the system's apt configuration: apt gets a
# private state directory and sources list, for the machine's own mirror
# (its security suite's for a security update).
apt_source() {
	apt=$CACHE/apt
	mkdir -p "$apt/lists/partial" "$3"
	case $1 in
	*-security)	uri=$(awk '/^URIs:/ { u = $2 } /^Suites:.*-security/ { print u; exit }' \
				/etc/apt/sources.list.d/debian.sources 2>/dev/null)
			[ -n "$uri" ] || uri=http://deb.debian.org/debian-security ;;
	*)		uri=$(sed -n 's/^URIs:[[:space:]]*//p' /etc/apt/sources.list.d/debian.sources 2>/dev/null | head -n 1)
			[ -n "$uri" ] || uri=http://deb.debian.org/debian ;;
	esac
	echo "deb-src $uri $1 main" > "$apt/sources.list"
	opts="-o Dir::Etc::sourcelist=$apt/sources.list -o Dir::Etc::sourceparts=- -o Dir::State::Lists=$apt/lists -o APT::Get::List-Cleanup=0"
	# shellcheck disable=SC2086
	apt-get -q $opts update >&2 &&
	# shellcheck disable=SC2086
	(cd "$3" && apt-get -q $opts source --download-only "$2" >&2)
}

# Where the kernel of source tree $1 is built for config/$2.config: a
# direct subdirectory of the tree, so that kbuild names sources by the
# relative path ".." and ccache hits across clones in other folders.
objdir() { echo "$1/obj-$2"; }

# The kernel's make, with ccache, out of tree: kmake SRC OUT [TARGET...].
# The cache is keyed on paths relative to $BUILD, so a fresh clone
# elsewhere still hits it.
kmake() {
	src=$1
	out=$2
	shift 2
	mkdir -p "$out"
	CCACHE_DIR=$CACHE/ccache CCACHE_BASEDIR=$BUILD CCACHE_NOHASHDIR=1 \
	CCACHE_MAXSIZE=8G KBUILD_BUILD_TIMESTAMP='Thu Jan  1 00:00:00 UTC 2026' \
	KBUILD_BUILD_USER=xdp-mb KBUILD_BUILD_HOST=vm \
		make -C "$src" O="$out" -j"$JOBS" CC='ccache gcc' HOSTCC='ccache gcc' "$@"
}
