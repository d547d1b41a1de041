"""Exploring: seeded random sessions played against the reference and a submission side by side, judged
by the suite's rule facts, a difference shrunk to the shortest game that shows it (`grader explore`)."""
