print("helper imported")
