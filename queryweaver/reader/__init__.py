"""The question reader: from a question in anyone's words to a query graph.

- ``understand``: the entry point (``understand(question, config, lexicon)``): grounds the question, asks the
  learned reader and the rules, ranks their readings and says how sure it is;
- ``grounding``: the lexicon of the user's data and the mentions a question makes of it;
- ``view``: the question's tokens and the values it states (people, dates, places, titles, files, sites ...);
- ``linear``: the small linear classifiers the learned parts are made of, and their file;
- ``learned``: the learned reading -- the question's shape, whether it counts, which values it asks about and
  the role of each person -- trained on the labelled question bank (``training``);
- ``fill``: a shape (``shapes``) filled with the question's values;
- ``mention_graph``: the last resort, a graph from the mentions and cue words alone;
- ``rules``: the grammar parser and the rewrites that bring other phrasings to it.
"""
