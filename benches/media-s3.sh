#!/usr/bin/env bash
# Video delivery from S3 beside local disk (README, "Scaling past one disk"): the same 64 MiB
# file served in 1 MiB Range slices by the server from its data directory, by the server
# from an S3-compatible store (s3s-fs on loopback, as in the tests), and by nginx from disk;
# then the share of a player's requests that reach the server when --media-public-url sends
# players to a CDN (nginx standing in for it), counted by Chromium playing and seeking.
#
#   benches/media-s3.sh [RUNS]     (default 1)
#
# Needs the release binary (benches/run.sh builds it into target/bench), wrk, nginx, s3s-fs
# (./test installs it into ~/.cache/internreel) and Chromium with ui/node_modules for the player.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
BENCHES=$ROOT/benches
RUNS=${1:-1}
DUR=${BENCH_DURATION:-10s}
PORT=${BENCH_PORT:-18090}
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-$ROOT/target/bench}
BIN=$CARGO_TARGET_DIR/release/internreel
S3S=${INTERNREEL_S3S_FS:-${XDG_CACHE_HOME:-$HOME/.cache}/internreel/s3s-fs-0.14.0/bin/s3s-fs}
OUT=$CARGO_TARGET_DIR/results/media-$(date +%Y%m%d-%H%M%S)
mkdir -p "$OUT"
[ -x "$BIN" ] || { echo "build the release binary first: CARGO_TARGET_DIR=target/bench cargo build --release"; exit 1; }
[ -x "$S3S" ] || { echo "s3s-fs is missing: ./test installs it into ~/.cache/internreel"; exit 1; }

PIDS=()
W=$(mktemp -d /tmp/internreel-media-bench.XXXXXX)
cleanup() {
    for p in "${PIDS[@]}"; do kill "$p" 2>/dev/null || true; done
    for p in "${PIDS[@]}"; do wait "$p" 2>/dev/null || true; done
    rm -rf "$W"
}
trap cleanup EXIT
log() { printf '[%(%H:%M:%S)T] %s\n' -1 "$*" >&2; }
wait_http() { for _ in $(seq 1 300); do curl -sf -o /dev/null "$1" && return 0; sleep 0.05; done; return 1; }

export INTERNREEL_S3_ACCESS_KEY_ID=bench-key INTERNREEL_S3_SECRET_ACCESS_KEY=bench-secret-0123456789
S3PORT=$((PORT + 2))
mkdir -p "$W/s3/media" "$W/www/api/videos" "$W/local"
"$S3S" --host 127.0.0.1 --port "$S3PORT" --access-key "$INTERNREEL_S3_ACCESS_KEY_ID" \
    --secret-key "$INTERNREEL_S3_SECRET_ACCESS_KEY" "$W/s3" >/dev/null 2>&1 &
PIDS+=($!)
S3=(--media-store s3 --s3-endpoint "http://127.0.0.1:$S3PORT" --s3-bucket media)

# One local data directory with the demo, its largest clip padded to 64 MiB (as run.sh does),
# and a copy moved to S3 by `media migrate`.
"$BIN" --data "$W/local" seed >/dev/null
VIDEO=synthetic-code-camp.mp4
[ -f "$W/local/videos/$VIDEO" ] || VIDEO=$(cd "$W/local/videos" && ls -S *.mp4 | head -1)
truncate -s 64M "$W/local/videos/$VIDEO"
cp "$W/local/videos/$VIDEO" "$W/www/api/videos/$VIDEO"
cp -a "$W/local" "$W/ons3"
"$BIN" --data "$W/ons3" "${S3[@]}" media migrate --to s3 >"$OUT/migrate.txt"
# A second data directory on the same bucket for the CDN server (one server per directory).
cp -a "$W/ons3" "$W/cdn"
SIZE=$(stat -c %s "$W/local/videos/$VIDEO")

user=""
[ "$(id -u)" -ne 0 ] || user="user root;"
mkdir -p "$W/tmp"
sed -e "s#@WORK@#$W#g" -e "s#@PORT@#$((PORT + 1))#g" -e "s#@USER@#$user#g" \
    "$BENCHES/nginx.conf" >"$W/nginx.conf"
nginx -p "$W/" -c "$W/nginx.conf" -g 'daemon off;' 2>"$OUT/nginx.err" &
PIDS+=($!)

serve() { # DATA PORT [options...]
    local data=$1 port=$2
    shift 2
    "$BIN" --data "$data" "$@" serve --addr "127.0.0.1:$port" --jobs-interval-hours 0 \
        --signup-limit 0 --comment-limit 0 --message-limit 0 --contact-limit 0 \
        >"$OUT/server-$port.out" 2>"$OUT/server-$port.err" &
    PIDS+=($!)
    wait_http "http://127.0.0.1:$port/api/health"
}
serve "$W/local" "$PORT"
serve "$W/ons3" "$((PORT + 3))" "${S3[@]}"
serve "$W/cdn" "$((PORT + 4))" "${S3[@]}" --media-public-url "http://127.0.0.1:$((PORT + 1))/api/videos"

rate() { # NAME URL
    wrk -t2 -c64 -d"$DUR" --latency -s "$BENCHES/range.lua" "$2" -- "$SIZE" 1048576 >"$OUT/$1-$3.txt"
    awk '/Requests\/sec/ {print $2}' "$OUT/$1-$3.txt"
}
for i in $(seq 1 "$RUNS"); do
    log "run $i: 1 MiB Range slices, 64 connections"
    echo "run=$i nginx=$(rate nginx "http://127.0.0.1:$((PORT + 1))/api/videos/$VIDEO" "$i")" \
        "local=$(rate local "http://127.0.0.1:$PORT/api/videos/$VIDEO" "$i")" \
        "s3=$(rate s3 "http://127.0.0.1:$((PORT + 3))/api/videos/$VIDEO" "$i")" | tee -a "$OUT/rates.txt"
done

log "a player under --media-public-url: who answers its requests"
NODE_PATH=$ROOT/ui/node_modules node "$BENCHES/media-player.mjs" \
    "http://127.0.0.1:$((PORT + 4))/api/videos/$VIDEO" | tee "$OUT/player.txt"
log "results in $OUT"
