"""What goes to students and to the platforms that grade them: the students' handout, the Gradescope zip,
the PrairieLearn grader image and the Classroom 50 autograder folder (each built whole, the reference and
hidden specs kept out of what students receive), who each platform says the student is and their
variant, and a platform's bundle laid out and run as the platform would (`dry-run`). The commands that
build them are grader/commands/packaging.py, platform_bundles.py and dry_run.py."""
