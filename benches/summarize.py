#!/usr/bin/env python3
"""Medians over the runs of benches/run.sh: prints the Markdown table and the target checks.

    python3 benches/summarize.py target/bench/results/<time>
"""
import pathlib
import re
import statistics
import sys

out = pathlib.Path(sys.argv[1])
runs = sorted(p for p in out.glob("run-*") if (p / "metrics.txt").exists())
if not runs:
    sys.exit(f"no runs under {out}")


def kv(path):
    d = {}
    if path.exists():
        for line in path.read_text().splitlines():
            if "=" in line:
                k, v = line.split("=", 1)
                d[k.strip()] = v.strip()
    return d


def ms(text):
    m = re.match(r"([\d.]+)(us|ms|s)", text)
    if not m:
        return float("nan")
    v = float(m.group(1))
    return {"us": v / 1000, "ms": v, "s": v * 1000}[m.group(2)]


def size_bytes(text):
    m = re.match(r"([\d.]+)([KMGT]?B)", text)
    if not m:
        return float("nan")
    return float(m.group(1)) * {"B": 1, "KB": 2**10, "MB": 2**20, "GB": 2**30, "TB": 2**40}[m.group(2)]


def wrk(path):
    t = path.read_text() if path and path.exists() else ""
    r = {}
    m = re.search(r"Requests/sec:\s+([\d.]+)", t)
    r["rps"] = float(m.group(1)) if m else float("nan")
    for p in ("50", "99"):
        m = re.search(rf"^\s+{p}%\s+(\S+)", t, re.M)
        r["p" + p] = ms(m.group(1)) if m else float("nan")
    m = re.search(r"Transfer/sec:\s+(\S+)", t)
    r["bps"] = size_bytes(m.group(1)) if m else float("nan")
    m = re.search(r"(\d+) requests in", t)
    r["requests"] = int(m.group(1)) if m else 0
    m = re.search(r"Non-2xx or 3xx responses: (\d+)", t)
    r["non2xx"] = int(m.group(1)) if m else 0
    m = re.search(r"Socket errors: (.*)", t)
    r["errors"] = m.group(1) if m else ""
    return r


def med(values):
    values = [v for v in values if v == v]
    return statistics.median(values) if values else float("nan")


metrics = [kv(r / "metrics.txt") for r in runs]
machine = kv(out / "machine.txt")


def m(key):
    return med([float(x[key]) for x in metrics if key in x and x[key] not in ("", "nan")])


names = ["nginx-feed", "nginx-video", "nginx-feed-gzip", "feed-visitor-gzip", "feed-visitor-br",
         "feed-student-br", "feed-visitor", "feed-visitor-uncached", "feed-student",
         "feed-students64", "feed-students64-br", "feed-student-uncached",
         "search-one", "search-two", "search-prefix", "search-typo",
         "search-one-uncached", "search-two-uncached", "search-prefix-uncached", "search-typo-uncached",
         "search-one-c1", "search-two-c1", "search-prefix-c1", "search-typo-c1",
         "search-new", "search-new-c1",
         "video", "likes", "signins"]
W = {}
for n in names:
    rs = [wrk(r / f"wrk-{n}.txt") for r in runs]
    W[n] = {k: med([x[k] for x in rs]) for k in ("rps", "p50", "p99", "bps")}
    W[n]["non2xx"] = sum(x["non2xx"] for x in rs)
    W[n]["requests"] = sum(x["requests"] for x in rs)
    W[n]["errors"] = "; ".join(sorted({x["errors"] for x in rs if x["errors"]}))

SLICE = 1048576
ng_feed, ng_video = W["nginx-feed"]["rps"], W["nginx-video"]["rps"]
ng_gzip = W["nginx-feed-gzip"]["rps"]


def gbs(n):
    return W[n]["rps"] * SLICE / 1e9


rows = [
    ("nginx: the feed page's bytes (static file)", "nginx-feed", None, ""),
    ("nginx: video, 1 MiB Range slices", "nginx-video", None, f"{gbs('nginx-video'):.2f} GB/s"),
    ("feed page, visitor (`GET /api/internships`)", "feed-visitor", ng_feed, ""),
    ("feed page, visitor, every request missing the page cache", "feed-visitor-uncached", ng_feed, ""),
    ("nginx: the feed page's gzip -9 copy (`gzip_static on`, `Accept-Encoding: gzip`)", "nginx-feed-gzip",
     None, f"{m('feed_page_gzip9_bytes') / 1000:.1f} KB of {m('feed_page_bytes') / 1000:.1f} KB"),
    ("feed page, visitor, `Accept-Encoding: gzip`", "feed-visitor-gzip", ng_gzip,
     f"{m('feed_page_wire_gzip_bytes') / 1000:.1f} KB on the wire"),
    ("feed page, visitor, `Accept-Encoding: gzip, deflate, br`", "feed-visitor-br", ng_gzip,
     f"{m('feed_page_wire_br_bytes') / 1000:.1f} KB on the wire"),
    ("feed page, signed-in student, `Accept-Encoding: gzip, deflate, br`", "feed-student-br", ng_gzip, ""),
    ("feed page, signed-in student", "feed-student", ng_feed, ""),
    ("feed page, 64 students in turn (a cookie each)", "feed-students64", ng_feed, ""),
    ("feed page, 64 students in turn, `Accept-Encoding: gzip, deflate, br`", "feed-students64-br", ng_gzip, ""),
    ("feed page, signed-in student, every request missing the page cache", "feed-student-uncached",
     ng_feed, ""),
    ("search, one word (`q=software`)", "search-one", ng_feed, ""),
    ("search, two words (`q=robotics+intern`)", "search-two", ng_feed, ""),
    ("search, prefix (`q=soft`)", "search-prefix", ng_feed, ""),
    ("search, typo (`q=sofware`)", "search-typo", ng_feed, ""),
    ("search, one word, missing the page cache", "search-one-uncached", ng_feed, ""),
    ("search, two words, missing the page cache", "search-two-uncached", ng_feed, ""),
    ("search, prefix, missing the page cache", "search-prefix-uncached", ng_feed, ""),
    ("search, typo, missing the page cache", "search-typo-uncached", ng_feed, ""),
    ("search, one word, one client (-t1 -c1), missing the page cache", "search-one-c1", None, ""),
    ("search, two words, one client, missing the page cache", "search-two-c1", None, ""),
    ("search, prefix, one client, missing the page cache", "search-prefix-c1", None, ""),
    ("search, typo, one client, missing the page cache", "search-typo-c1", None, ""),
    ("search, a new query every request (a letter changed in 1-2 words), 64 connections", "search-new", None,
     "misses the kept hits too"),
    ("search, a new query every request, one client", "search-new-c1", None, ""),
    ("video, 1 MiB Range slices", "video", ng_video, f"{gbs('video'):.2f} GB/s"),
    ("like toggles, 64 students at once", "likes", None, "durable writes/s = req/s"),
    ("student sign-ins, 64 at once (argon2id)", "signins", None,
     f"RSS max {m('rss_max_signins_kb') / 1024:.0f} MB during the run"),
]
print(f"Medians of {len(runs)} run(s); {machine.get('date', '')}; commit {machine.get('commit', '')}; "
      f"{machine.get('cpus', '?')} × {machine.get('cpu', '?')}, {machine.get('mem_gib', '?')} GiB; "
      f"nginx {machine.get('nginx', '')}, wrk {machine.get('wrk', '')}.\n")
print("| Scenario (wrk -t2 -c64 -d10s) | req/s | p50 | p99 | vs nginx | |")
print("|---|---:|---:|---:|---:|---|")
for label, n, ref, note in rows:
    w = W[n]
    ratio = f"{100 * w['rps'] / ref:.0f} %" if ref else "—"
    extra = [note] if note else []
    if w["non2xx"]:
        extra.append(f"{w['non2xx']} non-2xx of {w['requests']}")
    if w["errors"]:
        extra.append(f"socket errors: {w['errors']}")
    print(f"| {label} | {w['rps']:,.0f} | {w['p50']:.2f} ms | {w['p99']:.2f} ms | {ratio} | {'; '.join(extra)} |")

print()
print("| Other figure | Median |")
print("|---|---:|")
_ws = m("ws_sockets")
WS_N = f"{_ws:,.0f}" if _ws == _ws else "?"
WS_HALF = f"{_ws - _ws // 2:,.0f}" if _ws == _ws else "?"
others = [
    (f"seeding {int(float(machine.get('postings', '100000'))):,} postings (as printed / wall)", f"{m('seed_reported_s'):.1f} s / {m('seed_wall_s'):.1f} s"),
    ("data directory after seeding", f"{m('data_dir_mb'):.0f} MB"),
    ("start-up to `listening on`", f"{m('startup_listen_ms'):.0f} ms"),
    ("start-up to the first 200 from /api/health", f"{m('startup_health_ms'):.0f} ms"),
    ("RSS after start-up", f"{m('rss_start_kb') / 1024:.0f} MB"),
    ("RSS after the wrk load (before /ws)", f"{m('rss_after_load_kb') / 1024:.0f} MB"),
    ("RSS at the end (after /ws)", f"{m('rss_end_kb') / 1024:.0f} MB"),
    ("release binary (stripped)", f"{float(machine.get('binary_bytes', 'nan')) / 1e6:.1f} MB "
                                  f"({float(machine.get('binary_stripped_bytes', 'nan')) / 1e6:.1f} MB)"),
    ("first screen (a visitor's /: HTML + JS + CSS) on the wire (brotli) / uncompressed",
     f"{m('first_screen_wire_bytes') / 1024:.1f} KB / {m('first_screen_bytes') / 1024:.1f} KB"),
    ("feed page size (visitor, 50 postings)", f"{m('feed_page_bytes') / 1000:.1f} KB"),
    (f"/ws: {WS_N} students signed in", f"{m('ws_signin_per_s'):.0f} sign-ins/s"),
    (f"/ws: {WS_N} sockets opened ({m('ws_sources'):.0f} source addresses, 64 at a time)",
     f"{m('ws_open_s'):.1f} s ({m('ws_open_per_s'):.0f}/s; connect → `joined` p50 / p99 "
     f"{m('ws_open_p50_ms'):.2f} / {m('ws_open_p99_ms'):.2f} ms)"),
    (f"/ws: server RSS before / after {WS_N} idle sockets",
     f"{m('ws_rss_before_kb') / 1024:.0f} / {m('ws_rss_after_kb') / 1024:.0f} MB"),
    (f"/ws: per idle socket (all {WS_N} / the second {WS_HALF})",
     f"{m('ws_kb_per_socket'):.1f} / {m('ws_kb_per_socket_marginal'):.1f} KB"),
    (f"/ws: POST message → receiver's `new_message` with {WS_N} open, p50 / p99 / max",
     f"{m('ws_p50_ms'):.2f} / {m('ws_p99_ms'):.2f} / {m('ws_max_ms'):.2f} ms"),
    ("/ws: the POST alone, p50 / p99", f"{m('ws_post_p50_ms'):.2f} / {m('ws_post_p99_ms'):.2f} ms"),
    ("/ws: messages/s (8 senders, 2,000 messages)", f"{m('ws_msgs_per_s'):.0f}"),
    ("/ws: frames missing", f"{m('ws_missing'):.0f}"),
]
for k, v in others:
    print(f"| {k} | {v} |")


def check(name, ok, text):
    print(f"| {name} | {'met' if ok else '**missed**'} | {text} |")


print()
print("| Target (issue) | | Measured |")
print("|---|---|---|")
SEARCHES = ("search-one", "search-two", "search-prefix", "search-typo")


def search_check(label, suffix):
    p99 = {n: W[n + suffix]["p99"] for n in SEARCHES}
    worst = max(p99.values())
    check(label, worst < 10,
          ", ".join(f"{n.split('-')[1]} {v:.1f} ms" for n, v in p99.items())
          + ("" if worst < 10 else f" (worst {worst / 10:.1f}× the target)"))


N = int(float(machine.get("postings", "100000")))
NTXT = f"{N:,}"
search_check(f"search p99 < 10 ms at {NTXT} postings", "")
search_check("… one client at a time, missing the page cache", "-c1")
search_check("… 64 connections, every request missing the page cache", "-uncached")
st = m("startup_health_ms")
check("start-up < 1 s", st < 1000, f"{st:.0f} ms to the first 200" + ("" if st < 1000 else f" ({st / 1000:.1f}× the target)"))
rs, rl = m("rss_start_kb") / 1024, m("rss_after_load_kb") / 1024
if N >= 1_000_000:
    # Issue 35: a state's worth of data.
    check(f"RSS < 150 MB after start with {NTXT} postings", rs < 150, f"{rs:.0f} MB")
    check(f"RSS < 250 MB after the load with {NTXT} postings", rl < 250, f"{rl:.0f} MB")
else:
    check("RSS < 150 MB with that data", max(rs, rl) < 150, f"{rs:.0f} MB after start, {rl:.0f} MB after the load")
r = W["feed-visitor"]["rps"] / ng_feed
check("feed page, visitor ≥ 70 % of nginx", r >= 0.7, f"{100 * r:.0f} %")
r = W["feed-student"]["rps"] / ng_feed
check("feed page, signed-in student ≥ 50 % of nginx", r >= 0.5, f"{100 * r:.0f} %")
r = W["feed-visitor-br"]["rps"] / ng_gzip
check("compressed feed page, visitor ≥ 70 % of nginx gzip_static", r >= 0.7, f"{100 * r:.0f} %")
# Issue 35: the signed-in student as fast as a visitor, compressed.
for name, label in (("feed-student-br", "signed-in student"), ("feed-students64-br", "64 students in turn")):
    r = W[name]["rps"] / ng_gzip
    check(f"compressed feed page, {label} ≥ 90 % of nginx gzip_static", r >= 0.9,
          f"{100 * r:.0f} % ({W[name]['rps']:,.0f} against {ng_gzip:,.0f} req/s)")
r = W["video"]["rps"] / ng_video
check("video Range ≥ 100 % of nginx", r >= 1.0, f"{100 * r:.0f} % ({gbs('video'):.2f} vs {gbs('nginx-video'):.2f} GB/s)")
lk = W["likes"]["rps"]
check("like toggles ≥ 3,000 durable writes/s (64 students)", lk >= 3000 and W["likes"]["non2xx"] == 0,
      f"{lk:,.0f}/s" + ("" if lk >= 3000 else f" ({100 * lk / 3000:.0f} % of the target)"))
mx = m("rss_max_signins_kb") / 1024
check("sign-ins bounded (~300 MB max RSS)", mx <= 300, f"max {mx:.0f} MB at {W['signins']['rps']:.0f} sign-ins/s")
fs = m("first_screen_wire_bytes") / 1024
check("first screen ≤ 125 KB brotli on the wire (HTML + JS + CSS, a visitor's /)", fs <= 125,
      f"{fs:.1f} KB ({m('first_screen_js_wire_bytes') / 1024:.1f} KB of it JS)")
if len(sys.argv) > 2:
    # Issue 35: with a state's worth of data, feed and search within 80 % of 100,000 postings'.
    ref = pathlib.Path(sys.argv[2])
    ref_runs = sorted(p for p in ref.glob("run-*") if (p / "metrics.txt").exists())
    for n in ("feed-visitor", "feed-student", "feed-student-br", "feed-visitor-uncached",
              "feed-student-uncached", "search-one", "search-one-uncached", "search-two-uncached",
              "search-prefix-uncached", "search-typo-uncached"):
        mine = W[n]["rps"]
        theirs = med([wrk(r / f"wrk-{n}.txt")["rps"] for r in ref_runs])
        check(f"{n} with {NTXT} postings ≥ 80 % of 100,000's", mine >= 0.8 * theirs,
              f"{100 * mine / theirs:.0f} % ({mine:,.0f} against {theirs:,.0f} req/s, {ref.name})")
# Issue 35: 10,000 idle sockets, < 16 KB each, p99 < 50 ms with all of them open.
full = _ws >= 10000
p = m("ws_p99_ms")
check("/ws p99 < 50 ms with 10,000 sockets open", p < 50 and full and m("ws_missing") == 0,
      f"{p:.2f} ms with {WS_N} open, {m('ws_missing'):.0f} frames missing")
k = m("ws_kb_per_socket")
check("/ws < 16 KB per idle socket (10,000 sockets)", k < 16 and full,
      f"{k:.1f} KB over all {WS_N} ({m('ws_kb_per_socket_marginal'):.1f} KB each for the second {WS_HALF})")
