"""The `streaking` plugin (cards arrive with its issue)."""
