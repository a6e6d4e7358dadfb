"""Prints a `piecewise split -o` module without what makes it runnable as a file.

    strip_runnable.py < SPLIT.py

Drops the prelude (the imports and names before the first `class` line) and the top
class's trailing `__init__` (which instantiates the nested piece classes). What remains
is the code form that `piecewise print SPLIT.py` must print exactly.
"""
import sys

text = sys.stdin.read()
start = text.find("\nclass ")
if not text.startswith("class ") and start >= 0:
    text = text[start + 1:]
init = text.rfind("\n    def __init__(self):\n")
if init >= 0:
    text = text[:init]
sys.stdout.write(text)
