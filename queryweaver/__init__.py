"""QueryWeaver: questions across your mail, calendar and files, answered through a typed query graph."""

__version__ = "0.1.0"
