"""The `party` plugin (cards arrive with its issue)."""
