"""The rules reading: a grammar parser for the phrasings it knows, and rewrites that bring other phrasings to them.

- ``parser``: the deterministic grammar parser, from a grounded question to a query graph;
- ``rewrites``: the rewrite rules, each with an example question beside it that it rewrites;
- ``prefilter``: patterns compiled only for questions holding a word they need, and the generator of
  ``_prefilter_table`` (``python -m queryweaver.reader.rules.prefilter``).
"""
