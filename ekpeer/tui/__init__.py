"""The Textual client: start, lobby, table and game-over screens, one modal per decision."""
