"""Grading a whole class (`python3 -m grader grade`; its command line is grader/commands/grade.py): `run`
(the students' plans scheduled as units of work on worker processes, each student's files written once),
`workers` (the worker processes and their protocol), `fingerprint` (what decides a grade, hashed, to skip
unchanged students), `students` (the output layout and a student's outcome), `progress` and `summary` (the
console). One student's grading itself is grader/grading's."""
