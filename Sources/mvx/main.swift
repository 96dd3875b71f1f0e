print("mvx")
