#!/usr/bin/env bash
# Gradescope runs this once, as root, while it builds the autograder image: a venv with the grader's
# dependencies. The bundle is unpacked in $AUTOGRADER_ROOT/source (AUTOGRADER_ROOT defaults to /autograder).
set -euo pipefail
ROOT="${AUTOGRADER_ROOT:-/autograder}"
# The system's packages the grader needs beside Python (a web assignment's browser), filled in by the build.
PACKAGES="@APT_PACKAGES@"
if ! python3 -c 'import ensurepip, venv' >/dev/null 2>&1 || [ -n "$PACKAGES" ]; then
    apt-get update
    apt-get install -y python3 python3-venv python3-pip $PACKAGES
fi
python3 -m venv "$ROOT/venv"
"$ROOT/venv/bin/pip" install --quiet --disable-pip-version-check -r "$ROOT/source/requirements.txt"
# The grader runs as root; student code never does (isolated, or as a per-run user where isolation is not
# available). Nothing in the source (hidden specs, this script, run_autograder) is that user's to read or change.
chmod -R go-rwx "$ROOT/source"
