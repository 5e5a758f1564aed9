print("cookcast")
