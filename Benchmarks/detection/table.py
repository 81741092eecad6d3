#!/usr/bin/env python3
"""Prints the detection benchmark table from the files run.sh leaves in a work folder:
<set>.<tool>.jsonl (predictions with detect_ms) and <set>.<tool>.score.json (score_quads.py --json --by-folder),
plus <set>.opencv-all-cores.jsonl (OpenCV timed again with its default thread pool)."""
import json
import os
import statistics
import sys

work = sys.argv[1]
SETS = [("smartdoc", "SmartDoc sample"), ("phone", "SmartDoc at 12 MP"), ("synthetic", "synthetic"),
        ("fresh", "fresh synthetic")]
TOOLS = [("flatbed", "flatbed"), ("opencv", "OpenCV")]


def median_ms(name, tool):
    rows = [json.loads(line) for line in open(os.path.join(work, f"{name}.{tool}.jsonl")) if line.strip()]
    times = [r["detect_ms"] for r in rows if r.get("detect_ms") is not None]
    return statistics.median(times) if times else None


def load(name, tool):
    score = json.load(open(os.path.join(work, f"{name}.{tool}.score.json")))
    rows = [json.loads(line) for line in open(os.path.join(work, f"{name}.{tool}.jsonl")) if line.strip()]
    score["errors"] = sum(1 for r in rows if r.get("error"))
    return score, median_ms(name, tool)


data = {(s, t): load(s, t) for s, _ in SETS for t, _ in TOOLS}


def fmt(v, spec="{:.4f}"):
    return "-" if v is None else spec.format(v)


columns = [f"{label}: {tool_label}" for _, label in SETS for _, tool_label in TOOLS]
width = max(len(c) for c in columns) + 2
metrics = [
    ("photos with a page", lambda o, ms: fmt(o["images"], "{}")),
    ("mean JI", lambda o, ms: fmt(o["mean_ji"])),
    ("median JI", lambda o, ms: fmt(o["median_ji"])),
    ("photos below JI 0.9", lambda o, ms: fmt(o["ji_below_0.9"], "{}")),
    ("found rate", lambda o, ms: fmt(o["found_rate"])),
    ("false positives / negatives", lambda o, ms: f'{o["false_positives"]} / {o["negatives"]}'),
    ("photos that failed to run", lambda o, ms: fmt(o.get("errors"), "{}")),
    ("median detect_ms, 1 thread", lambda o, ms: fmt(ms, "{:.2f}")),
]
print("metric".ljust(30) + "".join(c.rjust(width) for c in columns))
for label, f in metrics:
    cells = [f(dict(data[(s, t)][0]["overall"], errors=data[(s, t)][0]["errors"]), data[(s, t)][1]) for s, _ in SETS for t, _ in TOOLS]
    print(label.ljust(30) + "".join(c.rjust(width) for c in cells))
ratios = []
for s, _ in SETS:
    ours, theirs = data[(s, "flatbed")][1], data[(s, "opencv")][1]
    ratios += ["-" if not ours or not theirs else f"{ours / theirs:.2f}x", ""]
print("speed ratio flatbed/OpenCV".ljust(30) + "".join(c.rjust(width) for c in ratios))
# For reference: OpenCV with its default thread pool (all cores); flatbed stays on one thread.
cells, ratios = [], []
for s, _ in SETS:
    ours, theirs = data[(s, "flatbed")][1], median_ms(s, "opencv-all-cores")
    cells += ["", fmt(theirs, "{:.2f}")]
    ratios += ["-" if not ours or not theirs else f"{ours / theirs:.2f}x", ""]
print("OpenCV detect_ms, all cores".ljust(30) + "".join(c.rjust(width) for c in cells))
print("ratio to OpenCV on all cores".ljust(30) + "".join(c.rjust(width) for c in ratios))

for s, label in SETS:
    folders = sorted(set(data[(s, "flatbed")][0].get("by_folder", {})) | set(data[(s, "opencv")][0].get("by_folder", {})))
    if len(folders) < 2:
        continue
    print(f"\nmean JI by family ({label}; negatives: false positives)")
    print("family".ljust(30) + "flatbed".rjust(12) + "OpenCV".rjust(12))
    for folder in folders:
        cells = []
        for t, _ in TOOLS:
            o = data[(s, t)][0]["by_folder"].get(folder)
            if o is None:
                cells.append("-")
            elif o["images"] == 0:
                cells.append(f'FP {o["false_positives"]}/{o["negatives"]}')
            else:
                cells.append(fmt(o["mean_ji"]))
        print(folder.ljust(30) + "".join(c.rjust(12) for c in cells))
