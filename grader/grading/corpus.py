"""The corpus of known submissions (tests/submissions/), which proves the suite's strength (`grader mutants`).

Each corpus entry is a folder with the program (`mastermind.py` for the digit game) and a `note.txt`
whose first line starts with `PASS:` (a correct submission: it must earn full marks) or `FAIL:` (a known
mistake: some spec must take points). A FAIL entry's `rule:` line names the rules of the suite it breaks
(`rule: scoring`, `rule: presentation, loss`; `rule: all` for a program that cannot run). A `share:` line may
follow, saying how much of the points the entry must earn: `share: at least 80%`, `share: at most 40%`, or
`share: less than OTHER-ENTRY` (a cosmetic slip plus a rule bug must earn less than the slip alone). Every
entry is graded against every spec, hidden ones included; the report shows the rules table and the rule x
spec matrix (grader/report/rule_matrix.py: the points each entry loses in each spec, entries grouped by the
rules they break) with the share each earns, and flags what would make the suite untrustworthy: a FAIL entry no spec catches, a PASS entry that loses points, an
entry outside its share, an entry that loses points in a spec of a rule it does not break (presentation specs
aside) or none in the specs of a rule it breaks, a spec that catches nothing.

Entries named `hang-*` are known to hang; they are graded with a short step timeout (HANG_STEP_TIMEOUT)
instead of the specs' (5 s for the first step), so the corpus runs in seconds. Their verdicts cannot change: every step they
answer at all they answer in milliseconds, and the steps they hang in are hangs either way.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path
from typing import Collection, Sequence

from grader.base.errors import UsageError
from grader.base.project import CORPUS as DEFAULT_CORPUS
from grader.grading.plan import Plan
from grader.grading.submission import grade_each
from grader.judge.judging import CRASH, HANG, NO_PROGRAM, OVER_LIMIT, SYNTAX, Verdict, total
from grader.report.rule_matrix import MatrixRow, RuleRow, isolation_problems, render_matrix, render_rules_table, rules_table
from grader.spec.notes import LESS_THAN, Share, parse_rules, parse_share, share_problem
from grader.spec.specs import Spec, load_suite

HANG_STEP_TIMEOUT = 2.0
PASS, FAIL = "PASS", "FAIL"


@dataclass(frozen=True)
class Entry:
    """One known submission and the verdict it must get."""

    name: str
    path: Path
    expected: str  # PASS or FAIL
    note: str
    share: Share | None = None
    rules: tuple[str, ...] = ()  # the rules it breaks, as its note names them

    @property
    def kind(self) -> str:
        """What sort of entry the name says it is: ok, bug, crash, hang or syntax."""
        return self.name.split("-", 1)[0]

    @property
    def buggy(self) -> bool:
        """A program that runs and answers, but wrongly: its report must name the input that exposed it."""
        return self.expected == FAIL and self.kind not in ("crash", "hang", "syntax")


def _settings(note_file: Path, lines: list[str], known: Collection[str] | None,
              problems: list[str]) -> tuple[Share | None, tuple[str, ...]]:
    """The `share:` and `rule:` lines after a note's first line (each once), problems named by line."""
    found: dict[str, object] = {}
    for number, line in enumerate(lines, start=2):
        key, _, value = line.partition(":")
        key = key.strip()
        try:
            if key not in ("share", "rule") or key in found:
                raise ValueError("after the first line, only one 'rule: ...' and one 'share: ...' line may follow")
            found[key] = parse_share(value) if key == "share" else parse_rules(value, known)
        except ValueError as error:
            problems.append(f"{note_file}, line {number}: {error}")
    return found.get("share"), found.get("rule", ())  # type: ignore[return-value]


def load_corpus(directory: Path = DEFAULT_CORPUS, rules: Collection[str] | None = None) -> list[Entry]:
    """Every entry of the corpus, by name. A folder without a readable PASS/FAIL note is a usage error:
    an entry whose verdict is unknown proves nothing; so is a PASS entry that names a rule it breaks, and
    (given the suite's `rules`) a rule the suite does not declare."""
    if not directory.is_dir():
        raise UsageError(f"{directory}: no such corpus folder")
    entries, problems = [], []
    for folder in sorted(p for p in directory.iterdir() if p.is_dir()):
        note_file = folder / "note.txt"
        text = note_file.read_text(encoding="utf-8", errors="replace").strip() if note_file.is_file() else ""
        note, *settings = text.splitlines() or [""]
        verdict = note.split(":", 1)[0].strip()
        if verdict not in (PASS, FAIL):
            problems.append(f"{folder}: note.txt must start with 'PASS:' or 'FAIL:'")
            continue
        share, broken = _settings(note_file, settings, rules, problems)
        if verdict == PASS and broken:
            problems.append(f"{note_file}: a PASS entry breaks no rule: no 'rule:' line")
        entries.append(Entry(folder.name, folder, verdict, note, share, broken))
    names = {entry.name for entry in entries}
    problems += [f"{entry.path / 'note.txt'}: share: no corpus entry named {entry.share.other}"
                 for entry in entries if entry.share and entry.share.relation == LESS_THAN and entry.share.other not in names]
    if problems:
        raise UsageError("; ".join(problems))
    if not entries:
        raise UsageError(f"{directory}: no corpus entries (folders with the program and note.txt)")
    return entries


def entries_named(entries: list[Entry], words: Sequence[str]) -> list[Entry]:
    """The entries whose name contains one of `words` (all of them for no words); none is a usage error."""
    if not words:
        return entries
    chosen = [entry for entry in entries if any(word in entry.name for word in words)]
    if not chosen:
        raise UsageError(f"no corpus entry matches {', '.join(words)}")
    return chosen


def specs_for(entry: Entry, specs: list[Spec]) -> list[Spec]:
    """The specs as this entry is graded against them: hangers get a short step timeout (see above)."""
    if entry.kind != "hang":
        return specs
    return [replace(spec, timeout=min(spec.timeout or HANG_STEP_TIMEOUT, HANG_STEP_TIMEOUT)) for spec in specs]


def grade_corpus(entries: list[Entry], plan: Plan, jobs: int = 1) -> dict[str, list[Verdict]]:
    """Verdicts of every entry on every spec of `plan` (in spec order), graded by the owner, `jobs` program
    runs at a time."""
    # Hangers first: their runs are the long ones, so they should not be the tail of the pool.
    ordered = sorted(entries, key=lambda entry: entry.kind != "hang")
    graded = grade_each([(replace(plan, specs=tuple(specs_for(entry, list(plan.specs)))), entry.path)
                         for entry in ordered], jobs)
    verdicts = {entry.name: list(each) for entry, each in zip(ordered, graded)}
    return {entry.name: verdicts[entry.name] for entry in entries}


def earned_share(verdicts: list[Verdict]) -> float:
    """The share of the points (0 to 1) a set of verdicts earns."""
    earned, possible = total(verdicts)
    return earned / possible if possible else 1.0


@dataclass(frozen=True)
class Analysis:
    """What the corpus's verdicts say about the suite, and the flags that would make it untrustworthy."""

    catches: dict[str, list[str]]  # FAIL entry -> ids of the specs that take its points
    uncaught: list[str]  # FAIL entries that earn full marks
    wrongly_failed: dict[str, list[Verdict]]  # PASS entry -> the verdicts it lost points on
    useless_specs: list[str]  # specs that every FAIL entry passes
    grader_errors: dict[str, list[Verdict]]  # buggy (not crash/hang/syntax) entries that crashed or hung
    shares: dict[str, float]  # entry -> the share of the points it earns (0 to 1)
    share_misses: dict[str, str]  # entry -> how its share breaks the rule in its note
    isolation: dict[str, list[str]]  # entry -> how it loses points outside the rules its note names

    @property
    def flags(self) -> list[str]:
        flags = [f"{name}: FAIL entry earns full marks: no spec catches it" for name in self.uncaught]
        for name, verdicts in self.wrongly_failed.items():
            lost = ", ".join(f"{v.spec.id} ({v.kind}: {v.message})" for v in verdicts)
            flags.append(f"{name}: PASS entry loses points on {lost}")
        flags += [f"{name}: {miss}" for name, miss in self.share_misses.items()]
        flags += [f"{name}: {problem}" for name, problems in self.isolation.items() for problem in problems]
        flags += [f"{spec_id}: this spec catches no FAIL entry" for spec_id in self.useless_specs]
        return flags


def matrix_rows(entries: list[Entry], results: dict[str, list[Verdict]]) -> list[MatrixRow]:
    """Each entry's row of the matrix: its rules and the points it loses in each spec."""
    return [MatrixRow(e.name, e.rules, tuple(round(v.spec.points - v.score, 2) for v in results[e.name]))
            for e in entries]


def analyse(entries: list[Entry], specs: list[Spec], results: dict[str, list[Verdict]],
            table: list[RuleRow] | None = None) -> Analysis:
    """What the corpus's verdicts say about the suite; with the rules `table`, whether each entry loses
    points where its rules are graded, and only there."""
    catches = {e.name: [v.spec.id for v in results[e.name] if not v.passed] for e in entries if e.expected == FAIL}
    wrongly = {e.name: [v for v in results[e.name] if not v.passed] for e in entries if e.expected == PASS}
    caught_by_any = {spec_id for ids in catches.values() for spec_id in ids}
    odd = {e.name: [v for v in results[e.name] if v.kind in (CRASH, HANG, SYNTAX, NO_PROGRAM, OVER_LIMIT)]
           for e in entries if e.buggy}
    shares = {e.name: earned_share(results[e.name]) for e in entries}
    misses = {e.name: share_problem(e.share, shares[e.name], shares) for e in entries if e.share}
    isolation = {row.name: isolation_problems(row, specs, table) for row in matrix_rows(entries, results)} if table else {}
    return Analysis(
        catches=catches,
        uncaught=[name for name, ids in catches.items() if not ids],
        wrongly_failed={name: lost for name, lost in wrongly.items() if lost},
        useless_specs=[spec.id for spec in specs if spec.id not in caught_by_any],
        grader_errors={name: v for name, v in odd.items() if v},
        shares=shares,
        share_misses={name: miss for name, miss in misses.items() if miss},
        isolation={name: problems for name, problems in isolation.items() if problems},
    )


def _status(entry: Entry, analysis: Analysis) -> str:
    if entry.name in analysis.share_misses:
        return "SHARE"
    if entry.name in analysis.isolation:
        return "RULES"
    if entry.expected == FAIL:
        return "ok" if analysis.catches[entry.name] else "MISSED"
    return "WRONG" if entry.name in analysis.wrongly_failed else "ok"


def render(entries: list[Entry], specs: list[Spec], results: dict[str, list[Verdict]], analysis: Analysis,
           table: list[RuleRow] | None = None) -> str:
    """The rules table, the rule x spec matrix (points lost, each entry's status and share), the specs'
    legend, then the flags."""
    table = table or rules_table({}, specs)
    rows = [replace(row, status=_status(entry, analysis),
                    share=f"{100 * analysis.shares[entry.name]:4.0f}%" + (f" ({entry.share})" if entry.share else ""))
            for entry, row in zip(entries, matrix_rows(entries, results))]
    out = render_rules_table(table) + ["", "Points each known submission loses in each spec (.: none), entries "
                                       "grouped by the rules their notes say they break, specs by the rule they "
                                       "grade; then the share of the points each earns", ""]
    out += render_matrix(rows, specs, table)
    out += ["", "Specs:"]
    for spec in specs:
        catches = sum(spec.id in ids for ids in analysis.catches.values())
        hidden = " h" if spec.hidden else "  "
        out.append(f"  {spec.id:<40}{hidden} {spec.rule:<20} {spec.points:>4g} pts  "
                   f"catches {catches} FAIL entr{'y' if catches == 1 else 'ies'}")
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
        where = " where its rules are graded and only there" if any(e.rules for e in entries) else ""
        out.append(f"No flags: every known bug is caught{where}, every correct submission earns full marks, "
                   "every spec catches something.")
    return "\n".join(out) + "\n"


def suite_table(directory: Path, specs: list[Spec]) -> list[RuleRow]:
    """The rules table of a folder of specs (its suite file's rules)."""
    return rules_table(load_suite(directory).rules, specs)
