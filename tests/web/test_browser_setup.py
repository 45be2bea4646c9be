"""The browser tests install Chromium where they can, and otherwise skip saying why (never pass
silently); the served script's patch fails loudly when it no longer applies."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from . import support


@pytest.fixture
def no_chromium(monkeypatch, tmp_path):
    monkeypatch.setattr(support, "CHROMIUM", tmp_path / "chromium")
    monkeypatch.setattr(support, "CHROMEDRIVER", tmp_path / "chromedriver")
    monkeypatch.delenv("EKPEER_NO_BROWSER_INSTALL", raising=False)
    monkeypatch.setattr(support.shutil, "which", lambda name: f"/usr/bin/{name}")
    monkeypatch.setattr(support.sys, "platform", "linux")
    return tmp_path


def test_without_root_it_says_how_to_install(no_chromium, monkeypatch):
    monkeypatch.setattr(support.os, "geteuid", lambda: 1000)
    reason = support.browser_missing()
    assert reason is not None and "root" in reason and "apt-get install chromium chromium-driver" in reason


def test_without_apt_it_says_so(no_chromium, monkeypatch):
    monkeypatch.setattr(support.shutil, "which", lambda name: None)
    reason = support.browser_missing()
    assert reason is not None and "no apt-get" in reason


def test_a_failed_or_endless_install_is_a_reason_not_a_pass(no_chromium, monkeypatch):
    monkeypatch.setattr(support.os, "geteuid", lambda: 0)
    ran: list[list[str]] = []

    def failing(cmd, **kw):
        ran.append(cmd)
        assert kw["timeout"] <= support.INSTALL_SECONDS
        return subprocess.CompletedProcess(cmd, 100, "", "E: Unable to locate package chromium\n")

    monkeypatch.setattr(support.subprocess, "run", failing)
    reason = support.browser_missing()
    assert reason is not None and "Unable to locate package chromium" in reason
    assert ran[0][:2] == ["apt-get", "update"]

    def endless(cmd, **kw):
        raise subprocess.TimeoutExpired(cmd, kw["timeout"])

    monkeypatch.setattr(support.subprocess, "run", endless)
    reason = support.browser_missing()
    assert reason is not None and "took over" in reason


def test_the_served_script_patch_fails_loudly_on_another_version(monkeypatch, tmp_path):
    import importlib.metadata

    monkeypatch.setattr(importlib.metadata, "version", lambda name: "9.9.9")
    with pytest.raises(AssertionError, match="9.9.9"):
        support.patched_static(tmp_path)


def test_the_served_script_patch_applies_once(tmp_path):
    static = support.patched_static(tmp_path)
    script = (static / "js" / "textual.js").read_text()
    assert script.count("window.ekpeerTerminal=t.terminal;") == 1
    assert Path(static / "fonts" / "RobotoMono-VariableFont_wght.ttf").exists()
