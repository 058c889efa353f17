"""Renders the results store as a static HTML report (templates and renderer)."""
