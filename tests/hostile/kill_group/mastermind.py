"""Kills its whole process group (which the sandbox's launcher and init also belong to)."""
import os

print("killing group", flush=True)
os.killpg(0, 9)
print("survived killpg")
