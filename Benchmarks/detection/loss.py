#!/usr/bin/env python3
"""Where the detector's mean JI goes: for labelled sets and their predictions (flatbed detect --json
lines), each page's 1 - JI (../shared/eval/score_quads.py's jaccard, as the benchmark scores it),
summed by outcome and by folder (the generator's background family) and divided by the number of
pages, so that the outcomes add up to 1 - mean JI. Outcomes: no detection, wrong (JI < 0.5),
partial (< 0.9), close (< 0.98), good. Negatives (no labelled page) are counted apart, as false
positives. Printed, not asserted.

Usage: loss.py TRUTH.json PREDICTIONS.jsonl [TRUTH.json PREDICTIONS.jsonl ...]
(several sets are pooled; images are matched by file name, as score_quads.py matches them).
"""
import collections
import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "../../../shared/eval"))
from score_quads import jaccard  # noqa: E402

OUTCOMES = ["no detection", "wrong", "partial", "close", "good"]


def outcome(ji, found):
    if not found:
        return "no detection"
    if ji < 0.5:
        return "wrong"
    if ji < 0.9:
        return "partial"
    return "close" if ji < 0.98 else "good"


def main(args):
    if len(args) < 2 or len(args) % 2:
        sys.exit(__doc__)
    loss = collections.defaultdict(float)      # (folder, outcome) -> summed 1 - JI
    count = collections.Counter()               # (folder, outcome) -> pages
    pages = negatives = false_positives = missing = 0
    for truth_path, predictions_path in zip(args[::2], args[1::2]):
        truth = {os.path.basename(entry["image"]): entry for entry in json.load(open(truth_path))}
        predicted = {}
        for line in open(predictions_path):
            if line.strip():
                prediction = json.loads(line)
                name = os.path.basename(prediction["image"])
                if name not in truth:
                    sys.exit(f"{predictions_path}: {prediction['image']} is not in {truth_path}; "
                             "check that the predictions are of that set")
                predicted[name] = prediction.get("corners")
        for image, entry in truth.items():
            # A photo without a prediction line counts as no detection, as score_quads.py counts it.
            missing += image not in predicted
            corners = predicted.get(image)
            if entry["corners"] is None:
                negatives += 1
                false_positives += corners is not None
                continue
            ji = jaccard(entry["corners"], corners, entry.get("page_size")) if corners else 0.0
            folder = entry["image"].split("/")[0]
            kind = outcome(ji, corners is not None)
            loss[folder, kind] += 1 - ji
            count[folder, kind] += 1
            pages += 1
    if pages == 0:
        sys.exit("no labelled page in the sets given")
    folders = sorted({folder for folder, _ in count})
    print(f"{pages} pages: mean JI {1 - sum(loss.values()) / pages:.4f}; "
          f"false positives {false_positives} of {negatives} negatives; {missing} photos without a prediction")
    print("mean JI lost per page (pages), by outcome and folder")
    width = max(len(f) for f in folders + ["all"]) + 2
    print("".ljust(width) + "".join(o.rjust(16) for o in OUTCOMES))
    for folder in folders + ["all"]:
        chosen = folders if folder == "all" else [folder]
        cells = []
        for kind in OUTCOMES:
            lost = sum(loss[f, kind] for f in chosen) / pages
            n = sum(count[f, kind] for f in chosen)
            cells.append(f"{lost:.4f} ({n})".rjust(16))
        print(folder.ljust(width) + "".join(cells))


if __name__ == "__main__":
    main(sys.argv[1:])
