"""The `imploding` plugin (cards arrive with its issue)."""
