"""kernel-rich statements: experiments (see theorems/kernel_rich.py for the shared encodings)."""
from .kernel_rich import src  # noqa: F401
