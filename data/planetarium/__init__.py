"""Planetarium data: board graph, planets, evolution track, cards, matter mix (see the spec §12)."""
