"""Capacity (issue 26 item 9): the host's CPU work per drawing -- the digest of a ChatPart's
inputs and the encoding of images -- made cheaper without changing what it computes."""
import enum

from renderers.common import inputs_digest
from rules.messages import Msg

from .test_render_parts import Point


class Colour(enum.Enum):
    RED = 1


class Level(enum.IntEnum):
    HIGH = 3


def test_inputs_digests_are_those_threads_already_store():
    """Issue 26 item 9: the inputs' digest is built in one piece now; its byte stream is the
    same as before, so a digest a thread stored (``shown_images``) still matches and no
    image is posted again after the change.  Expected values: the previous implementation's
    (hashing piece by piece), for every kind of value it accepts."""
    values = {
        "0dd2da3e5f0fcf76afb0e9e7c56d556d": ({"beta", "alpha", "gamma"}, {"b": 1, "a": [2, 3]},
                                             Point(1, frozenset({"x", "y", "z"})), Msg("k", n=2)),
        "d24d4f77d20d93d8b818d510ac0d9b66": ("gaia", "hu", ["Anna", "Béla"], 2,
                                             (None, True, 1.5, b"\x00\xff", "ő\"'", -7, [], (), {}, set())),
        "4969357f2bdcc17e82e40f5d4f59b516": ([Colour.RED, Level.HIGH, {Level.HIGH: (Colour.RED, None)}],
                                             frozenset({(1, 2), (2, 1)}), Msg("x", names=("a", Msg("y")))),
    }
    for expected, value in values.items():
        assert inputs_digest(value) == expected


def test_an_int_enum_is_digested_as_its_scalar_and_a_plain_enum_by_name():
    """The exact scalar types take the fast path; their subclasses keep the former encoding
    (an IntEnum as its repr, an Enum by class and name), so none of them collide."""
    assert inputs_digest(Level.HIGH) != inputs_digest(3)
    assert inputs_digest(Colour.RED) != inputs_digest(1)
    assert inputs_digest((Level.HIGH,)) == inputs_digest((Level.HIGH,))
