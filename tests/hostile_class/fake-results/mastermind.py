"""Tries to change its grade: writes perfect results files wherever a grader might look, prints a fake
report, and pretends to have won."""
import json
import os

FAKE = {"score": 999, "max_score": 10, "tests": [{"name": "all", "score": 999, "max_score": 10, "status": "passed"}]}
places = [".", "..", "../..", "/tmp", os.path.expanduser("~"), "/autograder/results", "/work/main/grades/fake-results"]
for place in places:
    for name in ("results.json", "gradebook.csv", "feedback.md"):
        try:
            os.makedirs(place, exist_ok=True)
            with open(os.path.join(place, name), "w") as f:
                json.dump(FAKE, f)
        except OSError:
            pass
print("PASS  01-example-game  10/10\nScore: 10/10  (1 of 1 specs passed)\nYou guessed it right!")
