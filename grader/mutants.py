"""`grader mutants`: prove the suite's strength on the corpus of known submissions (tests/submissions/).

Each corpus entry is a folder with `mastermind.py` and a one-line `note.txt` that starts with `PASS:` (a
correct submission: it must earn full marks) or `FAIL:` (a known mistake: some spec must take points).
The command grades every entry against every spec, hidden ones included, prints which spec catches which
FAIL entry, and flags what would make the suite untrustworthy: a FAIL entry no spec catches, a PASS entry
that loses points, a spec that catches nothing.

Entries named `hang-*` are known to hang; they are graded with a short step timeout (HANG_STEP_TIMEOUT)
instead of the specs' 5 s, so the corpus runs in seconds. Their verdicts cannot change: every step they
answer at all they answer in milliseconds, and the steps they hang in are hangs either way.
"""

from __future__ import annotations

import argparse
import os
import sys
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, replace
from pathlib import Path

from grader.errors import UsageError
from grader.judging import CRASH, HANG, NO_PROGRAM, SYNTAX, Verdict, judge
from grader.runner import Options, run_spec
from grader.specs import Spec, load_specs
from grader.project import CORPUS as DEFAULT_CORPUS, DEFAULT_SPECS

HANG_STEP_TIMEOUT = 2.0
PASS, FAIL = "PASS", "FAIL"


@dataclass(frozen=True)
class Entry:
    """One known submission and the verdict it must get."""

    name: str
    path: Path
    expected: str  # PASS or FAIL
    note: str

    @property
    def kind(self) -> str:
        """What sort of entry the name says it is: ok, bug, crash, hang or syntax."""
        return self.name.split("-", 1)[0]

    @property
    def buggy(self) -> bool:
        """A program that runs and answers, but wrongly: its report must name the input that exposed it."""
        return self.expected == FAIL and self.kind not in ("crash", "hang", "syntax")


def load_corpus(directory: Path = DEFAULT_CORPUS) -> list[Entry]:
    """Every entry of the corpus, by name. A folder without a readable PASS/FAIL note is a usage error:
    an entry whose verdict is unknown proves nothing."""
    if not directory.is_dir():
        raise UsageError(f"{directory}: no such corpus folder")
    entries, problems = [], []
    for folder in sorted(p for p in directory.iterdir() if p.is_dir()):
        note_file = folder / "note.txt"
        note = note_file.read_text(encoding="utf-8", errors="replace").strip() if note_file.is_file() else ""
        verdict = note.split(":", 1)[0].strip()
        if verdict not in (PASS, FAIL):
            problems.append(f"{folder}: note.txt must start with 'PASS:' or 'FAIL:'")
            continue
        entries.append(Entry(folder.name, folder, verdict, note))
    if problems:
        raise UsageError("; ".join(problems))
    if not entries:
        raise UsageError(f"{directory}: no corpus entries (folders with mastermind.py and note.txt)")
    return entries


def specs_for(entry: Entry, specs: list[Spec]) -> list[Spec]:
    """The specs as this entry is graded against them: hangers get a short step timeout (see above)."""
    if entry.kind != "hang":
        return specs
    return [replace(spec, timeout=min(spec.timeout, HANG_STEP_TIMEOUT)) for spec in specs]


def grade_corpus(entries: list[Entry], specs: list[Spec], options: Options | None = None,
                 jobs: int = 1) -> dict[str, list[Verdict]]:
    """Verdicts of every entry on every spec (in spec order), `jobs` program runs at a time."""
    options = options or Options()
    work = [(entry, spec) for entry in entries for spec in specs_for(entry, specs)]
    # Hangers first: their runs are the long ones, so they should not be the tail of the pool.
    work.sort(key=lambda pair: pair[0].kind != "hang")

    def grade(pair: tuple[Entry, Spec]) -> tuple[str, Verdict]:
        entry, spec = pair
        return entry.name, judge(spec, run_spec(entry.path, spec, options))

    results: dict[str, dict[str, Verdict]] = {entry.name: {} for entry in entries}
    with ThreadPoolExecutor(max_workers=max(jobs, 1)) as pool:
        for name, verdict in pool.map(grade, work):
            results[name][verdict.spec.id] = verdict
    return {entry.name: [results[entry.name][spec.id] for spec in specs] for entry in entries}


@dataclass(frozen=True)
class Analysis:
    catches: dict[str, list[str]]  # FAIL entry -> ids of the specs that take its points
    uncaught: list[str]  # FAIL entries that earn full marks
    wrongly_failed: dict[str, list[Verdict]]  # PASS entry -> the verdicts it lost points on
    useless_specs: list[str]  # specs that every FAIL entry passes
    grader_errors: dict[str, list[Verdict]]  # buggy (not crash/hang/syntax) entries that crashed or hung

    @property
    def flags(self) -> list[str]:
        flags = [f"{name}: FAIL entry earns full marks: no spec catches it" for name in self.uncaught]
        for name, verdicts in self.wrongly_failed.items():
            lost = ", ".join(f"{v.spec.id} ({v.kind}: {v.message})" for v in verdicts)
            flags.append(f"{name}: PASS entry loses points on {lost}")
        flags += [f"{spec_id}: this spec catches no FAIL entry" for spec_id in self.useless_specs]
        return flags


def analyse(entries: list[Entry], specs: list[Spec], results: dict[str, list[Verdict]]) -> Analysis:
    catches = {e.name: [v.spec.id for v in results[e.name] if not v.passed] for e in entries if e.expected == FAIL}
    wrongly = {e.name: [v for v in results[e.name] if not v.passed] for e in entries if e.expected == PASS}
    caught_by_any = {spec_id for ids in catches.values() for spec_id in ids}
    odd = {e.name: [v for v in results[e.name] if v.kind in (CRASH, HANG, SYNTAX, NO_PROGRAM)]
           for e in entries if e.buggy}
    return Analysis(
        catches=catches,
        uncaught=[name for name, ids in catches.items() if not ids],
        wrongly_failed={name: lost for name, lost in wrongly.items() if lost},
        useless_specs=[spec.id for spec in specs if spec.id not in caught_by_any],
        grader_errors={name: v for name, v in odd.items() if v},
    )


def _column(spec: Spec) -> str:
    """A short column label: the number a spec id starts with, or its position."""
    head = spec.id.split("-", 1)[0]
    return head if head.isdigit() else spec.id[:2]


def render(entries: list[Entry], specs: list[Spec], results: dict[str, list[Verdict]], analysis: Analysis) -> str:
    """The catch table (one row per entry, one column per spec), its legend, then the flags."""
    labels = [_column(spec) for spec in specs]
    width = max(len(label) for label in labels)
    name_width = max(len(entry.name) for entry in entries)
    header = " " * (name_width + 8) + " ".join(label.rjust(width) for label in labels)
    out = ["Which spec catches which known submission (x: the spec takes its points, .: it does not)", "",
           header]
    for entry in entries:
        cells = []
        for verdict in results[entry.name]:
            cells.append(("." if verdict.passed else "x").rjust(width))
        caught = sum(not v.passed for v in results[entry.name])
        if entry.expected == FAIL:
            status = "ok" if caught else "MISSED"
        else:
            status = "ok" if not caught else "WRONG"
        out.append(f"{entry.name:<{name_width}}  {entry.expected}  " + " ".join(cells) + f"   {status}")
    out += ["", "Specs:"]
    for label, spec in zip(labels, specs):
        catches = sum(spec.id in ids for ids in analysis.catches.values())
        hidden = " h" if spec.hidden else "  "
        out.append(f"  {label.rjust(width)}{hidden} {spec.id:<40} {spec.points:>4g} pts  catches {catches} FAIL entr{'y' if catches == 1 else 'ies'}")
    fails = [e for e in entries if e.expected == FAIL]
    passes = [e for e in entries if e.expected == PASS]
    caught = sum(bool(analysis.catches[e.name]) for e in fails)
    clean = sum(e.name not in analysis.wrongly_failed for e in passes)
    out += ["", f"{caught} of {len(fails)} FAIL entries caught; {clean} of {len(passes)} PASS entries earn full marks."]
    for name, verdicts in analysis.grader_errors.items():
        kinds = ", ".join(sorted({v.kind for v in verdicts}))
        out.append(f"note: {name} is a plain bug but {kinds} on {len(verdicts)} spec(s): check the entry")
    flags = analysis.flags
    if flags:
        out += ["", "FLAGS:"] + [f"  {flag}" for flag in flags]
    else:
        out.append("No flags: every known bug is caught, every correct submission earns full marks, every spec catches something.")
    return "\n".join(out) + "\n"


def cmd_mutants(args: argparse.Namespace) -> int:
    specs = load_specs(Path(args.specs))
    entries = load_corpus(Path(args.corpus))
    if args.only:
        entries = [e for e in entries if any(word in e.name for word in args.only)]
        if not entries:
            raise UsageError(f"no corpus entry matches {', '.join(args.only)}")
    results = grade_corpus(entries, specs, Options(), jobs=args.jobs)
    analysis = analyse(entries, specs, results)
    sys.stdout.write(render(entries, specs, results, analysis))
    return 1 if analysis.flags else 0


def add_mutants(commands: argparse._SubParsersAction) -> None:
    mutants = commands.add_parser("mutants", help="grade the corpus of known submissions: which spec catches which bug")
    mutants.add_argument("--specs", default=str(DEFAULT_SPECS), help="folder of spec files (default: %(default)s)")
    mutants.add_argument("--corpus", default=str(DEFAULT_CORPUS), help="folder of known submissions (default: %(default)s)")
    mutants.add_argument("--jobs", type=int, default=2 * (os.cpu_count() or 1),
                         help="program runs at once (default: twice the cores: runs mostly wait)")
    mutants.add_argument("only", nargs="*", help="grade only the entries whose name contains one of these words")
    mutants.set_defaults(run=cmd_mutants)
