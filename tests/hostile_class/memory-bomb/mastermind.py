"""Grabs memory until something stops it."""
hoard = []
while True:
    hoard.append(bytearray(64 * 1024 * 1024))
