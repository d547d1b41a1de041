"""Serving a web page from the run's working copy under a made-up origin: what the browser's request
routing answers. The copy's own files are served; other origins are refused, and a path out of the
copy or to no file is a 404, so nothing outside the submission is ever read for the page."""

from __future__ import annotations

import mimetypes
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

ORIGIN = "https://student.invalid"


def origin(url: str) -> str:
    """The scheme and host of `url`, as an origin is compared."""
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}"


def answer(route: Any, workdir: Path) -> None:
    """Serve a request from the working copy, or refuse it: another origin, a path out of the copy, no file."""
    if origin(route.request.url) != ORIGIN:
        route.abort("blockedbyclient")
        return
    url = urlsplit(route.request.url)
    root = workdir.resolve()
    path = (root / unquote(url.path).lstrip("/")).resolve()
    if path == root:
        path = root / "index.html"
    if not path.is_relative_to(root) or not path.is_file():
        route.fulfill(status=404, body="not found", content_type="text/plain")
        return
    kind = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
    route.fulfill(status=200, body=path.read_bytes(), content_type=kind, headers={"Cache-Control": "no-store"})
