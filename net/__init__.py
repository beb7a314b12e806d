"""Hosting and joining tables: protocol, server, client and discovery. No game rules here."""
