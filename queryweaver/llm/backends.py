"""The built-in backends: ollama, openai (any OpenAI-compatible server), llamacpp (embedded) and rules.

They register through the same hook as outside plugins (``register_backends``). Each one translates its
client's errors into ``BackendError`` naming the fix, so the CLI and the web UI show one clear line.

    ollama    the official ``ollama`` client; structured outputs (``format`` = the decoding schema),
              ``keep_alive`` so the model stays loaded between questions, explicit timeouts, streaming.
    openai    ``requests`` against ``{base_url}/chat/completions``; the key comes from the environment
              variable named by ``[llm] api_key_env``; ``response_format`` = the decoding schema.
    llamacpp  llama-cpp-python in process, any GGUF file; the decoding schema becomes a grammar; the fixed
              system prefix is evaluated once and its KV state kept in memory and on disk.
    rules     the deterministic parser in ``queryweaver.reader.rules.parser``; no model at all.
"""

from __future__ import annotations

import hashlib
import json
import os
import threading
import time
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable
from urllib.parse import urlsplit

from ..errors import BackendError, GenerationError
from .base import Completion, LLMBackend, Prompt

KEEP_ALIVE = "30m"        # Ollama keeps the model loaded this long after a question
OLLAMA_NUM_CTX = 8192     # Ollama's default context can be shorter than our prompt
LLAMACPP_N_CTX = 4096
MAX_ANSWER_TOKENS = 400   # the largest graph is ~180 tokens; anything longer is a model running away
PROBE_SECONDS = 1.0       # how long ``auto`` waits for a local Ollama to answer


def _timeout(config) -> float:
    try:
        return float(config.llm_setting("timeout"))
    except (TypeError, ValueError):
        return 120.0


# ---- ollama ------------------------------------------------------------------------------------

class OllamaBackend(LLMBackend):
    name = "ollama"
    supports_schema = True

    def __init__(self, model: str, host: str = "http://127.0.0.1:11434", *, timeout: float = 120.0,
                 stream: bool = True, keep_alive: str | float | None = KEEP_ALIVE, client=None):
        self.model = model
        self.host = host
        self.timeout = timeout
        self.stream = stream
        self.keep_alive = keep_alive
        self._client = client

    @classmethod
    def from_config(cls, config) -> "OllamaBackend":
        return cls(config.llm_setting("model"), config.llm_setting("host"), timeout=_timeout(config))

    @property
    def client(self):
        if self._client is None:
            import httpx
            import ollama

            self._client = ollama.Client(host=self.host, timeout=httpx.Timeout(self.timeout,
                                                                               connect=min(5.0, self.timeout)))
        return self._client

    @staticmethod
    def available_models(host: str, timeout: float = PROBE_SECONDS) -> list[str] | None:
        """The models a local Ollama has pulled, or None when nothing answers at ``host``."""
        if _refused(host, timeout):
            return None  # nothing listens there: no need to load the client (httpx) to find that out
        import httpx
        import ollama

        try:
            with ollama.Client(host=host, timeout=httpx.Timeout(timeout)) as client:
                return [m.model for m in client.list().models if m.model]
        except (ConnectionError, httpx.HTTPError, ollama.ResponseError, OSError, ValueError):
            return None

    def generate(self, prompt: Prompt, schema: dict[str, Any] | None = None) -> Completion:
        import httpx
        import ollama

        started = time.monotonic()
        options = {"temperature": 0, "num_ctx": OLLAMA_NUM_CTX, "num_predict": MAX_ANSWER_TOKENS}
        try:
            response = self.client.chat(model=self.model, messages=prompt.messages(), format=schema,
                                        options=options, keep_alive=self.keep_alive, stream=self.stream)
            if self.stream:
                parts, last = [], None
                for chunk in response:
                    parts.append(chunk.message.content or "")
                    last = chunk
                text = "".join(parts)
            else:
                last = response
                text = response.message.content or ""
        except ollama.ResponseError as exc:
            raise self._response_error(exc) from exc
        except (ConnectionError, httpx.ConnectError) as exc:  # the streaming path lets httpx's error through
            raise BackendError(
                f"cannot reach Ollama at {self.host}; start it (run 'ollama serve' or open the Ollama app), "
                f"or pick another backend with [llm] backend = \"llamacpp\" or \"rules\"") from exc
        except httpx.TimeoutException as exc:
            raise BackendError(
                f"Ollama did not answer within {self.timeout:g} s (model {self.model}); raise [llm] timeout, "
                "or use a smaller model") from exc
        except httpx.HTTPError as exc:
            raise BackendError(f"talking to Ollama at {self.host} failed ({exc}); check [llm] host") from exc
        return Completion(text=text, prompt_tokens=getattr(last, "prompt_eval_count", None),
                          completion_tokens=getattr(last, "eval_count", None),
                          seconds=time.monotonic() - started, model=self.model)

    def _response_error(self, exc) -> BackendError:
        message = str(getattr(exc, "error", exc))
        if exc.status_code == 404 or "not found" in message.lower():
            return BackendError(f"Ollama has no model {self.model!r}; run 'ollama pull {self.model}' "
                                "(or set [llm] model to one that 'ollama list' shows)")
        return BackendError(f"Ollama refused the request: {message} (status {exc.status_code})")


# ---- openai-compatible -------------------------------------------------------------------------

OPENAI_URL = "https://api.openai.com/v1"


def _is_local_url(url: str) -> bool:
    host = (urlsplit(url).hostname or "").lower()
    return host in ("localhost", "::1") or host.startswith("127.")


class OpenAIBackend(LLMBackend):
    name = "openai"
    supports_schema = True
    needs_key = True

    def __init__(self, model: str, base_url: str | None = None, *, api_key: str | None = None,
                 api_key_env: str = "OPENAI_API_KEY", timeout: float = 120.0, session=None):
        import requests

        self.model = model
        self.base_url = (base_url or OPENAI_URL).rstrip("/")
        self.api_key = api_key
        self.api_key_env = api_key_env
        self.timeout = timeout
        self.session = session or requests.Session()
        self.is_local = _is_local_url(self.base_url)
        self._schema_refused = False  # the server said it cannot take response_format json_schema
        if not api_key and not self.is_local:
            raise BackendError(f"no API key for {self.base_url}: set the environment variable {api_key_env} "
                               "(its name is [llm] api_key_env)")

    @classmethod
    def from_config(cls, config) -> "OpenAIBackend":
        env = config.llm_setting("api_key_env") or "OPENAI_API_KEY"
        return cls(config.llm_setting("model"), config.llm_setting("base_url"), api_key=os.environ.get(env),
                   api_key_env=env, timeout=_timeout(config))

    def generate(self, prompt: Prompt, schema: dict[str, Any] | None = None) -> Completion:
        import requests

        started = time.monotonic()
        body: dict[str, Any] = {"model": self.model, "messages": prompt.messages(), "temperature": 0,
                                "max_tokens": MAX_ANSWER_TOKENS}
        if schema is not None and not self._schema_refused:
            body["response_format"] = {"type": "json_schema",
                                       "json_schema": {"name": "answer", "schema": schema, "strict": False}}
        headers = {"Authorization": f"Bearer {self.api_key}"} if self.api_key else {}
        url = f"{self.base_url}/chat/completions"
        try:
            response = self.session.post(url, json=body, headers=headers, timeout=(min(10.0, self.timeout),
                                                                                   self.timeout))
            if response.status_code == 400 and "response_format" in body and _mentions_format(response.text):
                self._schema_refused = True  # older servers: ask again without it, validation still applies
                body.pop("response_format")
                response = self.session.post(url, json=body, headers=headers,
                                             timeout=(min(10.0, self.timeout), self.timeout))
        except requests.exceptions.Timeout as exc:
            raise BackendError(f"{self.base_url} did not answer within {self.timeout:g} s; raise [llm] timeout "
                               "or use a faster model") from exc
        except requests.exceptions.ConnectionError as exc:
            raise BackendError(f"cannot reach {self.base_url}; check [llm] base_url and that the server is "
                               "running") from exc
        except requests.exceptions.RequestException as exc:
            raise BackendError(f"the request to {self.base_url} failed ({exc})") from exc
        if response.status_code >= 400:
            raise self._http_error(response)
        try:
            data = response.json()
            text = data["choices"][0]["message"]["content"] or ""
        except (ValueError, KeyError, IndexError, TypeError) as exc:
            raise BackendError(f"{self.base_url} answered with something that is not an OpenAI chat completion; "
                               "check [llm] base_url (it should end in /v1)") from exc
        usage = data.get("usage") or {}
        return Completion(text=text, prompt_tokens=usage.get("prompt_tokens"),
                          completion_tokens=usage.get("completion_tokens"),
                          seconds=time.monotonic() - started, model=data.get("model") or self.model)

    def _http_error(self, response) -> BackendError:
        try:
            detail = response.json().get("error", {})
            message = detail.get("message") if isinstance(detail, dict) else str(detail)
        except ValueError:
            message = response.text[:200]
        status = response.status_code
        if status in (401, 403):
            return BackendError(f"{self.base_url} refused the API key from {self.api_key_env} ({message}); "
                                "check the key")
        if status == 404:
            return BackendError(f"{self.base_url} has no model {self.model!r} ({message}); check [llm] model "
                                "and [llm] base_url")
        if status == 429:
            return BackendError(f"{self.base_url} is rate-limiting requests ({message}); wait and try again")
        return BackendError(f"{self.base_url} answered {status}: {message}")


def _mentions_format(text: str) -> bool:
    text = text.lower()
    return "response_format" in text or "json_schema" in text


# ---- llama.cpp ---------------------------------------------------------------------------------

class LlamaCppBackend(LLMBackend):
    name = "llamacpp"
    supports_schema = True

    def __init__(self, model_path: str | Path, *, n_ctx: int = LLAMACPP_N_CTX, n_threads: int | None = None,
                 timeout: float = 120.0, state_dir: Path | None = None, llama=None):
        self.model_path = Path(model_path).expanduser()
        self.model = self.model_path.name
        self.n_ctx = n_ctx
        self.n_threads = n_threads
        self.timeout = timeout
        self.state_dir = state_dir
        self._llama = llama
        self.prefix_source: str | None = None  # where the last prompt's prefix came from (for tests, benchmarks)

    @classmethod
    def from_config(cls, config) -> "LlamaCppBackend":
        path = config.llm_setting("model_path")
        if not path:
            raise BackendError("the llamacpp backend needs a GGUF file: set [llm] model_path = \"/path/to/model.gguf\"")
        return cls(path, timeout=_timeout(config), state_dir=config.cache_dir / "llm-state")

    @staticmethod
    def importable() -> bool:
        try:
            import llama_cpp  # noqa: F401
        except ImportError:
            return False
        return True

    @property
    def llama(self):
        if self._llama is None:
            self._llama = load_llama(str(self.model_path), self.n_ctx, self.n_threads)
        return self._llama

    def generate(self, prompt: Prompt, schema: dict[str, Any] | None = None) -> Completion:
        with _session(self.llama).lock:  # one loaded model, one KV cache: one question at a time
            return self._generate(prompt, schema)

    def _generate(self, prompt: Prompt, schema: dict[str, Any] | None) -> Completion:
        llm = self.llama
        started = time.monotonic()
        formatted = _chat_formatter(llm)(messages=prompt.messages())
        tokens = llm.tokenize(formatted.prompt.encode("utf-8"), add_bos=not formatted.added_special, special=True)
        if len(tokens) + 64 > llm.n_ctx():
            raise BackendError(f"the prompt ({len(tokens)} tokens) does not fit the model's context "
                               f"({llm.n_ctx()}); ask a shorter question")
        self._restore_prefix(llm, prompt, tokens)
        reused = _feed(llm, tokens)
        grammar = _GrammarCheck(llm, _gbnf(json.dumps(schema))) if schema is not None else None
        try:
            out, timed_out = _greedy(llm, grammar, max_tokens=MAX_ANSWER_TOKENS, deadline=started + self.timeout)
        finally:
            if grammar is not None:
                grammar.close()
        if timed_out:
            raise BackendError(f"llama.cpp did not finish within {self.timeout:g} s; raise [llm] timeout or use "
                               "a smaller model")
        return Completion(text=llm.detokenize(out).decode("utf-8", errors="replace"), prompt_tokens=len(tokens),
                          completion_tokens=len(out), seconds=time.monotonic() - started, model=self.model,
                          extra={"reused_prompt_tokens": reused, "prefix": self.prefix_source})

    # -- the KV state of the fixed system prefix --------------------------------------------------
    def _restore_prefix(self, llm, prompt: Prompt, tokens: list[int]) -> None:
        """Make the model's KV cache start with the system prefix, evaluating it at most once.

        llama-cpp-python reuses the longest common token prefix with what it evaluated last, so asking
        questions in a row re-evaluates only the examples and the question. A date question or another
        prompt in between would evict the prefix; the saved state brings it back in milliseconds, and the
        copy on disk spares a new process (each CLI run) the cold evaluation.
        """
        if not prompt.system:
            return
        session = _session(llm)
        saved = session.prefixes.pop(prompt.system, None)
        if saved is None:
            prefix = _common_prefix(tokens, _system_only_tokens(llm, prompt.system))
            if len(prefix) < 16:
                return
            state = self._load_state_file(prefix)
            self.prefix_source = "disk"
            if state is None:
                llm.reset()
                llm.eval(list(prefix))
                state = _slim_state(llm.save_state())
                self._save_state_file(prefix, state)
                self.prefix_source = "evaluated"
            session.remember(prompt.system, prefix, state)
            return
        session.remember(prompt.system, *saved)
        prefix, state = saved
        current = tuple(llm.input_ids[: llm.n_tokens][: len(prefix)].tolist())
        if current != prefix:
            llm.load_state(state)
            self.prefix_source = "memory"
        else:
            self.prefix_source = "kv-cache"

    def _state_path(self, prefix: tuple[int, ...]) -> Path | None:
        if self.state_dir is None:
            return None
        try:
            stat = self.model_path.stat()
        except OSError:
            return None
        import llama_cpp

        key = hashlib.sha256(json.dumps([str(self.model_path.resolve()), stat.st_size, stat.st_mtime_ns,
                                         self.n_ctx, llama_cpp.__version__, list(prefix)]).encode()).hexdigest()
        return self.state_dir / f"prefix-{key[:32]}.npz"

    def _load_state_file(self, prefix: tuple[int, ...]):
        path = self._state_path(prefix)
        if path is None or not path.exists():
            return None
        import numpy as np
        from llama_cpp.llama import LlamaState

        try:
            with np.load(path, allow_pickle=False) as data:  # plain arrays: a tampered file cannot run code
                blob = data["llama_state"].tobytes()
                state = LlamaState(input_ids=data["input_ids"], scores=np.zeros((1, self.llama.n_vocab()), np.float32),
                                   n_tokens=int(data["n_tokens"]), llama_state=blob, llama_state_size=len(blob),
                                   seed=int(data["seed"]))
            self.llama.load_state(state)
        except Exception:  # a stale or partial file: evaluate afresh and overwrite it
            return None
        return state

    def _save_state_file(self, prefix: tuple[int, ...], state) -> None:
        path = self._state_path(prefix)
        if path is None:
            return
        import numpy as np

        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            tmp = path.with_name(path.name + ".tmp")
            with tmp.open("wb") as fh:
                np.savez(fh, llama_state=np.frombuffer(state.llama_state, dtype=np.uint8),
                         input_ids=state.input_ids, n_tokens=state.n_tokens, seed=state.seed)
            tmp.replace(path)
        except OSError:
            pass  # the cache is an optimisation only


class _Session:
    """What belongs to one loaded model rather than to a backend object: its lock and its saved prefixes.

    ``get_backend`` makes a new backend for every question, while ``load_llama`` keeps one model per
    file; the web UI may ask from several threads at once.
    """

    KEEP = 4  # system prefixes kept: the graph prompt, the date prompt, a sliced prompt or two

    def __init__(self):
        self.lock = threading.Lock()
        self.prefixes: dict[str, tuple[tuple[int, ...], Any]] = {}  # system text -> (its tokens, KV state)

    def remember(self, system: str, tokens: tuple[int, ...], state) -> None:
        self.prefixes.pop(system, None)
        self.prefixes[system] = (tokens, state)
        while len(self.prefixes) > self.KEEP:  # the least recently used goes
            self.prefixes.pop(next(iter(self.prefixes)))


_SESSIONS_LOCK = threading.Lock()


def _session(llm) -> _Session:
    with _SESSIONS_LOCK:
        session = getattr(llm, "_queryweaver_session", None)
        if session is None:
            session = llm._queryweaver_session = _Session()
        return session


@lru_cache(maxsize=2)
def load_llama(model_path: str, n_ctx: int = LLAMACPP_N_CTX, n_threads: int | None = None):
    """Load a GGUF model once per process (loading takes seconds; the web UI asks many questions)."""
    try:
        from llama_cpp import Llama
    except ImportError as exc:
        raise BackendError("the llamacpp backend needs llama-cpp-python: pip install "
                           "'queryweaver-desktop[llamacpp]' (or pick [llm] backend = \"ollama\" or \"rules\")") from exc
    path = Path(model_path)
    if not path.is_file():
        raise BackendError(f"[llm] model_path {model_path} is not a file; point it at a .gguf model")
    threads = n_threads or _usable_cpus()
    try:
        return Llama(model_path=str(path), n_ctx=n_ctx, n_batch=512, n_threads=threads, n_threads_batch=threads,
                     verbose=False)
    except (ValueError, RuntimeError, OSError) as exc:
        raise BackendError(f"llama.cpp could not load {model_path} ({exc}); is it a GGUF model file?") from exc


def _usable_cpus() -> int:
    # llama-cpp-python defaults to half the cores; on a small machine every core counts.
    if hasattr(os, "sched_getaffinity"):
        return max(1, len(os.sched_getaffinity(0)))
    return os.cpu_count() or 1


def _chat_formatter(llm):
    cached = getattr(llm, "_queryweaver_formatter", None)
    if cached is not None:
        return cached
    from llama_cpp.llama_chat_format import Jinja2ChatFormatter

    template = llm.metadata.get("tokenizer.chat_template") or _CHATML
    eos_id, bos_id = llm.token_eos(), llm.token_bos()
    text = llm._model.token_get_text  # the same lookup Llama.__init__ uses for its own handlers
    formatter = Jinja2ChatFormatter(template=template, eos_token=text(eos_id) if eos_id != -1 else "",
                                    bos_token=text(bos_id) if bos_id != -1 else "", stop_token_ids=[eos_id])
    llm._queryweaver_formatter = formatter
    return formatter


_CHATML = ("{% for m in messages %}<|im_start|>{{ m['role'] }}\n{{ m['content'] }}<|im_end|>\n{% endfor %}"
           "{% if add_generation_prompt %}<|im_start|>assistant\n{% endif %}")


def _system_only_tokens(llm, system: str) -> list[int]:
    # Rendered with a placeholder user turn: some templates (Gemma) fold the system text into it.
    formatted = _chat_formatter(llm)(messages=[{"role": "system", "content": system},
                                               {"role": "user", "content": "\x00"}])
    return llm.tokenize(formatted.prompt.encode("utf-8"), add_bos=not formatted.added_special, special=True)


def _common_prefix(a, b) -> tuple[int, ...]:
    n = 0
    for x, y in zip(a, b):
        if x != y:
            break
        n += 1
    return tuple(a[:n])


def _slim_state(state):
    """Drop the saved logits (hundreds of MB): the next decode recomputes them before sampling."""
    import numpy as np

    state.scores = np.zeros((1, state.scores.shape[1]), dtype=state.scores.dtype)
    return state


@lru_cache(maxsize=16)
def _gbnf(schema_json: str) -> str:
    from llama_cpp.llama_grammar import json_schema_to_gbnf

    return json_schema_to_gbnf(schema_json)


def _feed(llm, tokens: list[int]) -> int:
    """Evaluate ``tokens``, reusing the longest prefix already in the KV cache; returns how many were reused."""
    cached = llm.input_ids[: llm.n_tokens]
    common = 0
    for a, b in zip(cached, tokens):
        if a != b:
            break
        common += 1
    common = min(common, len(tokens) - 1)  # always decode one token, for fresh logits
    llm.n_tokens = common
    llm.eval(tokens[common:])
    return common


class _GrammarCheck:
    """Greedy decoding under a GBNF grammar, checking the model's own choice first.

    llama-cpp-python's sampler chain runs the grammar over the whole vocabulary (150k tokens for Qwen)
    at every step, which costs more than the model itself on a small CPU. The model's top token is
    almost always allowed, so it is checked alone; only when the grammar refuses it are the next best
    candidates (then, rarely, the whole vocabulary) filtered. The result is exactly greedy decoding
    under the grammar, as llama.cpp's own "resample when rejected" path does.
    """

    def __init__(self, llm, gbnf: str):
        import llama_cpp

        self._c = llama_cpp
        self.vocab = llm._model.vocab
        self.n_vocab = llm.n_vocab()
        self.ptr = llama_cpp.llama_sampler_init_grammar(self.vocab, gbnf.encode("utf-8"), b"root")
        if not self.ptr:
            raise BackendError("llama.cpp could not compile the decoding grammar (a bug: please report it)")

    def _filter(self, ids, logits) -> int | None:
        """The best of ``ids`` the grammar allows next (None: it allows none of them)."""
        import ctypes

        import numpy as np

        c = self._c
        data = np.empty(len(ids), dtype=np.dtype([("id", np.int32), ("logit", np.float32), ("p", np.float32)]))
        data["id"], data["logit"], data["p"] = ids, logits, 0.0
        array = c.llama_token_data_array(data=data.ctypes.data_as(c.llama_token_data_p), size=len(ids),
                                         selected=-1, sorted=False)
        c.llama_sampler_apply(self.ptr, ctypes.byref(array))  # sets refused tokens' logits to -inf
        allowed = np.isfinite(data["logit"])
        if not allowed.any():
            return None
        return int(data["id"][np.argmax(np.where(allowed, data["logit"], -np.inf))])

    def choose(self, logits) -> int | None:
        import numpy as np

        best = int(np.argmax(logits))
        if self._filter([best], [0.0]) is not None:
            return best
        top = np.argpartition(-logits, 255)[:256]
        tok = self._filter(top, logits[top])
        if tok is None:
            everything = np.arange(self.n_vocab)
            tok = self._filter(everything, logits)
        return tok

    def accept(self, tok: int) -> None:
        self._c.llama_sampler_accept(self.ptr, tok)

    def close(self) -> None:
        if self.ptr:
            self._c.llama_sampler_free(self.ptr)
            self.ptr = None


def _greedy(llm, grammar: _GrammarCheck | None, *, max_tokens: int, deadline: float) -> tuple[list[int], bool]:
    """Greedy tokens until end-of-generation, the token limit or the deadline (then ``True``)."""
    import llama_cpp
    import numpy as np

    vocab = llm._model.vocab
    n_vocab = llm.n_vocab()
    out: list[int] = []
    for _ in range(max_tokens):
        logits = np.ctypeslib.as_array(llama_cpp.llama_get_logits_ith(llm._ctx.ctx, -1), shape=(n_vocab,))
        tok = grammar.choose(logits) if grammar is not None else int(np.argmax(logits))
        if tok is None or llama_cpp.llama_vocab_is_eog(vocab, tok):
            break
        if grammar is not None:
            grammar.accept(tok)
        out.append(tok)
        if time.monotonic() > deadline:
            return out, True
        if llm.n_tokens + 1 >= llm.n_ctx():
            break
        llm.eval([tok])
    return out, False


# ---- rules -------------------------------------------------------------------------------------

class RulesBackend(LLMBackend):
    """No model: the deterministic parser. ``generate`` exists so every backend answers the same call."""

    name = "rules"

    def __init__(self, parse_question: Callable | None = None):
        self._parse_question = parse_question
        self.model = None

    def parse(self, question: str):
        parse_question = self._parse_question
        if parse_question is None:
            try:
                from ..reader.rules.parser import parse_question
            except ImportError as exc:
                raise GenerationError("the rules parser is not installed with this copy of QueryWeaver; "
                                      "pick [llm] backend = \"ollama\" or \"llamacpp\"") from exc
        return parse_question(question)

    def generate(self, prompt: Prompt, schema: dict[str, Any] | None = None) -> Completion:
        started = time.monotonic()
        graph = self.parse(prompt.question)
        return Completion(json.dumps(graph.to_json()), seconds=time.monotonic() - started)


BUILTIN_BACKENDS: tuple[type[LLMBackend], ...] = (OllamaBackend, OpenAIBackend, LlamaCppBackend, RulesBackend)


def register_backends(register) -> None:
    for cls in BUILTIN_BACKENDS:
        register(cls)


def _refused(host: str | None, timeout: float) -> bool:
    """True when a TCP connection to ``host`` (a URL with an explicit port) is refused outright; False when
    something answers, or when the host cannot be read that simply (the Ollama client then decides)."""
    import socket

    if not host:
        return False
    try:
        parts = urlsplit(host if "://" in host else f"http://{host}")
        port = parts.port
    except ValueError:
        return False
    if not parts.hostname or port is None:
        return False
    try:
        with socket.create_connection((parts.hostname, port), timeout=timeout):
            return False
    except ConnectionRefusedError:
        return True
    except OSError:
        return False
