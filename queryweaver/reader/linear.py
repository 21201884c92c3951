"""Small linear classifiers (multinomial logistic regression over sets of string features), read from text.

The reader's learned parts -- what a question's shape is, whether it counts, whether a value it states is
part of what it asks, which role a person plays -- are each one ``LinearModel``. They are trained at
development time (``queryweaver.reader.training``, scikit-learn) on the project's labelled question bank and
shipped as one text file; reading and applying them needs only the standard library.

A model's input is a set of features (strings). As in training, each present feature counts 1/sqrt(n), n
the number of the question's features the model knows, so long and short questions weigh alike.
"""

from __future__ import annotations

import math
import os
import sys
import zlib
from dataclasses import dataclass, field
from pathlib import Path

__all__ = ["LinearModel", "read_models", "write_models", "load_models"]


@dataclass
class LinearModel:
    name: str
    labels: list[str]
    bias: list[float]
    weights: dict[str, list[tuple[int, float]]] = field(default_factory=dict)  # feature -> [(label index, w)]
    # feature -> its cells unparsed: a dict, or the model file's lines themselves (``FeatureLines``)
    _raw: "dict[str, str] | FeatureLines" = field(default_factory=dict, repr=False)
    # a model trained on the same features as another keeps only its weights and counts the question's known
    # features by the other's list (``vocabulary``: that model's name)
    vocabulary: str = ""
    shared: "LinearModel | None" = field(default=None, repr=False)

    def cells(self, feature: str) -> list[tuple[int, float]] | None:
        found = self.weights.get(feature)
        if found is None:
            raw = self._raw.pop(feature, None)
            if raw is None:
                return None
            found = self.weights[feature] = [(int(i), float(w)) for i, w in
                                             (cell.split(":") for cell in raw.split())]
        return found

    def known(self, feature: str) -> bool:
        return feature in self.weights or feature in self._raw

    def scores(self, features) -> list[float]:
        out = list(self.bias)
        if self.shared is not None:
            known = sum(1 for f in features if self.shared.known(f))
            hits = [cells for f in features if (cells := self.cells(f))]
        else:
            hits = [cells for f in features if (cells := self.cells(f)) is not None]
            known = len(hits)
        if known:
            norm = 1.0 / math.sqrt(known)
            for cells in hits:
                for index, w in cells:
                    out[index] += w * norm
        return out

    def probabilities(self, features) -> list[float]:
        scores = self.scores(features)
        peak = max(scores)
        exps = [math.exp(s - peak) for s in scores]
        total = sum(exps)
        return [e / total for e in exps]

    def probability_of(self, features) -> dict[str, float]:
        return dict(zip(self.labels, self.probabilities(features)))

    def pulls(self, features, a: int, b: int | None = None) -> list[tuple[float, str]]:
        """The features that weigh most for label ``a`` over label ``b`` (or over nothing), largest first."""
        out = []
        for f in features:
            cells = dict(self.cells(f) or ())
            pull = cells.get(a, 0.0) - (cells.get(b, 0.0) if b is not None else 0.0)
            if pull > 0:
                out.append((pull, f))
        return sorted(out, reverse=True)


# The file: a header line, then per model a line "model<TAB>name<TAB>label count[<TAB>vocabulary]", a line per
# label ("bias<TAB>label"), then a line per feature ("feature<TAB>index:weight ..." -- a known feature with no
# weight worth keeping has no cells; a model with a vocabulary lists only features with weights), and "end".
HEADER = "# queryweaver reader models"


def write_models(models: list[LinearModel], meta: dict[str, str]) -> str:
    lines = [HEADER] + [f"meta\t{k}\t{v}" for k, v in meta.items()]
    for m in models:
        lines.append(f"model\t{m.name}\t{len(m.labels)}" + (f"\t{m.vocabulary}" if m.vocabulary else ""))
        lines += [f"{b:.4f}\t{label}" for label, b in zip(m.labels, m.bias)]
        for feature in sorted(set(m.weights) | set(m._raw)):
            cells = " ".join(f"{i}:{w:.4f}" for i, w in (m.cells(feature) or ()))
            if cells or not m.vocabulary:
                lines.append(f"{feature}\t{cells}")
        lines.append("end")
    return "\n".join(lines) + "\n"


def read_models(text: str) -> tuple[dict[str, LinearModel], dict[str, str]]:
    """The models of a file written by ``write_models``, by name, and its meta lines. A model's feature lines
    are kept as text until a question uses them (a question uses a few dozen of tens of thousands)."""
    if not text.startswith(HEADER + "\n"):
        raise ValueError("not a reader model file")
    models: dict[str, LinearModel] = {}
    meta: dict[str, str] = {}
    head, *sections = text.split("\nmodel\t")
    for line in head.split("\n")[1:]:
        if line.startswith("meta\t"):
            _, key, value = line.split("\t", 2)
            meta[key] = value
    for section in sections:
        first, _, rest = section.partition("\n")
        name, count, *vocabulary = first.split("\t")
        rows = rest.split("\n", int(count))
        bias, labels = zip(*(row.split("\t", 1) for row in rows[:-1])) if int(count) else ((), ())
        body = rows[-1]
        body = body[:body.rindex("end")].rstrip("\n")
        # feature and cells alternate once the rows' ends become tabs: one split, done in C
        cells = body.replace("\n", "\t").split("\t") if body else []
        models[name] = LinearModel(name, list(labels), [float(b) for b in bias], {},
                                   dict(zip(cells[0::2], cells[1::2])), vocabulary[0] if vocabulary else "")
    for m in models.values():
        if m.vocabulary:
            m.shared = models[m.vocabulary]
    return models, meta


# -- the model file read in place ---------------------------------------------------------------------------
# ``read_models`` makes two strings per feature line (tens of thousands: most of a question's model loading). A
# question uses a few hundred, so ``load_models`` leaves the lines in the file's bytes and finds one through a hash
# table of their offsets per model (open addressing on zlib.crc32 of the feature), kept in the cache dir under the
# file's checksum and built on first use; a table file that does not check out is built again.
TABLES_MAGIC = b"QWRT1" + (b"L" if sys.byteorder == "little" else b"B") + b"\n"
EMPTY = 0xFFFFFFFF


class FeatureLines:
    """A model's "feature<TAB>cells" lines in the model file's bytes, looked up through its hash table."""

    __slots__ = ("data", "start", "end", "slots", "mask", "seen")

    def __init__(self, data: bytes, start: int, end: int, slots: memoryview):
        self.data, self.start, self.end, self.slots, self.mask = data, start, end, slots, len(slots) - 1
        self.seen: dict[str, str | None] = {}

    def pop(self, feature: str, default: str | None = None) -> str | None:
        """The feature's cells as written (``dict.pop``'s signature; the line stays, the model keeps what it parsed)."""
        found = self.seen.get(feature, 0)
        if found == 0:
            found = self.seen[feature] = self._find(feature)
        return default if found is None else found

    def _find(self, feature: str) -> str | None:
        key = feature.encode("utf-8") + b"\t"
        data, slots, mask = self.data, self.slots, self.mask
        at = zlib.crc32(key) & mask
        while True:
            offset = slots[at]
            if offset == EMPTY:
                return None
            if data.startswith(key, offset):
                return data[offset + len(key):data.index(b"\n", offset)].decode("utf-8")
            at = (at + 1) & mask

    def __contains__(self, feature: object) -> bool:
        return isinstance(feature, str) and self.pop(feature) is not None

    def __iter__(self):
        for line in self.data[self.start:self.end].decode("utf-8").splitlines():
            yield line.split("\t", 1)[0]

    def __len__(self) -> int:
        return self.data.count(b"\n", self.start, self.end)


def _sections(data: bytes) -> tuple[list[tuple[str, list[str], list[float], str, int, int]], dict[str, str]]:
    """Each model's (name, labels, bias, vocabulary, start, end of its feature lines) in a model file's bytes, and
    the file's meta lines."""
    if not data.startswith(HEADER.encode() + b"\n"):
        raise ValueError("not a reader model file")
    starts = []
    at = data.find(b"\nmodel\t")
    while at >= 0:
        starts.append(at + 1)
        at = data.find(b"\nmodel\t", at + 1)
    meta: dict[str, str] = {}
    for line in data[:starts[0] if starts else len(data)].decode("utf-8").split("\n")[1:]:
        if line.startswith("meta\t"):
            _, key, value = line.split("\t", 2)
            meta[key] = value
    sections = []
    for number, start in enumerate(starts):
        stop = starts[number + 1] if number + 1 < len(starts) else len(data)
        line_end = data.index(b"\n", start)
        name, count, *vocabulary = data[start + len(b"model\t"):line_end].decode("utf-8").split("\t")
        at, labels, bias = line_end + 1, [], []
        for _ in range(int(count)):
            line_end = data.index(b"\n", at)
            b, label = data[at:line_end].decode("utf-8").split("\t", 1)
            labels.append(label)
            bias.append(float(b))
            at = line_end + 1
        end = data.rfind(b"end", at, stop)
        if end < 0 or (end > at and data[end - 1:end] != b"\n"):
            raise ValueError(f"model {name} has no end line")
        sections.append((name, labels, bias, vocabulary[0] if vocabulary else "", at, end))
    return sections, meta


def feature_tables(data: bytes) -> bytes:
    """The hash tables of a model file's bytes, for ``load_models``: the magic, the file's checksum and size, the
    tables' checksum, then per model its slot count and slots (native byte order, EMPTY or a line's offset)."""
    import array

    sections, _meta = _sections(data)
    payload = array.array("I")
    assert payload.itemsize == 4
    for _name, _labels, _bias, _vocabulary, start, end in sections:
        offsets = []
        at = start
        while at < end:
            line_end = data.index(b"\n", at)
            tab = data.find(b"\t", at, line_end)
            if tab < 0:
                raise ValueError("a feature line without its tab")
            offsets.append((at, zlib.crc32(data[at:tab + 1])))
            at = line_end + 1
        size = 8
        while size < 2 * len(offsets):
            size *= 2
        slots = array.array("I", [EMPTY]) * size
        for offset, digest in offsets:
            slot = digest & (size - 1)
            while slots[slot] != EMPTY:
                slot = (slot + 1) & (size - 1)
            slots[slot] = offset
        payload.append(size)
        payload.extend(slots)
    body = payload.tobytes()
    return TABLES_MAGIC + _header(data) + zlib.crc32(body).to_bytes(4, "little") + body


def _header(data: bytes) -> bytes:
    return zlib.crc32(data).to_bytes(4, "little") + len(data).to_bytes(8, "little")


def models_from_tables(data: bytes, tables: bytes) -> tuple[dict[str, LinearModel], dict[str, str]]:
    """The models of a model file's bytes with their lines looked up through ``tables`` (``feature_tables`` of the
    same bytes); ValueError when the tables are not those of these bytes, or damaged."""
    head = len(TABLES_MAGIC) + 12
    if not tables.startswith(TABLES_MAGIC) or tables[len(TABLES_MAGIC):head] != _header(data) \
            or int.from_bytes(tables[head:head + 4], "little") != zlib.crc32(memoryview(tables)[head + 4:]):
        raise ValueError("reader model tables of another file, or damaged")
    sections, meta = _sections(data)
    words = memoryview(tables)[head + 4:].cast("I")
    models: dict[str, LinearModel] = {}
    at = 0
    for name, labels, bias, vocabulary, start, end in sections:
        size = words[at]
        slots = words[at + 1:at + 1 + size]
        if size < 8 or size & (size - 1) or len(slots) != size:
            raise ValueError("reader model tables of another shape")
        at += 1 + size
        models[name] = LinearModel(name, labels, bias, {}, FeatureLines(data, start, end, slots), vocabulary)
    if at != len(words):
        raise ValueError("reader model tables of another shape")
    for m in models.values():
        if m.vocabulary:
            m.shared = models[m.vocabulary]
    return models, meta


def load_models(path: Path, cache_dir: Path | None) -> tuple[dict[str, LinearModel], dict[str, str]]:
    """``read_models`` of the file at ``path``, its lines read in place through hash tables kept in ``cache_dir``
    (built and written there when missing or not those of this file; with no cache dir, built in memory)."""
    data = path.read_bytes()
    if b"\r" in data[:len(HEADER) + 2]:  # line ends changed by a checkout: read as text
        return read_models(data.decode("utf-8").replace("\r\n", "\n"))
    kept = Path(cache_dir) / f"reader-tables-{zlib.crc32(data):08x}.bin" if cache_dir else None
    if kept is not None:
        try:
            return models_from_tables(data, kept.read_bytes())
        except (OSError, ValueError, TypeError, IndexError):
            pass  # none yet, or damaged: built again below
    tables = feature_tables(data)
    if kept is not None:
        temporary = kept.with_name(f".{kept.name}.{os.getpid()}")
        try:
            kept.parent.mkdir(parents=True, exist_ok=True)
            temporary.write_bytes(tables)
            os.replace(temporary, kept)
        except OSError:  # a cache dir that cannot be written: built again next time
            try:
                temporary.unlink()
            except OSError:
                pass
    return models_from_tables(data, tables)
