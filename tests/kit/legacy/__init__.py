"""The hand-written serializers and copies as they were before the kit's plumbing
(rules/kit/plumbing.py) took them over, kept word for word: the compatibility tests compare the
generic JSON with theirs (games stored in players' databases must keep loading), and
bench/bench_clone.py times the generic copy against theirs."""
