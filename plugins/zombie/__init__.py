"""The `zombie` plugin (cards arrive with its issue)."""
