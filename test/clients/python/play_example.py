"""Plays a game script through `awaw-surrender exec` into a new log, command by command.

    python3 play_example.py SCRIPT.json LOG COMMAND...

SCRIPT.json is {"game": ID, "commands": [{"type", "data"}, ...]}; COMMAND is how to run awaw-surrender (for
example `node dist/awaw-surrender.cjs`). Prints one JSON summary line: the game, the number of commands, the
log's head and what is pending at the end. Exit 1 if exec refuses a command (the script is then wrong).
"""
import json
import sys

from awaw_client import ExecClient


def main(argv):
    if len(argv) < 3:
        sys.stderr.write(__doc__)
        return 2
    script_path, log, command = argv[0], argv[1], argv[2:]
    with open(script_path, encoding="utf-8") as source:
        script = json.load(source)
    game = script["game"]
    head = None
    with ExecClient(command, log, create=True) as client:
        for number, origin in enumerate(script["commands"], start=1):
            response = client.execute(game, origin)
            if not response["ok"]:
                rejection = response["rejection"]
                sys.stderr.write("command %d (%s) refused: %s %s %s\n" % (number, origin["type"], rejection["code"], rejection["rule"], rejection["message"]))
                return 1
            head = response["head"]
        pending = client.pending(game)["pending"]
    print(json.dumps({"game": game, "commands": len(script["commands"]), "head": head, "pending": [p["decision"] for p in pending]}))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
