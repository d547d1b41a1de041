"""Spins forever without printing anything."""
while True:
    pass
