"""Answers a pending decision from its `choices` alone (docs/host-protocol.md, *Choices*), standard library only.

Nothing here knows a rule: which units may be selected, which territories, minor countries and indemnities may be
demanded, and which Italian units are still free all come from the engine's menu. A selection or a demand is
built one pick at a time among what the menu says may be added, asking for the menu again with the partial
command (`pending` with `tried`), until the menu says it is complete. Every pick is made by the caller's seeded
`random.Random`, so a run repeats.
"""


class MenuError(Exception):
    """The menu left the host without a way on: incomplete with nothing to add, or the decision vanished."""


def _objects(value):
    return [v for v in value if isinstance(v, dict)] if isinstance(value, list) else []


def _object(value):
    return value if isinstance(value, dict) else {}


def _menu_with(client, game, command, name):
    """The choices of decision NAME as COMMAND's picks leave them."""
    response = client.pending(game, tried=command)
    if not response.get("ok"):
        raise MenuError("%s: pending with a tried command was refused: %r" % (name, response))
    for decision in _objects(response.get("pending")):
        if decision.get("decision") == name:
            return _object(decision.get("choices"))
    raise MenuError("%s: no longer pending with %s tried" % (name, command["type"]))


def answer(decision, rng, prefer=None):
    """One of the answers the menu allows, its `command` as is: the one of type PREFER if that one is allowed,
    else one at random."""
    allowed = [a for a in _objects(_object(decision.get("choices")).get("answers")) if a.get("allowed") is True]
    if not allowed:
        raise MenuError("%s: no answer is allowed" % decision.get("decision"))
    for candidate in allowed:
        if _object(candidate.get("command")).get("type") == prefer:
            return candidate["command"]
    return rng.choice(allowed)["command"]


def _select(client, game, decision, rng, build):
    """Adds one random addable unit id at a time, reading the menu again after each pick, until it is complete."""
    name = decision.get("decision")
    choices = _object(decision.get("choices"))
    picks = []
    for _ in range(5000):
        if choices.get("complete") is True:
            return build(picks)
        addable = [u for u in _objects(choices.get("units")) if u.get("canAdd") is True]
        if not addable:
            raise MenuError("%s: incomplete with nothing to add after %r" % (name, picks))
        picks.append(rng.choice(addable)["id"])
        choices = _menu_with(client, game, build(picks), name)
    raise MenuError("%s: no complete selection after 5000 picks" % name)


def force_reductions(client, game, decision, rng):
    """`britain.forces-selected`: the units picked from the menu's `units`."""
    turn = decision.get("turn")
    return _select(client, game, decision, rng, lambda picks: {"type": "britain.forces-selected", "data": {"turn": turn, "selection": list(picks)}})


def italian_forces(client, game, decision, rng):
    """`italy.forces-selected` for the side selecting now: each pick filed under the category the menu gives it,
    the categories being those of the menu."""
    choices = _object(decision.get("choices"))
    category_of = {u["id"]: u.get("category") for u in _objects(choices.get("units"))}
    categories = list(_object(choices.get("categories")).keys())
    turn, side = decision.get("turn"), decision.get("side")

    def build(picks):
        selection = {category: [] for category in categories}
        for unit in picks:
            selection.setdefault(category_of[unit], []).append(unit)
        return {"type": "italy.forces-selected", "data": {"turn": turn, "side": side, "selection": selection}}

    return _select(client, game, decision, rng, build)


def german_terms(client, game, decision, rng, stop=0.15):
    """`britain.terms-demanded`: allowed items added one at a time, stopping at random (the menu makes every
    demand built from allowed items legal terms, `complete` at each step)."""
    name = decision.get("decision")
    turn = decision.get("turn")
    demand = {"take": [], "minors": [], "indemnityBrps": 0, "return": []}
    to_italy = []

    def command():
        return {
            "type": "britain.terms-demanded",
            "data": {"turn": turn, "demand": {k: (list(v) if isinstance(v, list) else v) for k, v in demand.items()}, "toItaly": list(to_italy)},
        }

    def minor(name_, to):
        demand["minors"] = [m for m in demand["minors"] if m["name"] != name_] + [{"name": name_, "to": to}]

    def indemnity(brps):
        demand["indemnityBrps"] = brps

    choices = _object(decision.get("choices"))
    for _ in range(60):
        if rng.random() < stop:
            break
        options = []
        for territory in _objects(choices.get("territories")):
            for field in ("take", "return"):
                if _object(territory.get(field)).get("allowed") is True:
                    options.append((demand[field].append, territory["key"]))
        for country in _objects(choices.get("minors")):
            for to in ("neutral", "axis"):
                if _object(country.get(to)).get("allowed") is True:
                    options.append((lambda pair: minor(*pair), (country["name"], to)))
        for step in _objects(_object(choices.get("indemnity")).get("steps")):
            if step.get("allowed") is True:
                options.append((indemnity, step["brps"]))
        for item in _objects(choices.get("toItaly")):
            if item.get("allowed") is True:
                options.append((to_italy.append, item["key"]))
        if not options:
            break
        apply, value = rng.choice(options)
        apply(value)
        choices = _menu_with(client, game, command(), name)
        if choices.get("complete") is not True:
            raise MenuError("%s: terms built from allowed items are not complete: %r" % (name, command()["data"]))
    return command()


BUILDERS = {
    "select-british-force-reductions": force_reductions,
    "select-post-surrender-italian-forces": italian_forces,
    "state-german-terms": german_terms,
}


def build(client, game, decision, rng, prefer=None):
    """The command answering DECISION, built from its menu. PREFER (a command type) chooses among allowed answers."""
    name = decision.get("decision")
    if name in BUILDERS:
        return BUILDERS[name](client, game, decision, rng)
    if "answers" in _object(decision.get("choices")):
        return answer(decision, rng, prefer)
    raise MenuError("no menu builder for the decision %s" % name)
