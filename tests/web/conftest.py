"""Fixtures of the browser-seat tests (see support.py)."""

from __future__ import annotations

import pytest

from .support import Page, browser_missing, patched_static

_missing: list[str | None] = []


@pytest.fixture(scope="session")
def chromium() -> None:
    """Chromium and its driver, installed once per run where missing (or a skip that says why)."""
    if not _missing:
        _missing.append(browser_missing())
    if _missing[0] is not None:
        pytest.skip(f"no headless browser: {_missing[0]}")


@pytest.fixture(scope="session")
def static(tmp_path_factory: pytest.TempPathFactory):
    return patched_static(tmp_path_factory.mktemp("served"))


@pytest.fixture
def page(chromium, tmp_path):
    p = Page(tmp_path / "profile")
    yield p
    p.close()
