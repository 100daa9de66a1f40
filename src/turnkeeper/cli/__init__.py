"""The ``turnkeeper`` command line (the app itself is built in :mod:`turnkeeper.cli.app`)."""
