"""A client of `awaw-surrender exec` (docs/host-protocol.md) in Python 3, standard library only.

One request per line on the process's standard input, one response per line on its standard output, in order;
each request carries an id that its response echoes.
"""
import json
import subprocess


class ExecError(Exception):
    """The exec process broke the protocol (no response, a response to another request) or failed to start."""


class ExecClient:
    """A running `awaw-surrender exec LOG` process. Use as a context manager: leaving it closes standard input
    (exec then ends cleanly) and waits for the exit code, which must be 0."""

    def __init__(self, command, log, create=False):
        args = list(command) + ["exec", log] + (["--create"] if create else [])
        self._process = subprocess.Popen(
            args, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, encoding="utf-8", bufsize=1
        )
        self._next_id = 0

    def request(self, op, **fields):
        """Sends one request and returns its response (a dict); a refusal is a response with ok false."""
        self._next_id += 1
        request_id = "py-%d" % self._next_id
        line = json.dumps(dict(fields, id=request_id, op=op), separators=(",", ":"))
        self._process.stdin.write(line + "\n")
        self._process.stdin.flush()
        answer = self._process.stdout.readline()
        if answer == "":
            raise ExecError("exec ended without answering %s: %s" % (op, self._process.stderr.read().strip()))
        response = json.loads(answer)
        if response.get("id") != request_id:
            raise ExecError("the response %r does not answer request %s" % (response, request_id))
        return response

    def execute(self, game, command):
        return self.request("execute", game=game, command=command)

    def pending(self, game, tried=None):
        """What is pending in GAME. With TRIED, a command being built (`{"type", "data"}`): the decision it answers
        shows its `choices` as the command's picks leave them (docs/host-protocol.md, *Choices*)."""
        if tried is None:
            return self.request("pending", game=game)
        return self.request("pending", game=game, tried=tried)

    def close(self):
        """Closes exec's standard input (EOF) and returns its exit code."""
        self._process.stdin.close()
        code = self._process.wait(timeout=30)
        self._process.stdout.close()
        self._process.stderr.close()
        return code

    def __enter__(self):
        return self

    def __exit__(self, kind, value, traceback):
        code = self.close()
        if kind is None and code != 0:
            raise ExecError("exec exited with %d" % code)
        return False
