"""One cog per game.  A registered game (see :mod:`rules`) gets a plain GameCog unless
``bot/cogs/<game>.py`` defines one with extra commands; this table only overrides that
(the tests use it for the toy game)."""
GAME_COGS: dict[str, str] = {}
