"""`python3 -m grader convert results.json --to prairielearn|classroom50 --out FILE`: a results.json
from `check --json` in PrairieLearn's or Classroom 50's format (`grader.report.platforms`), for the
entry points of their bundles (`grader.platforms.bundles`)."""

from __future__ import annotations

import argparse
import json
import os
from datetime import datetime, timezone
from pathlib import Path

from grader.base.files import write_atomically
from grader.base.helptext import CANNOT_READ, add_command
from grader.report.platforms import classroom50_result, prairielearn_results
from grader.report.results import read_results


def utc_stamp(moment: datetime) -> str:
    return moment.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def cmd_convert(args: argparse.Namespace) -> int:
    results = read_results(Path(args.results))
    if args.to == "prairielearn":
        data = prairielearn_results(results)
    else:
        now = utc_stamp(datetime.now(timezone.utc))
        data = classroom50_result(results, os.environ, args.submitted or now, now)
    write_atomically(Path(args.out), json.dumps(data, indent=2, ensure_ascii=False) + "\n")
    return 0


def add_convert(commands: argparse._SubParsersAction) -> None:
    convert = add_command(
        commands, "convert", "rewrite a results.json for PrairieLearn or Classroom 50",
        "Rewrite a results.json written by check --json in the format another grading host reads: "
        "PrairieLearn's results.json (a score from 0 to 1, each spec a test with its points, a message and "
        "its output) or Classroom 50's result.json (whole points, identity from the runner's environment). "
        "Hidden specs keep only their name and points, as in the results. The PrairieLearn and Classroom 50 "
        "bundles run it after check.",
        [("convert results.json --to prairielearn --out /grade/results/results.json", "PrairieLearn's results"),
         ("convert results.json --to classroom50 --submitted 2026-11-30T23:59:00Z --out result.json",
          "Classroom 50's result, in its runner's environment")],
        [(0, "the file was written"), CANNOT_READ])
    convert.add_argument("results", help="a results.json written by `check --json`")
    convert.add_argument("--to", choices=["prairielearn", "classroom50"], required=True)
    convert.add_argument("--out", metavar="FILE", required=True, help="the file to write")
    convert.add_argument("--submitted", metavar="UTC", help="classroom50: the submission instant "
                                                            "(the graded commit's date; default: now)")
    convert.set_defaults(run=cmd_convert)
