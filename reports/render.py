"""Placeholder replaced by the report renderer."""
from pathlib import Path


def render_report(store, out: Path) -> Path:
    raise NotImplementedError("report renderer not yet written")
