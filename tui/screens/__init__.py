"""The app's screens, one module each with its stylesheet beside it."""
