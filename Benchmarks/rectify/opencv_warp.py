#!/usr/bin/env python3
"""OpenCV peer for rectify-benchmark: cv2.warpPerspective on the same photo, quad and output size
as Flatbed, driven line by line so the two can be timed in alternation in one run.

Usage: opencv_warp.py DIR   (DIR holds params.json and the raw RGB photo the benchmark wrote)

Commands on stdin, one reply line each on stdout:
  time SCENARIO linear|area THREADS   -> milliseconds for one call (after the first warm-up)
  write SCENARIO                      -> writes DIR/SCENARIO-opencv.rgb (INTER_LINEAR) and
                                         replies whether INTER_AREA gave identical pixels
  quit
"""
import json
import os
import sys
import time

import cv2
import numpy as np


def main():
    directory = sys.argv[1]
    with open(os.path.join(directory, "params.json")) as f:
        params = json.load(f)
    photo = np.fromfile(os.path.join(directory, params["photo"]), dtype=np.uint8)
    photo = photo.reshape(params["height"], params["width"], 3)
    scenarios = {s["name"]: s for s in params["scenarios"]}
    flags = {"linear": cv2.INTER_LINEAR, "area": cv2.INTER_AREA}

    def warp(name, interpolation):
        scenario = scenarios[name]
        # Maps output pixel centres (integers, OpenCV's convention) to photo pixel centres.
        matrix = np.array(scenario["matrix"], dtype=np.float64).reshape(3, 3)
        return cv2.warpPerspective(
            photo, matrix, (scenario["width"], scenario["height"]),
            flags=flags[interpolation] | cv2.WARP_INVERSE_MAP,
            borderMode=cv2.BORDER_CONSTANT, borderValue=(255, 255, 255))

    print(json.dumps({"opencv": cv2.__version__, "cores": os.cpu_count()}), flush=True)
    warmed = set()
    for line in sys.stdin:
        words = line.split()
        if not words or words[0] == "quit":
            break
        if words[0] == "time":
            name, interpolation, threads = words[1], words[2], int(words[3])
            cv2.setNumThreads(threads)
            if (name, interpolation, threads) not in warmed:
                warp(name, interpolation)
                warmed.add((name, interpolation, threads))
            start = time.perf_counter()
            warp(name, interpolation)
            print((time.perf_counter() - start) * 1000, flush=True)
        elif words[0] == "write":
            linear = warp(words[1], "linear")
            linear.tofile(os.path.join(directory, words[1] + "-opencv.rgb"))
            print(json.dumps(bool(np.array_equal(linear, warp(words[1], "area")))), flush=True)


if __name__ == "__main__":
    main()
