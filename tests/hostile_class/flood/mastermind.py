"""Floods: endless lines of output, as fast as it can."""
while True:
    print("Enter guess: " * 50)
