"""A game that exists only in tests: it proves a game plugs into the table by registering."""
