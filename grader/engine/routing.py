"""Serving a web page from the run's working copy under a made-up origin: what the browser's request
routing answers. The copy's own files are served; other origins are refused, a path out of the copy or
to no file is a 404 and a path no file can have (a NUL byte, past the longest path) a 400, so nothing
outside the submission is ever read for the page, and no request ends in a traceback (a handler that
raised left the request unanswered, and the spec was marked hung)."""

from __future__ import annotations

import mimetypes
import os
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

ORIGIN = "https://student.invalid"
PATH_MAX = 4096  # Linux's longest path, its end included: a longer one names no file


def origin(url: str) -> str:
    """The scheme and host of `url`, as an origin is compared."""
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}"


def requested(url_path: str) -> str | None:
    """The file a request's (quoted) path names, relative to the copy; None for a path no file can have."""
    path = unquote(url_path, errors="replace").lstrip("/")
    return None if "\0" in path or len(os.fsencode(path)) >= PATH_MAX else path


def answer(route: Any, workdir: Path) -> None:
    """Serve a request from the working copy, or refuse it: another origin, a path out of the copy, no file."""
    if origin(route.request.url) != ORIGIN:
        route.abort("blockedbyclient")
        return
    relative = requested(urlsplit(route.request.url).path)
    if relative is None:
        route.fulfill(status=400, body="bad request", content_type="text/plain")
        return
    root = workdir.resolve()
    try:
        path = (root / relative).resolve()
        path = root / "index.html" if path == root else path
        body = path.read_bytes() if path.is_relative_to(root) and path.is_file() else None
    except OSError:  # a name past the longest one, a loop of links, a file gone meanwhile
        body = None
    if body is None:
        route.fulfill(status=404, body="not found", content_type="text/plain")
        return
    kind = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
    route.fulfill(status=200, body=body, content_type=kind, headers={"Cache-Control": "no-store"})
