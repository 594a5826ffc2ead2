"""Dice with exact odds.

A :class:`Die` is an immutable, hashable probability distribution over its faces. The
faces may be numbers or symbols (``"fish"``, ``"winds"``, ``"arrows"``). A physical die
keeps its faces in order; dice made from others (a sum, the lowest of several rolls, a
joint roll) keep only their distribution.

Internally a die is a list of outcomes with integer weights, so sums and order
statistics are integer arithmetic and stay fast; :attr:`Die.pmf` gives exact
:class:`~fractions.Fraction` probabilities.

A die holds only its value (name, faces, outcomes, weights), set once while it is made;
nothing is computed later and kept on it. Its hash, ``pmf`` and the arrays ``sample``
draws from are computed when asked (microseconds: a few fractions, a frozenset, a small
numpy array), so making a die, which sums and order statistics do many times, costs
nothing for values that are never read.
"""
from __future__ import annotations

import math
import numbers
from fractions import Fraction
from types import MappingProxyType
from typing import Any, Callable, Hashable, Iterable, Mapping

import numpy as np

__all__ = ["Die"]


def _is_number(x: Any) -> bool:
    return isinstance(x, numbers.Number) and not isinstance(x, bool)


def _ordered(outcomes: Iterable[Hashable]) -> list:
    """Numbers ascending; anything else in order of first appearance."""
    outs: list[Any] = list(dict.fromkeys(outcomes))
    if outs and all(_is_number(o) for o in outs):
        outs.sort()
    return outs


class Die:
    """A die (or any finite random outcome) with exact probabilities.

    Parameters
    ----------
    faces : sequence
        The printed faces, one entry per face; repeats make a face more likely.
        Numbers and hashable symbols are both allowed.
    name : str, optional
        What the game calls the die ("Steady", "Danger").

    Examples
    --------
    >>> d = Die([1, 1, 2, 2, 3, 4], name="steady")
    >>> d.prob(1)
    Fraction(1, 3)
    >>> d.prob(lambda v: v >= 3)
    Fraction(1, 3)
    >>> d.mean
    Fraction(13, 6)
    >>> (d + d).prob(2)
    Fraction(1, 9)
    >>> Die(["fish", "blank", "blank"]).pmf["blank"]
    Fraction(2, 3)
    """

    __slots__ = ("name", "faces", "_outcomes", "_weights", "_total")
    # the slots' types, for the type checker (set once, by _init, while the die is made)
    name: str | None
    faces: tuple | None
    _outcomes: tuple
    _weights: tuple[int, ...]
    _total: int

    def __init__(self, faces: Iterable[Hashable], name: str | None = None):
        faces = tuple(faces)
        if not faces:
            raise ValueError("a die needs at least one face")
        counts: dict = {}
        for f in faces:
            try:
                counts[f] = counts.get(f, 0) + 1
            except TypeError:
                raise TypeError(f"die faces must be hashable, got {f!r}") from None
        self._init(_ordered(faces), counts, len(faces), name, faces)

    # -- construction ---------------------------------------------------------
    def _init(self, outcomes, weights: Mapping, total: int, name, faces) -> None:
        """Set the die's value: called once, by the constructors, on the new die (as a
        frozen dataclass's ``__init__`` does, through ``object.__setattr__``, since the
        class's own ``__setattr__`` refuses every write)."""
        g = 0
        for o in outcomes:
            g = math.gcd(g, weights[o])
        g = math.gcd(g, total) if faces is None else 1  # a physical die keeps its face count
        set_ = object.__setattr__
        set_(self, "name", name)
        set_(self, "faces", faces)
        set_(self, "_outcomes", tuple(outcomes))
        set_(self, "_weights", tuple(weights[o] // g for o in outcomes))
        set_(self, "_total", total // g)

    @classmethod
    def _from_weights(cls, weights: Mapping, name: str | None = None, order=None) -> "Die":
        weights = {o: w for o, w in weights.items() if w}
        if not weights:
            raise ValueError("a die needs at least one outcome with positive probability")
        d = object.__new__(cls)
        outs = _ordered(order if order is not None else weights)
        outs = [o for o in outs if o in weights]
        d._init(outs, weights, sum(weights.values()), name, None)
        return d

    @classmethod
    def from_pmf(cls, pmf: Mapping[Hashable, Any], name: str | None = None) -> "Die":
        """A die from exact probabilities (anything ``Fraction`` accepts).

        >>> Die.from_pmf({"hit": Fraction(1, 3), "miss": Fraction(2, 3)}).prob("hit")
        Fraction(1, 3)
        """
        probs = {o: Fraction(p) for o, p in pmf.items()}
        if any(p < 0 for p in probs.values()):
            raise ValueError("probabilities must not be negative")
        if sum(probs.values()) != 1:
            raise ValueError(f"probabilities must sum to 1, got {sum(probs.values())}")
        den = math.lcm(*(p.denominator for p in probs.values()))
        return cls._from_weights({o: int(p * den) for o, p in probs.items()}, name=name,
                                 order=list(pmf))

    def __reduce__(self):
        if self.faces is not None:
            return (Die, (self.faces, self.name))
        return (_rebuild, (self.name, self._outcomes, self._weights))

    def __setattr__(self, key, value):
        raise AttributeError("Die is immutable; make a new one (for example with map)")

    def __delattr__(self, key):
        raise AttributeError("Die is immutable")

    def named(self, name: str | None) -> "Die":
        """The same die under another name."""
        if self.faces is not None:
            return Die(self.faces, name=name)
        return _rebuild(name, self._outcomes, self._weights)

    # -- the distribution -----------------------------------------------------
    @property
    def outcomes(self) -> tuple:
        """The distinct outcomes: numbers ascending, symbols in face order."""
        return self._outcomes

    @property
    def pmf(self) -> Mapping[Any, Fraction]:
        """Exact probability of each outcome (a read-only mapping; sums to 1).

        Computed on each call (read it into a name when a loop needs it many times)."""
        t = self._total
        return MappingProxyType({o: Fraction(w, t) for o, w in zip(self._outcomes, self._weights)})

    def prob(self, event: Hashable | Callable[[Any], bool]) -> Fraction:
        """Probability of one outcome, or of every outcome for which ``event(outcome)`` is true.

        >>> Die(range(1, 7)).prob(lambda v: v % 2 == 0)
        Fraction(1, 2)
        """
        if callable(event):
            w = sum(w for o, w in zip(self._outcomes, self._weights) if event(o))
        else:
            w = sum(w for o, w in zip(self._outcomes, self._weights) if o == event)
        return Fraction(w, self._total)

    def at_least(self, k) -> Fraction:
        """P(outcome >= k)."""
        return self.prob(lambda v: v >= k)

    def at_most(self, k) -> Fraction:
        """P(outcome <= k)."""
        return self.prob(lambda v: v <= k)

    def _numeric(self, what: str) -> None:
        if not all(_is_number(o) for o in self._outcomes):
            raise TypeError(f"{what} needs numeric faces; this die has "
                            f"{list(self._outcomes)!r}: turn symbols into numbers with .map(...)")

    @property
    def mean(self) -> Fraction:
        """Expected value (exact)."""
        self._numeric("mean")
        return sum((Fraction(o) * w for o, w in zip(self._outcomes, self._weights)),
                   Fraction(0)) / self._total

    @property
    def variance(self) -> Fraction:
        """Variance (exact)."""
        m = self.mean
        return sum(((Fraction(o) - m) ** 2 * w for o, w in zip(self._outcomes, self._weights)),
                   Fraction(0)) / self._total

    @property
    def std(self) -> float:
        """Standard deviation (a float: it is usually irrational)."""
        return math.sqrt(self.variance)

    # -- combining dice -------------------------------------------------------
    def _combine(self, other: "Die", op: Callable[[Any, Any], Any]) -> "Die":
        out: dict = {}
        for a, wa in zip(self._outcomes, self._weights):
            for b, wb in zip(other._outcomes, other._weights):
                v = op(a, b)
                out[v] = out.get(v, 0) + wa * wb
        return Die._from_weights(out)

    def __add__(self, other) -> "Die":
        if isinstance(other, Die):
            self._numeric("adding dice")
            other._numeric("adding dice")
            out: dict = {}
            get = out.get
            bw = tuple(zip(other._outcomes, other._weights))
            for a, wa in zip(self._outcomes, self._weights):  # the hot loop of exact sums
                for b, wb in bw:
                    v = a + b
                    out[v] = get(v, 0) + wa * wb
            return Die._from_weights(out)
        if _is_number(other):
            return self.map(lambda v: v + other)
        return NotImplemented

    def __radd__(self, other) -> "Die":
        # sum([d, d, d]) starts from 0
        if _is_number(other):
            return self.map(lambda v: other + v)
        return NotImplemented

    def __sub__(self, other) -> "Die":
        if isinstance(other, Die):
            self._numeric("subtracting dice")
            other._numeric("subtracting dice")
            return self._combine(other, lambda a, b: a - b)
        if _is_number(other):
            return self.map(lambda v: v - other)
        return NotImplemented

    def __neg__(self) -> "Die":
        return self.map(lambda v: -v)

    def total(self, n: int) -> "Die":
        """The sum of ``n`` independent rolls of this die.

        >>> Die(range(1, 7)).total(10).prob(60)
        Fraction(1, 60466176)
        """
        if n < 1:
            raise ValueError("total needs n >= 1")
        self._numeric("total")
        result, power = None, self
        while n:  # binary powering keeps the number of convolutions ~log2(n)
            if n & 1:
                result = power if result is None else result + power
            n >>= 1
            if n:
                power = power + power
        assert result is not None  # n >= 1 was checked
        return result

    @staticmethod
    def joint(*dice: "Die") -> "Die":
        """A die over tuples: one face of each die, rolled together.

        >>> j = Die.joint(Die([1, 2]), Die(["fish", "blank"]))
        >>> j.prob((2, "fish"))
        Fraction(1, 4)
        """
        if len(dice) == 1 and not isinstance(dice[0], Die):
            dice = tuple(dice[0])
        if not dice:
            raise ValueError("joint needs at least one die")
        weights: dict = {(): 1}
        for d in dice:
            nxt: dict = {}
            for t, wt in weights.items():
                for o, w in zip(d._outcomes, d._weights):
                    nxt[t + (o,)] = wt * w
            weights = nxt
        return Die._from_weights(weights)

    def _order_stat(self, n: int, lowest: bool) -> "Die":
        if n < 1:
            raise ValueError("n must be at least 1")
        try:
            order = sorted(self._outcomes)
        except TypeError:
            raise TypeError("lowest/highest need faces that can be ordered") from None
        w = dict(zip(self._outcomes, self._weights))
        if lowest:
            order.reverse()
        # cumulative weight of "this face or better" -> P(best of n is at most this) = (C/T)^n
        out, cum, prev = {}, 0, 0
        for o in order:
            cum += w[o]
            now = cum ** n
            out[o] = now - prev
            prev = now
        return Die._from_weights(out)

    def lowest(self, n: int) -> "Die":
        """The lowest face of ``n`` independent rolls.

        >>> Die(range(1, 7)).lowest(2).prob(1)
        Fraction(11, 36)
        """
        return self._order_stat(n, lowest=True)

    def highest(self, n: int) -> "Die":
        """The highest face of ``n`` independent rolls."""
        return self._order_stat(n, lowest=False)

    def map(self, f: Callable[[Any], Hashable], name: str | None = None) -> "Die":
        """A die over ``f(outcome)``; outcomes that map together add up.

        >>> Die([1, 2, 3, 4, 5, 6]).map(lambda v: v >= 5).prob(True)
        Fraction(1, 3)
        """
        out: dict = {}
        for o, w in zip(self._outcomes, self._weights):
            v = f(o)
            out[v] = out.get(v, 0) + w
        return Die._from_weights(out, name=name)

    def given(self, event: Callable[[Any], bool]) -> "Die":
        """The die conditioned on ``event`` (a conditional distribution).

        >>> Die(range(1, 7)).given(lambda v: v > 3).prob(6)
        Fraction(1, 3)
        """
        out = {o: w for o, w in zip(self._outcomes, self._weights) if event(o)}
        if not out:
            raise ValueError("the event has probability 0; nothing to condition on")
        return Die._from_weights(out, order=self._outcomes)

    # -- sampling -------------------------------------------------------------
    def _sampler(self):
        """The values a roll picks from (a numpy array) and, for a die made from others,
        their cumulative probabilities (None for a physical die: its faces are equally
        likely). Made on each call: a small array, next to the cost of drawing."""
        if self.faces is not None:
            values, cum = self.faces, None
        else:
            values = self._outcomes
            cum = np.cumsum(np.array(self._weights, dtype=float)) / self._total
            cum[-1] = 1.0
        if all(_is_number(v) for v in values):
            arr = np.asarray(values)
        else:
            arr = np.empty(len(values), dtype=object)
            for i, v in enumerate(values):
                arr[i] = v
        return arr, cum

    def sample(self, n: int | None = None, rng=None):
        """Roll the die: one face (``n=None``) or a numpy array of ``n`` faces.

        ``rng`` is anything :func:`numpy.random.default_rng` accepts (a seed or a
        ``Generator``). Sampling is vectorised: a million rolls take milliseconds.

        >>> Die([1, 2, 3]).sample(5, rng=0).shape
        (5,)
        """
        rng = np.random.default_rng(rng)
        arr, cum = self._sampler()
        size = 1 if n is None else n
        if cum is None:
            idx = rng.integers(0, len(arr), size=size)
        else:
            idx = np.searchsorted(cum, rng.random(size), side="right")
        out = arr[idx]
        if n is None:
            v = out[0]
            return v.item() if isinstance(v, np.generic) else v
        return out

    def roll(self, rng=None):
        """One roll: the same as ``sample(rng=rng)``."""
        return self.sample(None, rng)

    # -- plain data -----------------------------------------------------------
    def table(self) -> list[tuple[Any, Fraction, float]]:
        """Rows of (outcome, exact probability, probability as a float)."""
        return [(o, p, float(p)) for o, p in self.pmf.items()]

    def to_plain(self) -> dict:
        """JSON-friendly data: ``{"faces": [...], "name": ...}`` or exact weights."""
        if self.faces is not None:
            return {"faces": list(self.faces), "name": self.name}
        return {"outcomes": list(self._outcomes), "weights": list(self._weights),
                "name": self.name}

    @classmethod
    def from_plain(cls, data: Mapping) -> "Die":
        """The inverse of :meth:`to_plain` (faces must be JSON scalars)."""
        if not isinstance(data, Mapping):
            raise ValueError(f"a die must be a mapping with 'faces', got {data!r}")
        name = data.get("name")
        if "faces" in data:
            return cls(data["faces"], name=name)
        outs, ws = data.get("outcomes"), data.get("weights")
        if not isinstance(outs, list) or not isinstance(ws, list) or len(outs) != len(ws) \
                or not all(isinstance(w, int) and w >= 0 for w in ws):
            raise ValueError("a die needs 'faces', or 'outcomes' with matching integer 'weights'")
        outs = [tuple(o) if isinstance(o, list) else o for o in outs]
        return _rebuild(name, outs, ws)

    # -- identity -------------------------------------------------------------
    def _key(self) -> tuple:
        """What makes two dice equal: the name and the distribution, as the set of
        (outcome, weight) pairs in lowest terms. Die([1, 2]) rolls like Die([1, 1, 2, 2]),
        and a sum of one die is that die; the outcomes of a die are distinct, so a set of
        pairs says the same as a sorted list of them, without needing an order."""
        g = 0
        for w in self._weights:
            g = math.gcd(g, w)
        return (self.name, frozenset((o, w // g) for o, w in zip(self._outcomes, self._weights)))

    def __eq__(self, other) -> bool:
        if not isinstance(other, Die):
            return NotImplemented
        return self is other or self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        nm = f", name={self.name!r}" if self.name else ""
        if self.faces is not None:
            return f"Die({list(self.faces)!r}{nm})"
        items = ", ".join(f"{o!r}: {p}" for o, p in list(self.pmf.items())[:8])
        more = ", ..." if len(self._outcomes) > 8 else ""
        return f"Die.from_pmf({{{items}{more}}}{nm})"

    def __len__(self) -> int:
        """Number of distinct outcomes."""
        return len(self._outcomes)

    def _repr_html_(self) -> str:
        """The die as a table for Jupyter and Voila: each outcome with its exact chance as
        a/b, as a percentage and as a bar; the faces of a physical die; mean and spread.

        >>> html = Die([1, 1, 2, 2, 3, 4], name="steady")._repr_html_()
        >>> "1/3" in html and "33.3%" in html and "Fraction(" not in html
        True
        """
        import html as _html

        def label(o) -> str:
            if isinstance(o, tuple):
                return " · ".join(label(x) for x in o)
            return str(o)

        limit = 40  # a table longer than a screen says how many rows it left out
        pmf = self.pmf
        top = max(pmf.values(), default=Fraction(0))
        cell = "padding:1px 10px;text-align:right;"
        rows = []
        for o, p in list(pmf.items())[:limit]:
            width = 0 if not top else round(120 * p / top)
            rows.append(f"<tr><td style='{cell}'><b>{_html.escape(label(o))}</b></td>"
                        f"<td style='{cell}'>{p.numerator}{'/' + str(p.denominator) if p.denominator != 1 else ''}</td>"
                        f"<td style='{cell}'>{float(p):.1%}</td><td style='padding:1px 4px;'>"
                        f"<div style='width:{width}px;height:10px;background:#4c78a8'></div></td></tr>")
        if len(pmf) > limit:
            rows.append(f"<tr><td colspan='4' style='{cell}'>... and {len(pmf) - limit} more outcomes</td></tr>")
        title = _html.escape(self.name) if self.name else "a die"
        notes = []
        if self.faces is not None:
            notes.append("faces: " + " ".join(_html.escape(label(f)) for f in self.faces))
        if all(_is_number(o) for o in self._outcomes):
            m = self.mean
            notes.append(f"mean {m.numerator}/{m.denominator} = {float(m):.2f}" if m.denominator != 1
                         else f"mean {m.numerator}")
            notes.append(f"spread (sd) {self.std:.2f}")
        foot = f"<div style='color:#555;font-size:90%'>{'; '.join(notes)}</div>" if notes else ""
        return (f"<div class='tabletop-die'><div><b>{title}</b> · {len(pmf)} outcomes, exact odds</div>"
                "<table style='border-collapse:collapse;margin:2px 0'><thead><tr>"
                f"<th style='{cell}'>outcome</th><th style='{cell}'>chance</th>"
                f"<th style='{cell}'>percent</th><th></th></tr></thead><tbody>"
                + "".join(rows) + f"</tbody></table>{foot}</div>")


def _rebuild(name, outcomes, weights) -> Die:
    return Die._from_weights(dict(zip(outcomes, weights)), name=name, order=list(outcomes))
