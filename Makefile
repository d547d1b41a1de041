# Every target works on a fresh machine with only python3 and make: `setup` builds .venv first.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-$(shell cksum < requirements.txt | cut -d' ' -f1)

# ASSIGNMENT=dir works on another assignment folder (assignments/colour...); default: the digit game here.
ASSIGNMENT ?=
AT := $${ASSIGNMENT:+--assignment "$$ASSIGNMENT"}
# VARIANT=name picks one of the assignment's variants (assignment.yaml `variants:`; default: the first).
VARIANT ?=
VT := $(AT) $${VARIANT:+--variant "$$VARIANT"}
HOME_DIR := $(or $(ASSIGNMENT),.)
SUBMISSION ?= $(HOME_DIR)/student_template
SAMPLE_CLASS := $(if $(ASSIGNMENT),$(ASSIGNMENT)/tests/submissions,tests/sample_class)
SUBMISSIONS ?=
OUT ?=
JOBS ?=
SHARD ?=
# Paths reach the grader through the environment, quoted by the shell: a space (or any other character)
# in a folder name stays part of that one argument.
export SUBMISSION SUBMISSIONS OUT ASSIGNMENT VARIANT

DRY_RUNS := dry-run-gradescope dry-run-classroom50 dry-run-prairielearn
.PHONY: setup check test test-fast grade specs validate mutants handout gradescope prairielearn classroom50 bench $(DRY_RUNS)

setup: $(STAMP)

$(STAMP): requirements.txt
	@$(PYTHON) grader/python_check.py
	@echo "Setting up $(VENV) with the pinned dependencies (once)"
	@$(PYTHON) -m venv $(VENV)
	@$(PY) -m pip install --quiet --disable-pip-version-check -r requirements.txt
	@rm -f $(VENV)/.installed-*
	@touch $@

check: setup
	@$(PY) -m grader check "$$SUBMISSION" --visible-only $(VT)

# The whole suite: the type check, then every test (a dot each, the ten slowest named). The bundled suite's
# soundness is one of the tests (test_the_real_suite_is_sound); another assignment's (ASSIGNMENT=dir) is validated first.
# The tests write and keep bytecode, even where PYTHONDONTWRITEBYTECODE is set (KEEP_BYTECODE): the suite
# starts hundreds of grader interpreters (some from copies of the grader, in built handouts and bundles),
# and each would compile what it imports again, as each test process would its test modules (1.3 s of CPU
# apiece). The grader's own is written first, once, before the test processes start. (A student's program
# never writes any: the sandbox sets the variable for it.)
KEEP_BYTECODE := PYTHONDONTWRITEBYTECODE=
# One test process more than the cores: some tests wait on a clock (a quiet period, a hanger's timeout),
# and with one per core a core sat idle through each such wait (2 cores: 2 processes 3:40, 3 processes 3:14).
TEST_PROCESSES ?= $(shell $(PYTHON) -c 'import os; print((os.cpu_count() or 1) + 1)')
test: setup
	@$(PY) -m compileall -q -x '/templates/' grader
	@$(PY) -m mypy --no-error-summary
	@if [ -n "$$ASSIGNMENT" ]; then $(PY) -m grader validate $(AT); fi
	@$(KEEP_BYTECODE) $(PY) -m pytest -n $(TEST_PROCESSES) --dist loadgroup -q --durations=10 --durations-min=1

# The tests that start no process (tests/unit/): seconds, for while you work.
test-fast: setup
	@$(KEEP_BYTECODE) $(PY) -m pytest tests/unit -q

# Write the reference's output into every spec (after changing the reference or adding a spec).
specs: setup
	@$(PY) -m grader record "$${ASSIGNMENT:-.}"/specs/*.yaml $(VT)

# The suite is sound: well formed, distinct, full marks for the reference, zero for the template.
validate: setup
	@$(PY) -m grader validate $(VT)

# Which spec catches which known submission in tests/submissions/; fails on any uncaught bug.
mutants: setup
	@$(PY) -m grader mutants $(VT)

# Grade a class (one subfolder per student) into $(OUT) (default: grades/<slug>/, the assignment's): gradebook.csv, report.html and students/<id>/{results.json,feedback.md,...}.
# JOBS=n submissions at once (default: every core); FORCE=1 regrades students whose files did not change.
grade: setup
	@if [ -z "$$SUBMISSIONS" ]; then echo "No SUBMISSIONS=dir given: grading the bundled sample class in $(SAMPLE_CLASS)"; fi
	@$(PY) -m grader grade "$${SUBMISSIONS:-$(SAMPLE_CLASS)}" $${OUT:+--out "$$OUT"} $(if $(JOBS),--jobs $(JOBS)) $(if $(FORCE),--force) $(if $(SHARD),--shard $(SHARD)) $(VT)

# The folder students receive (visible specs only, no reference): dist/<slug>/handout/, with its own `make check`
# (the slug is assignment.yaml's, the digit game's `mastermind`): each assignment builds into its own folder.
handout: setup
	@$(PY) -m grader handout $(VT)

# The Gradescope autograder: dist/<slug>/autograder.zip (setup.sh, run_autograder, every spec).
gradescope: setup
	@$(PY) -m grader gradescope $(VT)

# PrairieLearn's external grader: dist/prairielearn/ (image/ to docker build, tests/specs/ for the question).
prairielearn: setup
	@$(PY) -m grader prairielearn --out dist/prairielearn $(AT)

# Classroom 50: dist/classroom50/autograders/<slug>/ (autograder.py, the grader, every spec); SLUG=name
# names the Classroom 50 assignment (default: assignment.yaml's slug, the digit game's `mastermind`).
SLUG ?=
classroom50: setup
	@$(PY) -m grader classroom50 --out dist/classroom50 $(if $(SLUG),--slug "$(SLUG)") $(AT)

# A platform's bundle run on $(SUBMISSION) as the platform runs it, in a temporary folder standing for
# /autograder, /grade or the student's checkout (no Docker, nothing installed): dry-run-gradescope,
# dry-run-classroom50, dry-run-prairielearn. Stand-in values stand for what the platform gives; the log says them.
$(DRY_RUNS): setup
	@$(PY) -m grader dry-run $(@:dry-run-%=%) "$$SUBMISSION" $(AT)

# Speed benchmarks (issue 6; a few minutes, not part of `make test`): prints ratios, writes bench/RESULTS.md.
bench: setup
	@$(PY) bench/run_all.py
