"""Reference checker used to author the goal suites (not the agent's engine).

Loads a KG CSV, closes it under the built-in rules as the brief defines them
(is-a / part-of / has-a transitive, similar-to symmetric, parent-of and
child-of inverse of each other, contains => part-of), and lets each goal
script attach a check that recomputes the labelled answer from the facts.
`run` fails loudly when a label no longer matches the KG, then writes the
JSONL (without the checks).
"""
import csv
import json
import os
import sys
from collections import defaultdict

TRANS = ["is-a", "part-of", "has-a"]


class KB:
    def __init__(self, path):
        self.base = set()
        with open(path, encoding="utf-8") as f:
            rows = list(csv.reader(f))
        for r in rows[1:]:
            self.base.add((r[0], r[1], r[2]))
        self.functional = {s for s, p, o in self.base if p == "rdf:type" and o == "owl:FunctionalProperty"}
        self.all = self._close(set(self.base))
        self.symbols = set()
        for s, p, o in self.base:
            self.symbols.update([s, p, o])
        self.labels = {s: o for s, p, o in self.base if p == "label"}

    @staticmethod
    def _close(facts):
        while True:
            new = set()
            by = defaultdict(lambda: defaultdict(set))
            for s, p, o in facts:
                by[p][s].add(o)
            for p in TRANS:
                for a, bs in list(by[p].items()):
                    for b in list(bs):
                        for c in by[p].get(b, ()):
                            if c != a:
                                new.add((a, p, c))
            for s, p, o in facts:
                if p == "similar-to":
                    new.add((o, p, s))
                if p == "parent-of":
                    new.add((o, "child-of", s))
                if p == "child-of":
                    new.add((o, "parent-of", s))
                if p == "contains":
                    new.add((o, "part-of", s))
            new -= facts
            if not new:
                return facts
            facts |= new

    def o(self, s, p, derived=True):
        src = self.all if derived else self.base
        return {ob for (sb, pb, ob) in src if sb == s and pb == p}

    def s(self, p, o, derived=True):
        src = self.all if derived else self.base
        return {sb for (sb, pb, ob) in src if pb == p and ob == o}

    def has(self, s, p, o, derived=True):
        return (s, p, o) in (self.all if derived else self.base)

    def about(self, x):
        return sorted(f for f in self.base if x in (f[0], f[2]))


GOALS = []


def g(gid, kb, cat, goal, answers, note, criteria="", complete=True, check=None):
    GOALS.append(dict(id=gid, kb=kb, goal=goal, criteria=criteria, category=cat, complete=complete,
                      answers=answers, note=note, _check=check))


def yes(s, p, o, base=True):
    return lambda K: {"yes"} if K.has(s, p, o, derived=not base) else {"?"}


def rule_yes(s, p, o):
    # true only with the rules, not from the stored facts
    return lambda K: {"yes"} if (K.has(s, p, o) and not K.has(s, p, o, derived=False)) else {"?"}


def func_no(s, p, o):
    # provably no: p functional, s has another value
    return lambda K: {"no"} if (p in K.functional and K.o(s, p) and o not in K.o(s, p)) else {"?"}


def unknown(s, p, o):
    return lambda K: {"unknown"} if (not K.has(s, p, o) and (p not in K.functional or not K.o(s, p))) else {"?"}


def none(s, p):
    return lambda K: set() if not K.o(s, p) else K.o(s, p)


def hop(*steps):
    """Follow predicates from a start symbol: hop(x, (p, 'o'), (q, 's')) = {z | x p y, z q y}."""
    def f(K):
        cur = {steps[0]}
        for p, d in steps[1:]:
            cur = {y for x in cur for y in (K.o(x, p) if d == "o" else K.s(p, x))}
        return cur
    return f


def run(K, out_path):
    bad = 0
    for gl in GOALS:
        chk = gl.pop("_check")
        for a in gl["answers"]:
            if a not in ("yes", "no", "unknown") and a not in K.symbols:
                print("MISSING SYMBOL", gl["id"], a)
                bad += 1
        if chk is not None:
            try:
                res = chk(K)
            except Exception as e:  # noqa
                print("CHECK ERROR", gl["id"], repr(e))
                bad += 1
                continue
            if res is not True:
                exp = set(gl["answers"])
                if isinstance(res, (set, frozenset, list)) and set(res) == exp:
                    continue
                print("CHECK FAIL", gl["id"], gl["goal"], "expected", sorted(exp), "got", res)
                bad += 1
    ids = [x["id"] for x in GOALS]
    assert len(ids) == len(set(ids)), "dup ids"
    with open(out_path, "w", encoding="utf-8") as f:
        for gl in GOALS:
            f.write(json.dumps(gl, ensure_ascii=False) + "\n")
    from collections import Counter
    print(os.path.basename(out_path), len(GOALS), dict(Counter(x["category"] for x in GOALS)), "problems:", bad)
    if bad:
        sys.exit(1)
