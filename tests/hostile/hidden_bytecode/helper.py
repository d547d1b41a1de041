def main():
    print("helper.py ran")
