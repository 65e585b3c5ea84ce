"""The plumbing every dataclass game state needs, driven by its fields' type hints: a JSON
round trip (:func:`to_json` / :func:`from_json`) and a fast deep copy (:func:`clone`).

The type hints of a class are resolved once (``typing.get_type_hints``) and turned into one
encoder / decoder per hint and one generated copy function per dataclass, all cached.

Understood hints:

* ``str``, ``int``, ``float``, ``bool``, ``None``, ``Literal[...]`` and unions of them: kept as
  they are (shared by a copy);
* ``list[T]``, ``tuple[T, ...]``, ``tuple[A, B]`` (JSON lists; a copy copies a list, shares a
  tuple of immutables), ``dict[K, V]`` with ``str`` or ``int`` keys (JSON keys are strings: an
  ``int`` key comes back as an ``int``), ``T | None``, and a union of primitives with one
  type written as a JSON object or list (a message, a dataclass, a list, tuple or dict), e.g.
  ``Msg | str``: a primitive is kept as it is, the other is coded as its type;
* dataclasses: a JSON object of their fields in field order; a key missing from the JSON takes
  the field's default (states stored before the field existed keep loading), an unknown key is
  an error.  A copy rebuilds a mutable dataclass and shares a frozen one;
* :class:`~rules.messages.Msg`, ``Join``, ``Localized``: their JSON form from
  :mod:`rules.messages`; immutable;
* any class with ``to_json`` and a ``from_json`` classmethod (the kit's ``Streams``, ``Deck``,
  ``Hands``, ``Sealed[T]``, :class:`rules.rng.Rng`): those; a copy calls its ``copy()``;
* ``Any`` / ``object``: plain JSON data the game keeps as such (messages as JSON, lobby
  options): written with tuples as lists, read back as is, shared by a copy (the game never
  changes such a value in place, it replaces it);
* TypedDicts (a game whose state is a JSON dict, Gaia): a JSON object of the keys the dict
  holds, in the dict's own order (so a stored dict is written back byte for byte); a key the
  TypedDict does not describe is an error, an absent one stays absent.  A copy is the dict's
  ``copy()`` with each mutable value rebuilt.  A TypedDict is a ``dict`` at run time: name it
  (``clone(value, GaiaState)``, ``to_json(value, GaiaState)``).

Any other hint is a :class:`TypeError` the first time a class using it is written, read or
copied: nothing falls back silently.

A game whose stored JSON has a quirk the generic form cannot give declares it on its own
:class:`Plumbing`: ``fields={(Class, "name"): FieldHook(to_json, from_json)}`` for one field's
JSON form, ``positional={Class}`` for a dataclass written as the list of its field values, and
``copies={(Class, "name"): function}`` for a field a copy computes from the original's value
(e.g. news that a copy starts empty), ``hints={(Class, "name"): hint}`` for a field whose
values are wider than its declared type (Gaia's ``players`` holds None before the factions are
chosen; a ``list[Any]`` the rules change in place), and ``shared={(Class, "name")}`` for a field
the rules never change in place (they replace it whole), which a copy shares.
"""
from __future__ import annotations

import contextlib
import dataclasses
import itertools
import threading
import types
import typing
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Callable, Iterable, Iterator, Literal, Mapping, TypeVar, Union, get_args, get_origin

from rules.messages import Join, Localized, Msg
from rules.messages import from_json as msg_from_json
from rules.messages import to_json as msg_to_json

T = TypeVar("T")
Coder = Callable[[Any], Any]

_PRIMITIVES: tuple[type, ...] = (str, int, float, bool, type(None))
_MESSAGES: tuple[type, ...] = (Msg, Join, Localized)


@dataclass(frozen=True)
class FieldHook:
    """One field's own JSON form (a quirk of stored games): the field's value -> JSON, and back."""

    to_json: Coder
    from_json: Coder


@lru_cache(maxsize=None)
def type_hints(cls: type) -> dict[str, Any]:
    """The resolved type hints of a class (once per class)."""
    return typing.get_type_hints(cls)


def _is_kit_object(cls: type) -> bool:
    return callable(getattr(cls, "to_json", None)) and callable(getattr(cls, "from_json", None))


_SCALARS = frozenset(_PRIMITIVES)


def _plain(value: Any) -> Any:
    """``Any`` data as JSON: tuples become lists, at any depth (a scalar item is taken as it
    is without a call: Gaia's map is 190 rows of five)."""
    if type(value) in _SCALARS:
        return value
    if isinstance(value, dict):
        return {key: item if type(item) in _SCALARS else _plain(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [item if type(item) in _SCALARS else _plain(item) for item in value]
    return value


def _optional(code: Coder) -> Coder:
    return lambda value: None if value is None else code(value)


def _is_primitive(hint: Any) -> bool:
    return hint in _PRIMITIVES or get_origin(hint) is Literal


def _unless_primitive(code: Coder) -> Coder:
    """A coder for a union of primitives and one structured type: a primitive as it is."""
    return lambda value: value if isinstance(value, _PRIMITIVES) else code(value)


def _each(code: Coder, container: Callable[[Iterable[Any]], Any]) -> Coder:
    if container is list:
        return lambda value: [code(entry) for entry in value]
    return lambda value: container(code(entry) for entry in value)


def _items(key_code: Coder | None, code: Coder | None) -> Coder:
    """A dict's coder: ``key_code`` for its keys (``str`` / ``int``: JSON keys are strings),
    ``code`` for its values (None: as they are)."""
    if key_code is None and code is not None:
        return lambda value: {key: code(entry) for key, entry in value.items()}
    if key_code is not None and code is None:
        return lambda value: {key_code(key): entry for key, entry in value.items()}
    if key_code is not None and code is not None:
        return lambda value: {key_code(key): code(entry) for key, entry in value.items()}
    return dict


def _unsupported(hint: Any, where: str) -> TypeError:
    return TypeError(f"rules.kit.plumbing: no JSON form or copy for the type hint {hint!r} ({where})")


class Plumbing:
    """JSON round trip and deep copy for dataclass states, with a game's declared quirks."""

    def __init__(self, *, fields: Mapping[tuple[type, str], FieldHook] | None = None,
                 positional: Iterable[type] = (),
                 copies: Mapping[tuple[type, str], Coder] | None = None,
                 hints: Mapping[tuple[type, str], Any] | None = None,
                 shared: Iterable[tuple[type, str]] = ()) -> None:
        self._field_hooks = dict(fields or {})
        self._positional = frozenset(positional)
        self._copy_hooks = dict(copies or {})
        self._hint_overrides = dict(hints or {})
        self._shared = frozenset(shared)
        self._plain_copies: set[type] = set()   # TypedDicts whose copy is dict.copy() (inlined)
        self._encoders: dict[Any, Coder | None] = {}
        self._decoders: dict[Any, Coder | None] = {}
        self._cloners: dict[type, Coder] = {}
        # Coders are built under a lock and published complete: a class that contains itself
        # refers to itself through a placeholder kept here, seen only by the building thread.
        self._lock = threading.RLock()
        self._building: dict[tuple[str, Any], Coder] = {}
        self._names = itertools.count()

    # ----- public API ---------------------------------------------------------------------------
    def to_json(self, value: Any, hint: Any = None) -> Any:
        """``value`` (a dataclass, usually a game state or a view; a TypedDict named by
        ``hint``) as plain JSON data."""
        encode = self._encoder(type(value) if hint is None else hint, "to_json")
        return value if encode is None else encode(value)

    def from_json(self, cls: type[T], data: Any) -> T:
        """The ``cls`` that :meth:`to_json` wrote as ``data``."""
        decode = self._decoder(cls, "from_json")
        result: T = data if decode is None else decode(data)
        return result

    def clone(self, value: T, hint: Any = None) -> T:
        """A deep copy of a dataclass ``value`` (or a TypedDict named by ``hint``): every list,
        dict and mutable dataclass rebuilt, immutable parts (strings, numbers, tuples of them,
        messages, frozen dataclasses) and declared shared fields shared."""
        cls = type(value) if hint is None else hint
        cloner = self._cloners.get(cls) or self._cloner_of(cls)
        result: T = cloner(value)
        return result

    def _hints(self, cls: type) -> dict[str, Any]:
        """The type hints of ``cls`` with the game's declared overrides (``hints=``)."""
        hints = dict(type_hints(cls))
        for (owner, name), hint in self._hint_overrides.items():
            if owner is cls:
                if name not in hints:
                    raise TypeError(f"rules.kit.plumbing: {cls.__name__} has no field {name!r} to override")
                hints[name] = hint
        return hints

    # ----- JSON ----------------------------------------------------------------------------------
    def _encoder(self, hint: Any, where: str) -> Coder | None:
        return self._coder("to_json", self._encoders, self._build_encoder, hint, where)

    def _decoder(self, hint: Any, where: str) -> Coder | None:
        return self._coder("from_json", self._decoders, self._build_decoder, hint, where)

    def _coder(self, kind: str, table: dict[Any, Coder | None],
               build: Callable[[Any, str], Coder | None], hint: Any, where: str) -> Coder | None:
        """The cached coder of ``hint`` in ``table``, built once under the lock (a hint met again
        while its own coder is being built gets the one under construction)."""
        try:
            return table[hint]
        except KeyError:
            pass
        with self._lock:
            if hint in table:
                return table[hint]
            if (kind, hint) in self._building:
                return self._building[kind, hint]
            with self._atomic():
                coder = build(hint, where)
            table[hint] = coder
            return coder

    def _build_encoder(self, hint: Any, where: str) -> Coder | None:     # None: the value is its JSON
        origin, args = get_origin(hint), get_args(hint)
        if hint in (Any, object):
            return _plain
        if hint in _PRIMITIVES or origin is Literal:
            return None
        if origin in (Union, types.UnionType):
            options = [arg for arg in args if arg is not type(None)]
            if len(options) != 1:
                if all(_is_primitive(arg) for arg in options):
                    return None
                encode = self._encoder(self._structured_option(hint, options, where), where)
                return None if encode is None else _unless_primitive(encode)
            inner = self._encoder(options[0], where)
            return None if inner is None else _optional(inner)
        if origin is tuple and not (len(args) == 2 and args[1] is Ellipsis):
            if not args:
                raise _unsupported(hint, where)
            coders = [self._encoder(arg, where) for arg in args]
            if all(code is None for code in coders):
                return list
            return lambda value: [item if code is None else code(item) for code, item in zip(coders, value)]
        if origin in (list, tuple):
            encode = self._encoder(self._sequence_item(hint, args, where), where)
            if encode is _plain:            # a list of Any: the list is Any data itself
                return _plain
            return list if encode is None else _each(encode, list)
        if origin is dict:
            key_hint, value_hint = args
            encode = self._encoder(value_hint, where)
            if key_hint is int:
                return _items(str, encode)
            if key_hint is str:
                if encode is _plain:        # a dict of Any: the dict is Any data itself
                    return _plain
                return dict if encode is None else _items(None, encode)
            raise _unsupported(hint, where)
        if typing.is_typeddict(hint):
            return self._typeddict_coder("to_json", hint, self._encoder)
        cls = origin if isinstance(origin, type) else hint
        if isinstance(cls, type):
            if issubclass(cls, _MESSAGES):
                return msg_to_json
            if _is_kit_object(cls):
                return lambda value: value.to_json()
            if dataclasses.is_dataclass(cls):
                return self._dataclass_encoder(cls)
        raise _unsupported(hint, where)

    def _structured_option(self, hint: Any, options: list[Any], where: str) -> Any:
        """The one option of a union of primitives that is not one.  It must be written as a
        JSON object or list (a message, a dataclass, a list, tuple or dict), so that a JSON
        primitive read back is a primitive option and anything else is this one."""
        structured = [arg for arg in options if not _is_primitive(arg)]
        if len(structured) != 1:
            raise _unsupported(hint, where)
        option = structured[0]
        origin = get_origin(option)
        cls = origin if isinstance(origin, type) else option
        if origin in (list, tuple, dict) or (isinstance(cls, type) and (
                issubclass(cls, _MESSAGES) or (dataclasses.is_dataclass(cls) and not _is_kit_object(cls)))):
            return option
        raise _unsupported(hint, where)

    def _sequence_item(self, hint: Any, args: tuple[Any, ...], where: str) -> Any:
        if not args:
            raise _unsupported(hint, where)
        return args[0]

    def _typeddict_coder(self, kind: str, cls: type, coder_of: Callable[[Any, str], Coder | None]) -> Coder:
        """A TypedDict's encoder or decoder (``kind``): the same keys in the same order, each
        value coded by its hint; a key the TypedDict does not describe is refused."""
        slot: list[Coder] = []
        with self._placeholder(kind, cls, lambda value: slot[0](value)):
            coders: dict[str, Coder | None] = {}
            for name, hint in self._hints(cls).items():
                hook = self._field_hooks.get((cls, name))
                coders[name] = (getattr(hook, kind) if hook
                                else coder_of(hint, f"{cls.__name__}[{name!r}]"))
            known = frozenset(coders)

            def code(value: Any) -> Any:
                if not known.issuperset(value):
                    unknown = sorted(set(value) - known)
                    raise TypeError(f"rules.kit.plumbing: {cls.__name__} has no key {unknown[0]!r}")
                return {key: item if (each := coders[key]) is None else each(item) for key, item in value.items()}
            slot.append(code)
            return code

    def _dataclass_encoder(self, cls: type) -> Coder:
        hints = self._hints(cls)
        names = [spec.name for spec in dataclasses.fields(cls)]
        slot: list[Coder] = []
        with self._placeholder("to_json", cls, lambda value: slot[0](value)):
            return self._finish_dataclass_encoder(cls, hints, names, slot)

    def _finish_dataclass_encoder(self, cls: type, hints: dict[str, Any], names: list[str],
                                  slot: list[Coder]) -> Coder:
        coders: list[tuple[str, Coder | None]] = []
        for name in names:
            hook = self._field_hooks.get((cls, name))
            coders.append((name, hook.to_json if hook else self._encoder(hints[name], f"{cls.__name__}.{name}")))
        if cls in self._positional:
            def encode(value: Any) -> Any:
                return [getattr(value, name) if code is None else code(getattr(value, name)) for name, code in coders]
        else:
            def encode(value: Any) -> Any:
                return {name: getattr(value, name) if code is None else code(getattr(value, name))
                        for name, code in coders}
        slot.append(encode)
        return encode

    def _build_decoder(self, hint: Any, where: str) -> Coder | None:     # None: the JSON is the value
        origin, args = get_origin(hint), get_args(hint)
        if hint in (Any, object) or hint in _PRIMITIVES or origin is Literal:
            return None
        if origin in (Union, types.UnionType):
            options = [arg for arg in args if arg is not type(None)]
            if len(options) != 1:
                if all(_is_primitive(arg) for arg in options):
                    return None
                decode = self._decoder(self._structured_option(hint, options, where), where)
                return None if decode is None else _unless_primitive(decode)
            inner = self._decoder(options[0], where)
            return None if inner is None else _optional(inner)
        if origin is tuple:
            if len(args) == 2 and args[1] is Ellipsis:
                decode = self._decoder(args[0], where)
                return tuple if decode is None else _each(decode, tuple)
            if not args:
                raise _unsupported(hint, where)
            coders = [self._decoder(arg, where) for arg in args]
            return lambda data: tuple(item if code is None else code(item) for code, item in zip(coders, data))
        if origin is list:
            decode = self._decoder(self._sequence_item(hint, args, where), where)
            return list if decode is None else _each(decode, list)
        if origin is dict:
            key_hint, value_hint = args
            decode = self._decoder(value_hint, where)
            if key_hint is int:
                return _items(int, decode)
            if key_hint is str:
                return dict if decode is None else _items(None, decode)
            raise _unsupported(hint, where)
        if typing.is_typeddict(hint):
            return self._typeddict_coder("from_json", hint, self._decoder)
        cls = origin if isinstance(origin, type) else hint
        if isinstance(cls, type):
            if issubclass(cls, _MESSAGES):
                return msg_from_json
            if _is_kit_object(cls):
                return typing.cast(Coder, cls.from_json)   # type: ignore[attr-defined]
            if dataclasses.is_dataclass(cls):
                return self._dataclass_decoder(cls)
        raise _unsupported(hint, where)

    def _dataclass_decoder(self, cls: type) -> Coder:
        hints = self._hints(cls)
        specs = dataclasses.fields(cls)
        if any(not spec.init for spec in specs):
            raise TypeError(f"rules.kit.plumbing: {cls.__name__} has fields outside __init__")
        slot: list[Coder] = []
        with self._placeholder("from_json", cls, lambda data: slot[0](data)):
            return self._finish_dataclass_decoder(cls, hints, specs, slot)

    def _finish_dataclass_decoder(self, cls: type, hints: dict[str, Any], specs: tuple[dataclasses.Field[Any], ...],
                                  slot: list[Coder]) -> Coder:
        coders: dict[str, Coder | None] = {}
        for spec in specs:
            hook = self._field_hooks.get((cls, spec.name))
            coders[spec.name] = (hook.from_json if hook
                                 else self._decoder(hints[spec.name], f"{cls.__name__}.{spec.name}"))
        if cls in self._positional:
            ordered = list(coders.values())

            def decode(data: Any) -> Any:
                return cls(*(item if code is None else code(item) for code, item in zip(ordered, data)))
        else:
            known = frozenset(coders)
            coded = [(key, code) for key, code in coders.items() if code is not None]

            def decode(data: Any) -> Any:
                if not known.issuperset(data):
                    unknown = sorted(set(data) - known)
                    raise TypeError(f"rules.kit.plumbing: {cls.__name__} has no field {unknown[0]!r}")
                values = dict(data)
                for key, code in coded:
                    if key in values:
                        values[key] = code(values[key])
                return cls(**values)
        slot.append(decode)
        return decode

    @contextlib.contextmanager
    def _atomic(self) -> Iterator[None]:
        """A build that fails (an unknown hint) publishes nothing: no coder built on the way
        keeps a placeholder that will never be filled."""
        if self._building:                  # inside an outer build: that one is the unit
            yield
            return
        saved = dict(self._encoders), dict(self._decoders), dict(self._cloners), set(self._plain_copies)
        try:
            yield
        except BaseException:
            self._encoders, self._decoders, self._cloners, self._plain_copies = saved
            raise

    @contextlib.contextmanager
    def _placeholder(self, kind: str, cls: type, coder: Coder) -> Iterator[None]:
        """While ``cls``'s coder of ``kind`` is being built, what its own fields refer to."""
        self._building[kind, cls] = coder
        try:
            yield
        finally:
            del self._building[kind, cls]

    # ----- copy ----------------------------------------------------------------------------------
    def _cloner_of(self, cls: type) -> Coder:
        try:
            return self._cloners[cls]
        except KeyError:
            pass
        with self._lock:
            if cls in self._cloners:
                return self._cloners[cls]
            if ("clone", cls) in self._building:
                return self._building["clone", cls]
            with self._atomic():
                cloner = self._cloner(cls)
            self._cloners[cls] = cloner
            return cloner

    def _cloner(self, cls: type) -> Coder:
        """Generate (once) the copy function of a dataclass: copy its ``__dict__`` (sharing the
        immutable fields for free), then rebuild each mutable field.  A TypedDict: the same on
        the dict itself."""
        typed_dict = typing.is_typeddict(cls)
        if not typed_dict and (not dataclasses.is_dataclass(cls) or not hasattr(cls, "__dict__")
                               or "__slots__" in vars(cls)):
            raise _unsupported(cls, "clone")
        namespace: dict[str, Any] = {"_new": object.__new__}
        name = f"_clone_{cls.__name__}_{next(self._names)}"
        with self._placeholder("clone", cls, lambda value: namespace[name](value)):
            if typed_dict:
                return self._generate_typeddict_cloner(cls, namespace, name)
            return self._generate_cloner(cls, namespace, name)

    def _field_copy(self, cls: type, field_name: str, hint: Any, namespace: dict[str, Any]) -> str | None:
        """The source copying field ``field_name`` of ``cls`` (held in ``d``), or None: shared."""
        source = f"d[{field_name!r}]"
        if (cls, field_name) in self._shared:
            return None
        hook = self._copy_hooks.get((cls, field_name))
        if hook is not None:
            hook_name = f"_h{next(self._names)}"
            namespace[hook_name] = hook
            return f"{hook_name}({source})"
        return self._copy_expr(hint, source, namespace, f"{cls.__name__}.{field_name}")

    def _generate_cloner(self, cls: type, namespace: dict[str, Any], name: str) -> Coder:
        lines = [f"def {name}(s):", "    d = s.__dict__.copy()"]
        hints = self._hints(cls)
        for spec in dataclasses.fields(cls):
            expr = self._field_copy(cls, spec.name, hints[spec.name], namespace)
            if expr is not None:
                lines.append(f"    d[{spec.name!r}] = {expr}")
        lines += [f"    o = _new(_cls_{name})", "    o.__dict__ = d", "    return o"]
        namespace[f"_cls_{name}"] = cls
        exec(compile("\n".join(lines), f"<clone {cls.__qualname__}>", "exec"), namespace)   # noqa: S102
        cloner: Coder = namespace[name]
        return cloner

    def _generate_typeddict_cloner(self, cls: type, namespace: dict[str, Any], name: str) -> Coder:
        """``d = s.copy()``, then each mutable value rebuilt (a key the TypedDict marks not
        required only when the dict holds it).  Without mutable values: ``dict.copy`` itself,
        which an enclosing copy inlines."""
        lines = [f"def {name}(s):", "    d = s.copy()"]
        required: frozenset[str] = cls.__required_keys__     # type: ignore[attr-defined]
        for key, hint in self._hints(cls).items():
            expr = self._field_copy(cls, key, hint, namespace)
            if expr is None:
                continue
            if key in required:
                lines.append(f"    d[{key!r}] = {expr}")
            else:
                lines.append(f"    if {key!r} in d: d[{key!r}] = {expr}")
        if len(lines) == 2:
            self._plain_copies.add(cls)
            return dict.copy
        lines.append("    return d")
        exec(compile("\n".join(lines), f"<clone {cls.__qualname__}>", "exec"), namespace)   # noqa: S102
        cloner: Coder = namespace[name]
        return cloner

    def _copy_expr(self, hint: Any, source: str, namespace: dict[str, Any], where: str) -> str | None:
        """Python source copying ``source`` (of type ``hint``), or None when it is shared."""
        origin, args = get_origin(hint), get_args(hint)
        if hint in (Any, object) or hint in _PRIMITIVES or origin is Literal:
            return None
        if origin in (Union, types.UnionType):
            options = [arg for arg in args if arg is not type(None)]
            exprs = [self._copy_expr(arg, "_", namespace, where) for arg in options]
            if all(expr is None for expr in exprs):
                return None
            var = f"t{next(self._names)}"
            if len(options) != 1:
                inner = self._copy_expr(self._structured_option(hint, options, where), var, namespace, where)
                namespace["_primitives"] = _PRIMITIVES
                return f"({var} if isinstance(({var} := {source}), _primitives) else {inner})"
            inner = self._copy_expr(options[0], var, namespace, where)
            return f"(None if ({var} := {source}) is None else {inner})"
        if origin is list:
            if not args:
                raise _unsupported(hint, where)
            var = f"v{next(self._names)}"
            inner = self._copy_expr(args[0], var, namespace, where)
            return f"{source}[:]" if inner is None else f"[{inner} for {var} in {source}]"
        if origin is tuple:
            if not args:
                raise _unsupported(hint, where)
            if len(args) == 2 and args[1] is Ellipsis:
                var = f"v{next(self._names)}"
                inner = self._copy_expr(args[0], var, namespace, where)
                return None if inner is None else f"tuple({inner} for {var} in {source})"
            var = f"t{next(self._names)}"
            inners = [self._copy_expr(arg, f"{var}[{index}]", namespace, where) for index, arg in enumerate(args)]
            if all(inner is None for inner in inners):
                return None
            parts = [inner or f"{var}[{index}]" for index, inner in enumerate(inners)]
            return f"(({var} := {source}), ({', '.join(parts)},))[1]"
        if origin is dict:
            if len(args) != 2 or args[0] not in (str, int):
                raise _unsupported(hint, where)
            var = f"v{next(self._names)}"
            inner = self._copy_expr(args[1], var, namespace, where)
            key = f"k{next(self._names)}"
            return f"{source}.copy()" if inner is None else f"{{{key}: {inner} for {key}, {var} in {source}.items()}}"
        cls = origin if isinstance(origin, type) else hint
        if isinstance(cls, type):
            if issubclass(cls, _MESSAGES):
                return None
            if _is_kit_object(cls):
                if not callable(getattr(cls, "copy", None)):
                    raise _unsupported(hint, where + ": a kit object without copy()")
                return f"{source}.copy()"
            if dataclasses.is_dataclass(cls):
                if cls.__dataclass_params__.frozen:    # type: ignore[attr-defined]
                    return None
                ref = f"_c{next(self._names)}"
                namespace[ref] = self._cloner_of(cls)
                return f"{ref}({source})"
            if typing.is_typeddict(cls):
                cloner = self._cloner_of(cls)
                if cls in self._plain_copies:
                    return f"{source}.copy()"
                ref = f"_c{next(self._names)}"
                namespace[ref] = cloner
                return f"{ref}({source})"
        raise _unsupported(hint, where)


PLUMBING = Plumbing()


def to_json(value: Any, hint: Any = None) -> Any:
    """``value`` as plain JSON data by its dataclass fields (see the module's docstring)."""
    return PLUMBING.to_json(value, hint)


def from_json(cls: type[T], data: Any) -> T:
    """The ``cls`` written by :func:`to_json` as ``data``."""
    return PLUMBING.from_json(cls, data)


def clone(value: T, hint: Any = None) -> T:
    """A deep copy of a dataclass (or a TypedDict named by ``hint``), built once per class from
    its type hints."""
    return PLUMBING.clone(value, hint)
