"""The games, one module each; each defines its ``Match`` subclass and its ``INFO``."""
from . import ninety_eight

ALL = [ninety_eight.INFO]
