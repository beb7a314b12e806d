"""The app's screens, one module each with its stylesheet beside it."""

from textual.screen import Screen


def popped(screen: Screen) -> bool:
    """A screen popped before it finished mounting (a player who leaves the moment a table
    opens) still gets its Mount event, with its children already pruned: its set-up must be
    skipped, not crash the app on a missing widget."""
    return screen not in screen.app.screen_stack
