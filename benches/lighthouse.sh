#!/usr/bin/env bash
# Lighthouse (mobile preset, its default throttling) with Debian's Chromium against a release
# build serving the demo data, on /, /job-feed, /browse-internships and /external-jobs, as a
# visitor and as the demo student. Prints a Markdown table of the category scores and LCP/TBT.
#
#   benches/lighthouse.sh [RUNS]     (default 1; with more, each figure is the median)
#
# Environment: LH_PORT (18090), CARGO_TARGET_DIR (target/bench), BENCH_SKIP_BUILD=1.
# Results: $CARGO_TARGET_DIR/lighthouse/<time>/ (one JSON report per page, role and run).
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
RUNS=${1:-1}
PORT=${LH_PORT:-18090}
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-$ROOT/target/bench}
OUT=$CARGO_TARGET_DIR/lighthouse/$(date +%Y%m%d-%H%M%S)
mkdir -p "$OUT"
log() { printf '[%(%H:%M:%S)T] %s\n' -1 "$*" >&2; }

[ -x /usr/bin/chromium ] || { log "needs Debian's Chromium: apt-get install -y chromium"; exit 1; }
cd "$ROOT/benches/lighthouse"
[ -d node_modules ] || npm ci --no-audit --no-fund >/dev/null
LH=$ROOT/benches/lighthouse/node_modules/.bin/lighthouse

cd "$ROOT"
if [ "${BENCH_SKIP_BUILD:-}" != 1 ]; then
    log "building the release binary in $CARGO_TARGET_DIR"
    cargo build --release 2>"$OUT/build.log" || { tail -20 "$OUT/build.log"; exit 1; }
fi
BIN=$CARGO_TARGET_DIR/release/internreel
DATA=$(mktemp -d /tmp/internreel-lh.XXXXXX)
SPID=
cleanup() {
    [ -n "$SPID" ] && kill "$SPID" 2>/dev/null && wait "$SPID" 2>/dev/null
    rm -rf "$DATA"
}
trap cleanup EXIT

"$BIN" --data "$DATA" serve --demo --addr "127.0.0.1:$PORT" --jobs-interval-hours 0 \
    >"$OUT/server.out" 2>"$OUT/server.err" &
SPID=$!
BASE=http://127.0.0.1:$PORT
for _ in $(seq 200); do curl -sf -o /dev/null "$BASE/api/health" && break; sleep 0.1; done
# External jobs come from the recorded boards: wait for the start-up refresh to land.
for _ in $(seq 100); do [ "$(curl -sf "$BASE/api/external-jobs" | head -c 2)" != "[]" ] && break; sleep 0.2; done
COOKIE=$(curl -sf -D - -o /dev/null -H 'Content-Type: application/json' \
    -d '{"email":"ava@student.example","password":"student123"}' "$BASE/api/student-login" |
    grep -i '^set-cookie: internreel_session=' | sed -E 's/^[Ss]et-[Cc]ookie: ([^;]+);.*/\1/')
[ -n "$COOKIE" ] || { log "the demo student could not sign in"; exit 1; }

export CHROME_PATH=/usr/bin/chromium
for run in $(seq 1 "$RUNS"); do
    for role in visitor student; do
        for page in / /job-feed /browse-internships /external-jobs; do
            name=$(echo "$page" | tr -c 'a-z0-9\n' '-' | sed 's/^-*$/home/; s/^-//')
            extra=()
            [ "$role" = student ] && extra=(--extra-headers "{\"Cookie\": \"$COOKIE\"}")
            log "run $run: $role $page"
            "$LH" "$BASE$page" --quiet --output=json --output-path="$OUT/$role-$name-$run.json" \
                --chrome-flags="--headless=new --no-sandbox --disable-gpu" \
                --only-categories=performance,accessibility,best-practices,seo \
                "${extra[@]}" || log "lighthouse failed on $role $page"
        done
    done
done

python3 - "$OUT" <<'PY'
import json, pathlib, statistics, sys
out = pathlib.Path(sys.argv[1])
rows = {}
for f in sorted(out.glob("*.json")):
    role, rest = f.stem.split("-", 1)
    page = rest.rsplit("-", 1)[0]
    r = json.loads(f.read_text())
    c, a = r["categories"], r["audits"]
    rows.setdefault((role, page), []).append((
        round(c["performance"]["score"] * 100), round(c["accessibility"]["score"] * 100),
        round(c["best-practices"]["score"] * 100), round(c["seo"]["score"] * 100),
        a["largest-contentful-paint"]["numericValue"] / 1000, a["total-blocking-time"]["numericValue"],
        a["cumulative-layout-shift"]["numericValue"]))
print("| Page | As | Performance | Accessibility | Best Practices | SEO | LCP | TBT | CLS |")
print("|---|---|---:|---:|---:|---:|---:|---:|---:|")
pages = {"home": "/", "job-feed": "/job-feed", "browse-internships": "/browse-internships",
         "external-jobs": "/external-jobs"}
for (role, page), v in sorted(rows.items(), key=lambda kv: (list(pages).index(kv[0][1]) if kv[0][1] in pages else 9, kv[0][0])):
    m = [statistics.median(x) for x in zip(*v)]
    print(f"| `{pages.get(page, page)}` | {role} | {m[0]:.0f} | {m[1]:.0f} | {m[2]:.0f} | {m[3]:.0f} | "
          f"{m[4]:.1f} s | {m[5]:.0f} ms | {m[6]:.3f} |")
PY
log "reports in $OUT"
