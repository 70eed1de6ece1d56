"""The browser game: tables with computer players and rooms for friends (``belot serve``).

``belot.web.app.create_app`` builds the ASGI app; ``tables`` holds the game logic of a table,
``rooms`` the live connections and bots, ``store`` the database, ``svg`` the card pictures.
"""
