"""Checks for kernel-rich: experiments (see checks/kernel_rich.py for shared instances and references)."""
from .core import check  # noqa: F401
