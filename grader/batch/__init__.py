"""Grading a whole class (`python3 -m grader grade`): `command` (the command line and the class-level
files), `run` (handing units of work to worker processes and recording each student), `workers` (the
worker processes and their protocol), `fingerprint` (what decides a grade, hashed, to skip unchanged
students), `students` (the output layout and a student's outcome), `progress` and `summary` (the console)."""
