"""What is claimed: one module per paper holding its statements as printed, with the SymPy
encodings of the models (losses, gradients, conserved quantities, closed forms)."""
