"""The Textual front end and the command line."""
