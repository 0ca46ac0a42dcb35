#!/usr/bin/env python3
"""Sanity checks for the heldout2 transit KB and goal suite (data only; no engine)."""
import csv, json, re, sys
from collections import defaultdict, Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent
KB = HERE / "kb" / "transit.csv"
GOALS = HERE / "goals" / "transit.jsonl"
ID = re.compile(r"^[a-z0-9]+(?:[_-][a-z0-9]+)*$")
NUM = re.compile(r"^-?\d+(?:\.\d+)?$")
TEXT_PREDS = {"label", "alias"}
CATS = {"lookup", "path", "rule", "unanswerable", "decoy", "yesno", "number", "multiword", "paraphrase"}
errors = []

rows = list(csv.reader(KB.open(encoding="utf-8", newline="")))
if rows[0] != ["subject", "predicate", "object", "confidence"]:
    errors.append(f"bad header {rows[0]}")
facts, symbols, seen = [], set(), set()
for n, r in enumerate(rows[1:], start=2):
    if len(r) not in (3, 4):
        errors.append(f"csv line {n}: {len(r)} fields"); continue
    s, p, o = r[:3]
    if len(r) == 4 and r[3] and not (0.0 <= float(r[3]) <= 1.0):
        errors.append(f"csv line {n}: bad confidence {r[3]}")
    if not ID.match(s): errors.append(f"csv line {n}: subject id {s!r}")
    if not (ID.match(p) or p.startswith(("rdf:", "owl:"))): errors.append(f"csv line {n}: predicate {p!r}")
    if p not in TEXT_PREDS and not (ID.match(o) or NUM.match(o) or o.startswith("owl:")):
        errors.append(f"csv line {n}: object {o!r}")
    if (s, p, o) in seen: errors.append(f"csv line {n}: duplicate fact")
    seen.add((s, p, o)); facts.append((s, p, o))
    symbols.add(s)
    if p not in TEXT_PREDS: symbols.add(o)

functional = {s for s, p, o in facts if p == "rdf:type" and o == "owl:FunctionalProperty"}
vals = defaultdict(set)
for s, p, o in facts:
    if p in functional: vals[(s, p)].add(o)
for (s, p), v in vals.items():
    if len(v) > 1: errors.append(f"functional {p} has {len(v)} values for {s}: {sorted(v)}")
labels = Counter(s for s, p, o in facts if p == "label")
for s, c in labels.items():
    if c > 1: errors.append(f"{s} has {c} labels")
# every non-numeric entity used as a subject/object outside declarations should carry a label
decl_preds = {s for s, p, o in facts if p in ("rdf:type", "owl:inverseOf")} | {o for s, p, o in facts if p == "owl:inverseOf"}
for sym in symbols:
    if NUM.match(sym) or sym.startswith("owl:") or sym in decl_preds: continue
    if sym not in labels and not re.fullmatch(r"[a-z]+", sym):  # e.g. "blue" displays as itself
        errors.append(f"no label for {sym}")

goals = []
for n, line in enumerate(GOALS.open(encoding="utf-8"), start=1):
    try: g = json.loads(line)
    except Exception as e: errors.append(f"goal line {n}: {e}"); continue
    goals.append(g)
    for k in ("id", "kb", "goal", "criteria", "category", "complete", "answers", "note"):
        if k not in g: errors.append(f"{g.get('id', n)}: missing {k}")
    if g.get("kb") != "transit.csv": errors.append(f"{g['id']}: kb")
    if g.get("category") not in CATS: errors.append(f"{g['id']}: category {g.get('category')}")
    c, a = g["category"], g["answers"]
    if c == "yesno":
        if a not in (["yes"], ["no"], ["unknown"]): errors.append(f"{g['id']}: yesno answers {a}")
        elif g["complete"] != (a[0] != "unknown"): errors.append(f"{g['id']}: yesno complete flag")
        continue
    if c == "unanswerable" and (a or g["complete"]): errors.append(f"{g['id']}: unanswerable must be [] / false")
    if c == "decoy" and (g["complete"] or not g["criteria"] or not a): errors.append(f"{g['id']}: decoy shape")
    if c not in ("unanswerable", "decoy", "yesno") and not g["complete"]: errors.append(f"{g['id']}: should be complete")
    for x in a:
        if x in ("yes", "no", "unknown"):
            if c != "rule": errors.append(f"{g['id']}: yes/no answer outside yesno/rule")
        elif x not in symbols: errors.append(f"{g['id']}: answer {x!r} not a symbol in the KB")
ids = [g["id"] for g in goals]
if len(ids) != len(set(ids)): errors.append("duplicate goal ids")

print(f"facts: {len(facts)}  symbols: {len(symbols)}  goals: {len(goals)}")
print("categories:", dict(Counter(g["category"] for g in goals)))
for e in errors: print("ERROR:", e)
sys.exit(1 if errors else 0)
