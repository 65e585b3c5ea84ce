"""One cog per game (module name -> cog class path), plus the general commands."""
GAME_COGS: dict[str, str] = {
    "planetarium": "bot.cogs.planetarium:PlanetariumCog",
    "gaia": "bot.cogs.gaia:GaiaCog",
}
