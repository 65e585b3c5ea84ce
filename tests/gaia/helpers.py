"""Small builders for rule tests: a game in its action phase with chosen buildings."""
from rules.gaia import GAME
from rules.gaia import engine as E


def action_state(factions, buildings=(), seed=7, boosters=None):
    n = len(factions)
    st = GAME.new_game({"players": n, "factions": "choose", "map": "standard"}, seed)
    for s, f in enumerate(factions):
        st = GAME.apply(st, GAME.parse_move(st, s, f"faction {f}"))
    for s, t, name in buildings:
        place(st, s, t, name)
    st["queue"] = []
    st["phase"] = "actions"
    st["round"] = 1
    st["order"] = list(range(n))
    st["current"] = 0
    st["passed"] = []
    for s, b in enumerate(boosters or []):
        st["boosters"][b] = s
        st["players"][s]["booster"] = b
        E.touch_income(st["players"][s], "booster")
    return st


def place(st, seat, typ, name):
    k = E.locate(st, name)
    st["bld"][k] = [seat, typ]
    E.bump(st["players"][seat], typ, 1)
    return k


def play(st, seat, text):
    return GAME.apply(st, GAME.parse_move(st, seat, text))


def power(p):
    pw = p["power"]
    return pw["area1"], pw["area2"], pw["area3"], pw["gaia"]


def set_power(p, b1, b2, b3, g=0):
    p["power"].update(area1=b1, area2=b2, area3=b3, gaia=g)
    p["tokens"] = b1 + b2 + b3 + g + (1 if p["brainstone"] else 0)


def itars_gaia_phase():
    """The Itars (seat 0, with their planetary institute and 9 tokens in the Gaia area) asked in
    the Gaia phase whether to trade 4 of them for a tech tile (GP-FAC-ITA-2)."""
    st = action_state(["itars", "xenos"])
    p = st["players"][0]
    p["n"]["PI"] = 1
    set_power(p, 0, 0, 0, 9)
    st["players"][1]["waiting"] = None
    E.gaia_phase(st)
    return st
