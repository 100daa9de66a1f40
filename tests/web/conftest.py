"""Fixtures for the web tracker's end-to-end tests: a real server and a real Chromium.

The server runs as a subprocess on 127.0.0.1 with a temporary SQLite file; the browser is
Debian's Chromium driven by Playwright (no browser downloads).
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Playwright, expect, sync_playwright

from .tracker_support import CHROMIUM, CHROMIUM_ARGS, Server, free_port, start_server

# Playwright's assertions retry until this many milliseconds pass: its 5 s default is short
# for a busy 2-core machine where the server, the browser and pytest share the cores (a
# page's first load there was seen to take longer). A real failure still fails, only later.
expect.set_options(timeout=15_000)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("web")
    srv = start_server(folder / "games.sqlite", free_port(), folder / "server.log")
    yield srv
    srv.stop()


@pytest.fixture(scope="session")
def playwright() -> Iterator[Playwright]:
    with sync_playwright() as pw:
        yield pw


@pytest.fixture(scope="session")
def browser(playwright: Playwright) -> Iterator[Browser]:
    if not CHROMIUM.exists():
        pytest.fail(
            f"{CHROMIUM} is missing: install Debian's chromium package "
            "(apt-get install chromium); these tests never download a browser"
        )
    chromium = playwright.chromium.launch(
        executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS
    )
    yield chromium
    chromium.close()
