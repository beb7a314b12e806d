"""The shipped themes, as data files beside this module."""
