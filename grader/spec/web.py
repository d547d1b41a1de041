"""Web specs: steps that click and press on a page and expect the visible text of its regions, turned into
the same steps as a console transcript, so that the judge, its per-step scoring and the reports serve both.

A web spec's `steps` list items of three kinds, in any order, the last an `expect`:

    - click: Position 1                 # a button, by its accessible name (or a list of them, in order)
    - press: Enter                      # a key (or a list of keys)
    - expect: {Feedback: 1 exact, 2 misplaced, History: [...]}   # regions by accessible name: their text

Each click or press is one action; what the page shows after an action is that action's step. An `expect`
names the regions read after the action before it (or at load, before any action), and what each shows:
its visible lines (`region_lines`). A step with no `expect` reads nothing and expects nothing. So a web
spec becomes steps whose `input` is the action (`click: Position 1`) and whose lines are the regions'
rendered lines, `Feedback: 1 exact, 2 misplaced`, one per visible line, with the region's name in front.

A region named `page` is the whole page's visible text, and a region may be read for what it must not show
(`page: [lacks: 1 1 2 2]`, a secret kept hidden): such a region reads as one line per text, saying whether
one of its lines shows it (`lacking_lines`), since nobody can list every line a student's page shows.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

ACTIONS = ("click", "press")
WEB_KEYS = (*ACTIONS, "expect")
CONSOLE_KEYS = ("output", "prompt", "input", "hidden", "exit")
# The keys a step may press: one character, or one of these names (Playwright's, as a keyboard names them).
NAMED_KEYS = ("Enter", "Tab", "Escape", "Backspace", "Delete", "Space", "ArrowLeft", "ArrowRight", "ArrowUp",
              "ArrowDown", "Home", "End")
EMPTY = "(empty)"  # the line of a region that shows no text, so that the region still shows in a diff
PAGE = "page"  # the region that is the whole page's visible text (its body), not an element of that name


@dataclass(frozen=True)
class Region:
    """A region an `expect` reads: its accessible name (PAGE: the whole page), and the texts it must not show
    (its `{lacks: text}` lines); a region with such texts is read for them only, not for its lines."""

    name: str
    lacks: tuple[str, ...] = ()


def is_web(steps: list[Any]) -> bool:
    """Does a spec's `steps` list web steps (any step with a web key)?"""
    return any(isinstance(step, dict) and set(step) & set(WEB_KEYS) for step in steps)


def visible_lines(text: str) -> tuple[str, ...]:
    """A region's text as a reader sees it: its lines (from `innerText`), each with runs of whitespace made
    one space and trimmed, empty lines left out. Layout is presentation; the words and their order are not."""
    lines = (" ".join(line.split()) for line in text.replace("\r", "\n").split("\n"))
    return tuple(line for line in lines if line)


def region_lines(name: str, lines: tuple[str, ...]) -> list[str]:
    """How a region reads in a step's output: one line per visible line, each after the region's name."""
    return [f"{name}: {line}" for line in lines] or [f"{name}: {EMPTY}"]


def lacking_line(name: str, text: str, shown: str | None = None) -> str:
    """How a region reads for a text it must not show: `page: shows no “1 1 2 2”`, or the line that shows it."""
    return f"{name}: shows no “{text}”" if shown is None else f"{name}: shows “{text}”: {shown}"


def lacking_lines(name: str, lines: tuple[str, ...], texts: tuple[str, ...]) -> list[str]:
    """A region read for the texts it must not show: one line per text, from the first of the region's
    visible `lines` that holds it (whitespace collapsed, as the lines are). A text split over two lines is
    not found: a line is what a reader reads as one."""
    return [lacking_line(name, text, next((line for line in lines if text in line), None)) for text in texts]


def region_reading(region: Region, lines: tuple[str, ...], problem: str | None = None) -> list[str]:
    """How a region reads in a step's output: its lines, or the texts it lacks; a region that cannot be read
    (none or two elements of its name, hidden) says so in one line, whatever it was read for."""
    if problem is not None:
        return region_lines(region.name, (problem,))
    return lacking_lines(region.name, lines, region.lacks) if region.lacks else region_lines(region.name, lines)


def action(verb: str, target: str) -> str:
    """An action as a step's input: `click: Position 1`, `press: Enter`."""
    return f"{verb}: {target}"


def parse_action(text: str) -> tuple[str, str]:
    """(verb, target) of an action made by `action`."""
    verb, _, target = text.partition(": ")
    return verb, target


def shown_action(text: str) -> str:
    """An action as a report names it: click “Position 1”, press Enter."""
    verb, target = parse_action(text)
    return f"click “{target}”" if verb == "click" else f"press {target}"


def _listed(value: Any) -> list[Any]:
    return value if isinstance(value, list) else [value]


Expected = tuple[str, str]  # one expected line: its text, and "exact" or "contains" (as a console spec's line)


def _collapsed(text: str) -> str:
    return " ".join(text.split())


def _lacks(shown: Any) -> tuple[str, ...]:
    """The texts a region's expected list says it must not show (its `{lacks: text}` items)."""
    return tuple(_collapsed(item["lacks"]) for item in _listed(shown) if isinstance(item, dict) and "lacks" in item)


def _region_expected(name: str, shown: Any) -> list[Expected]:
    """A region's expected lines: its text's lines, each exact, or a list whose items are a line of text or
    `{contains: text}`, a line holding that text (a guess's digits, whatever the rest of its line says); or,
    for a list of `{lacks: text}`, that it shows none of them."""
    lacks = _lacks(shown)
    if lacks:
        return [(lacking_line(name, text), "exact") for text in lacks]
    lines: list[Expected] = []
    for item in _listed(shown):
        if isinstance(item, dict):
            lines.append((f"{name}: {_collapsed(item['contains'])}", "contains"))
        else:
            lines += [(f"{name}: {line}", "exact") for line in visible_lines(item)]
    return lines or [(text, "exact") for text in region_lines(name, ())]


def expected_lines(expect: dict[str, Any]) -> tuple[tuple[Region, ...], tuple[Expected, ...]]:
    """An `expect:` mapping as (the regions it reads, in order; the lines it expects)."""
    lines: list[Expected] = []
    for name, shown in expect.items():
        lines += _region_expected(name, shown)
    return tuple(Region(name, _lacks(shown)) for name, shown in expect.items()), tuple(lines)


def web_steps(steps: list[dict[str, Any]]) -> list[tuple[tuple[Region, ...], tuple[Expected, ...], str | None]]:
    """A web spec's steps as (regions read, lines expected, the action after it or None at the end): step 0
    is the page at load, step k what it shows after action k. Assumes `web_problems` found none."""
    built: list[tuple[tuple[Region, ...], tuple[Expected, ...], str | None]] = []
    regions: tuple[Region, ...] = ()
    lines: tuple[Expected, ...] = ()
    for step in steps:
        if "expect" in step:
            regions, lines = expected_lines(step["expect"])
            continue
        verb = next(key for key in ACTIONS if key in step)
        for target in _listed(step[verb]):
            built.append((regions, lines, action(verb, target)))
            regions, lines = (), ()
    return built + [(regions, lines, None)]


def _key_problem(key: str) -> str | None:
    if len(key) == 1 or key in NAMED_KEYS:
        return None
    return f"{key!r} is not a key: press one character (1, a, +) or one of {', '.join(NAMED_KEYS)}"


_MIXED = ("a region's list holds its lines or `{lacks: text}` items only: it is read for its lines or for the "
          "texts it must not show, not both")


def web_problems(steps: list[Any]) -> list[tuple[list[Any], str]]:
    """What a JSON Schema cannot say about a web spec's steps: one kind per step, no console keys among
    them, real key names, names that are not blank, a region read for its lines or for what it lacks (not
    both), two `expect`s never in a row, an `expect` last."""
    problems: list[tuple[list[Any], str]] = []
    for index, step in enumerate(steps):
        where = ["steps", index]
        kinds = [key for key in WEB_KEYS if key in step]
        console = [key for key in CONSOLE_KEYS if key in step]
        if console:
            belong = "belongs" if len(console) == 1 else "belong"
            problems.append((where, f"a web spec's steps click, press or expect; {', '.join(console)} {belong} to a "
                             "console program's transcript"))
        elif len(kinds) != 1:
            problems.append((where, f"a web step is one of {', '.join(WEB_KEYS)}, alone, got {', '.join(kinds)}"))
        elif kinds[0] == "press":
            for key in _listed(step["press"]):
                problem = _key_problem(key)
                if problem:
                    problems.append((where + ["press"], problem))
        elif kinds[0] == "click" and any(not target.strip() for target in _listed(step["click"])):
            problems.append((where + ["click"], "a button's accessible name cannot be blank"))
        elif kinds[0] == "expect":
            if index and "expect" in steps[index - 1]:
                problems.append((where, "two `expect`s in a row: name every region in one `expect`"))
            problems += [(where + ["expect", name], "a region's accessible name cannot be blank")
                         for name in step["expect"] if not name.strip()]
            for name, shown in step["expect"].items():
                lacks = _lacks(shown)
                if lacks and len(lacks) != len(_listed(shown)):
                    problems.append((where + ["expect", name], _MIXED))
                elif not all(lacks):
                    problems.append((where + ["expect", name], "a text a region must not show cannot be blank"))
    if steps and isinstance(steps[-1], dict) and "expect" not in steps[-1]:
        problems.append((["steps", len(steps) - 1], "a web spec ends with an `expect`: what the page shows at the end"))
    return problems


def random_values(random: dict[str, Any]) -> tuple[float, ...]:
    """What the page's `Math.random()` returns first, from `random: {sides, draws}`: draw d of a die with
    `sides` faces is (d - 0.5) / sides, so `Math.floor(Math.random() * sides) + 1` (and `Math.ceil`) give d."""
    sides = random.get("sides", 6)
    return tuple((draw - 0.5) / sides for draw in random.get("draws", ()))


def random_problems(random: dict[str, Any]) -> list[tuple[list[Any], str]]:
    sides = random.get("sides", 6)
    return [(["random", "draws", index], f"draw {draw} is not a face of a {sides}-sided die (1 to {sides})")
            for index, draw in enumerate(random.get("draws", ())) if not 1 <= draw <= sides]

