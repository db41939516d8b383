#!/bin/sh
# Fail, printing the report, if a kernel log shows an oops, BUG, WARN,
# KASAN, UBSAN or kmemleak report, a panic or a lockup.  Lockdep's and
# might_sleep()'s reports begin with WARNING: or BUG:; a hung task's and
# an RCU stall's with INFO:.
# Usage: scan-log.sh LOG...   (missing files are skipped)
set -u
pat='BUG:|WARNING:|INFO:|Oops|general protection fault|Kernel panic|KASAN|UBSAN|suspected memory leak|leak detector disabled|unreferenced object|soft lockup|hard LOCKUP|rcu_sched self-detected stall|Call Trace:'
for f in "$@"; do
	[ -f "$f" ] || continue
	line=$(grep -n -m1 -E "$pat" "$f" | cut -d: -f1)
	[ -n "$line" ] || continue
	start=$((line > 5 ? line - 5 : 1))
	printf '\nerror: kernel report in %s:\n' "$f" >&2
	sed -n "${start},$((line + 60))p" "$f" >&2
	exit 1
done
exit 0
