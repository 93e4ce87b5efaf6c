"""Plays a game script through `awaw-surrender exec`, every player decision built from the engine's menus.

    python3 play_menus.py SCRIPT.json LOG [--seed N] COMMAND...

SCRIPT.json is {"game": ID, "commands": [{"type", "data"}, ...]}; COMMAND is how to run awaw-surrender. The
script gives the world (the host's facts and reports); the players' choices come from the menus (menus.py):

- a player decision of the script (PLAYER below): its data is ignored; the pending decision that command type
  answers is settled from its menu (an answer follows the script's where the menu allows it). None pending (the
  game took another path): skipped.
- a report the rules ask for (REPORTS below): sent as scripted if a pending decision asks for it, else skipped;
  units the engine's events say were removed (`removed`) are left out of later reports, the world following
  the menus' choices rather than the script's.
- any other host fact: first every pending player decision is settled from its menu, then the fact is sent;
  it must be accepted.
- at the end, every pending player decision is settled from its menu.

Prints one JSON summary line: the game, the commands sent, the decisions built from menus by decision name, the
script commands skipped, the log's head and what is pending at the end. Exit 1 if the engine refuses a command
(a menu-built one, or a host fact), or a menu leaves the host stuck.
"""
import json
import random
import sys

import menus
from awaw_client import ExecClient

PLAYER = {
    "britain.forces-selected",
    "britain.terms-demanded",
    "italy.forces-selected",
    "britain.offer-accepted",
    "britain.offer-rejected",
    "japan.treaty-decided",
}
REPORTS = {"host.british-force-pool", "host.british-hex-control", "host.far-east-hex-control", "host.italian-forces-reported"}


class Refused(Exception):
    pass


class Player:
    def __init__(self, client, game, rng):
        self.client, self.game, self.rng = client, game, rng
        self.pending = []
        self.sent = 0
        self.head = None
        self.built = {}
        self.skipped = []
        self.gone = set()

    def send(self, command, why):
        response = self.client.execute(self.game, command)
        if not response["ok"]:
            rejection = response["rejection"]
            raise Refused("%s (%s) refused: %s %s %s" % (why, command["type"], rejection["code"], rejection["rule"], rejection["message"]))
        self.sent += 1
        self.head = response["head"]
        self.pending = response["pending"]
        for event in response["events"]:
            self.gone.update(u["id"] for u in event["data"].get("removed", []) if isinstance(u, dict) and "id" in u)

    def asking_for(self, command_type):
        return next((d for d in self.pending if command_type in d.get("commands", [])), None)

    def settle(self, decision, prefer=None):
        command = menus.build(self.client, self.game, decision, self.rng, prefer)
        self.send(command, "the command built from the menu of %s" % decision["decision"])
        self.built[decision["decision"]] = self.built.get(decision["decision"], 0) + 1

    def settle_players(self):
        """Settles pending player decisions, in the engine's order, until none is left."""
        for _ in range(50):
            decision = next((d for d in self.pending if d.get("by") != "host"), None)
            if decision is None:
                return
            self.settle(decision)
        raise menus.MenuError("player decisions still pending after 50 settled")

    def without_gone(self, report):
        """The scripted report without the units the engine removed from the game earlier: the script was written
        for its own choices, the world follows the menu's."""
        units = report["data"].get("units")
        if not isinstance(units, list):
            return report
        return dict(report, data=dict(report["data"], units=[u for u in units if u.get("id") not in self.gone]))

    def play(self, number, origin):
        kind = origin["type"]
        if kind in PLAYER:
            decision = self.asking_for(kind)
            if decision is None:
                self.skipped.append(number)
            else:
                self.settle(decision, prefer=kind)
        elif kind in REPORTS:
            if self.asking_for(kind) is None:
                self.skipped.append(number)
            else:
                self.send(self.without_gone(origin), "script command %d" % number)
        else:
            self.settle_players()
            self.send(origin, "script command %d" % number)


def main(argv):
    seed = 1
    if len(argv) >= 4 and argv[2] == "--seed":
        seed = int(argv[3])
        argv = argv[:2] + argv[4:]
    if len(argv) < 3:
        sys.stderr.write(__doc__)
        return 2
    script_path, log, command = argv[0], argv[1], argv[2:]
    with open(script_path, encoding="utf-8") as source:
        script = json.load(source)
    game = script["game"]
    with ExecClient(command, log, create=True) as client:
        player = Player(client, game, random.Random(seed))
        try:
            for number, origin in enumerate(script["commands"], start=1):
                player.play(number, origin)
            player.settle_players()
        except (Refused, menus.MenuError) as failure:
            sys.stderr.write("%s: %s\n" % (game, failure))
            return 1
        pending = client.pending(game)["pending"]
    summary = {
        "game": game,
        "seed": seed,
        "commands": player.sent,
        "built": player.built,
        "skipped": player.skipped,
        "head": player.head,
        "pending": [p["decision"] for p in pending],
    }
    print(json.dumps(summary))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
