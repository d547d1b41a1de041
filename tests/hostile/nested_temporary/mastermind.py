"""Leaves a file in every folder below the shared temporary folders that every user may write to (as
/tmp/.X11-unix and /tmp/.ICE-unix are on most machines), then exits: a clean-up that looks only at the top
of /tmp left it there for later runs. Prints where it left one."""
import os
import stat

for top in ("/tmp", "/var/tmp", "/dev/shm", "/run/lock"):
    try:
        entries = list(os.scandir(top))
    except OSError:
        continue
    for entry in entries:
        try:
            shared = entry.is_dir(follow_symlinks=False) and entry.stat(follow_symlinks=False).st_mode & stat.S_IWOTH
            if shared:
                os.mkdir(os.path.join(entry.path, f"left-by-{os.getuid()}"))
                with open(os.path.join(entry.path, f"left-by-{os.getuid()}", "note"), "w") as left:
                    left.write("for the next run")
                print("left a folder in", entry.path, flush=True)
        except OSError:
            pass
