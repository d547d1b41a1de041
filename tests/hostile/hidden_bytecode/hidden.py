"""What the test compiles into the bytecode the run must never load (helper's and extra's)."""


def main():
    print("hidden bytecode ran")
