"""The rules of Number Link as registered objects.

A :class:`Rule` says whether every cell must lie on a line (``cover``) and
whether a line may run beside itself (``touch``). Two rules are registered
in :data:`RULES`: ``fill``, the paper's (every cell covered), and
``nikoli``, the magazine and contest rule (cells may stay empty).

Either combines with the **no-touch convention** that puzzle makers judge
uniqueness by: *a line never runs beside itself*, so two cells of one line are
side by side only where the line goes from one to the other. :func:`resolve`
turns a name (or a :class:`Rule`) and a ``touch`` option into the rule a
solver follows. ``touch=None`` means the documented default of the caller:
the convention (no touching) for uniqueness, counting, listing, checking and
generating; touching allowed for a plain one-solution solve.

Examples
--------
>>> from tremaux.numberlink import RULES, resolve
>>> RULES.get("paper").name
'fill'
>>> resolve("nikoli", touch=False)
Rule(name='nikoli', cover=False, touch=False)
>>> resolve("fill", touch=None, default_touch=True).touch
True
>>> resolve("loose")
Traceback (most recent call last):
...
tremaux.errors.UnknownNameError: unknown numberlink rule 'loose'; choose one of: fill, nikoli
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..errors import PuzzleError
from ..registry import Registry

__all__ = ["Rule", "RULES", "resolve", "check_rule", "NO_TOUCH", "fill_rule", "nikoli_rule"]

NO_TOUCH = ("a line never runs beside itself: two cells of one line are side by side only where the line goes "
            "from one to the other")
"""The no-touch convention, in words."""


@dataclass(frozen=True)
class Rule:
    """A Number Link rule: what a solution must satisfy besides joining each pair by one line.

    Parameters
    ----------
    name : str
        The registered name (``"fill"`` or ``"nikoli"``).
    cover : bool
        Every cell lies on a line.
    touch : bool
        A line may run beside itself (``False``: the no-touch convention).

    Examples
    --------
    >>> from tremaux.numberlink import Rule
    >>> r = Rule("fill", cover=True)
    >>> r, r.with_touch(False).constraints
    (Rule(name='fill', cover=True, touch=True), ('every cell is covered by a line', 'a line never runs beside itself: two cells of one line are side by side only where the line goes from one to the other'))
    """

    name: str
    """The registered name."""
    cover: bool
    """Whether every cell must lie on a line."""
    touch: bool = True
    """Whether a line may run beside itself."""

    @property
    def doc(self) -> str:
        """One line of documentation."""
        return "; ".join(self.constraints)

    @property
    def constraints(self) -> tuple[str, ...]:
        """The constraints the rule brings, one line each."""
        out = ["every cell is covered by a line" if self.cover else "cells may stay empty"]
        if not self.touch:
            out.append(NO_TOUCH)
        return tuple(out)

    @property
    def label(self) -> str:
        """The name with the convention: ``"fill"``, ``"nikoli, no touching"``."""
        return self.name if self.touch else f"{self.name}, no touching"

    def with_touch(self, touch: bool) -> Rule:
        """This rule with ``touch`` set.

        Parameters
        ----------
        touch : bool
            Whether a line may run beside itself.

        Returns
        -------
        Rule
            A copy of the rule.

        Examples
        --------
        >>> from tremaux.numberlink import resolve
        >>> resolve("fill").with_touch(False)
        Rule(name='fill', cover=True, touch=False)
        """
        return replace(self, touch=bool(touch))

    def __repr__(self) -> str:
        return f"Rule(name={self.name!r}, cover={self.cover}, touch={self.touch})"


RULES = Registry("numberlink rule")
"""The rules by name; each entry's ``func`` returns its :class:`Rule` (touching allowed)."""

_FILL = Rule("fill", cover=True)
_NIKOLI = Rule("nikoli", cover=False)


def fill_rule() -> Rule:
    """The rule registered as ``fill``: every cell is covered by a line (the paper's rule).

    Returns
    -------
    Rule
        ``fill``, touching allowed.

    Examples
    --------
    >>> from tremaux.numberlink.rules import RULES, fill_rule
    >>> fill_rule(), RULES.get("paper").func is fill_rule
    (Rule(name='fill', cover=True, touch=True), True)
    """
    return _FILL


def nikoli_rule() -> Rule:
    """The rule registered as ``nikoli``: cells may stay empty (magazine and contest rule).

    Returns
    -------
    Rule
        ``nikoli``, touching allowed.

    Examples
    --------
    >>> from tremaux.numberlink.rules import RULES, nikoli_rule
    >>> nikoli_rule(), RULES.get("contest").func is nikoli_rule
    (Rule(name='nikoli', cover=False, touch=True), True)
    """
    return _NIKOLI


RULES.add("fill", fill_rule, aliases=("paper", "all", "full"),
          doc="every cell is covered by a line (the paper's rule)", rule=_FILL)
RULES.add("nikoli", nikoli_rule, aliases=("magazine", "empty", "contest"),
          doc="cells may stay empty (magazine and contest rule)", rule=_NIKOLI)


def resolve(rule: str | Rule = "fill", touch: bool | None = None, *, default_touch: bool = False) -> Rule:
    """The :class:`Rule` named ``rule`` (or ``rule`` itself), with ``touch`` applied.

    Parameters
    ----------
    rule : str or Rule
        A name or alias in :data:`RULES`, or a :class:`Rule`.
    touch : bool, optional
        Whether a line may run beside itself; ``None`` keeps a given
        :class:`Rule`'s own setting, or takes ``default_touch`` for a name.
    default_touch : bool
        The caller's default when ``touch`` is ``None`` and ``rule`` is a name.

    Returns
    -------
    Rule

    Raises
    ------
    UnknownNameError
        An unknown rule name (the message lists the valid ones).
    PuzzleError
        ``rule`` is neither a name nor a :class:`Rule`.

    Examples
    --------
    >>> from tremaux.numberlink import Rule, resolve
    >>> resolve("contest", touch=True)
    Rule(name='nikoli', cover=False, touch=True)
    >>> resolve(Rule("fill", cover=True, touch=False)).touch
    False
    """
    if isinstance(rule, Rule):
        return rule if touch is None else rule.with_touch(touch)
    if not isinstance(rule, str):
        raise PuzzleError(f"a rule is a name ({', '.join(RULES.names())}) or a Rule, not {type(rule).__name__}")
    base: Rule = RULES.get(rule).rule
    return base.with_touch(default_touch if touch is None else touch)


def check_rule(rule: str | Rule) -> str:
    """The canonical name of ``rule`` (``"fill"`` or ``"nikoli"``).

    Parameters
    ----------
    rule : str or Rule
        A rule's name or alias, or a rule.

    Returns
    -------
    str
        ``"fill"`` or ``"nikoli"``.

    Examples
    --------
    >>> from tremaux.numberlink import check_rule
    >>> check_rule("Nikoli"), check_rule("paper")
    ('nikoli', 'fill')
    """
    return resolve(rule).name
