print("flatbed")
