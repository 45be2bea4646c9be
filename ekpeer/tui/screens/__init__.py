"""One module per screen and per decision modal."""
