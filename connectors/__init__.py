"""Built-in data-source connectors; each registers through the same hook as outside plugins."""
