# Sourced by the regression gates (instructions, memory, misses): the release build they
# all measure, and the baseline step they share.

# Installs what is missing (the packages given) and builds ratite-bench as the gates run it
# (DWARF 4: valgrind 3.19 cannot read clang's default DWARF 5); sets `bench`.
build_bench() {
    "$here/../scripts/ensure-packages" "$@" >&2
    "$here/../scripts/forget-build-plan" "$here/.build"
    swift build -c release -Xcc -gdwarf-4 --product ratite-bench >&2
    bench="$here/.build/release/ratite-bench"
}

# collected_by_valgrind WORKLOAD VALGRIND_OPTIONS...: runs ratite-bench's WORKLOAD once under
# `valgrind VALGRIND_OPTIONS...` and prints the figures of valgrind's `Collected :` line.
# Prints nothing and fails when the workload exits non-zero or dies from a signal: a
# crashed run still reports what it counted up to the crash, and that partial count must
# never reach a gate as if it were the workload's.
collected_by_valgrind() {
    workload=$1
    shift
    log=$(mktemp)
    status=0
    valgrind "$@" --callgrind-out-file=/dev/null "$here/.build/release/ratite-bench" \
        --workload "$workload" > "$log" 2>&1 || status=$?
    if [ "$status" -ne 0 ]; then
        echo "workload $workload exited with status $status under valgrind:" >&2
        tail -n 20 "$log" >&2
        rm -f "$log"
        return 1
    fi
    sed -n 's/.*Collected : \([0-9 ]*\)$/\1/p' "$log"
    rm -f "$log"
}

# measure_workloads WORKLOADS OUTPUT COMMAND...: runs `COMMAND... WORKLOAD` for each of the
# space-separated WORKLOADS, as many at a time as there are CPUs (RATITE_GATE_JOBS sets
# it): what valgrind's tools count does not depend on what else runs. COMMAND prints the
# workload's count, or nothing when it measured nothing. Writes `workload count` lines to
# OUTPUT in the order of WORKLOADS, and fails naming every workload without a count.
measure_workloads() {
    workloads=$1 output=$2
    shift 2
    counts=$(mktemp -d)
    # Each shell gets $0 = the folder of counts, $1 = the workload, then COMMAND.
    # shellcheck disable=SC2016,SC2086
    printf '%s\n' $workloads | xargs -P "${RATITE_GATE_JOBS:-$(nproc)}" -I {} \
        sh -c 'workload=$1; shift; "$@" "$workload" > "$0/$workload"' "$counts" {} "$@" || true
    : > "$output"
    missing=""
    for workload in $workloads; do
        count=$(cat "$counts/$workload" 2>/dev/null || true)
        if [ -n "$count" ]; then echo "$workload $count" >> "$output"; else missing="$missing $workload"; fi
    done
    rm -rf "$counts"
    [ -z "$missing" ] || { echo "measured nothing for:$missing" >&2; return 1; }
}

# finish_gate MEASURED BASELINE WHAT [TARGET] [--update]: with --update, MEASURED becomes
# the baseline. Else each line `name value` of MEASURED is compared with the baseline's
# and the gate fails when one grows by more than 5%, or passes TARGET when one is given.
finish_gate() {
    measured=$1 baseline=$2 what=$3 target=$4 mode=$5
    if [ "$mode" = "--update" ]; then
        cp "$measured" "$baseline"
        echo "baseline updated:" >&2
        cat "$baseline"
        exit 0
    fi
    [ -f "$baseline" ] || { echo "no baseline: run $0 --update" >&2; exit 1; }
    awk -v limit=1.05 -v target="$target" -v what="$what" '
        NR == FNR { base[$1] = $2; next }
        {
            flag = ""
            if (target != "" && $2 > target + 0) { flag = "  OVER THE TARGET OF " target; failed = 1 }
            if (!($1 in base)) { printf "%-28s %14s %s (new, no baseline)%s\n", $1, $2, what, flag; next }
            ratio = $2 / base[$1]
            if (ratio > limit) { flag = flag "  REGRESSION"; failed = 1 }
            printf "%-28s %14s %s  baseline %14s  %+6.2f%%%s\n", $1, $2, what, base[$1], (ratio - 1) * 100, flag
        }
        END { exit failed }
    ' "$baseline" "$measured"
}
