"""The script the grader adds to every page before the page's own scripts run (a Playwright init
script): `Math.random` replaced by the spec's values then a seeded generator, and the counters that
tell when the page is idle (grader/engine/browser.py says what idle is). It defines the functions the
grader calls, `__graderIdle(call)` (polled every animation frame: true once the page is idle),
`__graderWhy()` (why it is not, for a page that never settles), `__graderControls(buttons)` (whether
each shows and is enabled), `__graderShown(region)` and `__graderDropped()` (the console messages
dropped), as non-writable properties, so the page cannot replace them; the controls and regions are
read with the browser's functions as they were before the page's scripts ran.

The page's console is held to a budget: Playwright's driver, the grader's own process outside the run's
limits, keeps a page's last 200 console messages whole, and a page logging 4 MB strings grew it from 259
to 584 MB. So the first CONSOLE_KEPT messages of a document pass, cut to CONSOLE_ARGS arguments of at
most CONSOLE_CHARS characters each; the rest are dropped and counted."""

from __future__ import annotations

import json
from typing import Any

TIMER_HORIZON_MS = 500  # a shorter setTimeout is part of the action; a longer one is a clock
CONSOLE_KEPT, CONSOLE_ARGS, CONSOLE_CHARS = 100, 8, 1000  # the driver holds 200 x 8 x 1000 characters at most


def controls(answer: Any) -> list[tuple[bool, bool]] | None:
    """The page's answer about the buttons of a name (`__graderControls`: "SE " per button, shown and
    enabled as 1 or 0), each as (shown, enabled); None for any other answer, which only a page that
    replaced the browser's own evaluation (`window.eval`) can give."""
    if not isinstance(answer, str) or any(len(pair) != 2 or set(pair) - {"0", "1"} for pair in answer.split()):
        return None
    return [(pair[0] == "1", pair[1] == "1") for pair in answer.split()]


def page_hooks(values: tuple[float, ...], seed: int) -> str:
    """The init script for a spec whose Math.random starts with `values`, then goes on from `seed`."""
    return HOOKS % {"values": json.dumps(list(values)), "seed": seed, "horizon": TIMER_HORIZON_MS,
                    "kept": CONSOLE_KEPT, "arguments": CONSOLE_ARGS, "chars": CONSOLE_CHARS}


HOOKS = """(() => {
  const values = %(values)s;
  let drawn = 0, state = %(seed)d >>> 0;
  const next = () => {  // mulberry32: small, and the same numbers in every browser
    state = (state + 0x6D2B79F5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), state | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  Math.random = () => drawn < values.length ? values[drawn++] : next();
  let logged = 0, dropped = 0;
  const cut = (value) => typeof value === "string" ? value.slice(0, %(chars)d) :
    typeof value === "object" && value !== null ? "[object]" : value;
  for (const method of Object.keys(console)) {
    const write = console[method];
    if (typeof write !== "function") continue;
    console[method] = function (...args) {
      if (logged >= %(kept)d) { dropped += 1; return undefined; }
      logged += 1;
      return Reflect.apply(write, console, args.slice(0, %(arguments)d).map(cut));
    };
  }
  Object.defineProperty(window, "__graderDropped", {value: () => dropped});
  const timers = new Set(), setT = window.setTimeout, clearT = window.clearTimeout;
  window.setTimeout = function (handler, delay, ...rest) {
    const id = setT.call(window, function (...args) {
      timers.delete(id);
      return typeof handler === "function" ? handler.apply(this, args) : undefined;
    }, delay, ...rest);
    if ((Number(delay) || 0) < %(horizon)d) timers.add(id);
    return id;
  };
  window.clearTimeout = (id) => { timers.delete(id); clearT.call(window, id); };
  let fetching = 0;  // fetch() and XMLHttpRequest calls not answered yet: seen here, at once, unlike routed requests
  const pageFetch = window.fetch;
  window.fetch = function (...args) {
    fetching += 1;
    const done = () => { fetching -= 1; };
    const answer = pageFetch.apply(this, args);
    answer.then(done, done);
    return answer;
  };
  for (const read of ["json", "text", "arrayBuffer", "blob", "formData"]) {  // the answer's body comes later
    const body = Response.prototype[read];
    Response.prototype[read] = function (...args) {
      fetching += 1;
      const done = () => { fetching -= 1; };
      const value = body.apply(this, args);
      value.then(done, done);
      return value;
    };
  }
  const send = XMLHttpRequest.prototype.send;
  XMLHttpRequest.prototype.send = function (...args) {
    fetching += 1;
    this.addEventListener("loadend", () => { fetching -= 1; }, {once: true});
    return send.apply(this, args);
  };
  let mutations = 0, changed = null;
  new MutationObserver((records) => {
    mutations += records.length;
    changed = records[records.length - 1].target;
  }).observe(document, {subtree: true, childList: true, attributes: true, characterData: true});
  const running = () => document.getAnimations().filter((a) =>
    a.playState === "running" && a.effect && a.effect.getComputedTiming().iterations !== Infinity).length;
  let token = null, seen = -1, still = 0;
  const name = (node) => {
    const element = node && node.nodeType === 1 ? node : node && node.parentElement;
    if (!element) return "the document";
    return "<" + element.localName + (element.id ? " id=" + element.id : "") +
      (element.className && typeof element.className === "string" ? " class=" + element.className : "") + ">";
  };
  // What the grader asks of the page's controls and regions, with the browser's own functions taken
  // before the page's scripts run: a page that replaces them (a polyfill, or on purpose) changes nothing.
  // The answers are a boolean and a string, which reach the grader as they are (an array would pass
  // through the page's Array.isArray).
  const apply = Reflect.apply, matches = Element.prototype.matches, shows = Element.prototype.checkVisibility;
  const how = {visibilityProperty: true};
  const shown = (element) => apply(shows, element, [how]) === true;
  Object.defineProperty(window, "__graderShown", {value: shown});
  Object.defineProperty(window, "__graderControls", {value: (all) => {  // "SE " per button: shown, enabled
    let answer = "";
    for (let i = 0; i < all.length; i++) {
      answer += (shown(all[i]) ? "1" : "0") + (apply(matches, all[i], [":disabled"]) ? "0" : "1") + " ";
    }
    return answer;
  }});
  Object.defineProperty(window, "__graderIdle", {value: (call) => {
    if (call !== token) { token = call; seen = mutations; still = 0; return false; }
    if (mutations === seen) still += 1; else { seen = mutations; still = 0; }
    return still >= 2 && timers.size === 0 && fetching === 0 && running() === 0;
  }});
  Object.defineProperty(window, "__graderWhy", {value: () => {
    if (still < 2) return "its DOM kept changing (last in " + name(changed) + ")";
    if (timers.size) return timers.size + " short timer(s) kept being set";
    if (fetching) return fetching + " of its requests never answered";
    return running() + " animation(s) kept running";
  }});
})();"""
