"""The question reader: from a question in anyone's words to a query graph.

- ``view``: the question's tokens and the values it states (people, dates, places, titles, files, sites ...);
- ``linear``: the small linear classifiers the learned parts are made of, and their file;
- ``learned``: the learned reading -- the question's shape, whether it counts, which values it asks about and
  the role of each person -- trained on the labelled question bank (``training``);
- ``fill``: a shape filled with the question's values.
"""
