"""Tiny helper the generator scripts share: collect facts, write the KG CSV.

Format written: header `subject,predicate,object,confidence`, then one fact a
line; the confidence column is left out (meaning 1) unless a fact gives one.
Fields are RFC 4180 quoted only when they need it (comma, quote).
"""

import csv
import io
import re


class KB:
    def __init__(self):
        self.facts = []
        self.seen = set()
        self.labels = {}

    def add(self, s, p, o, conf=None):
        o = fmt(o)
        key = (s, p, o)
        if key in self.seen:
            return
        self.seen.add(key)
        self.facts.append((s, p, o, conf))

    def label(self, sid, name):
        """`sid label name` unless the display name is just the id."""
        if sid in self.labels:
            if self.labels[sid] != name:
                raise ValueError(f"two labels for {sid}: {self.labels[sid]!r} / {name!r}")
            return
        self.labels[sid] = name
        if name != sid:
            self.add(sid, "label", name)

    def alias(self, sid, name):
        self.add(sid, "alias", name)

    def functional(self, predicate):
        self.add(predicate, "rdf:type", "owl:FunctionalProperty")

    def write(self, path):
        buf = io.StringIO()
        w = csv.writer(buf, lineterminator="\n")
        w.writerow(["subject", "predicate", "object", "confidence"])
        for s, p, o, c in self.facts:
            w.writerow([s, p, o] if c is None else [s, p, o, c])
        with open(path, "w", encoding="utf-8") as f:
            f.write(buf.getvalue())
        return len(self.facts)


def fmt(o):
    if isinstance(o, float):
        text = repr(o)
        return text[:-2] if text.endswith(".0") else text
    return str(o)


def slug(name):
    """Display name -> lower_snake_case ascii id (for generated entities)."""
    import unicodedata

    ascii_name = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "_", ascii_name.lower()).strip("_")
