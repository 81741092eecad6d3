"""End-to-end: the web scanner in headless Chromium with a fake camera, against `flatbed serve`.

The tests run in file order as one scanning session: live overlay → auto-capture → settings → import →
crop → rotate/mode → reorder → export, then phone-sized screenshots and a browser without a camera.
Screenshots of every screen go to Tests/e2e/artifacts/.
"""

import json
import os
import subprocess
import time
import urllib.error
import urllib.request
import zipfile

import pytest
from PIL import Image
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from harness import ARTIFACTS, Server, chromium, media, wait_for


@pytest.fixture(scope="module")
def env():
    video, photo, truth = media()
    downloads = ARTIFACTS / "downloads"
    downloads.mkdir(parents=True, exist_ok=True)
    for old in downloads.iterdir():
        old.unlink()
    server = Server()
    driver = chromium(video=video, downloads=downloads)
    context = {"server": server, "driver": driver, "photo": photo, "truth": truth, "downloads": downloads, "console": []}
    try:
        driver.get(server.url + "/")
        yield context
    finally:
        logs = context["console"] + driver.get_log("browser")
        (ARTIFACTS / "browser-console.log").write_text("\n".join(f"{e['level']} {e['message']}" for e in logs))
        driver.quit()
        server.stop()


def shot(driver, name):
    driver.save_screenshot(str(ARTIFACTS / f"{name}.png"))


def state(driver):
    return driver.execute_script("return window.flatbed")


def session(env):
    sid = state(env["driver"])["sessionID"]
    return env["server"].get(f"/api/sessions/{sid}")


def click(driver, css):
    element = wait_for(lambda: visible(driver, css), message=f"{css} visible and enabled")
    element.click()
    return element


def visible(driver, css):
    element = driver.find_element(By.CSS_SELECTOR, css)
    return element if element.is_displayed() and element.is_enabled() else None


OVERLAY_PIXELS = """
const c = document.getElementById('overlay');
const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
let n = 0;
for (let i = 3; i < d.length; i += 4) if (d[i] > 0) n++;
return n;
"""


def test_live_overlay_draws_the_detected_quad(env):
    driver = env["driver"]
    wait_for(lambda: state(driver)["camera"] == "live", timeout=20, message="the fake camera to go live")
    wait_for(lambda: state(driver)["detectionsWithQuad"] >= 3, timeout=30, message="detections with a quad")
    painted = wait_for(lambda: driver.execute_script(OVERLAY_PIXELS), timeout=10, interval=0.03,
                       message="non-transparent pixels on the overlay canvas")
    assert painted > 500
    assert state(driver)["overlayQuads"] > 0
    # The frame rate the UI measured over the last second, for the report.
    time.sleep(1.0)
    fps = state(driver)["detectFPS"]
    (ARTIFACTS / "detect-fps.txt").write_text(f"{fps}\n")
    shot(driver, "01-scanner-live")
    # While the page is held still, the detected corners (in frame pixels) match the video's truth.
    truth = env["truth"]["corners"]

    def near_truth():
        last = state(driver)["lastDetection"]
        if not last or not last["corners"] or last["width"] != env["truth"]["width"]:
            return False
        return max(abs(a - b) for p, q in zip(last["corners"], truth) for a, b in zip(p, q)) < 12

    wait_for(near_truth, timeout=20, interval=0.05, message="a detection within 12 px of the true corners")


def test_auto_capture_adds_a_page(env):
    driver = env["driver"]
    wait_for(lambda: state(driver)["autoCaptures"] >= 1, timeout=40, message="an automatic capture")
    shot(driver, "02-scanner-captured")
    pages = wait_for(lambda: session(env)["pages"], message="the captured page on the server")
    assert pages[0]["width"] == 640 and pages[0]["height"] == 480  # the full camera frame
    # Turn auto-capture off so the looping video doesn't keep adding pages.
    click(driver, "#auto-toggle")
    wait_for(lambda: driver.find_element(By.ID, "auto-toggle").get_attribute("aria-pressed") == "false")
    wait_for(lambda: session(env)["settings"]["autoCapture"] is False, message="autoCapture false on the server")
    env["captured"] = len(session(env)["pages"])


def test_settings_sheet_persists_sliders(env):
    driver = env["driver"]
    click(driver, "#settings-button")
    slider = wait_for(lambda: visible(driver, "#setting-frames"))
    before = int(slider.get_attribute("value"))
    slider.send_keys(Keys.ARROW_RIGHT)
    expected = min(8, before + 1)
    wait_for(lambda: session(env)["settings"]["frameCount"] == expected, message=f"frameCount {expected} on the server")
    stored = json.loads(driver.execute_script("return localStorage.getItem('flatbed.settings')"))
    assert stored["frameCount"] == expected
    shot(driver, "03-settings")
    click(driver, "#settings-sheet button.primary")
    wait_for(lambda: not driver.find_element(By.ID, "settings-sheet").is_displayed())


def test_manual_shutter_and_import(env):
    driver = env["driver"]
    count = len(session(env)["pages"])
    click(driver, "#shutter")
    wait_for(lambda: len(session(env)["pages"]) == count + 1, message="a page from the shutter")
    # Two files at once: the JPEG photo and the same photo as a PNG.
    png = ARTIFACTS / "second-page.png"
    Image.open(env["photo"]).save(png)
    driver.find_element(By.ID, "file-input").send_keys(f"{env['photo']}\n{png}")
    wait_for(lambda: len(session(env)["pages"]) == count + 3, timeout=30, message="the two imported pages")
    wait_for(lambda: len(driver.find_elements(By.CSS_SELECTOR, "#scan-strip li")) == count + 3, message="thumbnails")
    assert driver.find_element(By.ID, "page-count").text == str(count + 3)
    assert state(driver)["imports"] == 2
    time.sleep(0.5)
    shot(driver, "04-scanner-strip")


def open_review(driver, index):
    if state(driver)["screen"] != "review":
        click(driver, "#done-button")
    wait_for(lambda: state(driver)["screen"] == "review")
    thumbs = wait_for(lambda: driver.find_elements(By.CSS_SELECTOR, "#review-strip .thumb"))
    thumbs[index].click()
    wait_for(lambda: driver.find_element(By.ID, "review-position").text.startswith(f"{index + 1} /"))


def test_crop_editor_drag_and_invalid_quad(env):
    driver = env["driver"]
    open_review(driver, 0)
    page = session(env)["pages"][0]
    click(driver, "#crop-button")
    wait_for(lambda: state(driver)["screen"] == "crop")
    handle = wait_for(lambda: visible(driver, '.handle[data-corner="0"]'), message="the top-left handle")
    time.sleep(0.4)
    start = state(driver)["crop"]["corners"][0]
    frame_width = driver.find_element(By.ID, "crop-frame").size["width"]
    scale = frame_width / page["width"]

    # A valid drag, with the loupe showing while the button is held.
    actions = ActionChains(driver, duration=50)
    actions.click_and_hold(handle).move_by_offset(10, 6).move_by_offset(20, 12).perform()
    assert driver.find_element(By.ID, "loupe").is_displayed()
    shot(driver, "05-crop-dragging")
    ActionChains(driver).release().perform()
    moved = state(driver)["crop"]["corners"][0]
    assert abs((moved[0] - start[0]) * scale - 30) < 3 and abs((moved[1] - start[1]) * scale - 18) < 3
    assert driver.find_element(By.ID, "crop-apply").is_enabled()

    # Dragging the top-left corner past the bottom-right one crosses the edges: apply is refused.
    far = driver.find_element(By.CSS_SELECTOR, '.handle[data-corner="2"]')
    ActionChains(driver, duration=50).drag_and_drop_by_offset(handle, far.location["x"] - handle.location["x"] + 30,
                                                              far.location["y"] - handle.location["y"] + 30).perform()
    wait_for(lambda: not driver.find_element(By.ID, "crop-apply").is_enabled(), message="apply disabled")
    assert driver.find_element(By.ID, "crop-message").text
    shot(driver, "06-crop-invalid")

    # Reset, then nudge with the keyboard (Shift+Right = 10 px), drag again and apply.
    click(driver, "#crop-reset")
    handle = driver.find_element(By.CSS_SELECTOR, '.handle[data-corner="0"]')
    handle.send_keys(Keys.SHIFT, Keys.ARROW_RIGHT)
    nudged = state(driver)["crop"]["corners"][0]
    reset = page["detectedCorners"][0] if page["detectedCorners"] else [0, 0]
    assert abs((nudged[0] - reset[0]) * scale - 10) < 1.5
    ActionChains(driver, duration=50).drag_and_drop_by_offset(handle, 15, 20).perform()
    expected = state(driver)["crop"]["corners"]
    click(driver, "#crop-apply")
    wait_for(lambda: state(driver)["screen"] == "review", message="back in review")
    saved = session(env)["pages"][0]["corners"]
    assert all(abs(a - b) < 0.6 for p, q in zip(saved, expected) for a, b in zip(p, q))
    assert saved[0] != page["corners"][0] if page["corners"] else True


def test_review_rotate_and_black_and_white(env):
    driver = env["driver"]
    open_review(driver, 0)
    click(driver, "#rotate-right")
    wait_for(lambda: session(env)["pages"][0]["rotation"] == 90, message="rotation 90")
    click(driver, '#mode-group [data-mode="bw"]')
    wait_for(lambda: session(env)["pages"][0]["mode"] == "bw", message="mode bw")
    wait_for(lambda: driver.find_element(By.CSS_SELECTOR, '#mode-group [data-mode="bw"]').get_attribute("aria-checked") == "true",
             message="the B&W choice checked")
    image = driver.find_element(By.ID, "review-image")
    loaded = "return arguments[0].complete && arguments[0].naturalWidth > 0 && !arguments[0].parentElement.classList.contains('loading')"
    wait_for(lambda: driver.execute_script(loaded, image), timeout=30, message="the rendered page")
    width, height = driver.execute_script("return [arguments[0].naturalWidth, arguments[0].naturalHeight]", image)
    assert height < width  # a portrait page turned a quarter turn
    time.sleep(0.4)
    shot(driver, "07-review-rotated-bw")


def test_reorder_by_dragging_and_buttons(env):
    driver = env["driver"]
    open_review(driver, 0)
    before = [p["id"] for p in session(env)["pages"]]
    thumbs = driver.find_elements(By.CSS_SELECTOR, "#review-strip .thumb")
    # Drag the first page past the second one with the pointer.
    distance = thumbs[1].location["x"] - thumbs[0].location["x"] + thumbs[1].size["width"] // 2 + 6
    actions = ActionChains(driver, duration=30)
    actions.click_and_hold(thumbs[0])
    for _ in range(6):
        actions.move_by_offset(distance // 6, 0)
    actions.move_by_offset(distance - 6 * (distance // 6), 0).release().perform()
    dragged = [before[1], before[0]] + before[2:]
    wait_for(lambda: [p["id"] for p in session(env)["pages"]] == dragged, message="the dragged order on the server")
    time.sleep(0.3)
    shot(driver, "08-review-reordered")
    # Keyboard alternative: the moved page is selected (position 2); "move earlier" puts it back.
    wait_for(lambda: driver.find_element(By.ID, "review-position").text.startswith("2 /"), message="the moved page selected")
    click(driver, "#move-left")
    wait_for(lambda: [p["id"] for p in session(env)["pages"]] == before, message="the original order again")


def newest_download(folder, suffix, timeout=60):
    def ready():
        files = [f for f in folder.iterdir() if f.suffix == suffix]
        return files[0] if files and files[0].stat().st_size > 0 else None
    return wait_for(ready, timeout=timeout, interval=0.25, message=f"a downloaded {suffix} file")


def test_export_pdf_and_zip(env):
    driver = env["driver"]
    count = len(session(env)["pages"])
    click(driver, "#export-button")
    wait_for(lambda: visible(driver, "#export-pdf"))
    shot(driver, "09-export-sheet")
    ocr_box = driver.find_element(By.ID, "export-ocr")
    if ocr_box.is_selected():
        ocr_box.click()
    click(driver, "#export-pdf")
    pdf = newest_download(env["downloads"], ".pdf")
    wait_for(lambda: (state(driver)["lastExport"] or {}).get("format") == "pdf", message="the export to finish")
    shot(driver, "10-export-done")
    info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True, check=True).stdout
    pages = int(next(line.split()[-1] for line in info.splitlines() if line.startswith("Pages:")))
    assert pages == count
    text = subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True)
    assert text.returncode == 0

    click(driver, "#export-zip")
    archive = newest_download(env["downloads"], ".zip")
    wait_for(lambda: zipfile.is_zipfile(archive), message="a complete ZIP")
    with zipfile.ZipFile(archive) as z:
        assert sorted(z.namelist()) == sorted(f"page-{i}.jpg" for i in range(1, count + 1))
    click(driver, "#export-cancel")


def test_phone_portrait_screens(env):
    driver = env["driver"]
    driver.set_window_size(390, 844)
    open_review(driver, 0)
    time.sleep(0.5)
    shot(driver, "11-phone-review")
    click(driver, "#review-back")
    wait_for(lambda: state(driver)["screen"] == "scanner" and state(driver)["camera"] == "live")
    time.sleep(1.0)
    shot(driver, "12-phone-scanner")
    # A reload resumes the same session.
    sid = state(driver)["sessionID"]
    driver.refresh()
    wait_for(lambda: (state(driver) or {}).get("sessionID") == sid, message="the same session after a reload")
    driver.set_window_size(1280, 900)


def test_retake_replaces_the_page_in_place_and_delete_asks_twice(env):
    driver = env["driver"]
    open_review(driver, 1)
    before = session(env)["pages"]
    click(driver, "#retake-button")
    wait_for(lambda: state(driver)["screen"] == "scanner" and state(driver)["camera"] == "live", message="the camera for a retake")
    assert driver.find_element(By.ID, "retake-banner").is_displayed()
    shot(driver, "14-scanner-retake")
    click(driver, "#shutter")
    wait_for(lambda: state(driver)["screen"] == "review", message="back in review after the retake")
    after = session(env)["pages"]
    assert [p["id"] for p in after] == [p["id"] for p in before]
    assert after[1]["rotation"] == 0
    wait_for(lambda: driver.find_element(By.ID, "review-position").text.startswith("2 /"), message="the retaken page shown")

    click(driver, "#delete-button")
    assert len(session(env)["pages"]) == len(before)  # the first press only asks
    click(driver, "#delete-button.confirm")
    wait_for(lambda: [p["id"] for p in session(env)["pages"]] == [before[0]["id"]] + [p["id"] for p in before[2:]],
             message="the page deleted on the server")


def test_camera_permission_denied_then_import(env):
    video, _, _ = media()
    driver = chromium(video=video, deny_camera=True)
    try:
        driver.get(env["server"].url + "/")
        wait_for(lambda: (state(driver) or {}).get("camera") == "unavailable", message="the no-camera message")
        assert driver.find_element(By.ID, "camera-message").is_displayed()
        assert "denied" in driver.find_element(By.ID, "camera-message-title").text
        assert not driver.find_element(By.ID, "shutter").is_enabled()
        wait_for(lambda: state(driver)["sessionID"])
        driver.find_element(By.ID, "file-input").send_keys(str(env["photo"]))
        wait_for(lambda: state(driver)["imports"] == 1, message="an import without a camera")
        sid = state(driver)["sessionID"]
        assert len(env["server"].get(f"/api/sessions/{sid}")["pages"]) == 1
        time.sleep(0.5)
        shot(driver, "13-no-camera")
    finally:
        driver.quit()


@pytest.mark.skipif(bool(os.environ.get("FLATBED_E2E_URL")), reason="needs its own server with --token")
def test_token_from_the_url_authorises_fetches_and_images():
    token = "e2e-token-0123456789"
    server = Server(token=token)
    driver = chromium()
    try:
        bare = urllib.request.Request(server.url + "/api/sessions", method="POST")
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(bare, timeout=10)
        assert refused.value.code in (401, 403)
        driver.get(f"{server.url}/?token={token}")
        wait_for(lambda: (state(driver) or {}).get("sessionID"), message="a session created with the token")
        assert "token" not in driver.current_url  # dropped from the address bar (and from history)
        _, photo, _ = media()
        driver.find_element(By.ID, "file-input").send_keys(str(photo))
        wait_for(lambda: state(driver)["imports"] == 1, message="an import with the token")
        # The thumbnail is a plain <img>: it loads through the cookie the server set for ?token=.
        loaded = "const i = document.querySelector('#scan-strip img'); return i && i.complete && i.naturalWidth > 0"
        wait_for(lambda: driver.execute_script(loaded), timeout=30, message="the thumbnail loaded with the cookie")
    finally:
        driver.quit()
        server.stop()


def test_console_has_no_errors_or_csp_violations(env):
    """The app runs under the server's strict Content-Security-Policy without a single blocked resource."""
    with urllib.request.urlopen(env["server"].url + "/") as response:
        policy = response.headers.get("Content-Security-Policy") or ""
    assert "script-src 'self'" in policy and "style-src 'self'" in policy
    entries = env["driver"].get_log("browser")
    env["console"].extend(entries)
    severe = [e["message"] for e in entries if e["level"] == "SEVERE"]
    assert not severe, severe
