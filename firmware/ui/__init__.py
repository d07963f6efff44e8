"""The user interface: screens over logical keys, text in two languages, glyphs."""
