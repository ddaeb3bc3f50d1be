#!/bin/bash
# Usage: bash scripts/cpu.sh <command…>
# Runs the command in a cpuacct cgroup of its own and prints, on stderr, the CPU seconds of its whole
# process tree and the wall seconds. `time` misses what is never waited on: Chromium's renderers are
# forked by its zygote, so a browser test's CPU is only counted here. Needs cgroup v1's cpuacct
# hierarchy writable (as root on this machine); without it, the command runs under plain `time`.
root=/sys/fs/cgroup/cpuacct
if ! [ -w "$root" ]; then
  echo "cpu.sh: $root is not writable; timing with bash's time (children not waited on are missed)" >&2
  time "$@"
  exit $?
fi
group="$root/docjet-cpu-$$-$RANDOM"
mkdir "$group" || exit 99
start=$(date +%s.%N)
bash -c 'echo $$ > "$1/cgroup.procs"; shift; exec "$@"' _ "$group" "$@"
status=$?
end=$(date +%s.%N)
usage=$(cat "$group/cpuacct.usage")
awk -v u="$usage" -v s="$start" -v e="$end" 'BEGIN { printf "cpu.sh: %.2f CPU-s, %.2f s wall\n", u / 1e9, e - s }' >&2
# Processes left behind (a browser closing) are waited for briefly, then the group is removed.
for _ in 1 2 3 4 5 6 7 8 9 10; do [ -z "$(cat "$group/cgroup.procs")" ] && break; sleep 0.5; done
rmdir "$group" 2>/dev/null
exit $status
