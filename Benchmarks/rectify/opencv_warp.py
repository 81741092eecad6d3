#!/usr/bin/env python3
"""OpenCV peer for rectify-benchmark: times cv2.warpPerspective on the same photo, quad and
output size as Flatbed, on one thread and on every core.

Usage: opencv_warp.py DIR  (DIR holds params.json and the raw RGB photo written by the benchmark)
Prints one JSON object on stdout and writes DIR/<scenario>-opencv.rgb (INTER_LINEAR output).
"""
import json
import os
import sys
import time

import cv2
import numpy as np


def median_ms(fn, runs):
    fn()  # warm-up
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        times.append((time.perf_counter() - start) * 1000)
    times.sort()
    return times[len(times) // 2]


def main():
    directory = sys.argv[1]
    with open(os.path.join(directory, "params.json")) as f:
        params = json.load(f)
    photo = np.fromfile(os.path.join(directory, params["photo"]), dtype=np.uint8)
    photo = photo.reshape(params["height"], params["width"], 3)
    cores = os.cpu_count() or 1
    result = {"opencv": cv2.__version__, "cores": cores, "scenarios": {}}
    for scenario in params["scenarios"]:
        # Maps output pixel centres (integers, OpenCV's convention) to photo pixel centres.
        matrix = np.array(scenario["matrix"], dtype=np.float64).reshape(3, 3)
        size = (scenario["width"], scenario["height"])

        def warp(interpolation):
            return cv2.warpPerspective(
                photo, matrix, size, flags=interpolation | cv2.WARP_INVERSE_MAP,
                borderMode=cv2.BORDER_CONSTANT, borderValue=(255, 255, 255))

        timings = {}
        for label, threads in (("1", 1), ("all", cores)):
            cv2.setNumThreads(threads)
            timings["linear_" + label] = median_ms(lambda: warp(cv2.INTER_LINEAR), params["runs"])
            timings["area_" + label] = median_ms(lambda: warp(cv2.INTER_AREA), params["runs"])
        linear = warp(cv2.INTER_LINEAR)
        area = warp(cv2.INTER_AREA)
        timings["area_equals_linear"] = bool(np.array_equal(linear, area))
        linear.tofile(os.path.join(directory, scenario["name"] + "-opencv.rgb"))
        result["scenarios"][scenario["name"]] = timings
    print(json.dumps(result))


if __name__ == "__main__":
    main()
