"""The games, one module each; each defines its ``Match`` subclass and its ``INFO``."""
from . import ninety_eight
from . import ninety_nine
from . import crazy_eights

ALL = [ninety_eight.INFO, ninety_nine.INFO, crazy_eights.INFO]
