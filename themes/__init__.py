"""Themes and card styles: the shipped themes as TOML beside this module, user themes, and
the app's own CSS variables (felt, cards, suits). Data and model only, no widgets.

- `themes.loader`: `load_themes()` (shipped + user files, bad files reported, never raised)
- `themes.schema`: every key a theme file may hold, and its checks
- `themes.variables`: the app variables and `app_variables(theme)` defaults for any theme
- `themes.card_styles`: `CARD_STYLES` and `card_face(card, style)`
- `themes.no_color`: `colour_disabled()` and `theme_for_environment()`
"""

DEFAULT_THEME = "casino"
