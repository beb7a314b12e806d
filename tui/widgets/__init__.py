"""Widgets of the card table."""
