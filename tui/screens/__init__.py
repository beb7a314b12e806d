"""The app's screens, one module each with its stylesheet beside it."""

from textual.screen import Screen


def popped(screen: Screen) -> bool:
    """A screen popped before it finished mounting (a player who leaves the moment a table
    opens) still gets its Mount event, with its children already pruned: its set-up must be
    skipped, not crash the app on a missing widget. So does a screen still mounting when the
    app closes (a quit, a test's end, an SSH player dropping as a table opens): Textual prunes
    every screen on the stack then, and empties the stack only once they are gone, so such a
    screen is still on it; the app no longer runs by then."""
    app = screen.app
    return not app.is_running or screen not in app.screen_stack
