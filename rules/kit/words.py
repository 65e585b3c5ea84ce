"""One translator for the words players type (issue 27 #5): each game's Hungarian (and
English alias) words as data, one function that turns a typed line into the notation.

What the games' readers had in common, written once here:

* **Folding.**  Every game compares words folded (:func:`rules.messages.fold_word`: lower case
  without accents), so ``BÁNYA``, ``bánya`` and ``banya`` are one word.
* **Word tables.**  A mapping of folded words to canonical tokens: Gaia's verbs
  (``épít`` -> ``build``) and nouns (``bánya`` -> ``m``), EVE's verbs and words, Planetarium's
  verbs and decks, Pulsar's verbs / sub-verbs / sizes / option keys, Space Corp's verbs, option
  keys, bases, Colony Point sources.  The notation's own words are entries too (``build`` ->
  ``build``, ``PI`` whatever its case), so one lookup reads both languages.  A table is a
  :class:`WordTable`: a read-only ``Mapping[str, str]`` of folded keys, so ``in``, ``get`` and
  ``items`` work as on the dicts it replaces.
* **Per position / per verb.**  The first word is a verb (Gaia: the first of every ``.``-separated
  sub-command); the words after it are read with the game's tables, some only after a given verb
  (Planetarium's deck after ``draw``, Space Corp's entry letters per action, Pulsar's shapes).
  :func:`translate` takes the verb table and a function ``(verb, words, index) -> word`` for
  the rest, or one table for every argument.
* **Phrases.**  Hungarian terms of two words (``dobd el``, ``kereskedelmi állomás``) are table
  entries with a space; :meth:`WordTable.phrase` finds the longest at a position.
* **Prefixes.**  Autocomplete reads what is still being typed: a verb begun (``kut``) becomes the
  one verb it can only be (:meth:`WordTable.complete`), and :meth:`WordTable.aliases` lists the
  non-notation words a host completes a last word to (``Game.word_aliases``).
* **Codes with patterns.**  Some words are codes, not words: Gaia's amounts (``4energia,1KTK`` ->
  ``4pw,1q``), Space Corp's cards (``Ű02#1`` -> ``M02#1``), Pulsar's dice (``e3`` -> ``s3``).
  A :class:`CodeTable` is a pattern whose groups are translated by tables.

Who reads with it: Gaia (``notation``: verbs, nouns, phrases, amounts; ``canonical_prefix``), EVE
(``common`` tables, ``reading.canonical_prefix``), Planetarium (``moves``: verbs with two-word
phrases, decks, ``canonical_words``, ``canonical_prefix``), Pulsar (``notation``: the verb with its
sub-verb as one phrase, ``erőmű elvesz`` -> ``gyro take``; sizes, tokens, options, flags and
colours as WordTables, dice ``e3`` / ``p`` and tracks ``K1`` as CodeTables, ``SHAPES`` an argument
reader counting the non-option words before its index; ``to_canonical`` and ``to_hungarian``),
Space Corp (``moves``: ``HUNGARIAN_VERBS`` / ``KEYS`` / ``BASES`` / ``CP`` / ``WORDS`` WordTables,
cards ``Ű02#1``, Time cards, colonies, tiles and teams ``K1`` CodeTables; ``canonical_prefix``
a ``translate`` with its bracket-aware splitter keeping tabs and new lines, ``split_keeps_spaces``).

Where the tables live: as module-level data in each game's package (``rules/<game>/notation.py``
and the like), next to the parser that reads the notation; they are built from the game's
tables (boosters, factions, cards), so JSON would only repeat what Python computes, and the
words are reviewed with the parser that reads them.
"""
from __future__ import annotations

import re
from typing import Callable, Iterable, Iterator, Mapping, Sequence, TypeVar, overload

from rules.messages import fold_word

fold = fold_word
T = TypeVar("T")

#: How the words after a verb are read: ``(verb, the words after it, the index of the one to
#: read) -> that word in the notation``.  Seeing them all lets a game read by position (the
#: deck after ``draw``), by count (``mv none`` alone) or skip options (``key=value``) when it
#: counts places, as Pulsar's shapes do.
ArgumentWords = Callable[[str, Sequence[str], int], str]


class WordTable(Mapping[str, str]):
    """Folded words (one or more, separated by single spaces) -> canonical tokens.

    Built from ``entries`` (word -> token; later entries win), ``groups`` (token -> its words)
    and ``canonical`` (tokens that stand for themselves, whatever their case or accents).
    Keys are folded when the table is built; look typed words up with :meth:`lookup`."""

    __slots__ = ("_words", "_longest")

    def __init__(self, entries: Mapping[str, str] | None = None, *, canonical: Iterable[str] = (),
                 groups: Mapping[str, Iterable[str]] | None = None) -> None:
        words: dict[str, str] = {fold(token): token for token in canonical}
        for token, aliases in (groups or {}).items():
            for alias in aliases:
                words[fold(alias)] = token
        for alias, token in (entries or {}).items():
            words[fold(alias)] = token
        self._words = words
        self._longest = max((key.count(" ") + 1 for key in words), default=1)

    # ----- Mapping ------------------------------------------------------------------------------
    def __getitem__(self, key: str) -> str:
        return self._words[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._words)

    def __len__(self) -> int:
        return len(self._words)

    def __contains__(self, key: object) -> bool:      # the dict's own, not Mapping's try/except
        return key in self._words

    @overload
    def get(self, key: str, /) -> str | None: ...

    @overload
    def get(self, key: str, default: str, /) -> str: ...

    @overload
    def get(self, key: str, default: T, /) -> str | T: ...

    def get(self, key: str, default: object = None, /) -> object:
        """The dict's own ``get`` (Mapping's goes through a KeyError for a word not known)."""
        return self._words.get(key, default)

    def __repr__(self) -> str:
        return f"WordTable({self._words!r})"

    def __or__(self, other: Mapping[str, str]) -> "WordTable":
        """Both tables; ``other`` wins where both know a word."""
        return WordTable({**self._words, **other})

    # ----- reading ------------------------------------------------------------------------------
    def lookup(self, word: str) -> str | None:
        """The token of a typed word (folded first), or None."""
        return self._words.get(fold(word))

    def translate(self, word: str) -> str:
        """The token of a typed word, or the word as typed."""
        return self._words.get(fold(word), word)

    def phrase(self, words: list[str], start: int = 0) -> tuple[str, int] | None:
        """The longest entry made of ``words[start:]``'s first words: (token, words used)."""
        if self._longest == 1:                      # most tables: single words only
            token = self._words.get(fold(words[start])) if start < len(words) else None
            return None if token is None else (token, 1)
        for size in range(min(self._longest, len(words) - start), 0, -1):
            token = self._words.get(" ".join(fold(word) for word in words[start:start + size]))
            if token is not None:
                return token, size
        return None

    def completions(self, partial: str) -> set[str]:
        """Every token one of whose words starts with ``partial`` (folded)."""
        begun = fold(partial)
        return {token for alias, token in self._words.items() if alias.startswith(begun)}

    def complete(self, partial: str) -> str | None:
        """The one token ``partial`` can only be the start of (``kut`` -> ``up``), else None."""
        found = self.completions(partial)
        return found.pop() if len(found) == 1 else None

    def aliases(self) -> dict[str, str]:
        """The single words that are not the notation's own (``{"tamad": "attack"}``), for a
        host completing a word still being typed (``Game.word_aliases``)."""
        return {alias: token for alias, token in self._words.items()
                if " " not in alias and alias != fold(token)}


class CodeTable:
    """Codes read by a pattern: ``pattern`` fullmatches a folded part (``separator`` splits a
    list: ``4energia,1KTK``), and each group named in ``groups`` is replaced by its table's
    token; groups not named are kept, groups that did not take part are left out.  A part that
    does not match, or a named group its table does not know, makes the whole code unknown."""

    def __init__(self, pattern: str, groups: Mapping[int, Mapping[str, str]], separator: str = ",") -> None:
        self.pattern = re.compile(pattern)
        self.groups = dict(groups)
        self.separator = separator

    def lookup(self, code: str) -> str | None:
        parts = []
        for part in fold(code).split(self.separator) if self.separator else [fold(code)]:
            match = self.pattern.fullmatch(part)
            if not match:
                return None
            out = []
            for index in range(1, (self.pattern.groups or 0) + 1):
                value = match.group(index)
                if value is None:
                    continue
                table = self.groups.get(index)
                if table is not None:
                    if value not in table:
                        return None
                    value = table[value]
                out.append(value)
            parts.append("".join(out))
        return self.separator.join(parts)

    def translate(self, code: str) -> str:
        found = self.lookup(code)
        return code if found is None else found


def table_words(table: Mapping[str, str]) -> ArgumentWords:
    """Arguments read with one table whatever the verb (a word it does not know stays as typed)."""
    get = table._words.get if isinstance(table, WordTable) else table.get

    def argument(_verb: str, words: Sequence[str], index: int) -> str:
        word = words[index]
        return get(fold(word), word) or word
    return argument


def translate(typed: str, verbs: WordTable, argument: ArgumentWords | Mapping[str, str] | None = None, *,
              keep_spacing: bool = False, complete_verb: bool = False, sentence_end: str = "",
              unknown_verb: Callable[[str], str] | None = None,
              split: Callable[[str], list[str]] | None = None, split_keeps_spaces: bool = False) -> str:
    """What a player typed, the game's words turned into the notation's.

    The first word (or phrase of ``verbs``) is the verb; the words after it are read by
    ``argument`` (a function of the verb, or one table for all).  ``keep_spacing`` keeps every
    space as typed (a word may be empty); otherwise words are joined by one space and a trailing
    space is kept.  ``complete_verb``: a last, unfinished verb word becomes the one verb it can
    only begin.  ``sentence_end`` (Gaia's ``.``): a word ending with it ends a sub-command, so the
    next word is a verb again.  ``unknown_verb`` writes a finished verb the table does not know
    (default: as typed); an unfinished one no verb begins stays as typed.  ``split`` cuts the
    line into words where white space alone does not (Space Corp keeps ``cp=build[...]`` whole).
    ``split_keeps_spaces``: ``split`` returns the runs of white space between words as items too
    (a tab or a new line among them); they are kept as typed, the first word is the verb whatever
    comes before it, and the line is the items put back together (one command, no ``sentence_end``)."""
    read = argument if callable(argument) else table_words(argument or {})
    if split and split_keeps_spaces:
        return _spaced(split(typed), verbs, read, complete_verb, unknown_verb)
    words = split(typed) if split else typed.split(" ") if keep_spacing else typed.split()
    if not words:
        return typed
    finished = typed.endswith(" ")
    if not sentence_end:                            # one command: no search for its end
        return (" ".join(_sentence(words, verbs, read, not finished, complete_verb, unknown_verb))
                + (" " if finished and not keep_spacing else ""))
    out: list[str] = []
    index = 0
    while index < len(words):
        # one sub-command: its verb (one word or a phrase), then its words up to the sentence's end
        end = index
        while end < len(words) - 1 and not words[end].endswith(sentence_end):
            end += 1
        sentence = words[index:end + 1]
        dot = sentence_end if sentence[-1].endswith(sentence_end) else ""
        if dot:
            sentence[-1] = sentence[-1][:-len(dot)]
        last_open = end == len(words) - 1 and not finished
        out += _sentence(sentence, verbs, read, last_open, complete_verb, unknown_verb)
        if dot:
            out[-1] += dot
        index = end + 1
    return " ".join(out) + (" " if finished and not keep_spacing else "")


def _spaced(items: list[str], verbs: WordTable, argument: ArgumentWords, complete_verb: bool,
            unknown_verb: Callable[[str], str] | None) -> str:
    """One command whose white space runs are items of their own: the words read, the spaces kept
    (those inside a verb phrase become part of it)."""
    words = [item for item in items if item.strip()]
    if not words:
        return "".join(items)
    out = _sentence(words, verbs, argument, bool(items[-1].strip()), complete_verb, unknown_verb)
    used = len(words) - len(out) + 1                # the words the verb (a phrase) took
    rest = iter(out[1:])
    pieces: list[str] = []
    seen = 0
    for item in items:
        if item.strip():
            seen += 1
            if seen == 1:
                pieces.append(out[0])
            elif seen > used:
                pieces.append(next(rest))
        elif not 1 <= seen < used:
            pieces.append(item)
    return "".join(pieces)


def _sentence(words: list[str], verbs: WordTable, argument: ArgumentWords, last_open: bool,
              complete_verb: bool, unknown_verb: Callable[[str], str] | None) -> list[str]:
    found = verbs.phrase(words) if words[0] else None
    if found is not None:
        verb, used = found
    else:
        used = 1
        if last_open and len(words) == 1:           # the verb is still being typed
            completed = verbs.complete(words[0]) if complete_verb and words[0] else None
            verb = completed or words[0]
        else:
            verb = unknown_verb(words[0]) if unknown_verb else words[0]
    rest = words[used:]
    return [verb] + [argument(verb, rest, position) if word else word for position, word in enumerate(rest)]
