#!/usr/bin/env bash
# InternReel benchmark: release build, 100,000 synthetic postings, wrk against the server and
# against nginx serving the same bytes, and the WebSocket fan-out program. Everything runs on
# 127.0.0.1 with bounded counts and durations; every process started here is stopped on exit.
#
#   benches/run.sh [RUNS]          (default 1; the README's figures are the medians of 3)
#
# Environment: BENCH_POSTINGS (100000), BENCH_DURATION (10s), BENCH_PORT (18080; nginx uses +1),
# BENCH_LOG (the server's INTERNREEL_LOG, default info as shipped), CARGO_TARGET_DIR
# (target/bench, so it does not fight debug builds for the lock), BENCH_SKIP_BUILD=1,
# BENCH_WS_SOCKETS (10000 idle /ws sockets, fewer below 100,000 postings; the server and the client each hold one descriptor
# per socket, so the soft descriptor limit is raised to the hard one below).
# Results: $CARGO_TARGET_DIR/results/<time>/run-N/ and summary.md (the table for the README).
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
BENCHES=$ROOT/benches
RUNS=${1:-1}
N=${BENCH_POSTINGS:-100000}
DUR=${BENCH_DURATION:-10s}
PORT=${BENCH_PORT:-18080}
NGPORT=$((PORT + 1))
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-$ROOT/target/bench}
OUT=$CARGO_TARGET_DIR/results/$(date +%Y%m%d-%H%M%S)
WRK=(wrk -t2 -c64 -d"$DUR" --latency)
mkdir -p "$OUT"
# 10,000 unless the data set is small (N/5 students, ~0.18 N distinct applicants).
WS_SOCKETS=${BENCH_WS_SOCKETS:-$((N / 10 < 10000 ? N / 10 : 10000))}
# Every process started below inherits this: the server holds one descriptor per /ws socket
# (it also raises its own soft limit, serve.rs), the ws_fanout program one per socket too.
ulimit -n "$(ulimit -Hn)" 2>/dev/null || true
if [ "$(ulimit -n)" != unlimited ] && [ "$(ulimit -n)" -lt $((WS_SOCKETS + 512)) ]; then
    echo "benches/run.sh: the descriptor limit ($(ulimit -n)) is too low for $WS_SOCKETS /ws sockets: raise the hard limit (ulimit -Hn) or set BENCH_WS_SOCKETS" >&2
    exit 1
fi

PIDS=()
WORKDIRS=()
cleanup() {
    for p in "${PIDS[@]}"; do
        kill "$p" 2>/dev/null || true
    done
    for p in "${PIDS[@]}"; do
        wait "$p" 2>/dev/null || true
    done
    for d in "${WORKDIRS[@]}"; do
        rm -rf "$d"
    done
}
trap cleanup EXIT
trap 'exit 130' INT TERM
trap 'log "failed at line $LINENO: $BASH_COMMAND"' ERR

log() { printf '[%(%H:%M:%S)T] %s\n' -1 "$*" >&2; }
ms_now() { date +%s%N; }
rss_kb() { awk '/^VmRSS:/ {print $2}' "/proc/$1/status" 2>/dev/null || echo 0; }

# --- tools -------------------------------------------------------------------------------
if ! command -v wrk >/dev/null || ! command -v nginx >/dev/null; then
    log "installing wrk and nginx-light"
    SUDO=
    [ "$(id -u)" -eq 0 ] || SUDO=sudo
    $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y nginx-light wrk >/dev/null
fi

# --- build -------------------------------------------------------------------------------
cd "$ROOT"
if [ "${BENCH_SKIP_BUILD:-}" != 1 ]; then
    log "building the ws_fanout bench and the release binary in $CARGO_TARGET_DIR"
    cargo bench --bench ws_fanout --no-run --message-format=json-render-diagnostics \
        >"$OUT/build-bench.json" 2>"$OUT/build-bench.log" || {
        tail -20 "$OUT/build-bench.log"
        exit 1
    }
    WS_BENCH=$(python3 -c 'import sys,json
for l in sys.stdin:
    try: m=json.loads(l)
    except Exception: continue
    if m.get("executable") and m.get("target",{}).get("name")=="ws_fanout": print(m["executable"])' \
        <"$OUT/build-bench.json" | tail -1)
    # Built last, so target/.../release/internreel is the binary with the normal features.
    cargo build --release 2>"$OUT/build.log" || {
        tail -20 "$OUT/build.log"
        exit 1
    }
else
    WS_BENCH=$(ls -t "$CARGO_TARGET_DIR"/release/deps/ws_fanout-* 2>/dev/null | grep -v '\.d$' | head -1)
fi
[ -n "$WS_BENCH" ] && [ -x "$WS_BENCH" ] || { log "no ws_fanout executable"; exit 1; }
# Copies, so that later builds (others edit src/ meanwhile) do not change what is measured.
cp "$WS_BENCH" "$OUT/ws_fanout"
WS_BENCH=$OUT/ws_fanout
cp "$CARGO_TARGET_DIR/release/internreel" "$OUT/internreel"
BIN=$OUT/internreel

{
    echo "date=$(date -u +%Y-%m-%dT%H:%MZ)"
    echo "commit=$(git -C "$ROOT" rev-parse --short HEAD)$(git -C "$ROOT" diff --quiet -- src ui || echo '+dirty')"
    echo "cpu=$(lscpu | awk -F: '/Model name/ {gsub(/^ +/,"",$2); print $2; exit}')"
    echo "cpus=$(nproc)"
    echo "mem_gib=$(awk '/MemTotal/ {printf "%.0f", $2/1048576}' /proc/meminfo)"
    echo "binary_bytes=$(stat -c %s "$BIN")"
    strip -o "$OUT/internreel.stripped" "$BIN" && echo "binary_stripped_bytes=$(stat -c %s "$OUT/internreel.stripped")"
    rm -f "$OUT/internreel.stripped"
    echo "postings=$N"
    echo "nginx=$(nginx -v 2>&1 | sed 's/.*nginx\///')"
    echo "wrk=$(wrk -v 2>&1 | head -1 | awk '{print $2}')"
} >"$OUT/machine.txt"

# --- one run -----------------------------------------------------------------------------
one_run() {
    local i=$1
    local R=$OUT/run-$i
    local W
    W=$(mktemp -d /tmp/internreel-bench.XXXXXX)
    WORKDIRS+=("$W")
    mkdir -p "$R" "$W/www/api/videos" "$W/tmp"
    local DATA=$W/data
    local M=$R/metrics.txt
    : >"$M"

    local t0 t1
    if [ -n "${BENCH_SEEDED:-}" ]; then
        # A data directory seeded before with `seed --synthetic $N` (1,000,000 postings take
        # minutes to seed): copied, so every run starts from the same bytes.
        log "run $i: copying $BENCH_SEEDED into $DATA"
        cp -a "$BENCH_SEEDED" "$DATA"
    else
        log "run $i: seeding $N postings into $DATA"
        t0=$(ms_now)
        "$BIN" --data "$DATA" seed --synthetic "$N" >"$R/seed.txt" 2>"$R/seed.err"
        t1=$(ms_now)
        echo "seed_wall_s=$(( (t1 - t0) / 1000000 ))e-3" >>"$M"
        sed -n 's/.* in \([0-9.]*\) s$/seed_reported_s=\1/p' "$R/seed.txt" | head -1 >>"$M"
    fi
    echo "data_dir_mb=$(du -sm "$DATA" | cut -f1)" >>"$M"

    # The fixture videos are 40-360 KB; for 1 MiB Range slices one of them is extended to
    # 64 MiB (zero padding after the real MP4 bytes). The server streams it like any other.
    local VIDEO=synthetic-code-camp.mp4
    truncate -s 64M "$DATA/videos/$VIDEO"
    cp "$DATA/videos/$VIDEO" "$W/www/api/videos/$VIDEO"

    log "run $i: starting the server"
    # Another server on the port would answer the health check below and be measured instead.
    if curl -s -o /dev/null "http://127.0.0.1:$PORT/"; then
        log "something already listens on 127.0.0.1:$PORT: stop it or set BENCH_PORT"
        exit 1
    fi
    local SOUT=$W/server.out SERR=$W/server.err
    local t_listen="" t_health=""
    t0=$(ms_now)
    # A load rig: one address sends what thousands of users would, so the per-client throttles
    # (README, "Limits") are off; everything else is as shipped.
    INTERNREEL_LOG=${BENCH_LOG:-info} "$BIN" --data "$DATA" serve --addr "127.0.0.1:$PORT" \
        --jobs-interval-hours 0 --signup-limit 0 --comment-limit 0 --message-limit 0 \
        --contact-limit 0 >"$SOUT" 2>"$SERR" &
    local SPID=$!
    PIDS+=("$SPID")
    while :; do
        if [ -z "$t_listen" ] && grep -q "listening on" "$SOUT" 2>/dev/null; then
            t_listen=$(ms_now)
        fi
        if [ -z "$t_health" ] && curl -sf -o /dev/null "http://127.0.0.1:$PORT/api/health"; then
            t_health=$(ms_now)
            [ -n "$t_listen" ] || t_listen=$t_health
        fi
        if [ -n "$t_health" ]; then
            kill -0 "$SPID" 2>/dev/null || { cat "$SERR" >&2; exit 1; }
            break
        fi
        kill -0 "$SPID" 2>/dev/null || { cat "$SERR" >&2; exit 1; }
        (( ($(ms_now) - t0) < 60000000000 )) || { log "server did not start"; exit 1; }
        sleep 0.002
    done
    echo "startup_listen_ms=$(( (t_listen - t0) / 1000000 ))" >>"$M"
    echo "startup_health_ms=$(( (t_health - t0) / 1000000 ))" >>"$M"
    sleep 0.5
    echo "rss_start_kb=$(rss_kb "$SPID")" >>"$M"
    local BASE=http://127.0.0.1:$PORT

    # The first screen as a visitor's phone gets it (≤ 125 KB with React): the page `/` as served
    # (its first screen's answers included) and every script, module preload and stylesheet it
    # names, each as it travels to a browser that accepts brotli (precompressed copies).
    curl -sf "$BASE/" >"$W/index.html"
    local page_wire page_raw
    page_wire=$(curl -sf -H 'Accept-Encoding: gzip, deflate, br' "$BASE/" | wc -c)
    page_raw=$(wc -c <"$W/index.html")
    echo "first_screen page / $page_wire $page_raw" >>"$R/js.txt"
    local js_total=0 js_raw=0 css_total=0 css_raw=0 f
    for f in $(grep -oE '(src|href)="/assets/[^"]+\.(js|css)"' "$W/index.html" | sed -E 's/.*="([^"]+)"/\1/' | sort -u); do
        local sz raw
        sz=$(curl -sf -H 'Accept-Encoding: gzip, deflate, br' "$BASE$f" | wc -c)
        raw=$(curl -sf "$BASE$f" | wc -c)
        echo "first_screen $f $sz $raw" >>"$R/js.txt"
        case $f in
        *.css) css_total=$((css_total + sz)); css_raw=$((css_raw + raw)) ;;
        *) js_total=$((js_total + sz)); js_raw=$((js_raw + raw)) ;;
        esac
    done
    echo "first_screen_js_wire_bytes=$js_total" >>"$M"
    echo "first_screen_js_bytes=$js_raw" >>"$M"
    echo "first_screen_wire_bytes=$((page_wire + js_total + css_total))" >>"$M"
    echo "first_screen_bytes=$((page_raw + js_raw + css_raw))" >>"$M"

    # The feed page as a visitor, for nginx; ids for the like toggles.
    curl -sf "$BASE/api/internships" >"$W/www/feed.json"
    gzip -9 -k "$W/www/feed.json"
    echo "feed_page_bytes=$(wc -c <"$W/www/feed.json")" >>"$M"
    echo "feed_page_gzip9_bytes=$(wc -c <"$W/www/feed.json.gz")" >>"$M"
    echo "feed_page_wire_br_bytes=$(curl -sf -H 'Accept-Encoding: gzip, br' "$BASE/api/internships" | wc -c)" >>"$M"
    echo "feed_page_wire_gzip_bytes=$(curl -sf -H 'Accept-Encoding: gzip' "$BASE/api/internships" | wc -c)" >>"$M"
    local max_id first_id
    max_id=$(jq '[.[].id] | max' "$W/www/feed.json")
    first_id=$((max_id - N + 1))
    if ! curl -sf -o /dev/null "$BASE/api/internships/$first_id"; then
        first_id=$(jq '[.[].id] | min' "$W/www/feed.json")
    fi
    local nlike=$((max_id - first_id + 1))
    curl -sf -o /dev/null -r 0-1048575 "$BASE/api/videos/$VIDEO" || { log "video not served"; exit 1; }

    # 64 student sessions (one cookie per line) and one for the signed-in feed.
    : >"$W/cookies.txt"
    local k
    for k in $(seq 100 163); do
        curl -sf -D - -o /dev/null -H 'Content-Type: application/json' \
            -d "{\"email\":\"student$k@synthetic.example\",\"password\":\"student123\"}" \
            "$BASE/api/student-login" | grep -i '^set-cookie: internreel_session=' |
            sed -E 's/^[Ss]et-[Cc]ookie: ([^;]+);.*/\1/' >>"$W/cookies.txt"
    done
    [ "$(wc -l <"$W/cookies.txt")" -eq 64 ] || { log "student sign-ins failed"; exit 1; }
    local COOKIE
    COOKIE=$(head -1 "$W/cookies.txt")

    # nginx with the same bytes.
    local user=""
    [ "$(id -u)" -eq 0 ] && user="user root;"
    sed -e "s#@WORK@#$W#g" -e "s#@PORT@#$NGPORT#g" -e "s#@USER@#$user#g" \
        "$BENCHES/nginx.conf" >"$W/nginx.conf"
    nginx -p "$W/" -c "$W/nginx.conf" -g 'daemon off;' 2>"$R/nginx.err" &
    local NPID=$!
    PIDS+=("$NPID")
    for _ in $(seq 100); do
        curl -sf -o /dev/null "http://127.0.0.1:$NGPORT/api/internships" && break
        sleep 0.05
    done
    cmp -s <(curl -sf "http://127.0.0.1:$NGPORT/api/internships") "$W/www/feed.json" ||
        { log "nginx does not serve the feed bytes"; exit 1; }
    local VSIZE
    VSIZE=$(stat -c %s "$DATA/videos/$VIDEO")

    wrk_run() { # name, wrk args...
        local name=$1
        shift
        log "run $i: wrk $name"
        echo "$name $(cut -d' ' -f1-3 /proc/loadavg)" >>"$R/loadavg.txt"
        "${WRK[@]}" "$@" >"$R/wrk-$name.txt" 2>&1 || true
        echo "rss_after_${name//-/_}_kb=$(rss_kb "$SPID")" >>"$M"
    }
    wrk_run nginx-feed "http://127.0.0.1:$NGPORT/api/internships"
    wrk_run nginx-video -s "$BENCHES/range.lua" "http://127.0.0.1:$NGPORT/api/videos/$VIDEO" -- "$VSIZE" 1048576
    wrk_run feed-visitor "$BASE/api/internships"
    # Compressed: nginx sends its gzip -9 copy (gzip_static); the server compresses as it goes.
    wrk_run nginx-feed-gzip -H "Accept-Encoding: gzip" "http://127.0.0.1:$NGPORT/api/internships"
    wrk_run feed-visitor-gzip -H "Accept-Encoding: gzip" "$BASE/api/internships"
    wrk_run feed-visitor-br -H "Accept-Encoding: gzip, deflate, br" "$BASE/api/internships"
    wrk_run feed-student-br -H "Accept-Encoding: gzip, deflate, br" -H "Cookie: $COOKIE" "$BASE/api/internships"
    wrk_run feed-student -H "Cookie: $COOKIE" "$BASE/api/internships"
    wrk_run feed-students64 -s "$BENCHES/students.lua" "$BASE/api/internships" -- "$W/cookies.txt"
    wrk_run feed-students64-br -H "Accept-Encoding: gzip, deflate, br" -s "$BENCHES/students.lua" \
        "$BASE/api/internships" -- "$W/cookies.txt"
    wrk_run feed-student-uncached -H "Cookie: $COOKIE" -s "$BENCHES/uncached.lua" "$BASE/api/internships"
    wrk_run search-one "$BASE/api/internships?q=software"
    wrk_run search-two "$BASE/api/internships?q=robotics+intern"
    wrk_run search-prefix "$BASE/api/internships?q=soft"
    wrk_run search-typo "$BASE/api/internships?q=sofware"
    # The same queries with every request missing the page cache.
    wrk_run search-one-uncached -s "$BENCHES/uncached.lua" "$BASE/api/internships?q=software"
    wrk_run search-two-uncached -s "$BENCHES/uncached.lua" "$BASE/api/internships?q=robotics+intern"
    wrk_run search-prefix-uncached -s "$BENCHES/uncached.lua" "$BASE/api/internships?q=soft"
    wrk_run search-typo-uncached -s "$BENCHES/uncached.lua" "$BASE/api/internships?q=sofware"
    wrk_run feed-visitor-uncached -s "$BENCHES/uncached.lua" "$BASE/api/internships"
    # A new query on (nearly) every request: what the kept hits do not cover (one or two words
    # with a letter changed, so the typo search runs too).
    wrk_run search-new -s "$BENCHES/new_queries.lua" "$BASE/api/internships"
    wrk_run search-new-c1 -t1 -c1 -s "$BENCHES/new_queries.lua" "$BASE/api/internships"
    # One search at a time (latency without queueing), every request missing the page cache.
    wrk_run search-one-c1 -t1 -c1 -s "$BENCHES/uncached.lua" "$BASE/api/internships?q=software"
    wrk_run search-two-c1 -t1 -c1 -s "$BENCHES/uncached.lua" "$BASE/api/internships?q=robotics+intern"
    wrk_run search-prefix-c1 -t1 -c1 -s "$BENCHES/uncached.lua" "$BASE/api/internships?q=soft"
    wrk_run search-typo-c1 -t1 -c1 -s "$BENCHES/uncached.lua" "$BASE/api/internships?q=sofware"
    wrk_run video -s "$BENCHES/range.lua" "$BASE/api/videos/$VIDEO" -- "$VSIZE" 1048576
    wrk_run likes -s "$BENCHES/like.lua" "$BASE" -- "$W/cookies.txt" "$first_id" "$nlike"

    # Sign-ins, sampling the server's RSS every 0.25 s meanwhile.
    (while kill -0 "$SPID" 2>/dev/null; do rss_kb "$SPID"; sleep 0.25; done) >"$R/rss-signins.txt" &
    local RPID=$!
    PIDS+=("$RPID")
    echo "rss_before_signins_kb=$(rss_kb "$SPID")" >>"$M"
    # Only existing students: 100 failures from one IP would lock 127.0.0.1 out for 15 minutes.
    wrk_run signins --timeout 10s -s "$BENCHES/signin.lua" "$BASE" -- $((N / 5))
    kill "$RPID" 2>/dev/null || true
    echo "rss_max_signins_kb=$(sort -n "$R/rss-signins.txt" | tail -1)" >>"$M"
    sleep 1
    echo "rss_after_load_kb=$(rss_kb "$SPID")" >>"$M"

    kill "$NPID" 2>/dev/null || true
    wait "$NPID" 2>/dev/null || true

    # One idle socket per distinct student (10,000 of the ~18,000 applicants of the 100,000-
    # posting set), bound to several 127.0.0.x source addresses (the server takes at most 512
    # connections from one address), then 2,000 messages with all of them open.
    log "run $i: WebSocket fan-out, $WS_SOCKETS sockets"
    "$WS_BENCH" --addr "127.0.0.1:$PORT" --pid "$SPID" --sockets "$WS_SOCKETS" --messages 2000 \
        --concurrency 8 --open-concurrency 64 >"$R/ws.txt" 2>"$R/ws.err" || { tail -5 "$R/ws.err" >&2; }
    sed -n 's/^RESULT //p' "$R/ws.txt" | tr ' ' '\n' | sed 's/^/ws_/' >>"$M"
    echo "rss_end_kb=$(rss_kb "$SPID")" >>"$M"
    echo "server_log_lines=$(wc -l <"$SERR")" >>"$M"

    kill "$SPID" 2>/dev/null || true
    wait "$SPID" 2>/dev/null || true
    rm -rf "$W"
}

for i in $(seq 1 "$RUNS"); do
    one_run "$i"
done

# With BENCH_POSTINGS other than 100,000, BENCH_REFERENCE names a 100,000-posting results
# directory whose feed and search rows this run is compared with (issue 35: within 80 %).
python3 "$BENCHES/summarize.py" "$OUT" ${BENCH_REFERENCE:+"$BENCH_REFERENCE"} | tee "$OUT/summary.md"
log "results in $OUT"
