"""Grading one submission, owned in one place: a plan (the assignment, its variant, the options and limits,
a student's own settings) in, verdicts and results out. `check` and `grade`'s batch both build results
here; the variant that fits a submission better is decided here once."""
