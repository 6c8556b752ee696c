#!/usr/bin/env bash
# The media pipeline benchmark (issue #21): a 60-second 1080x1920 30 fps HEVC phone clip (in a
# MOV with AAC sound) from upload to `ready`, when its poster is there, and the visitor feed's
# requests/s while the conversion runs beside the same figure idle, in one run.
#
#   benches/transcode.sh [RUNS]      (default 1)
#
# Release build in $CARGO_TARGET_DIR (target/bench, shared with benches/run.sh); the clip is
# made once with ffmpeg and kept in target/bench/media/. Everything runs on 127.0.0.1 with
# bounded durations; the server is stopped on exit. BENCH_SKIP_BUILD=1 skips the build,
# BENCH_DURATION (10s) sets the wrk runs, BENCH_PORT (18090) the port.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
RUNS=${1:-1}
DUR=${BENCH_DURATION:-10s}
PORT=${BENCH_PORT:-18090}
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-$ROOT/target/bench}
BIN=$CARGO_TARGET_DIR/release/internreel
MEDIA=$CARGO_TARGET_DIR/media
CLIP=$MEDIA/phone-60s-1080x1920-hevc.mov
BASE=http://127.0.0.1:$PORT
mkdir -p "$MEDIA"

log() { printf '[%(%H:%M:%S)T] %s\n' -1 "$*" >&2; }
now() { date +%s.%N; }

SERVER=
WORK=
cleanup() {
    [ -n "$SERVER" ] && kill "$SERVER" 2>/dev/null && wait "$SERVER" 2>/dev/null
    [ -n "$WORK" ] && rm -rf "$WORK"
    return 0
}
trap cleanup EXIT

for tool in wrk ffmpeg curl jq; do
    command -v "$tool" >/dev/null || {
        log "installing $tool"
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$( [ "$tool" = wrk ] && echo wrk || echo "$tool")" >/dev/null
    }
done

cd "$ROOT"
if [ "${BENCH_SKIP_BUILD:-}" != 1 ]; then
    log "building the release binary in $CARGO_TARGET_DIR"
    cargo build --release --quiet
fi

if [ ! -s "$CLIP" ]; then
    log "making the 60 s HEVC clip (landscape frames with a 90 degree rotation, as a phone writes)"
    ffmpeg -hide_banner -v error -y \
        -f lavfi -i testsrc2=s=1920x1080:r=30:d=60 -f lavfi -i sine=frequency=440:duration=60 \
        -c:v libx265 -preset ultrafast -x265-params log-level=error -tag:v hvc1 -c:a aac -shortest \
        "$MEDIA/raw.mov"
    ffmpeg -hide_banner -v error -y -i "$MEDIA/raw.mov" -c copy -metadata:s:v:0 rotate=90 "$CLIP"
    rm -f "$MEDIA/raw.mov"
fi
log "clip: $(du -h "$CLIP" | cut -f1), $(ffprobe -v error -show_entries format=duration -of csv=p=0 "$CLIP") s"

feed_rps() {
    wrk -t2 -c64 -d"$DUR" "$BASE/api/internships" | awk '/Requests\/sec/ {print $2}'
}

printf '| run | upload answered (probe + poster) | poster | upload → ready | x real time | feed idle req/s | feed while converting req/s | ratio | rendition |\n'
printf '|---|---:|---:|---:|---:|---:|---:|---:|---|\n'
for run in $(seq 1 "$RUNS"); do
    WORK=$(mktemp -d)
    "$BIN" --data "$WORK/data" serve --demo --addr "127.0.0.1:$PORT" --jobs-interval-hours 0 \
        >"$WORK/server.out" 2>"$WORK/server.err" &
    SERVER=$!
    for _ in $(seq 100); do
        curl -fs "$BASE/api/health" >/dev/null 2>&1 && break
        sleep 0.1
    done
    jar=$WORK/cookies
    curl -fs -c "$jar" -H 'content-type: application/json' "$BASE/api/employers" -d '{
        "firstName":"Bench","lastName":"Mark","email":"bench@example.com","password":"longsecret",
        "position":"Manager","company":"Bench Co","companySize":"11-50","industry":"technology",
        "website":"https://bench.example","address":"1 Main St",
        "companyDescription":"We measure how fast videos become ready for students."}' >/dev/null
    curl -fs "$BASE/api/internships" >/dev/null

    idle=$(feed_rps)

    started=$(now)
    answer=$(curl -fs -b "$jar" -H "origin: $BASE" "$BASE/api/internships" \
        -F title='Phone clip' -F description='A sixty second phone clip.' -F location='Austin, TX' \
        -F duration='8 weeks' -F requirements='Curiosity and reliability' -F salary='$16/hour' \
        -F applicationDeadline=2099-01-01 -F "videoFile=@$CLIP;type=video/quicktime")
    uploaded=$(now)
    id=$(jq -r .id <<<"$answer")
    poster=$(jq -r .posterUrl <<<"$answer")
    poster_at=n/a
    if [ "$poster" != null ] && curl -fs "$BASE$poster" -o /dev/null; then
        poster_at="$(awk -v a="$uploaded" -v b="$(now)" 'BEGIN {printf "%.2f s", b - a}')"
    fi

    busy=$(feed_rps)

    status=transcoding
    while [ "$status" = transcoding ]; do
        sleep 0.2
        status=$(curl -fs "$BASE/api/internships/$id" | jq -r .videoStatus)
    done
    ready=$(now)
    rendition=$(curl -fs "$BASE/api/internships/$id" | jq -r .videoUrl)
    info=$(curl -fs "$BASE$rendition" -o "$WORK/out.mp4" && ffprobe -v error -select_streams v:0 \
        -show_entries stream=codec_name,width,height -of csv=p=0 "$WORK/out.mp4")
    size=$(du -h "$WORK/out.mp4" | cut -f1)
    awk -v s="$started" -v u="$uploaded" -v r="$ready" -v i="$idle" -v b="$busy" -v run="$run" \
        -v p="$poster_at" -v st="$status" -v info="$info" -v size="$size" 'BEGIN {
        printf "| %d | %.2f s | %s | %.1f s | %.2f | %s | %s | %.0f %% | %s %s, %s |\n",
            run, u - s, p, r - u, 60 / (r - u), i, b, 100 * b / i, st, info, size }'
    kill "$SERVER"
    wait "$SERVER" 2>/dev/null || true
    SERVER=
    rm -rf "$WORK"
    WORK=
done
