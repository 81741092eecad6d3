"""Shared pieces of the browser tests: the fake-camera video, `flatbed serve`, headless Chromium.

Environment:
  FLATBED_BINARY   the flatbed executable (default: .build/debug/flatbed in the repository)
  FLATBED_E2E_URL  test an already running server instead of starting one (e.g. while developing the UI)
  CHROMIUM, CHROMEDRIVER  browser and driver paths (default: Debian's /usr/bin/chromium, /usr/bin/chromedriver)
"""

import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from selenium import webdriver
from selenium.webdriver.chrome.service import Service

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
ARTIFACTS = HERE / "artifacts"
VIDEO_TOOL = ROOT / "Tools" / "video" / "make_y4m.py"


def media():
    """The fake-camera video and a still photo of a second page, generated once per run."""
    ARTIFACTS.mkdir(exist_ok=True)
    video, photo, truth = ARTIFACTS / "camera.y4m", ARTIFACTS / "second-page.jpg", ARTIFACTS / "camera-truth.json"
    if not (video.exists() and photo.exists() and truth.exists()):
        subprocess.run([sys.executable, str(VIDEO_TOOL), str(video), "--size", "640x480", "--fps", "15",
                        "--move", "1.5", "--hold", "3", "--photo", str(photo), "--truth", str(truth)], check=True)
    return video, photo, json.loads(truth.read_text())


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """`flatbed serve` on a free port with a temporary data folder (or an external URL)."""

    def __init__(self, token=None):
        self.process = None
        self.token = token
        self.data = None
        self.log = None
        external = os.environ.get("FLATBED_E2E_URL")
        if external:
            self.url = external.rstrip("/")
            return
        binary = Path(os.environ.get("FLATBED_BINARY", ROOT / ".build" / "debug" / "flatbed"))
        if not binary.exists():
            raise RuntimeError(f"{binary} not found; build it with `swift build --product flatbed` or set FLATBED_BINARY")
        port = free_port()
        self.data = tempfile.mkdtemp(prefix="flatbed-e2e-")
        self.url = f"http://127.0.0.1:{port}"
        self.log = open(ARTIFACTS / ("server-token.log" if token else "server.log"), "w")
        command = [str(binary), "serve", "--host", "127.0.0.1", "--port", str(port), "--data", self.data]
        if token:
            command += ["--token", token]
        self.process = subprocess.Popen(command, stdout=self.log, stderr=subprocess.STDOUT)
        deadline = time.time() + 30
        while time.time() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"flatbed serve exited with {self.process.returncode}; see {ARTIFACTS / 'server.log'}")
            try:
                self.get("/api/health")
                return
            except OSError:
                time.sleep(0.2)
        raise RuntimeError("flatbed serve did not answer /api/health within 30 s")

    def get(self, path):
        headers = {"Authorization": f"Bearer {self.token}"} if self.token else {}
        with urllib.request.urlopen(urllib.request.Request(self.url + path, headers=headers), timeout=30) as response:
            return json.loads(response.read())

    def stop(self):
        if self.process:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
        if self.log:
            self.log.close()
        if self.data:
            shutil.rmtree(self.data, ignore_errors=True)


def chromium(video=None, downloads=None, deny_camera=False, size=(1280, 900)):
    """Headless Chromium; with `video`, its camera is the fake device playing that .y4m file (permission
    granted, or refused with `deny_camera`)."""
    options = webdriver.ChromeOptions()
    options.binary_location = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    for flag in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                 f"--window-size={size[0]},{size[1]}", "--autoplay-policy=no-user-gesture-required",
                 "--disable-extensions", "--no-first-run", "--force-device-scale-factor=1"):
        options.add_argument(flag)
    if video:
        options.add_argument("--use-fake-device-for-media-stream")
        options.add_argument(f"--use-file-for-fake-video-capture={video}")
        # Grant the camera without a prompt, or (deny_camera) refuse it as a person would.
        options.add_argument("--deny-permission-prompts" if deny_camera else "--use-fake-ui-for-media-stream")
    if downloads:
        options.add_experimental_option("prefs", {"download.default_directory": str(downloads),
                                                  "download.prompt_for_download": False})
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    service = Service(os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver"))
    driver = webdriver.Chrome(options=options, service=service)
    if downloads:
        driver.execute_cdp_cmd("Page.setDownloadBehavior", {"behavior": "allow", "downloadPath": str(downloads)})
    return driver


def wait_for(condition, timeout=20, interval=0.1, message="condition"):
    """Polls `condition()` until it returns a truthy value, which it returns; fails after `timeout` s."""
    deadline = time.time() + timeout
    last_error = None
    while time.time() < deadline:
        try:
            value = condition()
            if value:
                return value
        except Exception as error:  # a stale element or a page still loading: try again
            last_error = error
        time.sleep(interval)
    raise AssertionError(f"timed out after {timeout} s waiting for {message}" + (f" (last error: {last_error})" if last_error else ""))
