"""An autograder that replays transcript specs against console programs through a pseudo-terminal."""
