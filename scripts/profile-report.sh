#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Turn make profile's VM outputs (DIR/{base,patched}-icount/profile.txt,
# written by guest/bench.sh) into DIR/profile.md, and print it: for each
# workload and function, the calls and the instructions per call, children
# included, base against patched.
# Usage: profile-report.sh DIR
set -eu
. "$(dirname "$0")/lib.sh"

[ $# = 1 ] || die "usage: profile-report.sh DIR"
r=$1
for side in base patched; do
	[ -f "$r/$side-icount/profile.txt" ] || die "no $r/$side-icount/profile.txt; run make profile"
done

{
cat <<EOF2
# Instructions per call, base against the series

$(date -u '+%Y-%m-%d %H:%M UTC'), project at $(cat "$r/project.commit" 2>/dev/null || echo '?');
base: $(cat "$r/base.tree" 2>/dev/null || echo '?'); patched: $(cat "$r/patched.tree" 2>/dev/null || echo '?').
Both kernels: config/profile.config, QEMU TCG under icount (1 ns =
1 instruction).  ftrace's function profiler times each function in
PROFILE_FUNCS, from entry to return, children included; the profiler's
own work in a profiled child is in its parent's figure too, alike on
both sides when they make the same calls.

| workload | function | calls base | calls patched | base | patched | Δ per call |
|---|---|---:|---:|---:|---:|---:|
EOF2
awk '
FNR == 1 { side = FILENAME ~ /\/base-icount\// ? "b" : "p" }
{
	k = $1 " " $2
	if (!(k in seen)) { seen[k] = 1; order[++n] = k }
	calls[side, k] = $3; ns[side, k] = $4
}
END {
	for (i = 1; i <= n; i++) {
		k = order[i]; split(k, w, " ")
		cb = ((("b", k) in calls) ? calls["b", k] : 0)
		cp = ((("p", k) in calls) ? calls["p", k] : 0)
		b = cb ? sprintf("%.1f", ns["b", k]) : "-"
		p = cp ? sprintf("%.1f", ns["p", k]) : "-"
		d = (cb && cp) ? sprintf("%+.1f", ns["p", k] - ns["b", k]) : "-"
		printf "| %s | %s | %d | %d | %s | %s | %s |\n", w[1], w[2], cb, cp, b, p, d
	}
}' "$r/base-icount/profile.txt" "$r/patched-icount/profile.txt"
} > "$r/profile.md"
cat "$r/profile.md"
